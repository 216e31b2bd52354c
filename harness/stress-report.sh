#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The figures of a make stress run, stock and ours side by side:
#   stress-report.sh [-d] [-r RUN] STRESS_OUT RELIABILITY.md
# (-r: the command that made the run, as the table's caption says it).
# Reads STRESS_OUT/{stock,ours}[-debug]/ (stress.txt: kpt_stress's STAT
# lines; fuzz-summary.txt: kpt_fuzz's FUZZ line; reports.count: kernel
# report lines in the console; ours' fuzz-diff.txt.count: per-write
# differences from stock), prints the table and rewrites the part of
# RELIABILITY.md between its "<!-- figures" markers for this flavour.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

debug=0 how="make stress"
while getopts "dr:" o; do
	case $o in
	d) debug=1 ;;
	r) how=$OPTARG ;;
	*) kpt_die "bad option" ;;
	esac
done
shift $((OPTIND - 1))
top=${1:?usage: stress-report.sh [-d] STRESS_OUT RELIABILITY.md}
md=${2:?usage: stress-report.sh [-d] STRESS_OUT RELIABILITY.md}
flavour=$([ "$debug" = 1 ] && echo -debug || true)

stat() { # variant name: a STAT value of the stress run, or "-"
	local v
	v=$(awk -v n="$2" '$1 == "STAT" && $2 == n { print $3 }' \
		"$top/$1$flavour/stress.txt" 2>/dev/null | tail -n 1)
	echo "${v:--}"
}

fuzz() { # variant key: a key=value of the fuzzer's summary line, or "-"
	local v
	v=$(grep -o "$2=[0-9.]*" "$top/$1$flavour/fuzz-summary.txt" 2>/dev/null |
		head -n 1 | cut -d= -f2)
	echo "${v:--}"
}

per_second() { # count seconds
	if [ "$1" = - ] || [ "$2" = - ] || [ "$2" = 0 ]; then
		echo -
	else
		awk -v c="$1" -v s="$2" 'BEGIN { printf "%.0f", c / s }'
	fi
}

mb() { # bytes
	[ "$1" = - ] && { echo -; return; }
	awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'
}

faults() { # variant: "passed of run" of the fault-path tests, or "-"
	local f=$top/$1$flavour/faults.txt p n
	p=$(sed -n 's/^# of passed: *//p' "$f" 2>/dev/null)
	[ -n "$p" ] || { echo -; return; }
	n=$(grep -c '^\[[0-9]*\]' "$f")
	echo "$p of $n"
}

file_or_dash() { # path
	cat "$1" 2>/dev/null || echo -
}

row() { # label stock ours
	printf '| %s | %s | %s |\n' "$1" "$2" "$3"
}

# row_stat LABEL NAME: a STAT value for both kernels
row_stat() {
	row "$1" "$(stat stock "$2")" "$(stat ours "$2")"
}

table() {
	local s o
	echo "| figure | stock | ours |"
	echo "|---|---:|---:|"
	row_stat "stress run, seconds" seconds
	row_stat "tasks (writers, togglers, busy tasks, readers, ...)" workers
	row "control writes per second held" \
		"$(per_second "$(stat stock control_writes)" "$(stat stock seconds)")" \
		"$(per_second "$(stat ours control_writes)" "$(stat ours seconds)")"
	row_stat "  of them refused by design (name taken, busy, gone)" control_writes_refused
	row_stat "  of them refused otherwise" control_writes_unexpected
	row "probe hits per second held" \
		"$(per_second "$(stat stock hits)" "$(stat stock seconds)")" \
		"$(per_second "$(stat ours hits)" "$(stat ours seconds)")"
	row_stat "counted events: hits" counted_hits
	row_stat "counted events: records lost, buffer never overran" records_lost
	row_stat "counted events: records lost with overrun" records_lost_overrun
	row_stat "counted instance: overrun + dropped" counted_overrun
	row_stat "top buffer: records overwritten unread (overrun)" top_overrun
	row "trace_pipe read, MiB" "$(mb "$(stat stock bytes_trace_pipe)")" \
		"$(mb "$(stat ours bytes_trace_pipe)")"
	row "trace_pipe_raw read, MiB" "$(mb "$(stat stock bytes_trace_pipe_raw)")" \
		"$(mb "$(stat ours bytes_trace_pipe_raw)")"
	row_stat "perf samples read" ops_perf
	row_stat "perf records lost (ring full)" perf_lost
	row_stat "module load + unload cycles" ops_modules
	row_stat "kprobe PMU events made and closed" ops_kprobe_pmu
	row_stat "BPF attach + detach cycles" ops_bpf
	row_stat "tasks hung" hung
	row_stat "listing / events/ mismatches" listing_mismatches
	row "fault-path tests passed (fault_*.tc, after the load)" "$(faults stock)" "$(faults ours)"
	row "kernel reports (console)" "$(file_or_dash "$top/stock$flavour/reports.count")" \
		"$(file_or_dash "$top/ours$flavour/reports.count")"
	row "fuzzed writes" "$(fuzz stock writes)" "$(fuzz ours writes)"
	row "  accepted (then enabled, hit, read, deleted)" "$(fuzz stock accepted)" "$(fuzz ours accepted)"
	row "  rejected (nothing changed)" "$(fuzz stock rejected)" "$(fuzz ours rejected)"
	row "  invariant violations" "$(fuzz stock violations)" "$(fuzz ours violations)"
	row "  fuzzed writes per second" \
		"$(per_second "$(fuzz stock writes)" "$(fuzz stock seconds)")" \
		"$(per_second "$(fuzz ours writes)" "$(fuzz ours seconds)")"
	s=-
	o=$(file_or_dash "$top/ours$flavour/fuzz-diff.txt.count")
	row "  per-write results differing from stock (unexplained)" "$s" "$o"
}

out=$(table)
echo
echo "==== make stress$([ "$debug" = 1 ] && echo ' DEBUG=1'): figures ===="
echo "$out"

# Keep the rest of RELIABILITY.md; replace this flavour's table.
begin="<!-- figures$flavour begin -->"
end="<!-- figures$flavour end -->"
[ -f "$md" ] || kpt_die "${md#$KPT_ROOT/} is missing"
grep -qF "$begin" "$md" || kpt_die "no '$begin' marker in ${md#$KPT_ROOT/}"
awk -v b="$begin" -v e="$end" -v t="$out" -v d="$(date -u +%Y-%m-%d)" -v how="$how" '
	$0 == b { print; print "Measured " d " with `" how "`."; print ""; print t; skip = 1; next }
	$0 == e { skip = 0 }
	!skip { print }' "$md" >"$md.tmp"
mv "$md.tmp" "$md"
kpt_log "wrote ${md#$KPT_ROOT/}"
