#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The stock references the tests compare ours with, and their stamps.
# Each was recorded from a stock kernel built from one version of
# Debian's linux-source-6.12 with our config fragments, and says which
# version and which fragments (lib.sh's kpt_stamp_line): what stock does
# depends on the point release (the release string a probe reads, a
# selftest fixed upstream) and on the build's code layout (whether
# SYM+OFFS is an instruction boundary), which the config changes too, so
# a reference is only compared with ours built from the same source and
# fragments.
#   refs.sh [-d] KIND...      list them, each current or stale; exit
#                             status 1 when one is stale
#   refs.sh -u [-d] KIND...   record the stale ones again, from stock
#                             built from the unpacked source
#   -d                        the debug flavour's (make check DEBUG=1)
# KINDs, of the architecture KPT_ARCH:
#   baseline  tests/baseline[/arm64]/stock.pass   (make baseline)
#   diff      tests/diff/stock[-arm64].golden     (make diff-golden)
#   fuzz      tests/stress/fuzz[-arm64|-debug].golden (make stress-golden)
#   clients   tests/clients/golden/NAME.out of tests/clients/check.list
#   arm64     the arm64 part of an x86-64 check: arm64's baseline and diff
# (harness/distro.sh records its own, tests/baseline/distro-CONFIG.stock.)
# With -u the x86-64 and arm64 recordings go side by side (a guest uses
# one core); ends with "N passed, N failed", one per kind recorded.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

update=0 debug=0
while getopts "ud" o; do
	case $o in
	u) update=1 ;;
	d) debug=1 ;;
	*) kpt_die "bad option" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || kpt_die "usage: refs.sh [-u] [-d] KIND..."
version=$(kpt_source_version)
[ -n "$version" ] || kpt_die "linux-source-6.12 is not installed (make deps)"

# ref_files KIND ARCH: the reference files of a kind, one a line
ref_files() {
	local suffix base=$KPT_ROOT/tests/baseline
	suffix=$([ "$2" = arm64 ] && echo -arm64)
	[ "$2" = arm64 ] && base=$base/arm64
	case $1 in
	baseline) echo "$base/stock.pass" ;;
	diff) echo "$KPT_ROOT/tests/diff/stock$suffix.golden" ;;
	fuzz) echo "$KPT_ROOT/tests/stress/fuzz$suffix$([ "$debug" = 1 ] && echo -debug).golden" ;;
	clients)
		kpt_list "$KPT_ROOT/tests/clients/check.list" | while read -r c; do
			echo "$KPT_ROOT/tests/clients/golden/$c.out"
		done ;;
	arm64)
		ref_files baseline arm64
		ref_files diff arm64 ;;
	*) kpt_die "unknown kind $1" ;;
	esac
}

# The architecture a kind's references are of
kind_arch() {
	[ "$1" = arm64 ] && echo arm64 || echo "$KPT_ARCH"
}

# The flavour of the stock kernel a kind is recorded from: the debug one
# for the fuzz golden of -d, else the plain one
kind_flavour() {
	[ "$1" = fuzz ] && echo "$debug" || echo 0
}

# stale KIND: the files of a kind that are missing or recorded from
# another source or other config fragments, each with what its stamp names
stale() {
	local f s want
	want=$(kpt_stamp "$(kind_flavour "$1")" "$(kind_arch "$1")")
	ref_files "$1" "$(kind_arch "$1")" | while read -r f; do
		s=$(kpt_stamp_of "$f")
		[ "$s" = "$want" ] || echo "${f#$KPT_ROOT/} ${s:-unstamped}"
	done
}

# kmake TARGET ARCH VARS...: a target of the Makefile, with nothing of
# the calling make's command line (make check TESTS=... would otherwise
# reach make baseline's stock run through MAKEFLAGS)
kmake() {
	local target=$1 arch=$2
	shift 2
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make -C "$KPT_ROOT" --no-print-directory "$target" ARCH="$arch" \
		TESTS= NO_HOST= GUEST_ONLY= "$@"
}

# Record one kind again; its output in $logs/KIND.log
record() { # kind
	local arch
	arch=$(kind_arch "$1")
	case $1 in
	baseline) kmake baseline "$arch" DEBUG=0 ;;
	diff) kmake diff-golden "$arch" ;;
	fuzz) kmake stress-golden "$arch" DEBUG="$debug" ;;
	clients)
		kmake kernel "$arch" KERNEL=stock DEBUG=0 &&
			"$KPT_ROOT/harness/clients.sh" -g stock ;;
	arm64)
		kmake baseline arm64 DEBUG=0 && kmake diff-golden arm64 ;;
	esac
}

# The kinds of one lane, in turn; a line "KIND ok|failed" each
lane() { # kind...
	local k
	for k in "$@"; do
		if record "$k" >"$logs/$k.log" 2>&1 && [ -z "$(stale "$k")" ]; then
			echo "$k ok"
		else
			echo "$k failed"
		fi
	done
}

kinds=() n=0
for k in "$@"; do
	s=$(stale "$k")
	if [ -z "$s" ]; then
		[ "$update" = 1 ] || echo "current $k"
		continue
	fi
	[ "$update" = 1 ] || echo "$s" | sed "s/^/stale $k: /"
	kinds+=("$k")
	n=$((n + $(echo "$s" | wc -l)))
done
[ "${#kinds[@]}" = 0 ] && { [ "$update" = 0 ] || echo "0 passed, 0 failed"; exit 0; }
[ "$update" = 1 ] || exit 1

logs=$KPT_BUILD/refs
rm -rf "$logs" && mkdir -p "$logs"
kpt_log "stock references: $n of them were recorded from another source or other config fragments than stock of this tree, linux-source-6.12 $version (first: $(stale "${kinds[0]}" | head -n 1); kinds ${kinds[*]}): recording them again from stock $version first (about 35 minutes, an hour with the stock kernels to build: README; logs in ${logs#$KPT_ROOT/})"
t0=$(date +%s)
lane_a=() lane_b=()
for k in "${kinds[@]}"; do
	case $k in
	arm64) lane_b+=("$k") ;;
	*) lane_a+=("$k") ;;
	esac
done
lane "${lane_a[@]}" >"$logs/lane-a" &
pa=$!
( renice -n 10 "$BASHPID" >/dev/null; lane "${lane_b[@]}" >"$logs/lane-b" ) &
pb=$!
wait "$pa" "$pb"
passed=$(cat "$logs"/lane-* | grep -c ' ok$')
failed=$(cat "$logs"/lane-* | grep -c ' failed$')
cat "$logs"/lane-* | sed -n 's/ failed$//p' | while read -r k; do
	echo "FAIL stock references $k: not recorded (see ${logs#$KPT_ROOT/}/$k.log)"
	tail -n 20 "$logs/$k.log"
done
kpt_log "stock references recorded again in $((($(date +%s) - t0) / 60)) min; git diff tests/ shows them (commit them, or the next fresh clone records them again)"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
