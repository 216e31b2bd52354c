# SPDX-License-Identifier: GPL-2.0
# Helpers every client script sources (". ./lib.sh"): the scripts run
# from the directory this file is copied to (harness/guest/clients.sh).
# Not a client itself: harness/clients.sh never lists it.

K=/sys/kernel/tracing
failed=0

# A command and what it printed are the transcript, with its exit status
run() {
	echo "\$ $*"
	"$@" 2>&1
	echo "rc=$?"
}

# A check of the real behaviour: counts against the client's exit status
expect() { # description command...
	d=$1
	shift
	if "$@" >/dev/null 2>&1; then
		echo "ok: $d"
	else
		echo "NOT OK: $d"
		failed=$((failed + 1))
	fi
}

# The measurement clients' instance, which trace-cmd does not touch: the
# probe kpt/kp on do_sys_openat2's path, the forks, execs and exits,
# SIGUSR1's generation and delivery (trace-cmd ends its recorders with
# it) and the SYSCALLs named, of trace-cmd's processes only.  Global
# clock, so that its times compare across CPUs.
DIAG=$K/instances/kpt_diag
diag_instance() { # syscall...
	echo 'p:kpt/kp do_sys_openat2 path=+0(%si):ustring' >>$K/kprobe_events
	mkdir $DIAG
	echo global >$DIAG/trace_clock
	echo 8192 >$DIAG/buffer_size_kb
	for e in sched/sched_process_fork sched/sched_process_exec \
		 sched/sched_process_exit kpt/kp; do
		echo 1 >$DIAG/events/$e/enable
	done
	for e in signal/signal_generate signal/signal_deliver; do
		echo 'sig == 10' >$DIAG/events/$e/filter
		echo 1 >$DIAG/events/$e/enable
	done
	for e in "$@"; do
		echo 'comm == "trace-cmd"' >$DIAG/events/syscalls/$e/filter
		echo 1 >$DIAG/events/syscalls/$e/enable
	done
}

diag_instance_remove() {
	rmdir $DIAG
	echo >$K/kprobe_events
}

# Awk functions for kpt_diag's trace lines: val(KEY) is the value of
# " KEY=..." in the line ("" if none), stamp() its time stamp in seconds.
DIAG_AWK='
function val(key) {
	if (!match($0, " " key "=[^ ]*"))
		return ""
	return substr($0, RSTART + length(key) + 2, RLENGTH - length(key) - 2)
}
function stamp() {
	match($0, /[0-9]+(\.[0-9]+)?: /)
	return substr($0, RSTART, RLENGTH - 2) + 0
}'
