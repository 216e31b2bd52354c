#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# perf (Debian linux-perf): perf probe adds, lists, shows and deletes probe
# events from the kernel's DWARF (/boot/vmlinux-RELEASE in the guest's
# chroot) and from a user program's and the C library's symbols; perf
# stat and perf record count and record them through the perf tracepoint
# path, perf script decodes every field; then events of every fetch type
# on every front end, defined through the kernel's files, are recorded and
# decoded the same way.  Each command and what it printed is the
# transcript; the kernel's listing follows each change.

. ./lib.sh
LIBC=/lib/x86_64-linux-gnu/libc.so.6

# perf script's decoding of a recording, in the transcript and kept in
# DATA.txt for the checks that follow (one decode per recording)
decode() { # data
	run perf script -i "$1" -F comm,event,trace >"$1.txt"
	cat "$1.txt"
}

listing() {
	echo "--- kprobe_events"
	cat $K/kprobe_events
	echo "--- uprobe_events"
	cat $K/uprobe_events
}

# --- kernel probes from DWARF: arguments by name, a string, a member
run perf probe -q -a 'do_sys_openat2 dfd filename:ustring flags=how->flags'
run perf probe -q -a 'vfs_read%return $retval'
run perf probe -q -a 'vfs_read count'
# the same place again: refused, then named vfs_read_1 with --force
run perf probe -q -a 'vfs_read count'
run perf probe -q --force -a 'vfs_read count'
run perf probe -l
listing
expect "the probe events exist" test -d $K/events/probe/do_sys_openat2
expect "--force made vfs_read_1" test -d $K/events/probe/vfs_read_1

# --- what perf reads from the DWARF: the lines and the variables
run perf probe -L do_sys_openat2
run perf probe -V do_sys_openat2

# --- counted and recorded through perf_event_open
# CSV: the count and the event (the run time differs from run to run)
stat() {
	echo "\$ perf stat -x, $*"
	perf stat -x, "$@" 2>&1 >/dev/null | cut -d, -f1,3
}
stat -e probe:do_sys_openat2 -- cat /dev/null
run perf record -q -o perf.data -e probe:do_sys_openat2 \
	-e probe:vfs_read__return -e probe:vfs_read -- cat /etc/debian_version >/dev/null
decode perf.data
expect "perf script shows cat opening /etc/debian_version" \
	grep -q 'filename_ustring="/etc/debian_version"' perf.data.txt

# --- user probes: a program's symbol with register arguments, and a
# function of the C library
run perf probe -q -x ./kpt_uprobe -a 'kpt_target a=%di b=%si:x64 s=+0(%dx):string'
run perf probe -q -x ./kpt_uprobe -a 'kpt_target%return ret=$retval'
run perf probe -q -x $LIBC -a getppid
run perf probe -l
listing
run perf record -q -o uprobe.data -e 'probe_kpt_uprobe:*' -- ./kpt_uprobe call 2
decode uprobe.data
stat -e probe_libc:getppid -- ./kpt_uprobe_dyn getppid 3

# --- deleted: everything perf added, and nothing else is left
run perf probe -d 'probe:*'
run perf probe -d 'probe_kpt_uprobe:*'
run perf probe -d 'probe_libc:*'
run perf probe -l
listing
expect "no kprobe events left" test ! -s $K/kprobe_events
expect "no uprobe events left" test ! -s $K/uprobe_events

# --- events perf probe cannot make, written to the kernel's files, then
# recorded and decoded by perf: every fetch type, a bitfield, arrays,
# symbols, immediates, $comm, $stack, a return probe's entry argument,
# @SYM and a uprobe's @+FOFFS, on every front end.  One CPU, so that
# perf script's order is the same on every run.  The char fields come
# last: Debian 12's libtraceevent (1.7.1) prints a '%c' as '>c<' without
# taking its value, which shifts every field after it (so on stock too).
TARGET=$(./kpt_uprobe where target)
cat >>$K/kprobe_events <<'DEFS'
p:kpt/kp do_sys_openat2 dfd=%di:s32 d8=%di:s8 d16=%di:s16 d64=%di:s64 u8=%di:u8 u16=%di:u16 u32=%di:u32 u64=%di:u64 x8=%di:x8 x16=%di:x16 x32=%di:x32 path=+0(%si):ustring arr=+0(%si):u8[4] sarr=+0(%si):s8[2] low=+0(%dx):b4@0/64 mid=+0(%dx):b3@6/32 caller=$stack0:symbol callstr=$stack0:symstr uts=@init_uts_ns:x8 imm=\1234 istr=\"kpt" comm=$comm ch=+0(%si):char
r:kpt/kr do_sys_openat2 ret=$retval:s64 rx=$retval:x32 dfd=$arg1:s32
DEFS
echo "p:kpt/up $TARGET a=%di:s64 b=%si:x16 bf=%si:b4@4/16 s=+0(%dx):string bytes=+0(%dx):u8[3] elf=@+0:x32 c=+0(%dx):char" >>$K/uprobe_events
echo "r:kpt/ur $TARGET ret=\$retval:x64" >>$K/uprobe_events
cat >>$K/dynamic_events <<'DEFS'
f:kpt/fp vfs_read count flags=file->f_flags:x32 file:%pD
f:kpt/fr vfs_read%return ret=$retval:s64 count
t:kpt/tp sched_process_exec old_pid file=bprm->filename:string
e:kpt/ep syscalls/sys_enter_openat file=+0($filename):ustring flags=$flags:x32
DEFS
run cat $K/dynamic_events
run perf record -q -o kpt.data -e 'kpt:*' -- taskset -c 0 sh -c \
	'cat /etc/debian_version >/dev/null; exec ./kpt_uprobe call 2'
decode kpt.data
expect "perf script decodes the kprobe's path" \
	grep -q 'path="/etc/debian_version"' kpt.data.txt
expect "perf script decodes the uprobe's string" grep -q 's="kpt-2"' kpt.data.txt
echo >$K/dynamic_events
expect "every event deleted" test ! -s $K/dynamic_events
exit $failed
