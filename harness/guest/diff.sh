#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Differential test, guest side (kpt.mode=diff): run every case of
# /kpt/diff/corpus.txt from a clean tracefs state and report, on the
# results port (/dev/kpt-res), what the kernel shows: each write's exit status and error text, the whole
# error_log, kprobe_events, dynamic_events, the format file of every event
# that exists, and the trace lines the case's trigger produced.  The host
# (harness/diff.sh) normalises this and compares it with the stock golden.
# The corpus format is described at the top of corpus.txt.

RES=/dev/kpt-res
CORPUS=/kpt/diff/corpus.txt
KNOWN=$CORPUS	# any file with a fixed path will do
T=/sys/kernel/tracing
CASE=/tmp/kpt-case
BOUND=10	# seconds for any single guest operation

# The architecture's register and function names (kpt_arch), which the
# corpus writes as ${KPT_ARG1} and so on
. /selftests/ftrace/test.d/kprobetrace/kpt_arch

cd $T || exit 1
exec 3>$RES

emit() {
	printf '%s\n' "$*" >&3
}

# Copy a tracefs file to the result port; a read that does not finish in
# BOUND seconds is reported instead of hanging the run.
show() { # title file
	if [ -n "$UNSUB" ]; then
		# the title too: it names the event, whose name may hold a place
		printf '%s\n' "--- $1" | sed "$UNSUB" >&3
		timeout $BOUND cat "$2" >/tmp/kpt-show 2>&1
		rc=$?
		sed "$UNSUB" /tmp/kpt-show >&3
	else
		emit "--- $1"
		timeout $BOUND cat "$2" >&3 2>&1
		rc=$?
	fi
	[ $rc -eq 0 ] || emit "(read of $2 failed: $rc)"
}

# {where:NAME} stands for "PATH:0xOFFSET" of a uprobe target of
# kpt_uprobe (kpt_uprobe_dyn for getppid, in the C library), as
# "kpt_uprobe where NAME" prints it, and {woffs:NAME} for its offset
# alone; listings show the offset zero-padded, which UNSUB turns into
# {wherel:NAME}, so that the padding is still compared.
#
# {addr:SYM} in a definition stands for SYM's address taken from
# /proc/kallsyms, so address probes work on kernels with different layouts.
# The address shows again in listings and error_log; UNSUB (a sed script,
# built per case) turns it back into {addr:SYM} there, so outputs compare
# across kernels whose symbols sit at different addresses.
UNSUB=

addr_syms() { # def: every SYM of a {addr:SYM} in def, one per line
	printf '%s\n' "$1" | grep -o '{addr:[^}]*}' | sed 's/^{addr:\(.*\)}$/\1/'
}

addr_of() { # sym
	a=$(awk -v s="$1" '$3 == s { print "0x" $1; exit }' /proc/kallsyms)
	echo "${a:-0xNOTFOUND}"
}

where_names() { # def: every NAME of a {where:NAME} or {woffs:NAME}
	printf '%s\n' "$1" | grep -o '{w[a-z]*:[^}]*}' | sed 's/^{w[a-z]*:\(.*\)}$/\1/'
}

where_of() { # name
	case "$1" in
	getppid) kpt_uprobe_dyn where "$1" ;;
	*) kpt_uprobe where "$1" ;;
	esac
}

# text: the definition with each ${KPT_NAME} of kpt_arch replaced by the
# name's value on this architecture; without a fork, as many cases have
# one.
arch_subst() { # def
	local n v

	text=$1
	for n in $KPT_NAMES; do
		eval "v=\$$n"
		text=${text//\$\{$n\}/$v}
	done
}

subst() { # def
	d=$1
	for s in $(addr_syms "$d"); do
		d=$(printf '%s\n' "$d" | sed "s/{addr:$s}/$(addr_of "$s")/g")
	done
	for s in $(where_names "$d"); do
		w=$(where_of "$s")
		d=$(printf '%s\n' "$d" | sed "s|{where:$s}|$w|g; s|{woffs:$s}|${w##*:}|g")
	done
	printf '%s\n' "$d"
}

unsub_add() { # def
	for s in $(addr_syms "$1"); do
		UNSUB="${UNSUB}s/$(addr_of "$s")/{addr:$s}/g;"
	done
	for s in $(where_names "$1"); do
		w=$(where_of "$s")
		l=$(printf '%s:0x%016x' "${w%:*}" "${w##*:}")
		UNSUB="${UNSUB}s|$l|{wherel:$s}|g;s|$w|{where:$s}|g;s|${w##*:}|{woffs:$s}|g;"
	done
}

# Events that exist now, as GRP/EVENT, once each, in listing order.
events() {
	timeout $BOUND cat dynamic_events | awk '{ sub(/^[^:]*:/, "", $1); if (!seen[$1]++) print $1 }'
}

# Each write is one dd write(2) of the whole text (fullblock), so long
# lines reach the kernel in one piece, and dd's message on failure carries
# the errno text, which the shell's printf builtin does not print.
write() { # mode(>|>>) file text
	if [ "$1" = ">" ]; then
		flags=	# dd truncates unless told conv=notrunc
	else
		flags="conv=notrunc oflag=append"
	fi
	printf '%s\n' "$3" | timeout $BOUND dd of="$2" $flags iflag=fullblock bs=1M status=none 2>&1
}

# Triggers.  The triggering process writes its pid to $TRIGGER_PID and
# stops itself; the events are enabled; then it goes on to do the one
# thing the case traces.  Only its trace lines are kept (traced()), so
# they are the same on every boot.  Its pid is not given to set_event_pid:
# a pid-filtered event file takes the generic record path
# (trace_event_buffer_reserve()), and the records compared must be those
# of the path a probe event takes when nothing filters it.
TRIGGER_PID=/tmp/kpt-trigger.pid
trigger_start() { # name
	case "$1" in
	open)	cmd="exec cat $KNOWN" ;;
	enoent)	cmd='exec cat /kpt/diff/no-such-file' ;;
	fork)	cmd='/bin/busybox true; exit 0' ;;
	ucall)	cmd='exec kpt_uprobe call 2' ;;
	ufork)	cmd='exec kpt_uprobe fork 1' ;;
	ulib)	cmd='exec kpt_uprobe_dyn getppid 2' ;;
	*)	emit "(unknown trigger $1)"; cmd=: ;;
	esac
	rm -f $TRIGGER_PID
	timeout $BOUND sh -c "echo \$\$ >$TRIGGER_PID; kill -STOP \$\$; $cmd" \
		>/dev/null 2>&1 &
	trigger_job=$!
	# bounded by the trigger's own timeout: its job ends with it
	until [ -s $TRIGGER_PID ] || ! kill -0 $trigger_job 2>/dev/null; do :; done
	trigger_pid=$(cat $TRIGGER_PID 2>/dev/null)
	[ -n "$trigger_pid" ] || { emit "(trigger $1 did not start)"; return; }
	state=
	while [ "$state" != T ] && [ -e /proc/$trigger_pid ]; do
		read -r _ _ state _ </proc/$trigger_pid/stat
	done
}

trigger_go() {
	[ -z "$trigger_pid" ] || kill -CONT $trigger_pid
	wait $trigger_job
}

# The trace lines of the trigger: those of its pid, and for ufork those
# of its child too (kpt_uprobe, which nothing else runs).
traced() { # trigger
	if [ "$1" = ufork ]; then
		grep -E '^ *kpt_uprobe-[0-9]+ +\['
	else
		grep -E "^ *.{1,16}-$trigger_pid +\\["
	fi
}

# Back to a clean state: nothing enabled, no dynamic events, empty trace,
# empty error_log, no pid filter.  A case passes the events it listed
# (nothing it does after listing them adds or removes one).
clean() { # [events]
	for e in ${1-$(events)}; do
		echo 0 >events/$e/enable 2>/dev/null
	done
	echo >set_event_pid
	echo >dynamic_events 2>/dev/null || emit "(could not clear dynamic_events)"
	echo >trace
	echo >error_log
}

run_case() { # number trigger
	emit "=== case $1"
	UNSUB=
	i=0
	while IFS= read -r l; do
		op=${l%% *}
		def=
		case "$l" in
		*' '*) def=${l#* } ;;
		esac
		emit "--- cmd $i: $op $def"
		text=$def
		case "$def" in
		*'${KPT_'*) arch_subst "$def" ;;
		esac
		# {addr:} and {where:} are rare: test for one before paying
		# the forks of subst and unsub_add (most of a case's run time).
		case "$text" in
		*'{'*)	unsub_add "$def"
			text=$(subst "$text") ;;
		esac
		case "$op" in
		k)	out=$(write '>>' kprobe_events "$text") ;;
		kt)	out=$(write '>' kprobe_events "$text") ;;
		u)	out=$(write '>>' uprobe_events "$text") ;;
		ut)	out=$(write '>' uprobe_events "$text") ;;
		d)	out=$(write '>>' dynamic_events "$text") ;;
		dt)	out=$(write '>' dynamic_events "$text") ;;
		on)	out=$(write '>' "events/$def/enable" 1) ;;
		off)	out=$(write '>' "events/$def/enable" 0) ;;
		*)	out="unknown op $op"; false ;;
		esac
		rc=$?
		emit "rc=$rc${out:+ $out}"
		i=$((i + 1))
	done <$CASE
	show error_log error_log
	show kprobe_events kprobe_events
	show uprobe_events uprobe_events
	show dynamic_events dynamic_events
	evs=$(events)
	for e in $evs; do
		show "format $e" "events/$e/format"
	done
	if [ -n "$2" ]; then
		trigger_start "$2"
		for e in $evs; do
			echo 1 >events/$e/enable 2>/dev/null || emit "(enable $e failed)"
		done
		trigger_go
		# Never read trace with an event enabled (a probe on a read
		# path would feed itself).
		for e in $evs; do
			echo 0 >events/$e/enable 2>/dev/null
		done
		emit "--- trace"
		timeout $BOUND cat trace | traced "$2" | sed "$UNSUB" >&3
		show uprobe_profile uprobe_profile
	fi
	clean "$evs"
	emit "=== end $1"
}

emit "BEGIN $(cat /kpt/variant) $(uname -r)"
clean
n=0 trig= have=0
: >$CASE
# A case is one first line (k/kt/d/dt, optionally @TRIGGER) and its "+"
# continuation lines; run the previous case when the next one starts.
while IFS= read -r line || [ -n "$line" ]; do
	case "$line" in
	''|'#'*) continue ;;
	+*)	printf '%s\n' "${line#+}" >>$CASE ;;
	*)	[ $have = 1 ] && run_case $n "$trig"
		n=$((n + 1)) have=1
		op=${line%% *}
		trig=
		case "$op" in
		*@*) trig=${op#*@}; op=${op%@*} ;;
		esac
		def=
		case "$line" in
		*' '*) def=${line#* } ;;
		esac
		printf '%s %s\n' "$op" "$def" >$CASE ;;
	esac
done <$CORPUS
[ $have = 1 ] && run_case $n "$trig"
emit "DONE $n"
