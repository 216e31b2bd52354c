/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fake kernel world of the probe-parser tests, shared by the KUnit
 * suite (trace_probe_kunit.c), the host tests and the fuzzer
 * (tools/testing/trace_probe): the symbol table behind &struct kprobe_env,
 * the same kernel with a fake BTF (fake_btf_env, trace_probe_fake_btf.h),
 * a fake dyn_event list for the registration errors, argv_split() and a
 * string sink for fetch_prog_dump().  trace_probe_cases.h describes this
 * world; its expected answers hold only here.
 *
 * Include trace_probe_parse.h first.  The includer provides the kernel
 * API used below: the kernel headers in the kernel, the userspace shims of
 * tools/testing/trace_probe/trace_probe_internal.h on the host.
 */
#ifndef __TRACE_PROBE_FAKE_H
#define __TRACE_PROBE_FAKE_H

/**
 * struct tp_words - a command split into words, as argv_split() does
 * @buf: the copy of the command the words point into
 * @argc: number of words
 * @argv: the words, NULL-terminated
 */
struct tp_words {
	char		*buf;
	int		argc;
	const char	**argv;
};

static bool tp_isspace(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static void tp_words_free(struct tp_words *w)
{
	kfree(w->buf);
	kfree(w->argv);
	w->buf = NULL;
	w->argv = NULL;
	w->argc = 0;
}

/* Split the first @len bytes of @cmd at white space: 0 or -ENOMEM */
static int tp_split(const char *cmd, size_t len, struct tp_words *w)
{
	size_t i;
	char *p;

	w->argc = 0;
	w->buf = kmemdup_nul(cmd, len, GFP_KERNEL);
	w->argv = kcalloc(len / 2 + 2, sizeof(*w->argv), GFP_KERNEL);
	if (!w->buf || !w->argv) {
		tp_words_free(w);
		return -ENOMEM;
	}
	for (i = 0, p = w->buf; i < len && *p; i++, p++) {
		if (tp_isspace(*p))
			*p = '\0';
		else if (!i || !p[-1])
			w->argv[w->argc++] = p;
	}
	return 0;
}

/* How many functions of that name the fake kernel has */
static int fake_count_symbols(void *data, const char *mod, const char *sym)
{
	static const char * const missing[] = {
		"non_exist_func", "hoge", "no_such_fn", "",
	};
	size_t i;

	if (mod && strcmp(mod, "mymod"))
		return -ENODEV;
	if (!strcmp(sym, "name_show"))
		return 3;
	if (!strcmp(sym, "dup_sym"))
		return 2;
	for (i = 0; i < ARRAY_SIZE(missing); i++)
		if (!strcmp(sym, missing[i]))
			return 0;
	return 1;
}

static int fake_on_func_entry(void *data, const char *sym, unsigned long offs)
{
	if (!strncmp(sym, "notloaded:", 10))
		return -ENOENT;
	return offs ? -EINVAL : 0;
}

/* A fixed "hash" instead of %p, so that generated names are known */
static int fake_format_addr(void *data, char *buf, size_t len,
			    unsigned long addr)
{
	return snprintf(buf, len, "0x%016lx",
			(addr & 0xffffffffUL) ^ 0xdeadbeefUL);
}

static const struct kprobe_env fake_env = {
	.count_symbols = fake_count_symbols,
	.on_func_entry = fake_on_func_entry,
	.format_addr = fake_format_addr,
};

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

/* Room for the longest program dump and for the tables' longest texts */
#define TP_TEXT_MAX	512

/**
 * struct tp_text - a bounded string that print callbacks append to
 * @len: length so far
 * @buf: the text, truncated to TP_TEXT_MAX - 1 characters
 */
struct tp_text {
	size_t	len;
	char	buf[TP_TEXT_MAX];
};

static void tp_text_reset(struct tp_text *t)
{
	t->len = 0;
	t->buf[0] = '\0';
}

static __printf(2, 3) void tp_text_print(void *priv, const char *fmt, ...)
{
	struct tp_text *t = priv;
	va_list args;

	va_start(args, fmt);
	t->len += vsnprintf(t->buf + t->len, sizeof(t->buf) - t->len, fmt,
			    args);
	va_end(args);
	if (t->len >= sizeof(t->buf))
		t->len = sizeof(t->buf) - 1;
}

/* Append the dump of the first @len instructions of @prog to @t */
static const char *tp_dump_append(const struct fetch_insn *prog,
				  unsigned int len, struct tp_text *t)
{
	struct fetch_dump_cbs cbs = { .print = tp_text_print, .priv = t };

	fetch_prog_dump(prog, len, &cbs);
	return t->buf;
}

static const char *tp_dump_len(const struct fetch_insn *prog, unsigned int len,
			       struct tp_text *t)
{
	tp_text_reset(t);
	return tp_dump_append(prog, len, t);
}

/* @prog ends in END within FETCH_INSN_MAX (a parsed program) */
static const char *tp_dump(const struct fetch_insn *prog, struct tp_text *t)
{
	return tp_dump_len(prog, FETCH_INSN_MAX, t);
}

/* The entry program of a parse, "END" when there is none */
static const char *tp_dump_entry(const struct probe_entry_arg *earg,
				 struct tp_text *t)
{
	static const struct fetch_insn end = { .op = FETCH_OP_END };

	return tp_dump(earg ? earg->code : &end, t);
}

/**
 * struct tp_probe - a parsed command: its head, argument words, arguments
 *	and context
 * @head: the "p[:GRP/EVENT] PLACE" part
 * @ctx: the parse context, owns the entry program
 * @exp: the argument words as parsed; the command's words may point into
 *	it after a ":%pd" rewrite
 * @args: the arguments (owned), room for MAX_TRACE_ARGS
 * @nr_args: their number
 */
struct tp_probe {
	struct kprobe_head	head;
	struct probe_parse_ctx	ctx;
	struct probe_args_exp	exp;
	struct probe_arg	*args;
	int			nr_args;
};

static void tp_probe_free(struct tp_probe *tp)
{
	int i;

	for (i = 0; i < tp->nr_args; i++)
		probe_arg_free(&tp->args[i]);
	kfree(tp->args);
	probe_entry_arg_free(tp->ctx.entry_arg);
	probe_args_exp_free(&tp->exp);
	kprobe_head_free(&tp->head);
	memset(tp, 0, sizeof(*tp));
}

/*
 * kprobe_parse_command() on split words in the fake kernel @env (fake_env,
 * or fake_btf_env with BTF); @err gets whichever error is set.  The
 * ":%pd" rewrites may replace words of @w with words of @tp, as they
 * replace the kernel's argv: use @w only while @tp lives.
 */
static int tp_parse(const struct kprobe_env *env, struct tp_words *w,
		    struct tp_probe *tp, struct probe_parse_err *err)
{
	int ret;

	memset(tp, 0, sizeof(*tp));
	err->code = PROBE_ERR_NONE;
	tp->args = kcalloc(MAX_TRACE_ARGS, sizeof(*tp->args), GFP_KERNEL);
	if (!tp->args)
		return -ENOMEM;
	ret = kprobe_parse_command(w->argc, w->argv, env, &tp->head, &tp->ctx,
				   &tp->exp, tp->args);
	tp->nr_args = min(tp->exp.argc, MAX_TRACE_ARGS);
	*err = tp->head.err.code != PROBE_ERR_NONE ? tp->head.err :
						     tp->ctx.err;
	return ret;
}

/* --- A fake dyn_event list, for the registration errors ---------------- */

#define TP_MAX_EVENTS	8
static struct tp_probe tp_registry[TP_MAX_EVENTS];
static int tp_nr_registered;

static void tp_registry_clear(void)
{
	while (tp_nr_registered)
		tp_probe_free(&tp_registry[--tp_nr_registered]);
}

/* @tp as the parser's registration checks see it */
static struct kprobe_probe tp_kprobe_probe(const struct tp_probe *tp)
{
	return (struct kprobe_probe){
		.is_return = tp->head.is_return,
		.symbol = tp->head.symbol,
		.offset = tp->head.offset,
		.args = tp->args,
		.nr_args = tp->nr_args,
	};
}

/* The glue's order: same name -> append checks, else event, then kprobe */
static int tp_register(struct tp_probe *tp, struct probe_parse_err *err)
{
	struct kprobe_probe new = tp_kprobe_probe(tp);
	struct kprobe_probe old[TP_MAX_EVENTS];
	struct tp_probe *p;
	int n = 0;

	for (p = tp_registry; p < tp_registry + tp_nr_registered; p++) {
		if (strcmp(p->head.group, tp->head.group) ||
		    strcmp(p->head.event, tp->head.event))
			continue;
		old[n++] = tp_kprobe_probe(p);
	}
	if (n)
		return kprobe_append_check(&new, old, n, err);
	if (!strcmp(tp->head.group, "syscalls") &&
	    !strcmp(tp->head.event, "sys_enter_openat"))
		return kprobe_register_error(-EEXIST, true, err);
	return kprobe_register_error(fake_register(&tp->head), false, err);
}

/*
 * Parse and register split words like a write to kprobe_events in fake
 * kernel @env; a registered probe stays in the fake list until
 * tp_registry_clear().  @col gets the error_log caret column of a logged
 * error, or -1: it is measured before the probe is freed, as the words
 * may point into it.
 */
static int tp_run_command(const struct kprobe_env *env, struct tp_words *w,
			  struct probe_parse_err *err, int *col)
{
	struct tp_probe tp;
	int ret;

	ret = tp_parse(env, w, &tp, err);
	if (!ret)
		ret = tp_register(&tp, err);
	*col = err->code == PROBE_ERR_NONE ? -1 :
	       probe_err_column(w->argc, w->argv, err);
	if (ret || tp_nr_registered == TP_MAX_EVENTS)
		tp_probe_free(&tp);
	else
		tp_registry[tp_nr_registered++] = tp;
	return ret;
}

#include "trace_probe_fake_btf.h"

#endif /* __TRACE_PROBE_FAKE_H */
