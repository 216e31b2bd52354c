// SPDX-License-Identifier: GPL-2.0
/*
 * Fprobe-based trace events: function entry and exit events through
 * fprobe (ftrace), and tracepoint probes, which put an fprobe on the probe
 * stub of a tracepoint.
 *
 * "f[N][:[GRP/]EVENT] SYM[%return] [ARGS]" and "t[:[GRP/]EVENT] TP
 * [ARGS]" written to dynamic_events go through the shared creation
 * pipeline (trace_probe_create_cmd()) with the head parser of
 * trace_fprobe_parse.c.  This file owns what an fprobe event is: its
 * arming (on an fprobe of its own, or as a member of a shared one,
 * trace_fprobe_share.c, over the functions trace_fprobe_funcs.c resolves),
 * the handlers that record a hit, the tracepoint's module that may come
 * later, the "functions" file, and perf.
 */
#define pr_fmt(fmt)	"trace_fprobe: " fmt

#include <asm/ptrace.h>

#include <linux/fprobe.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/rculist.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>

#include "trace_fprobe_funcs.h"
#include "trace_fprobe_parse.h"
#include "trace_fprobe_share.h"
#include "trace_probe.h"
#include "trace_probe_kernel.h"
#include "trace_probe_tmpl.h"
#include "trace_probe_record.h"

/* A tracepoint probe whose tracepoint's module is not loaded yet */
#define TRACEPOINT_STUB		ERR_PTR(-ENOENT)

/**
 * struct trace_fprobe - an fprobe or tracepoint probe event probe
 * @fp: the fprobe of its own: an exit probe's armed on its own, a
 *	tracepoint probe's, or a 6.12 glob's that means every function
 * @member: as a member of a shared fprobe: the shared entry fprobe (a
 *	function entry probe), or a cohort (exit probes armed together)
 * @symbol: the function pattern as written without "%return", or the
 *	tracepoint's name
 * @pattern: the functions, parsed; NULL for a tracepoint probe
 * @btf_funcs: the names of the functions BTF typed the arguments on, when
 *	the pattern may name others later (globs, modules); NULL if no
 *	argument depends on them
 * @list_return: the listing says "%return": an exit probe whose pattern
 *	has no ":exit" suffix
 * @glob_ips: a 6.12 glob's functions, as last resolved (at definition,
 *	or at an arming), for the next arming: resolving a glob asks
 *	kallsyms the name of every traceable function
 * @glob_gen: fprobe_functions_gen() when @glob_ips was resolved; 0: not
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
	struct fprobe_member	member;
	const char		*symbol;
	struct fprobe_pattern	*pattern;
	struct fprobe_names	*btf_funcs;
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

static struct trace_fprobe *site_to_trace_fprobe(struct fprobe_site *site)
{
	return container_of(site->member, struct trace_fprobe, member);
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

static const struct trace_fprobe_env trace_fprobe_lookups = {
	.find_tracepoint	= trace_fprobe_find_tracepoint,
	.put_module		= trace_fprobe_put_module,
	.count_functions	= fprobe_count_functions,
	.function_names		= fprobe_function_names,
	.modules		= IS_ENABLED(CONFIG_MODULES),
#ifdef CONFIG_PROBE_EVENTS_BTF_ARGS
	.btf			= &traceprobe_btf_ops,
#endif
};

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
	trace_probe_hit_init(hit, &tf->tp,
			     exit ? PROBE_PRINT_RETURN : PROBE_PRINT_NORMAL,
			     regs, edata, regs);
	hit->head[0] = entry_ip;
	hit->head[1] = ret_ip;
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

	fprobe_for_each_entry_site(site, entry_ip) {
		tf = site_to_trace_fprobe(site);
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

/* A cohort's: every member on the function hit saves its $argN */
static int fexit_cohort_entry(struct fprobe *fp, unsigned long entry_ip,
			      unsigned long ret_ip, struct pt_regs *regs,
			      void *entry_data)
{
	struct fprobe_site *site;
	struct trace_fprobe *tf;

	fprobe_for_each_exit_site(site, fp, entry_ip) {
		tf = site_to_trace_fprobe(site);
		if (tf->tp.entry_arg)
			store_trace_entry_data(entry_data + site->data_off,
					       &tf->tp, regs);
	}
	return 0;
}

NOKPROBE_SYMBOL(fexit_cohort_entry);

/* A cohort's: every member on the function records */
static void fexit_cohort_exit(struct fprobe *fp, unsigned long entry_ip,
			      unsigned long ret_ip, struct pt_regs *regs,
			      void *entry_data)
{
	struct fprobe_site *site;
	struct trace_fprobe *tf;

	fprobe_for_each_exit_site(site, fp, entry_ip) {
		tf = site_to_trace_fprobe(site);
		fprobe_record(tf, trace_probe_load_flag(&tf->tp), regs,
			      entry_data ? entry_data + site->data_off : NULL,
			      entry_ip, ret_ip, true);
	}
}

NOKPROBE_SYMBOL(fexit_cohort_exit);

static const struct fprobe_share_handlers trace_fprobe_share_handlers = {
	.entry		= fentry_shared_dispatcher,
	.cohort_entry	= fexit_cohort_entry,
	.cohort_exit	= fexit_cohort_exit,
};

/* --- Probes --------------------------------------------------------------------- */

static void free_trace_fprobe(struct trace_fprobe *tf)
{
	if (!tf)
		return;
	trace_probe_cleanup(&tf->tp);
	kvfree(tf->glob_ips.ips);
	kvfree(tf->btf_funcs);
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

/*
 * &trace_probe_ops.prepare: an exit probe saves its $argN at entry; a
 * pattern whose functions typed arguments (BTF) keeps their names: only
 * they may be armed (trace_fprobe_pattern_functions()).
 */
static int trace_fprobe_prepare(struct trace_probe *tp, struct probe_head *head)
{
	struct trace_fprobe_head *fh = to_trace_fprobe_head(head);
	struct fprobe_btf_multi *m = &fh->btf_multi;
	struct trace_fprobe *tf = tp_to_trace_fprobe(tp);

	if (trace_fprobe_is_return(tf) && tp->entry_arg) {
		tf->fp.entry_handler = trace_fprobe_entry_handler;
		tf->fp.entry_data_size = traceprobe_get_entry_data_size(tp);
		tf->member.data_size = tf->fp.entry_data_size;
	}
	if (m->typed && m->nr_names > 0) {
		tf->btf_funcs = fprobe_names_pin(m->names, m->nr_names);
		if (!tf->btf_funcs)
			return -ENOMEM;
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
 * The functions of @tf's pattern to arm now (a module may have come or
 * gone since the definition), less those its BTF-typed arguments were
 * not checked on: one fetch program reads them at every function, and a
 * function that came later may have another prototype.
 */
static int trace_fprobe_pattern_functions(struct trace_fprobe *tf,
					  struct fprobe_ips *set)
{
	unsigned int out;
	int ret;

	ret = fprobe_pattern_functions(tf->pattern, set);
	if (ret || !tf->btf_funcs)
		return ret;
	out = fprobe_ips_keep_named(set, tf->btf_funcs);
	if (out)
		pr_info("%s/%s: %u function(s) left out: new since its definition, its BTF arguments were not typed on them\n",
			trace_probe_group_name(&tf->tp),
			trace_probe_name(&tf->tp), out);
	return set->nr ? 0 : -ENOENT;
}

/* An fprobe on the functions of a pattern: one ftrace filter update */
static int register_pattern_fprobe(struct trace_fprobe *tf)
{
	struct fprobe_ips set;
	int ret;

	ret = trace_fprobe_pattern_functions(tf, &set);
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

/* Resolve @tf's glob into its cache, unless the cache is current */
static int trace_fprobe_resolve_glob(struct trace_fprobe *tf)
{
	unsigned long gen = fprobe_functions_gen();
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

/* --- Arming ------------------------------------------------------------------- */

/*
 * A function probe is armed as a member of a shared fprobe when it can
 * be: an entry probe always on the shared entry fprobe, exit probes armed
 * together (a group enable, trace_fprobe_arm_batch()) in cohorts.  A
 * tracepoint probe, an exit probe armed alone or with a MAXACTIVE of its
 * own, and a 6.12 glob that means every function have an fprobe of their
 * own, as in 6.12.
 */
static bool trace_fprobe_shares(struct trace_fprobe *tf)
{
	return !trace_fprobe_is_return(tf) && !trace_fprobe_is_tracepoint(tf);
}

static bool trace_fprobe_is_armed(struct trace_fprobe *tf)
{
	return fprobe_member_is_shared(&tf->member) ||
	       fprobe_is_registered(&tf->fp);
}

/*
 * The sites of function probe @tf on its functions as they are now, or
 * NULL in *@sitesp for a 6.12 glob whose filter stays empty ("!GLOB"
 * alone), which register_fprobe() puts on every function: that probe gets
 * an fprobe of its own.
 */
static int trace_fprobe_sites(struct trace_fprobe *tf,
			      struct fprobe_sites **sitesp)
{
	struct fprobe_ips set = { }, *ips = &set;
	int ret;

	*sitesp = NULL;
	if (tf->pattern->legacy) {
		ret = trace_fprobe_resolve_glob(tf);
		if (ret || !tf->glob_ips.ips)
			return ret;
		ips = &tf->glob_ips;
	} else {
		ret = trace_fprobe_pattern_functions(tf, &set);
		if (ret)
			goto out;
	}
	*sitesp = fprobe_sites_alloc(&tf->member, ips);
	if (!*sitesp)
		ret = -ENOMEM;
out:
	fprobe_ips_free(&set);
	return ret;
}

/*
 * Arm entry probe @tf on the shared fprobe.  Return: 1 if it is not for
 * the shared fprobe after all (see trace_fprobe_sites()), 0, or -errno.
 * A 6.12 glob's functions resolved earlier are resolved again if arming
 * with them fails: one of them may be gone (init code freed after boot).
 */
static int fentry_arm_one(struct trace_fprobe *tf)
{
	bool cached = tf->pattern->legacy && tf->glob_gen;
	struct fprobe_member *member = &tf->member;
	struct fprobe_sites *sites;
	int ret;

	ret = trace_fprobe_sites(tf, &sites);
	if (ret || !sites)
		return ret ?: 1;
	ret = fprobe_share_entry_arm(&member, &sites, 1);
	if (!ret)
		return 0;
	kvfree(sites);
	if (!cached)
		return ret;
	tf->glob_gen = 0;
	return fentry_arm_one(tf);
}

/*
 * Put the probe on its functions, or on its tracepoint's stub: only
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
 * Take the probe off again, keeping its handlers for the next arming.
 * Unregistering waits for the handlers still running.
 */
static void trace_fprobe_disarm(struct trace_fprobe *tf)
{
	struct fprobe_member *member = &tf->member;

	if (fprobe_member_is_shared(member))
		fprobe_share_disarm(&member, 1);
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

/* --- Enabling ------------------------------------------------------------------- */

/* &trace_probe_ops.disarm */
static void trace_fprobe_disarm_all(struct trace_probe *tp)
{
	struct trace_fprobe *tf;

	list_for_each_entry(tf, trace_probe_probe_list(tp), tp.list)
		trace_fprobe_disarm(tf);
}

/* &trace_probe_ops.arm: every probe of the event, or none */
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
 * Whether @tf joins a batch as a member of a shared fprobe: an entry
 * probe on the shared entry fprobe, or with @exit an exit probe in a
 * cohort.  One with a MAXACTIVE has it for itself, as in 6.12: its own
 * fprobe.
 */
static bool trace_fprobe_batches(struct trace_fprobe *tf, bool exit)
{
	if (trace_fprobe_is_armed(tf) || trace_fprobe_is_tracepoint(tf) ||
	    trace_fprobe_is_return(tf) != exit)
		return false;
	return !exit || !tf->fp.nr_maxactive;
}

/*
 * The members, with their sites, of the probes of the events of @tps
 * that join a batch (trace_fprobe_batches()); NULL without the memory.
 * Those whose functions cannot be found are left to be armed one by
 * one, which reports why.
 */
static struct fprobe_member **fprobe_batch_collect(struct trace_probe **tps,
						   unsigned int nr, bool exit,
						   struct fprobe_sites ***sitesp,
						   unsigned int *nr_members)
{
	struct fprobe_member **members;
	struct fprobe_sites **sites;
	struct trace_fprobe *tf;
	unsigned int i, n = 0;

	for (i = 0; i < nr; i++)
		list_for_each_entry(tf, trace_probe_probe_list(tps[i]), tp.list)
			n++;
	members = kvmalloc_array(max(n, 1U), sizeof(*members), GFP_KERNEL);
	sites = kvmalloc_array(max(n, 1U), sizeof(*sites), GFP_KERNEL);
	if (!members || !sites) {
		kvfree(members);
		kvfree(sites);
		return NULL;
	}
	n = 0;
	for (i = 0; i < nr; i++) {
		list_for_each_entry(tf, trace_probe_probe_list(tps[i]), tp.list) {
			if (!trace_fprobe_batches(tf, exit) ||
			    trace_fprobe_sites(tf, &sites[n]) || !sites[n])
				continue;
			members[n++] = &tf->member;
		}
	}
	*sitesp = sites;
	*nr_members = n;
	return members;
}

/*
 * &trace_probe_ops.disarm_batch: the members of shared fprobes together,
 * each shared fprobe updated once, then the others one by one
 */
static void trace_fprobe_disarm_batch(struct trace_probe **tps,
				      unsigned int nr)
{
	struct fprobe_member **members;
	struct trace_fprobe *tf;
	unsigned int i, n = 0;

	for (i = 0; i < nr; i++)
		list_for_each_entry(tf, trace_probe_probe_list(tps[i]), tp.list)
			n += fprobe_member_is_shared(&tf->member);
	members = kvmalloc_array(max(n, 1U), sizeof(*members), GFP_KERNEL);
	n = 0;
	for (i = 0; members && i < nr; i++)
		list_for_each_entry(tf, trace_probe_probe_list(tps[i]), tp.list)
			if (fprobe_member_is_shared(&tf->member))
				members[n++] = &tf->member;
	if (n)
		fprobe_share_disarm(members, n);
	kvfree(members);
	/* the others, and all of them without the memory, one by one */
	for (i = 0; i < nr; i++)
		trace_fprobe_disarm_all(tps[i]);
}

/*
 * Arm the probes of the events of @tps that join a batch as members:
 * the entry probes on the shared fprobe in one ftrace update (all or
 * none), or with @exit the exit probes in cohorts (those left out are
 * armed one by one after).
 */
static int trace_fprobe_arm_members(struct trace_probe **tps,
				    unsigned int nr, bool exit)
{
	struct fprobe_member **members;
	struct fprobe_sites **sites;
	unsigned int i, n;
	int ret = 0;

	members = fprobe_batch_collect(tps, nr, exit, &sites, &n);
	if (!members)
		return -ENOMEM;
	if (exit)
		fprobe_share_exit_arm(members, sites, n);
	else
		ret = fprobe_share_entry_arm(members, sites, n);
	for (i = 0; ret && i < n; i++)
		kvfree(sites[i]);
	kvfree(sites);
	kvfree(members);
	return ret;
}

/*
 * &trace_probe_ops.arm_batch: the entry probes of the events of @tps on
 * the shared fprobe, their exit probes in cohorts, then the others one
 * by one; all or none.
 */
static int trace_fprobe_arm_batch(struct trace_probe **tps, unsigned int nr)
{
	unsigned int i;
	int ret;

	ret = trace_fprobe_arm_members(tps, nr, false);
	/* without the memory for cohorts, exit probes go one by one */
	if (!ret)
		trace_fprobe_arm_members(tps, nr, true);
	for (i = 0; !ret && i < nr; i++)
		ret = trace_fprobe_arm_all(tps[i]);
	if (ret)
		trace_fprobe_disarm_batch(tps, nr);
	return ret;
}

/* &trace_probe_ops.init_call */
static void init_trace_event_call(struct trace_probe *tp)
{
	struct trace_event_call *call = trace_probe_event_call(tp);

	call->event.funcs = &trace_probe_kernel_funcs;
	call->flags = TRACE_EVENT_FL_FPROBE;
}

/* --- The "functions" file ---------------------------------------------------- */

/*
 * The functions of @tf, sorted by address: while it is armed, those it is
 * on; otherwise those it would be on if it were armed now.
 */
static int trace_fprobe_functions(struct trace_fprobe *tf,
				  struct fprobe_ips *set)
{
	struct fprobe_sites *sites = tf->member.sites;
	unsigned int i;
	int ret;

	if (fprobe_is_registered(&tf->fp)) {
		ret = fprobe_ips_from_filter(set, &tf->fp.ops);
		if (!ret)
			fprobe_ips_sort_unique(set);
		return ret;
	}
	if (!sites && !tf->pattern->legacy) {
		ret = fprobe_pattern_resolve(tf->pattern, set);
		if (!ret && tf->btf_funcs)
			fprobe_ips_keep_named(set, tf->btf_funcs);
		return ret;
	}
	/* a 6.12 glob has no bound: sized from what it matches */
	if (!sites) {
		ret = trace_fprobe_resolve_glob(tf);
		if (ret)
			return ret;
	}
	ret = fprobe_ips_alloc(set, sites ? sites->nr : tf->glob_ips.nr);
	if (ret)
		return ret;
	for (i = 0; i < set->max; i++)
		set->ips[set->nr++] = sites ? sites->site[i].ip :
					      tf->glob_ips.ips[i];
	return 0;
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
	untraceable = fprobe_pattern_untraceable(tf->pattern, tf->symbol);
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
	/* the event's kind, not its first probe: eventfs holds no lock of ours */
	return (call->flags & TRACE_EVENT_FL_FPROBE) &&
	       !(trace_probe_event_from_call(call)->kind &
		 FPROBE_KIND_TRACEPOINT);
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
static void tprobe_module_coming(struct trace_fprobe *tf, struct module *mod)
{
	struct tracepoint *tpoint;
	int ret;

	tpoint = find_tracepoint_in_module(mod, tf->symbol);
	if (!tpoint)
		return;
	tf->tpoint = tpoint;
	tf->mod = mod;
	if (!trace_probe_is_enabled(&tf->tp))
		return;
	ret = trace_fprobe_arm(tf);
	/* 6.12 WARNs here, which a second tprobe of the tracepoint reaches */
	if (ret)
		pr_warn("%s/%s: not on tracepoint %s of %s (%d)\n",
			trace_probe_group_name(&tf->tp),
			trace_probe_name(&tf->tp), tf->symbol, mod->name, ret);
}

/* A probe on a tracepoint of a module that is going away: it waits again */
static void tprobe_module_going(struct trace_fprobe *tf)
{
	trace_fprobe_disarm(tf);
	tf->tpoint = TRACEPOINT_STUB;
	tf->mod = NULL;
}

static int tprobe_module_callback(struct notifier_block *self,
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
			tprobe_module_coming(tf, tp_mod->mod);
		else if (val == MODULE_STATE_GOING && tp_mod->mod == tf->mod)
			tprobe_module_going(tf);
	}
	return NOTIFY_DONE;
}

static struct notifier_block tracepoint_module_nb = {
	.notifier_call = tprobe_module_callback,
};

/*
 * A function probe with an fprobe of its own, on functions of @mod, which
 * is going: off them while they are still ftrace locations (as the shared
 * fprobes, fprobe_share_module_going()).  If they were all it had, it is
 * unregistered instead (an empty filter means every function); its event
 * stays enabled, and is armed on the functions its pattern names then
 * when it is enabled again.
 */
static void fprobe_module_going(struct trace_fprobe *tf, struct module *mod)
{
	struct fprobe_ips set;
	unsigned int i, n = 0;

	if (trace_fprobe_is_tracepoint(tf) || !fprobe_is_registered(&tf->fp) ||
	    fprobe_ips_from_filter(&set, &tf->fp.ops))
		return;
	for (i = 0; i < set.nr; i++)
		if (within_module(set.ips[i], mod))
			set.ips[n++] = set.ips[i];
	if (n && n == set.nr) {
		unregister_fprobe(&tf->fp);
		trace_fprobe_reset(tf);
	} else if (n && ftrace_set_filter_ips(&tf->fp.ops, set.ips, n, 1, 0)) {
		pr_warn_once("functions of a module left on an fprobe\n");
	}
	fprobe_ips_free(&set);
}

static int fprobe_module_callback(struct notifier_block *self,
				  unsigned long val, void *data)
{
	struct dyn_event *pos;

	if (val != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	guard(mutex)(&event_mutex);
	fprobe_share_module_going(data);
	for_each_dyn_event(pos)
		if (is_trace_fprobe(pos))
			fprobe_module_going(to_trace_fprobe(pos), data);
	return NOTIFY_DONE;
}

static struct notifier_block fprobe_module_nb = {
	.notifier_call = fprobe_module_callback,
};

static int trace_fprobe_register_module_notifier(void)
{
	int ret = register_module_notifier(&fprobe_module_nb);

	return ret ?: register_tracepoint_module_notifier(&tracepoint_module_nb);
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
	.arm		= trace_fprobe_arm_all,
	.disarm		= trace_fprobe_disarm_all,
	.arm_batch	= trace_fprobe_arm_batch,
	.disarm_batch	= trace_fprobe_disarm_batch,
};

/* Commands work before tracefs exists (bootconfig, in-kernel users) */
static __init int init_fprobe_trace_early(void)
{
	int ret;

	/* the record headers that probe_headers[] describes */
	BUILD_BUG_ON(sizeof(struct fentry_trace_entry_head) !=
		     sizeof(struct trace_entry) + sizeof(long));
	BUILD_BUG_ON(sizeof(struct fexit_trace_entry_head) !=
		     sizeof(struct trace_entry) + 2 * sizeof(long));
	fprobe_share_setup(&trace_fprobe_share_handlers);
	ret = dyn_event_register(&trace_fprobe_ops.dyn_ops);
	if (ret)
		return ret;
	ret = fprobe_funcs_init();
	if (ret)
		return ret;
	return trace_fprobe_register_module_notifier();
}
core_initcall(init_fprobe_trace_early);
