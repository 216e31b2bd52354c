#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make shell: boot the built kernel to an interactive busybox shell on the
# serial console (exit the shell to power the guest off).
#   shell.sh [-d] VARIANT
set -euo pipefail
. "$(dirname "$0")/lib.sh"

dflag=
[ "${1:-}" = -d ] && { dflag=-d; shift; }
variant=${1:?usage: shell.sh [-d] stock|ours}
out=$(kpt_outdir "$variant" "$([ -n "$dflag" ] && echo 1 || echo 0)")
run=$out/shell
mkdir -p "$run"
: >"$run/tests.list"
"$KPT_ROOT/harness/initramfs.sh" "$variant" "$([ -n "$dflag" ] && echo 1 || echo 0)" \
	"$run/tests.list" "$run/initramfs.cpio.gz"
exec "$KPT_ROOT/harness/qemu.sh" $dflag -m shell -i "$run/initramfs.cpio.gz" "$variant"
