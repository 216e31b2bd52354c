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
# Kernel messages below warnings stay off the console (loglevel=5, not
# quiet: a warning must reach the console, where it fails the demo).
# tsc=reliable:
# under TCG the clocksource watchdog may call the TSC unstable and fall
# back to a clock with jiffy steps, which would put every open of the
# latency histogram at 0 or 4 ms.
"$KPT_ROOT/harness/qemu.sh" -q $dflag -m demo -i "$initrd" \
	-r "$run" -t 600 -a "loglevel=5 tsc=reliable" "$variant" || kpt_die "guest run failed, see $run/console.log"
tr -d '\r' <"$run/console.log" | sed -n '/^kprobetrace demo/,/^demo finished/p' >"$run/demo.txt"
cat "$run/demo.txt"
grep -q '^demo finished' "$run/demo.txt" || kpt_die "demo did not finish, see $run/console.log"
if kpt_reports "$run/console.log" >"$run/kernel-reports.txt"; then
	head -n 20 "$run/kernel-reports.txt"
	kpt_die "kernel reports in the demo (see $run/kernel-reports.txt)"
fi

# The open latency histogram the demo printed ("{ usecs: ~ 2^K }
# hitcount: N" per bucket: N opens took 2^K to 2^(K+1) - 1 us), drawn
# with gnuplot.
sed -nE 's/^\{ usecs: ~ 2\^([0-9]+) *\} hitcount: *([0-9]+)$/\1 \2/p' \
	"$run/demo.txt" >"$run/open-latency.dat"
[ -s "$run/open-latency.dat" ] || kpt_die "the demo printed no latency histogram"
png=$run/open-latency.png
gnuplot <<EOF || kpt_die "gnuplot failed"
set terminal pngcairo size 900,500 font "sans,11" noenhanced
set output "$png"
set title "do_sys_openat2 latency on the $variant kernel (kprobe + kretprobe, synthetic event, hist trigger)"
set xlabel "microseconds (log2 buckets: from the value shown to twice it)"
set ylabel "opens"
set style fill solid 0.8 border -1
set grid ytics
set yrange [0:*]
set offsets 0, 0, graph 0.05, 0
unset key
set boxwidth 0.8
plot "$run/open-latency.dat" using 1:2:xtic(sprintf("%d", 2**\$1)) with boxes lc rgb "#3b6ea8"
EOF
echo
echo "latency histogram: $png"
