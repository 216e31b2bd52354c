#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Pack the guest initramfs for one built kernel:
#   initramfs.sh VARIANT DEBUG TESTLIST OUT.cpio.gz
# Contents: busybox (with /bin/sh a real file: the uprobe selftest finds the
# shell's text mapping by its name), the variant's ftrace selftests plus the
# project's own tests, the installed modules, trace-cmd and its libraries,
# kpt_perf (the perf and BPF checks) and kpt_uprobe (the uprobe targets,
# static and dynamic), built here, the real clients' scripts, the guest
# scripts and the list of tests to run.  For KPT_ARCH=arm64, busybox,
# trace-cmd and their libraries come from Debian's arm64 packages
# (harness/sysroot.sh) and the programs are cross-compiled; the real
# clients, which run on x86-64 only, are left out.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

variant=$1 debug=$2 testlist=$3 dest=$4
# KPT_OUT: the build folder whose modules go in, when it is not the
# variant's test build (make distro-boot's Debian-configured kernels).
out=${KPT_OUT:-$(kpt_outdir "$variant" "$debug")}
src=$KPT_SRC/$variant
# KPT_STAGE: a private staging folder, so that a differential run can pack
# while a check run of the same variant packs its own.
stage=${KPT_STAGE:-$out/initramfs}
[ -d "$out/modroot/lib/modules" ] || kpt_die "no modules in $out (build first)"

sysroot=
[ "$KPT_ARCH" = x86_64 ] || sysroot=$("$KPT_ROOT/harness/sysroot.sh")

rm -rf "$stage"
mkdir -p "$stage"/{bin,sbin,etc,proc,sys,dev,tmp,root,kpt,usr/bin,usr/sbin}

# A guest program built here: static unless asked, for the guest's
# architecture
guest_cc() { # gcc arguments...
	"$KPT_CC" -O2 -Wall -Werror "$@"
}

install_busybox() {
	local a
	# ($sysroot is empty on x86-64: the host's own busybox.  The applet
	# list is the host's busybox's, the same Debian version.)
	cp "$sysroot/bin/busybox" "$stage/bin/busybox"
	cp "$sysroot/bin/busybox" "$stage/bin/sh"
	for a in $(/bin/busybox --list-full); do
		[ "$a" = bin/sh ] && continue
		[ -e "$stage/$a" ] || ln -s /bin/busybox "$stage/$a"
	done
}

# Copy a dynamically linked program with every library it loads; from a
# foreign architecture's sysroot, with all of the sysroot's libraries.
install_dynamic() { # path
	local lib
	if [ -n "$sysroot" ]; then
		cp -L "$sysroot$1" "$stage$1"
		cp -a "$sysroot/lib" "$stage/"
		mkdir -p "$stage/usr"
		cp -a "$sysroot/usr/lib" "$stage/usr/"
		return
	fi
	cp -L "$1" "$stage$1"
	for lib in $(ldd "$1" | grep -o '/[^ ]*'); do
		mkdir -p "$stage$(dirname "$lib")"
		cp -L "$lib" "$stage$lib"
	done
}

install_selftests() {
	local ft=$stage/selftests/ftrace
	mkdir -p "$ft"
	cp -a "$src/tools/testing/selftests/ftrace/." "$ft/"
	# The project's own tests, also for the stock kernel (baseline).
	cp -a "$KPT_ROOT/tools/testing/selftests/ftrace/test.d/." "$ft/test.d/"
}

# The perf/BPF check program the project's tests call (perf_*.tc, bpf_*.tc):
# built on the host, static, so it needs nothing else in the guest.  If it
# does not build, the pack fails; a guest without it fails those tests.
install_kpt_perf() {
	guest_cc -static -o "$stage/usr/bin/kpt_perf" \
		"$KPT_ROOT/tools/testing/kprobetrace/kpt_perf.c" ||
		kpt_die "kpt_perf does not build"
}

# The uprobe tests' targets: static (fixed addresses, the same on every
# build) and dynamic (for a probe on the C library it loads).
install_kpt_uprobe() {
	local src=$KPT_ROOT/tools/testing/kprobetrace/kpt_uprobe.c lib
	guest_cc -static -no-pie -o "$stage/usr/bin/kpt_uprobe" \
		"$src" || kpt_die "kpt_uprobe does not build"
	guest_cc -o "$stage/usr/bin/kpt_uprobe_dyn" "$src" ||
		kpt_die "kpt_uprobe_dyn does not build"
	# (a foreign sysroot's C library came with trace-cmd)
	[ -z "$sysroot" ] || return 0
	for lib in $(ldd "$stage/usr/bin/kpt_uprobe_dyn" | grep -o '/[^ ]*'); do
		mkdir -p "$stage$(dirname "$lib")"
		cp -L "$lib" "$stage$lib"
	done
}

# The grammar tests' module (tools/testing/kprobetrace/grammar), built out
# of tree against this kernel, in a folder of this pack's own.
install_kpt_grammar() {
	local dir=$stage.grammar
	rm -rf "$dir"
	mkdir -p "$dir"
	cp "$KPT_ROOT"/tools/testing/kprobetrace/grammar/{Kbuild,kpt_grammar.c} \
		"$dir/"
	make -s -C "$out" ARCH="$KPT_KARCH" ${KPT_CROSS:+CROSS_COMPILE=$KPT_CROSS} \
		M="$dir" modules >"$dir/build.log" 2>&1 ||
		{ cat "$dir/build.log" >&2; kpt_die "kpt_grammar.ko does not build"; }
	cp "$dir/kpt_grammar.ko" "$stage/kpt/"
}

# The reliability programs (make stress, the short form in make check):
# the concurrent stress run and the definition fuzzer, static.
install_kpt_reliability() {
	local p
	for p in kpt_stress kpt_fuzz; do
		guest_cc -static -o "$stage/usr/bin/$p" \
			"$KPT_ROOT/tools/testing/kprobetrace/$p.c" ||
			kpt_die "$p does not build"
	done
}

# The real clients' scripts (tests/clients) and kpt_tracefs, linked
# against the host's libtracefs: they run in the guest's chroot of the
# host's root (harness/guest/clients.sh), where that library is.
install_clients() {
	local dir=$stage/kpt/clients
	[ "$KPT_ARCH" = x86_64 ] || return 0
	mkdir -p "$dir"
	cp "$KPT_ROOT"/tests/clients/*.sh "$dir/"
	# shellcheck disable=SC2046
	gcc -O2 -Wall -Werror -o "$dir/kpt_tracefs" \
		"$KPT_ROOT/tools/testing/kprobetrace/kpt_tracefs.c" \
		$(pkg-config --cflags --libs libtracefs) ||
		kpt_die "kpt_tracefs does not build"
}

install_busybox
install_dynamic /usr/bin/trace-cmd
install_clients
install_kpt_reliability
install_kpt_perf
install_kpt_uprobe
install_selftests
install_kpt_grammar
cp -a "$out/modroot/lib" "$stage/"
cp "$KPT_ROOT"/harness/guest/* "$stage/kpt/"
chmod 755 "$stage"/kpt/*
mv "$stage/kpt/init" "$stage/init"
# The differential test's corpus (harness/guest/diff.sh), if there is one.
if [ -f "$KPT_ROOT/tests/diff/corpus.txt" ]; then
	mkdir -p "$stage/kpt/diff"
	cp "$KPT_ROOT/tests/diff/corpus.txt" "$stage/kpt/diff/"
fi
cp "$testlist" "$stage/kpt/tests.list"
cp -a "$KPT_ROOT/tests/boot" "$stage/kpt/boot"
# A second, unprivileged user for the permission tests.
printf '%s\n' "root:x:0:0:root:/root:/bin/sh" \
	"kpt:x:1000:1000:kprobetrace test user:/tmp:/bin/sh" >"$stage/etc/passwd"
printf '%s\n' "root:x:0:" "kpt:x:1000:" >"$stage/etc/group"
printf '%s\n' "$variant" >"$stage/kpt/variant"

(cd "$stage" && find . -print0 | cpio --null -o -H newc -R 0:0 --quiet) |
	gzip -1 >"$dest.tmp"
mv "$dest.tmp" "$dest"
kpt_log "initramfs ${dest#$KPT_ROOT/}: $(du -h "$dest" | cut -f1)"
