#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The whole test suite against one built kernel variant:
#   check.sh [-d] [-t PATTERN] [-H] VARIANT
#   -d          the debug flavour (any sanitizer/lockdep/kmemleak report fails)
#   -t PATTERN  only guest tests whose path matches this grep pattern
#   -H          skip the host tests
# Lint, host unit tests and a short fuzz run alongside the guest suite
# (tests/selftests.list, tests/boot), then the differential test and the
# real clients (tests/clients).  A guest test fails if it does not pass but is in
# tests/baseline/stock.pass, or is one of the project's own tests; any other
# non-pass is reported as skipped with the reason from
# tests/baseline/stock.notes.  The KUnit suite's rows, reported at boot,
# count as tests too.  Then the short stress and fuzz run (make stress's
# short form).  Ends with "N passed, N failed, N skipped".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

debug=0 pattern= host=1
while getopts "dt:H" o; do
	case $o in
	d) debug=1 ;;
	t) pattern=$OPTARG ;;
	H) host=0 ;;
	*) kpt_die "bad option" ;;
	esac
done
shift $((OPTIND - 1))
variant=${1:?usage: check.sh [-d] [-t PATTERN] [-H] stock|ours}
kpt_variant_check "$variant"
out=$(kpt_outdir "$variant" "$debug")
# KPT_CHECK_RUN: a private run folder, so that two partial runs of one
# variant (-t PATTERN) can go at once without clearing each other's files.
run=${KPT_CHECK_RUN:-$out/check}
per_test=${KPT_TEST_TIMEOUT:-240}
# How long a guest may take to start its tests.  The debug kernel (KASAN,
# lockdep) runs the boot-time ftrace self tests on two vCPUs that share
# one host thread, where every code patch waits for the other vCPU: its
# boot takes many minutes.
boot_timeout=${KPT_BOOT_TIMEOUT:-$([ "$debug" = 1 ] && echo 1500 || echo 300)}
baseline=$KPT_ROOT/tests/baseline/stock.pass
notes=$KPT_ROOT/tests/baseline/stock.notes
passed=0 failed=0 skipped=0
failures=

fail() { # what why
	failed=$((failed + 1))
	failures="$failures  FAIL $1: $2"$'\n'
}

# first_finding LOG PATTERN: the first line of LOG that matches PATTERN,
# shortened, for a failure's summary line.  The end of the output is all a
# CI log shows, so the summary names what failed, not only where to look.
first_finding() {
	grep -aE -m 1 "$2" "$1" 2>/dev/null | sed -E 's/^[[:space:]]*(FAIL:? *)?//' |
		cut -c 1-160
}

# add_counts WHAT LOG: a sub-runner (host tests, differential test) ends
# its LOG with its own "N passed, N failed" line; add it to ours.  Returns 1
# when it failed anything or printed no such line.
add_counts() {
	local line p f
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$2" | tail -n 1)
	if [ -z "$line" ]; then
		fail "$1" "no result line (see ${2#$KPT_ROOT/})"
		return 1
	fi
	p=${line%% passed*}; f=${line#*passed, }; f=${f%% failed*}
	passed=$((passed + p))
	[ "$f" = 0 ] && return 0
	failed=$((failed + f))
	failures="$failures  FAIL $1: $f failed, first: $(first_finding "$2" "FAIL|not ok") (see ${2#$KPT_ROOT/})"$'\n'
	return 1
}

# kernel/trace/ of both trees under Debian's config and allmodconfig: ours
# must build with no warning stock has not (harness/distro.sh).  For the
# ours kernel only: it compares ours with stock.
distro_build() {
	[ "$variant" = ours ] || return 0
	kpt_log "kernel/trace/ under Debian's 6.12 config and allmodconfig (W=1)"
	"$KPT_ROOT/harness/distro.sh" >"$run/distro.log" 2>&1
	grep -v '^\[kpt' "$run/distro.log"
	add_counts "distribution configs" "$run/distro.log"
}

host_tests() {
	local dir=$KPT_ROOT/tools/testing/trace_probe
	kpt_log "lint: checkpatch --strict, kernel-doc -Wall"
	if "$KPT_ROOT/harness/lint.sh" >"$run/lint.log" 2>&1; then
		passed=$((passed + 1))
	else
		head -n 40 "$run/lint.log"
		fail "lint" "$(first_finding "$run/lint.log" .) (see ${run#$KPT_ROOT/}/lint.log)"
	fi
	distro_build
	[ -f "$dir/Makefile" ] || { kpt_log "no host tests yet"; return; }
	kpt_log "host unit tests"
	make -s -C "$dir" test >"$run/host-test.log" 2>&1
	tail -n 30 "$run/host-test.log"
	add_counts "host unit tests" "$run/host-test.log"
	# A fixed seed and run count: the same inputs on every machine, so the
	# verdict is reproducible; open-ended exploration is `make fuzz`.
	kpt_log "host fuzz run (seed 1, ${FUZZ_RUNS:-2500000} inputs)"
	if make -s -C "$dir" fuzz FUZZ_SECONDS=600 FUZZ_SEED=1 \
		FUZZ_RUNS="${FUZZ_RUNS:-2500000}" >"$run/fuzz.log" 2>&1; then
		passed=$((passed + 1))
	else
		tail -n 40 "$run/fuzz.log"
		fail "host fuzz run" "$(first_finding "$run/fuzz.log" 'ERROR|SUMMARY|FAIL|[Ee]rror') (see ${run#$KPT_ROOT/}/fuzz.log)"
	fi
}

# list_patterns isolate|main: the tests of tests/selftests.list lines that
# start with "isolate:" (each gets a boot of its own: they crash some
# kernel), or of the other lines.
list_patterns() {
	local src=$KPT_SRC/$variant/tools/testing/selftests/ftrace pat
	grep -v -e '^#' -e '^[[:space:]]*$' "$KPT_ROOT/tests/selftests.list" |
	while read -r pat; do
		case "$pat" in
		isolate:*) [ "$1" = isolate ] || continue; pat=${pat#isolate:}; pat=${pat# } ;;
		*) [ "$1" = main ] || continue ;;
		esac
		case "$pat" in
		test.d/kprobetrace/*) (cd "$KPT_ROOT/tools/testing/selftests/ftrace" && ls -1 $pat 2>/dev/null) ;;
		*) (cd "$src" && ls -1 $pat 2>/dev/null) ;;
		esac
	done | grep -e "${pattern:-.}"
}

# list_tests [isolate]: the guest tests that match the pattern: the
# isolated ones, or all the others.
list_tests() {
	if [ "${1:-}" = isolate ]; then
		list_patterns isolate
	else
		list_patterns main | grep -vxF -f <(list_patterns isolate; echo /)
	fi
}

# The "isolate:" tests, each in a boot of its own after the main run.
isolated_tests() {
	local t n=0
	list_tests isolate >"$run/isolated.list"
	while read -r t; do
		n=$((n + 1))
		echo "$t" >>"$run/tests.list"
		echo "$t" >"$run/boot.list"
		kpt_log "guest boot for $t (isolated)"
		run_guest "isolated-$n" "$run/boot.list" $((per_test + boot_timeout))
	done <"$run/isolated.list"
}

in_list() { # test file
	grep -qxF "$1" "$2" 2>/dev/null
}

note_for() { # test
	grep -F "$1 " "$notes" 2>/dev/null | head -n 1 | cut -d' ' -f2-
}

# Classify each planned test by its reported outcome.
summarize() {
	local t res secs
	while read -r t; do
		res=$(cat "$run"/results*.txt | grep -F "RESULT $t " | head -n 1 | cut -d' ' -f3)
		secs=$(cat "$run"/results*.txt | grep -F "RESULT $t " | head -n 1 | cut -d' ' -f4)
		res=${res:-NOTRUN}
		printf '%-72s %-11s %5ss\n' "$t" "$res" "${secs:--}" >>"$run/summary.txt"
		if [ "$res" = PASS ]; then
			passed=$((passed + 1))
		elif in_list "$t" "$baseline"; then
			fail "$t" "$res (passes on stock)"
		elif [[ $t == test.d/kprobetrace/* || $t == boot/* ]]; then
			fail "$t" "$res (project test)"
		else
			skipped=$((skipped + 1))
			echo "  skip $t: $res; $(note_for "$t")" >>"$run/skipped.txt"
		fi
	done <"$run/tests.list"
}

# Kernel reports that fail the run whatever the tests said.
scan_console() {
	local pat='BUG:|WARNING:|KASAN:|UBSAN:|possible recursive locking|possible circular locking|inconsistent lock state|unreferenced object|Kernel panic|Oops:|general protection fault'
	if cat "$run"/console*.log | grep -aE "$pat" >"$run/kernel-reports.txt"; then
		head -n 20 "$run/kernel-reports.txt"
		fail "kernel log" "$(wc -l <"$run/kernel-reports.txt") report lines, first: $(first_finding "$run/kernel-reports.txt" .) (see ${run#$KPT_ROOT/}/kernel-reports.txt)"
	fi
}

# Print RESULT lines as the guest reports them (polls; killed by the caller).
# Also the watchdog of a wedged guest: one that has not reported BEGIN after
# $boot_timeout seconds, or no result for longer than a test may take
# plus two minutes (the guest's own per-test bound did not fire, so the
# kernel itself is stuck), is stopped instead of waiting for the whole bound.
show_progress() { # results-file initrd
	local shown=0 now idle=0 limit=$((per_test + 120))
	while :; do
		now=$(tr -d '\r' 2>/dev/null <"$1" | grep -c '^RESULT ')
		if [ "${now:-0}" -gt "$shown" ]; then
			tr -d '\r' <"$1" | grep '^RESULT ' | sed -n "$((shown + 1)),${now}p" |
				while read -r _ t r s; do
					printf '  %-66s %-11s %4ss\n' "$t" "$r" "$s"
				done
			shown=$now
			idle=0
		fi
		if ! grep -qs '^BEGIN' "$1" && [ $idle -ge "$boot_timeout" ]; then
			echo "  guest did not start the tests in ${idle}s; stopping it"
			pkill -f -- "-initrd $2"
			return
		fi
		if grep -qs '^BEGIN' "$1" && [ $idle -ge $limit ]; then
			echo "  no result from the guest for ${idle}s; stopping it"
			pkill -f -- "-initrd $2"
			return
		fi
		sleep 2
		idle=$((idle + 2))
	done
}

# The tree's tools/bootconfig, built once per run (the host has none).
bootconfig_tool() {
	local dir=$run/bootconfig-tool
	if [ ! -x "$dir/bootconfig" ]; then
		mkdir -p "$dir"
		make -s -C "$KPT_SRC/$variant/tools/bootconfig" OUTPUT="$dir/" \
			"$dir/bootconfig" >&2 || kpt_die "tools/bootconfig does not build"
	fi
	echo "$dir/bootconfig"
}

# The initramfs of one boot: the run's common one, packed at the first
# boot (every program the guest needs, built once, and an empty test
# list), then a second archive with this boot's /kpt/tests.list.  The
# kernel unpacks concatenated archives in order, a later file replacing
# an earlier one.
pack_initramfs() { # testlist
	local common=$run/common.cpio.gz
	if [ ! -f "$common" ]; then
		: >"$run/empty.list"
		KPT_STAGE=$run/stage "$KPT_ROOT/harness/initramfs.sh" "$variant" \
			"$debug" "$run/empty.list" "$common" || kpt_die "initramfs failed"
		rm -rf "$run/stage"
	fi
	mkdir -p "$run/list/kpt"
	cp "$1" "$run/list/kpt/tests.list"
	cp "$common" "$run/initramfs.cpio.gz"
	(cd "$run/list" && echo kpt/tests.list | cpio -o -H newc -R 0:0 --quiet) |
		gzip -1 >>"$run/initramfs.cpio.gz"
}

# One guest boot: run_guest TAG TESTLIST SECONDS [CMDLINE...].  Its outputs
# are console-TAG.log and results-TAG.txt in $run.  With $bootconfig set,
# that file is attached to the initramfs (the kernel reads it with the
# "bootconfig" command-line word).
run_guest() {
	local tag=$1 list=$2 bound=$3 progress
	shift 3
	pack_initramfs "$list"
	if [ -n "${bootconfig:-}" ]; then
		"$(bootconfig_tool)" -a "$bootconfig" "$run/initramfs.cpio.gz" >/dev/null ||
			kpt_die "cannot attach $bootconfig"
	fi
	mkdir -p "$run/$tag"
	show_progress "$run/$tag/results.txt" "$run/initramfs.cpio.gz" &
	progress=$!
	"$KPT_ROOT/harness/qemu.sh" -q $([ "$debug" = 1 ] && echo -d) -m check \
		-i "$run/initramfs.cpio.gz" -r "$run/$tag" -t "$bound" \
		-a "kpt.timeout=$per_test $*" "$variant"
	kill "$progress" 2>/dev/null
	wait "$progress" 2>/dev/null
	tr -d '\r' <"$run/$tag/results.txt" >"$run/results-$tag.txt"
	mv "$run/$tag/console.log" "$run/console-$tag.log"
	rm -rf "${run:?}/$tag"
	grep -q '^DONE' "$run/results-$tag.txt" ||
		fail "guest run $tag" "did not finish (see ${run#$KPT_ROOT/}/console-$tag.log)"
}

# Boot tests (tests/boot/NAME.sh) each need a boot with the kernel command
# line given in their "# cmdline:" header, and the bootconfig NAME.bconf
# attached to the initramfs if there is one.
boot_tests() {
	local f name cmdline bootconfig
	for f in "$KPT_ROOT"/tests/boot/*.sh; do
		[ -f "$f" ] || continue
		name=boot/$(basename "$f")
		echo "$name" | grep -q -e "${pattern:-.}" || continue
		cmdline=$(sed -n 's/^# cmdline: //p' "$f" | head -n 1)
		echo "$name" >>"$run/tests.list"
		echo "$name" >"$run/boot.list"
		bootconfig=${f%.sh}.bconf
		[ -f "$bootconfig" ] || bootconfig=
		kpt_log "guest boot for $name"
		run_guest "$(basename "$f" .sh)" "$run/boot.list" $((per_test + boot_timeout)) "$cmdline"
	done
}

guest_tests() {
	local n bound
	list_tests >"$run/tests.list"
	n=$(wc -l <"$run/tests.list")
	if [ "$n" -gt 0 ]; then
		bound=$((n * per_test + boot_timeout))
		[ "$bound" -gt $((4500 + boot_timeout)) ] &&
			bound=$((4500 + boot_timeout))
		kpt_log "guest: $n tests on $variant (per test ${per_test}s, whole run ${bound}s)"
		run_guest main "$run/tests.list" "$bound"
	fi
	isolated_tests
	boot_tests
	[ -s "$run/tests.list" ] || { kpt_log "no guest test matches '$pattern'"; return; }
	summarize
	scan_console
}

# The block of one KUnit suite's TAP report in a console log, timestamps
# dropped: from its "# Subtest:" line to its own "ok"/"not ok" line.
kunit_block() { # suite console-log
	sed -e 's/\r$//' -e 's/^\[[ 0-9.]*\] //' "$2" | awk -v s="$1" '
		$0 == "    # Subtest: " s { on = 1 }
		on { print }
		on && $0 ~ ("^(not )?ok [0-9]+ " s "( |$)") { exit }'
}

# Guest seconds between a suite's first and last line in a console log.
kunit_seconds() { # suite console-log
	tr -d '\r' <"$2" | awk -v s="$1" '
		{ t = $0; sub(/^\[ */, "", t); sub(/\].*/, "", t) }
		$0 ~ ("\\] +# Subtest: " s "$") { a = t }
		a != "" && $0 ~ ("\\] (not )?ok [0-9]+ " s "( |$)") {
			printf "%.1f", t - a; exit }'
}

# The KUnit suite of the parser (kernel/trace/tests).  Built in, it runs at
# every boot; the guest copies its TAP report to the console.  Each table
# row is one KUnit case: its "# Totals:" line is folded in with add_counts,
# skipped rows (debug kernels) count as skipped, and a suite that did not
# finish or says "not ok" fails.  A kernel without the suite (stock) skips
# this, as does a run that booted no guest.
kunit_tests() {
	local suite=trace_probe log=$run/console-main.log tap totals p f s
	grep -qw trace_probe_test_suite "$out/System.map" 2>/dev/null ||
		{ kpt_log "KUnit: no $suite suite in this kernel"; return 0; }
	[ -f "$log" ] || log=$(ls "$run"/console-*.log 2>/dev/null | head -n 1)
	[ -n "$log" ] || { kpt_log "KUnit: no guest boot to report it"; return 0; }
	tap=$(kunit_block "$suite" "$log")
	echo "$tap" >"$run/kunit.log"
	totals=$(echo "$tap" | sed -n 's/^# Totals: pass:\([0-9]*\) fail:\([0-9]*\) skip:\([0-9]*\) total:[0-9]*$/\1 \2 \3/p')
	if [ -z "$totals" ] || ! echo "$tap" | tail -n 1 | grep -q "ok [0-9]* $suite"; then
		fail "KUnit $suite" "no complete report (see ${log#$KPT_ROOT/})"
		return
	fi
	read -r p f s <<<"$totals"
	echo "$tap" | tail -n 1 | grep -q '^not ok' && [ "$f" = 0 ] && f=1
	echo "$p passed, $f failed" >>"$run/kunit.log"
	printf '%-72s %-11s %5ss\n' "kunit/$suite ($p of $((p + f + s)) rows)" \
		"$([ "$f" = 0 ] && echo PASS || echo FAIL)" \
		"$(kunit_seconds "$suite" "$log")" >>"$run/summary.txt"
	if [ "$s" != 0 ]; then
		skipped=$((skipped + s))
		echo "  skip kunit/$suite: $s rows; $(grep -m1 -o '# SKIP .*' "$run/kunit.log")" >>"$run/skipped.txt"
	fi
	add_counts "KUnit $suite" "$run/kunit.log" ||
		grep -vE '^ *(ok [0-9]+ |KTAP version|# Subtest:|1\.\.)' "$run/kunit.log" | head -n 60
}

# The differential test (tests/diff): the corpus on this kernel against
# the stock golden output.  Skipped on the debug flavour (its timing and
# allocator differ, not its output) and when TESTS= names other tests.
diff_tests() {
	[ "$debug" = 0 ] || return 0
	[ -z "$pattern" ] || echo "diff" | grep -q -e "$pattern" || return 0
	kpt_log "differential test against tests/diff/stock.golden"
	"$KPT_ROOT/harness/diff.sh" "$variant" >"$run/diff.log" 2>&1
	add_counts "differential test" "$run/diff.log" ||
		grep -v '^\[kpt' "$run/diff.log" | head -n 60
}

# The real clients of tests/clients/check.list (make clients runs them
# all), each compared with stock's transcript.  Skipped on the debug
# flavour, as the differential test, and when TESTS= names other tests.
client_tests() {
	[ "$debug" = 0 ] || return 0
	[ -z "$pattern" ] || echo "clients" | grep -q -e "$pattern" || return 0
	grep -qv '^#' "$KPT_ROOT/tests/clients/check.list" || return 0
	kpt_log "real clients against tests/clients/golden"
	"$KPT_ROOT/harness/clients.sh" "$variant" >"$run/clients.log" 2>&1
	add_counts "real clients" "$run/clients.log" ||
		grep -v '^\[kpt' "$run/clients.log" | head -n 60
}

# The short form of make stress: a minute of concurrent load and 5,000
# fuzzed definitions, compared write by write with the stock results in
# tests/stress/fuzz.golden (harness/stress.sh -c).  Skipped when TESTS=
# names other tests.
stress_tests() {
	[ -z "$pattern" ] || echo "stress" | grep -q -e "$pattern" || return 0
	kpt_log "short stress and fuzz run (harness/stress.sh -c)"
	"$KPT_ROOT/harness/stress.sh" -c $([ "$debug" = 1 ] && echo -d) \
		-t "${KPT_STRESS_SECONDS:-60}" -n 5000 -s 1 -v "$variant" \
		>"$run/stress.log" 2>&1
	add_counts "stress run" "$run/stress.log" ||
		grep -v '^\[kpt' "$run/stress.log" | head -n 60
}

# The host stage in the background, alongside the guest suite: QEMU runs
# both vCPUs on one host thread, which leaves the other core idle for as
# long as the guest suite takes (about 6 minutes), and the host stage
# needs about 4 of the suite's minutes on that core.  Niced, so that the
# guest is not the one slowed.  It reports its counts and failures
# through files, which host_stage_collect adds in once both are done.
host_stage_start() {
	[ "$host" = 1 ] || return 0
	kpt_log "host stage (lint, distribution configs, unit tests, fuzz) alongside the guest suite; its report follows the suite's"
	(
		renice -n 10 "$BASHPID" >/dev/null
		passed=0 failed=0 failures=
		host_tests >"$run/host-stage.log" 2>&1
		echo "$passed $failed" >"$run/host-stage.counts"
		printf '%s' "$failures" >"$run/host-stage.failures"
	) &
	host_pid=$!
}

host_stage_collect() {
	local p f more
	[ "$host" = 1 ] || return 0
	wait "$host_pid"
	echo "---- host stage"
	cat "$run/host-stage.log"
	if ! read -r p f 2>/dev/null <"$run/host-stage.counts"; then
		fail "host stage" "did not finish (see ${run#$KPT_ROOT/}/host-stage.log)"
		return
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	more=$(cat "$run/host-stage.failures")
	[ -z "$more" ] || failures="$failures$more"$'\n'
}

rm -rf "$run" && mkdir -p "$run"
host_pid=
host_stage_start
guest_tests
host_stage_collect
kunit_tests
diff_tests
stress_tests
client_tests
echo
echo "==== kprobetrace check: $variant$([ "$debug" = 1 ] && echo ' (debug)') ===="
[ -f "$run/summary.txt" ] && cat "$run/summary.txt"
[ -f "$run/skipped.txt" ] && { echo "not passing on stock either:"; cat "$run/skipped.txt"; }
[ -n "$failures" ] && printf 'failures:\n%s' "$failures"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
