#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What each real client does with the "#" lines that upstream 7.3's
# CONFIG_PROBE_EVENTS_DUMP_FETCHARG adds under each probe's line (a
# measurement, not in make check or make clients: its kernel is the dump
# flavour; harness/clients.sh -m -f dump -c dump-fetcharg ours).  The
# findings are in CLIENTS.md.
. ./lib.sh

define() {
	echo 'p:kpt/kp do_sys_openat2 dfd=$arg1:s32 path=+0($arg2):ustring' >>$K/kprobe_events
	echo 'r:kpt/kr do_sys_openat2 ret=$retval:s64' >>$K/kprobe_events
	echo 'p:kpt/up /bin/true:0x10 s=$stack0' >>$K/uprobe_events
	echo 'e:kpt/ep sched.sched_switch pid=$prev_pid:s32' >>$K/dynamic_events
	echo 'f:kpt/fp vfs_read count=$arg3:u64' >>$K/dynamic_events
}

echo > $K/dynamic_events
define
run cat $K/dynamic_events

# perf probe lists and deletes the events it finds in kprobe_events and
# uprobe_events
run perf probe -l
run perf probe -d 'kpt:kp'
run perf probe -d 'kpt:*'
run cat $K/dynamic_events

# libtracefs: the project's whole libtracefs client (it defines, lists and
# destroys its own events)
echo > $K/dynamic_events
run ./kpt_tracefs

# trace-cmd: record one of the events, then reset (which removes the
# dynamic events through libtracefs)
echo > $K/dynamic_events
define
run trace-cmd record -e kpt:kp -o /tmp/kpt/d.dat cat /dev/null
run trace-cmd report -i /tmp/kpt/d.dat
run trace-cmd reset
run cat $K/dynamic_events

# bootconfig: the kernel tree's ftrace2bconf.sh turns the current ftrace
# settings, dynamic events included, into a bootconfig
echo > $K/dynamic_events
define
run sh "$KPT_SRC/tools/bootconfig/scripts/ftrace2bconf.sh"
echo > $K/dynamic_events
exit $failed
