#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Record the stock baseline from the last `make check KERNEL=stock` run:
# tests/baseline/stock.pass gets every guest test that passed on stock.
# Tests that did not pass need a reason in tests/baseline/stock.notes.
# With ARCH=arm64: tests/baseline/arm64/ (KPT_BASELINE).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

run=$(kpt_outdir stock 0)/check
[ -f "$run/results-main.txt" ] || kpt_die "no stock results; run: make check KERNEL=stock"
grep -q '^DONE' "$run/results-main.txt" || kpt_die "the stock run did not finish"
# every boot's results: the main run, the isolated tests, the boot tests
res=$(mktemp)
trap 'rm -f "$res"' EXIT
cat "$run"/results-*.txt | grep '^RESULT ' >"$res"
dst=$KPT_BASELINE/stock.pass
mkdir -p "$KPT_BASELINE"
{
	echo "# Guest tests that pass on the stock 6.12 $KPT_ARCH kernel with config/kprobetrace.config."
	echo "# Written by 'make baseline'; 'make check' fails when one of these does not pass on ours."
	kpt_stamp_line
	grep '^RESULT ' "$res" | awk '$3 == "PASS" { print $2 }' | sort
} >"$dst"
kpt_log "$(grep -vc '^#' "$dst") tests pass on stock -> ${dst#$KPT_ROOT/}"
grep '^RESULT ' "$res" | awk '$3 != "PASS" { print $2, $3 }' | while read -r t r; do
	grep -qF "$t " "$KPT_BASELINE/stock.notes" 2>/dev/null ||
		echo "  $t: $r on stock, and no reason in ${KPT_BASELINE#$KPT_ROOT/}/stock.notes"
done
