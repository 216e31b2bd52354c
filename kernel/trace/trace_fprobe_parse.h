/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The head of an fprobe or tracepoint probe definition,
 * "f[N][:[GRP/]EVENT] PATTERN[%return]" or "t[:[GRP/]EVENT] TRACEPOINT":
 * its pure parser (trace_fprobe_parse.c), which the fprobe front end and
 * the host tests share.
 */
#ifndef __TRACE_FPROBE_PARSE_H
#define __TRACE_FPROBE_PARSE_H

#include "trace_probe_parse.h"

#define FPROBE_EVENT_SYSTEM	"fprobes"
#define TRACEPOINT_EVENT_SYSTEM	"tracepoints"
/* f<MAXACTIVE> limit: rethook instances are walked as a list */
#define RETHOOK_MAXACTIVE_MAX	4096

/* &probe_head.kind of fprobes: probes of one event agree on both */
#define FPROBE_KIND_RETURN	BIT(0)
#define FPROBE_KIND_TRACEPOINT	BIT(1)

/*
 * The most functions one function pattern (a list, an exclusion, a module
 * or an ":entry"/":exit" suffix) may put an fprobe event on.  6.12's one
 * glob has no bound.
 */
#define FPROBE_PATTERN_MAX_FUNCS	32768

/**
 * struct fprobe_pattern_item - one comma-separated item of a pattern
 * @glob: an ftrace glob of function names
 * @mod: only the functions of this module; NULL for any
 * @exclude: "!": the functions it names are left out
 * @pos: its column in the pattern word, for carets
 */
struct fprobe_pattern_item {
	const char	*glob;
	const char	*mod;
	bool		exclude;
	int		pos;
};

/**
 * struct fprobe_pattern - the functions an fprobe event is on
 * @size: the bytes of the allocation, text included
 * @legacy: 6.12's form, one glob with no ',' or ':': registered as 6.12
 *	registers it (register_fprobe() with the glob), with 6.12's errors
 *	and no bound
 * @nr_items: the number of @items
 * @items: the items, pointing into a copy of the pattern cut at each ','
 *	and ':' (kept in the space after @items)
 *
 * Lifetime: made by the head parser, freed with kfree(); the probe has a
 * copy of its own (fprobe_pattern_dup()).
 */
struct fprobe_pattern {
	size_t				size;
	bool				legacy;
	unsigned int			nr_items;
	struct fprobe_pattern_item	items[];
};

/**
 * struct trace_fprobe_env - kernel lookups needed to parse an fprobe head
 * @find_tracepoint: the tracepoint @name, with a reference to its module
 *	(if in one) in *@mod and the name of its probe stub function (whose
 *	BTF prototype types the arguments) in @stub, of @size bytes; NULL if
 *	there is no such tracepoint
 * @put_module: drop the module reference @find_tracepoint took
 * @count_functions: how many traceable functions @pat names (at most
 *	FPROBE_PATTERN_MAX_FUNCS + 1: more is too many anyway), or -errno;
 *	asked of patterns that are not 6.12's form only
 * @function_names: the names of the traceable functions @pat names, in a
 *	kmalloc()ed buffer (*@names, NULL for none): NUL-terminated, sorted,
 *	each once; returns how many, or -errno.  Asked of patterns that are
 *	not 6.12's form, for their BTF arguments
 * @modules: a tracepoint that is not there yet may come with a module
 *	(CONFIG_MODULES): the probe then waits for it
 * @btf: BTF provider for the arguments, NULL without BTF
 * @data: passed back to the hooks
 */
struct trace_fprobe_env {
	void *(*find_tracepoint)(void *data, const char *name, void **mod,
				 char *stub, size_t size);
	void (*put_module)(void *data, void *mod);
	int (*count_functions)(void *data, const struct fprobe_pattern *pat);
	int (*function_names)(void *data, const struct fprobe_pattern *pat,
			      char **names);
	bool modules;
	const struct probe_btf_ops *btf;
	void *data;
};

/* Room for a probe stub's name, "__probestub_" and the tracepoint's */
#define FPROBE_STUB_NAME_LEN	128

/* Room for an error's detail naming a function: " (at FUNC)" */
#define FPROBE_ERR_DETAIL_LEN	160

/**
 * struct fprobe_btf_multi - the BTF of the functions of a pattern
 * @btf: the provider of one function's BTF (&trace_fprobe_env.btf)
 * @env: where the functions' names come from
 * @pat: the pattern
 * @names: their names (&trace_fprobe_env.function_names), NULL until
 *	first asked for
 * @nr_names: how many, or -errno; 0 until first asked for
 * @typed: an argument was typed from them: the event must not be armed on
 *	functions it was not typed on (a module loaded later may bring
 *	functions of the same pattern with another prototype)
 * @detail: the detail of the last error: the function it names
 *
 * The BTF provider of an fprobe whose pattern may name several functions
 * (&probe_head.btf_data): a variable is typed from them all.
 */
struct fprobe_btf_multi {
	const struct probe_btf_ops	*btf;
	const struct trace_fprobe_env	*env;
	const struct fprobe_pattern	*pat;
	char				*names;
	int				nr_names;
	bool				typed;
	char				detail[FPROBE_ERR_DETAIL_LEN];
};

/**
 * struct trace_fprobe_head - a parsed fprobe or tracepoint probe head
 * @common: what every front end's head has
 * @env: the lookups that found @tpoint, to drop its module with
 * @is_return: an exit probe (%return, ":exit", or $retval in an argument)
 * @pct_return: "%return" was written
 * @suffix: ":entry" or ":exit" was written (it stays in @symbol)
 * @named: the command names the event (else its name is generated)
 * @is_tracepoint: a tracepoint probe ('t')
 * @maxactive: f<N>, 0 when not given
 * @symbol: the function pattern as written without "%return" (the text
 *	of @pattern), or the tracepoint's name (owned)
 * @pattern: the functions of an "f" probe (owned);
 *	no items if its syntax is wrong
 * @pattern_err: why the syntax of @pattern is wrong, reported after the
 *	arguments (&probe_cmd_ops.check_head)
 * @pattern_ret: -errno for @pattern_err, 0 if the syntax is right
 * @tpoint: the tracepoint, NULL if it is not loaded yet (or not one)
 * @mod: the module @tpoint is in, with a reference held while parsing
 * @stub: the name of @tpoint's probe stub, for BTF
 * @btf_multi: BTF over the functions of a pattern of several, or with a
 *	glob, in kprobetrace's form
 *
 * Lifetime: allocated by the head parser of &trace_fprobe_cmd_ops, freed
 * with the command (probe_cmd_release()).
 */
struct trace_fprobe_head {
	struct probe_head		common;
	const struct trace_fprobe_env	*env;
	bool				is_return;
	bool				is_tracepoint;
	bool				pct_return;
	bool				suffix;
	bool				named;
	unsigned int			maxactive;
	char				*symbol;
	struct fprobe_pattern		*pattern;
	struct probe_parse_err		pattern_err;
	int				pattern_ret;
	void				*tpoint;
	void				*mod;
	char				stub[FPROBE_STUB_NAME_LEN];
	struct fprobe_btf_multi		btf_multi;
};

static inline struct trace_fprobe_head *
to_trace_fprobe_head(struct probe_head *head)
{
	return container_of(head, struct trace_fprobe_head, common);
}

extern const struct probe_cmd_ops trace_fprobe_cmd_ops;

struct fprobe_pattern *fprobe_pattern_dup(const struct fprobe_pattern *pat);

#endif /* __TRACE_FPROBE_PARSE_H */
