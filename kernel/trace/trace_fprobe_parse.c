// SPDX-License-Identifier: GPL-2.0
/*
 * The head of an fprobe or tracepoint probe definition:
 *
 *   f[:[GRP/|GRP.]EVENT] [MOD:]SYM [ARGS]             function entry
 *   f[MAXACTIVE][:[GRP/|GRP.]EVENT] [MOD:]SYM%return [ARGS]   its exit
 *   t[:[GRP/|GRP.]EVENT] TRACEPOINT [ARGS]
 *
 * A "$retval" among the arguments of an "f" probe makes it an exit probe
 * too.  Pure, like trace_probe_parse.c: the tracepoints reach it through
 * &struct trace_fprobe_env, so that the host tests run it too.
 */
#include "trace_probe_internal.h"
#include "trace_fprobe_parse.h"

/* A tracepoint name is made of letters, digits and '_' */
static int fprobe_check_tp_name(struct probe_cmd *cmd, const char *name)
{
	const char *c;

	for (c = name; *c; c++)
		if (!isalnum(*c) && *c != '_')
			return probe_set_err(&cmd->err, 1, TP_ERR_BAD_TP_NAME,
					     c - name, -EINVAL);
	return 0;
}

/*
 * "$retval" as a word of its own in an argument (not "$retvalue") makes an
 * "f" probe an exit probe; a "t" probe has no return value.
 */
static int fprobe_scan_retval(struct probe_cmd *cmd,
			      struct trace_fprobe_head *fh)
{
	const char *found;
	int i;

	for (i = 2; i < cmd->argc; i++) {
		found = strstr(cmd->argv[i], "$retval");
		if (!found || isalnum(found[7]) || found[7] == '_')
			continue;
		if (fh->is_tracepoint)
			return probe_set_err(&cmd->err, i,
					     TP_ERR_RETVAL_ON_PROBE,
					     found - cmd->argv[i], -EINVAL);
		fh->is_return = true;
		break;
	}
	return 0;
}

/* argv[1]: "SYM[%return]" or "TRACEPOINT", in 6.12's order of checks */
static int fprobe_parse_symbol(struct probe_cmd *cmd,
			       struct trace_fprobe_head *fh)
{
	const char *word = cmd->argv[1], *pct = strchr(word, '%');
	int ret;

	if (pct) {
		if (fh->is_tracepoint || strcmp(pct, "%return"))
			return probe_set_err(&cmd->err, 1,
					     TP_ERR_BAD_ADDR_SUFFIX,
					     pct - word, -EINVAL);
		fh->is_return = true;
		fh->symbol = kmemdup_nul(word, pct - word, GFP_KERNEL);
	} else {
		fh->symbol = kstrdup(word, GFP_KERNEL);
	}
	if (!fh->symbol)
		return -ENOMEM;
	if (fh->is_return)
		return 0;
	if (fh->is_tracepoint) {
		ret = fprobe_check_tp_name(cmd, fh->symbol);
		if (ret)
			return ret;
	}
	return fprobe_scan_retval(cmd, fh);
}

/*
 * "SYM__entry", "SYM__exit" or "TRACEPOINT" ('_' first if it starts with
 * a digit), with ":.*" made '_'
 */
static void fprobe_generate_event_name(struct trace_fprobe_head *fh)
{
	char *event = fh->common.event;

	if (fh->is_tracepoint)
		snprintf(event, MAX_EVENT_NAME_LEN, "%s%s",
			 isdigit(fh->symbol[0]) ? "_" : "", fh->symbol);
	else
		snprintf(event, MAX_EVENT_NAME_LEN, "%s__%s", fh->symbol,
			 fh->is_return ? "exit" : "entry");
	probe_sanitize_event_name(event);
}

/*
 * The tracepoint a "t" probe is on: its probe stub's prototype types the
 * arguments.  One that is not there may come with a module: the probe
 * then waits, and BTF looks at a function of the tracepoint's name.
 */
static int fprobe_find_tracepoint(struct probe_cmd *cmd,
				  struct trace_fprobe_head *fh)
{
	const struct trace_fprobe_env *env = cmd->env;

	fh->tpoint = env->find_tracepoint(env->data, fh->symbol, &fh->mod,
					  fh->stub, sizeof(fh->stub));
	fh->env = env;
	if (fh->tpoint) {
		fh->common.funcname = fh->stub;
		return 0;
	}
	if (!env->modules)
		return probe_set_err(&cmd->err, 1, TP_ERR_NO_TRACEPOINT, 0,
				     -EINVAL);
	fh->common.funcname = fh->symbol;
	return 0;
}

/* What the pipeline needs of the head, once it is parsed */
static int fprobe_head_finish(struct probe_cmd *cmd,
			      struct trace_fprobe_head *fh)
{
	const struct trace_fprobe_env *env = cmd->env;
	struct probe_head *head = &fh->common;

	head->flags = TPARG_FL_KERNEL | TPARG_FL_FPROBE |
		      (fh->is_return ? TPARG_FL_RETURN : TPARG_FL_FENTRY);
	head->kind = (fh->is_return ? FPROBE_KIND_RETURN : 0) |
		     (fh->is_tracepoint ? FPROBE_KIND_TRACEPOINT : 0);
	head->ptype = fh->is_return ? PROBE_PRINT_RETURN : PROBE_PRINT_NORMAL;
	head->btf = env->btf;
	head->nr_words = cmd->argc - 2;
	head->expand = true;
	head->funcname = fh->symbol;
	if (!fh->is_tracepoint)
		return 0;
	head->flags |= TPARG_FL_TPOINT;
	return fprobe_find_tracepoint(cmd, fh);
}

/*
 * &probe_cmd_ops.parse_head of fprobes, in the order of 6.12: maxactive,
 * the place, maxactive only on an exit probe, then the event name.
 */
static int trace_fprobe_parse_head(struct probe_cmd *cmd)
{
	const char **argv = cmd->argv;
	struct trace_fprobe_head *fh;
	const char *colon;
	int ret;

	if (cmd->argc < 2 || (argv[0][0] != 'f' && argv[0][0] != 't'))
		return -ECANCELED;
	fh = kzalloc(sizeof(*fh), GFP_KERNEL);
	if (!fh)
		return -ENOMEM;
	cmd->head = &fh->common;
	fh->is_tracepoint = argv[0][0] == 't';
	strscpy(fh->common.group, fh->is_tracepoint ? TRACEPOINT_EVENT_SYSTEM :
		FPROBE_EVENT_SYSTEM, sizeof(fh->common.group));
	colon = strchr(argv[0] + 1, ':');

	ret = probe_parse_maxactive(cmd, colon, RETHOOK_MAXACTIVE_MAX,
				    &fh->maxactive);
	if (!ret)
		ret = fprobe_parse_symbol(cmd, fh);
	if (!ret && !fh->is_return && fh->maxactive)
		ret = probe_set_err(&cmd->err, 0, TP_ERR_BAD_MAXACT_TYPE, 1,
				    -EINVAL);
	if (!ret && colon)
		ret = probe_parse_event_name(colon + 1, colon + 1 - argv[0],
					     &cmd->err, fh->common.group,
					     fh->common.event);
	if (ret)
		return ret;
	if (!fh->common.event[0])
		fprobe_generate_event_name(fh);
	return fprobe_head_finish(cmd, fh);
}

static void trace_fprobe_free_head(struct probe_head *head)
{
	struct trace_fprobe_head *fh = to_trace_fprobe_head(head);

	if (fh->mod)
		fh->env->put_module(fh->env->data, fh->mod);
	kfree(fh->symbol);
	kfree(fh);
}

/* The syntax of fprobe definitions; its env is a &struct trace_fprobe_env */
const struct probe_cmd_ops trace_fprobe_cmd_ops = {
	.subsystem	= "trace_fprobe",
	.parse_head	= trace_fprobe_parse_head,
	.free_head	= trace_fprobe_free_head,
};
