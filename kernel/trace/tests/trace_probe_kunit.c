// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite of the probe-event parser: the rows of trace_probe_cases.h,
 * checked in the kernel by the runners the host tests use
 * (trace_probe_runners.h), in the same fake world (trace_probe_fake.h).
 *
 * The host tests run the parser against userspace shims; here it runs
 * against the real kernel: regs_query_register_offset(), kstrto*(), the
 * ctype tables, kmalloc(), THREAD_SIZE.  One KUnit parameter is one row,
 * described by its command or argument (the '^' marks the expected caret).
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/thread_info.h>

#include "../trace_probe_parse.h"
#include "trace_probe_fake.h"
#include "trace_probe_cases.h"

#define TP_EXPECT(test, cond, fmt, ...) ({				\
	bool __tp_ok = (cond);						\
									\
	KUNIT_EXPECT_TRUE_MSG(test, __tp_ok, fmt, ##__VA_ARGS__);	\
	__tp_ok;							\
})
#include "trace_probe_runners.h"

/*
 * The fake world has the 16 KiB stacks of x86-64 without KASAN, so
 * $stack2048 is the last stack entry; KASAN doubles the stacks and with
 * them that limit.
 */
static bool tp_stack_limit_differs(const char *cmd)
{
	return THREAD_SIZE != 16384 && strstr(cmd, "$stack2049");
}

KUNIT_ARRAY_PARAM_DESC(tp_err, tp_err_cases, cmd);

static void trace_probe_test_err(struct kunit *test)
{
	const struct tp_err_case *tc = test->param_value;

	if (tp_stack_limit_differs(tc->cmd))
		kunit_skip(test, "THREAD_SIZE is not 16 KiB");
	tp_run_err_case(test, tc);
}

static void trace_probe_test_err_coverage(struct kunit *test)
{
	tp_check_err_coverage(test);
}

/*
 * One KUnit case per table: trace_probe_test_<table>() runs
 * tp_run_<table>_case() on one row of tp_<table>_cases[], the parameter
 * described by the row's @desc text.
 */
#define TP_KUNIT_TABLE(table, desc)					\
	KUNIT_ARRAY_PARAM_DESC(tp_##table, tp_##table##_cases, desc);	\
	static void trace_probe_test_##table(struct kunit *test)	\
	{								\
		tp_run_##table##_case(test, test->param_value);		\
	}

TP_KUNIT_TABLE(prog, arg)
TP_KUNIT_TABLE(arg_err, arg)
TP_KUNIT_TABLE(cmd, cmd)
TP_KUNIT_TABLE(head, cmd)
TP_KUNIT_TABLE(fmt, cmd)
TP_KUNIT_TABLE(delete, cmd)

static struct kunit_case trace_probe_test_cases[] = {
	KUNIT_CASE_PARAM(trace_probe_test_err, tp_err_gen_params),
	KUNIT_CASE(trace_probe_test_err_coverage),
	KUNIT_CASE_PARAM(trace_probe_test_prog, tp_prog_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_arg_err, tp_arg_err_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_cmd, tp_cmd_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_head, tp_head_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_fmt, tp_fmt_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_delete, tp_delete_gen_params),
	{}
};

static struct kunit_suite trace_probe_test_suite = {
	.name = "trace_probe",
	.test_cases = trace_probe_test_cases,
};

kunit_test_suite(trace_probe_test_suite);
