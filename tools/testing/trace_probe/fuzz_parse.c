// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the kprobe command parser.  Every input is one
 * kprobe_events line.  Properties checked:
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
	if (tp->ctx.entry_arg &&
	    fetch_entry_prog_check(tp->ctx.entry_arg->code,
				   tp->ctx.entry_arg->size))
		abort();
	ptype = tp->head.is_return ? PROBE_PRINT_RETURN : PROBE_PRINT_NORMAL;
	len = probe_print_fmt(NULL, 0, tp->args, tp->nr_args, ptype);
	fmt = malloc(len + 1);
	if (probe_print_fmt(fmt, len + 1, tp->args, tp->nr_args, ptype) != len ||
	    strlen(fmt) != len)
		abort();
	free(fmt);
}

static void check_failure(struct tp_words *w, struct probe_parse_err *err)
{
	size_t cmd_len = 0;
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
	if (err->index < w->argc &&
	    err->offset > 2 * strlen(w->argv[err->index]))
		abort();
	for (i = 0; i < w->argc; i++)
		cmd_len += 2 * strlen(w->argv[i]) + 1;
	col = probe_err_column(w->argc, w->argv, err);
	if (col < 0 || col > cmd_len)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct probe_delete_cmd del;
	struct probe_parse_err err;
	struct tp_probe tp;
	struct tp_words w;
	int ret;

	tp_split((const char *)data, strnlen((const char *)data, size), &w);
	if (w.argc && (w.argv[0][0] == '-' || w.argv[0][0] == '!')) {
		ret = probe_parse_delete(w.argc, w.argv, &del);
		if (!ret && (del.argc != w.argc - 1 || del.event.len < 0))
			abort();
	}
	ret = tp_parse(&w, &tp, &err);
	if (!ret)
		check_success(&tp);
	else
		check_failure(&w, &err);
	tp_probe_free(&tp);
	tp_words_free(&w);
	if (tp_warnings)
		abort();
	return 0;
}
