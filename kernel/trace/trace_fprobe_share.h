/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Many fprobe events on one fprobe (trace_fprobe_share.c).
 *
 * An fprobe of its own per event costs an ftrace_ops registration (a code
 * update over every traceable function, and a trampoline) to arm, and an
 * unregistration that waits for RCU tasks to disarm: about a quarter of a
 * second each.  So every armed function entry event is a member of one
 * shared fprobe, as every kprobe on ftrace is on one ftrace_ops, and the
 * exit events armed together (a group enable) are members of a cohort,
 * an fprobe registered for them then.  Arming and disarming members
 * changes the functions in the shared fprobe's filter, one update for a
 * whole batch.
 *
 * The members are the front end's; its handlers, registered here, find
 * the members of the function hit with the iterators below.  All the
 * functions here are called under event_mutex.
 */
#ifndef __TRACE_FPROBE_SHARE_H
#define __TRACE_FPROBE_SHARE_H

#include <linux/fprobe.h>
#include <linux/hashtable.h>
#include <linux/rcupdate.h>

#include "trace_fprobe_funcs.h"

struct module;

/**
 * struct fprobe_member - a probe that can be on a shared fprobe
 * @sites: its functions while it is on one (owned, freed after a grace
 *	period when it leaves); NULL while it is not
 * @data_size: an exit probe's entry data: what its entry handler saves
 *	(its $argN) for its exit handler; 0 for none
 *
 * Embedded in the front end's probe.
 */
struct fprobe_member {
	struct fprobe_sites	*sites;
	unsigned int		data_size;
};

/**
 * struct fprobe_site - a member on one of its functions
 * @node: in the table of its kind, under @ip
 * @ip: the function's ftrace location
 * @member: the member
 * @fp: the shared fprobe it is on
 * @data_off: in a cohort, where its entry data is in a node's
 * @gone: it left the table with its function's module, and the function
 *	its fprobe's filter (read and written under event_mutex only)
 *
 * Immutable once in a table but for @gone, and read there by the handlers
 * under RCU.
 */
struct fprobe_site {
	struct hlist_node	node;
	unsigned long		ip;
	struct fprobe_member	*member;
	struct fprobe		*fp;
	unsigned int		data_off;
	bool			gone;
};

/**
 * struct fprobe_sites - the functions of a member on a shared fprobe
 * @rcu: a handler may read @site a grace period after they left
 * @cohort: an exit member's cohort; NULL on the shared entry fprobe
 * @nr: how many
 * @site: one per function, sorted by address
 */
struct fprobe_sites {
	struct rcu_head		rcu;
	struct fexit_cohort	*cohort;
	unsigned int		nr;
	struct fprobe_site	site[] __counted_by(nr);
};

/**
 * struct fprobe_share_handlers - the front end's handlers of shared fprobes
 * @entry: the shared entry fprobe's entry handler
 * @cohort_entry: a cohort's entry handler, which saves the entry data
 * @cohort_exit: a cohort's exit handler
 */
struct fprobe_share_handlers {
	fprobe_entry_cb	entry;
	fprobe_entry_cb	cohort_entry;
	fprobe_exit_cb	cohort_exit;
};

#define FPROBE_SITES_HASH_BITS	12

/* Written under event_mutex; read by the handlers under RCU */
extern struct hlist_head fprobe_entry_sites[1 << FPROBE_SITES_HASH_BITS];
extern struct hlist_head fprobe_exit_sites[1 << FPROBE_SITES_HASH_BITS];

/**
 * fprobe_site_find - a site on a function, in a bucket of a table
 * @pos: where in the bucket to start, NULL for nowhere
 * @addr: the function's ftrace location
 * @fp: only a site on this shared fprobe; NULL for any
 *
 * For the iterators below, under RCU.
 *
 * Return: the first site from @pos on that is on @addr (and @fp), or NULL.
 */
static __always_inline struct fprobe_site *
fprobe_site_find(struct hlist_node *pos, unsigned long addr,
		 const struct fprobe *fp)
{
	struct fprobe_site *site;

	for (; pos; pos = rcu_dereference_raw(hlist_next_rcu(pos))) {
		site = hlist_entry(pos, struct fprobe_site, node);
		if (site->ip == addr && (!fp || site->fp == fp))
			return site;
	}
	return NULL;
}

#define fprobe_sites_bucket(table, addr)				\
	rcu_dereference_raw(hlist_first_rcu(				\
		&(table)[hash_min(addr, FPROBE_SITES_HASH_BITS)]))

#define fprobe_site_next(site, addr, fp)				\
	fprobe_site_find(rcu_dereference_raw(hlist_next_rcu(&(site)->node)), \
			 addr, fp)

/**
 * fprobe_for_each_entry_site - the members at a function entry
 * @site: the cursor, a struct fprobe_site *
 * @addr: the function's ftrace location
 *
 * For the shared entry fprobe's handler, under RCU.
 */
#define fprobe_for_each_entry_site(site, addr)				\
	for (site = fprobe_site_find(fprobe_sites_bucket(fprobe_entry_sites, \
							 addr), addr, NULL); \
	     site; site = fprobe_site_next(site, addr, NULL))

/**
 * fprobe_for_each_exit_site - a cohort's members on a function
 * @site: the cursor, a struct fprobe_site *
 * @cohort_fp: the cohort's fprobe, as its handler is passed it
 * @addr: the function's ftrace location
 *
 * For a cohort's handlers, under RCU.  A member that left since the entry
 * is not found, and none joins a cohort once it is registered.
 */
#define fprobe_for_each_exit_site(site, cohort_fp, addr)		\
	for (site = fprobe_site_find(fprobe_sites_bucket(fprobe_exit_sites, \
							 addr), addr,	\
				     cohort_fp);			\
	     site; site = fprobe_site_next(site, addr, cohort_fp))

void fprobe_share_setup(const struct fprobe_share_handlers *handlers);
struct fprobe_sites *fprobe_sites_alloc(struct fprobe_member *member,
					const struct fprobe_ips *ips);
int fprobe_share_entry_arm(struct fprobe_member **members,
			   struct fprobe_sites **sites, unsigned int nr);
void fprobe_share_exit_arm(struct fprobe_member **members,
			   struct fprobe_sites **sites, unsigned int nr);
void fprobe_share_disarm(struct fprobe_member **members, unsigned int nr);
void fprobe_share_module_going(struct module *mod);

/**
 * fprobe_member_is_shared - whether a member is on a shared fprobe
 * @member: the member
 *
 * Return: true while it is on the shared entry fprobe or on a cohort.
 */
static inline bool fprobe_member_is_shared(const struct fprobe_member *member)
{
	return member->sites;
}

#endif /* __TRACE_FPROBE_SHARE_H */
