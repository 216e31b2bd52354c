#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# perf (Debian linux-perf): perf probe adds, lists, shows and deletes probe
# events from the kernel's DWARF (/boot/vmlinux-RELEASE in the guest's
# chroot) and from a user program's and the C library's symbols; perf
# stat and perf record count and record them through the perf tracepoint
# path, perf script decodes every field.  Each command and what it
# printed is the transcript; the kernel's listing follows each change.

. ./lib.sh
LIBC=/lib/x86_64-linux-gnu/libc.so.6

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
run perf script -i perf.data -F comm,event,trace
expect "perf script shows cat opening /etc/debian_version" \
	sh -c 'perf script -i perf.data -F trace | grep -q "filename_ustring=\"/etc/debian_version\""'

# --- user probes: a program's symbol with register arguments, and a
# function of the C library
run perf probe -q -x ./kpt_uprobe -a 'kpt_target a=%di b=%si:x64 s=+0(%dx):string'
run perf probe -q -x ./kpt_uprobe -a 'kpt_target%return ret=$retval'
run perf probe -q -x $LIBC -a getppid
run perf probe -l
listing
run perf record -q -o uprobe.data -e 'probe_kpt_uprobe:*' -- ./kpt_uprobe call 2
run perf script -i uprobe.data -F comm,event,trace
stat -e probe_libc:getppid -- ./kpt_uprobe_dyn getppid 3

# --- deleted: everything perf added, and nothing else is left
run perf probe -d 'probe:*'
run perf probe -d 'probe_kpt_uprobe:*'
run perf probe -d 'probe_libc:*'
run perf probe -l
listing
expect "no kprobe events left" test ! -s $K/kprobe_events
expect "no uprobe events left" test ! -s $K/uprobe_events
exit $failed
