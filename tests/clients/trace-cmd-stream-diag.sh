#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Where trace-cmd stream's records of a short command go (a measurement,
# like trace-cmd-race: not in make check or make clients; run it with
# harness/clients.sh -m -c trace-cmd-stream-diag VARIANT).  An instance
# trace-cmd does not touch records the probe, the forks, the signals and
# trace-cmd's syscalls; one RUN line per stream of a cat: printed or lost,
# the CPU of the cat's hit, the parent's pid and CPU, when it sent the
# recorders SIGUSR1, and where and when each recorder got it
# (CLIENTS.md, "trace-cmd stream").

. ./lib.sh
diag_instance sys_enter_select sys_enter_pselect6 sys_enter_read \
	sys_exit_read sys_enter_splice sys_exit_splice sys_enter_write \
	sys_exit_write sys_enter_kill sys_enter_ppoll sys_enter_poll \
	sys_enter_wait4 sys_exit_wait4 sys_enter_openat sys_enter_close
ok=0 i=0
while [ $i -lt 30 ]; do
	i=$((i + 1))
	echo >$DIAG/trace
	path=/kpt-s-$i
	trace-cmd stream -q -e kpt:kp cat $path 2>/dev/null >s.txt
	r=lost
	grep -q "path=\"$path\"" s.txt && { ok=$((ok + 1)); r=ok; }
	grep -v '^#' $DIAG/trace >d.txt
	hit=$(grep -m1 "kp:.*$path" d.txt | sed -E 's/.*\[([0-9]+)\].*/\1/')
	kill_line=$(grep -m1 'sys_kill' d.txt)
	par=$(echo "$kill_line" | sed -E 's/^ *([^ ]+) +\[([0-9]+)\].*/\1 \2/')
	kill_t=$(echo "$kill_line" | grep -oE '[0-9]+\.[0-9]{6}:' | tr -d :)
	dl=$(grep 'signal_deliver: sig=10' d.txt |
		sed -E 's/^ *([^ ]+) +\[([0-9]+)\] +[^ ]+ +([0-9.]+):.*/\1@\2@\3/' | xargs)
	echo "RUN $i $r hitcpu=$hit parent=$par kill=$kill_t deliver=$dl"
done
echo "STREAM printed=$ok of $i"
diag_instance_remove
exit 0
