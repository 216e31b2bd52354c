// SPDX-License-Identifier: GPL-2.0
/*
 * Fprobe-based trace events: function entry and exit events through
 * fprobe (ftrace), and tracepoint probes, which put an fprobe on the probe
 * stub of a tracepoint.
 *
 * "f[N][:[GRP/]EVENT] SYM[%return] [ARGS]" and "t[:[GRP/]EVENT] TP
 * [ARGS]" written to dynamic_events go through the shared creation
 * pipeline (trace_probe_create_cmd()) with the head parser of
 * trace_fprobe_parse.c.  This file owns what only fprobes have: the
 * fprobe registration (and the tracepoint's, whose module may come
 * later), the entry and exit handlers that record a hit, and perf.
 */
#define pr_fmt(fmt)	"trace_fprobe: " fmt

#include <asm/ptrace.h>

#include <linux/bsearch.h>
#include <linux/fprobe.h>
#include <linux/glob.h>
#include <linux/hashtable.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/rculist.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/sort.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>

#include "trace_fprobe_parse.h"
#include "trace_probe.h"
#include "trace_probe_kernel.h"
#include "trace_probe_tmpl.h"
#include "trace_probe_record.h"

/* A tracepoint probe whose tracepoint's module is not loaded yet */
#define TRACEPOINT_STUB		ERR_PTR(-ENOENT)

/**
 * struct fprobe_ips - functions collected for a pattern
 * @ips: their ftrace locations, sorted and unique once complete
 * @nr: how many
 * @max: the room of @ips: one more than a pattern may name
 */
struct fprobe_ips {
	unsigned long	*ips;
	unsigned int	nr;
	unsigned int	max;
};

struct fprobe_sites;
struct fexit_cohort;

/**
 * struct trace_fprobe - an fprobe or tracepoint probe event probe
 * @fp: the fprobe of its own: an exit probe's armed on its own, a
 *	tracepoint probe's, or a 6.12 glob's that means every function
 * @sites: the functions a function entry probe is on while it is armed,
 *	in the shared entry fprobe's table, or an exit probe armed in a
 *	cohort, in the cohorts' table; NULL while it is not
 * @cohort: the shared fprobe of the exit probes armed with it, if any
 * @cohort_data: where its entry data is in the cohort's
 * @symbol: the function pattern as written without "%return", or the
 *	tracepoint's name
 * @pattern: the functions, parsed; NULL for a tracepoint probe
 * @list_return: the listing says "%return": an exit probe whose pattern
 *	has no ":exit" suffix
 * @glob_ips: a 6.12 glob's functions, as last resolved (at definition,
 *	or at an arming), for the next arming: resolving a glob asks
 *	kallsyms the name of every traceable function
 * @glob_gen: fprobe_functions_gen when @glob_ips was resolved; 0: not
 *	resolved
 * @tpoint: the tracepoint; TRACEPOINT_STUB while its module is not
 *	loaded; NULL for a function probe
 * @mod: the module of @tpoint (no reference: the module notifier follows
 *	it going away)
 * @tp: the probe; must be last (its arguments follow)
 *
 * Lifetime: created by a command, freed when deleted.
 */
struct trace_fprobe {
	struct fprobe		fp;
	struct fprobe_sites	*sites;
	struct fexit_cohort	*cohort;
	size_t			cohort_data;
	const char		*symbol;
	struct fprobe_pattern	*pattern;
	bool			list_return;
	struct fprobe_ips	glob_ips;
	unsigned long		glob_gen;
	struct tracepoint	*tpoint;
	struct module		*mod;
	struct trace_probe	tp;
};

static struct trace_probe_ops trace_fprobe_ops;

static struct trace_fprobe *tp_to_trace_fprobe(struct trace_probe *tp)
{
	return container_of(tp, struct trace_fprobe, tp);
}

static struct trace_fprobe *to_trace_fprobe(struct dyn_event *ev)
{
	return tp_to_trace_fprobe(to_trace_probe(ev));
}

static bool is_trace_fprobe(struct dyn_event *ev)
{
	return is_trace_probe_of(ev, &trace_fprobe_ops);
}

static bool trace_fprobe_is_return(struct trace_fprobe *tf)
{
	return !!tf->fp.exit_handler;
}

static bool trace_fprobe_is_tracepoint(struct trace_fprobe *tf)
{
	return !!tf->tpoint;
}

static const char *trace_fprobe_symbol(struct trace_fprobe *tf)
{
	return tf->symbol ?: "unknown";
}

/* --- Tracepoints, for the head parser and the module notifier ------------ */

/**
 * struct find_tracepoint_data - a search for a tracepoint by name
 * @tp_name: the name
 * @tpoint: the tracepoint found, NULL until then
 * @mod: its module: a reference taken by the search of all modules, or
 *	the module searched
 */
struct find_tracepoint_data {
	const char		*tp_name;
	struct tracepoint	*tpoint;
	struct module		*mod;
};

static void find_tracepoint_module_cb(struct tracepoint *tp,
				      struct module *mod, void *priv)
{
	struct find_tracepoint_data *data = priv;

	if (data->tpoint || strcmp(data->tp_name, tp->name))
		return;
	/* found among all modules: hold it while the probe is created */
	if (!data->mod && mod) {
		if (!try_module_get(mod))
			return;
		data->mod = mod;
	}
	data->tpoint = tp;
}

static void find_tracepoint_cb(struct tracepoint *tp, void *priv)
{
	struct find_tracepoint_data *data = priv;

	if (!data->tpoint && !strcmp(data->tp_name, tp->name))
		data->tpoint = tp;
}

/* A tracepoint of vmlinux or of a module (then *@tp_mod is held) */
static struct tracepoint *find_tracepoint(const char *tp_name,
					  struct module **tp_mod)
{
	struct find_tracepoint_data data = { .tp_name = tp_name };

	for_each_kernel_tracepoint(find_tracepoint_cb, &data);
	if (!data.tpoint && IS_ENABLED(CONFIG_MODULES)) {
		for_each_module_tracepoint(find_tracepoint_module_cb, &data);
		*tp_mod = data.mod;
	}
	return data.tpoint;
}

static void *trace_fprobe_find_tracepoint(void *data, const char *name,
					  void **mod, char *stub, size_t size)
{
	struct module *tp_mod = NULL;
	struct tracepoint *tpoint = find_tracepoint(name, &tp_mod);
	char sym[KSYM_NAME_LEN];

	*mod = tp_mod;
	if (!tpoint)
		return NULL;
	if (kallsyms_lookup((unsigned long)tpoint->probestub, NULL, NULL,
			    NULL, sym))
		strscpy(stub, sym, size);
	return tpoint;
}

static void trace_fprobe_put_module(void *data, void *mod)
{
	module_put(mod);
}

/* --- Function patterns ---------------------------------------------------- */

static bool fprobe_ip_in_module(unsigned long ip, const char *name)
{
#ifdef CONFIG_MODULES
	struct module *mod;
	bool in;

	preempt_disable();
	mod = __module_text_address(ip);
	in = mod && !strcmp(mod->name, name);
	preempt_enable();
	return in;
#else
	return false;
#endif
}

/* The functions of a scratch ops's filter into @set, up to its room */
static void fprobe_ips_add_filter(struct fprobe_ips *set,
				  struct ftrace_ops *ops,
				  const struct fprobe_pattern_item *item)
{
	struct ftrace_func_entry *entry;
	struct ftrace_hash *hash;
	unsigned int i;

	hash = rcu_dereference_protected(ops->func_hash->filter_hash, true);
	for (i = 0; hash && i < BIT(hash->size_bits); i++) {
		hlist_for_each_entry(entry, &hash->buckets[i], hlist) {
			if (set->nr == set->max)
				return;
			if (!item->mod ||
			    fprobe_ip_in_module(entry->ip, item->mod))
				set->ips[set->nr++] = entry->ip;
		}
	}
}

static unsigned int fprobe_filter_count(struct ftrace_ops *ops)
{
	struct ftrace_hash *hash;

	hash = rcu_dereference_protected(ops->func_hash->filter_hash, true);
	return hash ? hash->count : 0;
}

/*
 * The functions of @ops's filter (in @item's module, if it names one)
 * into @set, sized to hold them all; @set->ips stays NULL for an empty
 * filter.  Return: 0 or -ENOMEM.
 */
static int fprobe_ips_from_filter(struct fprobe_ips *set,
				  struct ftrace_ops *ops,
				  const struct fprobe_pattern_item *item)
{
	*set = (struct fprobe_ips){ .max = fprobe_filter_count(ops) };
	if (!set->max)
		return 0;
	set->ips = kvmalloc_array(set->max, sizeof(*set->ips), GFP_KERNEL);
	if (!set->ips)
		return -ENOMEM;
	fprobe_ips_add_filter(set, ops, item);
	return 0;
}

/*
 * A scratch ftrace_ops (*@opsp) whose filter is what ftrace matches with
 * @glob, as register_fprobe() would; it touches no code.  Free it with
 * fprobe_scratch_free(), whatever this returns.  Return: 0, -EINVAL if
 * @glob matches no traceable function, or -ENOMEM.
 */
static int fprobe_scratch_filter(struct ftrace_ops **opsp, const char *glob)
{
	struct ftrace_ops *ops;
	char *buf;
	int ret = -ENOMEM;

	ops = kzalloc(sizeof(*ops), GFP_KERNEL);
	buf = kstrdup(glob, GFP_KERNEL);
	if (ops && buf)
		ret = ftrace_set_filter(ops, buf, strlen(buf), 1);
	kfree(buf);
	*opsp = ops;
	return ret;
}

static void fprobe_scratch_free(struct ftrace_ops *ops)
{
	if (!ops)
		return;
	ftrace_free_filter(ops);
	kfree(ops);
}

/*
 * A glob without a wildcard is a function name, which ftrace matches
 * against the name of every traceable function, asking kallsyms for each.
 * The functions of that name are found through kallsyms' sorted names
 * instead, and the modules' symbols: the same functions, each with its
 * ftrace location and named so by kallsyms, as ftrace's match wants.
 * A glob that starts with a digit is no name: ftrace reads it as an index
 * into available_filter_functions (6.12's "f 17" is on its 17th function).
 */
static bool fprobe_glob_is_name(const char *glob)
{
	return *glob && !isdigit(*glob) && !strpbrk(glob, "*?[]!\\");
}

/**
 * struct fprobe_name_match - the functions of one name being collected
 * @name: the name
 * @mod: only those of this module; NULL: of the kernel and every module
 * @set: where to add them, up to its room; NULL to count them only
 * @found: how many there are
 */
struct fprobe_name_match {
	const char		*name;
	const char		*mod;
	struct fprobe_ips	*set;
	unsigned int		found;
};

static void fprobe_name_add(struct fprobe_name_match *m, unsigned long addr)
{
	unsigned long ip = ftrace_location(addr);
	char sym[KSYM_NAME_LEN];
	char *modname;

	if (!ip || !kallsyms_lookup(ip, NULL, NULL, &modname, sym) ||
	    strcmp(sym, m->name))
		return;
	if (m->mod && (!modname || strcmp(modname, m->mod)))
		return;
	m->found++;
	if (m->set && m->set->nr < m->set->max)
		m->set->ips[m->set->nr++] = ip;
}

static int fprobe_name_kernel_cb(void *data, unsigned long addr)
{
	fprobe_name_add(data, addr);
	return 0;
}

static int fprobe_name_module_cb(void *data, const char *sym,
				 unsigned long addr)
{
	struct fprobe_name_match *m = data;

	if (!strcmp(sym, m->name))
		fprobe_name_add(m, addr);
	return 0;
}

/* Collect the traceable functions named @m->name: how many there are */
static unsigned int fprobe_name_collect(struct fprobe_name_match *m)
{
	m->found = 0;
	if (!m->mod)
		kallsyms_on_each_match_symbol(fprobe_name_kernel_cb, m->name, m);
	module_kallsyms_on_each_symbol(m->mod, fprobe_name_module_cb, m);
	return m->found;
}

/*
 * Add the functions @item names to @set: those ftrace matches with
 * @item's glob, in @item's module if it has one.
 */
static int fprobe_ips_add_item(struct fprobe_ips *set,
			       const struct fprobe_pattern_item *item)
{
	struct fprobe_name_match m = {
		.name = item->glob, .mod = item->mod, .set = set,
	};
	struct ftrace_ops *ops;
	int ret;

	if (fprobe_glob_is_name(item->glob)) {
		fprobe_name_collect(&m);
		return 0;
	}
	ret = fprobe_scratch_filter(&ops, item->glob);
	if (!ret)
		fprobe_ips_add_filter(set, ops, item);
	fprobe_scratch_free(ops);
	/* ftrace's "no such function" */
	return ret == -EINVAL ? 0 : ret;
}

static int fprobe_cmp_ip(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

static void fprobe_ips_sort_unique(struct fprobe_ips *set)
{
	unsigned int i, n = 0;

	sort(set->ips, set->nr, sizeof(*set->ips), fprobe_cmp_ip, NULL);
	for (i = 0; i < set->nr; i++)
		if (!n || set->ips[n - 1] != set->ips[i])
			set->ips[n++] = set->ips[i];
	set->nr = n;
}

/* The items of @pat that include (or exclude) into @set, sorted */
static int fprobe_ips_collect(struct fprobe_ips *set,
			      const struct fprobe_pattern *pat, bool exclude)
{
	unsigned int i;
	int ret;

	for (i = 0; i < pat->nr_items; i++) {
		if (pat->items[i].exclude != exclude)
			continue;
		ret = fprobe_ips_add_item(set, &pat->items[i]);
		if (ret)
			return ret;
	}
	fprobe_ips_sort_unique(set);
	return 0;
}

/* Take out of @set what is in @out (both sorted) */
static void fprobe_ips_remove(struct fprobe_ips *set,
			      const struct fprobe_ips *out)
{
	unsigned int i, j = 0, n = 0;

	for (i = 0; i < set->nr; i++) {
		while (j < out->nr && out->ips[j] < set->ips[i])
			j++;
		if (j == out->nr || out->ips[j] != set->ips[i])
			set->ips[n++] = set->ips[i];
	}
	set->nr = n;
}

static void fprobe_ips_free(struct fprobe_ips *set)
{
	kvfree(set->ips);
	set->ips = NULL;
}

static int fprobe_ips_init(struct fprobe_ips *set)
{
	set->nr = 0;
	set->max = FPROBE_PATTERN_MAX_FUNCS + 1;
	set->ips = kvmalloc_array(set->max, sizeof(*set->ips), GFP_KERNEL);
	return set->ips ? 0 : -ENOMEM;
}

/*
 * The traceable functions @pat names now, sorted by address: those its
 * items include, less those they exclude.  More than the bound stops at
 * one more.  Free @set with fprobe_ips_free().
 */
static int fprobe_pattern_resolve(const struct fprobe_pattern *pat,
				  struct fprobe_ips *set)
{
	struct fprobe_ips out;
	int ret;

	ret = fprobe_ips_init(set);
	if (!ret)
		ret = fprobe_ips_collect(set, pat, false);
	if (ret || !set->nr)
		return ret;
	ret = fprobe_ips_init(&out);
	if (!ret)
		ret = fprobe_ips_collect(&out, pat, true);
	if (!ret)
		fprobe_ips_remove(set, &out);
	fprobe_ips_free(&out);
	return ret;
}

/*
 * The functions @pat names now, for an arming: -ENOENT if none (a module
 * went away since the definition), -E2BIG if more than the bound.
 */
static int fprobe_pattern_functions(const struct fprobe_pattern *pat,
				    struct fprobe_ips *set)
{
	int ret = fprobe_pattern_resolve(pat, set);

	if (!ret && !set->nr)
		ret = -ENOENT;
	else if (!ret && set->nr > FPROBE_PATTERN_MAX_FUNCS)
		ret = -E2BIG;
	return ret;
}

/* &trace_fprobe_env.count_functions */
static int trace_fprobe_count_functions(void *data,
					const struct fprobe_pattern *pat)
{
	struct fprobe_ips set;
	int ret;

	ret = fprobe_pattern_resolve(pat, &set);
	if (!ret)
		ret = set.nr;
	fprobe_ips_free(&set);
	return ret;
}

static int fprobe_cmp_name(const void *a, const void *b)
{
	return strcmp(*(const char * const *)a, *(const char * const *)b);
}

/* Pack the sorted @names into one buffer, each once: how many, or -errno */
static int fprobe_pack_names(char **names, unsigned int nr, char **bufp)
{
	size_t size = 0;
	unsigned int i;
	int n = 0;
	char *p;

	for (i = 0; i < nr; i++)
		size += strlen(names[i]) + 1;
	*bufp = kmalloc(size, GFP_KERNEL);
	if (!*bufp)
		return -ENOMEM;
	for (i = 0, p = *bufp; i < nr; i++) {
		if (i && !strcmp(names[i], names[i - 1]))
			continue;
		size = strlen(names[i]) + 1;
		memcpy(p, names[i], size);
		p += size;
		n++;
	}
	return n;
}

/* &trace_fprobe_env.function_names: those of the functions found now */
static int trace_fprobe_function_names(void *data,
				       const struct fprobe_pattern *pat,
				       char **bufp)
{
	char sym[KSYM_NAME_LEN], **names = NULL;
	struct fprobe_ips set;
	unsigned int i, nr = 0;
	int ret;

	*bufp = NULL;
	ret = fprobe_pattern_resolve(pat, &set);
	if (!ret && set.nr) {
		names = kvcalloc(set.nr, sizeof(*names), GFP_KERNEL);
		ret = names ? 0 : -ENOMEM;
	}
	for (i = 0; !ret && i < set.nr; i++) {
		if (!kallsyms_lookup(set.ips[i], NULL, NULL, NULL, sym))
			continue;
		names[nr] = kstrdup(sym, GFP_KERNEL);
		if (!names[nr++])
			ret = -ENOMEM;
	}
	if (!ret && nr) {
		sort(names, nr, sizeof(*names), fprobe_cmp_name, NULL);
		ret = fprobe_pack_names(names, nr, bufp);
	}
	for (i = 0; i < nr; i++)
		kfree(names[i]);
	kvfree(names);
	fprobe_ips_free(&set);
	return ret;
}

static const struct trace_fprobe_env trace_fprobe_lookups = {
	.find_tracepoint	= trace_fprobe_find_tracepoint,
	.put_module		= trace_fprobe_put_module,
	.count_functions	= trace_fprobe_count_functions,
	.function_names		= trace_fprobe_function_names,
	.modules		= IS_ENABLED(CONFIG_MODULES),
#ifdef CONFIG_PROBE_EVENTS_BTF_ARGS
	.btf			= &traceprobe_btf_ops,
#endif
};

/* --- Probes --------------------------------------------------------------------- */

static int fentry_dispatcher(struct fprobe *fp, unsigned long entry_ip,
			     unsigned long ret_ip, struct pt_regs *regs,
			     void *entry_data);
static void fexit_dispatcher(struct fprobe *fp, unsigned long entry_ip,
			     unsigned long ret_ip, struct pt_regs *regs,
			     void *entry_data);
static int fentry_shared_dispatcher(struct fprobe *fp, unsigned long entry_ip,
				    unsigned long ret_ip, struct pt_regs *regs,
				    void *entry_data);
static int fexit_cohort_entry(struct fprobe *fp, unsigned long entry_ip,
			      unsigned long ret_ip, struct pt_regs *regs,
			      void *entry_data);
static void fexit_cohort_exit(struct fprobe *fp, unsigned long entry_ip,
			      unsigned long ret_ip, struct pt_regs *regs,
			      void *entry_data);

static void free_trace_fprobe(struct trace_fprobe *tf)
{
	if (!tf)
		return;
	trace_probe_cleanup(&tf->tp);
	kvfree(tf->glob_ips.ips);
	kfree(tf->pattern);
	kfree(tf->symbol);
	kfree(tf);
}

/* &trace_probe_ops.alloc */
static struct trace_probe *trace_fprobe_alloc(struct probe_head *head,
					      int nargs)
{
	struct trace_fprobe_head *fh = to_trace_fprobe_head(head);
	struct trace_fprobe *tf;
	int ret = -ENOMEM;

	tf = kzalloc(struct_size(tf, tp.args, nargs), GFP_KERNEL);
	if (!tf)
		return ERR_PTR(-ENOMEM);
	tf->symbol = kstrdup(fh->symbol, GFP_KERNEL);
	if (fh->pattern)
		tf->pattern = fprobe_pattern_dup(fh->pattern);
	tf->list_return = fh->is_return && !fh->suffix;
	if (fh->is_return)
		tf->fp.exit_handler = fexit_dispatcher;
	else
		tf->fp.entry_handler = fentry_dispatcher;
	if (fh->is_tracepoint)
		tf->tpoint = fh->tpoint ?: TRACEPOINT_STUB;
	tf->mod = fh->mod;
	tf->fp.nr_maxactive = fh->maxactive;
	/* a function probe has its pattern, a tracepoint probe none */
	if (tf->symbol && !tf->pattern == fh->is_tracepoint)
		ret = trace_probe_init(&tf->tp, head->event, head->group,
				       head->ptype, nargs, 0);
	if (ret) {
		free_trace_fprobe(tf);
		return ERR_PTR(ret);
	}
	return &tf->tp;
}

static void trace_fprobe_free(struct trace_probe *tp)
{
	free_trace_fprobe(tp_to_trace_fprobe(tp));
}

/* Save the $argN an exit probe reads, before the function runs */
static int trace_fprobe_entry_handler(struct fprobe *fp,
				      unsigned long entry_ip,
				      unsigned long ret_ip,
				      struct pt_regs *regs, void *entry_data)
{
	struct trace_fprobe *tf = container_of(fp, struct trace_fprobe, fp);

	if (tf->tp.entry_arg)
		store_trace_entry_data(entry_data, &tf->tp, regs);
	return 0;
}

NOKPROBE_SYMBOL(trace_fprobe_entry_handler);

/* &trace_probe_ops.prepare: an exit probe saves its $argN at entry */
static int trace_fprobe_prepare(struct trace_probe *tp)
{
	struct trace_fprobe *tf = tp_to_trace_fprobe(tp);

	if (trace_fprobe_is_return(tf) && tp->entry_arg) {
		tf->fp.entry_handler = trace_fprobe_entry_handler;
		tf->fp.entry_data_size = traceprobe_get_entry_data_size(tp);
	}
	return 0;
}

/* &trace_probe_ops.same_place: the same function or tracepoint */
static bool trace_fprobe_same_place(struct trace_probe *a,
				    struct trace_probe *b)
{
	return !strcmp(trace_fprobe_symbol(tp_to_trace_fprobe(a)),
		       trace_fprobe_symbol(tp_to_trace_fprobe(b)));
}

/*
 * A tracepoint probe is an fprobe on the tracepoint's probe stub, which
 * the tracepoint calls once the stub is one of its probes.  If the fprobe
 * fails, the stub goes again: 6.12 leaves it on the tracepoint, and every
 * later tprobe there fails with EEXIST.
 */
static int register_tracepoint_fprobe(struct trace_fprobe *tf)
{
	struct tracepoint *tpoint = tf->tpoint;
	unsigned long ip = (unsigned long)tpoint->probestub;
	int ret;

	ret = tracepoint_probe_register_prio_may_exist(tpoint,
						       tpoint->probestub,
						       NULL, 0);
	if (ret < 0)
		return ret;
	ret = register_fprobe_ips(&tf->fp, &ip, 1);
	if (ret)
		tracepoint_probe_unregister(tpoint, tpoint->probestub, NULL);
	return ret;
}

/*
 * An fprobe on the functions of a pattern, as they are now (a module may
 * have come or gone since the definition): one ftrace filter update for
 * all of them.
 */
static int register_pattern_fprobe(struct trace_fprobe *tf)
{
	struct fprobe_ips set;
	int ret;

	ret = fprobe_pattern_functions(tf->pattern, &set);
	if (!ret)
		ret = register_fprobe_ips(&tf->fp, set.ips, set.nr);
	fprobe_ips_free(&set);
	return ret;
}

/*
 * Make the fprobe look never registered, its handlers kept.  6.12's
 * unregister_fprobe() and a failed register_fprobe*() free the filter of
 * its ftrace_ops but leave the ops pointing at it (and looking
 * registered): the next registration of the same fprobe would copy the
 * freed filter.
 */
static void trace_fprobe_reset(struct trace_fprobe *tf)
{
	memset(&tf->fp.ops, 0, sizeof(tf->fp.ops));
	tf->fp.rethook = NULL;
	tf->fp.flags = 0;
}

/*
 * Bumped when a module comes or goes: the functions a glob matches may
 * have changed, and with them an fprobe event's resolved glob.
 */
static unsigned long fprobe_functions_gen = 1;

/*
 * The functions ftrace matches with a 6.12 glob (with none included,
 * @set->max is 0 and @set->ips NULL: see register_glob_fprobe()).
 * Return: 0, -EINVAL if it matches no traceable function, or -ENOMEM.
 */
static int fprobe_glob_resolve(const char *glob, struct fprobe_ips *set)
{
	struct fprobe_pattern_item all = { .glob = glob };
	struct fprobe_name_match m = { .name = glob };
	struct ftrace_ops *ops;
	int ret;

	*set = (struct fprobe_ips){ };
	if (fprobe_glob_is_name(glob)) {
		set->max = fprobe_name_collect(&m);
		if (!set->max)
			return -EINVAL;
		set->ips = kvmalloc_array(set->max, sizeof(*set->ips),
					  GFP_KERNEL);
		if (!set->ips)
			return -ENOMEM;
		m.set = set;
		fprobe_name_collect(&m);
		fprobe_ips_sort_unique(set);
		return 0;
	}
	ret = fprobe_scratch_filter(&ops, glob);
	if (!ret)
		ret = fprobe_ips_from_filter(set, ops, &all);
	if (!ret)
		fprobe_ips_sort_unique(set);
	fprobe_scratch_free(ops);
	return ret;
}

/* Resolve @tf's glob into its cache, unless the cache is current */
static int trace_fprobe_resolve_glob(struct trace_fprobe *tf)
{
	unsigned long gen = READ_ONCE(fprobe_functions_gen);
	int ret;

	if (tf->glob_gen == gen)
		return 0;
	fprobe_ips_free(&tf->glob_ips);
	tf->glob_gen = 0;
	ret = fprobe_glob_resolve(tf->symbol, &tf->glob_ips);
	if (ret)
		return ret;
	tf->glob_gen = gen;
	return 0;
}

/*
 * A 6.12 fprobe event's symbol, an ftrace glob: on the functions it
 * matches, as 6.12's register_fprobe() with the glob puts it, but with the
 * glob resolved first.  register_fprobe() does not check its copy of the
 * glob, and when that allocation fails it puts the fprobe on every
 * function.  A filter that matches and stays empty ("!GLOB" alone) does
 * mean every function; that case is left to register_fprobe().
 *
 * The functions resolved at definition or at the last arming are used
 * while no module came or went since.  Should one of them be gone all
 * the same (init code freed after boot), the glob is resolved again.
 */
static int register_glob_fprobe(struct trace_fprobe *tf)
{
	bool cached = tf->glob_gen != 0;
	int ret;

	ret = trace_fprobe_resolve_glob(tf);
	if (ret)
		return ret;
	if (!tf->glob_ips.ips)
		return register_fprobe(&tf->fp, tf->symbol, NULL);
	ret = register_fprobe_ips(&tf->fp, tf->glob_ips.ips, tf->glob_ips.nr);
	if (ret && cached) {
		trace_fprobe_reset(tf);
		tf->glob_gen = 0;
		return register_glob_fprobe(tf);
	}
	return ret;
}

/* --- Function entry probes: one shared fprobe -------------------------------- */

/*
 * Every armed function entry probe is on one fprobe, as every kprobe on
 * ftrace is on one ftrace_ops: arming or disarming a probe changes the
 * functions in that fprobe's filter, and the entry handler finds the
 * probes of the function hit in a table by address.  An fprobe of its own
 * per probe costs an ftrace_ops registration (a code update over every
 * traceable function, and a trampoline) to arm, and to disarm an
 * unregistration that waits for RCU tasks: about a quarter of a second
 * each.  A filter change is one code update, which all the probes of a
 * group enable share (trace_fprobe_arm_batch()).  The shared fprobe is
 * registered while a probe is on it.
 *
 * Exit probes cannot join it: each hit takes a node of its fprobe's
 * rethook pool, sized and laid out (the entry data of the probe's $argN)
 * at registration.  Those armed together share an fprobe of their own
 * (see "Function exit probes").
 */
#define FENTRY_HASH_BITS	12

/**
 * struct fprobe_site - an armed probe on one of its functions
 * @node: in fentry_table or fexit_table, under the function's address
 * @ip: the function's ftrace location
 * @tf: the probe
 */
struct fprobe_site {
	struct hlist_node	node;
	unsigned long		ip;
	struct trace_fprobe	*tf;
};

/**
 * struct fprobe_sites - the functions of a probe on a shared fprobe
 * @rcu: a handler may read @site a grace period after the disarm
 * @nr: how many
 * @site: one per function, sorted by address
 */
struct fprobe_sites {
	struct rcu_head		rcu;
	unsigned int		nr;
	struct fprobe_site	site[] __counted_by(nr);
};

/* Written under event_mutex, read by the entry handler under RCU */
static DEFINE_HASHTABLE(fentry_table, FENTRY_HASH_BITS);
static unsigned long fentry_table_sites;

/*
 * Allocated while registered: ftrace frees the trampoline of a dynamic
 * ftrace_ops when it is unregistered, and keeps a static one's listed in
 * kallsyms, where a cleared ops would break the list.
 */
static struct fprobe *fentry_fprobe;

static bool fentry_table_has(unsigned long ip)
{
	struct fprobe_site *site;

	hash_for_each_possible_rcu(fentry_table, site, node, ip,
				   lockdep_is_held(&event_mutex))
		if (site->ip == ip)
			return true;
	return false;
}

/* Whether @tf goes on the shared fprobe when it is armed */
static bool trace_fprobe_shares(struct trace_fprobe *tf)
{
	return !trace_fprobe_is_return(tf) && !trace_fprobe_is_tracepoint(tf);
}

static bool trace_fprobe_is_armed(struct trace_fprobe *tf)
{
	return tf->sites || fprobe_is_registered(&tf->fp);
}

/*
 * The sites of entry probe @tf on its functions as they are now, or NULL
 * in *@sitesp for a 6.12 glob whose filter stays empty ("!GLOB" alone),
 * which register_fprobe() puts on every function: that probe gets an
 * fprobe of its own.
 */
static int fprobe_sites_alloc(struct trace_fprobe *tf,
			      struct fprobe_sites **sitesp)
{
	struct fprobe_ips set = { }, *ips = &set;
	struct fprobe_sites *sites;
	unsigned int i;
	int ret;

	*sitesp = NULL;
	if (tf->pattern->legacy) {
		ret = trace_fprobe_resolve_glob(tf);
		if (ret || !tf->glob_ips.ips)
			return ret;
		ips = &tf->glob_ips;
	} else {
		ret = fprobe_pattern_functions(tf->pattern, &set);
		if (ret)
			goto out;
	}
	sites = kvzalloc(struct_size(sites, site, ips->nr), GFP_KERNEL);
	if (!sites) {
		ret = -ENOMEM;
		goto out;
	}
	sites->nr = ips->nr;
	for (i = 0; i < ips->nr; i++) {
		sites->site[i].ip = ips->ips[i];
		sites->site[i].tf = tf;
	}
	*sitesp = sites;
out:
	fprobe_ips_free(&set);
	return ret;
}

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
	fp->entry_handler = fentry_shared_dispatcher;
	ret = register_fprobe_ips(fp, add->ips, add->nr);
	if (ret) {
		kfree(fp);
		return ret;
	}
	fentry_fprobe = fp;
	return 0;
}

/*
 * Take shared fprobe @fp off @gone, the functions none of its probes is
 * on any more (at least one remains: an empty filter means every
 * function).  A function whose module went away is no ftrace location
 * any more, and ftrace refuses the whole removal for it: it is left out.
 * Should the removal fail all the same, the functions stay traced for
 * nothing: the handlers find no probe there.
 */
static void fprobe_filter_remove(struct fprobe *fp, struct fprobe_ips *gone)
{
	unsigned int i, n = 0;

	for (i = 0; i < gone->nr; i++)
		if (ftrace_location(gone->ips[i]) == gone->ips[i])
			gone->ips[n++] = gone->ips[i];
	if (n && ftrace_set_filter_ips(&fp->ops, gone->ips, n, 1, 0))
		pr_warn_once("functions left on a shared fprobe\n");
}

static unsigned int fprobe_sites_total(struct fprobe_sites **sites,
				       unsigned int nr)
{
	unsigned int i, total = 0;

	for (i = 0; i < nr; i++)
		total += sites[i]->nr;
	return total;
}

static bool fexit_table_has(unsigned long ip, struct fexit_cohort *cohort);

/*
 * Add to @set the functions of @sites that no other probe on the same
 * shared fprobe is on: cohort @cohort's, or with NULL the shared entry
 * fprobe's
 */
static void fprobe_collect_absent(const struct fprobe_sites *sites,
				  struct fexit_cohort *cohort,
				  struct fprobe_ips *set)
{
	unsigned long ip;
	unsigned int i;

	for (i = 0; i < sites->nr; i++) {
		ip = sites->site[i].ip;
		if (cohort ? !fexit_table_has(ip, cohort) :
			     !fentry_table_has(ip))
			set->ips[set->nr++] = ip;
	}
}

/*
 * Arm the entry probes @tfs, each on its @sites, all or none: the
 * functions that no armed probe is on yet join the shared fprobe's
 * filter in one update (or its registration), then the sites go in the
 * table.  On success the probes own their sites.
 */
static int fentry_arm(struct trace_fprobe **tfs, struct fprobe_sites **sites,
		      unsigned int nr)
{
	struct fprobe_ips add = { };
	struct fprobe_site *site;
	unsigned int i, j;
	int ret = 0;

	lockdep_assert_held(&event_mutex);
	add.max = fprobe_sites_total(sites, nr);
	add.ips = kvmalloc_array(max(add.max, 1U), sizeof(*add.ips),
				 GFP_KERNEL);
	if (!add.ips)
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
			hash_add_rcu(fentry_table, &site->node, site->ip);
		}
		fentry_table_sites += sites[i]->nr;
		tfs[i]->sites = sites[i];
	}
	return 0;
}

/*
 * Disarm the shared-armed entry probes @tfs: out of the table at once,
 * their functions that no other probe is on out of the filter in one
 * update, their sites freed after a grace period.  The shared fprobe goes
 * with its last probe.  Whoever frees a probe waits for a grace period
 * after this (trace_probe_release()): a hit may still be reading it.
 */
static void fentry_disarm(struct trace_fprobe **tfs, unsigned int nr)
{
	struct fprobe_ips gone = { };
	unsigned int i, j;

	lockdep_assert_held(&event_mutex);
	for (i = 0; i < nr; i++) {
		for (j = 0; j < tfs[i]->sites->nr; j++)
			hash_del_rcu(&tfs[i]->sites->site[j].node);
		fentry_table_sites -= tfs[i]->sites->nr;
		gone.max += tfs[i]->sites->nr;
	}
	if (!fentry_table_sites) {
		/* waits for the handlers: the trampoline is freed */
		unregister_fprobe(fentry_fprobe);
		kfree(fentry_fprobe);
		fentry_fprobe = NULL;
	} else {
		gone.ips = kvmalloc_array(gone.max, sizeof(*gone.ips),
					  GFP_KERNEL);
		for (i = 0; gone.ips && i < nr; i++)
			fprobe_collect_absent(tfs[i]->sites, NULL, &gone);
		fprobe_ips_sort_unique(&gone);
		fprobe_filter_remove(fentry_fprobe, &gone);
		fprobe_ips_free(&gone);
	}
	for (i = 0; i < nr; i++) {
		kvfree_rcu(tfs[i]->sites, rcu);
		tfs[i]->sites = NULL;
	}
}

/*
 * Arm entry probe @tf on the shared fprobe.  Return: 1 if it is not for
 * the shared fprobe after all (see fprobe_sites_alloc()), 0, or -errno.
 * A 6.12 glob's functions resolved earlier are resolved again if arming
 * with them fails: one of them may be gone (init code freed after boot).
 */
static int fentry_arm_one(struct trace_fprobe *tf)
{
	bool cached = tf->pattern->legacy && tf->glob_gen;
	struct fprobe_sites *sites;
	int ret;

	ret = fprobe_sites_alloc(tf, &sites);
	if (ret || !sites)
		return ret ?: 1;
	ret = fentry_arm(&tf, &sites, 1);
	if (!ret)
		return 0;
	kvfree(sites);
	if (!cached)
		return ret;
	tf->glob_gen = 0;
	return fentry_arm_one(tf);
}

/* --- Function exit probes: one fprobe per group enable ------------------------ */

/*
 * The exit probes that a group enable arms together (trace_fprobe_arm_batch())
 * share an fprobe registered for them then, a cohort: one ftrace update
 * for them all instead of an ftrace_ops registration each.  Its rethook
 * pool is as large as their own pools would be together, and a hit takes
 * one node for all the probes on the function; each probe's entry data
 * (its $argN) is at an offset of its own in the node's, probes on
 * different functions sharing offsets.  The exit handler finds the probes
 * of the function in a table by address, as the shared entry fprobe's
 * does.  A probe disarmed on its own leaves its cohort (its functions that
 * no other member is on leave the filter); the cohort goes with its last
 * member.  An exit probe armed on its own has an fprobe of its own.
 */

/**
 * struct fexit_cohort - the fprobe of exit probes armed together
 * @fp: the fprobe
 * @members: how many probes are on it
 */
struct fexit_cohort {
	struct fprobe	fp;
	unsigned int	members;
};

/* Written under event_mutex, read by the cohorts' handlers under RCU */
static DEFINE_HASHTABLE(fexit_table, FENTRY_HASH_BITS);

static bool fexit_table_has(unsigned long ip, struct fexit_cohort *cohort)
{
	struct fprobe_site *site;

	hash_for_each_possible_rcu(fexit_table, site, node, ip,
				   lockdep_is_held(&event_mutex))
		if (site->ip == ip && site->tf->cohort == cohort)
			return true;
	return false;
}

/* The rethook nodes @tf's own fprobe on @nr functions would have */
static unsigned int fexit_pool_size(struct trace_fprobe *tf, unsigned int nr)
{
	if (tf->fp.nr_maxactive)
		return tf->fp.nr_maxactive;
	return nr * num_possible_cpus() * 2;
}

/*
 * Lay the entry data of the probes @tfs out in the cohort's: each probe's
 * at the first offset free at all of its functions (@all, sorted; @fill,
 * the room taken at each).  Return: the size of the cohort's entry data.
 */
static size_t fexit_layout(struct trace_fprobe **tfs,
			   struct fprobe_sites **sites, unsigned int nr,
			   const struct fprobe_ips *all, size_t *fill)
{
	size_t size = 0, off;
	unsigned long *at;
	unsigned int i, j;

	for (i = 0; i < nr; i++) {
		size_t need = tfs[i]->fp.entry_data_size;

		tfs[i]->cohort_data = 0;
		if (!need)
			continue;
		off = 0;
		for (j = 0; j < sites[i]->nr; j++) {
			at = bsearch(&sites[i]->site[j].ip, all->ips, all->nr,
				     sizeof(*at), fprobe_cmp_ip);
			off = max(off, fill[at - all->ips]);
		}
		for (j = 0; j < sites[i]->nr; j++) {
			at = bsearch(&sites[i]->site[j].ip, all->ips, all->nr,
				     sizeof(*at), fprobe_cmp_ip);
			fill[at - all->ips] = off + need;
		}
		tfs[i]->cohort_data = off;
		size = max(size, off + need);
	}
	return size;
}

/*
 * Size cohort @c's fprobe for the probes @tfs on their @sites, and lay
 * out their entry data.  Return: 0, or -ENOMEM.
 */
static int fexit_cohort_init(struct fexit_cohort *c, struct trace_fprobe **tfs,
			     struct fprobe_sites **sites, unsigned int nr,
			     struct fprobe_ips *all)
{
	unsigned long pool = 0;
	unsigned int i, j;
	size_t *fill;

	all->max = fprobe_sites_total(sites, nr);
	all->ips = kvmalloc_array(all->max, sizeof(*all->ips), GFP_KERNEL);
	if (!all->ips)
		return -ENOMEM;
	for (i = 0; i < nr; i++) {
		for (j = 0; j < sites[i]->nr; j++)
			all->ips[all->nr++] = sites[i]->site[j].ip;
		pool += fexit_pool_size(tfs[i], sites[i]->nr);
	}
	fprobe_ips_sort_unique(all);
	fill = kvcalloc(all->nr, sizeof(*fill), GFP_KERNEL);
	if (!fill)
		return -ENOMEM;
	c->fp.entry_data_size = fexit_layout(tfs, sites, nr, all, fill);
	kvfree(fill);
	/* too large for one pool: registering fails, and they go one by one */
	c->fp.nr_maxactive = min_t(unsigned long, pool, INT_MAX);
	c->fp.entry_handler = fexit_cohort_entry;
	c->fp.exit_handler = fexit_cohort_exit;
	return 0;
}

/* Remove the sites of @nr probes from the table */
static void fexit_table_remove(struct fprobe_sites **sites, unsigned int nr)
{
	unsigned int i, j;

	for (i = 0; i < nr; i++)
		for (j = 0; j < sites[i]->nr; j++)
			hash_del_rcu(&sites[i]->site[j].node);
}

/*
 * Arm the exit probes @tfs, each on its @sites, on one new cohort, all or
 * none.  Their sites go in the table before the fprobe is registered, so
 * that no hit of it finds a function without its probes.  On success the
 * probes own their sites.
 */
static int fexit_arm(struct trace_fprobe **tfs, struct fprobe_sites **sites,
		     unsigned int nr)
{
	struct fprobe_ips all = { };
	struct fexit_cohort *c;
	unsigned int i, j;
	int ret;

	lockdep_assert_held(&event_mutex);
	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	ret = fexit_cohort_init(c, tfs, sites, nr, &all);
	if (ret)
		goto out;
	for (i = 0; i < nr; i++) {
		tfs[i]->cohort = c;
		for (j = 0; j < sites[i]->nr; j++)
			hash_add_rcu(fexit_table, &sites[i]->site[j].node,
				     sites[i]->site[j].ip);
	}
	ret = register_fprobe_ips(&c->fp, all.ips, all.nr);
	if (ret) {
		fexit_table_remove(sites, nr);
		/* other cohorts' handlers may be walking the sites */
		synchronize_rcu();
		for (i = 0; i < nr; i++)
			tfs[i]->cohort = NULL;
		goto out;
	}
	c->members = nr;
	for (i = 0; i < nr; i++)
		tfs[i]->sites = sites[i];
	c = NULL;
out:
	fprobe_ips_free(&all);
	kfree(c);
	return ret;
}

/*
 * Take the cohort of @tfs, the @nr probes leaving it, off their functions
 * that no member left is on, or unregister it with its last member.
 */
static void fexit_cohort_shrink(struct trace_fprobe **tfs, unsigned int nr)
{
	struct fexit_cohort *c = tfs[0]->cohort;
	struct fprobe_ips gone = { };
	unsigned int i;

	c->members -= nr;
	if (!c->members) {
		/* waits for the handlers: the trampoline is freed */
		unregister_fprobe(&c->fp);
		kfree(c);
		return;
	}
	for (i = 0; i < nr; i++)
		gone.max += tfs[i]->sites->nr;
	gone.ips = kvmalloc_array(gone.max, sizeof(*gone.ips), GFP_KERNEL);
	for (i = 0; gone.ips && i < nr; i++)
		fprobe_collect_absent(tfs[i]->sites, c, &gone);
	fprobe_ips_sort_unique(&gone);
	fprobe_filter_remove(&c->fp, &gone);
	fprobe_ips_free(&gone);
}

static int fexit_cmp_cohort(const void *a, const void *b)
{
	const struct fexit_cohort *x = (*(struct trace_fprobe **)a)->cohort;
	const struct fexit_cohort *y = (*(struct trace_fprobe **)b)->cohort;

	return x < y ? -1 : x > y;
}

/*
 * Disarm the cohort-armed exit probes @tfs (reordered): out of the table
 * at once, each cohort they leave updated once, their sites freed after a
 * grace period.  Whoever frees a probe waits for a grace period after
 * this (trace_probe_release()): a hit may still be reading it.
 */
static void fexit_disarm(struct trace_fprobe **tfs, unsigned int nr)
{
	unsigned int i, k;

	lockdep_assert_held(&event_mutex);
	for (i = 0; i < nr; i++)
		fexit_table_remove(&tfs[i]->sites, 1);
	sort(tfs, nr, sizeof(*tfs), fexit_cmp_cohort, NULL);
	for (i = 0; i < nr; i = k) {
		for (k = i + 1; k < nr && tfs[k]->cohort == tfs[i]->cohort; k++)
			;
		fexit_cohort_shrink(tfs + i, k - i);
	}
	for (i = 0; i < nr; i++) {
		kvfree_rcu(tfs[i]->sites, rcu);
		tfs[i]->sites = NULL;
		tfs[i]->cohort = NULL;
	}
}

/*
 * Put the fprobe on its functions, or on its tracepoint's stub: only
 * while the event is enabled, so that a defined but disabled event costs
 * its functions nothing (6.12 registers at definition, disabled; upstream
 * registers on enable since 6.17).
 */
static int trace_fprobe_arm(struct trace_fprobe *tf)
{
	int ret;

	if (trace_fprobe_is_armed(tf))
		return 0;
	if (trace_fprobe_shares(tf)) {
		ret = fentry_arm_one(tf);
		if (ret <= 0)
			return ret;
	}
	if (trace_fprobe_is_tracepoint(tf)) {
		/* armed when its module comes */
		if (tf->tpoint == TRACEPOINT_STUB)
			return 0;
		ret = register_tracepoint_fprobe(tf);
	} else if (tf->pattern->legacy) {
		ret = register_glob_fprobe(tf);
	} else {
		ret = register_pattern_fprobe(tf);
	}
	if (ret)
		trace_fprobe_reset(tf);
	return ret;
}

/*
 * Take the fprobe off again, keeping its handlers for the next arming.
 * Unregistering waits for the handlers still running.
 */
static void trace_fprobe_disarm(struct trace_fprobe *tf)
{
	if (tf->cohort)
		fexit_disarm(&tf, 1);
	else if (tf->sites)
		fentry_disarm(&tf, 1);
	if (!fprobe_is_registered(&tf->fp))
		return;
	unregister_fprobe(&tf->fp);
	trace_fprobe_reset(tf);
	if (trace_fprobe_is_tracepoint(tf) && tf->tpoint != TRACEPOINT_STUB)
		tracepoint_probe_unregister(tf->tpoint, tf->tpoint->probestub,
					    NULL);
}

/*
 * Whether another tprobe is on @tf's tracepoint.  6.12 registers a
 * tprobe's stub on its tracepoint at definition, and there a second
 * tprobe on a loaded tracepoint fails with -EEXIST: the stub is on it
 * already.  Ours registers on enable, and refuses the second at
 * definition as 6.12 does.
 */
static bool trace_fprobe_tracepoint_taken(struct trace_fprobe *tf)
{
	struct dyn_event *pos;

	if (tf->tpoint == TRACEPOINT_STUB)
		return false;
	for_each_dyn_event(pos)
		if (is_trace_fprobe(pos) && to_trace_fprobe(pos) != tf &&
		    to_trace_fprobe(pos)->tpoint == tf->tpoint)
			return true;
	return false;
}

/*
 * &trace_probe_ops.attach: check the probe as 6.12 registering it at
 * definition would (lockdown, "@SYM" arguments, the function or the
 * tracepoint), and arm it only if it joins an event that is enabled
 * already.
 */
static int trace_fprobe_attach(struct trace_probe *tp)
{
	struct trace_fprobe *tf = tp_to_trace_fprobe(tp);
	unsigned int i;
	int ret;

	ret = security_locked_down(LOCKDOWN_KPROBES);
	if (ret)
		return ret;
	for (i = 0; i < tp->nr_args; i++) {
		ret = traceprobe_update_arg(&tp->args[i]);
		if (ret)
			return ret;
	}
	if (trace_fprobe_is_tracepoint(tf) &&
	    trace_fprobe_tracepoint_taken(tf))
		return -EEXIST;
	/* a pattern of the new form was checked by the head parser */
	/*
	 * A 6.12 glob must match a traceable function, as 6.12 registering
	 * it at definition finds (-EINVAL for none); what it matches is kept
	 * for the first enable.
	 */
	if (!trace_fprobe_is_tracepoint(tf) && tf->pattern->legacy) {
		ret = trace_fprobe_resolve_glob(tf);
		if (ret)
			return ret;
	}
	if (trace_probe_is_enabled(tp))
		return trace_fprobe_arm(tf);
	return 0;
}

/*
 * &trace_probe_ops.detach_nosync: a deleted probe, disarmed with its
 * event.  A hit of the shared entry fprobe may still be reading it: the
 * deletion frees it after a grace period.
 */
static void trace_fprobe_detach(struct trace_probe *tp)
{
	trace_fprobe_disarm(tp_to_trace_fprobe(tp));
}

/* --- Listing and deleting ------------------------------------------------ */

static int trace_fprobe_show(struct seq_file *m, struct dyn_event *ev)
{
	struct trace_fprobe *tf = to_trace_fprobe(ev);

	seq_putc(m, trace_fprobe_is_tracepoint(tf) ? 't' : 'f');
	if (trace_fprobe_is_return(tf) && tf->fp.nr_maxactive)
		seq_printf(m, "%d", tf->fp.nr_maxactive);
	seq_printf(m, ":%s/%s %s%s", trace_probe_group_name(&tf->tp),
		   trace_probe_name(&tf->tp), trace_fprobe_symbol(tf),
		   tf->list_return ? "%return" : "");
	trace_probe_show_args(m, &tf->tp);
	return 0;
}

/* "-:EVENT SYM NAME=ARG..." removes the probes that match */
static bool trace_fprobe_match(const char *system, const char *event,
			       int argc, const char **argv,
			       struct dyn_event *ev)
{
	struct trace_fprobe *tf = to_trace_fprobe(ev);
	char buf[MAX_ARGSTR_LEN + 1];

	if (!trace_probe_match_name(&tf->tp, system, event))
		return false;
	if (!argc)
		return true;
	/* the word is compared with the symbol cut at MAX_ARGSTR_LEN */
	snprintf(buf, sizeof(buf), "%s", trace_fprobe_symbol(tf));
	if (strcmp(buf, argv[0]))
		return false;
	return trace_probe_match_command_args(&tf->tp, argc - 1, argv + 1);
}

/* --- Hit path -------------------------------------------------------------------- */

/* The load stage of fprobes: no registers by name, the rest as kprobes */
static int process_fetch_insn(struct fetch_insn *code, void *rec, void *edata,
			      void *dest, void *base)
{
	struct pt_regs *regs = rec;
	unsigned long val;

	switch (code->op) {
	case FETCH_OP_STACK:
		val = regs_get_kernel_stack_nth(regs, code->param);
		break;
	case FETCH_OP_STACKP:
		val = kernel_stack_pointer(regs);
		break;
	case FETCH_OP_RETVAL:
		val = regs_return_value(regs);
		break;
#ifdef CONFIG_HAVE_FUNCTION_ARG_ACCESS_API
	case FETCH_OP_ARG:
		val = regs_get_kernel_argument(regs, code->param);
		break;
	case FETCH_OP_EDATA:
		val = *(unsigned long *)((unsigned long)edata + code->offset);
		break;
#endif
	case FETCH_NOP_SYMBOL:
		/* the IMM after it holds the resolved address */
		code++;
		fallthrough;
	default:
		if (!process_common_fetch_insn(code, &val)) {
			WARN_ON_ONCE(1);
			return -EILSEQ;
		}
		break;
	}
	return process_fetch_insn_bottom(code + 1, val, dest, base);
}

NOKPROBE_SYMBOL(process_fetch_insn);

/*
 * A hit as the record path sees it: at the entry of the function at
 * @entry_ip, or at its return to @ret_ip (@exit, with the entry data
 * @edata).  Inlined into each dispatcher, so that the tests of @exit fold.
 */
static __always_inline void fprobe_hit_init(struct trace_probe_hit *hit,
					    struct trace_fprobe *tf,
					    struct pt_regs *regs, void *edata,
					    unsigned long entry_ip,
					    unsigned long ret_ip, bool exit)
{
	trace_probe_hit_init(hit, &tf->tp, regs, edata, regs);
	hit->head[0] = entry_ip;
	hit->head[1] = ret_ip;
	hit->nr_head = exit ? 2 : 1;
}

/* Record a hit in every trace instance, and for perf, as @flags say */
static __always_inline void fprobe_record(struct trace_fprobe *tf,
					  unsigned int flags,
					  struct pt_regs *regs, void *edata,
					  unsigned long entry_ip,
					  unsigned long ret_ip, bool exit)
{
	struct trace_probe_hit hit __uninitialized;

	if (flags & TP_FLAG_TRACE) {
		fprobe_hit_init(&hit, tf, regs, edata, entry_ip, ret_ip, exit);
		trace_probe_record_hit(&hit);
	}
#ifdef CONFIG_PERF_EVENTS
	if (flags & TP_FLAG_PROFILE) {
		fprobe_hit_init(&hit, tf, regs, edata, entry_ip, ret_ip, exit);
		trace_probe_perf_hit(&hit, regs);
	}
#endif
}

static int fentry_dispatcher(struct fprobe *fp, unsigned long entry_ip,
			     unsigned long ret_ip, struct pt_regs *regs,
			     void *entry_data)
{
	struct trace_fprobe *tf = container_of(fp, struct trace_fprobe, fp);
	unsigned int flags = trace_probe_load_flag(&tf->tp);

	fprobe_record(tf, flags, regs, NULL, entry_ip, ret_ip, false);
	return 0;
}

NOKPROBE_SYMBOL(fentry_dispatcher);

/* The shared entry fprobe's: every probe on the function hit records */
static int fentry_shared_dispatcher(struct fprobe *fp, unsigned long entry_ip,
				    unsigned long ret_ip, struct pt_regs *regs,
				    void *entry_data)
{
	struct fprobe_site *site;
	struct trace_fprobe *tf;

	hash_for_each_possible_rcu_notrace(fentry_table, site, node, entry_ip) {
		if (site->ip != entry_ip)
			continue;
		tf = site->tf;
		fprobe_record(tf, trace_probe_load_flag(&tf->tp), regs, NULL,
			      entry_ip, ret_ip, false);
	}
	return 0;
}

NOKPROBE_SYMBOL(fentry_shared_dispatcher);

static void fexit_dispatcher(struct fprobe *fp, unsigned long entry_ip,
			     unsigned long ret_ip, struct pt_regs *regs,
			     void *entry_data)
{
	struct trace_fprobe *tf = container_of(fp, struct trace_fprobe, fp);
	unsigned int flags = trace_probe_load_flag(&tf->tp);

	fprobe_record(tf, flags, regs, entry_data, entry_ip, ret_ip, true);
}

NOKPROBE_SYMBOL(fexit_dispatcher);

/* A cohort's: every member on the function hit saves its $argN */
static int fexit_cohort_entry(struct fprobe *fp, unsigned long entry_ip,
			      unsigned long ret_ip, struct pt_regs *regs,
			      void *entry_data)
{
	struct fexit_cohort *c = container_of(fp, struct fexit_cohort, fp);
	struct fprobe_site *site;
	struct trace_fprobe *tf;

	hash_for_each_possible_rcu_notrace(fexit_table, site, node, entry_ip) {
		tf = site->tf;
		if (site->ip == entry_ip && tf->cohort == c && tf->tp.entry_arg)
			store_trace_entry_data(entry_data + tf->cohort_data,
					       &tf->tp, regs);
	}
	return 0;
}

NOKPROBE_SYMBOL(fexit_cohort_entry);

/*
 * A cohort's: every member on the function records.  A member that left
 * since the entry is not found, and one that joined could not have: a
 * cohort takes no members after its registration.
 */
static void fexit_cohort_exit(struct fprobe *fp, unsigned long entry_ip,
			      unsigned long ret_ip, struct pt_regs *regs,
			      void *entry_data)
{
	struct fexit_cohort *c = container_of(fp, struct fexit_cohort, fp);
	struct fprobe_site *site;
	struct trace_fprobe *tf;

	hash_for_each_possible_rcu_notrace(fexit_table, site, node, entry_ip) {
		tf = site->tf;
		if (site->ip != entry_ip || tf->cohort != c)
			continue;
		fprobe_record(tf, trace_probe_load_flag(&tf->tp), regs,
			      entry_data ? entry_data + tf->cohort_data : NULL,
			      entry_ip, ret_ip, true);
	}
}

NOKPROBE_SYMBOL(fexit_cohort_exit);

/* --- Enabling ------------------------------------------------------------------- */

/* &trace_probe_disable()'s disarm */
static void trace_fprobe_disarm_all(struct trace_probe *tp)
{
	struct trace_fprobe *tf;

	list_for_each_entry(tf, trace_probe_probe_list(tp), tp.list)
		trace_fprobe_disarm(tf);
}

/* &trace_probe_enable()'s arm: every probe of the event, or none */
static int trace_fprobe_arm_all(struct trace_probe *tp)
{
	struct trace_fprobe *tf;
	int ret;

	list_for_each_entry(tf, trace_probe_probe_list(tp), tp.list) {
		ret = trace_fprobe_arm(tf);
		if (ret) {
			trace_fprobe_disarm_all(tp);
			return ret;
		}
	}
	return 0;
}

/*
 * The probes of the events of @tps that are not armed and would go on the
 * shared entry fprobe, or with @exit the exit probes of functions, with
 * their sites; NULL without the memory.  Those whose functions cannot be
 * found are left to be armed one by one, which reports why.
 */
static struct trace_fprobe **fprobe_batch_collect(struct trace_probe **tps,
						  unsigned int nr, bool exit,
						  struct fprobe_sites ***sitesp,
						  unsigned int *nr_tfs)
{
	struct trace_fprobe **tfs, *tf;
	struct fprobe_sites **sites;
	unsigned int i, n = 0;

	for (i = 0; i < nr; i++)
		list_for_each_entry(tf, trace_probe_probe_list(tps[i]), tp.list)
			n++;
	tfs = kvmalloc_array(max(n, 1U), sizeof(*tfs), GFP_KERNEL);
	sites = kvmalloc_array(max(n, 1U), sizeof(*sites), GFP_KERNEL);
	if (!tfs || !sites) {
		kvfree(tfs);
		kvfree(sites);
		return NULL;
	}
	n = 0;
	for (i = 0; i < nr; i++) {
		list_for_each_entry(tf, trace_probe_probe_list(tps[i]), tp.list) {
			if (trace_fprobe_is_armed(tf) ||
			    trace_fprobe_is_tracepoint(tf) ||
			    trace_fprobe_is_return(tf) != exit ||
			    fprobe_sites_alloc(tf, &sites[n]) || !sites[n])
				continue;
			tfs[n++] = tf;
		}
	}
	*sitesp = sites;
	*nr_tfs = n;
	return tfs;
}

/*
 * &trace_probe_ops.disarm_batch: the shared-armed entry probes together,
 * and the cohort-armed exit probes together
 */
static void trace_fprobe_disarm_batch(struct trace_probe **tps,
				      unsigned int nr)
{
	struct trace_fprobe **tfs, *tf;
	unsigned int i, n = 0, total = 0, n_exit;

	for (i = 0; i < nr; i++)
		list_for_each_entry(tf, trace_probe_probe_list(tps[i]), tp.list)
			total += !!tf->sites;
	tfs = kvmalloc_array(max(total, 1U), sizeof(*tfs), GFP_KERNEL);
	/* entry probes from the start, exit probes from the end */
	n_exit = total;
	for (i = 0; tfs && i < nr; i++) {
		list_for_each_entry(tf, trace_probe_probe_list(tps[i]), tp.list) {
			if (tf->cohort)
				tfs[--n_exit] = tf;
			else if (tf->sites)
				tfs[n++] = tf;
		}
	}
	if (n)
		fentry_disarm(tfs, n);
	if (n_exit < total)
		fexit_disarm(tfs + n_exit, total - n_exit);
	kvfree(tfs);
	/* the others, and all of them without the memory, one by one */
	for (i = 0; i < nr; i++)
		trace_fprobe_disarm_all(tps[i]);
}

/*
 * Arm the exit probes of the events of @tps on one new cohort, when there
 * are several.  If that fails (a pool too large for one fprobe), they are
 * armed one by one, each on an fprobe of its own.
 */
static void fexit_batch_arm(struct trace_probe **tps, unsigned int nr)
{
	struct fprobe_sites **sites;
	struct trace_fprobe **tfs;
	unsigned int i, n;

	tfs = fprobe_batch_collect(tps, nr, true, &sites, &n);
	if (!tfs)
		return;
	if (n < 2 || fexit_arm(tfs, sites, n))
		for (i = 0; i < n; i++)
			kvfree(sites[i]);
	kvfree(sites);
	kvfree(tfs);
}

/*
 * &trace_probe_ops.arm_batch: the entry probes of the events of @tps on
 * the shared fprobe in one ftrace update, their exit probes on one new
 * fprobe, then the others one by one; all or none.
 */
static int trace_fprobe_arm_batch(struct trace_probe **tps, unsigned int nr)
{
	struct fprobe_sites **sites;
	struct trace_fprobe **tfs;
	unsigned int i, n;
	int ret;

	tfs = fprobe_batch_collect(tps, nr, false, &sites, &n);
	if (!tfs)
		return -ENOMEM;
	ret = fentry_arm(tfs, sites, n);
	if (ret)
		for (i = 0; i < n; i++)
			kvfree(sites[i]);
	kvfree(sites);
	kvfree(tfs);
	if (!ret)
		fexit_batch_arm(tps, nr);
	for (i = 0; !ret && i < nr; i++)
		ret = trace_fprobe_arm_all(tps[i]);
	if (ret)
		trace_fprobe_disarm_batch(tps, nr);
	return ret;
}

/* Enable for trace instance @file, or for perf when @file is NULL */
static int enable_trace_fprobe(struct trace_event_call *call,
			       struct trace_event_file *file)
{
	struct trace_probe *tp = trace_probe_primary_from_call(call);

	if (WARN_ON_ONCE(!tp))
		return -ENODEV;
	return trace_probe_enable(tp, file, trace_fprobe_arm_all);
}

/* Disable for trace instance @file, or for perf when @file is NULL */
static int disable_trace_fprobe(struct trace_event_call *call,
				struct trace_event_file *file)
{
	struct trace_probe *tp = trace_probe_primary_from_call(call);

	if (WARN_ON_ONCE(!tp))
		return -ENODEV;
	return trace_probe_disable(tp, file, trace_fprobe_disarm_all);
}

/* Called by the event core to enable and disable the event */
static int fprobe_register(struct trace_event_call *event,
			   enum trace_reg type, void *data)
{
	struct trace_event_file *file = data;

	switch (type) {
	case TRACE_REG_REGISTER:
		return enable_trace_fprobe(event, file);
	case TRACE_REG_UNREGISTER:
		return disable_trace_fprobe(event, file);
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
		return enable_trace_fprobe(event, NULL);
	case TRACE_REG_PERF_UNREGISTER:
		return disable_trace_fprobe(event, NULL);
#endif
	default:
		return 0;
	}
}

/* The same for a tracepoint probe event, which has no "functions" file */
static int tprobe_register(struct trace_event_call *event,
			   enum trace_reg type, void *data)
{
	return fprobe_register(event, type, data);
}

/* &trace_probe_ops.init_call */
static void init_trace_event_call(struct trace_probe *tp)
{
	struct trace_fprobe *tf = tp_to_trace_fprobe(tp);
	struct trace_event_call *call = trace_probe_event_call(tp);

	if (trace_fprobe_is_return(tf))
		call->event.funcs = &trace_probe_exit_funcs;
	else
		call->event.funcs = &trace_probe_entry_funcs;
	call->class->fields_array = trace_probe_fields_array;
	call->flags = TRACE_EVENT_FL_FPROBE;
	/* tprobe_register(): the event core tells them apart by it */
	call->class->reg = trace_fprobe_is_tracepoint(tf) ? tprobe_register :
							    fprobe_register;
}

/* --- The "functions" file ---------------------------------------------------- */

/*
 * The functions of @tf, sorted by address: while it is armed, those its
 * fprobe is on; otherwise those it would be on if it were armed now.
 */
static int trace_fprobe_functions(struct trace_fprobe *tf,
				  struct fprobe_ips *set)
{
	struct fprobe_pattern_item all = { .glob = tf->symbol };
	unsigned int i;
	int ret;

	if (fprobe_is_registered(&tf->fp)) {
		ret = fprobe_ips_from_filter(set, &tf->fp.ops, &all);
		if (!ret)
			fprobe_ips_sort_unique(set);
		return ret;
	}
	if (!tf->sites && !tf->pattern->legacy)
		return fprobe_pattern_resolve(tf->pattern, set);
	/* a 6.12 glob has no bound: sized from what it matches */
	if (!tf->sites) {
		ret = trace_fprobe_resolve_glob(tf);
		if (ret)
			return ret;
	}
	*set = (struct fprobe_ips){ };
	set->max = tf->sites ? tf->sites->nr : tf->glob_ips.nr;
	set->ips = kvmalloc_array(max(set->max, 1U), sizeof(*set->ips),
				  GFP_KERNEL);
	if (!set->ips)
		return -ENOMEM;
	for (i = 0; i < set->max; i++)
		set->ips[set->nr++] = tf->sites ? tf->sites->site[i].ip :
						  tf->glob_ips.ips[i];
	return 0;
}

/**
 * struct fprobe_untraceable - counting the functions a pattern names that
 *	ftrace cannot trace
 * @items: the pattern's items
 * @nr_items: how many
 * @count: the functions counted so far
 */
struct fprobe_untraceable {
	const struct fprobe_pattern_item	*items;
	unsigned int				nr_items;
	unsigned int				count;
};

/* The module of text address @addr, NULL for vmlinux or for no text */
static const char *fprobe_text_module(unsigned long addr, bool *text)
{
#ifdef CONFIG_MODULES
	struct module *mod;

	preempt_disable();
	mod = __module_text_address(addr);
	preempt_enable();
	/* the name stays: module_mutex is held by the walk */
	if (mod) {
		*text = true;
		return mod->name;
	}
#endif
	*text = core_kernel_text(addr);
	return NULL;
}

/* A text symbol the pattern names, with no ftrace location: counted */
static int fprobe_untraceable_cb(void *data, const char *name,
				 unsigned long addr)
{
	struct fprobe_untraceable *u = data;
	const struct fprobe_pattern_item *item;
	bool in = false, out = false, text;
	const char *mod;
	unsigned int i;

	/* a function's cold part is no function of its own */
	if (strstr(name, ".cold"))
		return 0;
	/* most symbols match no item: look their module up only if one does */
	for (i = 0; i < u->nr_items; i++)
		if (glob_match(u->items[i].glob, name))
			break;
	if (i == u->nr_items)
		return 0;
	mod = fprobe_text_module(addr, &text);
	for (i = 0; text && i < u->nr_items; i++) {
		item = &u->items[i];
		if (item->mod && (!mod || strcmp(item->mod, mod)))
			continue;
		if (glob_match(item->glob, name))
			*(item->exclude ? &out : &in) = true;
	}
	if (in && !out && !ftrace_location(addr))
		u->count++;
	return 0;
}

/*
 * How many functions @tf's pattern names that ftrace cannot trace
 * (notrace, or in code ftrace leaves alone): the pattern leaves them out.
 * A 6.12 glob counts as one item; one that only excludes, none.
 */
static unsigned int trace_fprobe_untraceable(struct trace_fprobe *tf)
{
	struct fprobe_pattern_item all = { .glob = tf->symbol };
	struct fprobe_untraceable u = {
		.items = tf->pattern->items, .nr_items = tf->pattern->nr_items,
	};

	if (tf->pattern->legacy) {
		if (tf->symbol[0] == '!')
			return 0;
		u.items = &all;
	}
	kallsyms_on_each_symbol(fprobe_untraceable_cb, &u);
	module_kallsyms_on_each_symbol(NULL, fprobe_untraceable_cb, &u);
	return u.count;
}

/*
 * One line per function, "FUNC" or "MOD:FUNC": as a pattern names it;
 * then, if the pattern names functions ftrace cannot trace, a comment
 * line that counts them.
 */
static int trace_fprobe_show_functions(struct seq_file *m,
				       struct trace_fprobe *tf)
{
	unsigned int untraceable;
	char name[KSYM_NAME_LEN];
	struct fprobe_ips set;
	const char *sym;
	char *mod;
	unsigned int i;
	int ret;

	ret = trace_fprobe_functions(tf, &set);
	for (i = 0; !ret && i < set.nr; i++) {
		sym = kallsyms_lookup(set.ips[i], NULL, NULL, &mod, name);
		if (!sym)
			continue;
		if (mod)
			seq_printf(m, "%s:%s\n", mod, sym);
		else
			seq_printf(m, "%s\n", sym);
	}
	fprobe_ips_free(&set);
	if (ret)
		return ret;
	untraceable = trace_fprobe_untraceable(tf);
	if (untraceable)
		seq_printf(m, "# %u more function%s, left out: not traceable\n",
			   untraceable, untraceable == 1 ? "" : "s");
	return 0;
}

static int trace_fprobe_functions_show(struct seq_file *m, void *v)
{
	struct trace_event_file *file;
	struct trace_probe *tp = NULL;
	struct trace_fprobe *tf;
	int ret = 0;

	guard(mutex)(&event_mutex);
	file = event_file_file(m->private);
	if (file)
		tp = trace_probe_primary_from_call(file->event_call);
	if (!tp)
		return -ENODEV;
	list_for_each_entry(tf, trace_probe_probe_list(tp), tp.list) {
		ret = trace_fprobe_show_functions(m, tf);
		if (ret)
			break;
	}
	return ret;
}

static int trace_fprobe_functions_open(struct inode *inode, struct file *filp)
{
	int ret = tracing_check_open_get_tr(NULL);

	if (ret)
		return ret;
	return single_open(filp, trace_fprobe_functions_show, filp);
}

/* Read-only "functions" of an fprobe event's directory (trace_events.c) */
const struct file_operations trace_fprobe_functions_fops = {
	.open		= trace_fprobe_functions_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/**
 * trace_fprobe_has_functions - whether an event has a "functions" file
 * @call: the event
 *
 * Return: true for an fprobe event; a tracepoint probe event has none.
 */
bool trace_fprobe_has_functions(struct trace_event_call *call)
{
	return call->class->reg == fprobe_register;
}

/* --- Modules ----------------------------------------------------------------- */

#ifdef CONFIG_MODULES
/* The tracepoint @tp_name of @mod, which the caller keeps loaded */
static struct tracepoint *find_tracepoint_in_module(struct module *mod,
						    const char *tp_name)
{
	struct find_tracepoint_data data = { .tp_name = tp_name, .mod = mod };

	for_each_tracepoint_in_module(mod, find_tracepoint_module_cb, &data);
	return data.tpoint;
}

/* A waiting tracepoint probe whose tracepoint @mod brings */
static void trace_fprobe_module_coming(struct trace_fprobe *tf,
				       struct module *mod)
{
	struct tracepoint *tpoint;

	tpoint = find_tracepoint_in_module(mod, tf->symbol);
	if (!tpoint)
		return;
	tf->tpoint = tpoint;
	tf->mod = mod;
	if (trace_probe_is_enabled(&tf->tp))
		WARN_ON_ONCE(trace_fprobe_arm(tf));
}

/* A probe on a tracepoint of a module that is going away: it waits again */
static void trace_fprobe_module_going(struct trace_fprobe *tf)
{
	trace_fprobe_disarm(tf);
	tf->tpoint = TRACEPOINT_STUB;
	tf->mod = NULL;
}

static int trace_fprobe_module_callback(struct notifier_block *self,
					unsigned long val, void *data)
{
	struct tp_module *tp_mod = data;
	struct trace_fprobe *tf;
	struct dyn_event *pos;

	if (val != MODULE_STATE_GOING && val != MODULE_STATE_COMING)
		return NOTIFY_DONE;
	guard(mutex)(&event_mutex);
	for_each_dyn_event(pos) {
		if (!is_trace_fprobe(pos))
			continue;
		tf = to_trace_fprobe(pos);
		if (val == MODULE_STATE_COMING && tf->tpoint == TRACEPOINT_STUB)
			trace_fprobe_module_coming(tf, tp_mod->mod);
		else if (val == MODULE_STATE_GOING && tp_mod->mod == tf->mod)
			trace_fprobe_module_going(tf);
	}
	return NOTIFY_DONE;
}

static struct notifier_block tracepoint_module_nb = {
	.notifier_call = trace_fprobe_module_callback,
};

static int trace_fprobe_register_module_notifier(void)
{
	return register_tracepoint_module_notifier(&tracepoint_module_nb);
}
#else
static int trace_fprobe_register_module_notifier(void)
{
	return 0;
}
#endif /* CONFIG_MODULES */

/* --- Setup ------------------------------------------------------------------- */

static int trace_fprobe_create(const char *raw_command)
{
	return trace_probe_create(raw_command, &trace_fprobe_ops);
}

static struct trace_probe_ops trace_fprobe_ops = {
	.dyn_ops = {
		.create		= trace_fprobe_create,
		.show		= trace_fprobe_show,
		.is_busy	= trace_probe_is_busy,
		.free		= trace_probe_release,
		.match		= trace_fprobe_match,
	},
	.cmd		= &trace_fprobe_cmd_ops,
	.env		= &trace_fprobe_lookups,
	.alloc		= trace_fprobe_alloc,
	.free		= trace_fprobe_free,
	.prepare	= trace_fprobe_prepare,
	.init_call	= init_trace_event_call,
	.same_place	= trace_fprobe_same_place,
	.attach		= trace_fprobe_attach,
	.detach_nosync	= trace_fprobe_detach,
	.arm_batch	= trace_fprobe_arm_batch,
	.disarm_batch	= trace_fprobe_disarm_batch,
};

#ifdef CONFIG_MODULES
static int fprobe_functions_module_callback(struct notifier_block *self,
					    unsigned long val, void *data)
{
	if (val == MODULE_STATE_COMING || val == MODULE_STATE_GOING)
		WRITE_ONCE(fprobe_functions_gen, fprobe_functions_gen + 1);
	return NOTIFY_DONE;
}

static struct notifier_block fprobe_functions_module_nb = {
	.notifier_call = fprobe_functions_module_callback,
};
#endif

/* Commands work before tracefs exists (bootconfig, in-kernel users) */
static __init int init_fprobe_trace_early(void)
{
	int ret;

	/* the headers that trace_probe_fields_array describes */
	BUILD_BUG_ON(sizeof(struct fentry_trace_entry_head) !=
		     sizeof(struct trace_entry) + sizeof(long));
	BUILD_BUG_ON(sizeof(struct fexit_trace_entry_head) !=
		     sizeof(struct trace_entry) + 2 * sizeof(long));
	ret = dyn_event_register(&trace_fprobe_ops.dyn_ops);
	if (ret)
		return ret;
#ifdef CONFIG_MODULES
	ret = register_module_notifier(&fprobe_functions_module_nb);
	if (ret)
		return ret;
#endif
	return trace_fprobe_register_module_notifier();
}
core_initcall(init_fprobe_trace_early);
