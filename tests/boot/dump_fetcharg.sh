#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kernel: dump
#
# Upstream 7.3's CONFIG_PROBE_EVENTS_DUMP_FETCHARG (patches/0017), in the
# dump flavour of ours (config/dump.config): under each probe's line of
# kprobe_events, uprobe_events and dynamic_events, one "#  NAME: OP -> ...
# -> END" line per argument with the program it was compiled into, in
# 7.3's format; the listing, written back, defines the same events (the
# '#' lines are comments).  Stock 6.12 has no such option: there the
# listing has no '#' line (exit 4: unsupported).  Run by make check-dump.
set -e
. /selftests/ftrace/test.d/kprobetrace/kpt_arch
cd /sys/kernel/tracing
echo > dynamic_events

# want FILE LINE...: FILE holds these lines in this order, one after the
# other (extended regular expressions, each the whole line)
want() {
	file=$1
	shift
	printf '%s\n' "$@" >/tmp/want
	awk 'NR == FNR { w[++n] = $0; next }
	     { l[++m] = $0 }
	     END {
		for (s = 1; s + n - 1 <= m; s++) {
			for (i = 1; i <= n && l[s + i - 1] ~ ("^" w[i] "$"); i++) ;
			if (i > n) exit 0
		}
		exit 1
	     }' /tmp/want "$file" || { echo "not in $file:"; cat /tmp/want; cat "$file"; exit 1; }
}

echo "p:kpt/d1 vfs_read a=+0(\$arg2):ustring b=$KPT_ARG1:x16 c=\\\"hi\":string d=\$comm e=@jiffies f=\$stack3" >> kprobe_events
if ! grep -q '^#  ' kprobe_events; then
	# unsupported on stock; a failure on ours' dump flavour (make
	# check-dump), which has 7.3's grammar and so its README lines
	if grep -q 'this_cpu_read(<fetcharg>)' README; then
		echo "no '#' line in kprobe_events" >&2
		exit 1
	fi
	exit 4
fi
cat kprobe_events
want kprobe_events \
	'p:kpt/d1 vfs_read a=\+0\(\$arg2\):ustring b=%[a-z0-9]+:x16 c=\\"hi":string d=\$comm e=@jiffies f=\$stack3' \
	'#  a: ARG\(1\) -> ST_USTRING\(offset=0,size=4\) -> END' \
	'#  b: REG\([0-9]+\) -> ST_RAW\(size=2\) -> END' \
	'#  c: IMMSTR\(hi\) -> ST_STRING\(offset=0,size=4\) -> END' \
	'#  d: COMM -> ST_STRING\(offset=0,size=4\) -> END' \
	'#  e: NOP_SYMBOL\(jiffies\) -> IMM\(0xffff[0-9a-f]+\) -> ST_MEM\(offset=0,size=8\) -> END' \
	'#  f: STACK\(3\) -> ST_RAW\(size=8\) -> END'
# A second probe of the event: its own line and programs
echo "p:kpt/d1 vfs_write a=+0(\$arg2):ustring b=$KPT_ARG1:x16 c=\\\"hi\":string d=\$comm e=@jiffies f=\$stack3" >> kprobe_events
test "$(grep -c '^#  a: ARG(1) -> ST_USTRING' kprobe_events)" = 2
# A return probe's $argN is saved at entry and read back from there
echo 'r:kpt/d2 vfs_read n=$arg3:u32 r=$retval:s64' >> kprobe_events
want kprobe_events \
	'r[0-9]*:kpt/d2 vfs_read n=\$arg3:u32 r=\$retval:s64' \
	'#  n: EDATA\(offset=0\) -> ST_RAW\(size=4\) -> END' \
	'#  r: RETVAL -> ST_RAW\(size=8\) -> END'
# An eprobe's field, an fprobe's BTF walk from $current, a bitfield
echo 'e:kpt/d3 sched.sched_switch pid=$prev_pid:s32' >> dynamic_events
cat dynamic_events
want dynamic_events \
	'e:kpt/d3 sched.sched_switch pid=\$prev_pid:s32' \
	'#  pid: TP_ARG\(prev_pid\) -> ST_RAW\(size=4\) -> END'
# (arm64 6.12 has no fprobe events)
if grep -qF 'f[:[<group>/][<event>]]' README; then
	echo 'f:kpt/d4 vfs_read pid=$current->pid m=+0($stack):b3@5/32' >> dynamic_events
	want dynamic_events \
		'f:kpt/d4 vfs_read pid=\$current->pid m=\+0\(\$stack\):b3@5/32' \
		'#  pid: CURRENT -> ST_MEM\(offset=[0-9]+,size=4\) -> END' \
		'#  m: STACKP -> ST_MEM\(offset=0,size=4\) -> MOD_BF\(basesize=4,lshift=24,rshift=29\) -> END'
fi
# A uprobe, in uprobe_events and in dynamic_events (its memory reads are
# ST_MEM, which a uprobe does in user space, as in 6.12)
echo 'p:kpt/d5 /bin/busybox:0x10 s=$stack0 @+0x20:u32' >> uprobe_events
cat uprobe_events
want uprobe_events \
	'p:kpt/d5 /bin/busybox:0x0*10 s=\$stack0 arg2=@\+0x20:u32' \
	'#  s: STACK\(0\) -> ST_RAW\(size=8\) -> END' \
	'#  arg2: FOFFS\(0x20\) -> ST_MEM\(offset=0,size=4\) -> END'
want dynamic_events 'p:kpt/d5 /bin/busybox:0x0*10 s=\$stack0 arg2=@\+0x20:u32' \
	'#  s: STACK\(0\) -> ST_RAW\(size=8\) -> END'

# The listing written back makes the same events: the '#' lines are
# comments to the parser
cat dynamic_events > /tmp/listing
echo > dynamic_events
test ! -s dynamic_events
cat /tmp/listing >> dynamic_events
cat dynamic_events > /tmp/again
cmp /tmp/listing /tmp/again
echo > dynamic_events
