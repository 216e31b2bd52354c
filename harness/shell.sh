#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make shell: boot the built kernel to an interactive busybox shell on the
# serial console (exit the shell to power the guest off).
#   shell.sh [-d] VARIANT
set -euo pipefail
. "$(dirname "$0")/lib.sh"

dflag= debug=0
[ "${1:-}" = -d ] && { dflag=-d; debug=1; shift; }
variant=${1:?usage: shell.sh [-d] stock|ours}
initrd=$(kpt_pack_plain shell "$debug" "$variant")
exec "$KPT_ROOT/harness/qemu.sh" $dflag -m shell -i "$initrd" "$variant"
