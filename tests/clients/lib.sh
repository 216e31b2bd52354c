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
