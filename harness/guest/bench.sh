#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The guest side of `make bench` (harness/bench.sh): load the benchmark
# module, run the per-hit matrix and the control-plane rows, and send
# kpt_bench's result lines to the host on the second serial port.
# /kpt/bench.conf holds "HITS MIDOFF MODE" (see kpt_bench.c): MODE
# "probes" runs both, "profile" only the per-hit matrix, marked for the
# kpt_prof plugin, and lists the module's symbols for the profile report;
# "mass" only the 1000 fprobe events (make bench MASS=1).

out=/dev/kpt-res
read -r hits midoff mode </kpt/bench.conf
{
	echo "variant $(cat /kpt/variant)"
	echo "kernel $(uname -r)"
	echo "clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
	if insmod /kpt/kpt_bench.ko; then
		[ "$mode" = profile ] &&
			grep '\[kpt_bench\]$' /proc/kallsyms | sed 's/^/ksym /'
		case "$mode" in
		mass)
			timeout 9000 kpt_bench mass ||
				echo "error kpt_bench mass: exit status $?" ;;
		*)
			timeout 1500 kpt_bench "$mode" "$hits" "$midoff" ||
				echo "error kpt_bench $mode: exit status $?"
			[ "$mode" = profile ] ||
				timeout 1500 kpt_bench control ||
				echo "error kpt_bench control: exit status $?" ;;
		esac
	else
		echo "error insmod kpt_bench.ko"
	fi
	echo "bench done"
} >$out 2>&1
