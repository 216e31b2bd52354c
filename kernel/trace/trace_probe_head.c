// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers shared by the parsers of probe-event definitions: the number of
 * arguments, the caret column of an error, and the parts of a command's
 * head that every front end's head parser uses (symbol+offset,
 * GROUP/EVENT, MAXACTIVE).  The name and error primitives they build on
 * are the argument compiler's (trace_probe_parse.c).
 *
 * Pure, like trace_probe_parse.c: the host tests build it too.
 */
#include "trace_probe_internal.h"
#include "trace_probe_parse.h"

/* --- Arguments and errors ---------------------------------------------- */

/**
 * probe_check_nr_args - refuse more fetch arguments than an event holds
 * @nr: the number of argument words
 * @err: set when there are too many
 *
 * 6.12 refuses them with -E2BIG and logs nothing; 7.3 logs TOO_MANY_ARGS
 * at the first argument (word 2), which is what is done here.
 *
 * Return: 0, or -E2BIG with @err set.
 */
int probe_check_nr_args(int nr, struct probe_parse_err *err)
{
	if (nr <= MAX_TRACE_ARGS)
		return 0;
	return probe_set_err(err, 2, TP_ERR_TOO_MANY_ARGS, 0, -E2BIG);
}

/**
 * probe_err_column - caret column of an error in the joined command
 * @argc: number of words
 * @argv: the words, as split by argv_split()
 * @err: the error
 *
 * error_log prints the command as the words joined by single spaces.  The
 * caret is at @err->offset inside word @err->index, or one column past the
 * end of the command (after a space) when the index is beyond the last
 * word.
 *
 * Return: the 0-based column of the caret.
 */
int probe_err_column(int argc, const char *argv[],
		     const struct probe_parse_err *err)
{
	int i, column = 0;

	for (i = 0; i < argc && i < err->index; i++)
		column += strlen(argv[i]) + 1;
	if (err->index >= argc)
		return column;
	return column + err->offset;
}

/* --- Command head ------------------------------------------------------ */

/**
 * probe_split_symbol_offset - split "SYM[+|-OFFS]"
 * @text: the text, NUL-terminated
 * @sym_len: set to the length of the symbol part
 * @offset: set to the offset (0 if none)
 *
 * The offset starts at the first '+' or '-' and is parsed by kstrtol().
 *
 * Return: 0, or the kstrtol() error.
 */
int probe_split_symbol_offset(const char *text, size_t *sym_len, long *offset)
{
	const char *sign = strpbrk(text, "+-");

	*offset = 0;
	*sym_len = sign ? sign - text : strlen(text);
	return sign ? kstrtol(sign, 0, offset) : 0;
}

/**
 * probe_parse_event_name - parse "[GRP/|GRP.]EVENT" after "p:"
 * @text: the text after ':'
 * @offset: column of @text in argv[0], for errors
 * @err: set on failure (word index 0)
 * @group: receives the group if one is given (MAX_EVENT_NAME_LEN bytes)
 * @event: receives the event, or "" for "GRP/" (MAX_EVENT_NAME_LEN bytes)
 *
 * Return: 0 or -EINVAL.
 */
int probe_parse_event_name(const char *text, int offset,
			   struct probe_parse_err *err,
			   char *group, char *event)
{
	const char *slash = strchr(text, '/') ?: strchr(text, '.');
	size_t len;

	if (slash) {
		len = slash - text;
		if (!len)
			return probe_set_err(err, 0, TP_ERR_NO_GROUP_NAME, offset,
				       -EINVAL);
		if (len + 1 > MAX_EVENT_NAME_LEN)
			return probe_set_err(err, 0, TP_ERR_GROUP_TOO_LONG, offset,
				       -EINVAL);
		if (!probe_is_good_name(text, len, true))
			return probe_set_err(err, 0, TP_ERR_BAD_GROUP_NAME, offset,
				       -EINVAL);
		memcpy(group, text, len);
		group[len] = '\0';
		offset += len + 1;
		text = slash + 1;
	}
	len = strlen(text);
	event[0] = '\0';
	if (!len)
		return slash ? 0 : probe_set_err(err, 0, TP_ERR_NO_EVENT_NAME, offset,
					   -EINVAL);
	if (len >= MAX_EVENT_NAME_LEN)
		return probe_set_err(err, 0, TP_ERR_EVENT_TOO_LONG, offset, -EINVAL);
	if (!probe_is_good_name(text, len, false))
		return probe_set_err(err, 0, TP_ERR_BAD_EVENT_NAME, offset, -EINVAL);
	memcpy(event, text, len + 1);
	return 0;
}

/**
 * probe_sanitize_event_name - make a generated event name a C identifier
 * @name: the name; every ':', '.' and '*' after its first character
 *	becomes '_' (the first one is the type letter or a symbol's start)
 */
void probe_sanitize_event_name(char *name)
{
	if (!*name)
		return;
	while (*++name)
		if (*name == ':' || *name == '.' || *name == '*')
			*name = '_';
}

/**
 * probe_parse_maxactive - parse the "N" of "r<N>" or "f<N>"
 * @cmd: the command; the digits follow the type letter of argv[0]
 * @colon: the ':' before the event name in argv[0], or NULL
 * @limit: the largest N allowed
 * @maxactive: receives N, or 0 when argv[0] has no digits there
 *
 * Errors point at column 1 of argv[0], as in 6.12.
 *
 * Return: 0, or -EINVAL with @cmd->err set (BAD_MAXACT, MAXACT_TOO_BIG).
 */
int probe_parse_maxactive(struct probe_cmd *cmd, const char *colon,
			  unsigned int limit, unsigned int *maxactive)
{
	const char *word = cmd->argv[0];
	char buf[MAX_EVENT_NAME_LEN];
	size_t len;

	*maxactive = 0;
	if (!isdigit(word[1]))
		return 0;
	len = colon ? colon - word - 1 : strlen(word + 1);
	if (len > MAX_EVENT_NAME_LEN - 1)
		return probe_set_err(&cmd->err, 0, TP_ERR_BAD_MAXACT, 1,
				     -EINVAL);
	memcpy(buf, word + 1, len);
	buf[len] = '\0';
	if (kstrtouint(buf, 0, maxactive) || !*maxactive)
		return probe_set_err(&cmd->err, 0, TP_ERR_BAD_MAXACT, 1,
				     -EINVAL);
	if (*maxactive > limit)
		return probe_set_err(&cmd->err, 0, TP_ERR_MAXACT_TOO_BIG, 1,
				     -EINVAL);
	return 0;
}
