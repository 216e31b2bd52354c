/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The head of an event probe definition, "e[:[GRP/]EVENT] SYSTEM.EVENT
 * [ARGS] [if FILTER]": its pure parser (trace_eprobe_parse.c), which the
 * eprobe front end and the host tests share.
 */
#ifndef __TRACE_EPROBE_PARSE_H
#define __TRACE_EPROBE_PARSE_H

#include "trace_probe_parse.h"

#define EPROBE_EVENT_SYSTEM	"eprobes"

/**
 * struct trace_eprobe_env - kernel lookups needed to parse an eprobe head
 * @get_event: a reference to the event SYSTEM.EVENT an eprobe may attach
 *	to (not a kprobe, uprobe or eprobe event), or NULL
 * @put_event: drop a reference that @get_event took
 * @find_field: the field @name of the event, for "$FIELD" arguments, or
 *	NULL (&probe_parse_ctx.find_field, with the event as its data)
 * @check_filter: whether @filter parses as a filter of the event: 0, or
 *	-errno after logging why (the event filter parser logs its errors)
 * @update_arg: resolve the "@SYM" of an argument now, as 6.12 does for
 *	eprobes (traceprobe_update_arg()): 0 or -errno, not logged
 * @btf: BTF lookups for typecasts on fields (7.3), or NULL
 * @data: passed back to the hooks but @find_field
 */
struct trace_eprobe_env {
	void *(*get_event)(void *data, const char *system, const char *event);
	void (*put_event)(void *data, void *event);
	const void *(*find_field)(void *event, const char *name);
	int (*check_filter)(void *data, void *event, char *filter);
	int (*update_arg)(void *data, struct probe_arg *parg);
	const struct probe_btf_ops *btf;
	void *data;
};

/**
 * struct trace_eprobe_head - a parsed eprobe head
 * @common: what every front end's head has
 * @env: the lookups that found @event, to drop it with
 * @system: the system of the attached event
 * @event_name: the attached event's name
 * @event: the env's reference to the attached event; the probe takes it
 *	over (then it is NULL here)
 * @filter: the filter after "if", its words joined by spaces (owned; the
 *	probe takes it over), or NULL
 *
 * Lifetime: allocated by the head parser of &trace_eprobe_cmd_ops, freed
 * with the command (probe_cmd_release()).
 */
struct trace_eprobe_head {
	struct probe_head		common;
	const struct trace_eprobe_env	*env;
	char				system[MAX_EVENT_NAME_LEN];
	char				event_name[MAX_EVENT_NAME_LEN];
	void				*event;
	char				*filter;
};

static inline struct trace_eprobe_head *
to_trace_eprobe_head(struct probe_head *head)
{
	return container_of(head, struct trace_eprobe_head, common);
}

extern const struct probe_cmd_ops trace_eprobe_cmd_ops;

#endif /* __TRACE_EPROBE_PARSE_H */
