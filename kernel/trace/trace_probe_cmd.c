// SPDX-License-Identifier: GPL-2.0
/*
 * The creation pipeline that every probe front end shares: a definition
 * goes head -> argument expansion -> probe allocation -> arguments, and
 * then, in the glue, registration.  The front end supplies only its head
 * parser (&struct probe_cmd_ops); the pipeline runs the same steps in the
 * same order for kprobes, uprobes, eprobes, fprobes and tracepoint probes,
 * in the kernel and in the host tests alike.
 *
 * Also here: the decisions of registration that do not need the kernel
 * (may a probe join an existing event, what a failed attach logs).
 *
 * Pure, like trace_probe_parse.c.
 */
#include "trace_probe_internal.h"
#include "trace_probe_parse.h"

/**
 * probe_cmd_init - prepare a command for probe_cmd_parse()
 * @cmd: the command
 * @ops: the front end's syntax
 * @env: the kernel lookups of its head parser
 * @argc: number of words
 * @argv: the words, as argv_split() made them
 */
void probe_cmd_init(struct probe_cmd *cmd, const struct probe_cmd_ops *ops,
		    const void *env, int argc, const char *argv[])
{
	memset(cmd, 0, sizeof(*cmd));
	cmd->ops = ops;
	cmd->env = env;
	cmd->argc = argc;
	cmd->argv = argv;
	cmd->err.code = PROBE_ERR_NONE;
	cmd->first_err.code = PROBE_ERR_NONE;
	probe_parse_ctx_init(&cmd->ctx, 0, NULL, 0);
}

/* The argument words: rewritten first by the front ends that do so */
static int probe_cmd_expand(struct probe_cmd *cmd)
{
	struct probe_head *head = cmd->head;
	struct probe_parse_ctx *ctx = &cmd->ctx;
	int ret;

	probe_parse_ctx_init(ctx, head->flags, NULL, head->nr_words);
	ctx->funcname = head->funcname;
	ctx->btf = head->btf;
	ctx->btf_data = head->btf_data;
	ctx->find_field = head->find_field;
	ctx->field_data = head->field_data;
	if (!head->expand) {
		cmd->exp.argc = head->nr_words;
		cmd->exp.argv = cmd->argv + 2;
		return 0;
	}
	ret = probe_args_expand(ctx, head->nr_words, cmd->argv + 2, &cmd->exp);
	if (ret)
		cmd->err = ctx->err;
	return ret;
}

/*
 * Parse every argument in the context of the expansion: what it learnt
 * about BTF holds for the arguments too, as in 6.12.
 */
static int probe_cmd_parse_args(struct probe_cmd *cmd)
{
	struct probe_parse_ctx *ctx = &cmd->ctx;
	int i, ret = 0;

	ctx->args = cmd->args;
	ctx->max_args = cmd->exp.argc;	/* sizes the entry program */
	for (i = 0; i < cmd->exp.argc && !ret; i++) {
		ret = probe_arg_parse(ctx, i, cmd->exp.argv[i], &cmd->args[i]);
		if (!ret && cmd->ops->check_arg)
			ret = cmd->ops->check_arg(cmd, &cmd->args[i]);
	}
	if (ret) {
		cmd->err = ctx->err;
		cmd->first_err = ctx->first_err;
	}
	return ret;
}

/* The load of a register or a function argument stored as it is, or 0 */
static u8 prog_plain_load(const struct fetch_insn *code)
{
	if ((code[0].op == FETCH_OP_REG || code[0].op == FETCH_OP_ARG) &&
	    code[1].op == FETCH_OP_ST_RAW && code[2].op == FETCH_OP_END)
		return code[0].op;
	return 0;
}

static bool prog_has_op(const struct fetch_insn *code, enum fetch_op op)
{
	for (; code->op != FETCH_OP_END; code++)
		if (code->op == op)
			return true;
	return false;
}

/* What the record path wants to know of the arguments as a whole */
static void probe_cmd_summarize(struct probe_cmd *cmd)
{
	bool symstr = false;
	int i;

	cmd->plain_load = cmd->exp.argc ? prog_plain_load(cmd->args[0].code) :
					  FETCH_OP_REG;
	for (i = 0; i < cmd->exp.argc; i++) {
		cmd->dynamic |= cmd->args[i].dynamic;
		symstr |= prog_has_op(cmd->args[i].code, FETCH_OP_ST_SYMSTR);
		if (prog_plain_load(cmd->args[i].code) != cmd->plain_load)
			cmd->plain_load = 0;
	}
	cmd->onepass = cmd->dynamic && !symstr;
}

/**
 * probe_cmd_parse - parse a definition into the probe @alloc makes
 * @cmd: the command, from probe_cmd_init()
 * @alloc: makes the probe once the number of arguments is known
 *
 * The steps, in 6.12's order: the front end's head parser, the rewriting
 * of the argument words (for the front ends that rewrite them), the
 * probe, each argument, then the front end's last check of the head.  On
 * success the arguments are in @cmd->args, the record size and the entry
 * program of a return probe in @cmd->ctx (take the entry program over, or
 * probe_cmd_release() frees it), and @cmd->dynamic, @cmd->onepass and
 * @cmd->plain_load describe the arguments.  On failure the arguments
 * parsed so far stay in @cmd->args, for the owner of the probe to free.
 *
 * Return: 0; -ECANCELED when the command is not for this front end; or
 * -errno, with @cmd->err set for the user errors that error_log shows.
 */
int probe_cmd_parse(struct probe_cmd *cmd, probe_cmd_alloc_t alloc)
{
	int ret;

	ret = cmd->ops->parse_head(cmd);
	if (!ret)
		ret = probe_cmd_expand(cmd);
	if (!ret)
		ret = alloc(cmd, cmd->exp.argc);
	if (!ret)
		ret = probe_cmd_parse_args(cmd);
	if (!ret && cmd->ops->check_head)
		ret = cmd->ops->check_head(cmd);
	if (!ret)
		probe_cmd_summarize(cmd);
	return ret;
}

/**
 * probe_cmd_release - release what probe_cmd_parse() allocated
 * @cmd: the command; the caller's probe and its arguments stay
 */
void probe_cmd_release(struct probe_cmd *cmd)
{
	probe_entry_arg_free(cmd->ctx.entry_arg);
	cmd->ctx.entry_arg = NULL;
	probe_args_exp_free(&cmd->exp);
	if (cmd->head)
		cmd->ops->free_head(cmd->head);
	cmd->head = NULL;
}

/* --- Registration decisions -------------------------------------------- */

/**
 * probe_args_compare - check that two probes can share one event
 * @a: arguments of one probe
 * @na: their number
 * @b: arguments of the other
 * @nb: their number
 *
 * Return: 0 if both have the same argument names, types and counts, else
 * the 1-based number of the first argument that differs (the first extra
 * argument when the numbers differ).
 */
int probe_args_compare(const struct probe_arg *a, int na,
		       const struct probe_arg *b, int nb)
{
	int i;

	if (na != nb)
		return min(na, nb) + 1;
	for (i = 0; i < na; i++)
		if (a[i].type != b[i].type || a[i].count != b[i].count ||
		    strcmp(a[i].name, b[i].name))
			return i + 1;
	return 0;
}

/**
 * probe_args_same_text - are two argument lists written the same way?
 * @a: arguments of one probe
 * @b: arguments of the other
 * @nr_args: the number of both (probe_args_compare() found them alike)
 *
 * Two probes of one event at the same place with the same text are the
 * same probe (SAME_PROBE).
 *
 * Return: true if every argument's text after "NAME=" is the same.
 */
bool probe_args_same_text(const struct probe_arg *a,
			  const struct probe_arg *b, int nr_args)
{
	int i;

	for (i = 0; i < nr_args; i++)
		if (strcmp(a[i].comm, b[i].comm))
			return false;
	return true;
}

/**
 * probe_append_check - may a new probe join an existing event?
 * @new: the new probe
 * @event: the event's first probe, which defined its fields
 * @err: set on failure
 *
 * The checks and carets of 6.12: another kind of probe (DIFF_PROBE_TYPE at
 * the first word), then other arguments (DIFF_ARG_TYPE at the first that
 * differs, past the last word when the new probe has fewer).  Whether it
 * is the same probe as one already there (SAME_PROBE) depends on the
 * place, which only the front end can compare.
 *
 * Return: 0 or -EEXIST.
 */
int probe_append_check(const struct probe_sig *new,
		       const struct probe_sig *event,
		       struct probe_parse_err *err)
{
	int diff;

	if (new->kind != event->kind)
		return probe_set_err(err, 0, TP_ERR_DIFF_PROBE_TYPE, 0,
				     -EEXIST);
	diff = probe_args_compare(new->args, new->nr_args, event->args,
				  event->nr_args);
	if (diff)
		return probe_set_err(err, diff + 1, TP_ERR_DIFF_ARG_TYPE, 0,
				     -EEXIST);
	return 0;
}

/**
 * probe_attach_error - what error_log says when a probe cannot attach
 * @ret: what registering the kprobe or fprobe (or the event) returned
 * @err: set for the failures 6.12 logs, unless something is set already
 *
 * At the probe place (word 1): not an instruction boundary, no such
 * place, or any other failure but a lack of memory and a name already in
 * use (which was logged where it was found).
 *
 * Return: @ret.
 */
int probe_attach_error(int ret, struct probe_parse_err *err)
{
	if (err->code != PROBE_ERR_NONE)
		return ret;
	if (ret == -EILSEQ)
		probe_set_err(err, 1, TP_ERR_BAD_INSN_BNDRY, 0, ret);
	else if (ret == -ENOENT)
		probe_set_err(err, 1, TP_ERR_BAD_PROBE_ADDR, 0, ret);
	else if (ret && ret != -ENOMEM && ret != -EEXIST)
		probe_set_err(err, 1, TP_ERR_FAIL_REG_PROBE, 0, ret);
	return ret;
}
