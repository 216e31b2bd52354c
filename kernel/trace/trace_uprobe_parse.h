/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The head of a uprobe definition, "p|r[:[GRP/]EVENT] PATH:OFFSET...":
 * its pure parser (trace_uprobe_parse.c), which the uprobe front end and
 * the host tests share.
 */
#ifndef __TRACE_UPROBE_PARSE_H
#define __TRACE_UPROBE_PARSE_H

#include "trace_probe_parse.h"

#define UPROBE_EVENT_SYSTEM	"uprobes"

/**
 * struct trace_uprobe_env - kernel lookups needed to parse a uprobe head
 * @lookup: find the file at @path (following symlinks); returns 0 with a
 *	reference to it in *@file and whether it is a regular file in
 *	*@regular, or -errno (-ENOMEM: out of memory, else not found)
 * @put: drop a reference that @lookup took
 * @data: passed back to the hooks
 */
struct trace_uprobe_env {
	int (*lookup)(void *data, const char *path, void **file,
		      bool *regular);
	void (*put)(void *data, void *file);
	void *data;
};

/**
 * struct trace_uprobe_head - a parsed uprobe head
 * @common: what every front end's head has; @common.kind is @is_return
 * @env: the lookups that found @file, to drop it with
 * @is_return: uretprobe (r, or PATH:OFFS%return)
 * @path: the path as given, before the last ':' (owned)
 * @file: the env's reference to the file at @path; the probe takes it
 *	over (then it is NULL here)
 * @offset: the probed offset in the file
 * @ref_ctr_offset: offset of the SDT semaphore "(REF)", 0 if none
 *
 * Lifetime: allocated by the head parser of &trace_uprobe_cmd_ops, freed
 * with the command (probe_cmd_release()).
 */
struct trace_uprobe_head {
	struct probe_head		common;
	const struct trace_uprobe_env	*env;
	bool				is_return;
	char				*path;
	void				*file;
	unsigned long			offset;
	unsigned long			ref_ctr_offset;
};

static inline struct trace_uprobe_head *
to_trace_uprobe_head(struct probe_head *head)
{
	return container_of(head, struct trace_uprobe_head, common);
}

extern const struct probe_cmd_ops trace_uprobe_cmd_ops;

int trace_uprobe_format_place(char *buf, size_t len, unsigned long offset,
			      unsigned long ref_ctr_offset);

#endif /* __TRACE_UPROBE_PARSE_H */
