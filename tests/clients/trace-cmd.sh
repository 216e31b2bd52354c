#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# trace-cmd (Debian): list, record, report, start/stop/extract,
# stat and reset on kprobe, kretprobe, uprobe, uretprobe, eprobe, fprobe
# and tracepoint probe events, with arguments of every type, in the top
# buffer and in a -B instance; a workload on both CPUs recorded shows
# records from both.  Task ids and time stamps are masked in reports.

. ./lib.sh

# "[instance: ]comm-pid [cpu] time: event: fields" ->
# "[instance: ]comm: event: fields"
mask() {
	sed -E -e 's/^([a-z_]+: +)? *(.{1,16})-[0-9]+ +\[[0-9]+\] +[0-9]+\.[0-9]+: /\1\2: /' \
		-e 's/^(cpus=|CPU )[0-9]+.*$/\1N/'
}

report() { # file [trace-cmd report options]
	f=$1
	shift
	echo "\$ trace-cmd report $* $f"
	trace-cmd report "$@" -i "$f" 2>&1 | mask
}

# The workload: a uprobe target, an open, a read and an exec; it sleeps
# first, because trace-cmd loses the records of a command that ends
# before its recorders are ready (see tests/baseline/stock.notes).
# It runs on CPU 0 only, so that the CPU of each record is the same on
# every run.
WORK="sleep 1; ./kpt_uprobe call 2; cat /dev/null; exec ./kpt_uprobe call 1"
PIN="taskset -c 0"
TARGET=$(./kpt_uprobe where target)

define() {
	echo 'p:kpt/kp do_sys_openat2 dfd=%di:s32 path=+0(%si):ustring how=+0(%dx):x64 mode=+8(%dx):u16 low=+0(%dx):b4@0/64 ch=+0(%si):char arr=+0(%si):u8[4] comm=$comm' >>$K/kprobe_events
	echo 'r:kpt/kr do_sys_openat2 ret=$retval:s64 ret8=$retval:s8 rx=$retval:x32' >>$K/kprobe_events
	echo "p:kpt/up $TARGET a=%di:s64 b=%si:x16 s=+0(%dx):string bytes=+0(%dx):u8[3]" >>$K/uprobe_events
	echo "r:kpt/ur $TARGET ret=\$retval:x64" >>$K/uprobe_events
	echo 'e:kpt/ep syscalls/sys_enter_openat file=+0($filename):ustring flags=$flags:x32' >>$K/dynamic_events
	echo 'f:kpt/fp vfs_read count file:%pD' >>$K/dynamic_events
	echo 'f:kpt/fr vfs_read%return ret=$retval:s64' >>$K/dynamic_events
	echo 't:kpt/tp sched_process_exec old_pid file=bprm->filename:string' >>$K/dynamic_events
}

define
run cat $K/dynamic_events
run sh -c 'trace-cmd list -e kpt | sort'
run sh -c 'trace-cmd list -e "kpt:kp" -F'

echo "=== record and report, top buffer"
run trace-cmd record -q -F -c -e kpt -o all.dat $PIN sh -c "$WORK"
report all.dat
expect "the uprobe's second call" sh -c 'trace-cmd report -i all.dat | grep -q " up: .* a=1 b=0x1234 s=\"kpt-2\""'
expect "the exec's tracepoint probe" sh -c 'trace-cmd report -i all.dat | grep -q " tp: .*file=\"./kpt_uprobe\""'

# A report of two buffers, each buffer's records in the order recorded:
# the top buffer's, then kpt_b's.  trace-cmd report merges the buffers
# by time stamp, and the guest's clock has a jiffy's resolution, so
# records of both buffers in one jiffy come out in either order.
by_buffer() {
	awk '/^kpt_b: / { b[++n] = $0; next } { print } END { for (i = 1; i <= n; i++) print b[i] }'
}

echo "=== record in a -B instance, next to the top buffer"
run trace-cmd record -q -F -c -e kpt:kp -B kpt_b -e kpt:up -o inst.dat $PIN sh -c "$WORK"
report inst.dat | by_buffer

echo "=== start, stat, stop, extract, reset"
run trace-cmd start -q -e kpt:up -e kpt:ur
run sh -c 'trace-cmd stat | grep -A4 "^Events:"'
# one CPU: extract's per-CPU sizes are then the same on every run
taskset -c 0 ./kpt_uprobe call 3
run trace-cmd stop
run trace-cmd extract -o ext.dat
report ext.dat
run trace-cmd reset
run cat $K/events/kpt/up/enable $K/tracing_on

# trace-cmd reset removes the kprobe, uprobe and eprobe events but not
# the fprobe and tprobe ones, which its libtracefs (1.6.4) does not know:
# defining those again fails (SAME_PROBE, DIFF_ARG_TYPE; dash's echo says
# "I/O error" for any failed write), on stock as on ours.
run cat $K/dynamic_events
echo "=== both CPUs (the events trace-cmd reset removed, made again)"
define
run cat $K/error_log
run trace-cmd record -q -e kpt:kp -o cpus.dat sh -c \
	'sleep 1; taskset -c 0 cat /dev/null; taskset -c 1 cat /dev/null'
for c in 0 1; do
	expect "records from CPU $c" sh -c \
		"trace-cmd report --cpu $c -i cpus.dat | grep -q 'path=\"/dev/null\"'"
done

# trace-cmd stream prints what its recorders pipe to it.  While the
# command runs a recorder splices whole pages only; the last, partial
# page it writes when signalled at the end, and stream drains the pipes
# once without waiting for it: whether a short command's records are
# printed depends on when QEMU runs the recorder's vCPU (CLIENTS.md).
# So this command makes the uprobe's 3 records, then others (another
# string) until stream has printed the 3: they are then on a whole page
# that the recorder of CPU 0 spliced while the command ran.  With
# buffer_percent at 1 the recorder wakes after a few pages.  Only the 3
# are shown; how many others there were is not.
echo "=== stream"
STREAM='./kpt_uprobe call 3; n=0
while [ $n -lt 300 ] && ! grep -q "s=\"kpt-3\"" stream.txt; do
	./kpt_uprobe call 100; n=$((n + 1)); done'
percent=$(cat $K/buffer_percent)
echo 1 >$K/buffer_percent
echo "\$ trace-cmd stream -q -e kpt:up $PIN sh -c '3 records, then others until stream printed them' >stream.txt"
trace-cmd stream -q -e kpt:up $PIN sh -c "$STREAM" >stream.txt 2>&1
echo "rc=$?"
echo "$percent" >$K/buffer_percent
grep 's="kpt-3"' stream.txt | mask
expect "stream printed the 3 records while the command ran" \
	test "$(grep -c 's="kpt-3"' stream.txt)" = 3

echo > $K/dynamic_events
expect "every event deleted" test ! -s $K/dynamic_events
exit $failed
