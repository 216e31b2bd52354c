// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the probe command parsers.  Every input is one
 * line, parsed as a kprobe in the fake kernel without BTF, with the fake
 * BTF of trace_probe_fake_btf.h and with a provider that accepts any
 * variable or typecast, as a uprobe in the fake file system, as an eprobe
 * on the fake trace events (with and without BTF) and as an fprobe or
 * tracepoint probe.
 * Properties checked:
 *   - no crash, no leak, no kernel warning (ASan, LSan, UBSan, WARN_ON_ONCE)
 *   - on success every program passes fetch_prog_check(), the entry program
 *     passes fetch_entry_prog_check(), and the print fmt builds
 *   - on failure the error id is in the catalogue and the caret lies in
 *     the command (or one column past it)
 */
#include "fake_kernel.h"

static void check_success(struct tp_probe *tp)
{
	enum probe_print_type ptype;
	struct tp_text t;
	char *fmt;
	int i, len;

	for (i = 0; i < tp->nr_args; i++) {
		if (fetch_prog_check(tp->args[i].code, FETCH_INSN_MAX))
			abort();
		tp_dump(tp->args[i].code, &t);
	}
	if (tp->cmd.ctx.entry_arg &&
	    fetch_entry_prog_check(tp->cmd.ctx.entry_arg->code,
				   tp->cmd.ctx.entry_arg->size))
		abort();
	ptype = tp->cmd.head->ptype;
	len = probe_print_fmt(NULL, 0, tp->args, tp->nr_args, ptype);
	fmt = malloc(len + 1);
	if (probe_print_fmt(fmt, len + 1, tp->args, tp->nr_args, ptype) != len ||
	    strlen(fmt) != len)
		abort();
	free(fmt);
}

/*
 * The word an error's offset is counted in: the argument as parsed, which
 * "$arg" expansion or a ":%pd" rewrite may have made longer than the
 * word of the command.  6.12 still places the caret from the start of
 * the command's word, so it may even land past the end of the command.
 */
static size_t parsed_word_len(const struct tp_words *w,
			      const struct probe_args_exp *exp, int index)
{
	if (exp && exp->argv && index >= 2 && index - 2 < exp->argc)
		return strlen(exp->argv[index - 2]);
	return index < w->argc ? strlen(w->argv[index]) : 0;
}

static void check_failure(struct tp_words *w, struct probe_parse_err *err,
			  const struct probe_args_exp *exp)
{
	size_t cmd_len = 0, len;
	int i, col;

	if (err->code == PROBE_ERR_NONE)
		return;
	if (err->code < 0 || err->code >= TP_ERR_MAX || err->index < 0 ||
	    err->offset < 0)
		abort();
	/*
	 * Stock 6.12 reports type errors after a dereference (BAD_BITFIELD,
	 * BAD_STRING, ...) at the column inside the brackets plus the column
	 * of the type, so such a caret can lie past the end of its word, by
	 * at most the word's length again.  Anything beyond is a real bug.
	 */
	len = parsed_word_len(w, exp, err->index);
	if (err->offset > 2 * len)
		abort();
	for (i = 0; i < w->argc; i++)
		cmd_len += 2 * strlen(w->argv[i]) + 1;
	col = probe_err_column(w->argc, w->argv, err);
	if (col < 0 || col > cmd_len + 2 * len)
		abort();
}

/*
 * A BTF provider that accepts any variable: each "->" is one dereference,
 * and the type, string kind and bitfield follow from the count, so that
 * field paths of every length and shape reach the code generator.  Names
 * starting with 'e' fail with a caret at their end.
 */
static int fuzz_find_var(struct probe_parse_ctx *ctx, const char *name,
			 struct probe_btf_var *var)
{
	static const char * const types[] = { "u8", "s16", "u32", "x64", NULL };
	const char *p = name;
	unsigned int n = 0;

	if (name[0] == 'e') {
		var->err = TP_ERR_NO_BTF_FIELD;
		var->err_pos = strlen(name);
		return -ENOENT;
	}
	while ((p = strstr(p, "->")) && n < PROBE_BTF_MAX_DEREFS) {
		var->deref[n++] = (p - name) * 8;
		p += 2;
	}
	var->nr_derefs = n;
	var->is_retval = name[0] == '$';
	var->param = strlen(name) % 6;
	var->type = types[n % ARRAY_SIZE(types)];
	var->str = n % 3;
	var->bitsize = n % 9;
	var->bitoffs = n % 8;
	return 0;
}

/*
 * Its typecasts: any struct, the path read as fuzz_find_var() reads a
 * variable's.  A struct or a container_of member starting with 'e' is
 * not found.
 */
static int fuzz_find_cast(struct probe_parse_ctx *ctx,
			  const struct probe_btf_cast *cast,
			  struct probe_btf_var *var)
{
	if (cast->name[0] == 'e' || (cast->field && cast->field[0] == 'e')) {
		var->err = cast->name[0] == 'e' ? TP_ERR_NO_PTR_STRCT :
						  TP_ERR_NO_BTF_FIELD;
		var->err_in = cast->name[0] == 'e' ? PROBE_BTF_IN_NAME :
						     PROBE_BTF_IN_FIELD;
		var->err_pos = 0;
		return -ENOENT;
	}
	return fuzz_find_var(ctx, cast->path, var);
}

static const struct probe_btf_ops fuzz_btf = {
	.find_var = fuzz_find_var,
	.find_cast = fuzz_find_cast,
};

/* The fake kernel with that provider */
static const struct trace_kprobe_env fuzz_env = {
	.count_symbols = fake_count_symbols,
	.on_func_entry = fake_on_func_entry,
	.format_addr = fake_format_addr,
	.btf = &fuzz_btf,
};

static const struct tp_frontend tp_kprobe_fuzz = {
	.ops		= &trace_kprobe_cmd_ops,
	.env		= &fuzz_env,
	.same_place	= fake_kprobe_same_place,
	.attach		= fake_kprobe_attach,
};

/*
 * The whole pipeline of front end @fe.  Its ":%pd" rewrites may replace
 * words of @w with pointers into @tp, so @w is only good until @tp is
 * freed: each pass splits the input anew.
 */
static void fuzz_command(const char *cmd, size_t len,
			 const struct tp_frontend *fe)
{
	struct probe_parse_err err;
	struct tp_probe tp;
	struct tp_words w;

	if (tp_split(cmd, len, &w))
		return;
	if (!tp_parse(fe, &w, &tp, &err))
		check_success(&tp);
	else
		check_failure(&w, &err, &tp.cmd.exp);
	tp_probe_free(&tp);
	tp_words_free(&w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *cmd = (const char *)data;
	size_t len = strnlen(cmd, size);

	fuzz_command(cmd, len, &tp_kprobe);
	fuzz_command(cmd, len, &tp_kprobe_btf);
	fuzz_command(cmd, len, &tp_kprobe_fuzz);
	fuzz_command(cmd, len, &tp_uprobe);
	fuzz_command(cmd, len, &tp_eprobe);
	fuzz_command(cmd, len, &tp_eprobe_btf);
	fuzz_command(cmd, len, &tp_fprobe);
	fuzz_command(cmd, len, &tp_fprobe_btf);
	if (tp_warnings)
		abort();
	return 0;
}
