/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The functions of fprobe events (trace_fprobe_funcs.c): the traceable
 * functions a pattern or a 6.12 glob names now, as sets of their ftrace
 * locations.  The fprobe front end resolves an event's functions with
 * them at each arming (modules come and go), and the head parser counts
 * and names them at definition (&trace_fprobe_env).
 */
#ifndef __TRACE_FPROBE_FUNCS_H
#define __TRACE_FPROBE_FUNCS_H

#include <linux/ftrace.h>

#include "trace_fprobe_parse.h"

/**
 * struct fprobe_ips - a set of functions, by ftrace location
 * @ips: the locations, sorted and unique once complete
 * @nr: how many
 * @max: the room of @ips
 */
struct fprobe_ips {
	unsigned long	*ips;
	unsigned int	nr;
	unsigned int	max;
};

int fprobe_ips_alloc(struct fprobe_ips *set, unsigned int room);
void fprobe_ips_free(struct fprobe_ips *set);
void fprobe_ips_sort_unique(struct fprobe_ips *set);
int fprobe_cmp_ip(const void *a, const void *b);
int fprobe_ips_from_filter(struct fprobe_ips *set, struct ftrace_ops *ops);

/**
 * struct fprobe_names - names of functions, sorted, to look up
 * @nr: how many
 * @name: the names (their text follows)
 */
struct fprobe_names {
	unsigned int	nr;
	const char	*name[];
};

struct fprobe_names *fprobe_names_pin(const char *buf, unsigned int nr);
unsigned int fprobe_ips_keep_named(struct fprobe_ips *set,
				   const struct fprobe_names *names);

int fprobe_pattern_resolve(const struct fprobe_pattern *pat,
			   struct fprobe_ips *set);
int fprobe_pattern_functions(const struct fprobe_pattern *pat,
			     struct fprobe_ips *set);
int fprobe_glob_resolve(const char *glob, struct fprobe_ips *set);
unsigned long fprobe_functions_gen(void);
unsigned int fprobe_pattern_untraceable(const struct fprobe_pattern *pat,
					const char *glob);

int fprobe_count_functions(void *data, const struct fprobe_pattern *pat);
int fprobe_function_names(void *data, const struct fprobe_pattern *pat,
			  char **bufp);

int fprobe_funcs_init(void);

#endif /* __TRACE_FPROBE_FUNCS_H */
