#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# trace-cmd's lost records on both kernels (make tracecmd-race): runs
# tests/clients/trace-cmd-race.sh in the clients guest of stock, then of
# ours, and prints their figures side by side.  Each kernel's transcript
# (with the diagnostics of any run lost for another reason than the
# recorder race) is build/out/VARIANT/clients/share/trace-cmd-race.out.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

declare -A fig
for v in stock ours; do
	out=$(kpt_outdir "$v" 0)
	"$KPT_ROOT/harness/clients.sh" -m -T 5400 -c trace-cmd-race "$v" |
		tee "$out/trace-cmd-race.figures"
	while read -r _ series rest; do
		fig[$v,$series]=$rest
	done < <(grep '^FIGURE ' "$out/trace-cmd-race.figures")
done

printf '\n%-14s | %-58s | %s\n' series stock ours
for s in plain delay-0.005 delay-0.05 extract stream; do
	printf '%-14s | %-58s | %s\n' "$s" "${fig[stock,$s]:-not run}" \
		"${fig[ours,$s]:-not run}"
done
