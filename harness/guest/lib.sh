#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Helpers the guest runners share (sourced: check.sh, clients.sh).

# run_bounded SECS LOG CMD...: run CMD in its own session; kill the whole
# session if it is still running after SECS.  Returns 124 on timeout.
run_bounded() {
	secs=$1 log=$2
	shift 2
	setsid "$@" >"$log" 2>&1 </dev/null &
	pid=$!
	(
		i=0
		while [ $i -lt "$secs" ]; do
			sleep 1
			kill -0 $pid 2>/dev/null || exit 0
			i=$((i + 1))
		done
		# Mark first: the waiter wakes up as soon as the kill lands.
		echo TIMEOUT >"$log.timeout"
		kill -KILL -$pid 2>/dev/null
	) &
	dog=$!
	wait $pid
	rc=$?
	kill $dog 2>/dev/null
	wait $dog 2>/dev/null
	[ -f "$log.timeout" ] && return 124
	return $rc
}
