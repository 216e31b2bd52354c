#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make stress: reliability under load and hostile input, stock and ours.
#   stress.sh [-d] [-c] [-t SECONDS] [-n WRITES] [-s SEED] [-v VARIANTS]
#   -d           the debug flavour (KASAN, UBSAN, lockdep, kmemleak)
#   -c           check form (make check): compare the fuzzer's results
#                with tests/stress/fuzz.golden (-d: fuzz-debug.golden)
#                instead of a stock run, and write no RELIABILITY.md
#   -g           record tests/stress/fuzz[-debug].golden from the stock
#                kernel (the debug kernels' struct layouts differ, and so
#                do listings with offsets: each flavour has its golden)
#   -t SECONDS   concurrent stress run per kernel (default 600; 0: none)
#   -n WRITES    fuzzed definitions per kernel (default 100000; 0: none)
#   -s SEED      the fuzzer's seed (default 1)
#   -f FIRST     the index of the first fuzzed write (default 0): each
#                write is made from (SEED, index) alone and starts from
#                the same state, so a long run can be done in ranges
#   -v VARIANTS  kernels to run (default "stock ours")
# Each kernel boots once (kpt.mode=stress, harness/guest/stress.sh): the
# stress program (tools/testing/kprobetrace/kpt_stress.c) runs for the
# given time, then the fuzzer (kpt_fuzz.c) writes the given number of
# definitions, then (not with -c or -g) the fault-path tests run.  A kernel fails on a FAIL line of the stress run, a
# VIOLATION of the fuzzer, a kernel report in the console, or a guest
# that does not finish; the fuzzers' per-write results must be the same
# on both kernels, except for differences tests/baseline/fuzz.explained
# lists with their reason.  Prints the figures side by side, writes them
# to RELIABILITY.md (full runs), and ends with "N passed, N failed".
# Outputs: build/out/stress/VARIANT[-debug]/ (-c: build/out/stress-check/;
# KPT_STRESS_OUT: elsewhere).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

debug=0 check=0 golden=0 secs=600 writes=100000 seed=1 first=0 variants="stock ours"
while getopts "dcgt:n:s:f:v:" o; do
	case $o in
	d) debug=1 ;;
	c) check=1 ;;
	g) golden=1 variants=stock ;;
	t) secs=$OPTARG ;;
	n) writes=$OPTARG ;;
	s) seed=$OPTARG ;;
	f) first=$OPTARG ;;
	v) variants=$OPTARG ;;
	*) kpt_die "bad option" ;;
	esac
done
flavour=$([ "$debug" = 1 ] && echo -debug || true)
# The fault-path tests run in make check's suite; make stress runs them
# again after the load, for its figures (and on the debug kernel).
faults=$([ "$check" = 1 ] || [ "$golden" = 1 ] && echo 0 || echo 1)
# each architecture has its own results and golden (register names,
# instruction boundaries)
top=${KPT_STRESS_OUT:-$KPT_BUILD/out/stress$KPT_ARCH_SUFFIX$([ "$check" = 1 ] && echo -check || true)}
golden_file=$KPT_ROOT/tests/stress/fuzz$KPT_ARCH_SUFFIX$flavour.golden
explained=$KPT_ROOT/tests/baseline/fuzz.explained
md=$KPT_ROOT/RELIABILITY.md
# Guest boot (the debug kernel's self tests take minutes), the stress
# run and its drain, and the fuzzer at no less than 10 writes a second
# (about 30 are measured), 2 on the debug kernel (about 4).
boot=$([ "$debug" = 1 ] && echo 1500 || echo 300)
rate=$([ "$debug" = 1 ] && echo 2 || echo 10)
bound=$((boot + secs + secs / 2 + writes / rate + 120 + faults * 1800))
passed=0 failed=0

fail() {
	failed=$((failed + 1))
	echo "FAIL $*"
}

# The files the guest sent between "FILE NAME" and "END NAME".
extract_files() { # raw dir
	awk -v d="$2" '
		/^FILE / { name = $2; f = d "/" name ".b64"; next }
		/^END / && name != "" { close(f); name = ""; next }
		name != "" { print > f }' "$1"
	local b
	for b in "$2"/*.b64; do
		[ -f "$b" ] || continue
		sed '1d;$d' "$b" | base64 -d | gunzip >"${b%.b64}.txt" ||
			fail "$(basename "$b" .b64): could not decode"
		rm -f "$b"
	done
}

# The fault-path tests stock fails by design (tests/baseline/stock.notes
# gives the reason; make check shows them), comma-separated: stock's run
# leaves them out.
fault_skip() { # variant
	[ "$1" = stock ] || return 0
	sed -n 's|^test.d/kprobetrace/\(fault_[^ ]*\.tc\) .*|\1|p' \
		"$KPT_ROOT/tests/baseline/stock.notes" | paste -sd, -
}

run_variant() { # variant
	local v=$1 out run rc=0
	out=$(kpt_outdir "$v" "$debug")
	run=$top/$v$flavour
	[ -f "$(kpt_image "$out")" ] || kpt_die "no kernel in $out (make kernel KERNEL=$v)"
	rm -rf "$run" && mkdir -p "$run"
	: >"$run/tests.list"
	KPT_STAGE=$run/stage "$KPT_ROOT/harness/initramfs.sh" "$v" "$debug" \
		"$run/tests.list" "$run/initramfs.cpio.gz"
	rm -rf "$run/stage"
	kpt_log "stress on $v$flavour: ${secs}s of load, $writes fuzzed writes from #$first (seed $seed, bound ${bound}s)"
	"$KPT_ROOT/harness/qemu.sh" -q $([ "$debug" = 1 ] && echo -d) -m stress \
		-i "$run/initramfs.cpio.gz" -r "$run" -t "$bound" \
		-a "kpt.stress=$secs kpt.fuzz=$writes kpt.fuzzfirst=$first kpt.seed=$seed kpt.faults=$faults kpt.faultskip=$(fault_skip "$v")" \
		"$v" || rc=$?
	tr -d '\r' <"$run/results.txt" >"$run/raw.txt"
	extract_files "$run/raw.txt" "$run"
	check_variant "$v" "$run" "$rc"
}

# Kernel reports in the console fail a run whatever the programs said;
# stock's are stock 6.12's own bugs (the debug kernel's kmemleak finds
# some): they are shown, and counted in the figures, but fail nothing.
scan_console() { # variant run
	kpt_reports "$2/console.log" >"$2/kernel-reports.txt" || true
	echo "$(wc -l <"$2/kernel-reports.txt")" >"$2/reports.count"
	if [ -s "$2/kernel-reports.txt" ]; then
		head -n 20 "$2/kernel-reports.txt"
		if [ "$1" = stock ]; then
			echo "NOTE stock: kernel log: $(kpt_reports_summary "$2/kernel-reports.txt"), stock's own (see ${2#$KPT_ROOT/}/console.log)"
		else
			fail "$1: kernel log: $(kpt_reports_summary "$2/kernel-reports.txt") (see ${2#$KPT_ROOT/}/kernel-reports.txt)"
		fi
	else
		passed=$((passed + 1))
	fi
}

check_variant() { # variant run qemu-status
	local v=$1 run=$2
	if ! grep -q '^DONE' "$run/raw.txt"; then
		fail "$v: guest did not finish (status $3; see ${run#$KPT_ROOT/}/console.log)"
		return
	fi
	scan_console "$v" "$run"
	if [ "$secs" -gt 0 ]; then
		if [ -f "$run/stress.txt" ] && grep -q '^STAT seconds ' "$run/stress.txt" &&
			! grep -q '^FAIL' "$run/stress.txt"; then
			passed=$((passed + 1))
		else
			grep '^FAIL' "$run/stress.txt" 2>/dev/null | head -n 20
			fail "$v: stress run (see ${run#$KPT_ROOT/}/stress.txt)"
		fi
	fi
	if [ "$faults" = 1 ]; then
		if grep -q '^# of passed:' "$run/faults.txt" 2>/dev/null &&
			grep -q '^# of failed: *0$' "$run/faults.txt"; then
			passed=$((passed + 1))
		else
			fail "$v: fault-path tests (see ${run#$KPT_ROOT/}/faults.txt)"
		fi
	fi
	if [ "$writes" -gt 0 ]; then
		if grep -q '^FUZZ writes=' "$run/fuzz-summary.txt" 2>/dev/null &&
			! grep -q VIOLATION "$run/fuzz-summary.txt"; then
			passed=$((passed + 1))
		else
			grep VIOLATION "$run/fuzz-summary.txt" 2>/dev/null | head -n 20
			fail "$v: fuzzer (see ${run#$KPT_ROOT/}/fuzz-summary.txt)"
		fi
	fi
}

# Per-write results of two runs ("IDX<TAB>FILE<TAB>RESULT<TAB>TEMPLATE"
# lines), minus the differences tests/baseline/fuzz.explained lists
# ("ERE<TAB>ERE<TAB>reason[<TAB>ERE]": extended regular expressions on
# the template and on stock's result, and why the kernels differ there;
# such a difference may be in the error_log caret only, or, with the
# fourth field, anything as long as ours' result matches it: kprobetrace's
# own syntax, which 6.12 rejects).  A write one run has and the other has
# not is a difference too.
compare_fuzz() { # stock-results ours-results out
	local n
	awk -F'\t' -v ex="$explained" '
		BEGIN {
			while ((getline l < ex) > 0)
				if (l !~ /^#/ && l != "") {
					split(l, p, "\t")
					re[++nre] = p[1]
					sre[nre] = p[2]
					ore[nre] = p[4]
				}
		}
		/^#/ { next }
		FNR == NR { want[$1] = $2 "\t" $3; seen[$1] = 0; next }
		{
			got = $2 "\t" $3
			if ($1 in want) { seen[$1] = 1; if (want[$1] == got) next }
			# an explained difference is in the caret only
			a = want[$1]; b = got
			sub(/log=[0-9a-z]+:/, "log=:", a)
			sub(/log=[0-9a-z]+:/, "log=:", b)
			for (i = 1; i <= nre; i++)
				if ($4 ~ re[i] && want[$1] ~ sre[i] &&
				    (ore[i] == "" ? a == b : got ~ ore[i]))
					next
			print $1 "\t" $4
			print "  stock: " (($1 in want) ? want[$1] : "(no such write)")
			print "  ours:  " got
		}
		END {
			for (k in seen) if (!seen[k]) print k "\t(missing)\n  stock: " want[k] "\n  ours:  (no such write)"
		}' "$1" "$2" >"$3"
	n=$(grep -c $'^[0-9]' "$3" || true)
	echo "$n" >"$3.count"
	if [ "$n" = 0 ]; then
		passed=$((passed + 1))
	else
		head -n 30 "$3"
		fail "fuzzer: $n per-write differences from stock (see ${3#$KPT_ROOT/})"
	fi
}

# The kernels run at once, each guest on a host thread of its own (QEMU
# runs a guest's two vCPUs on one thread): the two cores serve one each,
# so the figures compare them under the same conditions, in half the
# time.  Each run's verdicts come back in a file, as it is a subshell.
mkdir -p "$top"
for v in $variants; do
	rm -f "$top/$v$flavour.counts"
	( passed=0 failed=0; run_variant "$v" >"$top/$v$flavour.log" 2>&1
	  echo "$passed $failed" >"$top/$v$flavour.counts" ) &
done
wait
for v in $variants; do
	cat "$top/$v$flavour.log"
	if read -r p f 2>/dev/null <"$top/$v$flavour.counts"; then
		passed=$((passed + p)) failed=$((failed + f))
	else
		fail "$v: the run stopped early (see above)"
	fi
done

if [ "$golden" = 1 ]; then
	mkdir -p "$(dirname "$golden_file")"
	{
		echo "# SPDX-License-Identifier: GPL-2.0"
		echo "# kpt_fuzz -s $seed -n $writes on the stock$flavour kernel: per-write results."
		echo "# Generated by harness/stress.sh -g (make stress-golden); do not edit."
		kpt_stamp_line "$debug"
		echo "# (Templates cut to 120 bytes: the comparison reads ours' whole.)"
		awk -F'\t' -v OFS='\t' '{ $4 = substr($4, 1, 120); print }' \
			"$top/stock$flavour/fuzz.txt"
	} >"$golden_file"
	kpt_log "wrote ${golden_file#$KPT_ROOT/}"
elif [ "$writes" -gt 0 ] && [ "$check" = 1 ]; then
	if kpt_ref_current "$golden_file" "$debug"; then
		for v in $variants; do
			compare_fuzz "$golden_file" "$top/$v$flavour/fuzz.txt" \
				"$top/$v$flavour/fuzz-diff.txt"
		done
	else
		failed=$((failed + 1))
	fi
elif [ "$writes" -gt 0 ] && [ -f "$top/stock$flavour/fuzz.txt" ] &&
	[ -f "$top/ours$flavour/fuzz.txt" ]; then
	compare_fuzz "$top/stock$flavour/fuzz.txt" "$top/ours$flavour/fuzz.txt" \
		"$top/ours$flavour/fuzz-diff.txt"
fi

[ "$check" = 1 ] || [ "$golden" = 1 ] ||
	"$KPT_ROOT/harness/stress-report.sh" $([ "$debug" = 1 ] && echo -d) \
		-r "make stress$([ "$debug" = 1 ] && echo ' DEBUG=1') STRESS_SECONDS=$secs FUZZ_WRITES=$writes FUZZ_SEED=$seed$([ "$first" = 0 ] || echo " FUZZ_FIRST=$first")" \
		"$top" "$md"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
