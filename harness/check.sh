#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The whole test suite against one built kernel variant:
#   check.sh [-d] [-t PATTERN] [-H] VARIANT
#   -d          the debug flavour (any sanitizer/lockdep/kmemleak report fails)
#   -t PATTERN  only guest tests whose path matches this grep pattern
#   -H          skip the host tests
#   -G          the guest tests and boot tests only (make baseline)
#   -D          also the boot tests of the dump flavour ("# kernel: dump"),
#               which make check leaves to make check-dump
#   -b          build the kernel first, with the host stage already
#               started beside it (make check)
#   -A          also the arm64 part (make check ARM64=1): the arm64 kernel,
#               its kprobe and dynevent selftests, KUnit, differential
# Three lanes side by side: the host stage (lint, stable tracking,
# distribution-config builds, the patch series, host unit tests and a
# short fuzz run), the guest suite (tests/selftests.list, tests/boot),
# and a second guest lane: the differential test, the short stress run
# and the real clients (tests/clients).  A guest test
# fails if it does not pass but is in
# tests/baseline/stock.pass, or is one of the project's own tests; any other
# non-pass is reported as skipped with the reason from
# tests/baseline/stock.notes; tests/baseline/ours.widened lists the stock
# tests that assert a 6.12 limit ours widens as 7.3 does: on ours each must
# not pass (skipped, with its reason); tests/baseline/ours.pass lists the tests
# that must pass on ours although stock fails them, and a test of either
# list that the run did not plan fails.  The KUnit suite (the parser rows
# again, in the kernel) counts as one test.  Every sub-run fails on its
# exit status as well as on its count.  Prints where the time went (each
# part's wall clock and CPU, time_report), the totals by kind, then ends
# with "N passed, N failed, N skipped".  With ARCH=arm64 the lists are
# those of tests/baseline/arm64/.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

debug=0 pattern= host=1 guest_only=0 dump_boots=0 build=0 arm64_part=0
while getopts "dt:HGDbA" o; do
	case $o in
	d) debug=1 ;;
	t) pattern=$OPTARG ;;
	H) host=0 ;;
	G) guest_only=1 host=0 ;;
	D) dump_boots=1 ;;
	b) build=1 ;;
	A) arm64_part=1 ;;
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
# A test's bound, a hang detector.  The debug kernel (KASAN, lockdep,
# kmemleak) ran the slowest tests beside the second lane in 1201 s
# (fault_alloc.tc: every allocation of every write failed in turn; 32 s on
# the plain kernel) and 1086 s (fprobe_pattern_bounds.tc) on 2026-12-08:
# twice the slowest.
per_test=${KPT_TEST_TIMEOUT:-$([ "$debug" = 1 ] && echo 2400 || echo 240)}
# How long a guest may take to start its tests.  The debug kernel (KASAN,
# lockdep) runs the boot-time ftrace self tests on two vCPUs that share
# one host thread, where every code patch waits for the other vCPU: its
# boot takes many minutes.
boot_timeout=${KPT_BOOT_TIMEOUT:-$([ "$debug" = 1 ] && echo 1500 || echo 300)}
# The most one guest run of the whole suite may take after its boot, so
# that a hung kernel fails the run instead of stalling it.  The plain
# suite takes about 7 min.  The debug suite (102 tests, 2026-11-29) ran
# its first 49 tests in 2781 s on a busy machine, the stock selftests
# at 28 to 147 s each, so the whole of it needs more than the plain
# bound of 4500 s: three hours.
suite_bound=${KPT_SUITE_TIMEOUT:-$([ "$debug" = 1 ] && echo 10800 || echo 4500)}
# The suite's shards, each a boot of its own in a lane of its own (1 or
# 2).  The plain suite is one: the second guest lane (differential test,
# stress, clients) takes as long as it does.  The debug suite is two: it
# takes 2 h 22 min in one boot (2026-11-29) and the second lane has only
# the stress run, so its halves go side by side.
suite_shards=${KPT_SUITE_SHARDS:-$([ "$debug" = 1 ] && echo 2 || echo 1)}
case $suite_shards in 1 | 2) ;; *) kpt_die "KPT_SUITE_SHARDS: 1 or 2" ;; esac
baseline=$KPT_BASELINE/stock.pass
must_pass=$KPT_BASELINE/ours.pass
notes=$KPT_BASELINE/stock.notes
widened=$KPT_BASELINE/ours.widened

# Every verdict is a line in $run/tally ("KIND PASSED FAILED SKIPPED") and
# every failure a line in $run/failures: files, because the host stage
# runs in a subshell alongside the guest suite.  The kinds, in the order
# the totals are printed:
kinds="refs lint stable distro series host-rows fuzz guest boot kunit diff stress clients arm64 runs"
declare -A kind_name=(
	[refs]="stock references recorded again (harness/refs.sh)"
	[lint]="lint (checkpatch, kernel-doc)"
	[stable]="stable tracking (stock files at stable/base)"
	[distro]="distribution-config builds"
	[series]="patch series (git am, checkpatch, the ours tree at its end)"
	[host-rows]="host unit-test assertions (parser rows among them)"
	[fuzz]="host fuzz run"
	[guest]="guest tests (stock selftests, project tests)"
	[boot]="boot tests (a boot each)"
	[kunit]="KUnit suite (the parser rows, in the kernel)"
	[diff]="differential cases"
	[stress]="stress and fuzz checks"
	[clients]="real clients"
	[arm64]="arm64 part (its selftests, KUnit, differential)"
	[runs]="guest runs and kernel logs"
)

tally() { # kind passed failed [skipped]
	echo "$1 $2 $3 ${4:-0}" >>"$run/tally"
}

pass() { # kind
	tally "$1" 1 0
}

fail() { # kind what why
	tally "$1" 0 1
	echo "  FAIL $2: $3" >>"$run/failures"
}

skip() { # kind what why
	tally "$1" 0 0 1
	echo "  skip $2: $3" >>"$run/skipped.txt"
}

# first_finding LOG PATTERN: the first line of LOG that matches PATTERN,
# shortened, for a failure's summary line.  The end of the output is all a
# CI log shows, so the summary names what failed, not only where to look.
first_finding() {
	grep -aE -m 1 "$2" "$1" 2>/dev/null | sed -E 's/^[[:space:]]*(FAIL:? *)?//' |
		cut -c 1-160
}

# add_counts KIND WHAT LOG STATUS: a sub-runner (host tests, differential
# test) ends its LOG with its own "N passed, N failed" line and exits with
# STATUS; add its counts to ours.  An exit status that is not 0 fails it
# even when its count says nothing failed (LeakSanitizer reports after the
# count line, a script that stopped half way).  Returns 1 when it failed.
add_counts() {
	local kind=$1 what=$2 log=$3 rc=$4 line p f
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
	if [ -z "$line" ]; then
		fail "$kind" "$what" "no result line, exit status $rc, first: $(first_finding "$log" "ERROR|FAIL|[Ee]rror") (see ${log#$KPT_ROOT/})"
		return 1
	fi
	p=${line%% passed*}; f=${line#*passed, }; f=${f%% failed*}
	tally "$kind" "$p" 0
	if [ "$f" != 0 ]; then
		tally "$kind" 0 "$f"
		echo "  FAIL $what: $f failed, first: $(first_finding "$log" "FAIL|not ok") (see ${log#$KPT_ROOT/})" >>"$run/failures"
		return 1
	fi
	if [ "$rc" != 0 ]; then
		fail runs "$what" "exit status $rc after \"$line\", first: $(first_finding "$log" "ERROR|SUMMARY|FAIL|[Ee]rror") (see ${log#$KPT_ROOT/})"
		return 1
	fi
	return 0
}

# kernel/trace/ of both trees under Debian's config and allmodconfig: ours
# must build with no warning stock has not (harness/distro.sh).  For the
# ours kernel only: it compares ours with stock.  make check builds a
# representative two, each 3 to 4 minutes of CPU from scratch: Debian's
# own config (x86-64, what the product is for) and arm64's allmodconfig
# (the other architecture the product is tested on, every option on,
# W=1: the short form of the arm64 part, arm64_wanted).  make distro
# builds all eight: 32-bit (armhf, i386), the other Debian architectures,
# and x86-64's allmodconfig, the slowest (11 minutes of one core on a
# fresh clone, 2026-11-28), which repeats what Debian's compiles.
distro_build() {
	[ "$variant" = ours ] || return 0
	local rc=0 configs=${KPT_CHECK_DISTRO:-debian allmod-arm64}
	kpt_log "kernel/trace/ under Debian's 6.12 config and allmodconfig (W=1): $configs"
	# shellcheck disable=SC2086 # one word per config
	kpt_timed distro "$KPT_ROOT/harness/distro.sh" $configs >"$run/distro.log" 2>&1 || rc=$?
	grep -v '^\[kpt' "$run/distro.log"
	add_counts distro "distribution configs" "$run/distro.log" "$rc"
}

# The patch series of make series, checked (harness/series.sh -c): it
# applies with git am to the stock tree (a git repository made from the
# tarball), each patch is checkpatch clean, and the tree at the end is
# the ours tree, which this run builds and tests.  Building each patch in turn (eight minutes
# of the test config, more of Debian's) is make series-check's.  Once,
# for the x86-64 ours kernel.
series_check() {
	[ "$variant" = ours ] && [ "$KPT_ARCH" = x86_64 ] || return 0
	local rc=0
	kpt_log "patch series: git am, checkpatch, the ours tree (harness/series.sh -c)"
	kpt_timed series "$KPT_ROOT/harness/series.sh" -c >"$run/series.log" 2>&1 || rc=$?
	grep -E '^FAIL' "$run/series.log"
	add_counts series "patch series" "$run/series.log" "$rc"
}

# Stable tracking (harness/stable.sh): every stock file ours replaces or
# patches is as stable/pristine/ has it, or each hunk a later 6.12.y
# changed has a record of how ours carries it.  Once, on x86-64.
stable_check() {
	[ "$KPT_ARCH" = x86_64 ] || return 0
	local rc=0
	kpt_log "stable tracking: the replaced and patched stock files against stable/base"
	kpt_timed stable "$KPT_ROOT/harness/stable.sh" >"$run/stable.log" 2>&1 || rc=$?
	grep -v '^\[kpt' "$run/stable.log" | head -n 200
	add_counts stable "stable tracking" "$run/stable.log" "$rc"
}

# The fixed-seed fuzz run: it passes when libFuzzer exits 0 having run
# every one of its inputs.  No time cap below the count (a slow machine
# runs them all, more slowly); the bounds only stop a hang.  libFuzzer's
# bound per input is wall-clock time, and this run is niced beside guests
# that keep both cores busy: 10 s fired there once inside ASan's allocator
# (a debug run where the fuzzer had 0.9 min of CPU in 19.6 min).  An input
# takes well under a second when it gets a core.  For the same reason the
# whole run is bounded by the CPU time it takes (a hang is a loop that
# burns it; a plain run needs about 150 s), with a wall-clock bound only
# as a backstop: beside the debug kernels' guests, an hour of wall clock
# gave it 117 s of CPU, 1.37 M of its 2.5 M inputs.
host_fuzz() { # dir
	local runs=${FUZZ_RUNS:-2500000} rc=0 done
	local wall=${KPT_FUZZ_TIMEOUT:-$([ "$debug" = 1 ] && echo 14400 || echo 3600)}
	kpt_log "host fuzz run (seed 1, $runs inputs)"
	kpt_timed fuzz timeout -k 10 "$wall" \
		bash -c 'ulimit -t "$1" && shift && exec "$@"' cpu-bound \
		"${KPT_FUZZ_CPU:-1800}" make -s -C "$1" fuzz \
		FUZZ_SECONDS=0 FUZZ_SEED=1 FUZZ_RUNS="$runs" \
		FUZZ_INPUT_TIMEOUT="${KPT_FUZZ_INPUT_TIMEOUT:-120}" >"$run/fuzz.log" 2>&1 || rc=$?
	done=$(sed -n 's/^stat::number_of_executed_units: *//p' "$run/fuzz.log" | tail -n 1)
	if [ "$rc" = 0 ] && [ "${done:-0}" -ge "$runs" ]; then
		pass fuzz
		return
	fi
	tail -n 40 "$run/fuzz.log"
	fail fuzz "host fuzz run" "exit status $rc, ${done:-no} of $runs inputs run, first: $(first_finding "$run/fuzz.log" 'ERROR|SUMMARY|FAIL|[Ee]rror') (see ${run#$KPT_ROOT/}/fuzz.log)"
}

host_tests() {
	local dir=$KPT_ROOT/tools/testing/trace_probe rc=0 fuzz_pid
	kpt_log "lint: checkpatch --strict, kernel-doc -Wall"
	if kpt_timed lint "$KPT_ROOT/harness/lint.sh" >"$run/lint.log" 2>&1; then
		pass lint
	else
		head -n 40 "$run/lint.log"
		fail lint "lint" "$(first_finding "$run/lint.log" .) (see ${run#$KPT_ROOT/}/lint.log)"
	fi
	stable_check
	kpt_log "host unit tests"
	kpt_timed host-tests make -s -C "$dir" test >"$run/host-test.log" 2>&1 || rc=$?
	tail -n 30 "$run/host-test.log"
	add_counts host-rows "host unit tests" "$run/host-test.log" "$rc"
	# The fuzz run and the series check are single-threaded (libFuzzer,
	# checkpatch): side by side they keep both cores busy, as the
	# distribution-config builds (make -j) after them do, at the end of
	# the run when the guests are done.
	host_fuzz "$dir" &
	fuzz_pid=$!
	series_check
	wait "$fuzz_pid"
	distro_build
}

# list_patterns isolate|main: the tests of tests/selftests.list lines that
# start with "isolate:" (each gets a boot of its own: they crash some
# kernel), or of the other lines.
list_patterns() {
	local src=$KPT_SRC/$variant/tools/testing/selftests/ftrace pat
	kpt_selftest_patterns "$1" |
	while read -r pat; do
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

# The last lines a guest test printed on the console (its own output, then
# ftracetest's log of it), under its failure's summary line: the end of
# the output is all a CI log shows.
failed_tail() { # test
	local log
	log=$(grep -laF "=== $1" "$run"/console*.log 2>/dev/null | head -n 1)
	[ -n "$log" ] || return 0
	tr -d '\r' <"$log" |
		awk -v t="$1" '
			$0 == "=== " t { on = 1; next }
			on && ($0 == "--- end of " t || /^=== [^ ]+$/) { exit }
			on && !/^--- details of / { l[n++ % 8] = $0 }
			END { for (i = n > 8 ? n - 8 : 0; i < n; i++) print l[i % 8] }' |
		cut -c 1-160 | sed 's/^/      | /' >>"$run/failures"
}

# A stock test of tests/baseline/ours.widened: it asserts a 6.12 limit
# that ours widens as 7.3 does, so on ours it must not pass.
widened_verdict() { # kind test result
	local why
	why=$(grep -F "$2 " "$widened" | head -n 1 | cut -d' ' -f2-)
	if [ "$3" = PASS ]; then
		fail "$1" "$2" "passes on ours, but ${widened#$KPT_ROOT/} says: $why"
	else
		skip "$1" "$2" "$3 as expected; $why"
	fi
}

# Classify each planned test by its reported outcome, against stock's
# pass list of the same source (harness/refs.sh).
summarize() {
	local t res secs kind why
	if [ "$variant" = ours ] && ! why=$(kpt_ref_current "$baseline"); then
		fail guest "${baseline#$KPT_ROOT/}" "${why#FAIL *: }"
	fi
	while read -r t; do
		res=$(cat "$run"/results*.txt | grep -F "RESULT $t " | head -n 1 | cut -d' ' -f3)
		secs=$(cat "$run"/results*.txt | grep -F "RESULT $t " | head -n 1 | cut -d' ' -f4)
		res=${res:-NOTRUN}
		kind=guest
		[[ $t == boot/* ]] && kind=boot
		printf '%-72s %-11s %5ss\n' "$t" "$res" "${secs:--}" >>"$run/summary.txt"
		if [ "$variant" = ours ] && in_list "$t" <(kpt_list "$widened"); then
			widened_verdict "$kind" "$t" "$res"
			continue
		fi
		if [ "$res" = PASS ]; then
			pass "$kind"
			continue
		fi
		if in_list "$t" "$baseline"; then
			fail "$kind" "$t" "$res (passes on stock)"
		elif [ "$variant" = ours ] && in_list "$t" <(kpt_list "$must_pass"); then
			fail "$kind" "$t" "$res (must pass on ours: ${must_pass#$KPT_ROOT/})"
		elif [ "$res" = UNSUPPORTED ] && [ -n "$(note_for "$t")" ]; then
			# a project test of a feature the architecture's 6.12
			# lacks (arm64: fprobe), with the reason in the notes
			skip "$kind" "$t" "$res; $(note_for "$t")"
			continue
		elif [[ $t == test.d/kprobetrace/* || $t == boot/* ]]; then
			fail "$kind" "$t" "$res (project test)"
		else
			skip "$kind" "$t" "$res; $(note_for "$t")"
			continue
		fi
		failed_tail "$t"
	done <"$run/tests.list"
}

# A test that must pass (tests/baseline/stock.pass, and ours.pass on ours)
# fails when the run did not plan it: a pattern of tests/selftests.list
# that stopped matching it, a file that was renamed or removed.
planned_check() {
	local t
	{ kpt_list "$baseline"; [ "$variant" = ours ] && kpt_list "$must_pass"; } |
		sort -u | grep -e "${pattern:-.}" | while read -r t; do
			in_list "$t" "$run/tests.list" ||
				fail guest "$t" "not planned: no longer in tests/selftests.list or tests/boot"
		done
}

# Kernel reports that fail the run whatever the tests said.
scan_console() {
	if kpt_reports "$run"/console*.log >"$run/kernel-reports.txt"; then
		head -n 20 "$run/kernel-reports.txt"
		fail runs "kernel log" "$(kpt_reports_summary "$run/kernel-reports.txt") (see ${run#$KPT_ROOT/}/kernel-reports.txt)"
	else
		pass runs
	fi
}

# Print RESULT lines as the guest reports them (polls; killed by the caller).
# Also the watchdog of a wedged guest: one that has not reported BEGIN after
# $boot_timeout seconds, or no result for longer than a test may take
# plus two minutes since BEGIN or its last result (the guest's own
# per-test bound did not fire, so the kernel itself is stuck), is stopped
# instead of waiting for the whole bound.  The boot does not count
# against a test: a debug kernel's takes minutes.
show_progress() { # results-file pidfile
	local shown=0 now idle=0 limit=$((per_test + 120)) begun=0
	while :; do
		if [ "$begun" = 0 ] && grep -qs '^BEGIN' "$1"; then
			begun=1
			idle=0
		fi
		now=$(tr -d '\r' 2>/dev/null <"$1" | grep -c '^RESULT ')
		if [ "${now:-0}" -gt "$shown" ]; then
			tr -d '\r' <"$1" | grep '^RESULT ' | sed -n "$((shown + 1)),${now}p" |
				while read -r _ t r s; do
					printf '  %-66s %-11s %4ss\n' "$t" "$r" "$s"
				done
			shown=$now
			idle=0
		fi
		if [ "$begun" = 0 ] && [ $idle -ge "$boot_timeout" ]; then
			echo "  guest did not start the tests in ${idle}s; stopping it"
			kill "$(cat "$2")"
			return
		fi
		if [ "$begun" = 1 ] && [ $idle -ge $limit ]; then
			echo "  no result from the guest for ${idle}s; stopping it"
			kill "$(cat "$2")"
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
pack_common() {
	local common=$run/common.cpio.gz
	[ ! -f "$common" ] || return 0
	: >"$run/empty.list"
	KPT_STAGE=$run/stage "$KPT_ROOT/harness/initramfs.sh" "$variant" \
		"$debug" "$run/empty.list" "$common" || kpt_die "initramfs failed"
	rm -rf "$run/stage"
}

# The boot's archive is initramfs-TAG.cpio.gz: boots of two lanes pack
# at once.
pack_initramfs() { # tag testlist
	local dir=$run/list-$1
	pack_common
	mkdir -p "$dir/kpt"
	cp "$2" "$dir/kpt/tests.list"
	cp "$run/common.cpio.gz" "$run/initramfs-$1.cpio.gz"
	(cd "$dir" && echo kpt/tests.list | cpio -o -H newc -R 0:0 --quiet) |
		gzip -1 >>"$run/initramfs-$1.cpio.gz"
}

# One guest boot: run_guest TAG TESTLIST SECONDS [CMDLINE...].  Its outputs
# are console-TAG.log and results-TAG.txt in $run.  With $bootconfig set,
# that file is attached to the initramfs (the kernel reads it with the
# "bootconfig" command-line word).
run_guest() {
	local tag=$1 list=$2 bound=$3 progress
	shift 3
	pack_initramfs "$tag" "$list"
	if [ -n "${bootconfig:-}" ]; then
		"$(bootconfig_tool)" -a "$bootconfig" "$run/initramfs-$tag.cpio.gz" >/dev/null ||
			kpt_die "cannot attach $bootconfig"
	fi
	mkdir -p "$run/$tag"
	: >"$run/$tag/qemu.pid"
	show_progress "$run/$tag/results.txt" "$run/$tag/qemu.pid" &
	progress=$!
	"$KPT_ROOT/harness/qemu.sh" -q $([ "$debug" = 1 ] && echo -d) -m check \
		${image:+-k "$image"} \
		-i "$run/initramfs-$tag.cpio.gz" -r "$run/$tag" -t "$bound" \
		-p "$run/$tag/qemu.pid" -a "kpt.timeout=$per_test $*" "$variant"
	kill "$progress" 2>/dev/null
	wait "$progress" 2>/dev/null
	tr -d '\r' <"$run/$tag/results.txt" >"$run/results-$tag.txt"
	mv "$run/$tag/console.log" "$run/console-$tag.log"
	rm -rf "${run:?}/$tag"
	if grep -q '^DONE' "$run/results-$tag.txt"; then
		pass runs
	else
		fail runs "guest run $tag" "did not finish (see ${run#$KPT_ROOT/}/console-$tag.log)"
	fi
}

wants_dump() { # test-file
	[ "$(sed -n 's/^# kernel: //p' "$1" | head -n 1)" = dump ]
}

# The kernel image a boot test asks for with a "# kernel: dump" header:
# the dump flavour of ours (config/dump.config), built here from a copy of
# the plain build.  Its modules are the plain build's, in the initramfs.
# Stock has no such option: its plain kernel, where the test is unsupported.
# make check leaves these tests to make check-dump (-D): the flavour's
# build and boot take two minutes of make check's time budget, for an
# option that is off by default (its format has host rows in make check).
boot_image() { # test-file
	local flavour
	wants_dump "$1" && [ "$variant" = ours ] || return 0
	flavour=$([ "$debug" = 1 ] && echo debug-dump || echo dump)
	"$KPT_ROOT/harness/kbuild.sh" "$variant" "$flavour" >"$run/kbuild-dump.log" 2>&1 ||
		return 1
	kpt_image "$(kpt_outdir "$variant" "$flavour")"
}

# Boot tests (tests/boot/NAME.sh) each need a boot with the kernel command
# line given in their "# cmdline:" header, and the bootconfig NAME.bconf
# attached to the initramfs if there is one; in both, ${KPT_ARG1} and the
# other names of kpt_arch are the guest architecture's.  A "# kernel: dump"
# header boots the dump flavour (boot_image).
boot_tests() {
	local f name cmdline bootconfig image
	for f in "$KPT_ROOT"/tests/boot/*.sh; do
		[ -f "$f" ] || continue
		name=boot/$(basename "$f")
		echo "$name" | grep -q -e "${pattern:-.}" || continue
		if wants_dump "$f" && [ "$dump_boots" = 0 ]; then
			kpt_log "$name: in make check-dump"
			continue
		fi
		cmdline=$(sed -n 's/^# cmdline: //p' "$f" | head -n 1 | kpt_arch_expand) ||
			kpt_die "$name: bad command line"
		echo "$name" >>"$run/tests.list"
		echo "$name" >"$run/boot.list"
		bootconfig=
		if [ -f "${f%.sh}.bconf" ]; then
			bootconfig=$run/$(basename "${f%.sh}").bconf
			kpt_arch_expand <"${f%.sh}.bconf" >"$bootconfig" ||
				kpt_die "$name: bad bootconfig"
		fi
		if ! image=$(boot_image "$f"); then
			fail boot "$name" "its kernel does not build (see ${run#$KPT_ROOT/}/kbuild-dump.log)"
			continue
		fi
		kpt_log "guest boot for $name${image:+ (${image#$KPT_ROOT/})}"
		run_guest "$(basename "$f" .sh)" "$run/boot.list" $((per_test + boot_timeout)) "$cmdline"
	done
}

# The suite's tests (tests.list), dealt in turn to its shards
# (shard-N.list): one boot each, in lanes side by side (guest_lane).
plan_suite() {
	list_tests >"$run/tests.list"
	awk -v n="$suite_shards" -v d="$run" '{ print > (d "/shard-" (NR - 1) % n ".list") }' \
		"$run/tests.list"
	# the lanes' boots share the archive of the programs: packed once,
	# before they start
	[ "$suite_shards" = 1 ] || [ ! -s "$run/tests.list" ] || pack_common
}

# One shard of the suite in a boot of its own: "main" for the first (its
# console has the KUnit report), "main2" for the second.
run_shard() { # index
	local list=$run/shard-$1.list n bound tag=main
	[ -s "$list" ] || return 0
	[ "$1" = 0 ] || tag=main$(($1 + 1))
	n=$(wc -l <"$list")
	bound=$((n * per_test + boot_timeout))
	[ "$bound" -gt $((suite_bound + boot_timeout)) ] &&
		bound=$((suite_bound + boot_timeout))
	kpt_log "guest: $n tests on $variant$([ "$suite_shards" = 1 ] || echo " (shard $(($1 + 1)) of $suite_shards)") (per test ${per_test}s, whole run ${bound}s)"
	kpt_timed "suite$([ "$1" = 0 ] || echo "-$(($1 + 1))")" run_guest "$tag" "$list" "$bound"
}

guest_tests() {
	run_shard 0
	kpt_timed isolated isolated_tests
	kpt_timed boots boot_tests
}

# The guest tests' verdicts, once every lane's boots are done.
guest_verdicts() {
	touch "$run/tests.list"
	planned_check
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
# every boot; the guest copies its TAP report to the console.  Its rows
# are the host tests' parser rows run again in the kernel, so the suite
# counts as one test, not once per row: it passes when every row that
# ran passed and the suite says "ok"; rows skipped (debug kernels) are
# named in the skip list.  The ours kernel must have the suite (stock has
# none); a run that booted no guest has nothing to read.
kunit_tests() {
	local suite=trace_probe log=$run/console-main.log tap totals p f s
	if ! grep -qw trace_probe_test_suite "$out/System.map" 2>/dev/null; then
		if [ "$variant" = ours ]; then
			fail kunit "KUnit $suite" "no trace_probe_test_suite in ${out#$KPT_ROOT/}/System.map (CONFIG_TRACE_PROBE_KUNIT_TEST off?)"
		else
			kpt_log "KUnit: no $suite suite in this kernel"
		fi
		return 0
	fi
	[ -f "$log" ] || log=$(ls "$run"/console-*.log 2>/dev/null | head -n 1)
	[ -n "$log" ] || { kpt_log "KUnit: no guest boot to report it"; return 0; }
	tap=$(kunit_block "$suite" "$log")
	echo "$tap" >"$run/kunit.log"
	totals=$(echo "$tap" | sed -n 's/^# Totals: pass:\([0-9]*\) fail:\([0-9]*\) skip:\([0-9]*\) total:[0-9]*$/\1 \2 \3/p')
	if [ -z "$totals" ] || ! echo "$tap" | tail -n 1 | grep -q "ok [0-9]* $suite"; then
		fail kunit "KUnit $suite" "no complete report (see ${log#$KPT_ROOT/})"
		return
	fi
	read -r p f s <<<"$totals"
	echo "$tap" | tail -n 1 | grep -q '^not ok' && [ "$f" = 0 ] && f=1
	echo "$p of $((p + f + s)) rows passed, $f failed, $s skipped" >"$run/kunit.rows"
	printf '%-72s %-11s %5ss\n' "kunit/$suite ($p of $((p + f + s)) rows)" \
		"$([ "$f" = 0 ] && echo PASS || echo FAIL)" \
		"$(kunit_seconds "$suite" "$log")" >>"$run/summary.txt"
	[ "$s" = 0 ] ||
		echo "  skip kunit/$suite: $s of its rows; $(grep -m1 -o '# SKIP .*' "$run/kunit.log")" >>"$run/skipped.txt"
	if [ "$f" = 0 ]; then
		pass kunit
		return
	fi
	fail kunit "KUnit $suite" "$f of $((p + f + s)) rows failed, first: $(first_finding "$run/kunit.log" "not ok") (see ${run#$KPT_ROOT/}/kunit.log)"
	grep -vE '^ *(ok [0-9]+ |KTAP version|# Subtest:|1\.\.)' "$run/kunit.log" | head -n 60
}

# The differential test (tests/diff): the corpus on this kernel against
# the stock golden output.  Skipped on the debug flavour (its timing and
# allocator differ, not its output) and when TESTS= names other tests.
diff_tests() {
	[ "$debug" = 0 ] || return 0
	wanted diff || return 0
	local rc=0
	kpt_log "differential test against tests/diff/stock$KPT_ARCH_SUFFIX.golden"
	kpt_timed diff "$KPT_ROOT/harness/diff.sh" "$variant" >"$run/diff.log" 2>&1 || rc=$?
	add_counts diff "differential test" "$run/diff.log" "$rc" ||
		grep -v '^\[kpt' "$run/diff.log" | head -n 60
}

# The real clients of tests/clients/check.list (make clients runs them
# all), each compared with stock's transcript.  Skipped on the debug
# flavour, as the differential test, and when TESTS= names other tests;
# reported as skipped on arm64, where Debian's clients are not installed.
client_tests() {
	[ "$debug" = 0 ] || return 0
	wanted clients || return 0
	grep -qv '^#' "$KPT_ROOT/tests/clients/check.list" || return 0
	if [ "$KPT_ARCH" != x86_64 ]; then
		skip clients "real clients" "they run on x86-64 only (harness/clients.sh)"
		return 0
	fi
	local rc=0
	kpt_log "real clients against tests/clients/golden"
	kpt_timed clients "$KPT_ROOT/harness/clients.sh" "$variant" >"$run/clients.log" 2>&1 || rc=$?
	add_counts clients "real clients" "$run/clients.log" "$rc" ||
		grep -v '^\[kpt' "$run/clients.log" | head -n 60
}

# The short form of make stress: a minute of concurrent load and 5,000
# fuzzed definitions, compared write by write with the stock results in
# tests/stress/fuzz[-arm64].golden (harness/stress.sh -c).  Skipped when TESTS=
# names other tests.
stress_tests() {
	wanted stress || return 0
	local rc=0
	kpt_log "short stress and fuzz run (harness/stress.sh -c)"
	kpt_timed stress "$KPT_ROOT/harness/stress.sh" -c $([ "$debug" = 1 ] && echo -d) \
		-t "${KPT_STRESS_SECONDS:-60}" -n 5000 -s 1 -v "$variant" \
		>"$run/stress.log" 2>&1 || rc=$?
	add_counts stress "stress run" "$run/stress.log" "$rc" ||
		grep -v '^\[kpt' "$run/stress.log" | head -n 60
}

# The arm64 part of an x86-64 check of ours (-A, make check ARM64=1), so
# that a change cannot break arm64 unseen: the arm64 ours kernel, built
# from the same tree, runs the stock selftests of test.d/kprobe and
# test.d/dynevent against tests/baseline/arm64/, its KUnit suite, and the
# differential test against tests/diff/stock-arm64.golden; make check
# ARCH=arm64 runs the whole arm64 suite.  A check.sh of its own
# (KPT_ARCH=arm64), whose result line counts as one test of this kind per
# test it passed, and whose skips are listed and counted here.  Not in a
# plain make check: its kernel build and guest take 30 minutes of CPU on
# a fresh clone, as much as the x86-64 kernel and all its guests, which
# the 35 minutes of two cores cannot hold beside them.  make check keeps
# a short form of it: arm64's kernel/trace/ compiled under its
# allmodconfig with W=1 (distro_build).
arm64_wanted() {
	[ "$arm64_part" = 1 ] && [ "$variant" = ours ] && [ "$KPT_ARCH" = x86_64 ] &&
		[ "$debug" = 0 ] && [ "$guest_only" = 0 ] &&
		wanted arm64
}

arm64_tests() {
	local rc=0 sub=$KPT_BUILD/out/ours-arm64/check-part
	arm64_wanted || return 0
	kpt_log "arm64 part: the arm64 kernel, its kprobe and dynevent selftests, KUnit, differential"
	{ KPT_ARCH=arm64 kpt_timed arm64-build "$KPT_ROOT/harness/kbuild.sh" ours 0 &&
		KPT_ARCH=arm64 KPT_CHECK_RUN=$sub \
			kpt_timed arm64-guest "$KPT_ROOT/harness/check.sh" -H \
			-t '^test.d/kprobe/\|^test.d/dynevent/\|^diff$' ours
	} >"$run/arm64.log" 2>&1 || rc=$?
	grep -E '^(  FAIL|      \|)' "$run/arm64.log" | head -n 40
	add_counts arm64 "arm64 part" "$run/arm64.log" "$rc"
	# its skips, with their reasons, in this run's list and count
	grep '^  skip ' "$run/arm64.log" | sed 's/^  skip /  skip arm64: /' >>"$run/skipped.txt"
	tally arm64 0 0 "$(sed -n 's/^[0-9]* passed, [0-9]* failed, \([0-9]*\) skipped$/\1/p' \
		"$run/arm64.log" | tail -n 1)"
	sed -n '/^totals by kind:/,/^[0-9]* passed, /p' "$run/arm64.log" |
		sed -e '1d' -e '$d' >"$run/arm64.kinds"
}

# wanted PART: whether a part of the run (diff, stress, clients) is in
# it: a TESTS= pattern names other tests
wanted() {
	[ -z "$pattern" ] || echo "$1" | grep -q -e "$pattern"
}

# The stock references this run compares ours with (harness/refs.sh):
# those recorded from another version of linux-source-6.12 than the
# unpacked one are recorded again first, from stock built from it (the
# arm64 part's beside the others; the distribution-config build records
# its own, in the host stage).  Each recorded kind is a test of its own.
refs_update() {
	[ "$variant" = ours ] && [ "$guest_only" = 0 ] || return 0
	local kinds=baseline flag rc=0
	flag=$([ "$debug" = 1 ] && echo -d)
	wanted diff && [ "$debug" = 0 ] && kinds="$kinds diff"
	wanted stress && kinds="$kinds fuzz"
	wanted clients && [ "$debug" = 0 ] && [ "$KPT_ARCH" = x86_64 ] &&
		kinds="$kinds clients"
	arm64_wanted && kinds="$kinds arm64"
	# shellcheck disable=SC2086 # one word per kind
	"$KPT_ROOT/harness/refs.sh" $flag $kinds >/dev/null && return 0
	# shellcheck disable=SC2086
	"$KPT_ROOT/harness/refs.sh" -u $flag $kinds 2>&1 | tee "$run/refs.log"
	rc=${PIPESTATUS[0]}
	add_counts refs "stock references" "$run/refs.log" "$rc"
}

# Lanes: parts of the run that go side by side, each a shell in the
# background that reports its counts and failures through the run's files
# (tally, failures) and its output through $run/NAME.log, which
# lanes_collect shows once all are done.  QEMU runs a guest's two vCPUs on
# one host thread, so two guests at once fill the two cores.
lane() { # name niceness function
	(
		renice -n "$2" "$BASHPID" >/dev/null
		kpt_timed "$1" "$3" >"$run/$1.log" 2>&1
		echo done >"$run/$1.done"
	) &
	lane_pids="$lane_pids $!"
}

# The host stage: lint, stable tracking, the distribution-config builds,
# the patch series, unit tests and fuzz, about 15 minutes of one core on
# a fresh clone.  With -b it starts before the kernel build, at the
# lowest priority: it takes the cores when the build leaves one idle (its
# link and BTF steps run on one) and when the guests are done, and is
# hardly seen by either.  The arm64 part (-A) goes beside it.
host_stage_start() {
	[ "$host" = 1 ] || arm64_wanted || return 0
	kpt_log "host stage (lint, stable tracking, distribution configs, patch series, unit tests, fuzz$(arm64_wanted && echo '; beside it the arm64 part')) in the background; its report follows the guests'"
	[ "$host" = 0 ] || lane host-stage 19 host_tests
	arm64_wanted && lane arm64-part 10 arm64_tests
	return 0
}

# The second guest lane, beside the suite's at the same priority: the
# suite's second shard if it has one, then the differential test, the
# short stress run and the real clients.
guest_lane() {
	[ "$suite_shards" = 1 ] || run_shard 1
	[ "$guest_only" = 1 ] && return
	diff_tests
	stress_tests
	client_tests
}

guest_lane_start() {
	[ "$guest_only" = 0 ] || [ "$suite_shards" != 1 ] || return 0
	kpt_log "$([ "$suite_shards" = 1 ] || echo "the suite's second shard, ")differential test, short stress run, real clients: a guest lane beside the suite's"
	lane guests 0 guest_lane
}

lanes_collect() {
	local lane
	[ -n "$lane_pids" ] || return 0
	# shellcheck disable=SC2086 # one word per lane
	wait $lane_pids
	for lane in guests host-stage arm64-part; do
		[ -f "$run/$lane.log" ] || continue
		echo "---- $lane"
		cat "$run/$lane.log"
		[ -f "$run/$lane.done" ] ||
			fail runs "$lane" "did not finish (see ${run#$KPT_ROOT/}/$lane.log)"
	done
}

# -b: the kernel this run tests, built after the host stage has started.
kernel_build() {
	[ "$build" = 1 ] || return 0
	if kpt_timed build "$KPT_ROOT/harness/kbuild.sh" "$variant" "$debug"; then
		pass runs
		return 0
	fi
	fail runs "kernel build" "harness/kbuild.sh $variant $debug failed (see ${out#$KPT_ROOT/}/build.log)"
	return 1
}

# Where the run's time went, from its timeline (kpt_timed): each part's
# start after the run began, its wall clock and its CPU time, in minutes,
# then the whole run's.  Parts nest: a lane's figures hold its parts'.
time_report() {
	local t0=$1 st
	[ -s "$KPT_TIMELINE" ] || return 0
	read -r -a st <"/proc/$$/stat"
	echo "where the time went (minutes: start, wall clock, CPU of user and system):"
	sort -s -n -k 2,2 "$KPT_TIMELINE" | awk -v t0="$t0" '
		{ printf "  %-14s %6.1f %6.1f %6.1f\n", $1, ($2 - t0) / 60, $3 / 60, $4 / 60 }'
	awk -v w="$(($(date +%s) - t0))" \
		-v c="$(((st[13] + st[14] + st[15] + st[16]) / $(getconf CLK_TCK)))" 'BEGIN {
		printf "  %-14s %6s %6.1f %6.1f (%.2f cores busy on average)\n", "the run", "", w / 60, c / 60, c / w }'
}

# The totals by kind, then the line every caller reads
report() {
	local k p f s
	awk -v order="$kinds" '
		{ p[$1] += $2; f[$1] += $3; s[$1] += $4 }
		END { n = split(order, o, " ")
		      for (i = 1; i <= n; i++) if ((o[i] in p))
			printf "%s %d %d %d\n", o[i], p[o[i]], f[o[i]], s[o[i]] }' \
		"$run/tally" >"$run/totals" 2>/dev/null
	echo "totals by kind:"
	while read -r k p f s; do
		printf '  %-52s %6d passed, %d failed, %d skipped\n' "${kind_name[$k]}" "$p" "$f" "$s"
		[ "$k" = kunit ] && [ -f "$run/kunit.rows" ] &&
			printf '  %-52s %s\n' "  (its rows)" "$(cat "$run/kunit.rows")"
		[ "$k" = arm64 ] && [ -f "$run/arm64.kinds" ] &&
			sed 's/^  /    /' "$run/arm64.kinds"
	done <"$run/totals"
	awk '{ p += $2; f += $3; s += $4 }
	     END { printf "%d passed, %d failed, %d skipped\n", p, f, s }' "$run/totals"
}

rm -rf "$run" && mkdir -p "$run"
: >"$run/tally"
export KPT_TIMELINE=$run/timeline
run_start=$(date +%s)
lane_pids=
host_stage_start
built=0
if kernel_build; then
	built=1
	refs_update
	plan_suite
	guest_lane_start
	guest_tests
fi
# After every guest run: the host stage takes the cores they leave.
lanes_collect
if [ "$built" = 1 ]; then
	guest_verdicts
	kunit_tests
fi
echo
echo "==== kprobetrace check: $variant$([ "$debug" = 1 ] && echo ' (debug)') ===="
[ -f "$run/summary.txt" ] && cat "$run/summary.txt"
[ -f "$run/skipped.txt" ] && { echo "skipped, each with its reason:"; cat "$run/skipped.txt"; }
[ -s "$run/failures" ] && { echo "failures:"; cat "$run/failures"; }
time_report "$run_start"
report | tee "$run/result.txt"
awk '{ f += $3 } END { exit f > 0 }' "$run/tally"
