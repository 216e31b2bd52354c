#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The scripted session behind `make demo`: each command is printed, then
# run under a timeout, in /sys/kernel/tracing.

cd /sys/kernel/tracing || exit 1
# the architecture's argument registers ($KPT_ARG1...) and whether its
# 6.12 has fprobe events ($KPT_FPROBE)
. /selftests/ftrace/test.d/kprobetrace/kpt_arch
# the read probe: an fprobe, or where there is none (arm64) a kprobe on
# the function's entry, both with a BTF argument
if [ "$KPT_FPROBE" = 1 ]; then
	READ_DEF='f:kpt/read vfs_read count' READ_KIND='an fprobe'
else
	READ_DEF='p:kpt/read vfs_read count' READ_KIND='a kprobe (no fprobe events here)'
fi

step() {
	printf '\n\033[1m## %s\033[0m\n' "$1"
}

run() {
	printf '$ %s\n' "$*"
	timeout 60 sh -c "$*" 2>&1
	rc=$?
	[ $rc = 0 ] || echo "(exit status $rc)"
}

echo
echo "kprobetrace demo on $(uname -r) ($(cat /kpt/variant) kernel)"

step "Define a kprobe event (register, user string, memory, \$comm args) and a kretprobe"
run "echo 'p:kpt/open do_sys_openat2 dfd=$KPT_ARG1:s32 path=+0($KPT_ARG2):ustring flags=+0($KPT_ARG3):x64 comm=\$comm' >> kprobe_events"
run "echo 'r:kpt/open_ret do_sys_openat2 ret=\$retval:s64' >> kprobe_events"
run "cat kprobe_events"
run "cat events/kpt/open/format"

step "A filter on the kprobe, a hist trigger on the kretprobe, then enable"
run "echo 'comm == \"cat\"' > events/kpt/open/filter"
run "echo 'hist:keys=common_pid.execname:vals=hitcount' > events/kpt/open_ret/trigger"
run "echo 1 > events/kpt/enable"
run "cat /kpt/variant /nonexistent > /dev/null"
run "ls / > /dev/null"
run "echo 0 > events/kpt/enable"

step "What was recorded (only cat's opens pass the filter; every return is counted per process)"
run "cat trace | grep -v '^#' | tail -n 8"
run "cat events/kpt/open_ret/hist"
run "cat kprobe_profile"

step "A bad definition: the write fails and error_log points at the culprit"
run "echo 'p:kpt/bad do_sys_openat2 dfd=%nosuchreg' >> kprobe_events"
run "cat error_log"

step "trace-cmd record / report of the same events"
run "echo '!hist:keys=common_pid.execname:vals=hitcount' > events/kpt/open_ret/trigger"
run "echo 0 > events/kpt/open/filter"
run "cd /tmp && trace-cmd record -q -e kpt -o /tmp/kpt.dat cat /kpt/variant > /dev/null"
run "trace-cmd report -i /tmp/kpt.dat | tail -n 6"

step "The other front ends: a uprobe on a user function, $READ_KIND with a BTF argument, an eprobe on a syscall event"
run "echo \"p:kpt/target \$(kpt_uprobe where target) a=$KPT_ARG1:s64 s=+0($KPT_ARG3):string\" >> uprobe_events"
run "echo '$READ_DEF' >> dynamic_events"
run "echo 'e:kpt/openat syscalls/sys_enter_openat file=+0(\$filename):ustring' >> dynamic_events"
run "cat dynamic_events"
run "echo > trace"
run "echo 'comm == \"head\"' > events/kpt/read/filter"
run "for e in target read openat; do echo 1 > events/kpt/\$e/enable; done"
run "kpt_uprobe call 2; head -c 4 /kpt/variant > /dev/null"
run "echo 0 > events/kpt/enable"
run "for e in target read openat; do grep -m 2 \" \$e: \" trace; done"
run "echo '-:kpt/target' >> uprobe_events; echo '-:kpt/read' >> dynamic_events; echo '-:kpt/openat' >> dynamic_events"

if [ "$KPT_FPROBE" = 1 ] && [ "$(cat /kpt/variant)" = ours ]; then
	step "kprobetrace: one fprobe event over many functions (a list, exclusions, :exit, %return), on them only while enabled"
	run "echo 'f:kpt/rw vfs_read,vfs_write%return ret=\$retval:s64' >> dynamic_events"
	run "echo 'f:kpt/vfs vfs_*,!vfs_read*,!vfs_write*:exit' >> dynamic_events"
	run "cat dynamic_events"
	run "cat events/kpt/rw/functions; wc -l < events/kpt/vfs/functions"
	run "grep -c '^vfs_' enabled_functions || :"
	run "echo > trace; echo 1 > events/kpt/rw/enable; grep '^vfs_' enabled_functions"
	run "head -c 4 /kpt/variant > /dev/null; echo hello > /dev/null"
	run "echo 0 > events/kpt/rw/enable; grep -c '^vfs_' enabled_functions || :"
	run "grep -m 4 ' rw: ' trace"
	run "echo '-:kpt/rw' >> dynamic_events; echo '-:kpt/vfs' >> dynamic_events"
fi

step "A latency histogram: a synthetic event pairs each open with its return"
run "echo 'open_lat u64 usecs' >> synthetic_events"
run "echo 'hist:keys=common_pid:ts0=common_timestamp.usecs' >> events/kpt/open/trigger"
run "echo 'hist:keys=common_pid:lat=common_timestamp.usecs-\$ts0:onmatch(kpt.open).trace(open_lat,\$lat)' >> events/kpt/open_ret/trigger"
run "echo 'hist:keys=usecs.log2:sort=usecs' >> events/synthetic/open_lat/trigger"
run "echo 1 > events/kpt/open/enable; echo 1 > events/kpt/open_ret/enable"
run "for i in \$(seq 100); do cat /kpt/variant > /dev/null; done; find / > /dev/null"
run "echo 0 > events/kpt/enable"
run "cat events/synthetic/open_lat/hist"
run "echo '!hist:keys=usecs.log2:sort=usecs' >> events/synthetic/open_lat/trigger"
run "echo '!hist:keys=common_pid:lat=common_timestamp.usecs-\$ts0:onmatch(kpt.open).trace(open_lat,\$lat)' >> events/kpt/open_ret/trigger"
run "echo '!hist:keys=common_pid:ts0=common_timestamp.usecs' >> events/kpt/open/trigger"
run "echo '!open_lat' >> synthetic_events"

step "Clean up"
run "echo > kprobe_events"
run "cat kprobe_events dynamic_events | wc -l"
echo
echo "demo finished"
