/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fake kernel shared by the host tests and the fuzzer: the pure parser
 * files, a symbol table behind struct kprobe_env, argv_split() and a
 * string sink for fetch_prog_dump().
 */
#ifndef __TP_FAKE_KERNEL_H
#define __TP_FAKE_KERNEL_H

#include "trace_probe_internal.h"
#include "../../../kernel/trace/trace_probe_insn.c"
#include "../../../kernel/trace/trace_probe_parse.c"

int tp_warnings;
long tp_alloc_fail_countdown;

#define TP_MAX_WORDS	1024

/* argv_split(): words separated by isspace() characters */
struct tp_words {
	char		*buf;
	int		argc;
	const char	*argv[TP_MAX_WORDS];
};

static int tp_isspace(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static void tp_split(const char *cmd, size_t len, struct tp_words *w)
{
	char *p;

	w->buf = malloc(len + 1);
	memcpy(w->buf, cmd, len);
	w->buf[len] = '\0';
	w->argc = 0;
	for (p = w->buf; *p;) {
		while (tp_isspace(*p))
			*p++ = '\0';
		if (!*p)
			break;
		if (w->argc < TP_MAX_WORDS)
			w->argv[w->argc++] = p;
		while (*p && !tp_isspace(*p))
			p++;
	}
}

static void tp_words_free(struct tp_words *w)
{
	free(w->buf);
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

/* A growing string for fetch_prog_dump() */
struct tp_text {
	char	buf[2048];
	size_t	len;
};

static __printf(2, 3) void tp_text_print(void *priv, const char *fmt, ...)
{
	struct tp_text *t = priv;
	va_list args;

	va_start(args, fmt);
	t->len += vsnprintf(t->buf + t->len, t->len < sizeof(t->buf) ?
			    sizeof(t->buf) - t->len : 0, fmt, args);
	va_end(args);
	if (t->len >= sizeof(t->buf))
		t->len = sizeof(t->buf) - 1;
}

static const char *tp_dump_len(const struct fetch_insn *prog, unsigned int len,
			       struct tp_text *t)
{
	struct fetch_dump_cbs cbs = { .print = tp_text_print, .priv = t };

	t->len = 0;
	t->buf[0] = '\0';
	fetch_prog_dump(prog, len, &cbs);
	return t->buf;
}

/* @prog ends in END within FETCH_INSN_MAX (a parsed program) */
static const char *tp_dump(const struct fetch_insn *prog, struct tp_text *t)
{
	return tp_dump_len(prog, FETCH_INSN_MAX, t);
}

/* A parsed command: its head, argument words, arguments and context */
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
	free(tp->args);
	probe_entry_arg_free(tp->ctx.entry_arg);
	probe_args_exp_free(&tp->exp);
	kprobe_head_free(&tp->head);
	memset(tp, 0, sizeof(*tp));
}

/*
 * kprobe_parse_command() on split words in the fake kernel @env (with or
 * without BTF); @err gets whichever error is set.  The ":%pd" rewrites
 * may replace words of @w, as they replace the kernel's argv.
 */
static int tp_parse(const struct kprobe_env *env, struct tp_words *w,
		    struct tp_probe *tp, struct probe_parse_err *err)
{
	int ret;

	memset(tp, 0, sizeof(*tp));
	tp->args = calloc(MAX_TRACE_ARGS, sizeof(*tp->args));
	ret = kprobe_parse_command(w->argc, w->argv, env, &tp->head, &tp->ctx,
				   &tp->exp, tp->args);
	tp->nr_args = min(tp->exp.argc, MAX_TRACE_ARGS);
	*err = tp->head.err.code != PROBE_ERR_NONE ? tp->head.err :
						     tp->ctx.err;
	return ret;
}

#endif /* __TP_FAKE_KERNEL_H */
