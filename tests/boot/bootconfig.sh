#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# cmdline: bootconfig
#
# Boot-time kprobe events from the bootconfig attached to the initramfs
# (tests/boot/bootconfig.bconf): the kprobe and the kretprobe
# ftrace.event.kprobes.* defines exist, with their filter, and were
# enabled before init ran, so the kernel's own exec of /init is in the
# buffer; the one of ftrace.instance.kpt_boot is enabled in that instance,
# and in the top buffer too: after bootconfig (a core initcall) has made
# its events, the kprobe_event= code of 6.12 (an fs initcall) enables every
# kprobe event there is then in the top buffer, with or without a
# kprobe_event= parameter.
set -e
. /selftests/ftrace/test.d/kprobetrace/kpt_arch
cd /sys/kernel/tracing

test "$(cat events/kprobes/kpt_bcread/enable)" = 1
test "$(cat instances/kpt_boot/events/kprobes/kpt_bcread/enable)" = 1
echo 0 > events/kprobes/enable
echo 0 > instances/kpt_boot/events/kprobes/enable
cat kprobe_events
grep -qx "p:kprobes/kpt_bcexec kernel_execve file=+0($KPT_ARG1):string" kprobe_events
grep -qx "p:kprobes/kpt_bcopen do_sys_openat2 dfd=$KPT_ARG1:s32 path=+0($KPT_ARG2):ustring" kprobe_events
grep -qx 'r[0-9]*:kprobes/kpt_bcret do_sys_openat2 ret=$retval:s64' kprobe_events
grep -qx "p:kprobes/kpt_bcread vfs_read count=$KPT_ARG3:u64" kprobe_events
test "$(cat events/kprobes/kpt_bcopen/filter)" = 'dfd == -100'

# Made before init ran: the kernel executing /init.
grep -q ' kpt_bcexec: (kernel_execve+0x0/0x[0-9a-f]*) file="/init"$' trace
grep -q ' kpt_bcopen: .* dfd=-100 path="/' trace
grep -q ' kpt_bcret: (.*<- do_sys_openat2) ret=' trace
# The instance's event recorded there (and in the top buffer); the top
# buffer's events not in the instance.
grep -q ' kpt_bcread: (vfs_read+0x0/0x[0-9a-f]*) count=' instances/kpt_boot/trace
grep -q ' kpt_bcread: (vfs_read+0x0/0x[0-9a-f]*) count=' trace
test "$(grep -c ' kpt_bc\(exec\|open\|ret\): ' instances/kpt_boot/trace)" = 0

# Ordinary events afterwards: the instance goes, the events are deleted.
rmdir instances/kpt_boot
echo > kprobe_events
test ! -d events/kprobes
