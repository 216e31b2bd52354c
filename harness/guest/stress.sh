#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make stress, guest side (kpt.mode=stress): the concurrent stress run
# (kpt_stress) for kpt.stress= seconds, then kpt.fuzz= definitions from
# the definition fuzzer (kpt_fuzz) with seed kpt.seed=, then, with
# kpt.faults=1, the fault-path tests (test.d/kprobetrace/fault_*.tc, but
# those kpt.faultskip= names, comma-separated).  Their output files go to
# the host on the results port (/dev/kpt-res), gzip'd and base64-encoded
# between "FILE NAME" and "END NAME" lines; harness/stress.sh reads them.

RES=/dev/kpt-res
secs=0 writes=0 first=0 seed=1 faults=0 skip=
for w in $(cat /proc/cmdline); do
	case "$w" in
	kpt.faults=*) faults=${w#kpt.faults=} ;;
	kpt.faultskip=*) skip=$(echo "${w#kpt.faultskip=}" | tr , ' ') ;;
	kpt.stress=*) secs=${w#kpt.stress=} ;;
	kpt.fuzz=*) writes=${w#kpt.fuzz=} ;;
	kpt.fuzzfirst=*) first=${w#kpt.fuzzfirst=} ;;
	kpt.seed=*) seed=${w#kpt.seed=} ;;
	esac
done
exec 3>$RES

emit() {
	printf '%s\n' "$*" >&3
}

send_file() { # name path
	emit "FILE $1"
	gzip -c "$2" | uuencode -m - >&3
	emit "END $1"
}

emit "BEGIN $(cat /kpt/variant) $(uname -r)"
emit "CPUS $(cat /sys/devices/system/cpu/online)"
if [ "$secs" -gt 0 ]; then
	# The program bounds itself; the host's bound on the whole guest is
	# the backstop for a kernel that stops scheduling it.
	# Stock 6.12 oopses when an enabled multi-probe uprobe event is
	# deleted (test.d/kprobetrace/multi_probe_busy.tc): on stock the
	# writers leave that one out (-k), or the run would end there.
	safe=
	[ "$(cat /kpt/variant)" = stock ] && safe=-k
	kpt_stress -t "$secs" $safe >/tmp/stress.txt 2>&1
	emit "STRESS_EXIT $?"
	send_file stress /tmp/stress.txt
fi
if [ "$writes" -gt 0 ]; then
	# Expedited grace periods: every accepted write deletes an event,
	# and under TCG a normal grace period is most of a write's time (2.4
	# times as many writes a second; the per-write results are the same).
	exp=/sys/kernel/rcu_expedited
	was=$(cat $exp)
	echo 1 >$exp
	kpt_fuzz -s "$seed" -n "$writes" -f "$first" -o /tmp/fuzz.txt >/tmp/fuzz-summary.txt 2>&1
	emit "FUZZ_EXIT $?"
	echo "$was" >$exp
	send_file fuzz /tmp/fuzz.txt
	send_file fuzz-summary /tmp/fuzz-summary.txt
fi
if [ "$faults" = 1 ]; then
	# -v: a failed test's whole log (its commands and output) goes into
	# faults.txt, which is all of the guest the host keeps.
	(cd /selftests/ftrace &&
	 tests=$(for t in test.d/kprobetrace/fault_*.tc; do
		case " $skip " in *" ${t##*/} "*) ;; *) echo "$t" ;; esac
	 done) &&
	 timeout 1800 ./ftracetest -v -l /tmp/faults.d $tests) \
		>/tmp/faults.txt 2>&1
	emit "FAULTS_EXIT $?"
	send_file faults /tmp/faults.txt
fi
# Debug kernels: a leak scan once everything has run (see check.sh).
if [ -w /sys/kernel/debug/kmemleak ]; then
	echo scan >/sys/kernel/debug/kmemleak
	sleep 5
	echo scan >/sys/kernel/debug/kmemleak
	cat /sys/kernel/debug/kmemleak
fi
emit "DONE"
