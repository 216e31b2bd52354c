// SPDX-License-Identifier: GPL-2.0
/*
 * Many fprobe events on one fprobe: the shared entry fprobe, and the
 * cohorts of exit events (see trace_fprobe_share.h for why).
 *
 * A member is on a shared fprobe through its sites, one per function, in
 * a table by address that the front end's handlers search.  A site is
 * made for one arming, never changes once in the table, and is freed a
 * grace period after it left: a handler reads only sites and the members
 * they point to, whatever happens meanwhile.
 */
#define pr_fmt(fmt)	"trace_fprobe: " fmt

#include <linux/bsearch.h>
#include <linux/module.h>
#include <linux/rethook.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include "trace.h"
#include "trace_fprobe_share.h"

DEFINE_HASHTABLE(fprobe_entry_sites, FPROBE_SITES_HASH_BITS);
DEFINE_HASHTABLE(fprobe_exit_sites, FPROBE_SITES_HASH_BITS);

static const struct fprobe_share_handlers *share_handlers;

/**
 * fprobe_share_setup - the front end's handlers, before any arming
 * @handlers: they stay
 */
void fprobe_share_setup(const struct fprobe_share_handlers *handlers)
{
	share_handlers = handlers;
}

/**
 * fprobe_sites_alloc - a member's sites on a set of functions
 * @member: the member
 * @ips: the functions, sorted and unique
 *
 * Return: the sites, for fprobe_share_entry_arm() or
 * fprobe_share_exit_arm(); NULL without the memory.
 */
struct fprobe_sites *fprobe_sites_alloc(struct fprobe_member *member,
					const struct fprobe_ips *ips)
{
	struct fprobe_sites *sites;
	unsigned int i;

	sites = kvzalloc(struct_size(sites, site, ips->nr), GFP_KERNEL);
	if (!sites)
		return NULL;
	sites->nr = ips->nr;
	for (i = 0; i < ips->nr; i++) {
		sites->site[i].ip = ips->ips[i];
		sites->site[i].member = member;
	}
	return sites;
}

static unsigned int fprobe_sites_total(struct fprobe_sites **sites,
				       unsigned int nr)
{
	unsigned int i, total = 0;

	for (i = 0; i < nr; i++)
		total += sites[i]->nr;
	return total;
}

/* The functions of @nr members' @sites, sorted and unique, into @set */
static int fprobe_sites_union(struct fprobe_sites **sites, unsigned int nr,
			      struct fprobe_ips *set)
{
	unsigned int i, j;

	if (fprobe_ips_alloc(set, fprobe_sites_total(sites, nr)))
		return -ENOMEM;
	for (i = 0; i < nr; i++)
		for (j = 0; j < sites[i]->nr; j++)
			set->ips[set->nr++] = sites[i]->site[j].ip;
	fprobe_ips_sort_unique(set);
	return 0;
}

static bool fprobe_entry_has(unsigned long ip)
{
	struct fprobe_site *site;

	hash_for_each_possible_rcu(fprobe_entry_sites, site, node, ip,
				   lockdep_is_held(&event_mutex))
		if (site->ip == ip)
			return true;
	return false;
}

static bool fprobe_exit_has(unsigned long ip, struct fprobe *fp)
{
	struct fprobe_site *site;

	hash_for_each_possible_rcu(fprobe_exit_sites, site, node, ip,
				   lockdep_is_held(&event_mutex))
		if (site->ip == ip && site->fp == fp)
			return true;
	return false;
}

/*
 * Add to @set the functions of @sites that no other member of the same
 * shared fprobe is on: cohort fprobe @fp's, or with NULL the shared entry
 * fprobe's
 */
static void fprobe_collect_absent(const struct fprobe_sites *sites,
				  struct fprobe *fp, struct fprobe_ips *set)
{
	unsigned long ip;
	unsigned int i;

	for (i = 0; i < sites->nr; i++) {
		ip = sites->site[i].ip;
		/* off the filter already (a module reloaded may reuse ip) */
		if (sites->site[i].gone)
			continue;
		if (fp ? !fprobe_exit_has(ip, fp) : !fprobe_entry_has(ip))
			set->ips[set->nr++] = ip;
	}
}

/*
 * Take shared fprobe @fp (a cohort's, if @exit) off the functions of the
 * @nr members (out of the table already) that no member left is on (at
 * least one is: an empty filter means every function).  A function whose module went
 * away is no ftrace location any more, and ftrace refuses the whole
 * removal for it: it is left out.  Should the removal fail all the same,
 * the functions stay traced for nothing: the handlers find no member.
 */
static void fprobe_filter_remove(struct fprobe *fp, bool exit,
				 struct fprobe_member **members,
				 unsigned int nr)
{
	struct fprobe_ips gone = { };
	unsigned int i, n = 0;

	for (i = 0; i < nr; i++)
		gone.max += members[i]->sites->nr;
	gone.ips = kvmalloc_array(gone.max, sizeof(*gone.ips), GFP_KERNEL);
	for (i = 0; gone.ips && i < nr; i++)
		fprobe_collect_absent(members[i]->sites, exit ? fp : NULL,
				      &gone);
	fprobe_ips_sort_unique(&gone);
	for (i = 0; i < gone.nr; i++)
		if (ftrace_location(gone.ips[i]) == gone.ips[i])
			gone.ips[n++] = gone.ips[i];
	if (n && ftrace_set_filter_ips(&fp->ops, gone.ips, n, 1, 0))
		pr_warn_once("functions left on a shared fprobe\n");
	fprobe_ips_free(&gone);
}

/*
 * Take @sites out of their table: how many were still in it (those on a
 * module's functions left when it went)
 */
static unsigned int fprobe_sites_unhash(struct fprobe_sites *sites)
{
	unsigned int i, n = 0;

	for (i = 0; i < sites->nr; i++) {
		if (hlist_unhashed(&sites->site[i].node))
			continue;
		hash_del_rcu(&sites->site[i].node);
		n++;
	}
	return n;
}

/* --- Function entry members: one shared fprobe ----------------------------- */

/*
 * The sites in fprobe_entry_sites: the shared fprobe is registered while
 * there is one
 */
static unsigned long fentry_sites_nr;

/*
 * Allocated while registered: ftrace frees the trampoline of a dynamic
 * ftrace_ops when it is unregistered, and keeps a static one's listed in
 * kallsyms, where a cleared ops would break the list.
 */
static struct fprobe *fentry_fprobe;

/* Put the shared fprobe on @add too: one ftrace update */
static int fentry_filter_add(struct fprobe_ips *add)
{
	struct fprobe *fp;
	int ret;

	if (fentry_fprobe)
		return ftrace_set_filter_ips(&fentry_fprobe->ops, add->ips,
					     add->nr, 0, 0);
	fp = kzalloc(sizeof(*fp), GFP_KERNEL);
	if (!fp)
		return -ENOMEM;
	fp->entry_handler = share_handlers->entry;
	ret = register_fprobe_ips(fp, add->ips, add->nr);
	if (ret) {
		kfree(fp);
		return ret;
	}
	fentry_fprobe = fp;
	return 0;
}

/**
 * fprobe_share_entry_arm - function entry members onto the shared fprobe
 * @members: the members, none on a shared fprobe
 * @sites: the sites of each (fprobe_sites_alloc())
 * @nr: how many
 *
 * All or none: the functions no member is on yet join the shared fprobe's
 * filter in one update (or its registration), then the sites go in the
 * table.  On success the members own their sites; on failure the caller
 * still does.
 *
 * Return: 0, or -errno.
 */
int fprobe_share_entry_arm(struct fprobe_member **members,
			   struct fprobe_sites **sites, unsigned int nr)
{
	struct fprobe_ips add;
	struct fprobe_site *site;
	unsigned int i, j;
	int ret = 0;

	lockdep_assert_held(&event_mutex);
	if (fprobe_ips_alloc(&add, fprobe_sites_total(sites, nr)))
		return -ENOMEM;
	for (i = 0; i < nr; i++)
		fprobe_collect_absent(sites[i], NULL, &add);
	fprobe_ips_sort_unique(&add);
	if (add.nr)
		ret = fentry_filter_add(&add);
	fprobe_ips_free(&add);
	if (ret)
		return ret;
	for (i = 0; i < nr; i++) {
		for (j = 0; j < sites[i]->nr; j++) {
			site = &sites[i]->site[j];
			site->fp = fentry_fprobe;
			hash_add_rcu(fprobe_entry_sites, &site->node, site->ip);
		}
		fentry_sites_nr += sites[i]->nr;
		members[i]->sites = sites[i];
	}
	return 0;
}

/* The last site left: the shared fprobe goes */
static void fentry_unregister(void)
{
	/* waits for the handlers: the trampoline is freed */
	unregister_fprobe(fentry_fprobe);
	kfree(fentry_fprobe);
	fentry_fprobe = NULL;
}

/*
 * The entry members @members leave the shared fprobe: out of the table,
 * their functions no other member is on out of the filter in one update.
 * The shared fprobe goes with its last member.
 */
static void fentry_leave(struct fprobe_member **members, unsigned int nr)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		fentry_sites_nr -= fprobe_sites_unhash(members[i]->sites);
	if (fentry_sites_nr)
		fprobe_filter_remove(fentry_fprobe, false, members, nr);
	else if (fentry_fprobe)
		fentry_unregister();
}

/* --- Function exit members: cohorts ---------------------------------------- */

/*
 * Exit members cannot join the shared entry fprobe: a hit takes a node of
 * the fprobe's rethook pool, sized and laid out (the entry data of each
 * member) at registration.  Those a group enable arms together are dealt
 * into cohorts instead, each an fprobe over the union of its members'
 * functions.  A hit takes one node for all the members on the function,
 * each member's entry data at an offset of its own in the node's (members
 * on different functions sharing offsets), so that a cohort's pool is that
 * of one fprobe over those functions (two nodes per function and CPU).
 *
 * Dealing the members keeps a cohort no larger than what their own
 * fprobes would take: the node's entry data at most what one 6.12 fprobe
 * event's can be (one unsigned long per argument), and the pool's memory
 * at most the sum of the members' own pools.  A member that does not fit
 * opens the next cohort.  N exit events with $argN on one function thus
 * take N / 128 cohorts of two nodes per CPU, where 6.12 takes N fprobes
 * of two nodes per CPU.
 */

/**
 * struct fexit_cohort - the fprobe of exit members armed together
 * @fp: the fprobe
 * @members: how many members are on it
 * @nr_sites: their sites in fprobe_exit_sites: @fp is registered while
 *	there is one (a module's leave when it goes)
 */
struct fexit_cohort {
	struct fprobe	fp;
	unsigned int	members;
	unsigned long	nr_sites;
};

/*
 * At most an fprobe node's header: pools compared at this size can only
 * favour the members' own
 */
#define FEXIT_NODE_HEAD		sizeof(struct rethook_node)
/* A cohort node's entry data: at most what one event's can be */
#define FEXIT_COHORT_DATA_MAX	(MAX_TRACE_ARGS * sizeof(unsigned long))

/**
 * struct fexit_plan - exit members being dealt into cohorts, in order
 * @all: the functions of all the members, sorted and unique
 * @fill: per function of @all, the entry data laid out there in the
 *	cohort @owner says
 * @owner: per function of @all, the cohort @fill is of (0: none yet)
 * @id: the open cohort, the one members are added to (from 1)
 * @nr_funcs: its functions
 * @size: its node's entry data
 * @own: the memory its members' own pools would take, per pair of nodes
 *	a CPU has for each function: bytes of nodes over all functions
 */
struct fexit_plan {
	struct fprobe_ips	all;
	size_t			*fill;
	unsigned int		*owner;
	unsigned int		id;
	unsigned long		nr_funcs;
	size_t			size;
	u64			own;
};

static unsigned int fexit_plan_index(const struct fexit_plan *p,
				     unsigned long ip)
{
	unsigned long *at = bsearch(&ip, p->all.ips, p->all.nr, sizeof(ip),
				    fprobe_cmp_ip);

	return at - p->all.ips;
}

/*
 * Where a member with @sites would put its entry data in the open cohort:
 * past what is laid out at each of its functions.  *@new_funcs: how many
 * of its functions the cohort is not on yet.
 */
static size_t fexit_plan_offset(const struct fexit_plan *p,
				const struct fprobe_sites *sites,
				unsigned int *new_funcs)
{
	unsigned int i, k;
	size_t off = 0;

	*new_funcs = 0;
	for (i = 0; i < sites->nr; i++) {
		k = fexit_plan_index(p, sites->site[i].ip);
		if (p->owner[k] == p->id)
			off = max(off, p->fill[k]);
		else
			(*new_funcs)++;
	}
	return off;
}

/* Whether a member fits the open cohort at offset @off (see above) */
static bool fexit_plan_fits(const struct fexit_plan *p,
			    const struct fprobe_sites *sites, size_t need,
			    size_t off, unsigned int new_funcs)
{
	size_t size = need ? max(p->size, off + need) : p->size;
	u64 funcs = p->nr_funcs + new_funcs;
	u64 own = p->own + (u64)sites->nr * (FEXIT_NODE_HEAD + need);

	return size <= FEXIT_COHORT_DATA_MAX &&
	       funcs * (FEXIT_NODE_HEAD + size) <= own;
}

/* Add a member to the open cohort, its entry data at @off */
static void fexit_plan_add(struct fexit_plan *p, struct fprobe_sites *sites,
			   size_t need, size_t off)
{
	unsigned int i, k;

	for (i = 0; i < sites->nr; i++) {
		k = fexit_plan_index(p, sites->site[i].ip);
		if (p->owner[k] != p->id) {
			p->owner[k] = p->id;
			p->fill[k] = 0;
			p->nr_funcs++;
		}
		if (need)
			p->fill[k] = off + need;
		sites->site[i].data_off = need ? off : 0;
	}
	if (need)
		p->size = max(p->size, off + need);
	p->own += (u64)sites->nr * (FEXIT_NODE_HEAD + need);
}

/* Close the open cohort and open the next, empty */
static void fexit_plan_next(struct fexit_plan *p)
{
	p->id++;
	p->nr_funcs = 0;
	p->size = 0;
	p->own = 0;
}

static int fexit_plan_init(struct fexit_plan *p, struct fprobe_sites **sites,
			   unsigned int nr)
{
	*p = (struct fexit_plan){ .id = 1 };
	if (fprobe_sites_union(sites, nr, &p->all))
		return -ENOMEM;
	p->fill = kvcalloc(p->all.nr, sizeof(*p->fill), GFP_KERNEL);
	p->owner = kvcalloc(p->all.nr, sizeof(*p->owner), GFP_KERNEL);
	return p->fill && p->owner ? 0 : -ENOMEM;
}

static void fexit_plan_free(struct fexit_plan *p)
{
	fprobe_ips_free(&p->all);
	kvfree(p->fill);
	kvfree(p->owner);
}

/* The node's entry data of a cohort of @nr members laid out in @sites */
static size_t fexit_cohort_data(struct fprobe_member **members,
				struct fprobe_sites **sites, unsigned int nr)
{
	unsigned int i;
	size_t size = 0;

	for (i = 0; i < nr; i++)
		if (members[i]->data_size && sites[i]->nr)
			size = max_t(size_t, size, sites[i]->site[0].data_off +
					       members[i]->data_size);
	return size;
}

/*
 * Arm the exit members @members, their entry data laid out in their
 * @sites, on one new cohort, all or none.  Their sites go in the table
 * before the fprobe is registered, so that no hit of it finds a function
 * without its members.  On success the members own their sites.
 */
static int fexit_cohort_arm(struct fprobe_member **members,
			    struct fprobe_sites **sites, unsigned int nr)
{
	struct fprobe_ips all;
	struct fexit_cohort *c;
	unsigned int i, j;
	int ret = -ENOMEM;

	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c || fprobe_sites_union(sites, nr, &all))
		goto out;
	/* no nr_maxactive: two nodes per function and CPU, one a hit */
	c->fp.entry_data_size = fexit_cohort_data(members, sites, nr);
	c->fp.entry_handler = share_handlers->cohort_entry;
	c->fp.exit_handler = share_handlers->cohort_exit;
	for (i = 0; i < nr; i++) {
		sites[i]->cohort = c;
		for (j = 0; j < sites[i]->nr; j++) {
			sites[i]->site[j].fp = &c->fp;
			hash_add_rcu(fprobe_exit_sites, &sites[i]->site[j].node,
				     sites[i]->site[j].ip);
		}
	}
	ret = register_fprobe_ips(&c->fp, all.ips, all.nr);
	fprobe_ips_free(&all);
	if (ret) {
		for (i = 0; i < nr; i++)
			fprobe_sites_unhash(sites[i]);
		/* other cohorts' handlers may be walking the sites */
		synchronize_rcu();
		goto out;
	}
	c->members = nr;
	for (i = 0; i < nr; i++) {
		members[i]->sites = sites[i];
		c->nr_sites += sites[i]->nr;
	}
	return 0;
out:
	kfree(c);
	return ret;
}

/* Arm @nr members dealt into one cohort; one alone is left out */
static void fexit_cohort_try(struct fprobe_member **members,
			     struct fprobe_sites **sites, unsigned int nr)
{
	unsigned int i;

	if (nr > 1 && !fexit_cohort_arm(members, sites, nr))
		return;
	for (i = 0; i < nr; i++)
		kvfree(sites[i]);
}

/* A member to deal, with its sites */
struct fexit_deal {
	struct fprobe_member	*member;
	struct fprobe_sites	*sites;
};

/* By first function, the most entry data first */
static int fexit_cmp_deal(const void *a, const void *b)
{
	const struct fexit_deal *x = a, *y = b;
	unsigned long ix = x->sites->nr ? x->sites->site[0].ip : 0;
	unsigned long iy = y->sites->nr ? y->sites->site[0].ip : 0;

	if (ix != iy)
		return ix < iy ? -1 : 1;
	return x->member->data_size > y->member->data_size ? -1 :
	       x->member->data_size < y->member->data_size;
}

/*
 * Put the members on the same functions next to each other, the one with
 * the most entry data first: a cohort then grows by whole functions, each
 * sized by its largest member, and the dealing does not close a cohort
 * because a member on a new function came before those that would pay
 * for it.  Without the memory, they are dealt as they come.
 */
static void fexit_deal_order(struct fprobe_member **members,
			     struct fprobe_sites **sites, unsigned int nr)
{
	struct fexit_deal *deal;
	unsigned int i;

	deal = kvmalloc_array(nr, sizeof(*deal), GFP_KERNEL);
	if (!deal)
		return;
	for (i = 0; i < nr; i++)
		deal[i] = (struct fexit_deal){ members[i], sites[i] };
	sort(deal, nr, sizeof(*deal), fexit_cmp_deal, NULL);
	for (i = 0; i < nr; i++) {
		members[i] = deal[i].member;
		sites[i] = deal[i].sites;
	}
	kvfree(deal);
}

/**
 * fprobe_share_exit_arm - function exit members onto cohorts
 * @members: the members, none on a shared fprobe
 * @sites: the sites of each (fprobe_sites_alloc()), taken over
 * @nr: how many
 *
 * Deals the members (reordered: fexit_deal_order()) into cohorts (see
 * above) and arms each cohort of two or more.  Those left out (alone in a cohort, or in one
 * whose registration failed) are not armed: the caller arms each on an
 * fprobe of its own, which reports why it fails, if it does.
 */
void fprobe_share_exit_arm(struct fprobe_member **members,
			   struct fprobe_sites **sites, unsigned int nr)
{
	struct fexit_plan plan;
	unsigned int i, first = 0, new_funcs;
	size_t need, off;

	lockdep_assert_held(&event_mutex);
	fexit_deal_order(members, sites, nr);
	if (fexit_plan_init(&plan, sites, nr)) {
		fexit_plan_free(&plan);
		for (i = 0; i < nr; i++)
			kvfree(sites[i]);
		return;
	}
	for (i = 0; i < nr; i++) {
		need = members[i]->data_size;
		off = fexit_plan_offset(&plan, sites[i], &new_funcs);
		if (!fexit_plan_fits(&plan, sites[i], need, off, new_funcs)) {
			fexit_cohort_try(members + first, sites + first,
					 i - first);
			fexit_plan_next(&plan);
			first = i;
			off = fexit_plan_offset(&plan, sites[i], &new_funcs);
		}
		fexit_plan_add(&plan, sites[i], need, off);
	}
	fexit_cohort_try(members + first, sites + first, nr - first);
	fexit_plan_free(&plan);
}

/*
 * The members @members of one cohort leave it: out of the table, the
 * functions no member left is on out of the filter; the cohort's fprobe
 * goes with its last site, the cohort with its last member.
 */
static void fexit_cohort_leave(struct fprobe_member **members,
			       unsigned int nr)
{
	struct fexit_cohort *c = members[0]->sites->cohort;
	unsigned long had = c->nr_sites;
	unsigned int i;

	for (i = 0; i < nr; i++)
		c->nr_sites -= fprobe_sites_unhash(members[i]->sites);
	c->members -= nr;
	if (c->nr_sites)
		fprobe_filter_remove(&c->fp, true, members, nr);
	else if (had)
		/* waits for the handlers: the trampoline is freed */
		unregister_fprobe(&c->fp);
	if (!c->members)
		kfree(c);
}

/* --- Modules going --------------------------------------------------------- */

/*
 * When a module goes, the sites on its functions leave their tables, and
 * the functions their shared fprobe's filter, while they are still ftrace
 * locations (ftrace drops a module's records after the GOING notifiers;
 * after that, ftrace refuses to take an address that is none out of a
 * filter).  Else a filter would keep the addresses for as long as its
 * shared fprobe lives, and a module loaded there later would be traced
 * by it.  The members keep their sites, immutable, until disarmed.
 */

/**
 * struct fprobe_gone - a site that left with its module
 * @fp: the shared fprobe it was on
 * @ip: its function
 */
struct fprobe_gone {
	struct fprobe	*fp;
	unsigned long	ip;
};

static int fprobe_cmp_gone(const void *a, const void *b)
{
	const struct fprobe_gone *x = a, *y = b;

	if (x->fp != y->fp)
		return x->fp < y->fp ? -1 : 1;
	return x->ip < y->ip ? -1 : x->ip > y->ip;
}

/*
 * The sites of @table on functions of @mod, taken out of it, sorted by
 * fprobe and function: how many (*@gonep, kvfree() it), or -ENOMEM with
 * the table untouched
 */
static int fprobe_sites_going(struct hlist_head *table, unsigned int bits,
			      struct module *mod, struct fprobe_gone **gonep)
{
	struct fprobe_gone *gone;
	struct fprobe_site *site;
	struct hlist_node *tmp;
	unsigned int i, n = 0;

	*gonep = NULL;
	for (i = 0; i < 1U << bits; i++)
		hlist_for_each_entry(site, &table[i], node)
			n += within_module(site->ip, mod);
	if (!n)
		return 0;
	gone = kvmalloc_array(n, sizeof(*gone), GFP_KERNEL);
	if (!gone)
		return -ENOMEM;
	n = 0;
	for (i = 0; i < 1U << bits; i++)
		hlist_for_each_entry_safe(site, tmp, &table[i], node) {
			if (!within_module(site->ip, mod))
				continue;
			gone[n++] = (struct fprobe_gone){ site->fp, site->ip };
			site->gone = true;
			hash_del_rcu(&site->node);
		}
	sort(gone, n, sizeof(*gone), fprobe_cmp_gone, NULL);
	*gonep = gone;
	return n;
}

/* Take @fp off the functions of @gone[0..@nr) (its own sites) */
static void fprobe_filter_drop(struct fprobe *fp,
			       const struct fprobe_gone *gone, unsigned int nr)
{
	struct fprobe_ips set;
	unsigned int i;
	int ret;

	ret = fprobe_ips_alloc(&set, nr);
	for (i = 0; !ret && i < nr; i++)
		set.ips[set.nr++] = gone[i].ip;
	if (!ret) {
		fprobe_ips_sort_unique(&set);
		ret = ftrace_set_filter_ips(&fp->ops, set.ips, set.nr, 1, 0);
	}
	if (ret)
		pr_warn_once("functions of a module left on a shared fprobe\n");
	fprobe_ips_free(&set);
}

static void fentry_module_going(struct module *mod)
{
	struct fprobe_gone *gone;
	int n;

	n = fprobe_sites_going(fprobe_entry_sites, FPROBE_SITES_HASH_BITS,
			       mod, &gone);
	if (n <= 0)
		return;
	fentry_sites_nr -= n;
	if (!fentry_sites_nr)
		fentry_unregister();
	else
		fprobe_filter_drop(fentry_fprobe, gone, n);
	kvfree(gone);
}

static void fexit_module_going(struct module *mod)
{
	struct fexit_cohort *c;
	struct fprobe_gone *gone;
	int n, i, k;

	n = fprobe_sites_going(fprobe_exit_sites, FPROBE_SITES_HASH_BITS,
			       mod, &gone);
	for (i = 0; i < n; i = k) {
		for (k = i + 1; k < n && gone[k].fp == gone[i].fp; k++)
			;
		c = container_of(gone[i].fp, struct fexit_cohort, fp);
		c->nr_sites -= k - i;
		if (!c->nr_sites)
			/* waits for the handlers: the trampoline is freed */
			unregister_fprobe(&c->fp);
		else
			fprobe_filter_drop(&c->fp, gone + i, k - i);
	}
	kvfree(gone);
}

/**
 * fprobe_share_module_going - a module goes: the shared fprobes leave it
 * @mod: the module, in its GOING notifier
 *
 * The members on its functions stay members (armed), on their other
 * functions.  Without the memory to say which sites go, they all stay,
 * as 6.12's fprobes stay on a module's addresses.
 */
void fprobe_share_module_going(struct module *mod)
{
	lockdep_assert_held(&event_mutex);
	fentry_module_going(mod);
	fexit_module_going(mod);
}

/* Members by the shared fprobe they are on: entry first, then by cohort */
static int fprobe_cmp_cohort(const void *a, const void *b)
{
	const struct fprobe_member *x = *(const struct fprobe_member **)a;
	const struct fprobe_member *y = *(const struct fprobe_member **)b;
	const struct fexit_cohort *cx = x->sites->cohort;
	const struct fexit_cohort *cy = y->sites->cohort;

	return cx < cy ? -1 : cx > cy;
}

/**
 * fprobe_share_disarm - members leave their shared fprobes
 * @members: the members, each on a shared fprobe (reordered)
 * @nr: how many
 *
 * Each shared fprobe they leave is updated once; their sites are freed
 * after a grace period.  Whoever frees a member waits for a grace period
 * after this: a hit may still be reading it.
 */
void fprobe_share_disarm(struct fprobe_member **members, unsigned int nr)
{
	struct fexit_cohort *c;
	unsigned int i, k;

	lockdep_assert_held(&event_mutex);
	sort(members, nr, sizeof(*members), fprobe_cmp_cohort, NULL);
	for (i = 0; i < nr; i = k) {
		c = members[i]->sites->cohort;
		for (k = i + 1; k < nr && members[k]->sites->cohort == c; k++)
			;
		if (c)
			fexit_cohort_leave(members + i, k - i);
		else
			fentry_leave(members + i, k - i);
	}
	for (i = 0; i < nr; i++) {
		kvfree_rcu(members[i]->sites, rcu);
		members[i]->sites = NULL;
	}
}
