#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Prepare a kernel source tree under build/src/VARIANT.
#
#   stock: the pristine linux-source-6.12 tree, plus patches/series.
#   ours:  a copy of stock with the repository's kernel-path files overlaid.
#
# Files are only rewritten when their content changes, so kbuild's
# timestamp checks keep incremental builds incremental.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

variant=${1:?usage: tree.sh stock|ours}
kpt_variant_check "$variant"

# The version of the source a tree was unpacked from; a tree unpacked
# before the version was recorded is taken to be of the package installed
# when its Makefile names the same point release.
tree_version() { # tree
	local v sub
	if [ -f "$1/.kpt/source-version" ]; then
		cat "$1/.kpt/source-version"
		return
	fi
	v=$(kpt_package_version)
	sub=$(sed -n 's/^SUBLEVEL = //p' "$1/Makefile" 2>/dev/null)
	[ "${v%%-*}" = "6.12.$sub" ] && echo "$v" >"$1/.kpt/source-version" && echo "$v"
}

# Unpack the tarball into the stock tree, once per version of the
# package: when Debian's archive brought a new point release, both trees
# are made again from it (the build folders stay, and build again what
# changed).
unpack_stock() {
	local dst=$KPT_SRC/stock tmp pkg
	[ -f "$KPT_TARBALL" ] || kpt_die "$KPT_TARBALL missing (run: make deps)"
	pkg=$(kpt_package_version)
	if [ -f "$dst/Makefile" ]; then
		[ "$(tree_version "$dst")" = "$pkg" ] && return 0
		kpt_log "linux-source-6.12 is now $pkg (the trees were made from $(tree_version "$dst" || echo 'another version')): making them again"
		rm -rf "$dst" "$KPT_SRC/ours"
	fi
	kpt_log "unpacking $KPT_TARBALL ($pkg)"
	tmp=$KPT_SRC/.unpack.$$
	rm -rf "$tmp" && mkdir -p "$tmp"
	tar -C "$tmp" -xf "$KPT_TARBALL"
	mv "$tmp"/linux-source-6.12 "$dst"
	rmdir "$tmp"
	mkdir -p "$dst/.kpt"
	echo "$pkg" >"$dst/.kpt/source-version"
}

# The patches of a series file for a variant, in order: every line's
# patch, but "ours: NAME" only for the ours tree (comments and blank lines
# dropped).
series_list() { # file variant
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$1" |
	while read -r p rest; do
		case "$p" in
		ours:) if [ "$2" = ours ]; then echo "$rest"; fi ;;
		*) echo "$p" ;;
		esac
	done
}

# The patches applied to a tree, in order.  A tree from before this list
# was kept had the series of its .kpt/patches applied as to stock.
applied_list() { # tree
	if [ -f "$1/.kpt/applied" ]; then
		cat "$1/.kpt/applied"
	elif [ -f "$1/.kpt/patches/series" ]; then
		series_list "$1/.kpt/patches/series" stock
	fi
}

# Whether the tree has the patches the series wants for the variant, as
# they are now.
patches_current() { # tree variant
	local p
	[ "$(applied_list "$1")" = "$(series_list "$KPT_ROOT/patches/series" "$2")" ] ||
		return 1
	for p in $(applied_list "$1"); do
		cmp -s "$KPT_ROOT/patches/$p" "$1/.kpt/patches/$p" || return 1
	done
}

# Apply patches/series to a tree (the ours tree starts as a copy of the
# stock one); if what it wants changed since the last run, the patches
# applied before are reverted first.
sync_patches() { # tree variant
	local tree=$1 variant=$2 have=$1/.kpt/patches p
	patches_current "$tree" "$variant" && return 0
	for p in $(applied_list "$tree" | tac); do
		kpt_log "reverting $p in $(basename "$tree")"
		patch -d "$tree" -p1 -R -s <"$have/$p"
	done
	rm -rf "$have" "$tree/.kpt/applied" && mkdir -p "$have"
	for p in $(series_list "$KPT_ROOT/patches/series" "$variant"); do
		kpt_log "applying $p to $(basename "$tree")"
		patch -d "$tree" -p1 -s -N <"$KPT_ROOT/patches/$p" ||
			kpt_die "patch $p does not apply"
		cp "$KPT_ROOT/patches/$p" "$have/"
		echo "$p" >>"$tree/.kpt/applied"
	done
	touch "$tree/.kpt/applied"
}

# Copy changed repository files into the ours tree and put back the
# stock version of files that left the overlay.
sync_overlay() {
	local ours=$KPT_SRC/ours stock=$KPT_SRC/stock
	local old=$ours/.kpt/overlay.list new=$ours/.kpt/overlay.new f n=0
	kpt_overlay_files >"$new"
	touch "$old"
	comm -23 "$old" "$new" | while read -r f; do
		kpt_log "overlay: restoring stock $f"
		if [ -f "$stock/$f" ]; then
			cp "$stock/$f" "$ours/$f"
		else
			rm -f "$ours/$f"
		fi
	done
	# one rsync, not a cmp and a cp per file (1,400 files, 30 s of
	# forks on a fresh tree): by content, so that an unchanged file keeps
	# its time and make does not rebuild what it feeds; a changed one
	# gets the current time
	n=$(rsync -rc --out-format='%n' --files-from="$new" "$KPT_ROOT/" "$ours/" |
		grep -vc '/$') || :
	mv "$new" "$old"
	kpt_log "overlay: $(wc -l <"$old") files, $n updated"
}

mkdir -p "$KPT_SRC"
unpack_stock
sync_patches "$KPT_SRC/stock" stock
if [ "$variant" = ours ]; then
	if [ ! -f "$KPT_SRC/ours/Makefile" ]; then
		kpt_log "creating the ours tree from stock"
		rm -rf "$KPT_SRC/ours.tmp"
		cp -a "$KPT_SRC/stock" "$KPT_SRC/ours.tmp"
		rm -f "$KPT_SRC/ours.tmp/.kpt/overlay.list"
		mv "$KPT_SRC/ours.tmp" "$KPT_SRC/ours"
	fi
	sync_patches "$KPT_SRC/ours" ours
	sync_overlay
fi
