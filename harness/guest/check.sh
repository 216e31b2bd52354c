#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run every test in /kpt/tests.list, each bounded by a wall-clock timeout:
# ftracetest paths, or boot/NAME.sh scripts (tests/boot) that check what a
# special kernel command line did and pass when they exit 0 (4: unsupported,
# the feature is not in this kernel).  Report one
# "RESULT <test> <outcome> <seconds>" line per test on
# the results port (/dev/kpt-res), then "DONE".  Outcomes are ftracetest's (PASS, FAIL,
# UNRESOLVED, UNTESTED, UNSUPPORTED, XFAIL) or TIMEOUT / NORESULT.

. /kpt/lib.sh

RES=/dev/kpt-res
FT=/selftests/ftrace
LOGS=/tmp/kpt-logs
timeout=300
for w in $(cat /proc/cmdline); do
	case "$w" in
	kpt.timeout=*) timeout=${w#kpt.timeout=} ;;
	esac
done

report() {
	echo "$*" >$RES
}

outcome() { # log
	grep -o '\[\(PASS\|FAIL\|UNRESOLVED\|UNTESTED\|UNSUPPORTED\|XFAIL\)\]' "$1" |
		tail -n 1 | tr -d '[]'
}

# KUnit suites built into the kernel ran during boot and printed their TAP
# report at KERN_INFO, below the console loglevel: copy it from the kernel
# log to the console, where the host counts it.  The copy runs from the
# first "KTAP version 1" to the last suite result its "1..N" plan announces;
# the lines keep their timestamps.
kunit_tap() {
	dmesg | awk '
		{ msg = $0; sub(/^\[[ 0-9.]*\] /, "", msg) }
		!on && msg == "KTAP version 1" { on = 1 }
		!on { next }
		{ print }
		!plan && msg ~ /^1\.\.[0-9]+$/ { plan = 1; left = substr(msg, 4) + 0 }
		plan && msg ~ /^(not )?ok [0-9]+ / { left-- }
		plan && left <= 0 { exit }'
}

mkdir -p $LOGS
if dmesg | grep -q '\] KTAP version 1$'; then
	echo "=== KUnit report (copied from the kernel log)"
	kunit_tap
	echo "=== end of KUnit report"
fi
report "BEGIN $(cat /kpt/variant) $(uname -r)"
for t in $(cat /kpt/tests.list); do
	name=$(echo "$t" | tr '/' '_')
	log=$LOGS/$name.log
	echo "=== $t"
	start=$(date +%s)
	case "$t" in
	boot/*)	# a plain script run after a boot with its own command line
		# exit 4: what it tests is not in this kernel
		run_bounded "$timeout" "$log" sh -e "/kpt/$t"
		rc=$?
		res=FAIL
		[ $rc = 0 ] && res=PASS
		[ $rc = 4 ] && res=UNSUPPORTED ;;
	*)	(cd $FT && run_bounded "$timeout" "$log" ./ftracetest -l "$LOGS/$name.d" "$t")
		rc=$?
		res=$(outcome "$log") ;;
	esac
	secs=$(($(date +%s) - start))
	[ $rc = 124 ] && res=TIMEOUT
	[ -n "$res" ] || res=NORESULT
	cat "$log"
	if [ "$res" != PASS ] && [ "$res" != UNSUPPORTED ]; then
		echo "--- details of $t ($res)"
		# the test's own log (ftracetest.log, its summary, is above)
		cat "$LOGS/$name.d"/*-log.* 2>/dev/null | tail -n 200
		echo "--- end of $t"
	fi
	report "RESULT $t $res $secs"
done
# Debug kernels: look for leaks once every test has run.  kmemleak does not
# report objects younger than 5 s, so scan again after 5 s to let the last
# test's allocations age into the report.  The report lands on the
# console, where the host looks for it.
if [ -w /sys/kernel/debug/kmemleak ]; then
	echo "=== kmemleak scan"
	run_bounded "$timeout" $LOGS/kmemleak.log sh -c \
		'echo scan > /sys/kernel/debug/kmemleak; sleep 5;
		 echo scan > /sys/kernel/debug/kmemleak;
		 cat /sys/kernel/debug/kmemleak'
	cat $LOGS/kmemleak.log
fi
report "DONE"
