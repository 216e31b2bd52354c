#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# cmdline: kpt.selftests
#
# CONFIG_FTRACE_STARTUP_TEST: at late_initcall the kprobe front end creates
# an entry and a return probe on kprobe_trace_selftest_target, enables them,
# calls the function once, checks one hit each and deletes them.  Its
# verdict is in the kernel log; nothing of it may be left behind.
set -e
cd /sys/kernel/tracing

# The verdict is printed as a continuation of the "Testing" line; with two
# CPUs another CPU's message can come between them, and then it is a line
# of its own later on.
verdict=$(dmesg | sed -E -n '/Testing kprobe tracing: /,$s/^\[ *[0-9.]+\] //p' |
	awk 'NR == 1 { sub(/.*Testing kprobe tracing: /, "")
		       if ($0 != "") { print; exit }
		       next }
	     /^(OK|NG)/ { print; exit }')
echo "kprobe startup test verdict: $verdict"
test "$(dmesg | grep -c 'Testing kprobe tracing: ')" -eq 1
test "$verdict" = OK
test "$(dmesg | grep -c 'Testing kprobe tracing: NG')" -eq 0
test "$(grep -c testprobe kprobe_events)" -eq 0
test ! -d events/kprobes/testprobe
test ! -d events/kprobes/testprobe2
