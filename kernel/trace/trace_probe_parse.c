// SPDX-License-Identifier: GPL-2.0
/*
 * The argument compiler of probe-event definitions: the fetch argument
 * grammar, the types, and the code generation of fetch programs.  The
 * words of a command are rewritten before it (trace_probe_expand.c); the
 * head parsers' helpers are in trace_probe_head.c, above this file: the
 * name and error primitives below are what both build on.
 *
 * This file is pure: it sees no tracing object, no global state and logs
 * nothing.  Kernel services come through trace_probe_internal.h only, so
 * the host tests can build it against userspace equivalents.  Errors are
 * returned as an errno plus a &struct probe_parse_err (TP_ERR_* code and
 * caret position) that the glue turns into an error_log entry.
 *
 * Error codes and caret positions follow Linux 6.12 exactly, quirks
 * included; each quirk is pointed out where it is reproduced.
 */
#include "trace_probe_internal.h"
#include "trace_probe_parse.h"

/* $stackN and $argN accept N up to the number of words in a kernel stack */
#define PARAM_MAX_STACK		(THREAD_SIZE / sizeof(unsigned long))

/*
 * '@' adds one dereference; each "+N(...)" needs at least four characters.
 * Typecasts and this_cpu_*() stop adding at a full program (TOO_MANY_OPS).
 */
#define FETCH_DESC_MAX_DEREFS	(MAX_ARGSTR_LEN / 4 + 2)
static_assert(FETCH_DESC_MAX_DEREFS > FETCH_INSN_MAX);

/*
 * The helpers that hold a buffer of the argument's length are noinline:
 * inlined, their buffers would sit in the frames that recursion stacks
 * (parse_fetch() through typecasts and this_cpu_*(), PROBE_MAX_NESTED deep).
 */

/* The per-CPU accessors of 7.3, with their '(' */
#define THIS_CPU_READ		"this_cpu_read("
#define THIS_CPU_PTR		"this_cpu_ptr("

static const char * const reserved_field_names[] = {
	"common_type",
	"common_flags",
	"common_preempt_count",
	"common_pid",
	"common_tgid",
	FIELD_STRING_IP,
	FIELD_STRING_RETIP,
	FIELD_STRING_FUNC,
};

/* --- Names and errors -------------------------------------------------- */

/**
 * probe_is_good_name - check an event, group or field name
 * @s: the name (not necessarily NUL-terminated)
 * @len: its length
 * @hash_ok: also accept '-' (group names)
 *
 * Return: true if @s looks like a C identifier (with '-' if @hash_ok).
 */
bool probe_is_good_name(const char *s, int len, bool hash_ok)
{
	int i;

	if (!len || (!isalpha(s[0]) && s[0] != '_' && !(hash_ok && s[0] == '-')))
		return false;
	for (i = 1; i < len; i++)
		if (!isalnum(s[i]) && s[i] != '_' && !(hash_ok && s[i] == '-'))
			return false;
	return true;
}

/**
 * probe_set_err - record a user error
 * @err: where to record it
 * @index: the argv word it is in
 * @code: its TP_ERR_* id
 * @pos: the caret's offset in that word
 * @ret: what to return
 *
 * Return: @ret, so that a parser can "return probe_set_err(...)".
 */
int probe_set_err(struct probe_parse_err *err, int index, int code, int pos,
		  int ret)
{
	err->code = code;
	err->index = index;
	err->offset = pos;
	err->detail = NULL;
	return ret;
}

/* --- Tokens ------------------------------------------------------------ */

static struct probe_tok tok_make(const char *s, int len, int pos)
{
	return (struct probe_tok){ .s = s, .len = len, .pos = pos };
}

/* The part of @t from byte @from, @len bytes long */
static struct probe_tok tok_sub(struct probe_tok t, int from, int len)
{
	return tok_make(t.s + from, len, t.pos + from);
}

static struct probe_tok tok_tail(struct probe_tok t, int from)
{
	return tok_sub(t, from, t.len - from);
}

/* Index of the first @c in @t, or -1 */
static int tok_find(struct probe_tok t, char c)
{
	const char *p = memchr(t.s, c, t.len);

	return p ? p - t.s : -1;
}

/* Index of the last @c in @t, or -1 */
static int tok_rfind(struct probe_tok t, char c)
{
	int i;

	for (i = t.len - 1; i >= 0; i--)
		if (t.s[i] == c)
			return i;
	return -1;
}

static char tok_at(struct probe_tok t, int i)
{
	return i < t.len ? t.s[i] : '\0';
}

static bool tok_eq(struct probe_tok t, const char *str)
{
	return strlen(str) == t.len && !memcmp(t.s, str, t.len);
}

static bool tok_has_prefix(struct probe_tok t, const char *prefix)
{
	size_t len = strlen(prefix);

	return t.len >= len && !memcmp(t.s, prefix, len);
}

/* Copy @t NUL-terminated into @buf of @size bytes; false if it does not fit */
static bool tok_copy(struct probe_tok t, char *buf, size_t size)
{
	if (t.len >= size)
		return false;
	memcpy(buf, t.s, t.len);
	buf[t.len] = '\0';
	return true;
}

/*
 * Numbers are converted with the kernel's kstrto*() rules (base prefixes,
 * a leading '+', overflow is -ERANGE).  Argument tokens are never longer
 * than MAX_ARGSTR_LEN, so a stack copy is enough.
 */
static noinline int tok_kstrtoul(struct probe_tok t, unsigned int base,
				 unsigned long *res)
{
	char buf[MAX_ARGSTR_LEN + 1];

	if (!tok_copy(t, buf, sizeof(buf)))
		return -EINVAL;
	return kstrtoul(buf, base, res);
}

static noinline int tok_kstrtol(struct probe_tok t, unsigned int base,
				long *res)
{
	char buf[MAX_ARGSTR_LEN + 1];

	if (!tok_copy(t, buf, sizeof(buf)))
		return -EINVAL;
	return kstrtol(buf, base, res);
}

/*
 * simple_strtoul() with base 0, without wrapping: stops at the first
 * character that is not a digit.  Returns the number of characters used,
 * or -ERANGE when the value does not fit in 64 bits.
 */
static int tok_scan_ulong(struct probe_tok t, u64 *res)
{
	unsigned int base = 10, i = 0, digit;
	u64 val = 0;

	if (tok_at(t, 0) == '0') {
		base = 8;
		if (tolower(tok_at(t, 1)) == 'x' && isxdigit(tok_at(t, 2))) {
			base = 16;
			i = 2;
		}
	}
	for (; i < t.len; i++) {
		if (isdigit(t.s[i]))
			digit = t.s[i] - '0';
		else if (isxdigit(t.s[i]))
			digit = tolower(t.s[i]) - 'a' + 10;
		else
			break;
		if (digit >= base)
			break;
		if (val > (U64_MAX - digit) / base)
			return -ERANGE;
		val = val * base + digit;
	}
	*res = val;
	return i;
}

/* --- Fetch argument grammar -------------------------------------------- */

/*
 * A probe argument is one argv word:
 *
 *   arg      ::= [ name '=' ] body                  (one argv word)
 *   body     ::= fetch [ ':' type ]                 (at most 63 chars)
 *   fetch    ::= '%' REG
 *              | '@' ADDR | '@' SYM [ ('+'|'-') OFFS ] | '@+' FOFFS
 *              | '$' var
 *              | '\' IMM | '\"' CHARS '"'
 *              | ('+'|'-') [ 'u' ] OFFS '(' fetch ')'
 *              | IDENT                               (BTF variable)
 *   var      ::= 'retval' | 'stack' | 'stack' N | 'comm' | 'COMM' | 'arg' N
 *   type     ::= tname [ '[' N ']' ]
 *   tname    ::= u8|u16|u32|u64|s8|...|x64|char|string|ustring|symbol|symstr
 *              | 'b' WIDTH '@' OFFSET '/' CONTAINER
 *
 * 6.12 splits the body at the first ':' and the type at the first '[';
 * a dereference takes everything between its first '(' and the last ')'
 * of its token, and ignores what follows that ')'.
 *
 * Parsing builds a &struct fetch_desc (the load, then the dereferences from
 * the outermost to the innermost) without emitting anything.  Code is then
 * generated in execution order: the load, the inner dereferences, and the
 * outermost access, which stays pending until the store decides whether it
 * becomes a DEREF or is folded into ST_MEM/ST_STRING.
 *
 * Example: "+8(+0(%si)):u16" at argument 0 of a kprobe.
 *   parse_type()   type u16 at column 12
 *   parse_fetch()  '+': deref +8, inner "+0(%si)" at column 3, anchor 3
 *     parse_fetch()  '+': deref +0, inner "%si" at column 6
 *       parse_fetch()  '%': load REG si
 *   emit_loads()   REG si; DEREF +0 (inner); slot 2 pending for +8
 *   emit_store()   the pending slot becomes ST_MEM +8 size=2
 *   result         REG si; DEREF +0; ST_MEM +8 size=2; END
 */

/**
 * struct fetch_deref - one dereference of a fetch argument
 * @offset: added to the address before reading
 * @user: read user memory
 * @cpu: not a read: this CPU's instance of a per-CPU address
 *	(this_cpu_ptr()), @offset and @user unused
 * @pos: caret position of a "too many ops" error for this dereference
 */
struct fetch_deref {
	int	offset;
	bool	user;
	bool	cpu;
	int	pos;
};

/**
 * struct fetch_desc - a parsed fetch argument, before code generation
 * @load: the first instruction (for a symbol: the IMM after NOP_SYMBOL)
 * @symbol: the load is "@SYM": emit a NOP_SYMBOL holding @text first
 * @text: symbol name (NOP_SYMBOL) or string (DATA), copied at emission
 * @entry_param: for EDATA, the function argument saved at entry
 * @nr_derefs: number of entries in @deref
 * @deref: dereferences, outermost first
 * @btf_type: fetch type suggested by BTF when no type is given
 * @btf_var: the fetch is a BTF variable, not inside a dereference
 * @btf_str: what ":string" does with it (&enum probe_btf_str)
 * @btf_bitoffs: bit offset of a BTF bitfield in the value read
 * @btf_bitsize: its width, 0 if the variable is not a bitfield
 */
struct fetch_desc {
	struct fetch_insn	load;
	bool			symbol;
	struct probe_tok	text;
	unsigned int		entry_param;
	unsigned int		nr_derefs;
	struct fetch_deref	deref[FETCH_DESC_MAX_DEREFS];
	const char		*btf_type;
	bool			btf_var;
	u8			btf_str;
	u8			btf_bitoffs;
	u8			btf_bitsize;
};

/**
 * struct type_spec - the ":TYPE" part of an argument
 * @name: type name without the array suffix (empty if not given)
 * @given: a ':' was present
 * @count: array length, 0 for a scalar
 * @pos: column of the type name (6.12 reports type errors there)
 * @type: the resolved fetch type
 */
struct type_spec {
	struct probe_tok	name;
	bool			given;
	unsigned int		count;
	int			pos;
	const struct fetch_type	*type;
};

/**
 * struct arg_parser - state while compiling one argument
 * @ctx: the probe's parse context
 * @index: argv index of the argument, for errors
 * @desc: the parsed fetch
 * @ts: the parsed type
 * @anchor: where 6.12 reports the errors found after parsing: the inside
 *	of the outermost dereference, or the start of the body
 * @type_off: offset of the type name in the body, added to @anchor for
 *	type/fetch mismatches (0 when no type is given)
 * @nested: typecasts and this_cpu_*() being parsed, one inside the other
 * @prog: the program being generated
 * @nr_insn: instructions used in @prog
 * @pending: slot of the outermost access waiting for the store, or -1
 */
struct arg_parser {
	struct probe_parse_ctx	*ctx;
	int			index;
	struct fetch_desc	desc;
	struct type_spec	ts;
	int			anchor;
	int			type_off;
	unsigned int		nested;
	struct fetch_insn	prog[FETCH_INSN_MAX];
	unsigned int		nr_insn;
	int			pending;
};

static int arg_error(struct arg_parser *p, int code, int pos, int ret)
{
	return probe_set_err(&p->ctx->err, p->index, code, pos, ret);
}

static int parse_fetch(struct arg_parser *p, struct probe_tok t, bool top);

/* "$stack" or "$stackN" */
static int parse_var_stack(struct arg_parser *p, struct probe_tok t,
			   struct probe_tok num)
{
	struct fetch_insn *load = &p->desc.load;
	unsigned long param;

	if (!num.len) {
		load->op = FETCH_OP_STACKP;
		return 0;
	}
	if (!isdigit(num.s[0]) || tok_kstrtoul(num, 10, &param))
		return arg_error(p, TP_ERR_BAD_VAR, t.pos, -EINVAL);
	if ((p->ctx->flags & TPARG_FL_KERNEL) && param > PARAM_MAX_STACK)
		return arg_error(p, TP_ERR_BAD_STACK_NUM, t.pos, -EINVAL);
	load->op = FETCH_OP_STACK;
	load->param = param;
	return 0;
}

/* Load function argument @param (from 0) at entry, or its saved copy */
static void load_func_arg(struct arg_parser *p, unsigned int param)
{
	struct fetch_insn *load = &p->desc.load;
	unsigned int flags = p->ctx->flags;

	if (tparg_is_function_entry(flags)) {
		/* a tracepoint stub's first parameter is a dummy */
		load->op = FETCH_OP_ARG;
		load->param = param + !!(flags & TPARG_FL_TPOINT);
	} else {
		/* saved by the entry handler, see emit_load() */
		load->op = FETCH_OP_EDATA;
		p->desc.entry_param = param;
	}
}

/* "$argN" */
static int parse_var_arg(struct arg_parser *p, struct probe_tok t,
			 struct probe_tok num)
{
	unsigned int flags = p->ctx->flags;
	unsigned long param;

	if (!IS_ENABLED(CONFIG_HAVE_FUNCTION_ARG_ACCESS_API))
		return arg_error(p, TP_ERR_BAD_VAR, t.pos, -EINVAL);
	if (tok_kstrtoul(num, 10, &param))
		return arg_error(p, TP_ERR_BAD_VAR, t.pos, -EINVAL);
	if (!param || param > PARAM_MAX_STACK)
		return arg_error(p, TP_ERR_BAD_ARG_NUM, t.pos, -EINVAL);
	if (!tparg_is_function_entry(flags) && !tparg_is_function_return(flags))
		return arg_error(p, TP_ERR_NOFENTRY_ARGS, t.pos, -EINVAL);
	load_func_arg(p, param - 1);	/* $arg1 is argument 0 */
	return 0;
}

static int parse_btf_var(struct arg_parser *p, struct probe_tok t);
static int parse_var_current(struct arg_parser *p, struct probe_tok t,
			     struct probe_tok rest);

/*
 * Load the field @name of an eprobe's attached event, if it has one.
 * Noinline: the name's copy stays out of the recursive parser's frame.
 */
static noinline bool load_event_field(struct arg_parser *p,
				      struct probe_tok name)
{
	struct probe_parse_ctx *ctx = p->ctx;
	char buf[MAX_ARGSTR_LEN + 1];
	const void *field;

	if (!ctx->find_field || !tok_copy(name, buf, sizeof(buf)))
		return false;
	field = ctx->find_field(ctx->field_data, buf);
	if (!field)
		return false;
	p->desc.load.op = FETCH_OP_TP_ARG;
	p->desc.load.data = (void *)field;
	return true;
}

/* An eprobe "$field" of the attached event */
static int parse_var_field(struct arg_parser *p, struct probe_tok t,
			   struct probe_tok name)
{
	if (load_event_field(p, name))
		return 0;
	if (tok_eq(name, "comm") || tok_eq(name, "COMM")) {
		p->desc.load.op = FETCH_OP_COMM;
		return 0;
	}
	return arg_error(p, TP_ERR_BAD_VAR, t.pos, -EINVAL);
}

/* '$' var; all errors point at the '$' */
static int parse_var(struct arg_parser *p, struct probe_tok t)
{
	struct probe_tok name = tok_tail(t, 1);
	unsigned int flags = p->ctx->flags;

	if (flags & TPARG_FL_TEVENT)
		return parse_var_field(p, t, name);

	/* 6.12 matches a prefix: "$retvalue" is $retval too */
	if (tok_has_prefix(name, "retval")) {
		if (!(flags & TPARG_FL_RETURN))
			return arg_error(p, TP_ERR_RETVAL_ON_PROBE, t.pos,
					 -EINVAL);
		if (!(flags & TPARG_FL_KERNEL) || !p->ctx->btf) {
			p->desc.load.op = FETCH_OP_RETVAL;
			return 0;
		}
		return parse_btf_var(p, t);
	}
	if (tok_has_prefix(name, "stack"))
		return parse_var_stack(p, t, tok_tail(name, 5));
	if (tok_eq(name, "comm") || tok_eq(name, "COMM")) {
		p->desc.load.op = FETCH_OP_COMM;
		return 0;
	}
	if (tok_has_prefix(name, "arg"))
		return parse_var_arg(p, t, tok_tail(name, 3));
	if (tok_has_prefix(name, "current"))
		return parse_var_current(p, t, tok_tail(name, 7));
	return arg_error(p, TP_ERR_BAD_VAR, t.pos, -EINVAL);
}

/* '%' REG */
static noinline int parse_reg(struct arg_parser *p, struct probe_tok t)
{
	char buf[MAX_ARGSTR_LEN + 1];
	int offset = -EINVAL;

	/*
	 * eprobes and fprobes have no register context.  6.12 logs that, and
	 * then that the argument compiled to nothing: two error_log entries.
	 */
	if (p->ctx->flags & (TPARG_FL_TEVENT | TPARG_FL_FPROBE)) {
		probe_set_err(&p->ctx->first_err, p->index, TP_ERR_BAD_VAR,
			      t.pos, 0);
		return arg_error(p, TP_ERR_BAD_FETCH_ARG, t.pos, -EINVAL);
	}
	if (tok_copy(tok_tail(t, 1), buf, sizeof(buf)))
		offset = regs_query_register_offset(buf);
	if (offset < 0)
		return arg_error(p, TP_ERR_BAD_REG_NAME, t.pos, offset);
	p->desc.load.op = FETCH_OP_REG;
	p->desc.load.param = offset;
	return 0;
}

static int push_deref(struct arg_parser *p, long offset, bool user, int pos)
{
	struct fetch_desc *desc = &p->desc;

	/* the token length bounds the nesting, see FETCH_DESC_MAX_DEREFS */
	if (WARN_ON_ONCE(desc->nr_derefs >= ARRAY_SIZE(desc->deref)))
		return -EINVAL;
	desc->deref[desc->nr_derefs++] = (struct fetch_deref){
		/* 6.12 stores the offset in an int: keep its truncation */
		.offset = (int)offset, .user = user, .pos = pos,
	};
	return 0;
}

/*
 * Apply @d after the dereferences from @at on, which are those of the
 * innermost value parsed last: the ones before @at wrap it.  A typecast or
 * this_cpu_*() knows what it adds only once its operand is parsed.
 */
static int insert_deref(struct arg_parser *p, unsigned int at,
			struct fetch_deref d)
{
	struct fetch_desc *desc = &p->desc;

	/* more than a program holds: emission would say so at this one */
	if (desc->nr_derefs >= FETCH_INSN_MAX)
		return arg_error(p, TP_ERR_TOO_MANY_OPS, d.pos, -E2BIG);
	memmove(&desc->deref[at + 1], &desc->deref[at],
		(desc->nr_derefs - at) * sizeof(desc->deref[0]));
	desc->deref[at] = d;
	desc->nr_derefs++;
	return 0;
}

/* Read through the value once more, after every other dereference */
static int wrap_deref(struct arg_parser *p, bool user, int pos)
{
	return insert_deref(p, 0, (struct fetch_deref){ .user = user,
							.pos = pos });
}

/* '@' ADDR | '@' SYM[+-OFFS] | '@+' FOFFS: all read memory at that place */
static int parse_mem(struct arg_parser *p, struct probe_tok t)
{
	struct fetch_insn *load = &p->desc.load;
	struct probe_tok rest = tok_tail(t, 1);
	unsigned long addr;
	long foffs;
	int ret;

	if (isdigit(tok_at(rest, 0))) {
		ret = tok_kstrtoul(rest, 0, &addr);
		if (ret)
			return arg_error(p, TP_ERR_BAD_MEM_ADDR, t.pos, ret);
		load->op = FETCH_OP_IMM;
		load->immediate = addr;
	} else if (tok_at(rest, 0) == '+') {
		if (p->ctx->flags & TPARG_FL_KERNEL)
			return arg_error(p, TP_ERR_FILE_ON_KPROBE, t.pos,
					 -EINVAL);
		ret = tok_kstrtol(tok_tail(rest, 1), 0, &foffs);
		if (ret)
			return arg_error(p, TP_ERR_BAD_FILE_OFFS, t.pos, ret);
		load->op = FETCH_OP_FOFFS;
		load->immediate = foffs;
	} else {
		if (!(p->ctx->flags & TPARG_FL_KERNEL))
			return arg_error(p, TP_ERR_SYM_ON_UPROBE, t.pos,
					 -EINVAL);
		/* resolved when the probe is registered (traceprobe_update_arg) */
		p->desc.symbol = true;
		p->desc.text = rest;
		load->op = FETCH_OP_IMM;
		load->immediate = 0;
	}
	return push_deref(p, 0, false, t.pos);
}

/*
 * The text of the offset of "+N(", "-N(", "+uN(" or "-uN(": 6.12 drops the
 * 'u' and a leading '+' and hands the rest to kstrtol().
 */
static noinline int parse_deref_offset(struct probe_tok t, int paren,
				       bool user, long *offset)
{
	char buf[MAX_ARGSTR_LEN + 2];
	struct probe_tok num;
	int n = 0;

	num = tok_sub(t, user ? 2 : 1, paren - (user ? 2 : 1));
	if (t.s[0] == '-')
		buf[n++] = '-';
	if (!tok_copy(num, buf + n, sizeof(buf) - n))
		return -EINVAL;
	return kstrtol(buf, 0, offset);
}

/*
 * ('+'|'-') ['u'] OFFS '(' fetch ')'.  A chain of them may be as long as
 * the argument (63 levels), so they are taken in a loop, outermost first,
 * and only the innermost fetch is parsed by a call: the parser recurses
 * only into typecasts and this_cpu_*(), at most PROBE_MAX_NESTED deep.
 */
static int parse_deref(struct arg_parser *p, struct probe_tok t, bool top)
{
	int paren, close, inner_pos, ret;
	long offset;
	bool user;

	do {
		user = tok_at(t, 1) == 'u';
		paren = tok_find(t, '(');
		if (paren < 0)
			return arg_error(p, TP_ERR_DEREF_NEED_BRACE, t.pos,
					 -EINVAL);
		ret = parse_deref_offset(t, paren, user, &offset);
		if (ret)
			return arg_error(p, TP_ERR_BAD_DEREF_OFFS, t.pos, ret);

		/*
		 * 6.12 computes the column of the inner fetch as if the 'u'
		 * of a user dereference were not there, so inside "+uN("
		 * every caret is one column to the left.  Reproduce it:
		 * carets are ABI.
		 */
		inner_pos = t.pos + paren + 1 - (user ? 1 : 0);
		close = tok_rfind(tok_tail(t, paren + 1), ')');
		if (close < 0)
			return arg_error(p, TP_ERR_DEREF_OPEN_BRACE,
					 inner_pos + t.len - paren - 1, -EINVAL);
		if (top)
			p->anchor = inner_pos;
		top = false;
		ret = push_deref(p, offset, user, inner_pos);
		if (ret)
			return ret;
		t = tok_make(t.s + paren + 1, close, inner_pos);
	} while (tok_at(t, 0) == '+' || tok_at(t, 0) == '-');
	ret = parse_fetch(p, t, false);
	/* what is read at a BTF variable is untyped, as in 6.12 */
	p->desc.btf_type = NULL;
	p->desc.btf_var = false;
	return ret;
}

/* '\' IMM | '\"' CHARS '"' */
static int parse_imm(struct arg_parser *p, struct probe_tok t)
{
	struct fetch_insn *load = &p->desc.load;
	struct probe_tok num = tok_tail(t, 1);
	unsigned long uval;
	long sval;
	int ret;

	if (tok_at(t, 1) == '"') {
		if (t.len < 3 || t.s[t.len - 1] != '"')
			return arg_error(p, TP_ERR_IMMSTR_NO_CLOSE,
					 t.pos + t.len, -EINVAL);
		load->op = FETCH_OP_DATA;
		p->desc.text = tok_sub(t, 2, t.len - 3);
		return 0;
	}

	if (isdigit(tok_at(num, 0))) {
		ret = tok_kstrtoul(num, 0, &uval);
	} else if (tok_at(num, 0) == '-' || tok_at(num, 0) == '+') {
		/* kstrtol() takes the sign: 6.12 strips a '+' first */
		if (tok_at(num, 0) == '+')
			num = tok_tail(num, 1);
		ret = tok_kstrtol(num, 0, &sval);
		uval = sval;
	} else {
		ret = -EINVAL;
	}
	if (ret)
		return arg_error(p, TP_ERR_BAD_IMM, t.pos + 1, ret);
	load->op = FETCH_OP_IMM;
	load->immediate = uval;
	return 0;
}

static int parse_typecast(struct arg_parser *p, struct probe_tok t);
static int parse_this_cpu(struct arg_parser *p, struct probe_tok t);
static int parse_event_field(struct arg_parser *p, struct probe_tok t);

static int parse_fetch(struct arg_parser *p, struct probe_tok t, bool top)
{
	unsigned int flags = p->ctx->flags;

	switch (tok_at(t, 0)) {
	case '$':
		return parse_var(p, t);
	case '%':
		return parse_reg(p, t);
	case '@':
		return parse_mem(p, t);
	case '+':
	case '-':
		return parse_deref(p, t, top);
	case '\\':
		return parse_imm(p, t);
	case '(':
		return parse_typecast(p, t);
	}
	if (tok_has_prefix(t, THIS_CPU_READ) || tok_has_prefix(t, THIS_CPU_PTR))
		return parse_this_cpu(p, t);
	if (isalpha(tok_at(t, 0)) || tok_at(t, 0) == '_') {
		if (flags & TPARG_FL_TEVENT)
			return parse_event_field(p, t);
		if (!tparg_is_function_entry(flags) &&
		    !tparg_is_function_return(flags))
			return arg_error(p, TP_ERR_NOSUP_BTFARG, t.pos, -EINVAL);
		return parse_btf_var(p, t);
	}
	return arg_error(p, TP_ERR_BAD_FETCH_ARG, t.pos, -EINVAL);
}

/* The dereferences of a BTF field path, pushed outermost first */
static int push_btf_derefs(struct arg_parser *p, const struct probe_btf_var *var,
			   int pos)
{
	int i, ret;

	/* more than a program can hold: 6.12 says so while walking them */
	if (var->nr_derefs > PROBE_BTF_MAX_DEREFS ||
	    p->desc.nr_derefs + var->nr_derefs >= FETCH_INSN_MAX)
		return arg_error(p, TP_ERR_TOO_MANY_OPS, pos, -E2BIG);
	for (i = var->nr_derefs - 1; i >= 0; i--) {
		ret = push_deref(p, var->deref[i], false, pos);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * probe_btf_next_field - split the next field off a BTF field path
 * @text: the variable, "NAME->f[.g|->h]..."
 * @pos: where the field name starts in @text
 * @len: set to the length of the field name
 *
 * For the BTF providers, which resolve the path one field at a time.
 *
 * Return: the length of the separator after the name: 0 at the end, 1
 * for '.', 2 for "->"; -EINVAL for a '-' without '>' (BAD_HYPHEN at
 * @pos + @len).
 */
int probe_btf_next_field(const char *text, int pos, int *len)
{
	*len = strcspn(text + pos, ".-");
	switch (text[pos + *len]) {
	case '\0':
		return 0;
	case '.':
		return 1;
	default:
		return text[pos + *len + 1] == '>' ? 2 : -EINVAL;
	}
}

/* The value is what BTF variable @var reads: typed by BTF */
static void set_btf_result(struct arg_parser *p, const struct probe_btf_var *var)
{
	p->desc.btf_type = var->type;
	p->desc.btf_var = true;
	p->desc.btf_str = var->str;
	p->desc.btf_bitoffs = var->bitoffs;
	p->desc.btf_bitsize = var->bitsize;
}

/*
 * A BTF variable: a parameter name or "$retval", with an optional
 * "->field" path that the provider resolves into dereferences.  Without a
 * provider this is a kernel without CONFIG_PROBE_EVENTS_BTF_ARGS.
 */
static noinline int parse_btf_var(struct arg_parser *p, struct probe_tok t)
{
	struct probe_parse_ctx *ctx = p->ctx;
	struct probe_btf_var var = {};
	char name[MAX_ARGSTR_LEN + 1];
	int sep, len, ret;

	if (!ctx->btf)
		return arg_error(p, TP_ERR_NOSUP_BTFARG, t.pos, -EOPNOTSUPP);
	if (!ctx->funcname)
		return -EINVAL;	/* 6.12 returns this without a log entry */

	tok_copy(t, name, sizeof(name));	/* the body fits */
	sep = probe_btf_next_field(name, 0, &len);
	if (sep < 0)
		return arg_error(p, TP_ERR_BAD_HYPHEN, t.pos + len, -EINVAL);
	/* a variable is followed only through a pointer: no "VAR.field" */
	if (sep == 1)
		return arg_error(p, TP_ERR_NOSUP_DAT_ARG, t.pos + len + 1,
				 -EOPNOTSUPP);

	ret = ctx->btf->find_var(ctx, name, &var);
	if (ret == -ENODEV && tok_eq(t, "$retval")) {
		/* no BTF for this function: the raw return value */
		p->desc.load.op = FETCH_OP_RETVAL;
		return 0;
	}
	if (!ret && var.is_retval)
		ctx->btf_proto = true;
	/*
	 * For a name, NO_BTF_ENTRY means no prototype or no parameters.
	 * Once the prototype was found for this probe, 6.12 still has it
	 * and reports the name as not found (NO_BTFARG) instead.
	 */
	if (ret && var.err == TP_ERR_NO_BTF_ENTRY && !var.is_retval &&
	    ctx->btf_proto)
		var.err = TP_ERR_NO_BTFARG;
	if (ret) {
		arg_error(p, var.err, t.pos + var.err_pos, ret);
		ctx->err.detail = var.err_detail;
		return ret;
	}

	ret = push_btf_derefs(p, &var, t.pos);
	if (ret)
		return ret;
	set_btf_result(p, &var);
	if (var.is_retval)
		p->desc.load.op = FETCH_OP_RETVAL;
	else
		load_func_arg(p, var.param);
	return 0;
}

/* --- 7.3's grammar: typecasts, $current, per-CPU reads ----------------- */

/*
 * Upstream Linux 7.3 added these to what 6.12 accepts.  Every text below
 * is an error on 6.12, so they change nothing it accepts; their errors
 * and carets are 7.3's (Documentation/trace/probe-event-grammar.rst).
 *
 *   fetch   ::= ... | cast | '$current' [ '->' path ] | percpu
 *             | NAME                             (eprobe: an event field)
 *   cast    ::= '(' STRUCT [ ',' MEMBER { '.' MEMBER } ] ')' operand
 *               '->' path
 *   operand ::= '(' fetch ')' | ('+'|'-') ['u'] OFFS '(' fetch ')'
 *             | percpu | NAME | '$' var | '%' REG | '@' SYM
 *   percpu  ::= ( 'this_cpu_read(' | 'this_cpu_ptr(' ) fetch ')'
 *   path    ::= MEMBER { ( '.' | '->' ) MEMBER }
 *
 * A cast reads its operand's value as a pointer to STRUCT (to its MEMBER,
 * for a container_of cast) and resolves the path with BTF, as a BTF
 * variable's.  this_cpu_ptr(X) is this CPU's instance of the per-CPU
 * address X ("@SYM": of the per-CPU variable SYM itself), and
 * this_cpu_read(X) is +0(this_cpu_ptr(X)).  The operand is parsed first,
 * so its errors come first, as in 7.3; what a cast or this_cpu_*() adds
 * is then inserted outside the operand's dereferences.
 *
 * Casts and this_cpu_*() nest up to PROBE_MAX_NESTED deep
 * (TOO_MANY_NESTED).  7.3 counts the plain dereferences too, which would
 * refuse long "+0(+0(...))" chains that 6.12 accepts: those keep 6.12's
 * TOO_MANY_OPS limit here.
 */

/* The ')' that closes the '(' @t starts with, or -1 */
static int tok_match_paren(struct probe_tok t)
{
	int depth = 0, i;

	for (i = 0; i < t.len; i++) {
		if (t.s[i] == '(')
			depth++;
		else if (t.s[i] == ')' && !--depth)
			return i;
	}
	return -1;
}

/* Where the first "->" of @t starts, or -1 */
static int tok_find_arrow(struct probe_tok t)
{
	int i;

	for (i = 0; i + 1 < t.len; i++)
		if (t.s[i] == '-' && t.s[i + 1] == '>')
			return i;
	return -1;
}

/* "@SYM+N..." or "@SYM-N...": a cast would read the offset as a member */
static bool tok_sym_has_offset(struct probe_tok t)
{
	int i;

	for (i = 1; i + 1 < t.len; i++)
		if (t.s[i] == '+' || t.s[i] == '-')
			return isdigit(t.s[i + 1]);
	return false;
}

/*
 * Split what follows a cast's ')' into its operand (in *@operand) and the
 * member path: return where the path's "->" is in @t.  A parenthesized
 * operand, a dereference and this_cpu_*() end at their matching ')';
 * anything else at the first "->".
 */
static int typecast_operand(struct arg_parser *p, struct probe_tok t,
			    struct probe_tok *operand)
{
	bool deref = tok_at(t, 0) == '+' || tok_at(t, 0) == '-';
	bool paren = tok_at(t, 0) == '(';
	int open = -1, end;

	if (paren)
		open = 0;
	else if (deref || tok_has_prefix(t, THIS_CPU_READ) ||
		 tok_has_prefix(t, THIS_CPU_PTR))
		open = tok_find(t, '(');
	if (deref && open < 0)
		return arg_error(p, TP_ERR_DEREF_NEED_BRACE, t.pos, -EINVAL);
	if (open >= 0) {
		end = tok_match_paren(tok_tail(t, open));
		if (end < 0)
			return arg_error(p, TP_ERR_DEREF_OPEN_BRACE,
					 paren ? t.pos : t.pos + t.len, -EINVAL);
		end += open + 1;
		*operand = paren ? tok_sub(t, 1, end - 2) : tok_sub(t, 0, end);
	} else {
		if (tok_at(t, 0) == '@' && tok_sym_has_offset(t))
			return arg_error(p, TP_ERR_TYPECAST_SYM_OFFSET, t.pos,
					 -EINVAL);
		end = tok_find_arrow(t);
		if (end < 0)
			return arg_error(p, TP_ERR_TYPECAST_REQ_FIELD,
					 t.pos + t.len, -EINVAL);
		*operand = tok_sub(t, 0, end);
	}
	if (tok_at(t, end) != '-' || tok_at(t, end + 1) != '>')
		return arg_error(p, TP_ERR_TYPECAST_REQ_FIELD, t.pos + end,
				 -EINVAL);
	return end;
}

/*
 * A failed cast lookup: the caret goes into the part of the cast the
 * error is about.  $current's implicit cast (@spec NULL) has no name to
 * point at: a kernel without task_struct's BTF has no BTF entry.
 */
static int cast_error(struct arg_parser *p, const struct probe_btf_var *var,
		      const struct probe_tok *spec, int comma,
		      struct probe_tok path, int pos, int ret)
{
	if (!spec && var->err_in == PROBE_BTF_IN_NAME)
		return arg_error(p, TP_ERR_NO_BTF_ENTRY, pos, ret);
	switch (var->err_in) {
	case PROBE_BTF_IN_NAME:
		pos = spec->pos;
		break;
	case PROBE_BTF_IN_FIELD:
		pos = spec->pos + comma + 1;
		break;
	default:
		pos = path.pos;
		break;
	}
	return arg_error(p, var->err, pos + var->err_pos, ret);
}

/*
 * Cast the operand parsed last (its dereferences are those from @outer
 * on) to a pointer to the struct of @spec, "STRUCT[,MEMBER...]" (NULL:
 * $current's task_struct), and read @path through it.  @pos is the
 * cast's column.
 */
static noinline int apply_cast(struct arg_parser *p,
			       const struct probe_tok *spec, unsigned int outer,
			       struct probe_tok path, int pos)
{
	struct probe_btf_cast cast = { .name = "task_struct" };
	struct probe_btf_var var = {};
	char buf[MAX_ARGSTR_LEN + 1];
	int comma = -1, i, ret;
	char *name;

	/* both fit: disjoint parts of the body, with ")->" between them */
	if (!tok_copy(path, buf, sizeof(buf)))
		return -EINVAL;
	name = buf + path.len + 1;
	if (spec && !tok_copy(*spec, name, sizeof(buf) - path.len - 1))
		return -EINVAL;
	cast.path = buf;
	if (spec) {
		cast.name = name;
		comma = tok_find(*spec, ',');
		if (comma >= 0) {
			name[comma] = '\0';
			cast.field = name + comma + 1;
		}
	}
	ret = p->ctx->btf->find_cast(p->ctx, &cast, &var);
	if (ret)
		return cast_error(p, &var, spec, comma, path, pos, ret);
	for (i = 0; i < var.nr_derefs && !ret; i++)
		ret = insert_deref(p, outer, (struct fetch_deref){
					.offset = var.deref[i], .pos = pos });
	if (!ret)
		set_btf_result(p, &var);
	return ret;
}

/* Casts are typed by BTF where BTF arguments are, and on eprobe fields */
static bool typecast_allowed(struct probe_parse_ctx *ctx)
{
	unsigned int flags = ctx->flags;

	if (!ctx->btf || !ctx->btf->find_cast)
		return false;
	return (flags & TPARG_FL_TEVENT) || tparg_is_function_entry(flags) ||
	       tparg_is_function_return(flags);
}

/* '(' STRUCT [',' MEMBER...] ')' operand '->' path */
static int parse_typecast(struct arg_parser *p, struct probe_tok t)
{
	unsigned int outer = p->desc.nr_derefs;
	struct probe_tok spec, rest, operand;
	int close, arrow, ret;

	if (!typecast_allowed(p->ctx))
		return arg_error(p, TP_ERR_NOSUP_BTFARG, t.pos, -EOPNOTSUPP);
	close = tok_find(t, ')');
	if (close < 0)
		return arg_error(p, TP_ERR_DEREF_OPEN_BRACE, t.pos + t.len,
				 -EINVAL);
	if (p->nested >= PROBE_MAX_NESTED)
		return arg_error(p, TP_ERR_TOO_MANY_NESTED, t.pos, -E2BIG);
	spec = tok_sub(t, 1, close - 1);
	rest = tok_tail(t, close + 1);
	arrow = typecast_operand(p, rest, &operand);
	if (arrow < 0)
		return arrow;
	p->nested++;
	ret = parse_fetch(p, operand, false);
	p->nested--;
	if (ret)
		return ret;
	return apply_cast(p, &spec, outer, tok_tail(rest, arrow + 2), t.pos);
}

/* "$current[->PATH]": the running task, a task_struct for BTF */
static int parse_var_current(struct arg_parser *p, struct probe_tok t,
			     struct probe_tok rest)
{
	const struct probe_btf_ops *btf = p->ctx->btf;

	if (!(p->ctx->flags & TPARG_FL_KERNEL) ||
	    (rest.len && (!tok_has_prefix(rest, "->") || !btf ||
			  !btf->find_cast)))
		return arg_error(p, TP_ERR_BAD_VAR, t.pos, -EINVAL);
	p->desc.load.op = FETCH_OP_CURRENT;
	if (!rest.len)
		return 0;
	return apply_cast(p, NULL, p->desc.nr_derefs, tok_tail(rest, 2), t.pos);
}

/* "this_cpu_read(X)" or "this_cpu_ptr(X)": X is a per-CPU address */
static int parse_this_cpu(struct arg_parser *p, struct probe_tok t)
{
	bool read = tok_has_prefix(t, THIS_CPU_READ);
	int open = read ? strlen(THIS_CPU_READ) : strlen(THIS_CPU_PTR);
	struct fetch_deref cpu = { .cpu = true, .pos = t.pos };
	unsigned int outer = p->desc.nr_derefs;
	unsigned int flags = p->ctx->flags;
	struct probe_tok inner;
	int close, ret;

	/* not eprobes: a per-CPU address is no field of an event */
	if (!(flags & TPARG_FL_KERNEL) || (flags & TPARG_FL_TEVENT))
		return arg_error(p, TP_ERR_NOSUP_PERCPU, t.pos, -EINVAL);
	close = tok_rfind(t, ')');
	if (close < open)
		return arg_error(p, TP_ERR_DEREF_OPEN_BRACE, t.pos + t.len,
				 -EINVAL);
	if (p->nested >= PROBE_MAX_NESTED)
		return arg_error(p, TP_ERR_TOO_MANY_NESTED, t.pos, -E2BIG);
	inner = tok_make(t.s + open, close - open, t.pos + open);
	p->nested++;
	ret = parse_fetch(p, inner, false);
	p->nested--;
	if (ret)
		return ret;
	/* "@SYM" reads the variable: its address is the per-CPU one */
	if (tok_at(inner, 0) == '@' && p->desc.nr_derefs == outer + 1)
		p->desc.deref[outer] = cpu;
	else
		ret = insert_deref(p, outer, cpu);
	if (!ret && read)
		ret = insert_deref(p, outer, (struct fetch_deref){
					.pos = t.pos });
	/* what it reads is untyped, as what a dereference reads */
	p->desc.btf_type = NULL;
	p->desc.btf_var = false;
	return ret;
}

/* An eprobe's bare NAME: a field of the attached event */
static int parse_event_field(struct arg_parser *p, struct probe_tok t)
{
	if (!load_event_field(p, t))
		return arg_error(p, TP_ERR_NO_EVENT_FIELD, t.pos, -EINVAL);
	return 0;
}

/*
 * ":string" on a BTF variable: a char pointer is read through (as if
 * written "+0(VAR)"), a char array is the string itself, anything else
 * cannot be a string.  6.12 reports the error at the variable.
 */
static int prepare_btf_string(struct arg_parser *p)
{
	const struct fetch_type *type = p->ts.type;

	if (!p->desc.btf_var || !p->ts.given ||
	    (type->kind != FETCH_KIND_STRING &&
	     type->kind != FETCH_KIND_USTRING))
		return 0;
	switch (p->desc.btf_str) {
	case PROBE_BTF_STR_PTR:
		return wrap_deref(p, type->kind == FETCH_KIND_USTRING,
				  p->anchor);
	case PROBE_BTF_STR_ARRAY:
		return 0;
	default:
		return arg_error(p, TP_ERR_BAD_TYPE4STR, p->anchor, -EINVAL);
	}
}

/* --- Types ------------------------------------------------------------- */

/* The "[N]" suffix of a type; @t starts after '[' */
static noinline int parse_array_count(struct arg_parser *p, struct probe_tok t)
{
	char buf[MAX_ARGSTR_LEN + 1];
	int close = tok_find(t, ']');
	unsigned int count;

	if (close < 0)
		return arg_error(p, TP_ERR_ARRAY_NO_CLOSE, t.pos + t.len,
				 -EINVAL);
	if (close + 1 != t.len)
		return arg_error(p, TP_ERR_BAD_ARRAY_SUFFIX, t.pos + close + 1,
				 -EINVAL);
	if (!tok_copy(tok_sub(t, 0, close), buf, sizeof(buf)) ||
	    kstrtouint(buf, 0, &count) || !count)
		return arg_error(p, TP_ERR_BAD_ARRAY_NUM, t.pos, -EINVAL);
	if (count > MAX_ARRAY_LEN)
		return arg_error(p, TP_ERR_ARRAY_TOO_BIG, t.pos, -EINVAL);
	p->ts.count = count;
	return 0;
}

/*
 * Split @body into the fetch part (returned in @fetch) and the type, and
 * resolve the type.  $comm and immediate strings can only be strings.
 */
static int parse_type(struct arg_parser *p, struct probe_tok body,
		      struct probe_tok *fetch)
{
	struct type_spec *ts = &p->ts;
	int colon = tok_find(body, ':');
	int bracket, ret;

	*fetch = body;
	ts->pos = body.pos;
	if (colon >= 0) {
		*fetch = tok_sub(body, 0, colon);
		ts->name = tok_tail(body, colon + 1);
		ts->given = true;
		ts->pos = ts->name.pos;
		p->type_off = colon + 1;
		bracket = tok_find(ts->name, '[');
		if (bracket >= 0) {
			ret = parse_array_count(p, tok_tail(ts->name,
							    bracket + 1));
			if (ret)
				return ret;
			ts->name.len = bracket;
		}
	}

	if (!(p->ctx->flags & TPARG_FL_TEVENT) &&
	    (tok_eq(*fetch, "$comm") || tok_eq(*fetch, "$COMM") ||
	     tok_has_prefix(*fetch, "\\\""))) {
		if (ts->count || (ts->given && !tok_eq(ts->name, "string")))
			return arg_error(p, TP_ERR_NEED_STRING_TYPE, ts->pos,
					 -EINVAL);
		ts->type = fetch_type_find("string", 6, p->ctx->flags);
	} else if (ts->given) {
		ts->type = fetch_type_find(ts->name.s, ts->name.len,
					   p->ctx->flags);
	} else {
		ts->type = fetch_type_find(NULL, 0, p->ctx->flags);
	}
	if (!ts->type)
		return arg_error(p, TP_ERR_BAD_TYPE, ts->pos, -EINVAL);
	return 0;
}

/* --- Code generation --------------------------------------------------- */

/*
 * Take the next instruction slot.  The last slot is kept for END.  This is
 * the only place that reports TOO_MANY_OPS.
 */
static int prog_claim(struct arg_parser *p, int pos, int ret)
{
	if (p->nr_insn >= FETCH_INSN_MAX - 1)
		return arg_error(p, TP_ERR_TOO_MANY_OPS, pos, ret);
	return p->nr_insn++;
}

static int emit(struct arg_parser *p, struct fetch_insn insn, int pos, int ret)
{
	int slot = prog_claim(p, pos, ret);

	if (slot >= 0)
		p->prog[slot] = insn;
	return slot;
}

static struct probe_entry_arg *entry_arg_alloc(unsigned int size)
{
	struct probe_entry_arg *earg;
	unsigned int i;

	earg = kzalloc(sizeof(*earg), GFP_KERNEL);
	if (!earg)
		return NULL;
	earg->code = kcalloc(size, sizeof(*earg->code), GFP_KERNEL);
	if (!earg->code) {
		kfree(earg);
		return NULL;
	}
	for (i = 0; i < size; i++)
		earg->code[i].op = FETCH_OP_END;
	earg->size = size;
	return earg;
}

/*
 * Make the entry program save function argument @param and return where in
 * the entry data it is saved.  Each argument is saved once per probe.
 */
static int entry_arg_store(struct probe_parse_ctx *ctx, unsigned int param)
{
	struct probe_entry_arg *earg = ctx->entry_arg;
	unsigned int i, offset = 0;

	if (!earg) {
		/* at most one $argN per argument, plus END */
		earg = entry_arg_alloc(2 * ctx->max_args + 1);
		if (!earg)
			return -ENOMEM;
		ctx->entry_arg = earg;
	}
	for (i = 0; i + 1 < earg->size; i += 2) {
		struct fetch_insn *pair = &earg->code[i];

		if (pair[0].op == FETCH_OP_END) {
			pair[0] = (struct fetch_insn){ .op = FETCH_OP_ARG,
						       .param = param };
			pair[1] = (struct fetch_insn){ .op = FETCH_OP_ST_EDATA,
						       .offset = offset };
			return offset;
		}
		if (pair[0].param == param)
			return pair[1].offset;
		offset = pair[1].offset + sizeof(unsigned long);
	}
	return -ENOSPC;
}

static int emit_load(struct arg_parser *p)
{
	struct fetch_desc *desc = &p->desc;
	struct fetch_insn load = desc->load;
	char *text = NULL;
	int ret;

	if (desc->symbol || load.op == FETCH_OP_DATA) {
		text = kmemdup_nul(desc->text.s, desc->text.len, GFP_KERNEL);
		if (!text)
			return -ENOMEM;
	}
	if (desc->symbol) {
		struct fetch_insn holder = { .op = FETCH_OP_NOP_SYMBOL,
					     .data = text };

		ret = emit(p, holder, p->anchor, -EINVAL);
		if (ret < 0) {
			kfree(text);
			return ret;
		}
	} else if (load.op == FETCH_OP_DATA) {
		load.data = text;
	} else if (load.op == FETCH_OP_EDATA) {
		ret = entry_arg_store(p->ctx, desc->entry_param);
		if (ret < 0)
			return ret;
		load.offset = ret;
	}
	ret = emit(p, load, p->anchor, -EINVAL);
	if (ret < 0 && load.op == FETCH_OP_DATA)
		kfree(text);
	return ret;
}

static enum fetch_op deref_op(const struct fetch_deref *d)
{
	if (d->cpu)
		return FETCH_OP_CPU_PTR;
	return d->user ? FETCH_OP_UDEREF : FETCH_OP_DEREF;
}

/*
 * Emit the load and the inner dereferences.  The outermost access, when
 * it reads memory, gets a slot now (its overflow is reported where 6.12
 * reports it) and is filled by emit_store().
 */
static int emit_loads(struct arg_parser *p)
{
	struct fetch_desc *desc = &p->desc;
	struct fetch_insn insn;
	struct fetch_deref *d;
	int i, ret;

	ret = emit_load(p);
	for (i = desc->nr_derefs - 1; i >= 0 && ret >= 0; i--) {
		d = &desc->deref[i];
		if (!i && !d->cpu) {
			p->pending = prog_claim(p, d->pos, -EINVAL);
			ret = p->pending;
			break;
		}
		insn = (struct fetch_insn){ .op = deref_op(d),
					    .offset = d->offset };
		ret = emit(p, insn, d->pos, -EINVAL);
	}
	return ret < 0 ? ret : 0;
}

static bool op_in(enum fetch_op op, const enum fetch_op *set, int n)
{
	while (n--)
		if (set[n] == op)
			return true;
	return false;
}

static const enum fetch_op symstr_sources[] = {
	FETCH_OP_REG, FETCH_OP_STACK, FETCH_OP_RETVAL, FETCH_OP_ARG,
	FETCH_OP_DEREF, FETCH_OP_TP_ARG,
};

static const enum fetch_op string_sources[] = {
	FETCH_OP_DEREF, FETCH_OP_UDEREF, FETCH_OP_IMM, FETCH_OP_COMM,
	FETCH_OP_DATA, FETCH_OP_TP_ARG,
};

/*
 * Store a string, a user string or the symbol of a value.  A pending
 * memory access is folded into the store (the string is at that address)
 * unless the value itself is wanted: symstr prints the value, and an
 * array reads an array of string pointers.
 */
static int emit_string_store(struct arg_parser *p)
{
	const struct fetch_type *type = p->ts.type;
	struct fetch_deref *final = p->pending >= 0 ? &p->desc.deref[0] : NULL;
	bool symstr = type->kind == FETCH_KIND_SYMSTR;
	bool fold = final && !symstr && !p->ts.count;
	enum fetch_op last, op;
	int slot;

	if (final)
		last = deref_op(final);
	else if (p->desc.nr_derefs)	/* this_cpu_ptr() */
		last = FETCH_OP_CPU_PTR;
	else
		last = p->desc.load.op;
	if (symstr && !op_in(last, symstr_sources, ARRAY_SIZE(symstr_sources)))
		return arg_error(p, TP_ERR_BAD_SYMSTRING,
				 p->anchor + p->type_off, -EINVAL);
	if (!symstr && !op_in(last, string_sources, ARRAY_SIZE(string_sources)))
		return arg_error(p, TP_ERR_BAD_STRING,
				 p->anchor + p->type_off, -EINVAL);

	if (fold) {
		slot = p->pending;
	} else {
		if (final)
			p->prog[p->pending] = (struct fetch_insn){
				.op = last, .offset = final->offset };
		slot = prog_claim(p, p->anchor, -EINVAL);
		if (slot < 0)
			return slot;
	}
	if (type->kind == FETCH_KIND_USTRING || (fold && final->user))
		op = FETCH_OP_ST_USTRING;
	else if (symstr)
		op = FETCH_OP_ST_SYMSTR;
	else
		op = FETCH_OP_ST_STRING;
	p->prog[slot] = (struct fetch_insn){ .op = op, .size = type->size,
					     .offset = fold ? final->offset : 0 };
	return slot;
}

/* Returns the slot of the store */
static int emit_store(struct arg_parser *p)
{
	const struct fetch_type *type = p->ts.type;
	struct fetch_deref *final;

	if (type->kind != FETCH_KIND_RAW)
		return emit_string_store(p);
	if (p->pending < 0)
		return emit(p, (struct fetch_insn){ .op = FETCH_OP_ST_RAW,
						    .size = type->size },
			    p->anchor, -E2BIG);
	final = &p->desc.deref[0];
	p->prog[p->pending] = (struct fetch_insn){
		.op = final->user ? FETCH_OP_ST_UMEM : FETCH_OP_ST_MEM,
		.size = type->size, .offset = final->offset };
	return p->pending;
}

/*
 * A BTF bitfield read without a ":TYPE": extract its bits from the value
 * stored (6.12 shifts a u64 there; the same bits in the stored size give
 * the same value without writing past the field).
 */
static int emit_btf_bitfield(struct arg_parser *p)
{
	struct fetch_desc *desc = &p->desc;
	unsigned int bits = p->ts.type->size * BITS_PER_BYTE;

	if (p->ts.given || !desc->btf_var || !desc->btf_bitsize ||
	    (desc->btf_bitsize % 8 == 0 && !desc->btf_bitoffs))
		return 0;
	if (desc->btf_bitsize + desc->btf_bitoffs > bits)
		return arg_error(p, TP_ERR_BAD_BITFIELD, p->anchor, -EINVAL);
	return emit(p, (struct fetch_insn){
			.op = FETCH_OP_MOD_BF,
			.basesize = p->ts.type->size,
			.lshift = bits - (desc->btf_bitsize + desc->btf_bitoffs),
			.rshift = bits - desc->btf_bitsize },
		    p->anchor, -EINVAL);
}

/* ":b<width>@<offset>/<container>": extract the bits after the store */
static int emit_bitfield(struct arg_parser *p)
{
	struct probe_tok t = p->ts.name, rest;
	unsigned int bits = p->ts.type->size * BITS_PER_BYTE;
	int err_pos = p->anchor + p->type_off;
	u64 width, offset;
	int n;

	if (!p->ts.given || tok_at(t, 0) != 'b')
		return 0;
	/*
	 * 6.12 lets simple_strtoul() wrap around on huge numbers and may
	 * then build shifts of 64 or more; such input is rejected here.
	 */
	n = tok_scan_ulong(tok_tail(t, 1), &width);
	if (n < 0 || !width || tok_at(t, n + 1) != '@')
		return arg_error(p, TP_ERR_BAD_BITFIELD, err_pos, -EINVAL);
	rest = tok_tail(t, n + 2);
	n = tok_scan_ulong(rest, &offset);
	if (n <= 0 || tok_at(rest, n) != '/')
		return arg_error(p, TP_ERR_BAD_BITFIELD, err_pos, -EINVAL);
	/* 6.12 reports a full program as a bad bitfield, not TOO_MANY_OPS */
	if (p->nr_insn >= FETCH_INSN_MAX - 1 || width > bits ||
	    offset > bits - width)
		return arg_error(p, TP_ERR_BAD_BITFIELD, err_pos, -EINVAL);
	return emit(p, (struct fetch_insn){ .op = FETCH_OP_MOD_BF,
					    .basesize = p->ts.type->size,
					    .lshift = bits - (width + offset),
					    .rshift = bits - width },
		    err_pos, -EINVAL);
}

static int emit_array(struct arg_parser *p, int store)
{
	static const enum fetch_op loopable[] = {
		FETCH_OP_ST_MEM, FETCH_OP_ST_STRING, FETCH_OP_ST_USTRING,
	};

	if (!p->ts.count)
		return 0;
	if (!op_in(p->prog[store].op, loopable, ARRAY_SIZE(loopable)))
		return arg_error(p, TP_ERR_BAD_STRING, p->anchor + p->type_off,
				 -EINVAL);
	return emit(p, (struct fetch_insn){ .op = FETCH_OP_LP_ARRAY,
					    .param = p->ts.count },
		    p->anchor, -E2BIG);
}

/* Reserve the argument's room in the record: 6.12 checks it here */
static int reserve_record(struct arg_parser *p, struct probe_arg *parg)
{
	const struct fetch_type *type = p->ts.type;
	struct probe_parse_ctx *ctx = p->ctx;

	parg->offset = ctx->size;
	ctx->size += type->size * (p->ts.count ?: 1);
	if (ctx->size > MAX_PROBE_EVENT_SIZE)
		return arg_error(p, TP_ERR_EVENT_TOO_BIG, p->anchor, -E2BIG);
	if (!p->ts.count)
		return 0;
	parg->fmt = kasprintf(GFP_KERNEL, "%s[%u]", type->fmttype,
			      p->ts.count);
	return parg->fmt ? 0 : -ENOMEM;
}

/* Everything after parsing: the code, in stage order */
static int compile_fetch(struct arg_parser *p, struct probe_arg *parg)
{
	struct fetch_insn *code;
	int store, ret;

	ret = emit_loads(p);
	if (!ret)
		ret = reserve_record(p, parg);
	if (ret)
		return ret;
	store = emit_store(p);
	if (store < 0)
		return store;
	ret = emit_bitfield(p);
	if (ret >= 0)
		ret = emit_btf_bitfield(p);
	if (ret >= 0)
		ret = emit_array(p, store);
	if (ret < 0)
		return ret;
	p->prog[p->nr_insn++].op = FETCH_OP_END;	/* always has room */

	code = kmemdup(p->prog, p->nr_insn * sizeof(*code), GFP_KERNEL);
	if (!code)
		return -ENOMEM;
	p->nr_insn = 0;		/* data now owned by @code */
	parg->code = code;
	parg->type = p->ts.type;
	parg->count = p->ts.count;
	parg->dynamic = fetch_type_is_string(p->ts.type);
	return 0;
}

/* --- Arguments --------------------------------------------------------- */

static int compile_body(struct probe_parse_ctx *ctx, int index,
			struct probe_tok body, struct probe_arg *parg)
{
	struct fetch_desc *desc;
	struct arg_parser *p;
	struct probe_tok fetch;
	int ret;

	if (body.len > MAX_ARGSTR_LEN)
		return probe_set_err(&ctx->err, index, TP_ERR_ARG_TOO_LONG, body.pos,
			       -E2BIG);
	if (!body.len)
		return probe_set_err(&ctx->err, index, TP_ERR_NO_ARG_BODY, body.pos,
			       -EINVAL);
	parg->comm = kmemdup_nul(body.s, body.len, GFP_KERNEL);
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p || !parg->comm) {
		kfree(p);
		return -ENOMEM;
	}
	p->ctx = ctx;
	p->index = index;
	p->anchor = body.pos;
	p->pending = -1;
	desc = &p->desc;

	ret = parse_type(p, body, &fetch);
	if (!ret)
		ret = parse_fetch(p, fetch, true);
	/* $comm and \"str" are not addresses */
	if (!ret && desc->nr_derefs &&
	    (desc->load.op == FETCH_OP_COMM || desc->load.op == FETCH_OP_DATA))
		ret = arg_error(p, TP_ERR_COMM_CANT_DEREF,
				desc->deref[desc->nr_derefs - 1].pos, -EINVAL);
	if (!ret)
		ret = prepare_btf_string(p);
	if (!ret && !p->ts.given && desc->btf_type)
		p->ts.type = fetch_type_find(desc->btf_type,
					     strlen(desc->btf_type), ctx->flags);
	if (!ret && !p->ts.type)
		ret = arg_error(p, TP_ERR_BAD_TYPE, p->ts.pos, -EINVAL);
	if (!ret)
		ret = compile_fetch(p, parg);
	fetch_prog_release_data(p->prog, p->nr_insn);
	kfree(p);
	if (!ret && WARN_ON_ONCE(fetch_prog_check(parg->code, FETCH_INSN_MAX)))
		ret = -EINVAL;
	return ret;
}

/* Unnamed: the text before ':' if it is an identifier (a BTF name), else argN */
static char *generate_arg_name(struct probe_tok word, int i)
{
	int colon = tok_find(word, ':');
	int len = colon < 0 ? word.len : colon;

	if (probe_is_good_name(word.s, len, false))
		return kmemdup_nul(word.s, len, GFP_KERNEL);
	return kasprintf(GFP_KERNEL, "arg%d", i + 1);
}

static bool arg_name_conflicts(struct probe_parse_ctx *ctx, int i,
			       const char *name)
{
	int j;

	for (j = 0; j < ARRAY_SIZE(reserved_field_names); j++)
		if (!strcmp(reserved_field_names[j], name))
			return true;
	for (j = 0; j < i; j++)
		if (!strcmp(ctx->args[j].name, name))
			return true;
	return false;
}

/* "NAME=" or a generated name; name errors point at the word start */
static int parse_arg_name(struct probe_parse_ctx *ctx, int i,
			  struct probe_tok word, struct probe_arg *parg,
			  struct probe_tok *body)
{
	int index = ctx->word_base + i;
	int eq = tok_find(word, '=');

	*body = word;
	if (eq > MAX_ARG_NAME_LEN)
		return probe_set_err(&ctx->err, index, TP_ERR_ARG_NAME_TOO_LONG, 0,
			       -EINVAL);
	if (eq == 0)
		return probe_set_err(&ctx->err, index, TP_ERR_NO_ARG_NAME, 0,
			       -EINVAL);
	if (eq > 0) {
		parg->name = kmemdup_nul(word.s, eq, GFP_KERNEL);
		*body = tok_tail(word, eq + 1);
	} else {
		parg->name = generate_arg_name(word, i);
	}
	if (!parg->name)
		return -ENOMEM;
	if (!probe_is_good_name(parg->name, strlen(parg->name), false))
		return probe_set_err(&ctx->err, index, TP_ERR_BAD_ARG_NAME, 0,
			       -EINVAL);
	if (arg_name_conflicts(ctx, i, parg->name))
		return probe_set_err(&ctx->err, index, TP_ERR_USED_ARG_NAME, 0,
			       -EINVAL);
	return 0;
}

/**
 * probe_parse_ctx_init - prepare a parse context for one probe
 * @ctx: the context
 * @flags: TPARG_FL_*
 * @args: the probe's argument array
 * @max_args: number of arguments the probe will have
 */
void probe_parse_ctx_init(struct probe_parse_ctx *ctx, unsigned int flags,
			  struct probe_arg *args, unsigned int max_args)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->flags = flags;
	ctx->args = args;
	ctx->max_args = max_args;
	ctx->word_base = 2;
	ctx->err.code = PROBE_ERR_NONE;
	ctx->first_err.code = PROBE_ERR_NONE;
}

/**
 * probe_arg_parse - parse and compile one probe argument
 * @ctx: the probe's parse context; @ctx->args[0..@i) must be parsed already
 * @i: argument number, from 0
 * @text: the argument word, "[NAME=]FETCHARG[:TYPE]"
 * @parg: filled on success, left empty on failure
 *
 * The argument's place in the record is taken from and added to
 * @ctx->size, and a return probe's $argN extends @ctx->entry_arg.  The
 * program is verified with fetch_prog_check() before it is returned.
 *
 * Return: 0, or -errno with @ctx->err set for user errors (it stays
 * %PROBE_ERR_NONE for -ENOMEM).
 */
int probe_arg_parse(struct probe_parse_ctx *ctx, int i, const char *text,
		    struct probe_arg *parg)
{
	struct probe_tok word = tok_make(text, strlen(text), 0);
	struct probe_tok body;
	int ret;

	memset(parg, 0, sizeof(*parg));
	probe_set_err(&ctx->err, 0, PROBE_ERR_NONE, 0, 0);
	probe_set_err(&ctx->first_err, 0, PROBE_ERR_NONE, 0, 0);
	ret = parse_arg_name(ctx, i, word, parg, &body);
	if (!ret)
		ret = compile_body(ctx, ctx->word_base + i, body, parg);
	if (ret)
		probe_arg_free(parg);
	return ret;
}

/**
 * probe_arg_free - release what probe_arg_parse() allocated
 * @parg: the argument; it is left zeroed
 */
void probe_arg_free(struct probe_arg *parg)
{
	fetch_prog_free(parg->code);
	kfree(parg->name);
	kfree(parg->comm);
	kfree(parg->fmt);
	memset(parg, 0, sizeof(*parg));
}

/**
 * probe_entry_arg_free - release the entry program of a return probe
 * @earg: the entry program, or NULL
 */
void probe_entry_arg_free(struct probe_entry_arg *earg)
{
	if (!earg)
		return;
	kfree(earg->code);
	kfree(earg);
}

/**
 * probe_entry_data_size - bytes the entry program saves per probe hit
 * @earg: the entry program, or NULL
 *
 * Return: the kretprobe data_size to request.
 */
unsigned int probe_entry_data_size(const struct probe_entry_arg *earg)
{
	unsigned int i, size = 0;

	for (i = 0; earg && i < earg->size; i++) {
		if (earg->code[i].op == FETCH_OP_END)
			break;
		if (earg->code[i].op == FETCH_OP_ST_EDATA)
			size = earg->code[i].offset + sizeof(unsigned long);
	}
	return size;
}
