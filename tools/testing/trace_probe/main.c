// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the pure probe-event parser: run every table of
 * kernel/trace/tests/trace_probe_cases.h plus the test_<thing>() checks
 * below, print what was expected and what came out for each failure, and
 * end with "N passed, N failed".
 */
#include "fake_kernel.h"
#include "fake_btf.h"
#include "../../../kernel/trace/tests/trace_probe_cases.h"

#undef C
#define C(a, b)	#a
static const char * const err_names[] = { ERRORS };
#undef C

static int passed, failed;

static const char *err_name(int code)
{
	if (code == PROBE_ERR_NONE)
		return "(none)";
	return code >= 0 && code < TP_ERR_MAX ? err_names[code] : "(bad id)";
}

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

static bool str_eq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

static void test_args_match(const struct tp_probe *tp, const char *listing);
static void run_extra_tests(void);

/* --- A fake dyn_event list, for the registration errors ---------------- */

#define TP_MAX_EVENTS	8
static struct tp_probe registry[TP_MAX_EVENTS];
static int nr_registered;

static void registry_clear(void)
{
	while (nr_registered)
		tp_probe_free(&registry[--nr_registered]);
}

/* What registering the kprobe would return in the fake kernel */
static int fake_register(const struct kprobe_head *head)
{
	if (!head->symbol)
		return 0;
	if (!strcmp(head->symbol, "vfs_read") && head->offset == 3)
		return -EILSEQ;
	if (!strcmp(head->symbol, "gone_func"))
		return -ENOENT;
	if (!strcmp(head->symbol, "notrace_func"))
		return -EINVAL;
	return 0;
}

/* The glue's order: same name -> append checks, else event, then kprobe */
static int register_probe(struct tp_probe *tp, struct probe_parse_err *err)
{
	struct kprobe_probe new = { &tp->head, tp->args, tp->nr_args };
	struct kprobe_probe old[TP_MAX_EVENTS];
	int i, n = 0;

	for (i = 0; i < nr_registered; i++) {
		if (strcmp(registry[i].head.group, tp->head.group) ||
		    strcmp(registry[i].head.event, tp->head.event))
			continue;
		old[n++] = (struct kprobe_probe){ &registry[i].head,
						  registry[i].args,
						  registry[i].nr_args };
	}
	if (n)
		return kprobe_append_check(&new, old, n, err);
	if (!strcmp(tp->head.group, "syscalls") &&
	    !strcmp(tp->head.event, "sys_enter_openat"))
		return kprobe_register_error(-EEXIST, true, err);
	return kprobe_register_error(fake_register(&tp->head), false, err);
}

/*
 * Parse and register @cmd like a write to kprobe_events in kernel @env.
 * @col gets the error_log caret column of a logged error, or -1; it is
 * measured before the probe is freed, as the words may point into it.
 */
static int run_command(const struct kprobe_env *env, const char *cmd,
		       struct probe_parse_err *err, int *col)
{
	struct tp_probe tp;
	struct tp_words w;
	int ret;

	tp_split(cmd, strlen(cmd), &w);
	ret = tp_parse(env, &w, &tp, err);
	if (!ret)
		ret = register_probe(&tp, err);
	*col = err->code == PROBE_ERR_NONE ? -1 :
	       probe_err_column(w.argc, w.argv, err);
	if (ret || nr_registered == TP_MAX_EVENTS)
		tp_probe_free(&tp);
	else
		registry[nr_registered++] = tp;
	tp_words_free(&w);
	return ret;
}

/* --- Tables ------------------------------------------------------------ */

static void test_err_case(const struct tp_err_case *tc,
			  const struct kprobe_env *env)
{
	const char *caret = strchr(tc->cmd, '^');
	struct probe_parse_err err = { PROBE_ERR_NONE };
	char cmd[4096];
	int col, ret;

	registry_clear();
	if (tc->setup) {
		ret = run_command(env, tc->setup, &err, &col);
		if (!check(!ret, "setup \"%s\" failed: %d %s", tc->setup, ret,
			   err_name(err.code)))
			return;
	}
	snprintf(cmd, sizeof(cmd), "%.*s%s", (int)(caret - tc->cmd), tc->cmd,
		 caret + 1);
	err.code = PROBE_ERR_NONE;
	ret = run_command(env, cmd, &err, &col);
	check(ret < 0 && err.code == tc->err && col == caret - tc->cmd,
	      "\"%s\": expected %s at column %d, got %d %s at column %d "
	      "(word %d offset %d)", tc->cmd, err_name(tc->err),
	      (int)(caret - tc->cmd), ret, err_name(err.code), col, err.index,
	      err.offset);
	registry_clear();
}

static void test_err_cases(const struct tp_err_case *cases, size_t n,
			   const struct kprobe_env *env)
{
	size_t i;

	for (i = 0; i < n; i++)
		test_err_case(&cases[i], env);
}

/* Each of the @n error ids in @ids has a row in @cases */
static void check_err_coverage(const char *what, const int *ids, size_t n,
			       const struct tp_err_case *cases, size_t ncases)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < ncases; j++)
			if (cases[j].err == ids[i])
				break;
		check(j < ncases, "no %s error row for %s", what,
		      err_name(ids[i]));
	}
}

/* Every id reachable from a kprobe, without and with BTF, has an error row */
static void test_err_coverage(void)
{
	static const int kprobe_ids[] = {
		6, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 24, 25,
		26, 27, 28, 29, 30, 31, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43,
		44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 63,
		67, 68, 77, 78,
	};
	static const int btf_ids[] = {
		TP_ERR_NO_RETVAL, TP_ERR_NOSUP_BTFARG, TP_ERR_NO_BTFARG,
		TP_ERR_NO_BTF_ENTRY, TP_ERR_NOFENTRY_ARGS, TP_ERR_DOUBLE_ARGS,
		TP_ERR_ARGS_2LONG, TP_ERR_NO_PTR_STRCT, TP_ERR_NOSUP_DAT_ARG,
		TP_ERR_BAD_HYPHEN, TP_ERR_NO_BTF_FIELD, TP_ERR_BAD_BTF_TID,
		TP_ERR_BAD_TYPE4STR,
	};

	check(TP_ERR_MAX == 79 && TP_ERR_BAD_MAXACT_TYPE == 6 &&
	      TP_ERR_NEED_STRING_TYPE == 77 && TP_ERR_EVENT_TOO_BIG == 78,
	      "error catalogue is not the 6.12.117 one");
	check_err_coverage("kprobe", kprobe_ids, ARRAY_SIZE(kprobe_ids),
			   tp_err_cases, ARRAY_SIZE(tp_err_cases));
	check_err_coverage("BTF", btf_ids, ARRAY_SIZE(btf_ids),
			   tp_btf_err_cases, ARRAY_SIZE(tp_btf_err_cases));
}

/* Parse one argument as argument 0 of a probe of kind @flags */
static int parse_one(unsigned int flags, const char *arg, struct probe_arg *parg,
		     struct probe_parse_ctx *ctx)
{
	probe_parse_ctx_init(ctx, flags, parg, 1);
	return probe_arg_parse(ctx, 0, arg, parg);
}

static void test_prog_case(const struct tp_prog_case *tc)
{
	struct probe_parse_ctx ctx;
	struct probe_arg parg;
	struct tp_text t, e;
	int ret;

	ret = parse_one(tc->flags, tc->arg, &parg, &ctx);
	if (!check(!ret, "\"%s\" (flags %#x): expected \"%s\", got error %d %s "
		   "at %d", tc->arg, tc->flags, tc->prog, ret,
		   err_name(ctx.err.code), ctx.err.offset))
		goto out;
	check(str_eq(tp_dump(parg.code, &t), tc->prog),
	      "\"%s\" (flags %#x):\n   expected \"%s\"\n   got      \"%s\"",
	      tc->arg, tc->flags, tc->prog, t.buf);
	check(!fetch_prog_check(parg.code, fetch_prog_len(parg.code)),
	      "\"%s\": the verifier rejects \"%s\"", tc->arg, t.buf);
	if (tc->entry || ctx.entry_arg) {
		tp_dump(ctx.entry_arg ? ctx.entry_arg->code :
			&(struct fetch_insn){ .op = FETCH_OP_END }, &e);
		check(str_eq(e.buf, tc->entry ?: "END") && ctx.entry_arg &&
		      !fetch_entry_prog_check(ctx.entry_arg->code,
					      ctx.entry_arg->size),
		      "\"%s\": entry program: expected \"%s\", got \"%s\"",
		      tc->arg, tc->entry, e.buf);
	}
out:
	probe_arg_free(&parg);
	probe_entry_arg_free(ctx.entry_arg);
}

static void test_prog_cases(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tp_prog_cases); i++)
		test_prog_case(&tp_prog_cases[i]);
}

static void test_arg_err_cases(void)
{
	const struct tp_arg_err_case *tc;
	struct probe_parse_ctx ctx;
	struct probe_arg parg;
	char arg[128];
	const char *caret;
	size_t i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(tp_arg_err_cases); i++) {
		tc = &tp_arg_err_cases[i];
		caret = strchr(tc->arg, '^');
		snprintf(arg, sizeof(arg), "%.*s%s", (int)(caret - tc->arg),
			 tc->arg, caret + 1);
		ret = parse_one(tc->flags, arg, &parg, &ctx);
		check(ret < 0 && ctx.err.code == tc->err && ctx.err.index == 2 &&
		      ctx.err.offset == caret - tc->arg,
		      "\"%s\" (flags %#x): expected %s at %d, got %d %s at %d",
		      tc->arg, tc->flags, err_name(tc->err),
		      (int)(caret - tc->arg), ret, err_name(ctx.err.code),
		      ctx.err.offset);
		probe_arg_free(&parg);
		probe_entry_arg_free(ctx.entry_arg);
	}
}

static void test_cmd_case(const struct tp_cmd_case *tc,
			  const struct kprobe_env *env)
{
	struct probe_parse_err err;
	char progs[4096] = "";
	struct tp_probe tp;
	struct tp_words w;
	struct tp_text t;
	int i, ret;

	tp_split(tc->cmd, strlen(tc->cmd), &w);
	ret = tp_parse(env, &w, &tp, &err);
	if (check(!ret, "\"%s\": error %d %s", tc->cmd, ret,
		  err_name(err.code))) {
		for (i = 0; i < tp.nr_args; i++)
			snprintf(progs + strlen(progs),
				 sizeof(progs) - strlen(progs), "%s%s",
				 i ? " | " : "", tp_dump(tp.args[i].code, &t));
		check(!strcmp(progs, tc->progs),
		      "\"%s\":\n   expected \"%s\"\n   got      \"%s\"",
		      tc->cmd, tc->progs, progs);
		tp_dump(tp.ctx.entry_arg ? tp.ctx.entry_arg->code :
			&(struct fetch_insn){ .op = FETCH_OP_END }, &t);
		check(str_eq(tc->entry ?: "END", t.buf) &&
		      probe_entry_data_size(tp.ctx.entry_arg) == tc->entry_size,
		      "\"%s\": entry expected \"%s\" (%u bytes), got \"%s\" "
		      "(%u bytes)", tc->cmd, tc->entry, tc->entry_size, t.buf,
		      probe_entry_data_size(tp.ctx.entry_arg));
	}
	tp_probe_free(&tp);
	tp_words_free(&w);
}

static void test_cmd_cases(const struct tp_cmd_case *cases, size_t n,
			   const struct kprobe_env *env)
{
	size_t i;

	for (i = 0; i < n; i++)
		test_cmd_case(&cases[i], env);
}

static void test_head_case(const struct tp_head_case *tc)
{
	struct kprobe_head head;
	struct tp_words w;
	int ret;

	tp_split(tc->cmd, strlen(tc->cmd), &w);
	ret = kprobe_head_parse(w.argc, w.argv, &fake_env, &head);
	if (ret || tc->ret)
		check(ret == tc->ret && head.err.code == PROBE_ERR_NONE,
		      "\"%s\": expected %d, got %d %s", tc->cmd, tc->ret, ret,
		      err_name(head.err.code));
	else
		check(!strcmp(head.group, tc->group) &&
		      !strcmp(head.event, tc->event) &&
		      head.is_return == tc->is_return &&
		      head.maxactive == tc->maxactive &&
		      str_eq(head.symbol, tc->symbol) &&
		      head.offset == tc->offset && head.addr == tc->addr &&
		      head.flags == tc->flags,
		      "\"%s\": expected %s/%s ret=%d max=%u sym=%s+%ld addr=%#lx "
		      "flags=%#x, got %s/%s ret=%d max=%u sym=%s+%ld addr=%#lx "
		      "flags=%#x", tc->cmd, tc->group, tc->event, tc->is_return,
		      tc->maxactive, tc->symbol, tc->offset, tc->addr, tc->flags,
		      head.group, head.event, head.is_return, head.maxactive,
		      head.symbol, head.offset, head.addr, head.flags);
	kprobe_head_free(&head);
	tp_words_free(&w);
}

static void test_head_cases(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tp_head_cases); i++)
		test_head_case(&tp_head_cases[i]);
}

static void fmt_fields(const struct tp_probe *tp, char *buf, size_t len)
{
	struct probe_field_desc desc;
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < tp->nr_args; i++) {
		probe_arg_field_desc(&tp->args[i], tp->head.is_return ?
				     PROBE_PRINT_RETURN : PROBE_PRINT_NORMAL,
				     &desc);
		n += snprintf(buf + n, len - n, "%s%s %s %u %u %d;",
			      i ? " " : "", desc.name, desc.type, desc.offset,
			      desc.size, desc.is_signed);
	}
}

static void test_fmt_case(const struct tp_fmt_case *tc,
			  const struct kprobe_env *env)
{
	enum probe_print_type ptype;
	char fields[1024], listing[1024] = "";
	struct probe_parse_err err;
	struct tp_probe tp;
	struct tp_words w;
	char *fmt = NULL;
	int i, len;

	tp_split(tc->cmd, strlen(tc->cmd), &w);
	if (!check(!tp_parse(env, &w, &tp, &err), "\"%s\": %s", tc->cmd,
		   err_name(err.code)))
		goto out;
	ptype = tp.head.is_return ? PROBE_PRINT_RETURN : PROBE_PRINT_NORMAL;
	len = probe_print_fmt(NULL, 0, tp.args, tp.nr_args, ptype);
	fmt = malloc(len + 1);
	check(probe_print_fmt(fmt, len + 1, tp.args, tp.nr_args, ptype) == len &&
	      !strcmp(fmt, tc->print_fmt),
	      "\"%s\": print fmt\n   expected %s\n   got      %s", tc->cmd,
	      tc->print_fmt, fmt);
	fmt_fields(&tp, fields, sizeof(fields));
	check(!strcmp(fields, tc->fields),
	      "\"%s\": fields\n   expected %s\n   got      %s", tc->cmd,
	      tc->fields, fields);
	for (i = 0; i < tp.nr_args; i++) {
		len = strlen(listing);
		if (i)
			listing[len++] = ' ';
		probe_arg_format(listing + len, sizeof(listing) - len,
				 &tp.args[i]);
	}
	check(!strcmp(listing, tc->listing),
	      "\"%s\": listing\n   expected %s\n   got      %s", tc->cmd,
	      tc->listing, listing);
	check(probe_args_match(tp.args, tp.nr_args, 0, NULL) &&
	      (!tp.nr_args || !probe_args_match(tp.args, 0, 1, w.argv + 2)),
	      "\"%s\": probe_args_match() on an empty list", tc->cmd);
	test_args_match(&tp, listing);
out:
	free(fmt);
	tp_probe_free(&tp);
	tp_words_free(&w);
}

static void test_fmt_cases(const struct tp_fmt_case *cases, size_t n,
			   const struct kprobe_env *env)
{
	size_t i;

	for (i = 0; i < n; i++)
		test_fmt_case(&cases[i], env);
}

static bool tok_is(const struct probe_tok *t, const char *s)
{
	return s && t->len == strlen(s) && !memcmp(t->s, s, t->len);
}

static void test_delete_cases(void)
{
	const struct tp_delete_case *tc;
	struct probe_delete_cmd del;
	struct tp_words w;
	size_t i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(tp_delete_cases); i++) {
		tc = &tp_delete_cases[i];
		tp_split(tc->cmd, strlen(tc->cmd), &w);
		ret = probe_parse_delete(w.argc, w.argv, &del);
		check(ret == tc->ret && (ret ||
		      (del.has_group == !!tc->group &&
		       (!tc->group || tok_is(&del.group, tc->group)) &&
		       tok_is(&del.event, tc->event) && del.argc == tc->argc)),
		      "\"%s\": expected %d %s/%s argc %d, got %d %.*s/%.*s argc %d",
		      tc->cmd, tc->ret, tc->group, tc->event, tc->argc, ret,
		      del.group.len, del.group.s, del.event.len, del.event.s,
		      del.argc);
		tp_words_free(&w);
	}
}


#include "tests.c"

int main(void)
{
	test_err_cases(tp_err_cases, ARRAY_SIZE(tp_err_cases), &fake_env);
	test_err_cases(tp_btf_err_cases, ARRAY_SIZE(tp_btf_err_cases),
		       &fake_btf_env);
	test_err_coverage();
	test_prog_cases();
	test_arg_err_cases();
	test_cmd_cases(tp_cmd_cases, ARRAY_SIZE(tp_cmd_cases), &fake_env);
	test_cmd_cases(tp_btf_cases, ARRAY_SIZE(tp_btf_cases), &fake_btf_env);
	test_head_cases();
	test_fmt_cases(tp_fmt_cases, ARRAY_SIZE(tp_fmt_cases), &fake_env);
	test_fmt_cases(tp_btf_fmt_cases, ARRAY_SIZE(tp_btf_fmt_cases),
		       &fake_btf_env);
	test_delete_cases();
	run_extra_tests();
	registry_clear();
	check(!tp_warnings, "%d kernel warnings", tp_warnings);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
