#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# cmdline: bootconfig
#
# Boot-time eprobe, fprobe and tprobe events from bootconfig
# (tests/boot/bootconfig_probes.bconf), as upstream 7.3 added them: each
# "probes" value after "<type>:GROUP/EVENT ", or a whole command; two
# values make one fprobe event on two functions; then the filter and the
# enable apply, so that the kernel's own exec of /init is in the buffer.
# A definition that fails is reported on the console and makes nothing.
# Ours only: a kernel without 7.3's grammar (its README lines) is stock,
# which ignores these keys (exit 4: unsupported), as is one without fprobe
# events (arm64 6.12).
set -e
cd /sys/kernel/tracing
grep -q 'this_cpu_read(<fetcharg>)' README || exit 4
# arm64 6.12 has no fprobe (nor tprobe) events: unsupported there
grep -qF 'f[:[<group>/][<event>]]' README || exit 4

test "$(cat events/eprobes/kpt_bcep/enable)" = 1
test "$(cat events/fprobes/kpt_bcfp/enable)" = 1
test "$(cat events/fprobes/kpt_bcfpr/enable)" = 1
test "$(cat events/tracepoints/kpt_bctp/enable)" = 1
test "$(cat events/fprobes/kpt_bcfp2/enable)" = 0
test "$(cat instances/kpt_boot/events/fprobes/kpt_bcfpi/enable)" = 1
echo 0 > events/enable
echo 0 > instances/kpt_boot/events/enable
cat dynamic_events
grep -qx 'e:eprobes/kpt_bcep timer.hrtimer_start exp=$expires:u64' dynamic_events
test "$(cat events/eprobes/kpt_bcep/filter)" = 'exp != 0'
grep -qx 'f:fprobes/kpt_bcfp kernel_execve file=+0($arg1):string' dynamic_events
grep -qx 'f:fprobes/kpt_bcfp2 vfs_read n=$arg3:u64' dynamic_events
grep -qx 'f:fprobes/kpt_bcfp2 vfs_write n=$arg3:u64' dynamic_events
grep -qx 'f:fprobes/kpt_bcfpr do_sys_openat2%return ret=$retval:s64' dynamic_events
grep -qx 't:tracepoints/kpt_bctp sched_process_exec comm=$comm' dynamic_events
grep -qx 't:tprobes/kpt_bctp2 sched_process_fork' dynamic_events
grep -qx 'f:fprobes/kpt_bcfpi vfs_read' dynamic_events
if grep -q kpt_bcbad dynamic_events; then
	echo "kpt_bcbad was made" >&2
	exit 1
fi
dmesg | grep -qF 'trace_boot: Failed to add eprobe: e:eprobes/kpt_bcbad timer.no_such_event'

# Made and enabled before init ran: the kernel executing /init.
grep -q ' kpt_bcfp: (kernel_execve+0x[0-9a-f]*/0x[0-9a-f]*) file="/init"$' trace
grep -q ' kpt_bctp: .* comm="init"$' trace
grep -q ' kpt_bcfpr: (.*<- do_sys_openat2) ret=' trace
grep -q ' kpt_bcep: (timer.hrtimer_start) exp=[1-9]' trace
kpt_fails() { if "$@"; then return 1; fi; }
kpt_fails grep -q ' kpt_bcep: .* exp=0$' trace
grep -q ' kpt_bcfpi: (vfs_read+0x[0-9a-f]*/0x[0-9a-f]*)' instances/kpt_boot/trace
test "$(grep -c ' kpt_bcfpi: ' trace)" = 0

rmdir instances/kpt_boot
echo > dynamic_events
test ! -s dynamic_events
