#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# cmdline: tp_printk kprobe_event=p:kpt/tpsync,${KPT_SYS}sync,a=\7,cm=$comm
#
# tp_printk: every record of an enabled event is also printed to the
# kernel log.  kprobetrace writes records straight to the ring buffer only
# where nothing else wants them, so with tp_printk its kprobe events must
# still reach the log, each hit once, and still reach the trace.
set -e
cd /sys/kernel/tracing

line=' tpsync: (__[a-z0-9_]*sys_sync+0x0/0x[0-9a-f]*) a=0x7 cm="sync"'
test "$(cat /proc/sys/kernel/tracepoint_printk)" = 1
before=$(dmesg | grep -c "$line" || true)
echo > trace
sync
after=$(dmesg | grep -c "$line" || true)
dmesg | grep "$line" || true
test "$after" -eq $((before + 1))
test "$(grep -c "$line\$" trace)" -eq 1

# Switched off at run time, records go to the trace only.
echo 0 > /proc/sys/kernel/tracepoint_printk
sync
test "$(dmesg | grep -c "$line" || true)" -eq "$after"
test "$(grep -c "$line\$" trace)" -eq 2

echo 0 > events/kpt/enable
echo '-:kpt/tpsync' >> kprobe_events
echo OK
