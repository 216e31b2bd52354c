#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make demo: boot the built kernel and run harness/guest/demo.sh in it.
#   demo.sh [-d] VARIANT
set -euo pipefail
. "$(dirname "$0")/lib.sh"

dflag=
[ "${1:-}" = -d ] && { dflag=-d; shift; }
variant=${1:?usage: demo.sh [-d] stock|ours}
out=$(kpt_outdir "$variant" "$([ -n "$dflag" ] && echo 1 || echo 0)")
run=$out/demo
mkdir -p "$run"
: >"$run/tests.list"
"$KPT_ROOT/harness/initramfs.sh" "$variant" "$([ -n "$dflag" ] && echo 1 || echo 0)" \
	"$run/tests.list" "$run/initramfs.cpio.gz"
# Only the demo's own output, not the kernel's boot messages.
"$KPT_ROOT/harness/qemu.sh" -q $dflag -m demo -i "$run/initramfs.cpio.gz" \
	-r "$run" -t 600 -a quiet "$variant" || kpt_die "guest run failed, see $run/console.log"
tr -d '\r' <"$run/console.log" | sed -n '/^kprobetrace demo/,/^demo finished/p'
grep -q '^demo finished' "$run/console.log" || kpt_die "demo did not finish, see $run/console.log"
