#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# trace-cmd's lost records, measured (make tracecmd-race, not make check:
# the figures differ from run to run, so there is no golden).
#
# `trace-cmd record -e kpt:kp CMD` of a short CMD sometimes keeps none of
# CMD's records.  Each run here records one cat opening a path of its
# own; an instance trace-cmd does not touch (kpt_diag, global clock) sees
# the same hit and what trace-cmd's processes did around it: the forks,
# the SIGUSR1 that ends each recorder, its select()s and read()s.  A run
# is lost when the hit is in kpt_diag and not in trace-cmd's file; it is
# then classified by what the recorder of the hit's CPU did:
#   early   it was signalled before its first select(): it never entered
#           its recording loop, so it never made its final flush read
#   killed  it was signalled before it had a SIGUSR1 handler
#   late    it was in its loop when signalled: the records went elsewhere
# Then the same with CMD delayed (the recorders get time to start), with
# trace-cmd start/stop/extract, which has no recorder processes, and with
# trace-cmd stream.
# Prints one "FIGURE" line per series; harness/tracecmd-race.sh tables
# stock's and ours side by side.

. ./lib.sh
RUNS=100 SWEEP=50

# What kpt_diag saw of run PATH: "hits CPU CLASS" (CLASS "-" if the
# recorder of that CPU is not found)
classify() { # path
	awk -v path="$1" "$DIAG_AWK"'
	function task(s) {
		s = $1
		sub(/.*-/, "", s)
		return s
	}
	/ sched_process_fork: / {
		p = val("pid")
		kids[p] = kids[p] " " val("child_pid")
		next
	}
	/ sched_process_exec: / && / filename=[^ ]*\/(cat|sh) / {
		if (cmd == "")
			cmd = val("pid")
		next
	}
	/ kp: / && index($0, "path=\"" path "\"") {
		hits++
		match($0, /\[[0-9]+\]/)
		cpu = substr($0, RSTART + 1, RLENGTH - 2) + 0
		next
	}
	/ signal_generate: / {
		p = val("pid")
		if (!(p in sig))
			sig[p] = stamp()
		next
	}
	/ signal_deliver: / {
		handled[task()] = 1
		next
	}
	/ sys_p?select6?\(/ {
		p = task()
		if (!(p in sel))
			sel[p] = stamp()
		next
	}
	END {
		# the recorders: trace-cmd forks one per CPU, in CPU order,
		# before it forks the command
		for (p in kids)
			if (index(kids[p] " ", " " cmd " "))
				main = p
		n = split(kids[main], k, " ")
		r = -1
		for (i = 1; i <= n; i++)
			if (k[i] != cmd && ++r == cpu)
				rec = k[i]
		class = "-"
		if (rec != "" && !(rec in handled))
			class = "killed"
		else if (rec != "" && (!(rec in sel) || sig[rec] < sel[rec]))
			class = "early"
		else if (rec != "")
			class = "late"
		printf "%d %d %s\n", hits, cpu, class
	}' $DIAG/trace
}

# Records of PATH in trace-cmd's file FILE
kept() { # file path
	trace-cmd report -i "$1" 2>/dev/null | grep -c "path=\"$2\""
}

# SERIES RUNS DELAY: RUNS records of a cat started after DELAY seconds
series() { # name runs delay
	lost=0 early=0 killed=0 late=0 unseen=0 i=0
	while [ $i -lt "$2" ]; do
		i=$((i + 1))
		path=/kpt-race-$1-$i
		echo >$DIAG/trace
		rm -f r.dat
		if [ "$3" = 0 ]; then
			trace-cmd record -q -e kpt:kp -o r.dat cat $path \
				>/dev/null 2>&1
		else
			trace-cmd record -q -e kpt:kp -o r.dat sh -c \
				"sleep $3; exec cat $path" >/dev/null 2>&1
		fi
		set -- "$1" "$2" "$3" $(classify $path)
		if [ "$4" = 0 ]; then
			unseen=$((unseen + 1))
		elif [ "$(kept r.dat $path)" = 0 ]; then
			lost=$((lost + 1))
			case $6 in
			early) early=$((early + 1)) ;;
			killed) killed=$((killed + 1)) ;;
			*) late=$((late + 1))
			   echo "run $1-$i lost, recorder $6 (cpu $5):"
			   grep -v ' kp: ' $DIAG/trace | tail -n 40 ;;
			esac
		fi
		set -- "$1" "$2" "$3"
	done
	echo "FIGURE $1 runs=$2 lost=$lost early=$early killed=$killed late=$late unseen=$unseen"
}

# The same cat through trace-cmd start, stop and extract
extract_series() { # runs
	lost=0 i=0
	while [ $i -lt "$1" ]; do
		i=$((i + 1))
		path=/kpt-race-extract-$i
		rm -f s.dat
		trace-cmd start -q -e kpt:kp >/dev/null 2>&1
		cat $path 2>/dev/null
		trace-cmd stop >/dev/null 2>&1
		trace-cmd extract -o s.dat >/dev/null 2>&1
		[ "$(kept s.dat $path)" = 0 ] && lost=$((lost + 1))
	done
	echo "FIGURE extract runs=$1 lost=$lost"
}

# The same cat through trace-cmd stream, which prints what its recorders
# pipe to it (CLIENTS.md: its last drain does not wait for them)
stream_series() { # runs
	lost=0 i=0
	while [ $i -lt "$1" ]; do
		i=$((i + 1))
		path=/kpt-race-stream-$i
		trace-cmd stream -q -e kpt:kp cat $path 2>/dev/null |
			grep -q "path=\"$path\"" || lost=$((lost + 1))
	done
	echo "FIGURE stream runs=$1 lost=$lost"
}

diag_instance sys_enter_select sys_enter_pselect6 sys_enter_read \
	sys_enter_splice
echo "$(nproc) CPUs, trace-cmd $(trace-cmd --version 2>&1 | grep -o '[0-9][0-9.]*' | head -n 1)"
series plain $RUNS 0
series delay-0.005 $SWEEP 0.005
series delay-0.05 $SWEEP 0.05
extract_series $SWEEP
stream_series $SWEEP
# kpt_diag must have kept up: its lost events would hide a class
echo "diag overruns: $(grep -h overrun $DIAG/per_cpu/cpu*/stats | awk '{ s += $2 } END { print s }')"
diag_instance_remove
