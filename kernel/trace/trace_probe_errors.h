/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Error catalogue of the probe-event parsers (kprobe, uprobe, eprobe,
 * fprobe).
 *
 * One X-macro lists every error: C(id, "message").  Including this file
 * defines the TP_ERR_<id> enum; trace_probe.c expands ERRORS again with
 * C(a, b) defined as "b" to build the message table handed to
 * tracing_log_err().  A misspelled id therefore fails to compile.
 *
 * The order (and so the numbering) is the one of Linux 6.12.117.  New ids
 * go at the end: those after EVENT_TOO_BIG up to BTFARG_DIFFERS are
 * kprobetrace's own (the function patterns of fprobe events), those after
 * it come from upstream 7.3's grammar, with 7.3's messages.  The messages
 * are user-visible ABI in tracing/error_log and are kept verbatim,
 * trailing periods included.
 */
#ifndef __TRACE_PROBE_ERRORS_H
#define __TRACE_PROBE_ERRORS_H

#undef ERRORS
#define ERRORS	\
	C(FILE_NOT_FOUND,	"Failed to find the given file"), \
	C(NO_REGULAR_FILE,	"Not a regular file"), \
	C(BAD_REFCNT,		"Invalid reference counter offset"), \
	C(REFCNT_OPEN_BRACE,	"Reference counter brace is not closed"), \
	C(BAD_REFCNT_SUFFIX,	"Reference counter has wrong suffix"), \
	C(BAD_UPROBE_OFFS,	"Invalid uprobe offset"), \
	C(BAD_MAXACT_TYPE,	"Maxactive is only for function exit"), \
	C(BAD_MAXACT,		"Invalid maxactive number"), \
	C(MAXACT_TOO_BIG,	"Maxactive is too big"), \
	C(BAD_PROBE_ADDR,	"Invalid probed address or symbol"), \
	C(NON_UNIQ_SYMBOL,	"The symbol is not unique"), \
	C(BAD_RETPROBE,		"Retprobe address must be an function entry"), \
	C(NO_TRACEPOINT,	"Tracepoint is not found"), \
	C(BAD_TP_NAME,		"Invalid character in tracepoint name"), \
	C(BAD_ADDR_SUFFIX,	"Invalid probed address suffix"), \
	C(NO_GROUP_NAME,	"Group name is not specified"), \
	C(GROUP_TOO_LONG,	"Group name is too long"), \
	C(BAD_GROUP_NAME,	"Group name must follow the same rules as C identifiers"), \
	C(NO_EVENT_NAME,	"Event name is not specified"), \
	C(EVENT_TOO_LONG,	"Event name is too long"), \
	C(BAD_EVENT_NAME,	"Event name must follow the same rules as C identifiers"), \
	C(EVENT_EXIST,		"Given group/event name is already used by another event"), \
	C(RETVAL_ON_PROBE,	"$retval is not available on probe"), \
	C(NO_RETVAL,		"This function returns 'void' type"), \
	C(BAD_STACK_NUM,	"Invalid stack number"), \
	C(BAD_ARG_NUM,		"Invalid argument number"), \
	C(BAD_VAR,		"Invalid $-variable specified"), \
	C(BAD_REG_NAME,		"Invalid register name"), \
	C(BAD_MEM_ADDR,		"Invalid memory address"), \
	C(BAD_IMM,		"Invalid immediate value"), \
	C(IMMSTR_NO_CLOSE,	"String is not closed with '\"'"), \
	C(FILE_ON_KPROBE,	"File offset is not available with kprobe"), \
	C(BAD_FILE_OFFS,	"Invalid file offset value"), \
	C(SYM_ON_UPROBE,	"Symbol is not available with uprobe"), \
	C(TOO_MANY_OPS,		"Dereference is too much nested"), \
	C(DEREF_NEED_BRACE,	"Dereference needs a brace"), \
	C(BAD_DEREF_OFFS,	"Invalid dereference offset"), \
	C(DEREF_OPEN_BRACE,	"Dereference brace is not closed"), \
	C(COMM_CANT_DEREF,	"$comm can not be dereferenced"), \
	C(BAD_FETCH_ARG,	"Invalid fetch argument"), \
	C(ARRAY_NO_CLOSE,	"Array is not closed"), \
	C(BAD_ARRAY_SUFFIX,	"Array has wrong suffix"), \
	C(BAD_ARRAY_NUM,	"Invalid array size"), \
	C(ARRAY_TOO_BIG,	"Array number is too big"), \
	C(BAD_TYPE,		"Unknown type is specified"), \
	C(BAD_STRING,		"String accepts only memory argument"), \
	C(BAD_SYMSTRING,	"Symbol String doesn't accept data/userdata"), \
	C(BAD_BITFIELD,		"Invalid bitfield"), \
	C(ARG_NAME_TOO_LONG,	"Argument name is too long"), \
	C(NO_ARG_NAME,		"Argument name is not specified"), \
	C(BAD_ARG_NAME,		"Argument name must follow the same rules as C identifiers"), \
	C(USED_ARG_NAME,	"This argument name is already used"), \
	C(ARG_TOO_LONG,		"Argument expression is too long"), \
	C(NO_ARG_BODY,		"No argument expression"), \
	C(BAD_INSN_BNDRY,	"Probe point is not an instruction boundary"), \
	C(FAIL_REG_PROBE,	"Failed to register probe event"), \
	C(DIFF_PROBE_TYPE,	"Probe type is different from existing probe"), \
	C(DIFF_ARG_TYPE,	"Argument type or name is different from existing probe"), \
	C(SAME_PROBE,		"There is already the exact same probe event"), \
	C(NO_EVENT_INFO,	"This requires both group and event name to attach"), \
	C(BAD_ATTACH_EVENT,	"Attached event does not exist"), \
	C(BAD_ATTACH_ARG,	"Attached event does not have this field"), \
	C(NO_EP_FILTER,		"No filter rule after 'if'"), \
	C(NOSUP_BTFARG,		"BTF is not available or not supported"), \
	C(NO_BTFARG,		"This variable is not found at this probe point"), \
	C(NO_BTF_ENTRY,		"No BTF entry for this probe point"), \
	C(BAD_VAR_ARGS,		"$arg* must be an independent parameter without name etc."), \
	C(NOFENTRY_ARGS,	"$arg* can be used only on function entry or exit"), \
	C(DOUBLE_ARGS,		"$arg* can be used only once in the parameters"), \
	C(ARGS_2LONG,		"$arg* failed because the argument list is too long"), \
	C(ARGIDX_2BIG,		"$argN index is too big"), \
	C(NO_PTR_STRCT,		"This is not a pointer to union/structure."), \
	C(NOSUP_DAT_ARG,	"Non pointer structure/union argument is not supported."), \
	C(BAD_HYPHEN,		"Failed to parse single hyphen. Forgot '>'?"), \
	C(NO_BTF_FIELD,		"This field is not found."), \
	C(BAD_BTF_TID,		"Failed to get BTF type info."), \
	C(BAD_TYPE4STR,		"This type does not fit for string."), \
	C(NEED_STRING_TYPE,	"$comm and immediate-string only accepts string type"), \
	C(EVENT_TOO_BIG,	"Event too big (too many fields?)"), \
	C(BAD_FUNC_PATTERN,	"Invalid function pattern"), \
	C(NO_FUNC_INCLUDED,	"Function pattern only excludes functions"), \
	C(NO_FUNC_MATCH,	"No traceable function matches the pattern"), \
	C(TOO_MANY_FUNCS,	"Function pattern matches too many functions"), \
	C(SUFFIX_AND_RETURN,	"Use either :entry/:exit or %return"), \
	C(BTFARG_DIFFERS,	"This variable is not the same at every function of the pattern"), \
	C(NO_EVENT_FIELD,	"This event field is not found."), \
	C(TOO_MANY_NESTED,	"Too many nested typecasts/dereferences"), \
	C(TYPECAST_REQ_FIELD,	"Typecast requires a field access"), \
	C(TYPECAST_SYM_OFFSET,	"@SYM+/-OFFSET with typecast needs parentheses"), \
	C(TYPECAST_NOT_ALIGNED,	"Typecast field option is not byte-aligned"), \
	C(TYPECAST_BAD_ARROW,	"Typecast field option does not support -> operator"), \
	C(NOSUP_PERCPU,		"Per-cpu variable access is only for kernel probes"), \
	C(TOO_MANY_ARGS,	"Too many arguments are specified"),

#undef C
#define C(a, b)		TP_ERR_##a

/* TP_ERR_<id>, numbered in catalogue order; TP_ERR_MAX counts them */
enum { ERRORS TP_ERR_MAX };

#undef C

#endif /* __TRACE_PROBE_ERRORS_H */
