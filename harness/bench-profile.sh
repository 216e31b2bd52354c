#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The report of `make bench PROFILE=1` (bench.sh -p): for each row of the
# per-hit matrix, the guest instructions per hit that each kernel function
# adds when the row's event (or floor probe) is enabled: the kpt_prof
# plugin's counts of the enabled measurement minus those of the baseline
# measurement (rep 0), divided by the calls per measurement.
#   bench-profile.sh BENCH_DIR VARIANT...
# Addresses are mapped to functions with the variant's System.map and the
# module symbols the guest listed ("ksym" lines); code outside any symbol
# (kprobe trampolines, optprobe detour buffers) counts for the nearest
# symbol below it.  Functions that differ by less than half an instruction
# per hit in every variant are left out.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

bench=$1
shift

# ROW FUNCTION PER-HIT lines of one variant
per_function() { # variant
	local run=$bench/$1 hits
	hits=$(awk '{ print $1 }' "$run/initramfs/kpt/bench.conf")
	{
		awk '$2 ~ /^[tTwW]$/ { print $1, $3 }' \
			"$(kpt_outdir "$1" 0)/System.map"
		awk '$1 == "ksym" && $3 ~ /^[tT]$/ { print $2, $4 }' \
			"$run/results"
	} | sort >"$run/prof/symbols"
	awk '$1 == "prof" && $4 == 0 { print $2, $6, $8 }' "$run/results" |
	while read -r row base event; do
		awk -v row="$row" -v hits="$hits" -v base="$run/prof/seg$base" '
			function pad(a) {
				return "x" substr("0000000000000000", 1,
						  16 - length(a)) a
			}
			function fname(a,   lo, hi, mid) {
				a = pad(a)
				if (a < addr[1])
					return "[user]"
				lo = 1; hi = n
				while (lo < hi) {
					mid = int((lo + hi + 1) / 2)
					if (addr[mid] <= a)
						lo = mid
					else
						hi = mid - 1
				}
				return name[lo]
			}
			FILENAME ~ /symbols$/ { addr[++n] = pad($1); name[n] = $2; next }
			FILENAME == base { sum[fname($1)] -= $2; next }
			{ sum[fname($1)] += $2 }
			END {
				for (f in sum)
					printf "%s %s %.1f\n", row, f, sum[f] / hits
			}' "$run/prof/symbols" "$run/prof/seg$base" "$run/prof/seg$event"
	done
}

# One line per row and function: ROW-NUMBER LARGEST ROW FUNCTION VALUES...
merge() {
	awk -v variants="$*" '
		BEGIN { nv = split(variants, vs, " ") }
		{
			if (!($2 in rownum)) rownum[$2] = ++nr
			key = $2 " " $3
			keys[key] = $2
			val[$1, key] = $4
			total[$1, $2] += $4
		}
		END {
			for (key in keys) {
				line = ""; big = 0
				for (i = 1; i <= nv; i++) {
					x = val[vs[i], key] + 0
					line = line " " x
					if (x > big) big = x
					if (-x > big) big = -x
				}
				if (big >= 0.5)
					print rownum[keys[key]], big, key line
			}
			for (r in rownum) {
				line = ""
				for (i = 1; i <= nv; i++)
					line = line " " total[vs[i], r] + 0
				print rownum[r], -1, r, "total" line
			}
		}'
}

for v in "$@"; do
	per_function "$v" | sed "s/^/$v /"
done | merge "$@" | sort -k1,1n -k2,2gr | awk -v variants="$*" '
	BEGIN { nv = split(variants, vs, " ") }
	$3 != row {
		row = $3
		printf "%s== %s: instructions per hit over the baseline\n",
			(NR > 1 ? "\n" : ""), row
		printf "  %-44s", "function"
		for (i = 1; i <= nv; i++)
			printf " %9s", vs[i]
		printf "\n"
	}
	{
		printf "  %-44s", $4
		for (i = 1; i <= nv; i++)
			printf " %9.1f", $(4 + i)
		printf "\n"
	}'
