// SPDX-License-Identifier: GPL-2.0
/*
 * The head of a uprobe definition:
 *
 *   p|r[:[GRP/|GRP.]EVENT] PATH:OFFSET[%return][(REF_CTR_OFFSET)] [ARGS]
 *
 * Pure, like trace_probe_parse.c: the file system reaches it through
 * &struct trace_uprobe_env, so that the host tests run it too.
 *
 * The probe place is cut up in a copy of its word, so that each part can
 * be converted with kstrtoul() as it is; the carets are columns of the
 * word all the same.
 */
#include "trace_probe_internal.h"
#include "trace_uprobe_parse.h"

/*
 * "(REF)" at @open of @word (the copy of argv[1]): the SDT semaphore's
 * offset; cuts the word there
 */
static int uprobe_parse_ref_ctr(struct probe_cmd *cmd, char *word, char *open,
				struct trace_uprobe_head *uh)
{
	char *close = strchr(open, ')');
	int ret;

	if (!close)
		return probe_set_err(&cmd->err, 1, TP_ERR_REFCNT_OPEN_BRACE,
				     open + strlen(open) - word, -EINVAL);
	if (close[1])
		return probe_set_err(&cmd->err, 1, TP_ERR_BAD_REFCNT_SUFFIX,
				     close + 1 - word, -EINVAL);
	*open = '\0';
	*close = '\0';
	ret = kstrtoul(open + 1, 0, &uh->ref_ctr_offset);
	if (ret)
		return probe_set_err(&cmd->err, 1, TP_ERR_BAD_REFCNT,
				     open + 1 - word, ret);
	return 0;
}

/*
 * "OFFSET[%return][(REF)]" at @offs of @word, which ends the path.  As in
 * 6.12 the reference counter is taken off first, then the suffix.
 */
static int uprobe_parse_offset(struct probe_cmd *cmd, char *word, char *offs,
			       struct trace_uprobe_head *uh)
{
	char *open = strchr(offs, '('), *pct;
	int ret;

	if (open) {
		ret = uprobe_parse_ref_ctr(cmd, word, open, uh);
		if (ret)
			return ret;
	}
	pct = strchr(offs, '%');
	if (pct) {
		if (strcmp(pct, "%return"))
			return probe_set_err(&cmd->err, 1,
					     TP_ERR_BAD_ADDR_SUFFIX,
					     pct - word, -EINVAL);
		*pct = '\0';
		uh->is_return = true;
	}
	ret = kstrtoul(offs, 0, &uh->offset);
	if (ret)
		return probe_set_err(&cmd->err, 1, TP_ERR_BAD_UPROBE_OFFS,
				     offs - word, ret);
	return 0;
}

/* The file of "PATH:..." (@colon is the last ':' of the word): it must exist */
static int uprobe_lookup_path(struct probe_cmd *cmd, char *colon,
			      struct trace_uprobe_head *uh)
{
	const struct trace_uprobe_env *env = cmd->env;
	bool regular = false;
	int ret;

	*colon = '\0';
	ret = env->lookup(env->data, uh->path, &uh->file, &regular);
	if (ret == -ENOMEM)
		return ret;
	if (ret)
		return probe_set_err(&cmd->err, 1, TP_ERR_FILE_NOT_FOUND, 0,
				     ret);
	uh->env = env;
	if (!regular)
		return probe_set_err(&cmd->err, 1, TP_ERR_NO_REGULAR_FILE, 0,
				     -EINVAL);
	return 0;
}

/*
 * "p_BASE_0xOFFSET": BASE is the file name up to its first '.', '-' or
 * '_'.  6.12 uses 'p' for return probes too, and checks nothing else.
 */
static void uprobe_generate_event_name(struct trace_uprobe_head *uh)
{
	const char *base = strrchr(uh->path, '/');
	size_t len;

	base = base ? base + 1 : uh->path;
	len = strcspn(base, ".-_");
	snprintf(uh->common.event, MAX_EVENT_NAME_LEN, "p_%.*s_0x%lx",
		 (int)len, base, uh->offset);
}

/* What the pipeline needs of the head, once it is parsed */
static void uprobe_head_finish(struct probe_cmd *cmd,
			       struct trace_uprobe_head *uh)
{
	struct probe_head *head = &uh->common;

	head->flags = TPARG_FL_USER | (uh->is_return ? TPARG_FL_RETURN : 0);
	head->kind = uh->is_return;
	head->ptype = uh->is_return ? PROBE_PRINT_RETURN : PROBE_PRINT_NORMAL;
	head->nr_words = cmd->argc - 2;
}

/*
 * Whether argv is a uprobe command at all, as 6.12 decides it before
 * anything else: "p" or "r", a path with '/' and a ':' followed by a
 * digit.  The number of arguments is checked this early too.
 */
static int uprobe_check_syntax(struct probe_cmd *cmd)
{
	const char **argv = cmd->argv;
	const char *colon;
	int ret;

	if (cmd->argc < 2 || (argv[0][0] != 'p' && argv[0][0] != 'r'))
		return -ECANCELED;
	ret = probe_check_nr_args(cmd->argc - 2, &cmd->err);
	if (ret)
		return ret;
	colon = strrchr(argv[1], ':');
	if (!strchr(argv[1], '/') || !colon || !isdigit(colon[1]))
		return -ECANCELED;
	return 0;
}

/*
 * &probe_cmd_ops.parse_head of uprobes, in the order of 6.12: the file,
 * the reference counter, the suffix, the offset, then the event name.
 * Only "p:" or "r:" introduce a name; other characters after the type
 * letter are ignored.
 */
static int trace_uprobe_parse_head(struct probe_cmd *cmd)
{
	struct trace_uprobe_head *uh;
	const char *name;
	int ret;

	ret = uprobe_check_syntax(cmd);
	if (ret)
		return ret;
	name = cmd->argv[0][1] == ':' ? cmd->argv[0] + 2 : NULL;
	uh = kzalloc(sizeof(*uh), GFP_KERNEL);
	if (!uh)
		return -ENOMEM;
	cmd->head = &uh->common;
	strscpy(uh->common.group, UPROBE_EVENT_SYSTEM, sizeof(uh->common.group));
	uh->is_return = cmd->argv[0][0] == 'r';
	uh->path = kstrdup(cmd->argv[1], GFP_KERNEL);
	if (!uh->path)
		return -ENOMEM;
	ret = uprobe_lookup_path(cmd, strrchr(uh->path, ':'), uh);
	if (!ret)
		ret = uprobe_parse_offset(cmd, uh->path,
					  uh->path + strlen(uh->path) + 1, uh);
	if (!ret && name)
		ret = probe_parse_event_name(name, 2, &cmd->err,
					     uh->common.group,
					     uh->common.event);
	if (ret)
		return ret;
	if (!uh->common.event[0])
		uprobe_generate_event_name(uh);
	uprobe_head_finish(cmd, uh);
	return 0;
}

static void trace_uprobe_free_head(struct probe_head *head)
{
	struct trace_uprobe_head *uh = to_trace_uprobe_head(head);

	if (uh->file)
		uh->env->put(uh->env->data, uh->file);
	kfree(uh->path);
	kfree(uh);
}

/* The syntax of uprobe definitions; its env is a &struct trace_uprobe_env */
const struct probe_cmd_ops trace_uprobe_cmd_ops = {
	.subsystem	= "trace_uprobe",
	.parse_head	= trace_uprobe_parse_head,
	.free_head	= trace_uprobe_free_head,
};

/**
 * trace_uprobe_format_place - the offset part of a uprobe's place
 * @buf: output buffer
 * @len: its size
 * @offset: the probed offset
 * @ref_ctr_offset: the reference counter's offset, 0 if none
 *
 * "0x%016lx" (zero-padded to the width of a pointer), then "(0x%lx)" for
 * the reference counter: what uprobe_events lists after "PATH:", and
 * what the place word of a "-:" command must match.
 *
 * Return: the length of the full text, as snprintf().
 */
int trace_uprobe_format_place(char *buf, size_t len, unsigned long offset,
			      unsigned long ref_ctr_offset)
{
	int width = (int)(sizeof(void *) * 2);

	if (!ref_ctr_offset)
		return snprintf(buf, len, "0x%0*lx", width, offset);
	return snprintf(buf, len, "0x%0*lx(0x%lx)", width, offset,
			ref_ctr_offset);
}
