// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite of the probe-event parser: the rows of trace_probe_cases.h,
 * checked in the kernel by the runners the host tests use
 * (trace_probe_runners.h), in the same fake world (trace_probe_fake.h).
 * It also checks the hit path's string copy against the kernel's own.
 *
 * The host tests run the parser against userspace shims; here it runs
 * against the real kernel: regs_query_register_offset(), kstrto*(), the
 * ctype tables, kmalloc(), THREAD_SIZE, the struct dentry and struct file
 * offsets of ":%pd".  BTF comes from the fake world in both, so that the
 * BTF rows do not depend on the kernel's own types.  One KUnit parameter
 * is one row, described by its command or argument (the '^' marks the
 * expected caret).
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/thread_info.h>
#include <linux/vmalloc.h>

#include "../trace_probe_internal.h"
#include "../trace_kprobe_parse.h"
#include "../trace_uprobe_parse.h"
#include "../trace_eprobe_parse.h"
#include "../trace_fprobe_parse.h"
#include "../trace_probe.h"
#include "../trace_probe_kernel.h"
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
 * The fake world has the layout of the test config, x86-64 without KASAN
 * or debug options: 16 KiB stacks, so $stack2048 and $arg2048 are the
 * last stack entries (KASAN doubles the stacks and with them that limit),
 * and the struct dentry and struct file offsets that ":%pd" and ":%pD"
 * read through (lock debugging moves them).  Most rows name x86-64
 * registers, a few arm64 ones.  Skip a row that depends on any of these
 * where this kernel differs.
 */
static void tp_skip_other_layout(struct kunit *test, const char *text)
{
	char reg[16];

	if (tp_other_arch_reg(text, reg, sizeof(reg)))
		kunit_skip(test, "%%%s is not a register of this architecture", reg);
	if (THREAD_SIZE != 16384 &&
	    (strstr(text, "$stack2049") || strstr(text, "$arg2049")))
		kunit_skip(test, "THREAD_SIZE is not 16 KiB");
	if ((PROBE_DENTRY_NAME_OFFSET != 0x28 ||
	     PROBE_FILE_DENTRY_OFFSET != 0x48) &&
	    (strstr(text, ":%pd") || strstr(text, ":%pD")))
		kunit_skip(test, "struct dentry or struct file is laid out otherwise");
}

static void trace_probe_test_err_coverage(struct kunit *test)
{
	tp_check_err_coverage(test);
}

/*
 * probe_headers[], which the format files, print fmts, hit path and
 * output read, against the record structs of trace.h that the rest of the
 * kernel knows the kprobe and fprobe records by.
 */
static void trace_probe_test_headers(struct kunit *test)
{
	enum probe_print_type ptype;
	unsigned int i;

	/* a name for each word probe_header_words() counts, and no more */
	for (ptype = PROBE_PRINT_NORMAL; ptype <= PROBE_PRINT_EVENT; ptype++)
		for (i = 0; i < PROBE_HEADER_MAX_WORDS; i++)
			KUNIT_EXPECT_EQ(test, !!probe_headers[ptype].names[i],
					i < probe_header_words(ptype));
	KUNIT_EXPECT_EQ(test, probe_header_size(PROBE_PRINT_NORMAL),
			sizeof(struct kprobe_trace_entry_head));
	KUNIT_EXPECT_EQ(test, probe_header_size(PROBE_PRINT_NORMAL),
			sizeof(struct fentry_trace_entry_head));
	KUNIT_EXPECT_EQ(test, probe_header_size(PROBE_PRINT_RETURN),
			sizeof(struct kretprobe_trace_entry_head));
	KUNIT_EXPECT_EQ(test, probe_header_size(PROBE_PRINT_RETURN),
			sizeof(struct fexit_trace_entry_head));
	KUNIT_EXPECT_EQ(test, probe_header_size(PROBE_PRINT_EVENT),
			sizeof(struct trace_entry));
	KUNIT_EXPECT_STREQ(test, probe_headers[PROBE_PRINT_NORMAL].names[0],
			   FIELD_STRING_IP);
	KUNIT_EXPECT_STREQ(test, probe_headers[PROBE_PRINT_RETURN].names[0],
			   FIELD_STRING_FUNC);
	KUNIT_EXPECT_STREQ(test, probe_headers[PROBE_PRINT_RETURN].names[1],
			   FIELD_STRING_RETIP);
}

KUNIT_DEFINE_ACTION_WRAPPER(tp_vfree, vfree, const void *);

/* One probe_kernel_string() call against strncpy_from_kernel_nofault() */
static void tp_check_kernel_string(struct kunit *test, const char *src,
				   long count)
{
	char want[48], got[48];
	long w, g, i;

	memset(want, 0x5a, sizeof(want));
	memset(got, 0x5a, sizeof(got));
	w = strncpy_from_kernel_nofault(want, src, count);
	g = probe_kernel_string(got, (unsigned long)src, count);
	KUNIT_ASSERT_EQ_MSG(test, g, w, "%ld-byte room, offset %lu",
			    count, (unsigned long)src & 7);
	if (w > 0)
		KUNIT_ASSERT_MEMEQ_MSG(test, got, want, w, "%ld-byte room", count);
	for (i = max(count, 0L); i < sizeof(got); i++)
		if (got[i] != 0x5a)
			break;
	KUNIT_ASSERT_EQ_MSG(test, i, (long)sizeof(got),
			    "wrote past its %ld-byte room", count);
	KUNIT_ASSERT_EQ_MSG(test, probe_kernel_string(NULL, (unsigned long)src,
						      count), w,
			    "measuring, %ld-byte room", count);
}

/*
 * The word-wise string copy of the hit path gives what the byte-wise
 * strncpy_from_kernel_nofault() gives, and never writes past its room:
 * every start offset in a word, strings of 0 to 24 characters, rooms of
 * 0 to 32 bytes, strings that run into the guard page after a vmalloc()
 * area (a fault), and an address below the kernel's (-ERANGE).
 */
static void trace_probe_test_kernel_string(struct kunit *test)
{
	char buf[48] __aligned(sizeof(long));
	unsigned int off, n;
	char *page, *end;
	long count;

	for (off = 0; off < sizeof(long); off++) {
		for (n = 0; n <= 24; n++) {
			memset(buf, 'a', sizeof(buf));
			buf[off + n] = '\0';
			for (count = 0; count <= 32; count++)
				tp_check_kernel_string(test, buf + off, count);
		}
	}
	page = vmalloc(PAGE_SIZE);
	KUNIT_ASSERT_NOT_NULL(test, page);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, tp_vfree, page), 0);
	memset(page, 'b', PAGE_SIZE);
	end = page + PAGE_SIZE;
	for (n = 1; n <= 2 * sizeof(long); n++) {
		tp_check_kernel_string(test, end - n, 32);
		end[-1] = '\0';
		tp_check_kernel_string(test, end - n, 32);
		end[-1] = 'b';
	}
	tp_check_kernel_string(test, (const char *)16, 32);
}

/*
 * One KUnit case per table: trace_probe_test_<table>() runs
 * tp_run_<table>_case() on one row of tp_<table>_cases[], the parameter
 * described by the row's @desc text, unless that text needs the test
 * config's layout.
 */
#define TP_KUNIT_TABLE(table, desc)					\
	KUNIT_ARRAY_PARAM_DESC(tp_##table, tp_##table##_cases, desc);	\
	static void trace_probe_test_##table(struct kunit *test)	\
	{								\
		typeof(tp_##table##_cases[0]) *tc = test->param_value;	\
									\
		tp_skip_other_layout(test, tc->desc);			\
		tp_run_##table##_case(test, tc);			\
	}

TP_KUNIT_TABLE(err, cmd)
TP_KUNIT_TABLE(btf_err, cmd)
TP_KUNIT_TABLE(prog, arg)
TP_KUNIT_TABLE(arg_err, arg)
TP_KUNIT_TABLE(cmd, cmd)
TP_KUNIT_TABLE(btf, cmd)
TP_KUNIT_TABLE(head, cmd)
TP_KUNIT_TABLE(fmt, cmd)
TP_KUNIT_TABLE(btf_fmt, cmd)
TP_KUNIT_TABLE(uprobe_err, cmd)
TP_KUNIT_TABLE(uprobe_head, cmd)
TP_KUNIT_TABLE(uprobe_fmt, cmd)
TP_KUNIT_TABLE(eprobe_err, cmd)
TP_KUNIT_TABLE(eprobe_head, cmd)
TP_KUNIT_TABLE(eprobe_fmt, cmd)
TP_KUNIT_TABLE(fprobe_err, cmd)
TP_KUNIT_TABLE(fprobe_head, cmd)
TP_KUNIT_TABLE(fprobe_fmt, cmd)
TP_KUNIT_TABLE(fprobe_btf_err, cmd)
TP_KUNIT_TABLE(fprobe_btf_fmt, cmd)
TP_KUNIT_TABLE(grammar, cmd)
TP_KUNIT_TABLE(grammar_err, cmd)
TP_KUNIT_TABLE(eprobe_grammar, cmd)
TP_KUNIT_TABLE(eprobe_grammar_err, cmd)

static struct kunit_case trace_probe_test_cases[] = {
	KUNIT_CASE_PARAM(trace_probe_test_err, tp_err_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_btf_err, tp_btf_err_gen_params),
	KUNIT_CASE(trace_probe_test_err_coverage),
	KUNIT_CASE(trace_probe_test_headers),
	KUNIT_CASE(trace_probe_test_kernel_string),
	KUNIT_CASE_PARAM(trace_probe_test_prog, tp_prog_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_arg_err, tp_arg_err_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_cmd, tp_cmd_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_btf, tp_btf_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_head, tp_head_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_fmt, tp_fmt_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_btf_fmt, tp_btf_fmt_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_uprobe_err, tp_uprobe_err_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_uprobe_head,
			 tp_uprobe_head_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_uprobe_fmt, tp_uprobe_fmt_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_eprobe_err, tp_eprobe_err_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_eprobe_head,
			 tp_eprobe_head_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_eprobe_fmt, tp_eprobe_fmt_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_fprobe_err, tp_fprobe_err_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_fprobe_head,
			 tp_fprobe_head_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_fprobe_fmt, tp_fprobe_fmt_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_fprobe_btf_err,
			 tp_fprobe_btf_err_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_fprobe_btf_fmt,
			 tp_fprobe_btf_fmt_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_grammar, tp_grammar_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_grammar_err,
			 tp_grammar_err_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_eprobe_grammar,
			 tp_eprobe_grammar_gen_params),
	KUNIT_CASE_PARAM(trace_probe_test_eprobe_grammar_err,
			 tp_eprobe_grammar_err_gen_params),
	{}
};

static struct kunit_suite trace_probe_test_suite = {
	.name = "trace_probe",
	.test_cases = trace_probe_test_cases,
};

kunit_test_suite(trace_probe_test_suite);
