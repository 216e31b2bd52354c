// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the pure probe-event parser: run every table of
 * kernel/trace/tests/trace_probe_cases.h through the runners the KUnit
 * suite shares (trace_probe_runners.h), plus the host-only test_<thing>()
 * checks of tests.c; print what was expected and what came out for each
 * failure, and end with "N passed, N failed".
 */
#include "fake_kernel.h"
#include "../../../kernel/trace/tests/trace_probe_cases.h"

static int passed, failed, skipped;

static __printf(2, 3) bool check(bool ok, const char *fmt, ...)
{
	va_list args;

	if (ok) {
		passed++;
		return true;
	}
	failed++;
	fprintf(stderr, "FAIL: ");
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fputc('\n', stderr);
	return false;
}

/* The hook of the shared runners; the host has no struct kunit */
#define TP_EXPECT(test, cond, fmt, ...)	check(cond, fmt, ##__VA_ARGS__)
#include "../../../kernel/trace/tests/trace_probe_runners.h"

/*
 * Run @runner on every row of @table whose @desc text names no register
 * of another architecture than the host's fake (x86-64), as KUnit does.
 */
#define run_table(table, runner, desc) do {				\
	char __reg[16];							\
	size_t __i;							\
									\
	for (__i = 0; __i < ARRAY_SIZE(table); __i++) {			\
		if (tp_other_arch_reg((table)[__i].desc, __reg,		\
				      sizeof(__reg)))			\
			skipped++;					\
		else							\
			runner(NULL, &(table)[__i]);			\
	}								\
} while (0)

#include "tests.c"

int main(void)
{
	run_table(tp_err_cases, tp_run_err_case, cmd);
	run_table(tp_btf_err_cases, tp_run_btf_err_case, cmd);
	tp_check_err_coverage(NULL);
	run_table(tp_prog_cases, tp_run_prog_case, arg);
	run_table(tp_arg_err_cases, tp_run_arg_err_case, arg);
	run_table(tp_cmd_cases, tp_run_cmd_case, cmd);
	run_table(tp_btf_cases, tp_run_btf_case, cmd);
	run_table(tp_head_cases, tp_run_head_case, cmd);
	run_table(tp_fmt_cases, tp_run_fmt_case, cmd);
	run_table(tp_btf_fmt_cases, tp_run_btf_fmt_case, cmd);
	run_table(tp_uprobe_err_cases, tp_run_uprobe_err_case, cmd);
	run_table(tp_uprobe_head_cases, tp_run_uprobe_head_case, cmd);
	run_table(tp_uprobe_fmt_cases, tp_run_uprobe_fmt_case, cmd);
	run_table(tp_eprobe_err_cases, tp_run_eprobe_err_case, cmd);
	run_table(tp_eprobe_head_cases, tp_run_eprobe_head_case, cmd);
	run_table(tp_eprobe_fmt_cases, tp_run_eprobe_fmt_case, cmd);
	run_table(tp_fprobe_err_cases, tp_run_fprobe_err_case, cmd);
	run_table(tp_fprobe_head_cases, tp_run_fprobe_head_case, cmd);
	run_table(tp_fprobe_fmt_cases, tp_run_fprobe_fmt_case, cmd);
	run_table(tp_fprobe_btf_err_cases, tp_run_fprobe_btf_err_case, cmd);
	run_table(tp_fprobe_btf_fmt_cases, tp_run_fprobe_btf_fmt_case, cmd);
	run_table(tp_grammar_cases, tp_run_grammar_case, cmd);
	run_table(tp_grammar_err_cases, tp_run_grammar_err_case, cmd);
	run_table(tp_eprobe_grammar_cases, tp_run_eprobe_grammar_case, cmd);
	run_table(tp_eprobe_grammar_err_cases, tp_run_eprobe_grammar_err_case,
		  cmd);
	run_extra_tests();
	tp_registry_clear();
	check(!tp_warnings, "%d kernel warnings", tp_warnings);
	printf("%d passed, %d failed, %d skipped (rows of another architecture)\n",
	       passed, failed, skipped);
	return failed ? 1 : 0;
}
