#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make demo: boot the built kernel and run harness/guest/demo.sh in it.
#   demo.sh [-d] VARIANT
set -euo pipefail
. "$(dirname "$0")/lib.sh"

dflag= debug=0
[ "${1:-}" = -d ] && { dflag=-d; debug=1; shift; }
variant=${1:?usage: demo.sh [-d] stock|ours}
run=$(kpt_outdir "$variant" "$debug")/demo
initrd=$(kpt_pack_plain demo "$debug" "$variant")
# Only the demo's own output, not the kernel's boot messages.
"$KPT_ROOT/harness/qemu.sh" -q $dflag -m demo -i "$initrd" \
	-r "$run" -t 600 -a quiet "$variant" || kpt_die "guest run failed, see $run/console.log"
tr -d '\r' <"$run/console.log" | sed -n '/^kprobetrace demo/,/^demo finished/p'
grep -q '^demo finished' "$run/console.log" || kpt_die "demo did not finish, see $run/console.log"
