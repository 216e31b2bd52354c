#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Compile kernel/trace/ of the stock and the ours tree as real kernels
# configure it, on every architecture Debian releases, to show that ours
# is a drop-in there too:
#   distro.sh [-g] [CONFIG]...     (default: all of them)
#   debian        Debian's own 6.12 amd64 config (package linux-config-6.12)
#   allmod        allmodconfig (x86-64), less CONFIG_WERROR so that
#                 warnings are listed
#   allmod-ARCH   allmodconfig of another Debian architecture, with
#                 Debian's cross compiler (gcc-*-linux-gnu): arm64 (arm64),
#                 arm (armhf), i386 (i386), powerpc (ppc64el), riscv
#                 (riscv64), s390 (s390x); little-endian where the
#                 architecture lets allmodconfig pick big-endian, as
#                 Debian's ports are
# Object-only: `make prepare`, then every object of kernel/trace/ (every
# file of ours and everything that includes one is there) with W=1.  A
# config fails on a compile error, or on a warning of the ours tree that
# the stock tree does not have (file and message compared, not the line).
# The stock tree and the compiler are Debian's packages: stock's
# diagnostics per config are recorded in tests/baseline/distro-CONFIG.stock
# (-g rebuilds the stock tree and rewrites them, and only that), so a run
# builds ours only, but for a record of another source than the unpacked
# one, which it records again first.
# Prints a table; ends with "N passed, N failed" (one test per config).
set -uo pipefail
. "$(dirname "$0")/lib.sh"

golden_mode=0
while getopts "g" o; do
	case $o in
	g) golden_mode=1 ;;
	*) kpt_die "bad option" ;;
	esac
done
shift $((OPTIND - 1))
cross_archs="arm64 arm i386 powerpc riscv s390"
configs=${*:-debian allmod $(printf 'allmod-%s ' $cross_archs)}
passed=0 failed=0

# The kernel's ARCH and the cross compiler's prefix of a config
arch_of() { # config
	case $1 in
	debian | allmod) echo "x86_64 -" ;;
	allmod-arm64) echo "arm64 aarch64-linux-gnu-" ;;
	allmod-arm) echo "arm arm-linux-gnueabihf-" ;;
	allmod-i386) echo "i386 i686-linux-gnu-" ;;
	allmod-powerpc) echo "powerpc powerpc64le-linux-gnu-" ;;
	allmod-riscv) echo "riscv riscv64-linux-gnu-" ;;
	allmod-s390) echo "s390 s390x-linux-gnu-" ;;
	*) kpt_die "unknown config $1 (debian, allmod or allmod-ARCH)" ;;
	esac
}

# What allmodconfig of an architecture must keep as Debian's port has it
# (KCONFIG_ALLCONFIG): little-endian, 64-bit where the port is.
allconfig_of() { # config
	case $1 in
	allmod-arm64 | allmod-arm) echo "# CONFIG_CPU_BIG_ENDIAN is not set" ;;
	allmod-powerpc) printf '%s\n' CONFIG_PPC64=y CONFIG_PPC_BOOK3S_64=y \
		CONFIG_CPU_LITTLE_ENDIAN=y ;;
	esac
}

kmake() { # variant out config args...
	local src=$KPT_SRC/$1 out=$2 arch cross
	read -r arch cross <<<"$(arch_of "$3")"
	[ "$cross" = - ] && cross=
	shift 3
	nice make -C "$src" O="$out" ARCH="$arch" ${cross:+CROSS_COMPILE=$cross} \
		-j"$KPT_JOBS" "$@"
}

# A .config for the config name, made once per output directory.
configure() { # variant config out
	local v=$1 cfg=$2 out=$3 want
	case $cfg in
	debian)
		[ -f "$KPT_DEBIAN_CONFIG" ] ||
			kpt_die "$KPT_DEBIAN_CONFIG missing (make deps installs linux-config-6.12)"
		want=$(sha256sum <"$KPT_DEBIAN_CONFIG") ;;
	*) want="$cfg $(allconfig_of "$cfg" | sha256sum)" ;;
	esac
	[ "$(cat "$out/.kpt-config" 2>/dev/null)" = "$want" ] && return 0
	mkdir -p "$out"
	if [ "$cfg" = debian ]; then
		xzcat "$KPT_DEBIAN_CONFIG" >"$out/.config"
	else
		allconfig_of "$cfg" >"$out/allconfig"
		KCONFIG_ALLCONFIG=$out/allconfig kmake "$v" "$out" "$cfg" allmodconfig \
			>/dev/null || return 1
		"$KPT_SRC/$v/scripts/config" --file "$out/.config" -d WERROR
	fi
	kmake "$v" "$out" "$cfg" olddefconfig >/dev/null || return 1
	echo "$want" >"$out/.kpt-config"
}

# The compiler's diagnostics of a build log, one "FILE: KIND: MESSAGE"
# line each, the tree's path and the line and column dropped.
diagnostics() { # variant log
	sed -nE "s#^($KPT_SRC/$1/)?([^: ]+):[0-9]+:[0-9]+: (warning|error): #\\2: \\3: #p" "$2" |
		sort -u
}

# Build one variant under one config; its diagnostics in $out/diag.txt.
# Every object of the directory is compiled again, so that each run
# reports every warning.
build() { # variant config
	local v=$1 cfg=$2 out=$KPT_BUILD/out/distro-$2-$1 t0
	t0=$(date +%s)
	rm -f "$out/rc"
	configure "$v" "$cfg" "$out" || return 1
	kmake "$v" "$out" "$cfg" prepare >"$out/build.log" 2>&1 || return 1
	rm -f "$out"/kernel/trace/*.o "$out"/kernel/trace/tests/*.o
	kmake "$v" "$out" "$cfg" W=1 -k kernel/trace/ >>"$out/build.log" 2>&1
	echo $? >"$out/rc"
	diagnostics "$v" "$out/build.log" >"$out/diag.txt"
	printf '%-14s %-6s %8s %9s %7s %6ss\n' "$cfg" "$v" \
		"$(find "$out/kernel/trace" -name '*.o' ! -name '*.mod.o' | wc -l)" \
		"$(grep -c ': warning: ' "$out/diag.txt")" \
		"$(grep -c ': error: ' "$out/diag.txt")" "$(($(date +%s) - t0))"
}

# Stock's diagnostics under a config, read from the record, or rebuilt
# and recorded: with -g, and when the record is of another source than
# the unpacked one (what stock's compiler says depends on the source).
# Fails when stock does not build.
stock_diagnostics() { # config
	local cfg=$1 s=$KPT_BUILD/out/distro-$1-stock
	local rec=$KPT_ROOT/tests/baseline/distro-$1.stock
	if [ "$golden_mode" = 0 ] && kpt_ref_current "$rec" - >/dev/null; then
		# (none, most often: grep then selects nothing)
		grep -v '^#' "$rec" || :
		return 0
	fi
	[ "$golden_mode" = 1 ] ||
		kpt_log "$cfg: ${rec#$KPT_ROOT/} is of linux-source-6.12 $(kpt_stamp_of "$rec"), the source is $(kpt_source_version): recording stock's diagnostics again"
	build stock "$cfg" >&2
	if [ "$(cat "$s/rc" 2>/dev/null)" != 0 ]; then
		echo "FAIL $cfg: the stock tree does not build (see ${s#$KPT_ROOT/}/build.log)" >&2
		return 1
	fi
	{ kpt_stamp_line -; cat "$s/diag.txt"; } >"$rec"
	cat "$s/diag.txt"
}

# The positive control of a config: one object of ours compiled again with
# a header forced in that holds a warning stock has not.  The comparison
# must report it as new, or the check could not see a real one (a changed
# compiler message format, a build that compiled nothing).
planted_control() { # config
	local o=$KPT_BUILD/out/distro-$1-ours plant
	plant=$o/kpt_planted_warning.h
	echo 'static int kpt_planted_unused;' >"$plant"
	kmake ours "$o" "$1" W=1 KCFLAGS="-include $plant" kernel/trace/trace_probe.o \
		>"$o/planted.log" 2>&1
	rm -f "$o/kernel/trace/trace_probe.o"
	diagnostics ours "$o/planted.log" |
		comm -13 "$KPT_BUILD/out/distro-$1.stock" - |
		grep -q 'kpt_planted_warning.h: warning: .*kpt_planted_unused'
}

check_config() { # config
	local cfg=$1 o=$KPT_BUILD/out/distro-$1-ours
	if ! stock_diagnostics "$cfg" >"$KPT_BUILD/out/distro-$cfg.stock"; then
		failed=$((failed + 1))
		return
	fi
	# -g records stock's diagnostics only (make distro compares ours)
	if [ "$golden_mode" = 1 ]; then
		passed=$((passed + 1))
		return
	fi
	build ours "$cfg"
	comm -13 "$KPT_BUILD/out/distro-$cfg.stock" "$o/diag.txt" >"$o/new.txt"
	if ! planted_control "$cfg"; then
		echo "FAIL $cfg: the planted warning was not reported (see ${o#$KPT_ROOT/}/planted.log):" \
			"this check cannot see a real one"
		failed=$((failed + 1))
	elif [ "$(cat "$o/rc" 2>/dev/null)" != 0 ] || [ -s "$o/new.txt" ]; then
		echo "FAIL $cfg: ours has $(wc -l <"$o/new.txt") diagnostics stock has not" \
			"(build $(cat "$o/rc" 2>/dev/null || echo 'not run'), see ${o#$KPT_ROOT/}/build.log):"
		sed 's/^/    /' "$o/new.txt" | head -n 40
		failed=$((failed + 1))
	else
		passed=$((passed + 1))
	fi
}

kpt_log "kernel/trace/ under distribution configs: $configs (W=1)"
"$KPT_ROOT/harness/tree.sh" stock >/dev/null && "$KPT_ROOT/harness/tree.sh" ours >/dev/null ||
	kpt_die "could not prepare the trees"
printf '%-14s %-6s %8s %9s %7s %7s\n' config tree objects warnings errors time
for cfg in $configs; do
	check_config "$cfg"
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
