// SPDX-License-Identifier: GPL-2.0
/*
 * Layout and text of probe events: where the arguments sit in a record,
 * how the format file describes them, the print fmt that user space
 * (perf, trace-cmd) decodes records with, and the comparison of listed
 * arguments with the words of a delete command.
 *
 * Pure, like trace_probe_parse.c: the host tests build it too.
 */
#include "trace_probe_internal.h"
#include "trace_probe_parse.h"

/* ", REC->NAME": a header word as the print fmt passes it */
#define REC(name)	", REC->" name

/*
 * The one description of the fixed words that each record type has after
 * the common fields: the fields they are, the print fmt's text for them,
 * and that print fmt as a whole for an event without arguments.
 */
const struct probe_header probe_headers[] = {
	[PROBE_PRINT_NORMAL] = {	/* a probed place */
		.names		= { FIELD_STRING_IP },
		.fmt		= "(%lx)",
		.fmt_noargs	= "\"(%lx)\"" REC(FIELD_STRING_IP),
	},
	[PROBE_PRINT_RETURN] = {	/* a function's return */
		.names		= { FIELD_STRING_FUNC, FIELD_STRING_RETIP },
		.fmt		= "(%lx <- %lx)",
		.fmt_noargs	= "\"(%lx <- %lx)\"" REC(FIELD_STRING_FUNC)
				  REC(FIELD_STRING_RETIP),
	},
	[PROBE_PRINT_EVENT] = {		/* another event's record: none */
		.fmt		= "",
		.fmt_noargs	= "\"\"",
	},
};

/**
 * probe_header_size - size of the fixed header before the arguments
 * @ptype: kind of probe
 *
 * Return: bytes from the start of the record to the first argument.
 */
unsigned int probe_header_size(enum probe_print_type ptype)
{
	return sizeof(struct trace_entry) +
	       probe_header_words(ptype) * sizeof(unsigned long);
}

/**
 * probe_arg_field_desc - describe an argument as an event field
 * @parg: the argument
 * @ptype: kind of probe, for the header size
 * @desc: the result; strings point into @parg
 */
void probe_arg_field_desc(const struct probe_arg *parg,
			  enum probe_print_type ptype,
			  struct probe_field_desc *desc)
{
	desc->name = parg->name;
	desc->type = parg->fmt ?: parg->type->fmttype;
	desc->offset = probe_header_size(ptype) + parg->offset;
	desc->size = parg->type->size * (parg->count ?: 1);
	desc->is_signed = parg->type->is_signed;
}

struct text_buf {
	char	*buf;
	int	len;
	int	pos;
};

static __printf(2, 3) void text_add(struct text_buf *tb, const char *fmt, ...)
{
	va_list args;

	/* with no room (a length query) @buf may be NULL */
	char *dst = tb->len > tb->pos ? tb->buf + tb->pos : NULL;

	va_start(args, fmt);
	tb->pos += vsnprintf(dst, dst ? tb->len - tb->pos : 0, fmt, args);
	va_end(args);
}

/* " name=FMT" or " name={FMT,FMT,...}" */
static void print_fmt_arg(struct text_buf *tb, const struct probe_arg *parg)
{
	unsigned int j;

	text_add(tb, " %s=", parg->name);
	if (!parg->count) {
		text_add(tb, "%s", parg->type->fmt);
		return;
	}
	for (j = 0; j < parg->count; j++)
		text_add(tb, "%c%s", j ? ',' : '{', parg->type->fmt);
	text_add(tb, "}");
}

/* ", REC->name", ", __get_str(name)", or one per array element */
static void print_fmt_value(struct text_buf *tb, const struct probe_arg *parg)
{
	const char *fmt = fetch_type_is_string(parg->type) ?
			  ", __get_str(%s" : ", REC->%s";
	unsigned int j;

	if (!parg->count) {
		text_add(tb, fmt, parg->name);
		text_add(tb, "%s", fetch_type_is_string(parg->type) ? ")" : "");
		return;
	}
	for (j = 0; j < parg->count; j++) {
		text_add(tb, fmt, parg->name);
		text_add(tb, "[%u]%s", j,
			 fetch_type_is_string(parg->type) ? ")" : "");
	}
}

/**
 * probe_print_fmt - build the print fmt of a probe event
 * @buf: output buffer, may be NULL when @len is 0
 * @len: its size
 * @args: the arguments
 * @nr_args: their number
 * @ptype: kind of probe
 *
 * Call it with @len 0 to learn the length, then with a buffer of that
 * length + 1, as 6.12 does.
 *
 * Return: the length of the print fmt, without the NUL.
 */
int probe_print_fmt(char *buf, int len, const struct probe_arg *args,
		    int nr_args, enum probe_print_type ptype)
{
	const struct probe_header *head = &probe_headers[ptype];
	struct text_buf tb = { .buf = buf, .len = len };
	unsigned int i;

	text_add(&tb, "\"%s", head->fmt);
	for (i = 0; i < nr_args; i++)
		print_fmt_arg(&tb, &args[i]);
	text_add(&tb, "\"");
	for (i = 0; i < probe_header_words(ptype); i++)
		text_add(&tb, REC("%s"), head->names[i]);
	for (i = 0; i < nr_args; i++)
		print_fmt_value(&tb, &args[i]);
	return tb.pos;
}

/**
 * probe_print_fmt_noargs - the print fmt of an event without arguments
 * @ptype: which header the records have
 *
 * Every event without arguments of one header type has the same print
 * fmt, the text probe_print_fmt() writes for no arguments, so it can be
 * shared instead of allocated per event.
 *
 * Return: a string constant.
 */
const char *probe_print_fmt_noargs(enum probe_print_type ptype)
{
	return probe_headers[ptype].fmt_noargs;
}

/**
 * probe_args_match - compare arguments with the words of a delete command
 * @args: the probe's arguments
 * @nr_args: their number
 * @argc: number of words to match
 * @argv: words in "NAME=FETCHARG[:TYPE]" form
 *
 * Return: true if every word matches the argument at its position (a
 * shorter list matches a prefix).
 */
bool probe_args_match(const struct probe_arg *args, int nr_args,
		      int argc, const char *argv[])
{
	size_t len;
	int i;

	if (nr_args < argc)
		return false;
	for (i = 0; i < argc; i++) {
		len = strlen(args[i].name);
		if (strncmp(argv[i], args[i].name, len) ||
		    argv[i][len] != '=' || strcmp(argv[i] + len + 1,
						  args[i].comm))
			return false;
	}
	return true;
}
