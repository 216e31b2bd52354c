#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Differential test: run tests/diff/corpus.txt on a built kernel and compare
# what it shows with the stock kernel's golden output (ours: with
# tests/diff/ours.expected instead for the cases of kprobetrace's own syntax).
#   diff.sh VARIANT        compare with tests/diff/stock.golden
#   diff.sh -g stock       rewrite tests/diff/stock.golden from the stock kernel
# The guest side is harness/guest/diff.sh (kpt.mode=diff).  Prints a diff
# per differing case and ends with "N passed, N failed"; exits non-zero on
# any difference.  Outputs: build/out/VARIANT/diff/ (console.log, raw
# results.txt, normalised output.txt, per-case files under cases/).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

golden_mode=0
while getopts "g" o; do
	case $o in
	g) golden_mode=1 ;;
	*) kpt_die "bad option" ;;
	esac
done
shift $((OPTIND - 1))
variant=${1:?usage: diff.sh [-g] stock|ours}
kpt_variant_check "$variant"
# The golden output is by definition what the pristine kernel shows.
[ "$golden_mode" = 1 ] && [ "$variant" != stock ] && kpt_die "-g records the golden from stock only"

out=$(kpt_outdir "$variant" 0)
run=$out/diff
corpus=$KPT_ROOT/tests/diff/corpus.txt
# each architecture has its own: register names, layouts, symbols
golden=$KPT_ROOT/tests/diff/stock$KPT_ARCH_SUFFIX.golden
[ -f "$(kpt_image "$out")" ] || kpt_die "no kernel in $out (build first)"
# The whole guest run; about 4 minutes under TCG (1282 cases; each
# fprobe case patches ftrace twice), so this only stops a guest that is
# stuck.
bound=${KPT_DIFF_TIMEOUT:-1800}

rm -rf "$run" && mkdir -p "$run"
: >"$run/tests.list"
KPT_STAGE=$run/initramfs "$KPT_ROOT/harness/initramfs.sh" "$variant" 0 \
	"$run/tests.list" "$run/initramfs.cpio.gz"
rm -rf "$run/initramfs"
kpt_log "differential run on $variant ($(grep -c '^[kdu]' "$corpus") cases, bound ${bound}s)"
rc=0
"$KPT_ROOT/harness/qemu.sh" -q -m diff -i "$run/initramfs.cpio.gz" -r "$run" \
	-t "$bound" "$variant" || rc=$?
[ "$rc" = 0 ] || kpt_log "guest exit status $rc (see ${run#$KPT_ROOT/}/console.log)"
tr -d '\r' <"$run/results.txt" >"$run/raw.txt"
grep -aq '^DONE' "$run/raw.txt" || kpt_die "guest did not finish (see ${run#$KPT_ROOT/}/console.log)"
kpt_reports "$run/console.log" >"$run/kernel-reports.txt" || true

# Normalisation.  Only what legitimately changes from boot to boot or from
# build to build is rewritten, where it is printed, and nothing else:
#  - hashed pointers (%p prints 0x00000000 + 8 hex digits, keyed per boot,
#    or "(____ptrval____)" until the boot's random key is ready, which
#    under TCG may be seconds into the run): the place of an address
#    kprobe in a listing, and the event name made from it (p_0x..., r_0x...);
#    a uprobe's offset, which looks the same, is compared;
#  - raw kernel addresses in error_log "Command:" lines, only in the
#    probe place (the second word of the definition): {addr:SYM} is
#    replaced in the guest by SYM's address, which error_log echoes, and
#    the layout differs between kernels; the replacement keeps the length,
#    so the caret below stays put;
#  - error_log time stamps "[    12.345678]";
#  - the kernel release, which a probe can read (@init_uts_ns+130:string):
#    the guest's uname -r of its BEGIN line, wherever it is printed;
#  - of the trace line prefix "comm-pid [cpu] flags timestamp:", the task,
#    pid, CPU and time of the triggering task, and the need-resched flag
#    (whether a reschedule was pending when the probe hit); the other
#    flags (irqs off, hard/soft irq, preempt depth, migrate disable),
#    which the record path sets, are compared: "d-.1. EVENT: ...".  But
#    6.12 takes a uprobe record's context as the preempt count minus one,
#    in a task that can be preempted: the count underflows ("ff") and
#    borrows from the flags, so the irq and hardirq columns then follow
#    the need-resched bit.  Of such a line only the "ff" is compared;
#  - in trace lines, user addresses that each exec places at random: of
#    the C library (x86-64 0x7e... or 0x7f..., arm64 0xffff... of 48 bits,
#    where its stack is too) and of a position-independent program (0x55...
#    or 0x56..., arm64 0xaaaa...), where a uprobe on the library hit and
#    returned, or read the stack.
trace_task=' *.{1,16}-[0-9]+ +\[[0-9]+\] '
trace_time=' +[0-9]+\.[0-9]+: '
trace_prefix="$trace_task[^ ]+$trace_time"
release=$(kpt_release_re "$run/raw.txt")
normalise() {
	sed -E \
		${release:+-e "s/$release/<release>/g"} \
		-e 's/^([pr][0-9]*:[^ ]+ )0x00000000[0-9a-f]{8}/\10x<hash>/' \
		-e 's/\b([pr]_0x)00000000[0-9a-f]{8}/\1<hash>/g' \
		-e 's/0x\(____ptrval____\)/0x<hash>/g' \
		-e '/^  Command: /s/^(  Command: [^ ]+ [^ ]*)0xffffffff[0-9a-f]{8}/\10xffffffffXXXXXXXX/' \
		-e 's/^\[ *[0-9]+\.[0-9]+\] /[<time>] /' \
		-e "s/^($trace_prefix.*)0x7[ef][0-9a-f]{10}/\10x7f<aslr>/" \
		-e "s/^($trace_prefix.*)0x7[ef][0-9a-f]{10}/\10x7f<aslr>/" \
		-e "s/^($trace_prefix.*)0x5[56][0-9a-f]{10}/\10x55<aslr>/" \
		-e "s/^($trace_prefix.*)0xffff[0-9a-f]{8}\b/\10xffff<aslr>/" \
		-e "s/^($trace_prefix.*)0xffff[0-9a-f]{8}\b/\10xffff<aslr>/" \
		-e "s/^($trace_prefix.*)0xaaaa[0-9a-f]{8}\b/\10xaaaa<aslr>/" \
		-e "s/^$trace_task(.).(...)$trace_time/\\1-\\2 /" \
		-e 's/^.-.ff /?-?ff /' \
		-e '/^BEGIN /d'
}
normalise <"$run/raw.txt" >"$run/output.txt"

if [ "$golden_mode" = 1 ]; then
	{
		echo "# SPDX-License-Identifier: GPL-2.0"
		echo "# Golden output of tests/diff/corpus.txt on the stock kernel, normalised."
		echo "# Generated by harness/diff.sh -g stock (make diff-golden); do not edit."
		kpt_stamp_line
		cat "$run/output.txt"
	} >"$golden"
	kpt_log "wrote ${golden#$KPT_ROOT/}: $(grep -ac '^=== case' "$golden") cases"
	[ -s "$run/kernel-reports.txt" ] &&
		kpt_log "NOTE: stock printed kernel reports (${run#$KPT_ROOT/}/kernel-reports.txt)"
	exit 0
fi
[ -f "$golden" ] || kpt_die "no ${golden#$KPT_ROOT/} (make diff-golden)"
kpt_ref_current "$golden" || { echo "0 passed, 1 failed"; exit 1; }

# Split both outputs into one file per case, then compare case by case.
split_cases() { # input dir
	mkdir -p "$2"
	grep -av '^#' "$1" | awk -v d="$2" '
		/^=== case / { f = sprintf("%s/%04d", d, $3) }
		/^DONE / { print > (d "/DONE"); next }
		f { print > f }
		/^=== end / { close(f); f = "" }'
}
split_cases "$golden" "$run/cases/golden"
split_cases "$run/output.txt" "$run/cases/$variant"

passed=0 failed=0
# Cases where ours differs from stock on purpose (kprobetrace's own
# syntax, which 6.12 rejects: Documentation/trace/): ours' output for
# them is tests/diff/ours.expected, each case found by its first command
# and compared in place of the golden one.  One that stock's golden
# already shows, or that the corpus does not have, fails.
expected=$KPT_ROOT/tests/diff/ours$KPT_ARCH_SUFFIX.expected
if [ "$variant" = ours ] && [ -f "$expected" ]; then
	split_cases "$expected" "$run/cases/expected"
	for e in "$run"/cases/expected/[0-9]*; do
		[ -f "$e" ] || continue
		cmd=$(sed -n '2s/^--- cmd 0: //p' "$e")
		g=$(grep -alxF -e "--- cmd 0: $cmd" "$run"/cases/golden/[0-9]* | head -n 1 || :)
		if [ -z "$g" ]; then
			failed=$((failed + 1))
			echo "FAIL ${expected#$KPT_ROOT/}: no case of the corpus starts with: $cmd"
			continue
		fi
		n=$((10#$(basename "$g")))
		sed -e "1s/.*/=== case $n/" -e "\$s/.*/=== end $n/" "$e" >"$g.expected"
		if cmp -s "$g" "$g.expected"; then
			failed=$((failed + 1))
			echo "FAIL ${expected#$KPT_ROOT/}: stock shows the same for: $cmd"
			continue
		fi
		mv "$g.expected" "$g"
	done
fi
for g in "$run"/cases/golden/[0-9]*; do
	c=$(basename "$g")
	a=$run/cases/$variant/$c
	if [ -f "$a" ] && cmp -s "$g" "$a"; then
		passed=$((passed + 1))
		continue
	fi
	failed=$((failed + 1))
	echo "FAIL case $((10#$c)): $(sed -n 's/^--- cmd 0: //p' "$g")"
	if [ -f "$a" ]; then
		diff -a -u --label "stock (golden)" --label "$variant" "$g" "$a" | tail -n +3 || true
	else
		echo "  no output for this case on $variant"
	fi
done
# A case the golden does not know means corpus and golden are out of step.
for a in "$run"/cases/"$variant"/[0-9]*; do
	[ -f "$run/cases/golden/$(basename "$a")" ] && continue
	failed=$((failed + 1))
	echo "FAIL case $((10#$(basename "$a"))): not in the golden file (make diff-golden)"
done
# Kernel reports during the run fail it whatever the outputs say.
if [ -s "$run/kernel-reports.txt" ]; then
	head -n 20 "$run/kernel-reports.txt"
	failed=$((failed + 1))
	echo "FAIL kernel log: $(kpt_reports_summary "$run/kernel-reports.txt")"
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
