#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Lint gate for the kernel files the repository owns and the guest test
# program (tools/testing/kprobetrace): checkpatch --strict and kernel-doc
# -Wall, from the stock tree's scripts.  The only findings allowed are
# listed below, each with the reason; anything else fails.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

scripts=$KPT_SRC/stock/scripts
[ -x "$scripts/checkpatch.pl" ] || kpt_die "no stock tree yet (make tree KERNEL=stock)"

# TYPE FILE: allowed checkpatch finding types per file.
#  - X-macro tables (ERRORS, FETCH_OPS) are not expressions and do not use
#    every column in every expansion (the test runners name the errors).
#  - PRINTF_L: "%Lu"/"%Ld"/"%Lx" are print fmt text of the format file, ABI
#    that user space parses; they are data, not our printk formats.
#  - trace_probe.c expands ERRORS into the message table that
#    tracing_log_err() takes as "const char **", so it cannot be "* const".
#  - UNDOCUMENTED_SETUP: kprobe_event= is in the kernel tree's
#    kernel-parameters.txt, which --no-tree cannot see.
#  - kpt_prof.c, a QEMU plugin, declares the part of QEMU's plugin API it
#    uses, with QEMU's own type names: Debian ships no qemu-plugin.h.
#  - trace_uprobe.c runs the BPF programs of a uprobe under RCU tasks
#    trace, which bpf_prog_run_array_uprobe() requires (they may sleep).
#  - kpt_uprobe.c, kpt_perf.c, kpt_stress.c, kpt_tracefs.c and kpt_bench.c are user-space programs:
#    the kernel's attribute macros (__section, noinline, __used) do not
#    exist there, and kpt_uprobe's targets are global on purpose (a
#    symbol per probe place).
#  - kpt_bench_trace.h lays its TRACE_EVENT() out as the kernel's own
#    include/trace/events/ headers do (one TP_* part per line).
#  - The KUnit suite's TP_KUNIT_TABLE(table, desc) names with desc a
#    member of the rows, for the parameter description and the row's
#    text: a name has no side effects to repeat.
ALLOW="
MACRO_ARG_UNUSED kernel/trace/trace_probe.c
STATIC_CONST_CHAR_ARRAY kernel/trace/trace_probe.c
UNDOCUMENTED_SETUP kernel/trace/trace_kprobe.c
MACRO_ARG_REUSE kernel/trace/tests/trace_probe_kunit.c
COMPLEX_MACRO kernel/trace/trace_probe_errors.h
AVOID_EXTERNS tools/testing/kprobetrace/bench/kpt_prof.c
NEW_TYPEDEFS tools/testing/kprobetrace/bench/kpt_prof.c
MACRO_ARG_UNUSED kernel/trace/trace_probe_errors.h
MACRO_ARG_UNUSED kernel/trace/tests/trace_probe_runners.h
COMPLEX_MACRO kernel/trace/trace_probe_insn.h
MACRO_ARG_UNUSED kernel/trace/trace_probe_insn.h
MACRO_ARG_REUSE kernel/trace/trace_probe_insn.h
PRINTF_L kernel/trace/trace_probe_insn.c
PRINTF_L kernel/trace/tests/trace_probe_cases.h
RCU_TASKS_TRACE kernel/trace/trace_uprobe.c
PREFER_DEFINED_ATTRIBUTE_MACRO tools/testing/kprobetrace/kpt_uprobe.c
PREFER_DEFINED_ATTRIBUTE_MACRO tools/testing/kprobetrace/kpt_perf.c
PREFER_DEFINED_ATTRIBUTE_MACRO tools/testing/kprobetrace/kpt_stress.c
PREFER_DEFINED_ATTRIBUTE_MACRO tools/testing/kprobetrace/kpt_tracefs.c
AVOID_EXTERNS tools/testing/kprobetrace/kpt_uprobe.c
PREFER_DEFINED_ATTRIBUTE_MACRO tools/testing/kprobetrace/bench/kpt_bench.c
OPEN_ENDED_LINE tools/testing/kprobetrace/bench/kpt_bench_trace.h
PARENTHESIS_ALIGNMENT tools/testing/kprobetrace/bench/kpt_bench_trace.h
"

# Both scripts run in a fixed environment, so that the verdict depends on
# the files alone: checkpatch reads a .checkpatch.conf from $HOME (and
# perl warns on every file when HOME is unset), kernel-doc takes KCFLAGS,
# KDOC_WERROR and KBUILD_BUILD_TIMESTAMP from the environment, and perl
# warns on every start when the locale is missing.
lint_home=$(mktemp -d) || exit 1
out=$lint_home/lint.out
trap 'rm -rf "$lint_home"' EXIT
clean_env() {
	env -i PATH="$PATH" HOME="$lint_home" LC_ALL=C "$@"
}

cd "$KPT_ROOT" || exit 1
bad=0
for f in $(git ls-files -co --exclude-standard -- 'kernel/*.c' 'kernel/*.h' \
		'tools/testing/kprobetrace/*.c' 'tools/testing/kprobetrace/*.h'); do
	clean_env "$scripts/checkpatch.pl" --strict --no-tree --terse \
		--show-types --no-summary -f "$f" 2>&1 |
	while IFS= read -r line; do
		type=$(echo "$line" | sed -n 's/^[^:]*:[0-9]*: [A-Z]*:\([A-Z_0-9]*\):.*/\1/p')
		if [ -n "$type" ] && grep -qxF "$type $f" <<<"$ALLOW"; then
			continue
		fi
		echo "$line"
	done >"$out"
	if [ -s "$out" ]; then
		cat "$out"
		bad=1
	fi
	if ! clean_env "$scripts/kernel-doc" -none -Wall "$f" >"$out" 2>&1 ||
	   [ -s "$out" ]; then
		cat "$out"
		bad=1
	fi
done
# The patches to the kernel trees, as patches (their context and mail
# header included; an absolute path, as checkpatch misreads a Kconfig
# hunk of a patch named by the relative path "patches/...").
for f in patches/*.patch; do
	if ! clean_env "$scripts/checkpatch.pl" --strict --no-tree --terse \
		--no-summary "$KPT_ROOT/$f" >"$out" 2>&1 || [ -s "$out" ]; then
		cat "$out"
		bad=1
	fi
done
[ $bad = 0 ] && echo "lint: checkpatch --strict and kernel-doc -Wall clean"
exit $bad
