#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# cmdline: lockdown=confidentiality kprobe_event=p:kpt/bootlk,${KPT_SYS}getppid
#
# lockdown=confidentiality refuses LOCKDOWN_TRACEFS from the start:
# tracing_init_dentry() fails, so no front end creates its tracefs files
# (kprobe_events, uprobe_events, dynamic_events, the profiles) and the
# boot-time kprobe_event= is never parsed.  LOCKDOWN_KPROBES refuses the
# kprobe PMU (__register_trace_kprobe(): EPERM), LOCKDOWN_PERF sampling
# interrupted registers, LOCKDOWN_BPF_READ_KERNEL the BPF helpers that
# read kernel memory (unknown to the verifier: EINVAL).  Uprobes have no
# lockdown reason: the uprobe PMU still works.
set -e
T=/sys/kernel/tracing

. /kpt/boot/lockdown.inc

# --- the level
lockdown_level confidentiality
test "$(cat /sys/kernel/security/lockdown)" = 'none integrity [confidentiality]'
dmesg | grep -q 'Tracing disabled due to lockdown'

# --- no tracefs file at all: the probe files neither read nor created
grep -q "^nodev $T tracefs " /proc/mounts
ls -A $T
test -z "$(ls -A $T)"
for f in kprobe_events kprobe_profile uprobe_events uprobe_profile dynamic_events; do
	fails_with 'No such file or directory' cat $T/$f
	fails_with 'Permission denied' sh -c "echo 'p:kpt/x vfs_read' >> $T/$f"
done
# the boot-time event was never made
test "$(dmesg | grep -c 'Failed to add event')" -eq 0
cat /sys/kernel/debug/kprobes/list > /tmp/kprobes.before
test "$(grep -c getppid /tmp/kprobes.before)" -eq 0

# --- perf and BPF
kpt_perf access kprobe-pmu EPERM
kpt_perf access kretprobe-pmu EPERM
kpt_perf access kprobe-pmu EPERM nokernel
kpt_perf access uprobe-pmu ok
kpt_perf access uprobe-regs-intr EPERM
kpt_perf access bpf-read-kernel EINVAL
kpt_perf access bpf-read-kernel-str EINVAL
kpt_perf access bpf-read-user ok
kpt_perf access bpf-write-user EINVAL
kpt_perf upmu uprobe
# the refused probes left nothing behind
cat /sys/kernel/debug/kprobes/list | diff /tmp/kprobes.before -
