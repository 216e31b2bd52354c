/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The head of an fprobe or tracepoint probe definition,
 * "f[N][:[GRP/]EVENT] [MOD:]SYM[%return]" or "t[:[GRP/]EVENT] TRACEPOINT":
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

/**
 * struct trace_fprobe_env - kernel lookups needed to parse an fprobe head
 * @find_tracepoint: the tracepoint @name, with a reference to its module
 *	(if in one) in *@mod and the name of its probe stub function (whose
 *	BTF prototype types the arguments) in @stub, of @size bytes; NULL if
 *	there is no such tracepoint
 * @put_module: drop the module reference @find_tracepoint took
 * @modules: a tracepoint that is not there yet may come with a module
 *	(CONFIG_MODULES): the probe then waits for it
 * @btf: BTF provider for the arguments, NULL without BTF
 * @data: passed back to the hooks
 */
struct trace_fprobe_env {
	void *(*find_tracepoint)(void *data, const char *name, void **mod,
				 char *stub, size_t size);
	void (*put_module)(void *data, void *mod);
	bool modules;
	const struct probe_btf_ops *btf;
	void *data;
};

/* Room for a probe stub's name, "__probestub_" and the tracepoint's */
#define FPROBE_STUB_NAME_LEN	128

/**
 * struct trace_fprobe_head - a parsed fprobe or tracepoint probe head
 * @common: what every front end's head has
 * @env: the lookups that found @tpoint, to drop its module with
 * @is_return: an exit probe (%return, or $retval in an argument)
 * @is_tracepoint: a tracepoint probe ('t')
 * @maxactive: f<N>, 0 when not given
 * @symbol: the function, or the tracepoint's name (owned)
 * @tpoint: the tracepoint, NULL if it is not loaded yet (or not one)
 * @mod: the module @tpoint is in, with a reference held while parsing
 * @stub: the name of @tpoint's probe stub, for BTF
 *
 * Lifetime: allocated by the head parser of &trace_fprobe_cmd_ops, freed
 * with the command (probe_cmd_release()).
 */
struct trace_fprobe_head {
	struct probe_head		common;
	const struct trace_fprobe_env	*env;
	bool				is_return;
	bool				is_tracepoint;
	unsigned int			maxactive;
	char				*symbol;
	void				*tpoint;
	void				*mod;
	char				stub[FPROBE_STUB_NAME_LEN];
};

static inline struct trace_fprobe_head *
to_trace_fprobe_head(struct probe_head *head)
{
	return container_of(head, struct trace_fprobe_head, common);
}

extern const struct probe_cmd_ops trace_fprobe_cmd_ops;

#endif /* __TRACE_FPROBE_PARSE_H */
