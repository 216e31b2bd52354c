// SPDX-License-Identifier: GPL-2.0
/*
 * The head of an event probe definition:
 *
 *   e[:[GRP/|GRP.]EVENT] SYSTEM.EVENT|SYSTEM/EVENT [ARGS] [if FILTER]
 *
 * An eprobe records fields of another trace event (the attached event)
 * each time that one is recorded, read through "$FIELD" arguments.
 *
 * Pure, like trace_probe_parse.c: the trace events reach it through
 * &struct trace_eprobe_env, so that the host tests run it too.
 */
#include "trace_probe_internal.h"
#include "trace_eprobe_parse.h"

/*
 * The attached event, word 1.  6.12 parses it as an event name (the
 * group is its system) and logs what is wrong with that name, then
 * NO_EVENT_INFO whenever the system or the event is missing: such a
 * command logs two errors.
 */
static int eprobe_parse_attached(struct probe_cmd *cmd,
				 struct trace_eprobe_head *eh)
{
	struct probe_parse_err name_err = { .code = PROBE_ERR_NONE };
	int ret;

	ret = probe_parse_event_name(cmd->argv[1], 0, &name_err, eh->system,
				     eh->event_name);
	if (!ret && eh->system[0] && eh->event_name[0])
		return 0;
	if (ret) {
		cmd->first_err = name_err;
		cmd->first_err.index = 1;
	}
	return probe_set_err(&cmd->err, 1, TP_ERR_NO_EVENT_INFO, 0, -EINVAL);
}

/* The words from argv[2] on before "if", or all of them */
static int eprobe_nr_words(struct probe_cmd *cmd)
{
	int i;

	for (i = 2; i < cmd->argc; i++)
		if (!strcmp(cmd->argv[i], "if"))
			return i - 2;
	return cmd->argc - 2;
}

/*
 * The filter after "if" (word @first on): its words joined by single
 * spaces, which must parse as a filter of the attached event.  It filters
 * the attached event's records, before the eprobe records anything.
 */
static int eprobe_parse_filter(struct probe_cmd *cmd,
			       struct trace_eprobe_head *eh, int first)
{
	const struct trace_eprobe_env *env = cmd->env;
	size_t len = 0;
	char *p;
	int i;

	if (first >= cmd->argc)
		return probe_set_err(&cmd->err, first, TP_ERR_NO_EP_FILTER, 0,
				     -EINVAL);
	for (i = first; i < cmd->argc; i++)
		len += strlen(cmd->argv[i]) + 1;
	eh->filter = kzalloc(len, GFP_KERNEL);
	if (!eh->filter)
		return -ENOMEM;
	for (i = first, p = eh->filter; i < cmd->argc; i++)
		p += sprintf(p, "%s%s", i > first ? " " : "", cmd->argv[i]);
	return env->check_filter(env->data, eh->event, eh->filter);
}

/* What the pipeline needs of the head, once it is parsed */
static void eprobe_head_finish(struct probe_cmd *cmd,
			       struct trace_eprobe_head *eh)
{
	const struct trace_eprobe_env *env = cmd->env;
	struct probe_head *head = &eh->common;

	head->flags = TPARG_FL_KERNEL | TPARG_FL_TEVENT;
	head->ptype = PROBE_PRINT_EVENT;
	head->find_field = env->find_field;
	head->field_data = eh->event;
	head->btf = env->btf;
}

/*
 * The attached event (it must exist and be a plain trace event), then the
 * filter, in the order of 6.12, after the names and the argument count.
 */
static int eprobe_attach_event(struct probe_cmd *cmd,
			       struct trace_eprobe_head *eh)
{
	const struct trace_eprobe_env *env = cmd->env;
	int nr_words = eprobe_nr_words(cmd);
	int ret = probe_check_nr_args(nr_words, &cmd->err);

	if (ret)
		return ret;
	eh->event = env->get_event(env->data, eh->system, eh->event_name);
	if (!eh->event)
		return probe_set_err(&cmd->err, 1, TP_ERR_BAD_ATTACH_EVENT, 0,
				     -ENODEV);
	eh->env = env;
	eh->common.nr_words = nr_words;
	if (nr_words < cmd->argc - 2)
		return eprobe_parse_filter(cmd, eh, nr_words + 3);
	return 0;
}

/*
 * &probe_cmd_ops.parse_head of eprobes.  Any characters between 'e' and
 * ':' are ignored, as in 6.12.  Without a name the event is named after
 * the attached one.
 */
static int trace_eprobe_parse_head(struct probe_cmd *cmd)
{
	const char *colon;
	struct trace_eprobe_head *eh;
	int ret = 0;

	if (cmd->argc < 2 || cmd->argv[0][0] != 'e')
		return -ECANCELED;
	eh = kzalloc(sizeof(*eh), GFP_KERNEL);
	if (!eh)
		return -ENOMEM;
	cmd->head = &eh->common;
	strscpy(eh->common.group, EPROBE_EVENT_SYSTEM, sizeof(eh->common.group));
	colon = strchr(cmd->argv[0] + 1, ':');
	if (colon)
		ret = probe_parse_event_name(colon + 1, colon + 1 - cmd->argv[0],
					     &cmd->err, eh->common.group,
					     eh->common.event);
	if (!ret)
		ret = eprobe_parse_attached(cmd, eh);
	if (ret)
		return ret;
	if (!eh->common.event[0])
		strscpy(eh->common.event, eh->event_name,
			sizeof(eh->common.event));
	ret = eprobe_attach_event(cmd, eh);
	if (!ret)
		eprobe_head_finish(cmd, eh);
	return ret;
}

static void trace_eprobe_free_head(struct probe_head *head)
{
	struct trace_eprobe_head *eh = to_trace_eprobe_head(head);

	if (eh->event)
		eh->env->put_event(eh->env->data, eh->event);
	kfree(eh->filter);
	kfree(eh);
}

/* "@SYM" of an eprobe argument is resolved as soon as it is parsed */
static int trace_eprobe_check_arg(struct probe_cmd *cmd,
				  struct probe_arg *parg)
{
	const struct trace_eprobe_env *env = cmd->env;

	return env->update_arg(env->data, parg);
}

/* The syntax of eprobe definitions; its env is a &struct trace_eprobe_env */
const struct probe_cmd_ops trace_eprobe_cmd_ops = {
	.subsystem	= "event_probe",
	.parse_head	= trace_eprobe_parse_head,
	.free_head	= trace_eprobe_free_head,
	.check_arg	= trace_eprobe_check_arg,
};
