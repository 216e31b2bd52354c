#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Stable tracking: the stock files kprobetrace replaces (the overlay's
# files that the tarball has) and the stock files its patches change are
# kept in stable/pristine/ as Debian's linux-source-6.12 had them at the
# base version (stable/base), each as PATH.orig (so that no tool takes
# stock's code for ours).  A later 6.12.y that changes one of them
# brings a fix our build would drop (a replaced file) or a patch must
# sit on (a patched one), so:
#   stable.sh       compare every pristine copy with the unpacked source's
#                   file; a file that differs passes only when each of its
#                   changed hunks has a line in tests/baseline/stable.txt
#                   saying how ours carries it (the commit and the test
#                   that shows it) or why it does not apply; the others'
#                   diffs are printed.  Ends with "N passed, N failed".
#   stable.sh -m    move the base to the unpacked source: copy its files
#                   into stable/pristine/ (refused while a hunk has no
#                   record; the records stay, as the history of the fixes)
# A hunk is named by the first 12 hex digits of the SHA-256 of its lines
# (context, removed and added; not the "@@" line, whose numbers move).
set -uo pipefail
. "$(dirname "$0")/lib.sh"

move=0
while getopts "m" o; do
	case $o in
	m) move=1 ;;
	*) kpt_die "bad option" ;;
	esac
done
shift $((OPTIND - 1))

pristine=$KPT_ROOT/stable/pristine
base=$(cat "$KPT_ROOT/stable/base" 2>/dev/null)
record=$KPT_ROOT/tests/baseline/stable.txt
version=$(kpt_source_version)
work=$KPT_BUILD/stable
[ -f "$KPT_TARBALL" ] || kpt_die "$KPT_TARBALL missing (run: make deps)"

# The files tracked: those of the overlay that stock has, and the patches'
tracked() {
	kpt_overlay_files |
		comm -12 - <(sed -n 's#^linux-source-6.12/##p' "$work/tarball.list" | sort)
	sed -n 's#^+++ b/\([^[:space:]]*\).*#\1#p' "$KPT_ROOT"/patches/*.patch
}

# The unpacked source's copy of every tracked file, straight from the
# tarball (the stock tree has patches applied): $work/source/PATH
extract() {
	local list
	rm -rf "$work/source" && mkdir -p "$work/source"
	list=$(sed 's#^#linux-source-6.12/#' "$work/tracked")
	# shellcheck disable=SC2086 # one word per path
	tar -C "$work/source" --strip-components=1 -xf "$KPT_TARBALL" $list ||
		kpt_die "cannot extract the tracked files from $KPT_TARBALL"
}

# hunks OLD NEW: each changed hunk of OLD -> NEW as "ID<TAB>FIRST CHANGED
# LINE"; the hunk's text in $work/hunks/ID
hunks() {
	local id h
	rm -rf "$work/hunks" && mkdir -p "$work/hunks"
	diff -u "$1" "$2" | tail -n +3 |
		awk -v d="$work/hunks" '
			/^@@/ { n++; next }
			{ print > (d "/h" n) }'
	for h in "$work"/hunks/h*; do
		[ -f "$h" ] || continue
		id=$(sha256sum <"$h" | cut -c 1-12)
		mv "$h" "$work/hunks/$id"
		printf '%s\t%s\n' "$id" "$(grep -m 1 '^[-+]' "$work/hunks/$id" | cut -c 1-100)"
	done
}

recorded() { # file id
	awk -F'\t' -v f="$1" -v id="$2" '
		!/^#/ && $1 == f && $2 == id { found = 1 }
		END { exit !found }' "$record" 2>/dev/null
}

rm -rf "$work" && mkdir -p "$work"
tar -tf "$KPT_TARBALL" >"$work/tarball.list" || kpt_die "cannot list $KPT_TARBALL"
tracked | sort -u >"$work/tracked"
extract
kpt_log "stable tracking: $(wc -l <"$work/tracked") stock files at base ${base:-(none)}, source $version"

# The positive control: a line planted in the middle of a tracked file
# must come out as one hunk of its own, or this check could not see a
# real change (a diff that says nothing, files extracted empty).
planted_control() {
	local f n
	f=$(head -n 1 "$work/tracked")
	n=$(($(wc -l <"$work/source/$f") / 2))
	[ "$n" -gt 10 ] || return 1
	sed "${n}a kpt_planted_change" "$work/source/$f" >"$work/planted"
	[ "$(hunks "$work/source/$f" "$work/planted" | wc -l)" = 1 ] &&
		grep -qx '+kpt_planted_change' "$work"/hunks/*
}

passed=0 failed=0
unrecorded=0
if [ "$move" = 0 ] && ! planted_control; then
	failed=$((failed + 1))
	echo "FAIL the planted change was not seen as one hunk: this check could not see a real one"
fi
while read -r f; do
	if [ ! -f "$pristine/$f.orig" ]; then
		[ "$move" = 1 ] && continue
		failed=$((failed + 1))
		echo "FAIL $f: no pristine copy in stable/pristine/ (a file the overlay or a patch took on: harness/stable.sh -m adds it)"
		continue
	fi
	if cmp -s "$pristine/$f.orig" "$work/source/$f"; then
		passed=$((passed + 1))
		continue
	fi
	hunks "$pristine/$f.orig" "$work/source/$f" >"$work/ids"
	missing=0
	while IFS=$'\t' read -r id first; do
		recorded "$f" "$id" && continue
		missing=$((missing + 1))
		echo "  hunk $id of $f, not in ${record#$KPT_ROOT/}: $first"
	done <"$work/ids" >"$work/missing"
	if [ "$missing" = 0 ]; then
		passed=$((passed + 1))
		echo "changed since $base, every hunk recorded: $f"
		continue
	fi
	unrecorded=$((unrecorded + missing))
	[ "$move" = 1 ] && { cat "$work/missing"; continue; }
	failed=$((failed + 1))
	echo "FAIL $f: $missing hunk(s) of $version that stable/pristine ($base) has not, with no record of how ours carries them:"
	cat "$work/missing"
	diff -u --label "$f ($base)" --label "$f ($version)" \
		"$pristine/$f.orig" "$work/source/$f" | sed 's/^/    /'
done <"$work/tracked"
# pristine copies of files no longer tracked
(cd "$pristine" 2>/dev/null && find . -type f -name '*.orig' | sed -e 's#^\./##' -e 's#\.orig$##' | sort) |
	comm -23 - "$work/tracked" | while read -r f; do
		echo "FAIL $f: in stable/pristine/, but neither replaced nor patched (git rm its .orig)"
	done >"$work/extra"
[ "$move" = 1 ] || { cat "$work/extra"; failed=$((failed + $(grep -c . "$work/extra"))); }

if [ "$move" = 1 ]; then
	[ "$unrecorded" = 0 ] ||
		kpt_die "$unrecorded hunk(s) without a record in ${record#$KPT_ROOT/}: the base stays at $base"
	rm -rf "$pristine" && mkdir -p "$pristine"
	while read -r f; do
		mkdir -p "$(dirname "$pristine/$f")"
		cp "$work/source/$f" "$pristine/$f.orig"
	done <"$work/tracked"
	echo "$version" >"$KPT_ROOT/stable/base"
	kpt_log "stable/pristine/: $(wc -l <"$work/tracked") files at $version (was ${base:-none})"
	exit 0
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
