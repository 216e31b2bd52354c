// SPDX-License-Identifier: GPL-2.0
/*
 * The functions of fprobe events: what a function pattern
 * ("vfs_*,!vfs_readv,ext4:*") or a 6.12 glob names now, as a set of
 * ftrace locations.
 *
 * A glob is matched by ftrace itself, in a scratch ftrace_ops's filter
 * that touches no code, so that an event is on exactly the functions
 * register_fprobe() would put it on.  A plain function name is looked up
 * through kallsyms instead: ftrace would ask kallsyms the name of every
 * traceable function.  Sets are resolved again at each arming, because
 * modules come and go; fprobe_functions_gen() says when they did.
 */
#define pr_fmt(fmt)	"trace_fprobe: " fmt

#include <linux/kallsyms.h>
#include <linux/bsearch.h>
#include <linux/glob.h>
#include <linux/module.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include "trace.h"
#include "trace_fprobe_funcs.h"

/* --- Sets ------------------------------------------------------------------ */

/**
 * fprobe_ips_alloc - an empty set with room for some functions
 * @set: the set
 * @room: how many (at least one is made)
 *
 * Return: 0, or -ENOMEM.
 */
int fprobe_ips_alloc(struct fprobe_ips *set, unsigned int room)
{
	*set = (struct fprobe_ips){ .max = room };
	set->ips = kvmalloc_array(max(room, 1U), sizeof(*set->ips),
				  GFP_KERNEL);
	return set->ips ? 0 : -ENOMEM;
}

/**
 * fprobe_ips_free - free the room of a set
 * @set: the set, empty afterwards; it may have no room
 */
void fprobe_ips_free(struct fprobe_ips *set)
{
	kvfree(set->ips);
	*set = (struct fprobe_ips){ };
}

/* Room for @more functions beyond those @set holds */
static int fprobe_ips_reserve(struct fprobe_ips *set, unsigned int more)
{
	unsigned long *ips;
	unsigned int max;

	if (check_add_overflow(set->nr, more, &max))
		return -E2BIG;
	if (max <= set->max)
		return 0;
	ips = kvrealloc(set->ips, array_size(max, sizeof(*ips)), GFP_KERNEL);
	if (!ips)
		return -ENOMEM;
	set->ips = ips;
	set->max = max;
	return 0;
}

/**
 * fprobe_cmp_ip - the order of a set: by address
 * @a: a function's location
 * @b: another's
 *
 * Return: <0, 0 or >0, as for sort() and bsearch().
 */
int fprobe_cmp_ip(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/**
 * fprobe_ips_sort_unique - sort a set and drop the functions in it twice
 * @set: the set
 */
void fprobe_ips_sort_unique(struct fprobe_ips *set)
{
	unsigned int i, n = 0;

	sort(set->ips, set->nr, sizeof(*set->ips), fprobe_cmp_ip, NULL);
	for (i = 0; i < set->nr; i++)
		if (!n || set->ips[n - 1] != set->ips[i])
			set->ips[n++] = set->ips[i];
	set->nr = n;
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

/* --- ftrace's match: globs ------------------------------------------------- */

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

/* The functions of @ops's filter (of module @mod, unless NULL) into @set */
static void fprobe_ips_add_filter(struct fprobe_ips *set,
				  struct ftrace_ops *ops, const char *mod)
{
	struct ftrace_func_entry *entry;
	struct ftrace_hash *hash;
	unsigned int i;

	hash = rcu_dereference_protected(ops->func_hash->filter_hash, true);
	for (i = 0; hash && i < BIT(hash->size_bits); i++) {
		hlist_for_each_entry(entry, &hash->buckets[i], hlist) {
			/* sized from the filter's count */
			if (set->nr == set->max)
				return;
			if (!mod || fprobe_ip_in_module(entry->ip, mod))
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

/**
 * fprobe_ips_from_filter - the functions of an ftrace_ops's filter
 * @set: where they go, sized to hold them all; its @ips stays NULL for an
 *	empty filter (which means every function)
 * @ops: the ftrace_ops; the caller holds what keeps its filter
 *
 * Return: 0, or -ENOMEM.
 */
int fprobe_ips_from_filter(struct fprobe_ips *set, struct ftrace_ops *ops)
{
	*set = (struct fprobe_ips){ };
	if (!fprobe_filter_count(ops))
		return 0;
	if (fprobe_ips_alloc(set, fprobe_filter_count(ops)))
		return -ENOMEM;
	fprobe_ips_add_filter(set, ops, NULL);
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

/* Add to @set the functions ftrace matches with @glob, of @mod if not NULL */
static int fprobe_ips_add_glob(struct fprobe_ips *set, const char *glob,
			       const char *mod)
{
	struct ftrace_ops *ops;
	int ret;

	ret = fprobe_scratch_filter(&ops, glob);
	if (!ret)
		ret = fprobe_ips_reserve(set, fprobe_filter_count(ops));
	if (!ret)
		fprobe_ips_add_filter(set, ops, mod);
	fprobe_scratch_free(ops);
	return ret;
}

/* --- Function names, through kallsyms --------------------------------------- */

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
	/* a module that came since the count waits for the next arming */
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

/* Add to @set the functions named @name, of @mod if not NULL */
static int fprobe_ips_add_name(struct fprobe_ips *set, const char *name,
			       const char *mod)
{
	struct fprobe_name_match m = { .name = name, .mod = mod };
	int ret;

	ret = fprobe_ips_reserve(set, fprobe_name_collect(&m));
	if (ret)
		return ret;
	m.set = set;
	fprobe_name_collect(&m);
	return 0;
}

/* --- Patterns ----------------------------------------------------------------- */

/* Add to @set the functions @item names, in @item's module if it has one */
static int fprobe_ips_add_item(struct fprobe_ips *set,
			       const struct fprobe_pattern_item *item)
{
	int ret;

	if (fprobe_glob_is_name(item->glob))
		return fprobe_ips_add_name(set, item->glob, item->mod);
	ret = fprobe_ips_add_glob(set, item->glob, item->mod);
	/* ftrace's "no such function" */
	return ret == -EINVAL ? 0 : ret;
}

/*
 * The union of the items of @pat that include (or exclude), sorted.  No
 * item is cut short: each one's functions are added whole and the union
 * made unique before the next, so that it takes no more room than the
 * functions there are, and a bound applies to the result only.
 */
static int fprobe_ips_collect(struct fprobe_ips *set,
			      const struct fprobe_pattern *pat, bool exclude)
{
	unsigned int i;
	int ret;

	*set = (struct fprobe_ips){ };
	for (i = 0; i < pat->nr_items; i++) {
		if (pat->items[i].exclude != exclude)
			continue;
		ret = fprobe_ips_add_item(set, &pat->items[i]);
		if (ret)
			return ret;
		fprobe_ips_sort_unique(set);
	}
	return 0;
}

/**
 * fprobe_pattern_resolve - the traceable functions a pattern names now
 * @pat: the pattern
 * @set: they go there, sorted by address: those its items include, less
 *	those they exclude; free it with fprobe_ips_free()
 *
 * There is no bound here (FPROBE_PATTERN_MAX_FUNCS is the caller's), so
 * that every item, exclusions included, counts whole.
 *
 * Return: 0, or -ENOMEM.
 */
int fprobe_pattern_resolve(const struct fprobe_pattern *pat,
			   struct fprobe_ips *set)
{
	struct fprobe_ips out;
	int ret;

	ret = fprobe_ips_collect(set, pat, false);
	if (ret || !set->nr)
		return ret;
	ret = fprobe_ips_collect(&out, pat, true);
	if (!ret)
		fprobe_ips_remove(set, &out);
	fprobe_ips_free(&out);
	return ret;
}

/**
 * fprobe_pattern_functions - the functions of a pattern, for an arming
 * @pat: the pattern
 * @set: as for fprobe_pattern_resolve()
 *
 * Return: 0; -ENOENT if none (a module went away since the definition),
 * -E2BIG if more than FPROBE_PATTERN_MAX_FUNCS, or -ENOMEM.
 */
int fprobe_pattern_functions(const struct fprobe_pattern *pat,
			     struct fprobe_ips *set)
{
	int ret = fprobe_pattern_resolve(pat, set);

	if (!ret && !set->nr)
		ret = -ENOENT;
	else if (!ret && set->nr > FPROBE_PATTERN_MAX_FUNCS)
		ret = -E2BIG;
	return ret;
}

/**
 * fprobe_glob_resolve - the functions ftrace matches with a 6.12 glob
 * @glob: the glob
 * @set: they go there, sorted; with none included ("!GLOB" alone),
 *	@set->max is 0 and @set->ips NULL: 6.12 puts such a probe on every
 *	function
 *
 * Return: 0, -EINVAL if it matches no traceable function, or -ENOMEM.
 */
int fprobe_glob_resolve(const char *glob, struct fprobe_ips *set)
{
	struct ftrace_ops *ops;
	int ret;

	*set = (struct fprobe_ips){ };
	if (fprobe_glob_is_name(glob)) {
		ret = fprobe_ips_add_name(set, glob, NULL);
		if (!ret && !set->nr)
			ret = -EINVAL;
	} else {
		ret = fprobe_scratch_filter(&ops, glob);
		if (!ret)
			ret = fprobe_ips_from_filter(set, ops);
		fprobe_scratch_free(ops);
	}
	if (!ret)
		fprobe_ips_sort_unique(set);
	return ret;
}

/* --- For the head parser ------------------------------------------------------ */

/**
 * fprobe_count_functions - &trace_fprobe_env.count_functions
 * @data: unused
 * @pat: the pattern
 *
 * Return: how many traceable functions @pat names now, or -ENOMEM.
 */
int fprobe_count_functions(void *data, const struct fprobe_pattern *pat)
{
	struct fprobe_ips set;
	int ret;

	ret = fprobe_pattern_resolve(pat, &set);
	if (!ret)
		ret = min_t(unsigned int, set.nr, INT_MAX);
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

/**
 * fprobe_function_names - &trace_fprobe_env.function_names
 * @data: unused
 * @pat: the pattern
 * @bufp: the names of the functions @pat names now, NUL-terminated,
 *	sorted, each once, in one kmalloc()ed buffer; NULL for none
 *
 * Return: how many names, or -errno.
 */
int fprobe_function_names(void *data, const struct fprobe_pattern *pat,
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

/**
 * fprobe_names_pin - an index of the names fprobe_function_names() gave
 * @buf: the names, NUL-terminated, sorted, each once
 * @nr: how many
 *
 * The functions an event's BTF arguments were typed on, for
 * fprobe_ips_keep_named() at each arming: @buf is copied, the caller
 * keeps it.
 *
 * Return: the index (kvfree() it), or NULL without memory.
 */
struct fprobe_names *fprobe_names_pin(const char *buf, unsigned int nr)
{
	struct fprobe_names *names;
	size_t text = 0;
	unsigned int i;
	char *copy;

	for (i = 0; i < nr; i++)
		text += strlen(buf + text) + 1;
	names = kvmalloc(struct_size(names, name, nr) + text, GFP_KERNEL);
	if (!names)
		return NULL;
	copy = (char *)&names->name[nr];
	memcpy(copy, buf, text);
	for (i = 0; i < nr; i++, copy += strlen(copy) + 1)
		names->name[i] = copy;
	names->nr = nr;
	return names;
}

/**
 * fprobe_ips_keep_named - leave in a set only the functions of some names
 * @set: the set, sorted; it stays so
 * @names: the names to keep (fprobe_names_pin())
 *
 * Return: how many functions were left out.
 */
unsigned int fprobe_ips_keep_named(struct fprobe_ips *set,
				   const struct fprobe_names *names)
{
	char sym[KSYM_NAME_LEN];
	const char *key = sym;
	unsigned int i, kept = 0, out;

	for (i = 0; i < set->nr; i++) {
		if (!kallsyms_lookup(set->ips[i], NULL, NULL, NULL, sym) ||
		    !bsearch(&key, names->name, names->nr, sizeof(key),
			     fprobe_cmp_name))
			continue;
		set->ips[kept++] = set->ips[i];
	}
	out = set->nr - kept;
	set->nr = kept;
	return out;
}

/* --- Untraceable functions ---------------------------------------------------- */

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

/**
 * fprobe_pattern_untraceable - the functions a pattern leaves out
 * @pat: the pattern
 * @glob: its text: a 6.12 glob counts as one item, and one that only
 *	excludes counts none
 *
 * Walks every symbol: for the "functions" file, not for an arming.
 *
 * Return: how many functions @pat names that ftrace cannot trace
 * (notrace, or in code ftrace leaves alone).
 */
unsigned int fprobe_pattern_untraceable(const struct fprobe_pattern *pat,
					const char *glob)
{
	struct fprobe_pattern_item all = { .glob = glob };
	struct fprobe_untraceable u = {
		.items = pat->items, .nr_items = pat->nr_items,
	};

	if (pat->legacy) {
		if (glob[0] == '!')
			return 0;
		u.items = &all;
		u.nr_items = 1;
	}
	kallsyms_on_each_symbol(fprobe_untraceable_cb, &u);
	module_kallsyms_on_each_symbol(NULL, fprobe_untraceable_cb, &u);
	return u.count;
}

/* --- Modules -------------------------------------------------------------------- */

/*
 * Bumped when a module comes or goes: the functions a glob matches may
 * have changed.  Module notifiers of two modules can run at once (the
 * chain is read-locked only): an atomic increment loses neither.
 */
static atomic_long_t fprobe_functions_generation = ATOMIC_LONG_INIT(1);

/**
 * fprobe_functions_gen - the generation of the traceable functions
 *
 * Return: a value that changes whenever a module comes or goes, not 0.
 * A set resolved at one value is current while the value stays.
 */
unsigned long fprobe_functions_gen(void)
{
	return atomic_long_read(&fprobe_functions_generation);
}

#ifdef CONFIG_MODULES
static int fprobe_functions_module_callback(struct notifier_block *self,
					    unsigned long val, void *data)
{
	if (val == MODULE_STATE_COMING || val == MODULE_STATE_GOING)
		atomic_long_inc(&fprobe_functions_generation);
	return NOTIFY_DONE;
}

static struct notifier_block fprobe_functions_module_nb = {
	.notifier_call = fprobe_functions_module_callback,
};

/**
 * fprobe_funcs_init - follow the modules for fprobe_functions_gen()
 *
 * Return: 0, or -errno.
 */
int __init fprobe_funcs_init(void)
{
	return register_module_notifier(&fprobe_functions_module_nb);
}
#else
int __init fprobe_funcs_init(void)
{
	return 0;
}
#endif /* CONFIG_MODULES */
