/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pure parser of probe-event definitions: the API used by the kernel glue
 * (trace_probe.c, trace_kprobe.c) and by the host tests.
 *
 * Nothing here touches tracing objects or logs: every function reports a
 * failure as an errno plus, for user errors, a &struct probe_parse_err
 * (TP_ERR_* code, argv word index, byte offset in that word) that the glue
 * turns into an error_log entry.
 */
#ifndef __TRACE_PROBE_PARSE_H
#define __TRACE_PROBE_PARSE_H

#include <linux/types.h>
#include "trace_probe_errors.h"
#include "trace_probe_insn.h"

#define MAX_TRACE_ARGS		128
#define MAX_ARG_NAME_LEN	32
/* Typecasts and this_cpu_*() one inside the other, as in 7.3 */
#define PROBE_MAX_NESTED	8
#define MAX_PROBE_EVENT_SIZE	3072
/* Room for the words that "$arg*"/"$argN" and ":%pd" expand into */
#define MAX_BTF_ARGS_LEN	128
#define MAX_DENTRY_ARGS_LEN	256
/* As trace.h has it: the same definition twice is allowed, a different one warns */
#define MAX_EVENT_NAME_LEN	64

/* Reserved field names */
#define FIELD_STRING_IP		"__probe_ip"
#define FIELD_STRING_RETIP	"__probe_ret_ip"
#define FIELD_STRING_FUNC	"__probe_func"

/* No error recorded (errno-only failures such as -ENOMEM, -E2BIG, -ECANCELED) */
#define PROBE_ERR_NONE		(-1)

/**
 * struct probe_parse_err - where and why a definition was rejected
 * @code: TP_ERR_* id, or %PROBE_ERR_NONE
 * @index: argv word, as trace_probe_log_set_index() counts: 0 is the
 *	"p:GRP/EVENT" word, 1 the probe place, i + 2 the i-th argument.  An
 *	index >= argc puts the caret after the last word.
 * @offset: byte offset of the caret inside that word
 * @detail: text logged after the message, or NULL; it must outlive the
 *	error's logging (the fprobe head owns the name of the function a
 *	BTF variable of a pattern fails at)
 */
struct probe_parse_err {
	int		code;
	int		index;
	int		offset;
	const char	*detail;
};

/**
 * struct probe_arg - one parsed probe argument
 * @code: its fetch program, ending in FETCH_OP_END
 * @dynamic: it stores a data_loc (string or array of strings)
 * @offset: byte offset in the argument area of the record
 * @count: array length, 0 for a scalar
 * @name: field name
 * @comm: the argument text after "NAME=", as listed in kprobe_events
 * @fmt: field type for arrays ("u8[4]"), NULL otherwise
 * @type: the fetch type
 *
 * Lifetime: filled by probe_arg_parse(), released by probe_arg_free();
 * @code, @name, @comm and @fmt are owned, @type points into fetch_types[].
 */
struct probe_arg {
	struct fetch_insn	*code;
	bool			dynamic;
	unsigned int		offset;
	unsigned int		count;
	const char		*name;
	const char		*comm;
	char			*fmt;
	const struct fetch_type	*type;
};

/**
 * struct probe_entry_arg - entry-time program of a return probe
 * @code: (ARG n ST_EDATA off)* END, one pair per distinct $argN
 * @size: capacity of @code in instructions
 *
 * Created by the first $argN of a return probe, shared by all arguments of
 * the probe, freed by probe_entry_arg_free().
 */
struct probe_entry_arg {
	struct fetch_insn	*code;
	unsigned int		size;
};

struct probe_parse_ctx;
struct probe_btf_var;

/**
 * struct probe_btf_cast - a typecast, "(NAME[,FIELD])VALUE->PATH"
 * @name: the struct the value is cast to a pointer to
 * @field: the member of it the value points at (container_of), or NULL
 * @path: the members read, the text after the first "->"
 */
struct probe_btf_cast {
	const char	*name;
	const char	*field;
	const char	*path;
};

/* Dereferences a BTF field access may need: one per "->" */
#define PROBE_BTF_MAX_DEREFS	(MAX_ARGSTR_LEN / 3 + 1)

/**
 * struct probe_btf_ops - BTF lookups, provided by the kernel glue
 * @find_var: resolve a BTF variable at the probe point: a parameter name or
 *	"$retval", optionally followed by a "->field[.field|->field...]"
 *	path.  Fills @var; returns 0, or -errno with @var->err set to the
 *	TP_ERR_* id to report at column @var->err_pos of the variable.
 * @nr_params: number of parameters of the probed function (0 for none),
 *	or -ENOENT when it has no BTF prototype
 * @find_cast: resolve what a typecast "(STRUCT[,FIELD])VALUE->PATH" reads:
 *	the struct by name (any BTF, no probed function needed) and the
 *	members of @cast, as probe_type_find_cast() does.  Returns 0, or
 *	-errno with @var->err set and @var->err_in saying what
 *	@var->err_pos counts from (an unknown struct: -EINVAL,
 *	NO_PTR_STRCT in the name).  May be NULL: no typecasts.
 * @param_name: copy the name of parameter @idx (below @nr_params) into
 *	@buf of @size bytes as snprintf() does, returning the length of the
 *	whole name; -ENOENT when BTF has no name for it.  The name is copied
 *	because BTF may go away with its module once the lookup is over.
 *
 * With no provider (ctx->btf == NULL) the parser behaves like a 6.12
 * kernel built without CONFIG_PROBE_EVENTS_BTF_ARGS: bare names and
 * "$arg*" give NOSUP_BTFARG and "$retval..." on a return probe is the raw
 * return value.  probe_args_expand() uses @nr_params and @param_name to
 * turn "$arg*" and "$argN" into parameter names before parsing; a
 * provider without them has no prototypes to expand from.
 */
struct probe_btf_ops {
	int (*find_var)(struct probe_parse_ctx *ctx, const char *name,
			struct probe_btf_var *var);
	int (*nr_params)(struct probe_parse_ctx *ctx);
	int (*find_cast)(struct probe_parse_ctx *ctx,
			 const struct probe_btf_cast *cast,
			 struct probe_btf_var *var);
	int (*param_name)(struct probe_parse_ctx *ctx, unsigned int idx,
			  char *buf, int size);
};

/* What a ":string" type does with a BTF variable */
enum probe_btf_str {
	PROBE_BTF_STR_NONE,	/* not made of chars: BAD_TYPE4STR */
	PROBE_BTF_STR_PTR,	/* char *: read the string it points to */
	PROBE_BTF_STR_ARRAY,	/* char []: the string is the value */
};

/* What the position of a BTF error counts from */
enum probe_btf_err_in {
	PROBE_BTF_IN_PATH,	/* the variable, or a typecast's members read */
	PROBE_BTF_IN_FIELD,	/* a typecast's container_of member */
	PROBE_BTF_IN_NAME,	/* a typecast's struct name */
};

/**
 * struct probe_btf_var - a BTF variable found by &probe_btf_ops.find_var
 * @param: parameter index, counted from 0 (ignored for $retval)
 * @is_retval: the variable is the return value
 * @type: fetch type name matching the BTF type, or NULL for the default
 * @str: &enum probe_btf_str of its type
 * @nr_derefs: number of dereferences of the field path
 * @deref: their byte offsets, in the order they are applied
 * @bitoffs: bit offset of a bitfield in the value read last
 * @bitsize: its width in bits, 0 when it is not a bitfield
 * @err: TP_ERR_* id when the lookup fails
 * @err_pos: where the error is, counted from the start of the variable
 *	(of a typecast's part that @err_in names)
 * @err_in: &enum probe_btf_err_in
 * @err_detail: &probe_parse_err.detail of the error, or NULL
 */
struct probe_btf_var {
	unsigned int	param;
	bool		is_retval;
	const char	*type;
	u8		str;
	unsigned int	nr_derefs;
	int		deref[PROBE_BTF_MAX_DEREFS];
	u8		bitoffs;
	u8		bitsize;
	int		err;
	int		err_pos;
	u8		err_in;
	const char	*err_detail;
};

int probe_btf_next_field(const char *text, int pos, int *len);

/**
 * struct probe_parse_ctx - state shared by the arguments of one probe
 * @flags: TPARG_FL_*
 * @funcname: probed function, for BTF lookups (may be NULL)
 * @btf: BTF provider, NULL when BTF is not available
 * @btf_data: private data of @btf
 * @btf_proto: the BTF prototype of @funcname was found while expanding
 *	"$arg" words or typing "$retval".  6.12 keeps it for the rest of the
 *	probe, and then reports a name unknown to a function without
 *	parameters as NO_BTFARG rather than NO_BTF_ENTRY.
 * @find_field: eprobe only: look up a field of the attached event
 * @field_data: private data of @find_field
 * @args: the probe's argument array; entries before the one being parsed
 *	are complete (their names must not be reused)
 * @word_base: argv index of the first argument, for error positions
 * @max_args: number of arguments of the probe, sizes the entry program
 * @size: bytes used so far in the argument area of the record
 * @entry_arg: entry program of a return probe, created on demand
 * @err: the error of the last failed call
 * @first_err: an error 6.12 logs before @err for the same argument (a
 *	register where there are none: BAD_VAR, then BAD_FETCH_ARG, at the
 *	same caret); unset (%PROBE_ERR_NONE) otherwise
 *
 * Lifetime: zero it (or use probe_parse_ctx_init()), parse the arguments,
 * then take @entry_arg over or release it with probe_entry_arg_free().
 */
struct probe_parse_ctx {
	unsigned int			flags;
	const char			*funcname;
	const struct probe_btf_ops	*btf;
	void				*btf_data;
	bool				btf_proto;
	const void *(*find_field)(void *data, const char *name);
	void				*field_data;
	struct probe_arg		*args;
	int				word_base;
	unsigned int			max_args;
	unsigned int			size;
	struct probe_entry_arg		*entry_arg;
	struct probe_parse_err		err;
	struct probe_parse_err		first_err;
};

void probe_parse_ctx_init(struct probe_parse_ctx *ctx, unsigned int flags,
			  struct probe_arg *args, unsigned int max_args);
int probe_arg_parse(struct probe_parse_ctx *ctx, int index, const char *text,
		    struct probe_arg *parg);
int probe_args_check_meta(struct probe_parse_ctx *ctx, int argc,
			  const char *argv[]);

/**
 * struct probe_args_exp - the argument words of a command, as parsed
 * @argc: number of words
 * @argv: the words: the command's own array, or @meta_argv
 * @meta_argv: the words after "$arg*"/"$argN" expansion, or NULL
 * @meta_buf: text of the expanded words (MAX_BTF_ARGS_LEN bytes), or NULL
 * @dentry_buf: text of the rewritten ":%pd" words, or NULL
 *
 * Lifetime: filled by probe_args_expand(); the words may point into the
 * buffers, so keep it until the arguments are parsed and any error is
 * logged, then release it with probe_args_exp_free().
 */
struct probe_args_exp {
	int		argc;
	const char	**argv;
	const char	**meta_argv;
	char		*meta_buf;
	char		*dentry_buf;
};

int probe_args_expand(struct probe_parse_ctx *ctx, int argc,
		      const char *argv[], struct probe_args_exp *exp);
void probe_args_exp_free(struct probe_args_exp *exp);
void probe_arg_free(struct probe_arg *parg);
void probe_entry_arg_free(struct probe_entry_arg *earg);
unsigned int probe_entry_data_size(const struct probe_entry_arg *earg);

bool probe_is_good_name(const char *s, int len, bool hash_ok);
int probe_set_err(struct probe_parse_err *err, int index, int code, int pos,
		  int ret);
int probe_check_nr_args(int nr, struct probe_parse_err *err);
int probe_err_column(int argc, const char *argv[],
		     const struct probe_parse_err *err);
int probe_split_symbol_offset(const char *text, size_t *sym_len,
			      long *offset);
int probe_parse_event_name(const char *text, int offset,
			   struct probe_parse_err *err,
			   char *group, char *event);
void probe_sanitize_event_name(char *name);

/* Which fixed header precedes the arguments in the record */
enum probe_print_type {
	PROBE_PRINT_NORMAL,	/* kprobe: __probe_ip */
	PROBE_PRINT_RETURN,	/* kretprobe: __probe_func, __probe_ret_ip */
	PROBE_PRINT_EVENT,	/* eprobe: no header */
};

/* The most words a record header has (a return probe's) */
#define PROBE_HEADER_MAX_WORDS	2

/*
 * The number of header words of a record type, the names of which
 * probe_headers[] has; inline, so that a hit path that knows its record
 * type at compile time folds it
 */
static inline unsigned int probe_header_words(enum probe_print_type ptype)
{
	switch (ptype) {
	case PROBE_PRINT_NORMAL:
		return 1;
	case PROBE_PRINT_RETURN:
		return 2;
	default:
		return 0;
	}
}

/**
 * struct probe_header - the fixed words of a record type
 * @names: the field names of its header words (probe_header_words() of
 *	them, unsigned longs between the common fields and the arguments),
 *	in the order of the record
 * @fmt: what the print fmt shows of them ("(%lx <- %lx)"); the print fmt
 *	then passes them, in order, before the arguments
 * @fmt_noargs: the whole print fmt of an event without arguments
 *
 * probe_headers[] has one per &enum probe_print_type: the fields of the
 * format file, the print fmt, the header size of the hit path and of the
 * readers all come from it.
 */
struct probe_header {
	const char	*names[PROBE_HEADER_MAX_WORDS];
	const char	*fmt;
	const char	*fmt_noargs;
};

extern const struct probe_header probe_headers[];

/**
 * struct probe_field_desc - one argument as a field of the event format
 * @name: field name
 * @type: field type text ("u32", "__data_loc char[]", "u8[4]")
 * @offset: byte offset from the start of the record
 * @size: bytes in the fixed part
 * @is_signed: the field's "signed" attribute
 */
struct probe_field_desc {
	const char	*name;
	const char	*type;
	unsigned int	offset;
	unsigned int	size;
	bool		is_signed;
};

unsigned int probe_header_size(enum probe_print_type ptype);
void probe_arg_field_desc(const struct probe_arg *parg,
			  enum probe_print_type ptype,
			  struct probe_field_desc *desc);
int probe_print_fmt(char *buf, int len, const struct probe_arg *args,
		    int nr_args, enum probe_print_type ptype);
const char *probe_print_fmt_noargs(enum probe_print_type ptype);
bool probe_args_match(const struct probe_arg *args, int nr_args,
		      int argc, const char *argv[]);

/**
 * struct probe_tok - a piece of a command, located in its argv word
 * @s: first character (not NUL-terminated)
 * @len: length in bytes
 * @pos: column of @s in its argv word, the base of error carets
 */
struct probe_tok {
	const char	*s;
	int		len;
	int		pos;
};

/* --- Commands: the creation pipeline every front end shares ------------ */

/**
 * struct probe_head - the head of a definition, as every front end has it
 * @group: group (system) name
 * @event: event name, given or generated
 * @flags: TPARG_FL_* to parse the arguments with
 * @funcname: the probed function, for BTF lookups; NULL if there is none
 * @btf: BTF provider for the arguments, NULL without BTF
 * @btf_data: the private data of @btf (&probe_parse_ctx.btf_data)
 * @find_field: eprobes: the fields of the attached event ("$FIELD")
 * @field_data: the data of @find_field
 * @kind: what the probes of one event must have in common (defined by the
 *	front end: return probe or not, tracepoint or not); a probe of
 *	another kind cannot join the event (DIFF_PROBE_TYPE)
 * @ptype: the fixed header of the records
 * @nr_words: number of argument words, from argv[2] on
 * @expand: rewrite "$arg*", "$argN" and ":%pd" words before parsing them
 *	(kprobes and fprobes do, uprobes and eprobes do not)
 *
 * The front end's head parser allocates its own head with this one
 * embedded, and fills both.
 */
struct probe_head {
	char				group[MAX_EVENT_NAME_LEN];
	char				event[MAX_EVENT_NAME_LEN];
	unsigned int			flags;
	const char			*funcname;
	const struct probe_btf_ops	*btf;
	void				*btf_data;
	const void *(*find_field)(void *data, const char *name);
	void				*field_data;
	u8				kind;
	enum probe_print_type		ptype;
	int				nr_words;
	bool				expand;
};

struct probe_cmd;

/**
 * struct probe_cmd_ops - the syntax of a probe front end
 * @subsystem: the error_log prefix of its errors ("trace_kprobe")
 * @parse_head: parse the head words of @cmd (the type letter, the event
 *	name, the probe place) into a new @cmd->head, with the kernel
 *	lookups in @cmd->env.  Returns 0; -ECANCELED when the command is not
 *	for this front end (nothing is logged, dynamic_events tries the
 *	next one); or -errno, with @cmd->err set for a user error.
 * @free_head: release a head that @parse_head allocated (may be partly
 *	filled)
 * @check_arg: optional: a last check of each argument once it is parsed
 *	(eprobes resolve "@SYM" there); -errno rejects the command
 * @check_head: optional: a last check of the head once the arguments are
 *	parsed (fprobes check their function pattern there, where 6.12
 *	registers the fprobe: an argument's error comes first); -errno, with
 *	@cmd->err set, rejects the command
 *
 * The kernel glue pairs it with what creating a probe takes beyond the
 * text (trace_probe.h); the tests pair it with a fake kernel.
 */
struct probe_cmd_ops {
	const char	*subsystem;
	int		(*parse_head)(struct probe_cmd *cmd);
	void		(*free_head)(struct probe_head *head);
	int		(*check_arg)(struct probe_cmd *cmd,
				     struct probe_arg *parg);
	int		(*check_head)(struct probe_cmd *cmd);
};

/**
 * struct probe_cmd - one definition, on its way to become a probe
 * @ops: the front end's syntax
 * @env: the kernel lookups its head parser takes (its own type)
 * @argc: number of words of the command, as error_log shows them
 * @argv: the words
 * @head: the parsed head (owned)
 * @exp: the argument words after expansion
 * @ctx: the parse context of the arguments
 * @args: the arguments, in the probe that the caller's alloc made
 * @dynamic: some argument is a string, whose size varies per hit
 * @onepass: @dynamic, and every string can be copied without measuring
 *	it first into a bounded room (no symstr, whose data_loc is the room)
 * @plain_load: the load of every argument, if each is a register
 *	(FETCH_OP_REG), or each a function argument (FETCH_OP_ARG), stored
 *	as it is (the load, ST_RAW, END); 0 otherwise
 * @err: why the command failed: the error to log
 * @first_err: an error to log before @err, for the commands that log two
 *	(an eprobe's attached event with a bad name: that error, then
 *	NO_EVENT_INFO; and the argument errors of &probe_parse_ctx.first_err);
 *	unset (%PROBE_ERR_NONE) otherwise
 * @priv: the caller's
 *
 * Lifetime: probe_cmd_init(), probe_cmd_parse(), then probe_cmd_release()
 * whatever the result.  The arguments belong to the caller's probe.
 */
struct probe_cmd {
	const struct probe_cmd_ops	*ops;
	const void			*env;
	int				argc;
	const char			**argv;
	struct probe_head		*head;
	struct probe_args_exp		exp;
	struct probe_parse_ctx		ctx;
	struct probe_arg		*args;
	bool				dynamic;
	bool				onepass;
	u8				plain_load;
	struct probe_parse_err		err;
	struct probe_parse_err		first_err;
	void				*priv;
};

/**
 * typedef probe_cmd_alloc_t - make the probe of a parsed head
 * @cmd: the command; its head is parsed
 * @nargs: the number of arguments the probe gets
 *
 * Sets @cmd->args to room for @nargs zeroed arguments (and @cmd->priv as
 * the caller likes).
 *
 * Return: 0 or -ENOMEM.
 */
typedef int (*probe_cmd_alloc_t)(struct probe_cmd *cmd, int nargs);

void probe_cmd_init(struct probe_cmd *cmd, const struct probe_cmd_ops *ops,
		    const void *env, int argc, const char *argv[]);
int probe_cmd_parse(struct probe_cmd *cmd, probe_cmd_alloc_t alloc);
void probe_cmd_release(struct probe_cmd *cmd);
int probe_parse_maxactive(struct probe_cmd *cmd, const char *colon,
			  unsigned int limit, unsigned int *maxactive);

/**
 * struct probe_sig - what the probes of one event have in common
 * @kind: &probe_head.kind
 * @args: the arguments
 * @nr_args: their number
 */
struct probe_sig {
	u8			kind;
	const struct probe_arg	*args;
	int			nr_args;
};

int probe_args_compare(const struct probe_arg *a, int na,
		       const struct probe_arg *b, int nb);
bool probe_args_same_text(const struct probe_arg *a,
			  const struct probe_arg *b, int nr_args);
int probe_append_check(const struct probe_sig *new,
		       const struct probe_sig *event,
		       struct probe_parse_err *err);
int probe_attach_error(int ret, struct probe_parse_err *err);

#endif /* __TRACE_PROBE_PARSE_H */
