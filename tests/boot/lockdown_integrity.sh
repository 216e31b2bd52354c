#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# cmdline: lockdown=integrity kprobe_event=p:kpt/bootlk,${KPT_SYS}getppid
#
# lockdown=integrity refuses what could change the running kernel
# (reasons below LOCKDOWN_INTEGRITY_MAX: bpf_probe_write_user(), debugfs
# writes, unsigned modules...) but none of the probe interfaces: the
# tracefs files (LOCKDOWN_TRACEFS), kprobes and fprobes (LOCKDOWN_KPROBES),
# perf (LOCKDOWN_PERF) and BPF reads of kernel memory
# (LOCKDOWN_BPF_READ_KERNEL) are all confidentiality reasons.  So every
# front end works as without lockdown, the boot-time kprobe_event= too.
set -e
T=/sys/kernel/tracing

. /kpt/boot/lockdown.inc
. /selftests/ftrace/test.d/kprobetrace/kpt_arch

# --- the level
lockdown_level integrity
test "$(cat /sys/kernel/security/lockdown)" = 'none [integrity] confidentiality'
# an integrity reason is refused, a confidentiality one is not
kpt_perf access bpf-write-user EINVAL
kpt_perf access bpf-read-kernel ok
kpt_perf access bpf-read-kernel-str ok
kpt_perf access bpf-read-user ok
fails_with 'Operation not permitted' sh -c 'echo 1 > /sys/kernel/debug/kprobes/enabled'

cd $T
# --- the boot-time event: created, enabled before init, hit by the shell
cat kprobe_events
grep -qx "p:kpt/bootlk ${KPT_SYS}getppid" kprobe_events
test "$(cat events/kpt/bootlk/enable)" = 1
awk '$1 == "bootlk" && $2 > 0 { ok = 1 } END { exit !ok }' kprobe_profile
echo 0 > events/kpt/bootlk/enable
echo '-:kpt/bootlk' >> kprobe_events

# --- each front end through its control file
echo 'p:kptk/kp vfs_read' >> kprobe_events
echo 'r:kptk/kr vfs_read' >> kprobe_events
echo "p:kptu/up $(kpt_uprobe where target)" >> uprobe_events
echo 'e:kpte/ep syscalls.sys_enter_openat' >> dynamic_events
echo 'p:kptd/dk vfs_read' >> dynamic_events
# fprobe and tprobe events where the architecture's 6.12 has them
PROBE_GROUPS='kptk kptu kpte kptd' PROBE_EVENTS='kp kr up ep dk'
if [ "$KPT_FPROBE" = 1 ]; then
	echo 'f:kptf/fp vfs_read' >> dynamic_events
	echo 't:kptt/tp sched_process_exec' >> dynamic_events
	PROBE_GROUPS="$PROBE_GROUPS kptf kptt" PROBE_EVENTS="$PROBE_EVENTS fp tp"
fi
cat dynamic_events
test "$(wc -l < dynamic_events)" -eq "$(echo $PROBE_EVENTS | wc -w)"
echo > trace
for g in $PROBE_GROUPS; do
	echo 1 > events/$g/enable
done
cat /proc/self/stat > /dev/null
kpt_uprobe call 1
/bin/true
echo 0 > events/enable
for e in $PROBE_EVENTS; do
	grep -q " $e: " trace
done
cat kprobe_profile uprobe_profile
# an error is logged as usual
fails_with 'Invalid argument' sh -c "echo 'p:kptk/bad kpt_no_such_function' >> kprobe_events"
grep -q 'trace_kprobe: error: Invalid probed address or symbol' error_log

# --- perf: the PMUs and tracefs events, counting and sampling
KID=$(cat events/kptk/kp/id)
kpt_perf access kprobe-pmu ok
kpt_perf access kretprobe-pmu ok
kpt_perf access uprobe-pmu ok
kpt_perf access uprobe-regs-intr ok
kpt_perf access tracepoint:$KID ok
kpt_perf access raw-tracepoint:$KID ok
echo > dynamic_events
test "$(wc -l < dynamic_events)" -eq 0
kpt_perf pmu-count kprobe
kpt_perf pmu-count kretprobe
