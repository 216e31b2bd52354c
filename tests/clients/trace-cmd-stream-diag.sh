#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Where trace-cmd stream's records of a short command go (a measurement,
# like trace-cmd-race: not in make check or make clients; run it with
# harness/clients.sh -m -c trace-cmd-stream-diag VARIANT).
#
#   sh trace-cmd-stream-diag.sh [RUNS [MODES]]
#   (or KPT_STREAM_RUNS, KPT_STREAM_MODES; default 90 runs, modes
#   "none light full")
#
# Each run streams one cat of a path of its own and says whether stream
# printed its record.  The runs take the MODES in turn, so that they are
# interleaved in time; an instance trace-cmd does not touch (kpt_diag,
# global clock) records, by mode:
#   none   nothing: the probe writes into trace-cmd's buffer only
#   light  the probe, the forks and exits, SIGUSR1's generation and
#          delivery, the local timer interrupts (the ticks) and the
#          device interrupts
#   full   light, and the sched_switch and sched_wakeup of trace-cmd's
#          and cat's tasks, the IPIs, and trace-cmd's read, write,
#          splice, kill, poll, select and wait4 calls
# Its clock is x86-tsc (the guest has no clock finer than a jiffy; under
# TCG the TSC counts the host's cycles), calibrated at the start against
# the guest's date.  One RUN line per run: printed (ok) or lost, the CPU
# of the cat's hit, the CPU the parent sent SIGUSR1 from, the recorder of
# the hit's CPU and where it got the signal, when (microseconds after the
# first kill), the first tick on each CPU after the kill and the first
# device interrupt; and (full) that recorder's wakeup, its first run, its
# write of the flushed page, the parent's last poll() and its wait4().
# PHASE lines give the offset of the two CPUs' ticks, before and after
# the runs.  The first lost and printed full runs are dumped as TRACE
# blocks (CLIENTS.md, "trace-cmd stream").

. ./lib.sh
RUNS=${1:-${KPT_STREAM_RUNS:-90}}
MODES=${2:-${KPT_STREAM_MODES:-none light full}}
DUMPS=3

LIGHT="kpt/kp sched/sched_process_fork sched/sched_process_exit
	signal/signal_generate signal/signal_deliver
	irq_vectors/local_timer_entry irq/irq_handler_entry"
SCHED="sched/sched_switch sched/sched_wakeup ipi/ipi_send_cpu
	irq_vectors/reschedule_entry irq_vectors/call_function_single_entry"
SYSCALLS="sys_enter_read sys_exit_read sys_enter_write sys_exit_write
	sys_enter_splice sys_exit_splice sys_enter_kill sys_enter_poll
	sys_exit_poll sys_enter_ppoll sys_exit_ppoll sys_enter_select
	sys_exit_select sys_enter_pselect6 sys_exit_pselect6 sys_enter_wait4
	sys_exit_wait4"

echo 'p:kpt/kp do_sys_openat2 path=+0(%si):ustring' >>$K/kprobe_events
mkdir $DIAG
echo x86-tsc >$DIAG/trace_clock
echo 8192 >$DIAG/buffer_size_kb
for e in signal/signal_generate signal/signal_deliver; do
	echo 'sig == 10' >$DIAG/events/$e/filter
done
echo 'prev_comm == "trace-cmd" || next_comm == "trace-cmd" || prev_comm == "cat" || next_comm == "cat"' \
	>$DIAG/events/sched/sched_switch/filter
echo 'comm == "trace-cmd" || comm == "cat"' >$DIAG/events/sched/sched_wakeup/filter
for e in $SYSCALLS; do
	echo 'comm == "trace-cmd"' >$DIAG/events/syscalls/$e/filter
done

# enable MODE's events in kpt_diag, disable the others
set_mode() { # mode
	on=
	case $1 in
	light) on=$LIGHT ;;
	full) on="$LIGHT $SCHED" ;;
	esac
	for e in $LIGHT $SCHED; do
		v=0
		case " $(echo $on) " in *" $e "*) v=1 ;; esac
		echo $v >$DIAG/events/$e/enable
	done
	v=0
	[ "$1" = full ] && v=1
	for e in $SYSCALLS; do
		echo $v >$DIAG/events/syscalls/$e/enable
	done
}

# The facts of one run from kpt_diag's trace: "key=value ..." (times in
# microseconds after the first SIGUSR1; "-" when not seen)
facts() { # path
	awk -v path="$1" -v cpu_us="$CPU_US" "$DIAG_AWK"'
	function task(s) {
		s = $1
		sub(/.*-/, "", s)
		return s
	}
	function cpu() {
		match($0, /\[[0-9]+\]/)
		return substr($0, RSTART + 1, RLENGTH - 2) + 0
	}
	function rel(t) {
		return t == "" ? "-" : sprintf("%d", (t - tk) / cpu_us)
	}
	{ t = stamp() }
	# a tick: from the local APIC timer, or from the PIT (irq 0) on a boot
	# whose APIC timer failed its calibration
	/ local_timer_entry: / || / irq_handler_entry: irq=0 name=timer/ {
		c = cpu()
		if (ngen == 0)
			lastt[c] = t
		else if (!(c in nextt))
			nextt[c] = t
		next
	}
	/ irq_handler_entry: / {
		if (ngen > 0 && irqt == "") {
			irqt = t
			irqn = val("name")
		}
		next
	}
	/ kp: / && index($0, "path=\"" path "\"") {
		hit = cpu()
		next
	}
	/ signal_generate: / {
		rec[ngen + 0] = val("pid")
		if (ngen++ == 0) {
			tk = t
			par = task()
			pcpu = cpu()
		}
		next
	}
	ngen == 0 { next }
	/ signal_deliver: / {
		if (!(task() in dcpu)) {
			dcpu[task()] = cpu()
			dt[task()] = t
		}
		next
	}
	/ sched_wakeup: / {
		p = val("pid")
		if (!(p in wt)) {
			wt[p] = t
			wcpu[p] = val("target_cpu") + 0
		}
		next
	}
	/ sched_switch: / {
		p = val("next_pid")
		if (!(p in rt)) {
			rt[p] = t
			rcpu[p] = cpu()
		}
		next
	}
	/ sys_write -> 0x1000/ {
		if (!(task() in wrt))
			wrt[task()] = t
		next
	}
	task() == par && / sys_poll\(/ {
		pollt = t
		pollc = cpu()
		next
	}
	task() == par && / sys_poll -> / {
		pollr = $NF
		next
	}
	task() == par && / sys_wait4\(/ && waitt == "" {
		waitt = t
		next
	}
	task() == par && / sys_read -> / && pollt == "" {
		nread++
		next
	}
	END {
		r = (hit == "" || ngen < 2) ? "" : rec[hit]
		printf "hit=%s pkill=%s rec=%s rcpu=%s", hit == "" ? "-" : hit,
			pcpu == "" ? "-" : pcpu, r == "" ? "-" : r,
			(r in dcpu) ? dcpu[r] : "-"
		for (c = 0; c < 2; c++)
			if (c in nextt)
				printf " tick%d=%s", c, rel(nextt[c])
		if (pcpu in lastt)
			printf " ptick=%s", rel(lastt[pcpu])
		if (irqt != "")
			printf " irq=%s@%s", rel(irqt), irqn
		if (r != "" && (r in wt))
			printf " wake=%s@%s", rel(wt[r]), wcpu[r]
		if (r != "" && (r in rt))
			printf " run=%s@%s", rel(rt[r]), rcpu[r]
		if (r != "" && (r in dt))
			printf " deliver=%s", rel(dt[r])
		if (r != "" && (r in wrt))
			printf " write=%s", rel(wrt[r])
		if (pollt != "")
			printf " poll=%s@%s ret=%s reads=%d", rel(pollt), pollc,
				pollr, nread
		if (waitt != "")
			printf " wait4=%s", rel(waitt)
		printf "\n"
	}' $DIAG/trace
}

# TSC cycles a microsecond: two marks 3 s apart by the guest's date
cal() {
	echo kpt_cal >$DIAG/trace_marker
	date +%s%N
}
n0=$(cal)
sleep 3
n1=$(cal)
CPU_US=$(grep -v '^#' $DIAG/trace | grep kpt_cal |
	sed -E 's/.* ([0-9]+): .*/\1/' | xargs | awk -v ns=$((n1 - n0)) '{ printf "%.1f", ($2 - $1) * 1000 / ns }')
echo >$DIAG/trace

# The ticks' phase: for each tick of CPU 1 in a second of idle, the time
# since the last tick of CPU 0 (microseconds; a CPU ticks every 4 ms).  A
# boot whose APIC timer failed its calibration ("APIC timer disabled due
# to verification failure") ticks from the PIT on CPU 0, which passes the
# tick on to CPU 1.
phase() { # label
	set_mode none
	echo >$DIAG/trace
	echo 1 >$DIAG/events/irq_vectors/local_timer_entry/enable
	echo 1 >$DIAG/events/irq/irq_handler_entry/enable
	sleep 1
	echo 0 >$DIAG/events/irq_vectors/local_timer_entry/enable
	echo 0 >$DIAG/events/irq/irq_handler_entry/enable
	grep -v '^#' $DIAG/trace | awk -v cpu_us="$CPU_US" -v label="$1" '
	/ local_timer_entry: / || / irq_handler_entry: irq=0 name=timer/ {
		match($0, /\[[0-9]+\]/)
		c = substr($0, RSTART + 1, RLENGTH - 2) + 0
		match($0, /[0-9]+: /)
		t = substr($0, RSTART, RLENGTH - 2) / cpu_us
		if (c == 0) {
			if (last0 != "")
				per[np++] = t - last0
			last0 = t
		} else if (c == 1 && last0 != "")
			ph[n++] = t - last0
	}
	function sort(a, k,   i, j, x) {
		for (i = 1; i < k; i++)
			for (j = i; j > 0 && a[j - 1] > a[j]; j--) {
				x = a[j]; a[j] = a[j - 1]; a[j - 1] = x
			}
	}
	END {
		sort(ph, n)
		sort(per, np)
		printf "PHASE %s n=%d p10=%d med=%d p90=%d period=%d\n", label, n,
			ph[int(n / 10)], ph[int(n / 2)], ph[int(n * 9 / 10)], per[int(np / 2)]
	}'
	echo >$DIAG/trace
}

phase start
ok=0 i=0 nmodes=$(echo $MODES | wc -w) dumped_ok=0 dumped_lost=0
echo "$(nproc) CPUs, trace-cmd $(trace-cmd --version 2>&1 | grep -o '[0-9][0-9.]*' | head -n 1), $RUNS runs, modes: $MODES, $CPU_US TSC cycles/us"
while [ $i -lt "$RUNS" ]; do
	mode=$(echo $MODES | cut -d' ' -f$((i % nmodes + 1)))
	i=$((i + 1))
	set_mode $mode
	echo >$DIAG/trace
	path=/kpt-s-$i
	trace-cmd stream -q -e kpt:kp cat $path 2>/dev/null >s.txt
	r=lost
	grep -q "path=\"$path\"" s.txt && { ok=$((ok + 1)); r=ok; }
	if [ $mode = none ]; then
		echo "RUN $i $mode $r"
		continue
	fi
	echo "RUN $i $mode $r $(facts $path)"
	[ $mode = full ] || continue
	if [ $r = ok ] && [ $dumped_ok -lt $DUMPS ]; then
		dumped_ok=$((dumped_ok + 1))
	elif [ $r = lost ] && [ $dumped_lost -lt $DUMPS ]; then
		dumped_lost=$((dumped_lost + 1))
	else
		continue
	fi
	echo "TRACE $i $r {"
	# from the cat's exit on
	grep -v '^#' $DIAG/trace | awk '/sched_process_exit: comm=cat/ { on = 1 } on' |
		head -n 400
	echo "TRACE }"
done
phase end
echo "STREAM printed=$ok of $i"
echo "diag overruns: $(grep -h overrun $DIAG/per_cpu/cpu*/stats | awk '{ s += $2 } END { print s }')"
set_mode none
diag_instance_remove
exit 0
