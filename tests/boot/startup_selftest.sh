#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# cmdline:
#
# CONFIG_FTRACE_STARTUP_TEST: at late_initcall the kprobe front end creates
# an entry and a return probe on kprobe_trace_selftest_target, enables them,
# calls the function once, checks one hit each and deletes them.  Its
# verdict is in the kernel log; nothing of it may be left behind.
set -e
cd /sys/kernel/tracing

dmesg | grep 'Testing kprobe tracing: '
test "$(dmesg | grep -c 'Testing kprobe tracing: OK$')" -eq 1
test "$(dmesg | grep -c 'Testing kprobe tracing: NG')" -eq 0
test "$(grep -c testprobe kprobe_events)" -eq 0
test ! -d events/kprobes/testprobe
test ! -d events/kprobes/testprobe2
