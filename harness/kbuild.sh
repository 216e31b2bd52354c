#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Configure and build one kernel variant out of tree:
#   kbuild.sh stock|ours [0|1 debug|dump|debug-dump]
# Output in build/out/VARIANT[-ARCH][-debug] (lib.sh's kpt_outdir): the
# boot image, vmlinux, and the stripped modules under modroot/
# (modules_install).  KPT_ARCH=arm64 cross-builds with Debian's
# aarch64-linux-gnu- toolchain.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

variant=${1:?usage: kbuild.sh stock|ours [debug]}
debug=${2:-0}
kpt_variant_check "$variant"
src=$KPT_SRC/$variant
out=$(kpt_outdir "$variant" "$debug")
frags="$KPT_ROOT/config/kprobetrace.config $KPT_ROOT/config/$KPT_ARCH.config"
# A dump flavour differs from the plain (or debug) build, its base, in
# one option that one file tests: it starts as a copy of that build, so
# that only the objects the option touches are built again.
base=
case $debug in
1) frags="$frags $KPT_ROOT/config/debug.config" ;;
dump)
	frags="$frags $KPT_ROOT/config/dump.config"
	base=$(kpt_outdir "$variant" 0) ;;
debug-dump)
	frags="$frags $KPT_ROOT/config/debug.config $KPT_ROOT/config/dump.config"
	base=$(kpt_outdir "$variant" 1) ;;
esac

export ARCH=$KPT_ARCH
[ -z "$KPT_CROSS" ] || export CROSS_COMPILE=$KPT_CROSS
kpt_build_stamp
# The kernel's make without the project make's variables.  A variable
# given on make's command line (make check DEBUG=1; harness/refs.sh
# passes DEBUG=0) reaches every sub-make in MAKEFLAGS and in the
# environment, and tools/lib/subcmd reads DEBUG (-O0 for 1, _FORTIFY_SOURCE
# for 0): objtool came out built otherwise than by a build without it,
# and as every object depends on objtool, the whole kernel was compiled
# again (20 minutes for a debug kernel) each time the two alternated.
# ARCH and CROSS_COMPILE are in the environment.
kmake() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u DEBUG \
		make -C "$src" O="$out" -j"$KPT_JOBS" "$@"
}

# Fail loudly if an option a fragment asks for did not make it.
verify_config() {
	local bad=0 line name
	# shellcheck disable=SC2086
	while read -r line; do
		case "$line" in
		CONFIG_*=*)
			grep -qxF "$line" "$out/.config" ||
				{ echo "  wanted $line, got: $(grep "^${line%%=*}=" "$out/.config" || echo 'not set')"; bad=1; }
			;;
		"# CONFIG_"*" is not set")
			name=${line#\# }; name=${name%% *}
			if grep -q "^$name=" "$out/.config"; then
				echo "  wanted $name unset"; bad=1
			fi
			;;
		esac
	done < <(cat $frags)
	[ $bad = 0 ] || kpt_die "config options did not stick (see above); check their dependencies"
}

configure() {
	local stamp want
	# (arm64 has no tiny.config of its own)
	# shellcheck disable=SC2086
	want=$(cat $frags "$src/kernel/configs/tiny.config" \
		$(ls "$src/arch/$KPT_KARCH/configs/tiny.config" 2>/dev/null) | sha256sum)
	stamp=$out/.kpt-config
	if [ -f "$out/.config" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
		return 0
	fi
	kpt_log "configuring $variant (tinyconfig + $(echo $frags | xargs -n1 basename | xargs))"
	kmake tinyconfig >/dev/null
	# shellcheck disable=SC2086
	(cd "$src" && scripts/kconfig/merge_config.sh -m -O "$out" "$out/.config" $frags) >/dev/null
	kmake olddefconfig >/dev/null
	verify_config
	echo "$want" >"$stamp"
}

if [ -n "$base" ] && [ ! -d "$out" ] && [ -f "$base/.config" ]; then
	kpt_log "starting the $debug flavour from ${base#$KPT_ROOT/}"
	rm -rf "$out.tmp" && mkdir -p "$out.tmp"
	# the build only: not the harness's run folders, which a check run
	# may be writing into meanwhile
	tar -C "$base" --exclude=./check --exclude=./diff --exclude=./clients \
		--exclude='./run-*' --exclude=./trace-cmd-race --exclude=./diag \
		--exclude='./initramfs*' -cf - . | tar -C "$out.tmp" -xpf -
	# The host tools' dependency files name their build folder: make them
	# name the copy, or objtool is built again, and then every object.
	grep -rlIF "$base/" "$out.tmp/tools" --include='*.cmd' --include='*.d' |
		xargs -r sed -i "s|$base/|$out/|g"
	mv "$out.tmp" "$out"
fi
mkdir -p "$out"
configure
kpt_log "building $variant kernel in ${out#$KPT_ROOT/} (log: build.log)"
if ! kmake all >"$out/build.log" 2>&1; then
	grep -E 'error|Error' "$out/build.log" | head -40 >&2
	tail -20 "$out/build.log" >&2
	kpt_die "kernel build failed ($variant), see $out/build.log"
fi
rm -rf "$out/modroot"
kmake modules_install INSTALL_MOD_PATH="$out/modroot" INSTALL_MOD_STRIP=1 \
	>>"$out/build.log" 2>&1 || kpt_die "modules_install failed, see $out/build.log"
kpt_log "built $(kmake -s kernelrelease) ($variant$([ "$KPT_ARCH" = x86_64 ] || echo ", $KPT_ARCH")$([ "$debug" = 0 ] || echo ", $debug" | sed 's/, 1$/, debug/'))"
