/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How each row of trace_probe_cases.h is checked: the runners shared by the
 * KUnit suite (trace_probe_kunit.c) and the host tests
 * (tools/testing/trace_probe/main.c), so that both harnesses judge the
 * same rows the same way in the same fake world (trace_probe_fake.h).
 *
 * Include trace_probe_parse.h, trace_probe_fake.h and trace_probe_cases.h
 * first, and define the one hook the runners report through:
 *
 *	TP_EXPECT(test, cond, fmt, ...)
 *
 * It records one check of @cond for @test (a struct kunit, or NULL on the
 * host), with the printf-style message explaining a failure, and evaluates
 * to @cond.  Every runner takes the test and one row: tp_run_<table>_case()
 * checks a row of tp_<table>_cases[].  The rows of the tp_btf_* tables
 * are checked like those of the tables of the same type, with BTF
 * (tp_kprobe_btf).
 */
#ifndef __TRACE_PROBE_RUNNERS_H
#define __TRACE_PROBE_RUNNERS_H

#ifndef TP_EXPECT
#error "define TP_EXPECT(test, cond, fmt, ...) before including this file"
#endif

struct kunit;

#undef C
#define C(a, b)	#a
static const char * const tp_err_names[] = { ERRORS };
#undef C

static const char *tp_err_name(int code)
{
	if (code == PROBE_ERR_NONE)
		return "(none)";
	return code >= 0 && code < TP_ERR_MAX ? tp_err_names[code] : "(bad id)";
}

static bool tp_str_eq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/* An allocation of the harness failed: that is a failed check */
static void tp_oom(struct kunit *test, const char *what)
{
	TP_EXPECT(test, false, "\"%s\": out of memory", what);
}

/* Split @cmd into @w; false (a failed check) when out of memory */
static bool tp_split_expect(struct kunit *test, const char *cmd,
			    struct tp_words *w)
{
	if (!tp_split(cmd, strlen(cmd), w))
		return true;
	tp_oom(test, cmd);
	return false;
}

/*
 * Split and parse @cmd with front end @fe, which must succeed.  On
 * success the caller frees @tp, then @w; on failure (a failed check)
 * nothing is left to free.
 */
static bool tp_parse_expect(struct kunit *test, const struct tp_frontend *fe,
			    const char *cmd, struct tp_words *w,
			    struct tp_probe *tp)
{
	struct probe_parse_err err;
	int ret;

	if (!tp_split_expect(test, cmd, w))
		return false;
	ret = tp_parse(fe, w, tp, &err);
	if (TP_EXPECT(test, !ret, "\"%s\": error %d %s", cmd, ret,
		      tp_err_name(err.code)))
		return true;
	tp_probe_free(tp);
	tp_words_free(w);
	return false;
}

/* Check an error row with front end @fe, after its setup command if any */
static void tp_check_err_row(struct kunit *test,
			     const struct tp_frontend *fe,
			     const struct tp_err_case *tc)
{
	const char *caret = strchr(tc->cmd, '^');
	struct probe_parse_err err;
	struct tp_words w;
	struct tp_text cmd;
	int col, ret;

	tp_registry_clear();
	if (tc->setup) {
		if (!tp_split_expect(test, tc->setup, &w))
			return;
		ret = tp_run_command(fe, &w, &err, &col);
		tp_words_free(&w);
		if (!TP_EXPECT(test, !ret, "setup \"%s\" failed: %d %s",
			       tc->setup, ret, tp_err_name(err.code)))
			goto out;
	}
	tp_text_reset(&cmd);
	tp_text_print(&cmd, "%.*s%s", (int)(caret - tc->cmd), tc->cmd,
		      caret + 1);
	if (!tp_split_expect(test, cmd.buf, &w))
		goto out;
	ret = tp_run_command(fe, &w, &err, &col);
	TP_EXPECT(test, ret < 0 && err.code == tc->err && col == caret - tc->cmd,
		  "\"%s\": expected %s at column %d, got %d %s at column %d (word %d offset %d)",
		  tc->cmd, tp_err_name(tc->err), (int)(caret - tc->cmd), ret,
		  tp_err_name(err.code), col, err.index, err.offset);
	TP_EXPECT(test, tc->detail ? err.detail && !strcmp(err.detail, tc->detail) :
		  !err.detail, "\"%s\": expected the detail \"%s\", got \"%s\"",
		  tc->cmd, tc->detail ?: "(none)", err.detail ?: "(none)");
	tp_words_free(&w);
out:
	tp_registry_clear();
}

static void tp_run_err_case(struct kunit *test, const struct tp_err_case *tc)
{
	tp_check_err_row(test, &tp_kprobe, tc);
}

static void tp_run_btf_err_case(struct kunit *test,
				const struct tp_err_case *tc)
{
	tp_check_err_row(test, &tp_kprobe_btf, tc);
}

static void tp_run_grammar_err_case(struct kunit *test,
				    const struct tp_err_case *tc)
{
	tp_check_err_row(test, &tp_kprobe_btf, tc);
}

static void tp_run_eprobe_grammar_err_case(struct kunit *test,
					   const struct tp_err_case *tc)
{
	tp_check_err_row(test, &tp_eprobe_btf, tc);
}

static void tp_run_uprobe_err_case(struct kunit *test,
				   const struct tp_err_case *tc)
{
	tp_check_err_row(test, &tp_uprobe, tc);
}

static void tp_run_eprobe_err_case(struct kunit *test,
				   const struct tp_err_case *tc)
{
	tp_check_err_row(test, &tp_eprobe, tc);
}

static void tp_run_fprobe_err_case(struct kunit *test,
				   const struct tp_err_case *tc)
{
	tp_check_err_row(test, &tp_fprobe, tc);
}

static void tp_run_fprobe_btf_err_case(struct kunit *test,
				       const struct tp_err_case *tc)
{
	tp_check_err_row(test, &tp_fprobe_btf, tc);
}

/* Each of the @n error ids in @ids has a row in @cases */
static void tp_check_err_ids(struct kunit *test, const char *what,
			     const int *ids, size_t n,
			     const struct tp_err_case *cases, size_t ncases)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < ncases; j++)
			if (cases[j].err == ids[i])
				break;
		TP_EXPECT(test, j < ncases, "no %s error row for %s", what,
			  tp_err_name(ids[i]));
	}
}

/*
 * Every id reachable from a kprobe without BTF has a row in tp_err_cases[],
 * every one that only BTF reaches a row in tp_btf_err_cases[]
 */
static void tp_check_err_coverage(struct kunit *test)
{
	static const int kprobe_ids[] = {
		6, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 24, 25,
		26, 27, 28, 29, 30, 31, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43,
		44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 63,
		67, 68, 77, 78,
	};
	static const int uprobe_ids[] = {
		TP_ERR_FILE_NOT_FOUND, TP_ERR_NO_REGULAR_FILE, TP_ERR_BAD_REFCNT,
		TP_ERR_REFCNT_OPEN_BRACE, TP_ERR_BAD_REFCNT_SUFFIX,
		TP_ERR_BAD_UPROBE_OFFS, TP_ERR_BAD_ADDR_SUFFIX,
		TP_ERR_BAD_FILE_OFFS, TP_ERR_SYM_ON_UPROBE,
		TP_ERR_NO_GROUP_NAME, TP_ERR_BAD_GROUP_NAME,
		TP_ERR_NO_EVENT_NAME, TP_ERR_EVENT_TOO_LONG,
		TP_ERR_BAD_EVENT_NAME, TP_ERR_EVENT_EXIST,
		TP_ERR_DIFF_PROBE_TYPE, TP_ERR_DIFF_ARG_TYPE, TP_ERR_SAME_PROBE,
		TP_ERR_NOSUP_PERCPU,
	};
	static const int eprobe_ids[] = {
		TP_ERR_NO_EVENT_INFO, TP_ERR_BAD_ATTACH_EVENT,
		TP_ERR_NO_EP_FILTER, TP_ERR_NO_GROUP_NAME,
		TP_ERR_GROUP_TOO_LONG, TP_ERR_BAD_GROUP_NAME,
		TP_ERR_NO_EVENT_NAME, TP_ERR_EVENT_TOO_LONG,
		TP_ERR_BAD_EVENT_NAME, TP_ERR_EVENT_EXIST, TP_ERR_NO_EVENT_FIELD,
	};
	static const int fprobe_ids[] = {
		TP_ERR_BAD_MAXACT_TYPE, TP_ERR_BAD_MAXACT, TP_ERR_MAXACT_TOO_BIG,
		TP_ERR_BAD_PROBE_ADDR, TP_ERR_BAD_TP_NAME,
		TP_ERR_BAD_ADDR_SUFFIX, TP_ERR_RETVAL_ON_PROBE,
		TP_ERR_NO_GROUP_NAME, TP_ERR_GROUP_TOO_LONG,
		TP_ERR_BAD_GROUP_NAME, TP_ERR_NO_EVENT_NAME,
		TP_ERR_EVENT_TOO_LONG, TP_ERR_BAD_EVENT_NAME,
		TP_ERR_EVENT_EXIST, TP_ERR_DIFF_PROBE_TYPE,
		TP_ERR_DIFF_ARG_TYPE, TP_ERR_SAME_PROBE,
		TP_ERR_BAD_FUNC_PATTERN, TP_ERR_NO_FUNC_INCLUDED,
		TP_ERR_NO_FUNC_MATCH, TP_ERR_TOO_MANY_FUNCS,
		TP_ERR_SUFFIX_AND_RETURN,
	};
	static const int btf_ids[] = {
		TP_ERR_NO_RETVAL, TP_ERR_NOSUP_BTFARG, TP_ERR_NO_BTFARG,
		TP_ERR_NO_BTF_ENTRY, TP_ERR_NOFENTRY_ARGS, TP_ERR_DOUBLE_ARGS,
		TP_ERR_ARGS_2LONG, TP_ERR_NO_PTR_STRCT, TP_ERR_NOSUP_DAT_ARG,
		TP_ERR_BAD_HYPHEN, TP_ERR_NO_BTF_FIELD, TP_ERR_BAD_BTF_TID,
		TP_ERR_BAD_TYPE4STR,
	};
	static const int grammar_ids[] = {
		TP_ERR_TOO_MANY_NESTED, TP_ERR_TYPECAST_REQ_FIELD,
		TP_ERR_TYPECAST_SYM_OFFSET, TP_ERR_TYPECAST_NOT_ALIGNED,
		TP_ERR_TYPECAST_BAD_ARROW,
	};
	static const int fprobe_btf_ids[] = { TP_ERR_BTFARG_DIFFERS };

	/* 6.12.117's 79, then kprobetrace's own, then 7.3's */
	TP_EXPECT(test, TP_ERR_MAX == 93 && TP_ERR_BTFARG_DIFFERS == 84 &&
		  TP_ERR_BAD_MAXACT_TYPE == 6 && TP_ERR_NEED_STRING_TYPE == 77 &&
		  TP_ERR_EVENT_TOO_BIG == 78,
		  "error catalogue is not the 6.12.117 one");
	tp_check_err_ids(test, "kprobe", kprobe_ids, ARRAY_SIZE(kprobe_ids),
			 tp_err_cases, ARRAY_SIZE(tp_err_cases));
	tp_check_err_ids(test, "BTF", btf_ids, ARRAY_SIZE(btf_ids),
			 tp_btf_err_cases, ARRAY_SIZE(tp_btf_err_cases));
	tp_check_err_ids(test, "7.3 grammar", grammar_ids,
			 ARRAY_SIZE(grammar_ids), tp_grammar_err_cases,
			 ARRAY_SIZE(tp_grammar_err_cases));
	tp_check_err_ids(test, "uprobe", uprobe_ids, ARRAY_SIZE(uprobe_ids),
			 tp_uprobe_err_cases, ARRAY_SIZE(tp_uprobe_err_cases));
	tp_check_err_ids(test, "eprobe", eprobe_ids, ARRAY_SIZE(eprobe_ids),
			 tp_eprobe_err_cases, ARRAY_SIZE(tp_eprobe_err_cases));
	tp_check_err_ids(test, "fprobe", fprobe_ids, ARRAY_SIZE(fprobe_ids),
			 tp_fprobe_err_cases, ARRAY_SIZE(tp_fprobe_err_cases));
	tp_check_err_ids(test, "fprobe BTF", fprobe_btf_ids,
			 ARRAY_SIZE(fprobe_btf_ids), tp_fprobe_btf_err_cases,
			 ARRAY_SIZE(tp_fprobe_btf_err_cases));
}

/* Parse one argument as argument 0 of a probe of kind @flags */
static int tp_parse_one(unsigned int flags, const char *arg,
			struct probe_arg *parg, struct probe_parse_ctx *ctx)
{
	probe_parse_ctx_init(ctx, flags, parg, 1);
	return probe_arg_parse(ctx, 0, arg, parg);
}

static void tp_check_entry_prog(struct kunit *test, const char *what,
				const struct probe_parse_ctx *ctx,
				const char *entry)
{
	struct tp_text t;

	tp_dump_entry(ctx->entry_arg, &t);
	TP_EXPECT(test, tp_str_eq(t.buf, entry ?: "END") && ctx->entry_arg &&
		  !fetch_entry_prog_check(ctx->entry_arg->code,
					  ctx->entry_arg->size),
		  "\"%s\": entry program: expected \"%s\", got \"%s\"", what,
		  entry, t.buf);
}

/* Check an argument of tp_prog_cases[]: its program and entry program */
static void tp_run_prog_case(struct kunit *test, const struct tp_prog_case *tc)
{
	struct probe_parse_ctx ctx;
	struct probe_arg parg;
	struct tp_text t;
	int ret;

	ret = tp_parse_one(tc->flags, tc->arg, &parg, &ctx);
	if (!TP_EXPECT(test, !ret,
		       "\"%s\" (flags %#x): expected \"%s\", got error %d %s at %d",
		       tc->arg, tc->flags, tc->prog, ret,
		       tp_err_name(ctx.err.code), ctx.err.offset))
		goto out;
	TP_EXPECT(test, tp_str_eq(tp_dump(parg.code, &t), tc->prog),
		  "\"%s\" (flags %#x):\n   expected \"%s\"\n   got      \"%s\"",
		  tc->arg, tc->flags, tc->prog, t.buf);
	TP_EXPECT(test, !fetch_prog_check(parg.code, fetch_prog_len(parg.code)),
		  "\"%s\": the verifier rejects \"%s\"", tc->arg, t.buf);
	if (tc->entry || ctx.entry_arg)
		tp_check_entry_prog(test, tc->arg, &ctx, tc->entry);
out:
	probe_arg_free(&parg);
	probe_entry_arg_free(ctx.entry_arg);
}

/* Check an argument of tp_arg_err_cases[]: error id and caret */
static void tp_run_arg_err_case(struct kunit *test,
				const struct tp_arg_err_case *tc)
{
	const char *caret = strchr(tc->arg, '^');
	struct probe_parse_ctx ctx;
	struct probe_arg parg;
	struct tp_text arg;
	int ret;

	tp_text_reset(&arg);
	tp_text_print(&arg, "%.*s%s", (int)(caret - tc->arg), tc->arg,
		      caret + 1);
	ret = tp_parse_one(tc->flags, arg.buf, &parg, &ctx);
	TP_EXPECT(test, ret < 0 && ctx.err.code == tc->err &&
		  ctx.err.index == 2 && ctx.err.offset == caret - tc->arg,
		  "\"%s\" (flags %#x): expected %s at %d, got %d %s at %d",
		  tc->arg, tc->flags, tp_err_name(tc->err),
		  (int)(caret - tc->arg), ret, tp_err_name(ctx.err.code),
		  ctx.err.offset);
	probe_arg_free(&parg);
	probe_entry_arg_free(ctx.entry_arg);
}

/* @t gets the @add text of each argument of @tp, separated by @sep */
static const char *tp_join_args(const struct tp_probe *tp, const char *sep,
				void (*add)(const struct tp_probe *tp, int i,
					    struct tp_text *t),
				struct tp_text *t)
{
	int i;

	tp_text_reset(t);
	for (i = 0; i < tp->nr_args; i++) {
		if (i)
			tp_text_print(t, "%s", sep);
		add(tp, i, t);
	}
	return t->buf;
}

/* The program of argument @i */
static void tp_add_prog(const struct tp_probe *tp, int i, struct tp_text *t)
{
	tp_dump_append(tp->args[i].code, FETCH_INSN_MAX, t);
}

/* Check a command row with front end @fe: every program, the entry data */
static void tp_check_cmd_row(struct kunit *test,
			     const struct tp_frontend *fe,
			     const struct tp_cmd_case *tc)
{
	struct tp_probe tp;
	struct tp_words w;
	struct tp_text t;
	unsigned int size;

	if (!tp_parse_expect(test, fe, tc->cmd, &w, &tp))
		return;
	TP_EXPECT(test, !strcmp(tp_join_args(&tp, " | ", tp_add_prog, &t), tc->progs),
		  "\"%s\":\n   expected \"%s\"\n   got      \"%s\"", tc->cmd,
		  tc->progs, t.buf);
	tp_dump_entry(tp.cmd.ctx.entry_arg, &t);
	size = probe_entry_data_size(tp.cmd.ctx.entry_arg);
	TP_EXPECT(test, tp_str_eq(tc->entry ?: "END", t.buf) &&
		  size == tc->entry_size,
		  "\"%s\": entry expected \"%s\" (%u bytes), got \"%s\" (%u bytes)",
		  tc->cmd, tc->entry, tc->entry_size, t.buf, size);
	tp_probe_free(&tp);
	tp_words_free(&w);
}

static void tp_run_cmd_case(struct kunit *test, const struct tp_cmd_case *tc)
{
	tp_check_cmd_row(test, &tp_kprobe, tc);
}

static void tp_run_btf_case(struct kunit *test, const struct tp_cmd_case *tc)
{
	tp_check_cmd_row(test, &tp_kprobe_btf, tc);
}

static void tp_run_grammar_case(struct kunit *test,
				const struct tp_cmd_case *tc)
{
	tp_check_cmd_row(test, &tp_kprobe_btf, tc);
}

static void tp_run_eprobe_grammar_case(struct kunit *test,
				       const struct tp_cmd_case *tc)
{
	tp_check_cmd_row(test, &tp_eprobe_btf, tc);
}

static void tp_head_done(struct probe_cmd *cmd, struct tp_words *w)
{
	probe_cmd_release(cmd);
	tp_words_free(w);
}

/*
 * Parse the head of @text with front end @fe into @cmd (its words in @w)
 * for a head row expecting @expect.  A failure, expected or not, is judged
 * here; the head is returned only when the row's fields remain to be
 * compared, and then the caller finishes with tp_head_done().
 */
static struct probe_head *tp_head_parse(struct kunit *test,
					const struct tp_frontend *fe,
					const char *text, int expect,
					struct probe_cmd *cmd, struct tp_words *w)
{
	int ret;

	if (!tp_split_expect(test, text, w))
		return NULL;
	probe_cmd_init(cmd, fe->ops, fe->env, w->argc, w->argv);
	ret = cmd->ops->parse_head(cmd);
	if (!ret && !expect)
		return cmd->head;
	TP_EXPECT(test, ret == expect && cmd->err.code == PROBE_ERR_NONE,
		  "\"%s\": expected %d, got %d %s", text, expect, ret,
		  tp_err_name(cmd->err.code));
	tp_head_done(cmd, w);
	return NULL;
}

static bool tp_head_matches(const struct trace_kprobe_head *kh,
			    const struct tp_head_case *tc)
{
	return !strcmp(kh->common.group, tc->group) &&
	       !strcmp(kh->common.event, tc->event) &&
	       kh->is_return == tc->is_return &&
	       kh->maxactive == tc->maxactive &&
	       tp_str_eq(kh->symbol, tc->symbol) &&
	       kh->offset == tc->offset && kh->addr == tc->addr &&
	       kh->common.flags == tc->flags;
}

/* Check a command of tp_head_cases[]: what its head parses to */
static void tp_run_head_case(struct kunit *test, const struct tp_head_case *tc)
{
	const struct trace_kprobe_head *kh;
	struct probe_head *head;
	struct probe_cmd cmd;
	struct tp_words w;

	head = tp_head_parse(test, &tp_kprobe, tc->cmd, tc->ret, &cmd, &w);
	if (!head)
		return;
	kh = container_of(head, struct trace_kprobe_head, common);
	TP_EXPECT(test, tp_head_matches(kh, tc),
		  "\"%s\": expected %s/%s ret=%d max=%u sym=%s+%ld addr=%#lx flags=%#x, got %s/%s ret=%d max=%u sym=%s+%ld addr=%#lx flags=%#x",
		  tc->cmd, tc->group, tc->event, tc->is_return,
		  tc->maxactive, tc->symbol, tc->offset, tc->addr,
		  tc->flags, kh->common.group, kh->common.event,
		  kh->is_return, kh->maxactive, kh->symbol, kh->offset,
		  kh->addr, kh->common.flags);
	tp_head_done(&cmd, &w);
}

/* The listing words match the probe; any change to one does not */
static void tp_check_args_match(struct kunit *test, const struct tp_probe *tp,
				const char *listing)
{
	struct tp_words w;
	char *last;

	if (!tp_split_expect(test, listing, &w))
		return;
	TP_EXPECT(test, probe_args_match(tp->args, tp->nr_args, w.argc, w.argv),
		  "listing \"%s\" does not match its probe", listing);
	if (w.argc) {
		last = (char *)w.argv[w.argc - 1];
		last[strlen(last) - 1] ^= 1;
		TP_EXPECT(test,
			  !probe_args_match(tp->args, tp->nr_args, w.argc, w.argv),
			  "changed listing \"%s\" still matches", listing);
	}
	tp_words_free(&w);
}

/* Argument @i as a field: "name type offset size signed;" */
static void tp_add_field(const struct tp_probe *tp, int i, struct tp_text *t)
{
	struct probe_field_desc desc;

	probe_arg_field_desc(&tp->args[i], tp->cmd.head->ptype, &desc);
	tp_text_print(t, "%s %s %u %u %d;", desc.name, desc.type, desc.offset,
		      desc.size, desc.is_signed);
}

/* Argument @i as kprobe_events lists it (trace_probe_show_args()) */
static void tp_add_listing(const struct tp_probe *tp, int i,
			   struct tp_text *t)
{
	tp_text_print(t, "%s=%s", tp->args[i].name, tp->args[i].comm);
}

/* Check the print fmt of the event @tp defines against @expect */
static void tp_check_print_fmt(struct kunit *test, const struct tp_probe *tp,
			       const char *cmd, const char *expect)
{
	enum probe_print_type ptype = tp->cmd.head->ptype;
	char *fmt;
	int len;

	len = probe_print_fmt(NULL, 0, tp->args, tp->nr_args, ptype);
	fmt = kmalloc(len + 1, GFP_KERNEL);
	if (!fmt) {
		tp_oom(test, cmd);
		return;
	}
	TP_EXPECT(test, probe_print_fmt(fmt, len + 1, tp->args, tp->nr_args,
					ptype) == len && !strcmp(fmt, expect),
		  "\"%s\": print fmt\n   expected %s\n   got      %s", cmd,
		  expect, fmt);
	kfree(fmt);
	if (!tp->nr_args)
		TP_EXPECT(test, !strcmp(probe_print_fmt_noargs(ptype), expect),
			  "\"%s\": shared print fmt\n   expected %s\n   got      %s",
			  cmd, expect, probe_print_fmt_noargs(ptype));
}

/* Check a format row with front end @fe: print fmt, fields and listing */
static void tp_check_fmt_row(struct kunit *test,
			     const struct tp_frontend *fe,
			     const struct tp_fmt_case *tc)
{
	struct tp_probe tp;
	struct tp_words w;
	struct tp_text t;

	if (!tp_parse_expect(test, fe, tc->cmd, &w, &tp))
		return;
	tp_check_print_fmt(test, &tp, tc->cmd, tc->print_fmt);
	TP_EXPECT(test, !strcmp(tp_join_args(&tp, " ", tp_add_field, &t), tc->fields),
		  "\"%s\": fields\n   expected %s\n   got      %s", tc->cmd,
		  tc->fields, t.buf);
	TP_EXPECT(test, !strcmp(tp_join_args(&tp, " ", tp_add_listing, &t), tc->listing),
		  "\"%s\": listing\n   expected %s\n   got      %s", tc->cmd,
		  tc->listing, t.buf);
	TP_EXPECT(test, probe_args_match(tp.args, tp.nr_args, 0, NULL) &&
		  (!tp.nr_args || !probe_args_match(tp.args, 0, 1, w.argv + 2)),
		  "\"%s\": probe_args_match() on an empty list", tc->cmd);
	tp_check_args_match(test, &tp, t.buf);
	tp_probe_free(&tp);
	tp_words_free(&w);
}

static void tp_run_fmt_case(struct kunit *test, const struct tp_fmt_case *tc)
{
	tp_check_fmt_row(test, &tp_kprobe, tc);
}

static void tp_run_btf_fmt_case(struct kunit *test,
				const struct tp_fmt_case *tc)
{
	tp_check_fmt_row(test, &tp_kprobe_btf, tc);
}

static void tp_run_uprobe_fmt_case(struct kunit *test,
				   const struct tp_fmt_case *tc)
{
	tp_check_fmt_row(test, &tp_uprobe, tc);
}

static void tp_run_eprobe_fmt_case(struct kunit *test,
				   const struct tp_fmt_case *tc)
{
	tp_check_fmt_row(test, &tp_eprobe, tc);
}

static void tp_run_fprobe_fmt_case(struct kunit *test,
				   const struct tp_fmt_case *tc)
{
	tp_check_fmt_row(test, &tp_fprobe, tc);
}

static void tp_run_fprobe_btf_fmt_case(struct kunit *test,
				       const struct tp_fmt_case *tc)
{
	tp_check_fmt_row(test, &tp_fprobe_btf, tc);
}

/* An "f" probe's pattern as &tp_fprobe_head_case.items writes it */
static void tp_fprobe_print_items(struct tp_text *text,
				  const struct fprobe_pattern *pat)
{
	const struct fprobe_pattern_item *item;
	unsigned int i;

	tp_text_reset(text);
	if (!pat)
		return;
	for (i = 0; i < pat->nr_items; i++) {
		item = &pat->items[i];
		tp_text_print(text, "%s%s%s%s%s", i ? " " : "",
			      pat->legacy ? "=" : item->exclude ? "-" : "+",
			      item->mod ?: "", item->mod ? ":" : "",
			      item->glob);
	}
}

/* Whether every item of a copied pattern points into the copy */
static bool tp_fprobe_pattern_is_own(const struct fprobe_pattern *pat)
{
	const char *start = (const char *)pat, *end = start + (pat ? pat->size : 0);
	unsigned int i;

	for (i = 0; pat && i < pat->nr_items; i++) {
		if (pat->items[i].glob < start || pat->items[i].glob >= end)
			return false;
		if (pat->items[i].mod &&
		    (pat->items[i].mod < start || pat->items[i].mod >= end))
			return false;
	}
	return true;
}

static bool tp_fprobe_head_matches(const struct trace_fprobe_head *fh,
				   const struct tp_fprobe_head_case *tc)
{
	unsigned int flags = TPARG_FL_KERNEL | TPARG_FL_FPROBE |
			     (tc->is_return ? TPARG_FL_RETURN : TPARG_FL_FENTRY) |
			     (tc->is_tracepoint ? TPARG_FL_TPOINT : 0);
	struct tp_text event, items, expected;
	struct fprobe_pattern *copy;
	bool own;

	tp_text_reset(&event);
	tp_text_print(&event, "%s/%s", fh->common.group, fh->common.event);
	/* what the probe has: a copy, on its own text */
	copy = fh->pattern ? fprobe_pattern_dup(fh->pattern) : NULL;
	tp_fprobe_print_items(&items, copy);
	own = tp_fprobe_pattern_is_own(copy);
	kfree(copy);
	tp_text_reset(&expected);
	tp_text_print(&expected, "=%s", tc->symbol);
	return own && !strcmp(event.buf, tc->event) &&
	       fh->is_return == tc->is_return &&
	       fh->is_tracepoint == tc->is_tracepoint &&
	       fh->maxactive == tc->maxactive &&
	       !strcmp(fh->symbol, tc->symbol) &&
	       tp_str_eq(fh->common.funcname, tc->funcname) &&
	       (tc->is_tracepoint ? !fh->pattern :
				    !strcmp(items.buf, tc->items ?: expected.buf)) &&
	       fh->common.flags == flags &&
	       fh->common.kind == ((tc->is_return ? FPROBE_KIND_RETURN : 0) |
				   (tc->is_tracepoint ?
				    FPROBE_KIND_TRACEPOINT : 0));
}

/* Check a command of tp_fprobe_head_cases[]: what its head parses to */
static void tp_run_fprobe_head_case(struct kunit *test,
				    const struct tp_fprobe_head_case *tc)
{
	const struct trace_fprobe_head *fh;
	struct probe_head *head;
	struct probe_cmd cmd;
	struct tp_words w;

	head = tp_head_parse(test, &tp_fprobe, tc->cmd, tc->ret, &cmd, &w);
	if (!head)
		return;
	fh = container_of(head, struct trace_fprobe_head, common);
	TP_EXPECT(test, tp_fprobe_head_matches(fh, tc),
		  "\"%s\": expected %s ret=%d tp=%d max=%u %s (BTF %s), got %s/%s ret=%d tp=%d max=%u %s (BTF %s) flags=%#x",
		  tc->cmd, tc->event, tc->is_return, tc->is_tracepoint,
		  tc->maxactive, tc->symbol, tc->funcname,
		  fh->common.group, fh->common.event, fh->is_return,
		  fh->is_tracepoint, fh->maxactive, fh->symbol,
		  fh->common.funcname, fh->common.flags);
	tp_head_done(&cmd, &w);
}

static bool tp_eprobe_head_matches(const struct trace_eprobe_head *eh,
				   const struct tp_eprobe_head_case *tc)
{
	struct tp_text event, attached;

	tp_text_reset(&event);
	tp_text_print(&event, "%s/%s", eh->common.group, eh->common.event);
	tp_text_reset(&attached);
	tp_text_print(&attached, "%s/%s", eh->system, eh->event_name);
	return !strcmp(event.buf, tc->event) &&
	       !strcmp(attached.buf, tc->attached) && eh->event &&
	       eh->common.nr_words == tc->nr_words &&
	       tp_str_eq(eh->filter, tc->filter) &&
	       eh->common.flags == (TPARG_FL_KERNEL | TPARG_FL_TEVENT) &&
	       eh->common.ptype == PROBE_PRINT_EVENT &&
	       eh->common.field_data == eh->event;
}

/* Check a command of tp_eprobe_head_cases[]: what its head parses to */
static void tp_run_eprobe_head_case(struct kunit *test,
				    const struct tp_eprobe_head_case *tc)
{
	const struct trace_eprobe_head *eh;
	struct probe_head *head;
	struct probe_cmd cmd;
	struct tp_words w;

	head = tp_head_parse(test, &tp_eprobe, tc->cmd, tc->ret, &cmd, &w);
	if (!head)
		return;
	eh = container_of(head, struct trace_eprobe_head, common);
	TP_EXPECT(test, tp_eprobe_head_matches(eh, tc),
		  "\"%s\": expected %s on %s, %d words, filter %s, got %s/%s on %s/%s, %d words, filter %s",
		  tc->cmd, tc->event, tc->attached, tc->nr_words,
		  tc->filter, eh->common.group, eh->common.event,
		  eh->system, eh->event_name, eh->common.nr_words,
		  eh->filter);
	tp_head_done(&cmd, &w);
}

static bool tp_uprobe_head_matches(const struct trace_uprobe_head *uh,
				   const struct tp_uprobe_head_case *tc)
{
	struct tp_text event;

	tp_text_reset(&event);
	tp_text_print(&event, "%s/%s", uh->common.group, uh->common.event);
	return !strcmp(event.buf, tc->event) &&
	       uh->is_return == tc->is_return &&
	       uh->common.kind == tc->is_return &&
	       uh->common.ptype == (tc->is_return ? PROBE_PRINT_RETURN :
						     PROBE_PRINT_NORMAL) &&
	       uh->common.flags == (TPARG_FL_USER |
				    (tc->is_return ? TPARG_FL_RETURN : 0)) &&
	       !strcmp(uh->path, tc->path) && uh->file &&
	       uh->offset == tc->offset && uh->ref_ctr_offset == tc->ref_ctr;
}

/* Check a command of tp_uprobe_head_cases[]: what its head parses to */
static void tp_run_uprobe_head_case(struct kunit *test,
				    const struct tp_uprobe_head_case *tc)
{
	const struct trace_uprobe_head *uh;
	struct probe_head *head;
	struct probe_cmd cmd;
	struct tp_words w;

	head = tp_head_parse(test, &tp_uprobe, tc->cmd, tc->ret, &cmd, &w);
	if (!head)
		return;
	uh = container_of(head, struct trace_uprobe_head, common);
	TP_EXPECT(test, tp_uprobe_head_matches(uh, tc),
		  "\"%s\": expected %s ret=%d %s:%#lx(%#lx), got %s/%s ret=%d %s:%#lx(%#lx) flags=%#x",
		  tc->cmd, tc->event, tc->is_return, tc->path,
		  tc->offset, tc->ref_ctr, uh->common.group,
		  uh->common.event, uh->is_return, uh->path,
		  uh->offset, uh->ref_ctr_offset, uh->common.flags);
	tp_head_done(&cmd, &w);
}

#endif /* __TRACE_PROBE_RUNNERS_H */
