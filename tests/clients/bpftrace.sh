#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# bpftrace and bpftool (Debian): kprobe, kprobe at an offset, kretprobe,
# uprobe and uretprobe programs attached through the kprobe and uprobe
# PMUs, then again with the PMUs hidden, where bpftrace falls back to
# kprobe_events/uprobe_events; a BPF tracepoint program on a kprobe event,
# refused; bpftool perf list showing the attached probes.  The programs'
# output, bpftool's and the listings made while they ran are the
# transcript (process and program numbers masked).

. ./lib.sh

# Process ids, file descriptors, BPF program ids and the bcc event names
# that carry a pid differ from run to run.
mask() {
	sed -E -e 's/pid [0-9]+/pid N/g; s/fd [0-9]+/fd N/g' \
		-e 's/prog_id [0-9]+/prog_id N/g; s/_bcc_[0-9]+/_bcc_N/g' \
		-e 's/libbpf_[0-9]+_/libbpf_N_/g'
}

bt() { # program command
	echo "\$ bpftrace -e '$1' -c '$2'"
	timeout 300 bpftrace -e "$1" -c "$2" >out.txt 2>&1
	echo "rc=$?"
	mask <out.txt
}

# Every kind of probe once.  cat opens the loader's cache, the C library
# and /dev/null, which is its fd 3; the file name is a user pointer.
# Debian's bpftrace 0.17 is built without kprobe offset support: it
# refuses kprobe:FUNC+OFFS itself, before the kernel sees it.
probes() {
	bt 'kprobe:do_sys_openat2 /comm == "cat"/ { printf("open %s\n", str(uptr(arg1))); }' \
		'/bin/cat /dev/null'
	expect "kprobe saw the open" grep -q '^open /dev/null$' out.txt
	bt 'kretprobe:do_sys_openat2 /comm == "cat"/ { printf("ret %d\n", retval); }' \
		'/bin/cat /dev/null'
	expect "kretprobe saw fd 3" grep -q '^ret 3$' out.txt
	bt 'kprobe:vfs_read+5 /comm == "cat"/ { @reads = count(); }' \
		'/bin/cat /dev/null'
	bt 'uprobe:./kpt_uprobe:kpt_target { printf("a=%d b=%x s=%s\n", arg0, arg1, str(arg2)); }' \
		'./kpt_uprobe call 2'
	expect "uprobe saw both calls" grep -q '^a=1 b=1234 s=kpt-2$' out.txt
	bt 'uretprobe:./kpt_uprobe:kpt_target { printf("ret=%x\n", retval); }' \
		'./kpt_uprobe call 2'
	expect "uretprobe saw both returns" grep -q '^ret=1235$' out.txt
}

# bpftool perf list while a kprobe and a uprobe program are attached.
# bpftrace's command waits for the listing to be done (at most 2 minutes).
perf_list() {
	rm -f listed
	echo "i=0; while [ ! -e $PWD/listed ] && [ \$i -lt 600 ]; do sleep 0.2; i=\$((i + 1)); done" >wait.sh
	bpftrace -e 'kprobe:vfs_read { @r = count(); } uprobe:./kpt_uprobe:kpt_target { @t = count(); }' \
		-c "/bin/sh $PWD/wait.sh" >bg.txt 2>&1 &
	bg=$!
	i=0
	while [ $i -lt 240 ] && ! grep -q '^Attaching' bg.txt; do
		sleep 1
		i=$((i + 1))
	done
	sleep 2
	echo "\$ bpftool perf list"
	bpftool perf list 2>&1 | mask | sort
	echo "--- kprobe_events, uprobe_events while attached"
	cat $K/kprobe_events $K/uprobe_events | mask
	touch listed
	wait $bg
	rc=$?
	echo "bpftrace exit $rc"
	[ $rc = 0 ] || mask <bg.txt
}

echo "=== through the kprobe and uprobe PMUs"
probes
perf_list
expect "no probe events were made" sh -c "test ! -s $K/kprobe_events && test ! -s $K/uprobe_events"

echo "=== a BPF tracepoint program on a kprobe event"
echo 'p:kprobes/kpt_bt vfs_read' >>$K/kprobe_events
bt 'tracepoint:kprobes:kpt_bt { @n = count(); }' '/bin/cat /dev/null'
echo '-:kprobes/kpt_bt' >>$K/kprobe_events

echo "=== the PMUs hidden: the kprobe_events and uprobe_events fallback"
D=/sys/bus/event_source/devices
mount -t tmpfs none $D/kprobe && mount -t tmpfs none $D/uprobe
probes
perf_list
umount $D/kprobe $D/uprobe
expect "the fallback's events are gone" sh -c "test ! -s $K/kprobe_events && test ! -s $K/uprobe_events"
exit $failed
