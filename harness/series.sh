#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kprobetrace as a patch series against the stock 6.12 tree, and the check
# that it is one:
#   series.sh         write build/series/out/: a cover letter and one patch
#                     per line of series/list (make series)
#   series.sh -c      check that series (make check): it applies with git am
#                     to the stock tree (a branch at the stock commit of a
#                     git repository made from the tarball); every
#                     patch is checkpatch --strict clean (the findings of
#                     harness/checkpatch.allow aside); the tree at the end
#                     is the ours tree, which make check builds
#   series.sh -c -f   the same, and every patch builds, applied in order:
#                     all of kernel/trace/ and the objects of the C files it
#                     changes, under the test config and under Debian's
#                     amd64 config (make series-check)
# The stock tree is Debian's linux-source-6.12 as the tarball has it
# (patches/series is not applied: the series carries what it needs of it).
# Prints "N passed, N failed" (one test per check and per patch built).
set -uo pipefail
. "$(dirname "$0")/lib.sh"

check=0 full=0
while getopts "cf" o; do
	case $o in
	c) check=1 ;;
	f) full=1 ;;
	*) kpt_die "bad option" ;;
	esac
done

dir=$KPT_BUILD/series
# The stock repository: the whole tree for building each patch (-f), the
# part the series needs otherwise (base_members)
base=$dir/$([ "$full" = 1 ] && echo base || echo sparse)
out=$dir/out
passed=0 failed=0
# Commits of the series get the date of the repository's last commit, so
# that the same repository always writes the same series.
date=$(git -C "$KPT_ROOT" log -1 --format=%cI)
export GIT_AUTHOR_NAME=kprobetrace GIT_AUTHOR_EMAIL=kprobetrace@localhost
export GIT_COMMITTER_NAME=kprobetrace GIT_COMMITTER_EMAIL=kprobetrace@localhost
export GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date

ok() { echo "PASS $*"; passed=$((passed + 1)); }
bad() { echo "FAIL $*"; failed=$((failed + 1)); }

# The source the stock tree was unpacked from, as "6.12.N-M" (Debian's
# version of linux-source-6.12).
stock_version() {
	local v
	v=$(kpt_source_version)
	echo "${v:-unknown}"
}

# The part of the stock tree that writing and checking the series needs,
# as tar patterns of the tarball's members under its top folder: the
# files of every folder the series changes a file in (git am needs them
# as stock has them), the files of the top level and of each top-level
# folder (checkpatch knows a kernel tree by them; scripts/ has
# checkpatch, its word lists, get_maintainer.pl and spdxcheck.py) and
# LICENSES/ (the SPDX check).  A
# tenth of the tree's files: git keeps no index of 90,000 files for 30
# commits, an am of 30 patches and a branch switch.
base_members() {
	local d
	printf '%s\n' '*' 'LICENSES/*/*'
	{
		# the files of each top-level folder (git keeps no empty one)
		(cd "$KPT_SRC/stock" && find . -mindepth 1 -maxdepth 1 -type d ! -name '.*') |
			sed 's#^\./##'
		ours_changes | sed -n 's#/[^/]*$##p'
	} | sort -u | while read -r d; do
		[ ! -d "$KPT_SRC/stock/$d" ] || echo "$d/*"
	done
}

# Unpack into $base the stock tree (-f) or its part that the series needs.
unpack_base() {
	local top
	if [ "$full" = 1 ]; then
		tar -C "$base" --strip-components=1 -xf "$KPT_TARBALL"
		return
	fi
	top=$(basename "$KPT_TARBALL" .tar.xz)
	base_members | sed "s#^#$top/#" |
		tar -C "$base" --strip-components=1 -xf "$KPT_TARBALL" \
			--wildcards --no-wildcards-match-slash --no-recursion -T -
}

# A git repository of the pristine stock tree (or its part) at $base, its
# one commit tagged "stock"; made once per tarball and set of folders.
make_base() {
	local want have
	want=$(stat -c '%s %Y' "$KPT_TARBALL") || kpt_die "$KPT_TARBALL missing (make deps)"
	[ "$full" = 1 ] || want="$want $(base_members | sha256sum)"
	have=$(cat "$base.stamp" 2>/dev/null)
	if [ "$want" = "$have" ] && git -C "$base" rev-parse -q --verify stock >/dev/null; then
		return 0
	fi
	kpt_log "series: a git repository of the stock tree$([ "$full" = 1 ] || echo "'s part it needs") in ${base#$KPT_ROOT/}"
	rm -rf "$base" "$base.stamp" && mkdir -p "$base"
	unpack_base || return 1
	git -C "$base" init -q &&
	git -C "$base" add -A -f &&
	git -C "$base" commit -q -m "Linux $(stock_version) (Debian's linux-source-6.12)" &&
	git -C "$base" tag stock &&
	echo "$want" >"$base.stamp"
}

# The lines of series/list: comments and blank lines dropped.
series_lines() {
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$KPT_ROOT/series/list"
}

# A patch of patches/ without its note on the project's own trees (the
# paragraph that starts "Applied to the ours tree only"), for git am.
patch_for_am() { # name
	awk '/^Applied to the ours tree only/ { skip = 1 }
	     skip && /^$/ { skip = 0; next }
	     !skip' "$KPT_ROOT/patches/$1"
}

# kernel/trace/Makefile as it is after a step: the repository's, less
# the objects of the repository's files that the tree does not have yet.
# A line that loses its first object goes, with the comment above it; a
# line that loses others is written again (wrap).  With every source
# there, it is the repository's file; before the first, it is stock's.
step_makefile() { # tree
	awk -v tree="$1/kernel/trace" -v repo="$KPT_ROOT/kernel/trace" '
	function have(o, s) {
		if (o !~ /\.o$/)
			return 1
		s = substr(o, 1, length(o) - 2)
		return system("test -e " tree "/" s ".c -o ! -e " repo "/" s ".c") == 0
	}
	# A long line as the repository writes one: broken before column 80,
	# the objects of the next lines under the first one
	function wrap(line,   n, w, i, out, col, width, pad) {
		n = split(line, w, " ")
		out = w[1] " " w[2]
		width = length(out) + 1
		pad = substr("\t\t\t\t\t\t", 1, int(width / 8)) \
		      substr("        ", 1, width % 8)
		col = length(out)
		for (i = 3; i <= n; i++) {
			if (col + 1 + length(w[i]) > 78) {
				out = out " \\\n" pad w[i]
				col = width + length(w[i])
			} else {
				out = out " " w[i]
				col += 1 + length(w[i])
			}
		}
		return out
	}
	function flush(   n, w, i, kept, lost, line) {
		if (nlog == 0)
			return
		sub(/^[ \t]+/, "", logical)
		n = split(logical, w, /[ \t]+/)
		line = w[1] " " w[2]
		for (i = 3; i <= n; i++) {
			if (w[i] == "")
				continue
			if (have(w[i])) {
				kept++
				line = line " " w[i]
			} else {
				lost++
				if (kept == 0)
					first_lost = 1
			}
		}
		if (first_lost || kept == 0)
			comments = ""
		else if (lost)
			printf "%s%s\n", comments, wrap(line)
		else
			printf "%s%s", comments, physical
		comments = ""; logical = ""; physical = ""; nlog = 0; first_lost = 0
	}
	{
		if (nlog == 0 && $0 ~ /^#/) { comments = comments $0 "\n"; next }
		if (nlog == 0 && $0 !~ /^obj-.*\+=/) {
			printf "%s%s\n", comments, $0; comments = ""; next
		}
		nlog++
		physical = physical $0 "\n"
		line = $0
		cont = sub(/\\$/, "", line)
		logical = logical " " line
		if (!cont)
			flush()
	}
	END { flush(); printf "%s", comments }
	' "$KPT_ROOT/kernel/trace/Makefile" >"$1/kernel/trace/Makefile.step" &&
	mv "$1/kernel/trace/Makefile.step" "$1/kernel/trace/Makefile"
}

# Copy the repository's files of a "files" line into the tree: a path,
# a folder (its tracked files), "-PATH" leaves a path out, "+NAME" is a
# patch of patches/ to apply as well.
copy_files() { # tree words...
	local tree=$1 w f
	local -a paths=() skip=()
	shift
	for w; do
		case $w in
		+*) patch_for_am "${w#+}" | git -C "$tree" apply --index - ||
			return 1 ;;
		-*) skip+=(":!${w#-}") ;;
		*) paths+=("$w") ;;
		esac
	done
	(cd "$KPT_ROOT" && git ls-files -co --exclude-standard -- "${paths[@]}" "${skip[@]}") |
	while read -r f; do
		[ -f "$KPT_ROOT/$f" ] || continue
		mkdir -p "$tree/$(dirname "$f")"
		cp "$KPT_ROOT/$f" "$tree/$f"
	done
}

# Commit the series on the branch "series" of $base, one commit per line.
make_commits() {
	local kind first rest
	git -C "$base" checkout -q -f -B series stock && git -C "$base" clean -q -f -d -x ||
		return 1
	while read -r kind first rest; do
		case $kind in
		patch)
			patch_for_am "$first" | git -C "$base" am -q --ignore-date ||
				kpt_die "series: patches/$first does not apply" ;;
		files)
			# shellcheck disable=SC2086
			copy_files "$base" $rest || kpt_die "series: $first: a file does not apply"
			step_makefile "$base"
			git -C "$base" add -A -f &&
			git -C "$base" commit -q --cleanup=strip -F "$KPT_ROOT/series/$first" ||
				kpt_die "series: $first: nothing to commit" ;;
		*) kpt_die "series/list: unknown kind '$kind'" ;;
		esac
	done < <(series_lines)
}

# A figure of a markdown table, printed as a line of the cover letter:
# the row whose first cell is NAME, cells STOCK and OURS (1-based, the
# name being 1).  Dies when the row is gone, so that the cover letter
# never quotes a table that changed shape.
figure() { # width file name stock-cell ours-cell
	local v
	v=$(awk -F '|' -v name="$3" -v s="$4" -v o="$5" '
	{ c = $2; gsub(/^ +| +$/, "", c) }
	c == name { gsub(/ /, "", $(s + 1)); gsub(/ /, "", $(o + 1))
		    print $(s + 1) " -> " $(o + 1); found = 1; exit }
	END { exit !found }' "$KPT_ROOT/$2") || kpt_die "series: no row '$3' in $2"
	printf "  %-${1}s %s\n" "$3" "$v"
}

# The cover letter's figures, from the tables of the repository.
cover_figures() {
	local row
	echo "Instructions per hit above the bare probe (stock -> ours,"
	echo "BENCHMARKS.md, x86-64, QEMU -icount):"
	echo
	for row in "entry, no arguments" "four register arguments" "kernel string" \
		'$comm' "kretprobe, \$retval" "uprobe, two register arguments" \
		"fprobe, four \$argN" "eprobe, a field and a dereference"; do
		figure 34 BENCHMARKS.md "$row" 6 7
	done
	echo
	echo "Control plane, 1000 kprobe events (stock -> ours):"
	echo
	for row in "create, one write(2) per definition" "enable (events/kptcp/enable)" \
		"disable (events/kptcp/enable)" "delete, one write(2) per -:event"; do
		figure 38 BENCHMARKS.md "$row" 2 3
	done
	echo
	echo "Reliability (RELIABILITY.md, make stress: stock -> ours):"
	echo
	for row in "tasks hung" "kernel reports (console)" "fuzzed writes" \
		"accepted (then enabled, hit, read, deleted)" "invariant violations" \
		"per-write results differing from stock (unexplained)"; do
		figure 52 RELIABILITY.md "$row" 2 3
	done
}

# series/cover.txt without its comment lines: the subject, a blank line,
# the text.
cover_text() {
	sed '/^#/d' "$KPT_ROOT/series/cover.txt"
}

# Fill in the cover letter git format-patch wrote.
write_cover() { # file
	local body
	body=$(mktemp) || return 1
	{
		cover_text | sed -e '1,2d' -e "s/@STOCK_VERSION@/$(stock_version)/"
		echo
		cover_figures
	} >"$body" || { rm -f "$body"; return 1; }
	awk -v subject="$(cover_text | sed -n 1p)" -v body="$body" '
	/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subject) }
	/^\*\*\* BLURB HERE \*\*\*$/ { while ((getline l < body) > 0) print l; next }
	{ print }' "$1" >"$1.new" && mv "$1.new" "$1"
	rm -f "$body"
}

make_series() {
	make_base || kpt_die "series: cannot make the stock repository"
	make_commits
	rm -rf "$out" && mkdir -p "$out"
	git -C "$base" format-patch -q --cover-letter --no-signature -o "$out" stock..series ||
		kpt_die "series: format-patch failed"
	write_cover "$out/0000-cover-letter.patch"
	kpt_log "series: $(($(ls "$out" | wc -l) - 1)) patches and a cover letter in ${out#$KPT_ROOT/}"
}

# --- the check (-c) ---

# The check applies the series in the stock repository, on a branch
# "check" that starts at the stock commit: git am sees the stock tree as
# the tarball has it, and a second checkout of the whole tree is saved.
repo=$base

# The series on the stock tree with git am, patch by patch.
apply_series() {
	local p
	git -C "$repo" checkout -q -f -B check stock &&
	git -C "$repo" clean -q -f -d -x || return 1
	for p in "$out"/[0-9]*.patch; do
		case $p in */0000-cover-letter.patch) continue ;; esac
		if ! git -C "$repo" am -q "$p" >"$dir/am.log" 2>&1; then
			cat "$dir/am.log"
			git -C "$repo" am --abort
			bad "git am: $(basename "$p") does not apply"
			return 1
		fi
	done
	ok "git am: the $(git -C "$repo" rev-list --count stock..check) patches apply to the stock tree"
}

# checkpatch --strict of one patch, less the findings checkpatch.allow
# lists for the file they are in ("TYPE *": in any file).
checkpatch_one() { # patch
	local home
	home=$(mktemp -d) || return 1
	# Debian's python3 first: checkpatch runs the tree's spdxcheck.py,
	# which needs python3-ply and python3-git
	(cd "$repo" && env -i PATH="/usr/bin:/bin:$PATH" HOME="$home" LC_ALL=C \
		./scripts/checkpatch.pl --strict --show-types --no-summary "$1" 2>&1) |
	awk -v allow="$KPT_ROOT/harness/checkpatch.allow" '
	BEGIN { while ((getline l < allow) > 0) { sub(/#.*/, "", l)
			if (split(l, w) == 2) ok[w[1] " " w[2]] = 1 } }
	# The output is blocks of lines apart by blank lines.  A finding is
	# a block that starts "KIND:TYPE:"; the notes ("NOTE: ...") and the
	# verdict line are not findings.  Any other block (a script of the
	# tree that failed, "Must be run from the top-level dir.") is one,
	# and so is a run without a verdict: a checkpatch that checked
	# nothing must not pass.
	function flush() {
		if (block == "")
			return
		if (type != "") {
			if (!(ok[type " " file] || ok[type " *"]))
				printf "%s\n", block
		} else if (block !~ /^NOTE: / && !verdict_block)
			printf "checkpatch said:\n%s\n", block
		block = ""; type = ""; file = ""; verdict_block = 0
	}
	/^$/ { flush(); next }
	block == "" && match($0, /^(ERROR|WARNING|CHECK):[A-Z_0-9]+:/) {
		type = substr($0, 1, RLENGTH - 1); sub(/^[A-Z]+:/, "", type) }
	/ (has no obvious style problems and is ready for submission|has style problems, please review)\.$/ {
		verdict = 1; verdict_block = 1 }
	{ block = block $0 "\n" }
	match($0, /^#[0-9]+: FILE: [^:]+:/) {
		file = $3; sub(/:.*/, "", file) }
	END { flush(); if (!verdict) print "checkpatch gave no verdict" }'
	rm -rf "$home"
}

checkpatch_series() {
	local p findings
	for p in "$out"/[0-9]*.patch; do
		case $p in */0000-cover-letter.patch) continue ;; esac
		findings=$(checkpatch_one "$p")
		if [ -z "$findings" ]; then
			ok "checkpatch --strict: $(basename "$p")"
		else
			printf '%s\n' "$findings" | head -n 30
			bad "checkpatch --strict: $(basename "$p")"
		fi
	done
}

# The paths series/list leaves out ("-PATH"), one per line.
left_out() {
	series_lines | tr ' \t' '\n\n' | sed -n 's/^-//p'
}

# The files the ours tree has that the stock tree has not, or has
# otherwise: its overlay and the files its patches change, less what
# series/list leaves out.
ours_changes() {
	local ours=$KPT_SRC/ours p
	{
		cat "$ours/.kpt/overlay.list"
		for p in $(cat "$ours/.kpt/applied"); do
			sed -n 's#^+++ b/\([^[:space:]]*\).*#\1#p' "$ours/.kpt/patches/$p"
		done
	} | grep -v -F -f <(left_out; echo /dev/null/) | sort -u
}

# The tree at the end of the series is the ours tree: the series changes
# exactly the files the ours tree changes, and each as it has it.
same_as_ours() {
	local ours=$KPT_SRC/ours f differ=0
	[ -f "$ours/.kpt/overlay.list" ] || { bad "no ours tree to compare with (make tree)"; return; }
	git -C "$repo" diff --name-only stock check | sort >"$dir/series.files"
	ours_changes >"$dir/ours.files"
	if ! diff -u "$dir/ours.files" "$dir/series.files" >"$dir/files.diff"; then
		head -n 20 "$dir/files.diff"
		bad "the series changes other files than the ours tree (series/list)"
		return
	fi
	while read -r f; do
		cmp -s "$repo/$f" "$ours/$f" || { echo "differs: $f"; differ=1; }
	done <"$dir/series.files"
	if [ "$differ" = 0 ]; then
		ok "the tree at the end of the series is the ours tree ($(wc -l <"$dir/series.files") files)"
	else
		bad "the tree at the end of the series is not the ours tree"
	fi
}

# The objects of the C files a commit changes that an x86-64 kernel
# builds (the arm64 patch's file is left to the arm64 kernel's build).
changed_objects() { # commit
	git -C "$repo" diff-tree --no-commit-id --name-only -r "$1" |
	sed -n -e '/^tools\//d' -e '/^arch\//{/^arch\/x86\//!d}' -e 's/\.c$/.o/p'
}

# A config for a step: the test kernel's, or Debian's, made current for
# the tree (options the step's tree does not have yet are dropped;
# olddefconfig keeps the object files of unchanged options).
step_config() { # name objdir
	case $1 in
	test) cp "$KPT_BUILD/out/ours/.config" "$2/.config" ;;
	debian) xzcat "$KPT_DEBIAN_CONFIG" >"$2/.config" ;;
	esac
	make -C "$repo" O="$2" ARCH=x86_64 olddefconfig >/dev/null
}

# Build each commit of the series in turn under a config: all of
# kernel/trace/ and the objects of the C files it changes.  An object it
# changes must come out new, so that a target kbuild skipped cannot pass.
build_steps() { # config
	local o=$dir/o-$1 c n=0 subject targets t0 obj missing
	mkdir -p "$o"
	for c in $(git -C "$repo" rev-list --reverse stock..check); do
		n=$((n + 1))
		subject=$(git -C "$repo" log -1 --format=%s "$c")
		git -C "$repo" checkout -q "$c" || return 1
		step_config "$1" "$o" || { bad "$1 config, patch $n: olddefconfig"; continue; }
		targets="kernel/trace/ $(changed_objects "$c")"
		touch "$o/.kpt-step"
		t0=$(date +%s)
		# shellcheck disable=SC2086
		if ! nice make -C "$repo" O="$o" ARCH=x86_64 -j"$KPT_JOBS" $targets \
			>"$o/step-$n.log" 2>&1; then
			grep -E 'error|Error' "$o/step-$n.log" | head -n 10
			bad "$1 config, patch $n does not build: $subject"
			continue
		fi
		missing=
		for obj in $(changed_objects "$c"); do
			[ "$o/$obj" -nt "$o/.kpt-step" ] || missing="$missing $obj"
		done
		if [ -n "$missing" ]; then
			bad "$1 config, patch $n: not built:$missing"
		else
			ok "$1 config, patch $n builds ($(($(date +%s) - t0)) s): $subject"
		fi
	done
	git -C "$repo" checkout -q check
}

check_series() {
	apply_series || return
	checkpatch_series
	same_as_ours
	[ "$full" = 1 ] || return 0
	build_steps test
	build_steps debian
}

main() {
	make_series
	[ "$check" = 1 ] || return 0
	check_series
	echo "$passed passed, $failed failed"
	[ "$failed" = 0 ]
}

main
