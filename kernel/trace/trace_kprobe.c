// SPDX-License-Identifier: GPL-2.0
/*
 * Kprobe-based trace events: the kprobe front end of probe events.
 *
 * Commands written to kprobe_events or dynamic_events are parsed by the
 * pure library (trace_probe_parse.c) into a kprobe head and argument
 * programs; this file owns what only kprobes have: the kprobe and
 * kretprobe registration, the dispatchers that record a hit, modules that
 * come and go, the boot-time and in-kernel ways to create events, and the
 * perf/BPF hooks.
 */
#define pr_fmt(fmt)	"trace_kprobe: " fmt

#include <linux/bpf-cgroup.h>
#include <linux/security.h>
#include <linux/module.h>
#include <linux/uaccess.h>
#include <linux/rculist.h>
#include <linux/error-injection.h>

#include <asm/setup.h>	/* COMMAND_LINE_SIZE */

#include "trace_kprobe_parse.h"
#include "trace_kprobe_selftest.h"
#include "trace_probe.h"
#include "trace_probe_kernel.h"
#include "trace_probe_tmpl.h"
#include "trace_probe_record.h"

/* "kprobe_event=" definitions, kept until fs_initcall creates them */
static char kprobe_boot_events_buf[COMMAND_LINE_SIZE] __initdata;

static int __init set_kprobe_boot_events(char *str)
{
	strscpy(kprobe_boot_events_buf, str, COMMAND_LINE_SIZE);
	disable_tracing_selftest("running kprobe events");
	return 1;
}
__setup("kprobe_event=", set_kprobe_boot_events);

static struct trace_probe_ops trace_kprobe_ops;

/**
 * struct trace_kprobe - a kprobe or kretprobe event probe
 * @rp: the kretprobe; a kprobe uses only @rp.kp
 * @nhit: per-CPU hit counts, for kprobe_profile
 * @tp: the probe; must be last (its arguments follow)
 *
 * Where it probes is kept in @rp.kp only: its symbol_name (owned, NULL
 * for an address) and offset, or its addr.  That is also what
 * kprobe_events lists, as in 6.12.
 *
 * Lifetime: created by a command, freed when deleted (or, for perf's local
 * probes, by destroy_local_trace_kprobe()).
 */
struct trace_kprobe {
	struct kretprobe	rp;
	unsigned long __percpu	*nhit;
	struct trace_probe	tp;
};

static bool is_trace_kprobe(struct dyn_event *ev)
{
	return is_trace_probe_of(ev, &trace_kprobe_ops);
}

static struct trace_kprobe *to_trace_kprobe(struct dyn_event *ev)
{
	return container_of(to_trace_probe(ev), struct trace_kprobe, tp);
}

static nokprobe_inline bool trace_kprobe_is_return(struct trace_kprobe *tk)
{
	return !!tk->rp.handler;
}

static nokprobe_inline const char *trace_kprobe_symbol(struct trace_kprobe *tk)
{
	return tk->rp.kp.symbol_name ?: "unknown";
}

static nokprobe_inline bool trace_kprobe_has_gone(struct trace_kprobe *tk)
{
	return kprobe_gone(&tk->rp.kp);
}

static bool trace_kprobe_within_module(struct trace_kprobe *tk,
				       struct module *mod)
{
	int len = strlen(module_name(mod));
	const char *name = trace_kprobe_symbol(tk);

	return !strncmp(module_name(mod), name, len) && name[len] == ':';
}

#ifdef CONFIG_MODULES
/* Is the module of the probed symbol loaded (or is it in vmlinux)? */
static bool trace_kprobe_module_exist(struct trace_kprobe *tk)
{
	const char *sym = tk->rp.kp.symbol_name, *colon;
	char mod[MODULE_NAME_LEN];
	bool ret;

	if (!sym)
		return false;
	colon = strchr(sym, ':');
	if (!colon)
		return true;
	strscpy(mod, sym, min_t(size_t, colon - sym + 1, sizeof(mod)));
	rcu_read_lock_sched();
	ret = !!find_module(mod);
	rcu_read_unlock_sched();
	return ret;
}

/* NULL if the module is not loaded or is going away */
static struct module *try_module_get_by_name(const char *name)
{
	struct module *mod;

	rcu_read_lock_sched();
	mod = find_module(name);
	if (mod && !try_module_get(mod))
		mod = NULL;
	rcu_read_unlock_sched();
	return mod;
}
#else
static inline bool trace_kprobe_module_exist(struct trace_kprobe *tk)
{
	return false;
}

static inline struct module *try_module_get_by_name(const char *name)
{
	return NULL;
}
#endif

static int trace_kprobe_format_addr(void *data, char *buf, size_t len,
				    unsigned long addr)
{
	/* kprobe_events shows addresses hashed, as %p does everywhere */
	return snprintf(buf, len, "0x%p", (void *)addr);
}

struct sym_count_ctx {
	unsigned int	count;
	const char	*name;
	unsigned long	addr;
};

static int count_symbols(void *data, unsigned long addr)
{
	struct sym_count_ctx *ctx = data;

	ctx->count++;
	ctx->addr = addr;
	return 0;
}

static int count_mod_symbols(void *data, const char *name,
			     unsigned long addr)
{
	struct sym_count_ctx *ctx = data;

	if (!strcmp(name, ctx->name))
		count_symbols(ctx, addr);
	return 0;
}

/* Functions named @func in @mod, or in vmlinux and every module */
static unsigned int number_of_same_symbols(const char *mod, const char *func,
					   unsigned long *addr)
{
	struct sym_count_ctx ctx = { .count = 0, .name = func };

	if (!mod)
		kallsyms_on_each_match_symbol(count_symbols, func, &ctx);
	module_kallsyms_on_each_symbol(mod, count_mod_symbols, &ctx);
	*addr = ctx.addr;
	return ctx.count;
}

static int trace_kprobe_count_symbols(void *data, const char *mod,
				      const char *sym, unsigned long *addr)
{
	struct module *m = NULL;
	int count;

	if (mod) {
		m = try_module_get_by_name(mod);
		if (!m)
			return -ENODEV;	/* checked when it is loaded */
	}
	count = number_of_same_symbols(mod, sym, addr);
	if (m)
		module_put(m);
	return count;
}

/*
 * With the address the symbol check found, kprobe_on_func_entry() gives
 * what it gives for @sym, without looking the name up again: the answer
 * depends on the function's first instruction and @offset (powerpc's
 * kprobe_lookup_name() moves to a local entry point, but there the
 * answer depends on @offset alone).
 */
static int trace_kprobe_on_entry(void *data, unsigned long addr,
				 const char *sym, unsigned long offset)
{
	if (addr)
		return kprobe_on_func_entry((kprobe_opcode_t *)addr, NULL,
					    offset);
	return kprobe_on_func_entry(NULL, sym, offset);
}

static const struct trace_kprobe_env trace_kprobe_lookups = {
	.count_symbols = trace_kprobe_count_symbols,
	.on_func_entry = trace_kprobe_on_entry,
	.format_addr = trace_kprobe_format_addr,
#ifdef CONFIG_PROBE_EVENTS_BTF_ARGS
	.btf = &traceprobe_btf_ops,
#endif
};

/* Where @tk probes, as kprobe_events lists it */
static int trace_kprobe_show_place(struct trace_kprobe *tk, char *buf,
				   size_t len)
{
	return trace_kprobe_format_place(buf, len, tk->rp.kp.symbol_name,
					 tk->rp.kp.offset,
					 (unsigned long)tk->rp.kp.addr,
					 &trace_kprobe_lookups);
}

/* "-:EVENT SYM+OFFS NAME=ARG..." removes only the probes that match */
static bool trace_kprobe_match_command_head(struct trace_kprobe *tk,
					    int argc, const char **argv)
{
	char buf[MAX_ARGSTR_LEN + 1];

	if (!argc)
		return true;
	trace_kprobe_show_place(tk, buf, sizeof(buf));
	if (strcmp(buf, argv[0]))
		return false;
	return trace_probe_match_command_args(&tk->tp, argc - 1, argv + 1);
}

static bool trace_kprobe_match(const char *system, const char *event,
			       int argc, const char **argv,
			       struct dyn_event *ev)
{
	struct trace_kprobe *tk = to_trace_kprobe(ev);

	return trace_probe_match_name(&tk->tp, system, event) &&
	       trace_kprobe_match_command_head(tk, argc, argv);
}

static unsigned long trace_kprobe_nhit(struct trace_kprobe *tk)
{
	unsigned long nhit = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		nhit += *per_cpu_ptr(tk->nhit, cpu);
	return nhit;
}

static nokprobe_inline bool trace_kprobe_is_registered(struct trace_kprobe *tk)
{
	return !(list_empty(&tk->rp.kp.list) && hlist_unhashed(&tk->rp.kp.hlist));
}

/* The probed address, once the kprobe resolved it */
static unsigned long trace_kprobe_address(struct trace_kprobe *tk)
{
	unsigned long addr;

	if (!tk->rp.kp.symbol_name)
		return (unsigned long)tk->rp.kp.addr;
	addr = kallsyms_lookup_name(tk->rp.kp.symbol_name);
	return addr ? addr + tk->rp.kp.offset : 0;
}

static struct trace_kprobe *
trace_kprobe_primary_from_call(struct trace_event_call *call)
{
	struct trace_probe *tp = trace_probe_primary_from_call(call);

	return tp ? container_of(tp, struct trace_kprobe, tp) : NULL;
}

/**
 * trace_kprobe_on_func_entry - is the event's probe at a function entry?
 * @call: a kprobe event
 *
 * BPF uses this to allow bpf_override_return() only at function entry.
 *
 * Return: true if the primary probe is at a function entry.
 */
bool trace_kprobe_on_func_entry(struct trace_event_call *call)
{
	struct trace_kprobe *tk = trace_kprobe_primary_from_call(call);

	return tk && !kprobe_on_func_entry(tk->rp.kp.addr,
					   tk->rp.kp.addr ? NULL :
					   tk->rp.kp.symbol_name,
					   tk->rp.kp.addr ? 0 : tk->rp.kp.offset);
}

/**
 * trace_kprobe_error_injectable - may BPF override the probed function?
 * @call: a kprobe event
 *
 * Return: true if the probed function is on the error-injection list.
 */
bool trace_kprobe_error_injectable(struct trace_event_call *call)
{
	struct trace_kprobe *tk = trace_kprobe_primary_from_call(call);

	return tk && within_error_injection_list(trace_kprobe_address(tk));
}

static int kprobe_dispatcher(struct kprobe *kp, struct pt_regs *regs);
static int kretprobe_dispatcher(struct kretprobe_instance *ri,
				struct pt_regs *regs);
static int trace_kprobe_entry_handler(struct kretprobe_instance *ri,
				      struct pt_regs *regs);

static void free_trace_kprobe(struct trace_kprobe *tk)
{
	if (!tk)
		return;
	trace_probe_cleanup(&tk->tp);
	kfree(tk->rp.kp.symbol_name);
	free_percpu(tk->nhit);
	kfree(tk);
}

/* A probe for head @kh with room for @nargs arguments */
static struct trace_kprobe *alloc_trace_kprobe(struct trace_kprobe_head *kh,
					       int nargs)
{
	struct trace_kprobe *tk;
	int ret = -ENOMEM;

	tk = kzalloc(struct_size(tk, tp.args, nargs), GFP_KERNEL);
	if (!tk)
		return ERR_PTR(-ENOMEM);
	tk->nhit = alloc_percpu(unsigned long);
	if (kh->symbol) {
		tk->rp.kp.symbol_name = kstrdup(kh->symbol, GFP_KERNEL);
		tk->rp.kp.offset = kh->offset;
	} else {
		tk->rp.kp.addr = (void *)kh->addr;
	}
	if (kh->is_return)
		tk->rp.handler = kretprobe_dispatcher;
	else
		tk->rp.kp.pre_handler = kprobe_dispatcher;
	tk->rp.maxactive = kh->maxactive;
	INIT_HLIST_NODE(&tk->rp.kp.hlist);
	INIT_LIST_HEAD(&tk->rp.kp.list);
	if (tk->nhit && (tk->rp.kp.symbol_name || !kh->symbol))
		ret = trace_probe_init(&tk->tp, kh->common.event,
				       kh->common.group, kh->common.ptype,
				       nargs, 0);
	if (ret) {
		free_trace_kprobe(tk);
		return ERR_PTR(ret);
	}
	return tk;
}

static struct trace_probe *trace_kprobe_alloc(struct probe_head *head,
					      int nargs)
{
	struct trace_kprobe *tk;

	tk = alloc_trace_kprobe(to_trace_kprobe_head(head), nargs);
	return IS_ERR(tk) ? ERR_CAST(tk) : &tk->tp;
}

static struct trace_kprobe *tp_to_trace_kprobe(struct trace_probe *tp)
{
	return container_of(tp, struct trace_kprobe, tp);
}

static void trace_kprobe_free(struct trace_probe *tp)
{
	free_trace_kprobe(tp_to_trace_kprobe(tp));
}

static struct trace_kprobe *find_trace_kprobe(const char *event,
					      const char *group)
{
	struct trace_probe *tp;

	tp = trace_probe_find(&trace_kprobe_ops, event, group);
	return tp ? tp_to_trace_kprobe(tp) : NULL;
}

/* --- Enabling ------------------------------------------------------------- */

static int trace_kprobe_arm(struct trace_kprobe *tk)
{
	if (!trace_kprobe_is_registered(tk) || trace_kprobe_has_gone(tk))
		return 0;
	if (trace_kprobe_is_return(tk))
		return enable_kretprobe(&tk->rp);
	return enable_kprobe(&tk->rp.kp);
}

/* &trace_probe_ops.disarm */
static void trace_kprobe_disarm_all(struct trace_probe *tp)
{
	struct trace_kprobe *tk;

	list_for_each_entry(tk, trace_probe_probe_list(tp), tp.list) {
		if (!trace_kprobe_is_registered(tk))
			continue;
		if (trace_kprobe_is_return(tk))
			disable_kretprobe(&tk->rp);
		else
			disable_kprobe(&tk->rp.kp);
	}
}

/* &trace_probe_ops.arm: every probe of the event, or none */
static int trace_kprobe_arm_all(struct trace_probe *tp)
{
	struct trace_kprobe *tk;
	bool armed = false;
	int ret = 0;

	list_for_each_entry(tk, trace_probe_probe_list(tp), tp.list) {
		if (trace_kprobe_has_gone(tk))
			continue;
		ret = trace_kprobe_arm(tk);
		if (ret)
			break;
		armed = true;
	}
	if (ret && armed)
		trace_kprobe_disarm_all(tp);
	return ret;
}

/*
 * The kprobes of the events of @tps: those arming would arm (@arm), or
 * those disarming would disarm.  NULL without the memory.
 */
static struct kprobe **trace_kprobe_batch_kprobes(struct trace_probe **tps,
						  unsigned int nr, bool arm,
						  int *nr_kps)
{
	struct trace_kprobe *tk;
	struct kprobe **kps;
	unsigned int i;
	int n = 0;

	for (i = 0; i < nr; i++)
		list_for_each_entry(tk, trace_probe_probe_list(tps[i]), tp.list)
			n++;
	kps = kvmalloc_array(max(n, 1), sizeof(*kps), GFP_KERNEL);
	if (!kps)
		return NULL;
	n = 0;
	for (i = 0; i < nr; i++) {
		list_for_each_entry(tk, trace_probe_probe_list(tps[i]), tp.list) {
			if (!trace_kprobe_is_registered(tk) ||
			    (arm && trace_kprobe_has_gone(tk)))
				continue;
			kps[n++] = &tk->rp.kp;
		}
	}
	*nr_kps = n;
	return kps;
}

/* &trace_probe_ops.arm_batch: one ftrace filter update for them all */
static int trace_kprobe_arm_batch(struct trace_probe **tps, unsigned int nr)
{
	struct kprobe **kps;
	int n, ret;

	kps = trace_kprobe_batch_kprobes(tps, nr, true, &n);
	if (!kps)
		return -ENOMEM;
	ret = enable_kprobes(kps, n);
	kvfree(kps);
	return ret;
}

/* &trace_probe_ops.disarm_batch */
static void trace_kprobe_disarm_batch(struct trace_probe **tps,
				      unsigned int nr)
{
	struct kprobe **kps;
	unsigned int i;
	int n;

	kps = trace_kprobe_batch_kprobes(tps, nr, false, &n);
	if (!kps) {
		for (i = 0; i < nr; i++)
			trace_kprobe_disarm_all(tps[i]);
		return;
	}
	disable_kprobes(kps, n);
	kvfree(kps);
}

/* --- Registration ---------------------------------------------------------- */

#if defined(CONFIG_DYNAMIC_FTRACE) && \
	!defined(CONFIG_KPROBE_EVENTS_ON_NOTRACE)
/* Is @addr inside a function that ftrace does not trace? */
static bool __within_notrace_func(unsigned long addr)
{
	unsigned long offset, size;

	if (!addr || !kallsyms_lookup_size_offset(addr, &size, &offset))
		return false;
	addr -= offset;
	/* ftrace_location_range() includes its end */
	return !ftrace_location_range(addr, addr + size - 1);
}

static bool within_notrace_func(struct trace_kprobe *tk)
{
	unsigned long addr = trace_kprobe_address(tk);
	char symname[KSYM_NAME_LEN], *p;

	if (!__within_notrace_func(addr))
		return false;
	/* "func.isra.0" and the like: judge by the original function */
	if (lookup_symbol_name(addr, symname))
		return true;
	p = strchr(symname, '.');
	if (!p)
		return true;
	*p = '\0';
	addr = (unsigned long)kprobe_lookup_name(symname, 0);
	return addr ? __within_notrace_func(addr) : true;
}
#else
static bool within_notrace_func(struct trace_kprobe *tk)
{
	return false;
}
#endif

/* Register the k*probe itself, resolving "@SYM" arguments first */
static int __register_trace_kprobe(struct trace_kprobe *tk)
{
	unsigned int i;
	int ret;

	ret = security_locked_down(LOCKDOWN_KPROBES);
	if (ret)
		return ret;
	if (trace_kprobe_is_registered(tk))
		return -EINVAL;
	if (within_notrace_func(tk)) {
		pr_warn("Could not probe notrace function %ps\n",
			(void *)trace_kprobe_address(tk));
		return -EINVAL;
	}
	for (i = 0; i < tk->tp.nr_args; i++) {
		ret = traceprobe_update_arg(&tk->tp.args[i]);
		if (ret)
			return ret;
	}
	if (trace_probe_is_enabled(&tk->tp))
		tk->rp.kp.flags &= ~KPROBE_FLAG_DISABLED;
	else
		tk->rp.kp.flags |= KPROBE_FLAG_DISABLED;
	if (trace_kprobe_is_return(tk))
		return register_kretprobe(&tk->rp);
	return register_kprobe(&tk->rp.kp);
}

static void __unregister_trace_kprobe(struct trace_kprobe *tk)
{
	if (!trace_kprobe_is_registered(tk))
		return;
	if (trace_kprobe_is_return(tk))
		unregister_kretprobe(&tk->rp);
	else
		unregister_kprobe(&tk->rp.kp);
	/* ready to be registered again (module reload) */
	INIT_HLIST_NODE(&tk->rp.kp.hlist);
	INIT_LIST_HEAD(&tk->rp.kp.list);
	if (tk->rp.kp.symbol_name)
		tk->rp.kp.addr = NULL;
}

/*
 * &trace_probe_ops.attach: register the kprobe of a probe whose event is
 * in place.  A "MOD:SYM" whose module is not loaded yet is kept: the
 * module notifier registers it when the module comes.
 */
static int trace_kprobe_attach(struct trace_probe *tp)
{
	struct trace_kprobe *tk = tp_to_trace_kprobe(tp);
	int ret = __register_trace_kprobe(tk);

	if (ret == -ENOENT && !trace_kprobe_module_exist(tk)) {
		pr_warn("This probe might be able to register after target module is loaded. Continue.\n");
		ret = 0;
	}
	return ret;
}

static void trace_kprobe_detach(struct trace_probe *tp)
{
	__unregister_trace_kprobe(tp_to_trace_kprobe(tp));
}

/*
 * &trace_probe_ops.detach_nosync: a deleted event's kprobe is disarmed and
 * gone from the kprobes' lists at once; trace_kprobe_detach_finish() does
 * the rest after the grace period trace_probe_release() shares.
 */
static void trace_kprobe_detach_nosync(struct trace_probe *tp)
{
	struct trace_kprobe *tk = tp_to_trace_kprobe(tp);
	struct kretprobe *rp = &tk->rp;
	struct kprobe *kp = &tk->rp.kp;

	if (!trace_kprobe_is_registered(tk))
		kp->addr = NULL;	/* nothing left for the second half */
	else if (trace_kprobe_is_return(tk))
		unregister_kretprobes_nosync(&rp, 1);
	else
		unregister_kprobes_nosync(&kp, 1);
}

static void trace_kprobe_detach_finish(struct trace_probe *tp)
{
	struct trace_kprobe *tk = tp_to_trace_kprobe(tp);
	struct kretprobe *rp = &tk->rp;
	struct kprobe *kp = &tk->rp.kp;

	if (trace_kprobe_is_return(tk))
		unregister_kretprobes_finish(&rp, 1);
	else
		unregister_kprobes_finish(&kp, 1);
}

/* &trace_probe_ops.same_place, as 6.12 compares kprobes */
static bool trace_kprobe_same_place_as(struct trace_probe *a,
				       struct trace_probe *b)
{
	struct kprobe *x = &tp_to_trace_kprobe(a)->rp.kp;
	struct kprobe *y = &tp_to_trace_kprobe(b)->rp.kp;

	return trace_kprobe_same_place(x->symbol_name, x->offset,
				       y->symbol_name, y->offset);
}

/* &trace_probe_ops.prepare: a kretprobe saves its $argN at entry */
static int trace_kprobe_prepare(struct trace_probe *tp,
				struct probe_head *head)
{
	struct trace_kprobe *tk = tp_to_trace_kprobe(tp);

	if (tp->entry_arg && trace_kprobe_is_return(tk)) {
		tk->rp.entry_handler = trace_kprobe_entry_handler;
		tk->rp.data_size = traceprobe_get_entry_data_size(tp);
	}
	return 0;
}

#ifdef CONFIG_MODULES
static int register_module_trace_kprobe(struct module *mod,
					struct trace_kprobe *tk)
{
	const char *colon = strchr(trace_kprobe_symbol(tk), ':');
	unsigned long addr;
	unsigned int count;

	if (colon) {
		count = number_of_same_symbols(module_name(mod), colon + 1,
					       &addr);
		if (count > 1)
			return -EADDRNOTAVAIL;
		if (!count)
			return -ENOENT;
	}
	return __register_trace_kprobe(tk);
}

/* A module is coming: (re)register the probes waiting for it */
static int trace_kprobe_module_callback(struct notifier_block *nb,
					unsigned long val, void *data)
{
	struct module *mod = data;
	struct dyn_event *pos;
	struct trace_kprobe *tk;
	int ret;

	if (val != MODULE_STATE_COMING)
		return NOTIFY_DONE;

	guard(mutex)(&event_mutex);
	for_each_dyn_event(pos) {
		if (!is_trace_kprobe(pos))
			continue;
		tk = to_trace_kprobe(pos);
		if (!trace_kprobe_within_module(tk, mod))
			continue;
		/* a previous incarnation of the module is gone */
		__unregister_trace_kprobe(tk);
		ret = register_module_trace_kprobe(mod, tk);
		if (ret)
			pr_warn("Failed to re-register probe %s on %s: %d\n",
				trace_probe_name(&tk->tp), module_name(mod),
				ret);
	}
	return NOTIFY_DONE;
}

static struct notifier_block trace_kprobe_module_nb = {
	.notifier_call = trace_kprobe_module_callback,
	/* after the kprobe and jump_label module callbacks */
	.priority = 2,
};

static int trace_kprobe_register_module_notifier(void)
{
	return register_module_notifier(&trace_kprobe_module_nb);
}
#else
static int trace_kprobe_register_module_notifier(void)
{
	return 0;
}
#endif /* CONFIG_MODULES */

/* --- Commands -------------------------------------------------------------- */

static int create_or_delete_trace_kprobe(const char *raw_command)
{
	return trace_probe_run_command(&trace_kprobe_ops, raw_command);
}

static int trace_kprobe_run_command(struct dynevent_cmd *cmd)
{
	return create_or_delete_trace_kprobe(cmd->seq.buffer);
}

/**
 * kprobe_event_cmd_init - initialize a kprobe event command
 * @cmd: the command
 * @buf: buffer the command is built in
 * @maxlen: its size
 *
 * Prepare @cmd for kprobe_event_gen_cmd_start() and friends.
 */
void kprobe_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen)
{
	dynevent_cmd_init(cmd, buf, maxlen, DYNEVENT_TYPE_KPROBE,
			  trace_kprobe_run_command);
}
EXPORT_SYMBOL_GPL(kprobe_event_cmd_init);

/* Append the NULL-terminated list of fetch args @args to @cmd */
static int kprobe_event_add_arg_list(struct dynevent_cmd *cmd, va_list args)
{
	struct dynevent_arg arg;
	const char *field;
	int ret = 0;

	dynevent_arg_init(&arg, 0);
	while ((field = va_arg(args, const char *))) {
		if (++cmd->n_fields > MAX_TRACE_ARGS)
			return -EINVAL;
		arg.str = field;
		ret = dynevent_arg_add(cmd, &arg, NULL);
		if (ret)
			break;
	}
	return ret;
}

/**
 * __kprobe_event_gen_cmd_start - start a kprobe event command
 * @cmd: the command, from kprobe_event_cmd_init()
 * @kretprobe: a return probe
 * @name: event name (group "kprobes")
 * @loc: probe place
 * @...: fetch args, NULL-terminated
 *
 * Use the kprobe_event_gen_cmd_start() / kretprobe_event_gen_cmd_start()
 * wrappers; kprobe_event_gen_cmd_end() creates the event.
 *
 * Return: 0 or -errno.
 */
int __kprobe_event_gen_cmd_start(struct dynevent_cmd *cmd, bool kretprobe,
				 const char *name, const char *loc, ...)
{
	char buf[MAX_EVENT_NAME_LEN];
	struct dynevent_arg arg;
	va_list args;
	int ret;

	if (cmd->type != DYNEVENT_TYPE_KPROBE || !loc)
		return -EINVAL;
	snprintf(buf, MAX_EVENT_NAME_LEN, "%c:kprobes/%s",
		 kretprobe ? 'r' : 'p', name);
	ret = dynevent_str_add(cmd, buf);
	if (ret)
		return ret;
	dynevent_arg_init(&arg, 0);
	arg.str = loc;
	ret = dynevent_arg_add(cmd, &arg, NULL);
	if (ret)
		return ret;
	va_start(args, loc);
	ret = kprobe_event_add_arg_list(cmd, args);
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_GPL(__kprobe_event_gen_cmd_start);

/**
 * __kprobe_event_add_fields - add fetch args to a kprobe event command
 * @cmd: the command
 * @...: fetch args, NULL-terminated
 *
 * Use the kprobe_event_add_fields() wrapper.
 *
 * Return: 0 or -errno.
 */
int __kprobe_event_add_fields(struct dynevent_cmd *cmd, ...)
{
	va_list args;
	int ret;

	if (cmd->type != DYNEVENT_TYPE_KPROBE)
		return -EINVAL;
	va_start(args, cmd);
	ret = kprobe_event_add_arg_list(cmd, args);
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_GPL(__kprobe_event_add_fields);

/**
 * kprobe_event_delete - delete a kprobe event
 * @name: the event name
 *
 * Return: 0 or -errno.
 */
int kprobe_event_delete(const char *name)
{
	char buf[MAX_EVENT_NAME_LEN];

	snprintf(buf, MAX_EVENT_NAME_LEN, "-:%s", name);
	return create_or_delete_trace_kprobe(buf);
}
EXPORT_SYMBOL_GPL(kprobe_event_delete);

/*
 * Unregister the kprobes of @n detached probes together: each of
 * unregister_kprobe() and unregister_kretprobe() waits for an RCU grace
 * period, unregister_kprobes() and unregister_kretprobes() wait for one
 * for all.  Without memory for the arrays, one by one.
 */
static void unregister_trace_kprobes(struct trace_kprobe **tks, int n)
{
	struct kretprobe **rps;
	struct kprobe **kps;
	int i, nk = 0, nr = 0;

	kps = kmalloc_array(n, sizeof(*kps), GFP_KERNEL);
	rps = kmalloc_array(n, sizeof(*rps), GFP_KERNEL);
	for (i = 0; i < n; i++) {
		if (!kps || !rps)
			__unregister_trace_kprobe(tks[i]);
		else if (!trace_kprobe_is_registered(tks[i]))
			continue;
		else if (trace_kprobe_is_return(tks[i]))
			rps[nr++] = &tks[i]->rp;
		else
			kps[nk++] = &tks[i]->rp.kp;
	}
	if (nk)
		unregister_kprobes(kps, nk);
	if (nr)
		unregister_kretprobes(rps, nr);
	kfree(kps);
	kfree(rps);
}

/*
 * "echo > kprobe_events": what dyn_events_release_all() does for kprobe
 * events, in the same order and with the same result, but with the
 * kprobes unregistered in one batch (unregister_trace_kprobes()) instead
 * of one grace period per event.  Nothing goes if any is busy; a probe
 * whose event cannot be removed (an event file held open) stops the
 * deletion there, and it returns -EBUSY.
 */
static int release_all_trace_kprobes(void)
{
	struct trace_kprobe *tk, **tks = NULL;
	struct dyn_event *pos, *tmp;
	int ret = 0, n = 0, max = 0, i;

	mutex_lock(&event_mutex);
	for_each_dyn_event(pos) {
		if (!is_trace_kprobe(pos))
			continue;
		if (trace_probe_is_busy(pos)) {
			ret = -EBUSY;
			goto out;
		}
		max++;
	}
	if (max)
		tks = kmalloc_array(max, sizeof(*tks), GFP_KERNEL);
	for_each_dyn_event_safe(pos, tmp) {
		if (!is_trace_kprobe(pos))
			continue;
		tk = to_trace_kprobe(pos);
		if (!tks) {
			/* no room to batch: the way dyn_events_release_all() does */
			ret = trace_probe_release(pos);
		} else {
			ret = trace_probe_remove(&tk->tp);
			if (!ret)
				tks[n++] = tk;
		}
		if (ret)
			break;
	}
	if (n)
		unregister_trace_kprobes(tks, n);
	for (i = 0; i < n; i++)
		trace_probe_destroy(&tks[i]->tp);
	kfree(tks);
out:
	tracing_reset_all_online_cpus();
	mutex_unlock(&event_mutex);
	return ret;
}

/*
 * The probe's place, formatted straight into @m: a symbol is shown whole,
 * as 6.12 shows it, and one of a module not loaded yet is not checked
 * against KSYM_NAME_LEN.  If it does not fit, seq_file retries with a
 * larger buffer.
 */
static void trace_kprobe_seq_place(struct seq_file *m, struct trace_kprobe *tk)
{
	char *buf;
	size_t size = seq_get_buf(m, &buf);
	int n = size ? trace_kprobe_show_place(tk, buf, size) : -1;

	seq_commit(m, n >= 0 && n < size ? n : -1);
}

static int trace_kprobe_show(struct seq_file *m, struct dyn_event *ev)
{
	struct trace_kprobe *tk = to_trace_kprobe(ev);

	seq_putc(m, trace_kprobe_is_return(tk) ? 'r' : 'p');
	if (trace_kprobe_is_return(tk) && tk->rp.maxactive)
		seq_printf(m, "%d", tk->rp.maxactive);
	seq_printf(m, ":%s/%s ", trace_probe_group_name(&tk->tp),
		   trace_probe_name(&tk->tp));
	trace_kprobe_seq_place(m, tk);
	trace_probe_show_args(m, &tk->tp);
	return 0;
}

/* --- tracefs files ----------------------------------------------------------- */

static int probes_seq_show(struct seq_file *m, void *v)
{
	struct dyn_event *ev = v;

	return is_trace_kprobe(ev) ? trace_kprobe_show(m, ev) : 0;
}

static const struct seq_operations probes_seq_op = {
	.start	= dyn_event_seq_start,
	.next	= dyn_event_seq_next,
	.stop	= dyn_event_seq_stop,
	.show	= probes_seq_show,
};

/* kprobe_events and kprobe_profile: the inode holds their seq ops */
static int probes_open(struct inode *inode, struct file *file)
{
	const struct seq_operations *ops = inode->i_private;
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;
	/* "echo > kprobe_events": all or nothing (-EBUSY if any is busy) */
	if (ops == &probes_seq_op && (file->f_mode & FMODE_WRITE) &&
	    (file->f_flags & O_TRUNC)) {
		ret = release_all_trace_kprobes();
		if (ret < 0)
			return ret;
	}
	return seq_open(file, ops);
}

static ssize_t probes_write(struct file *file, const char __user *buffer,
			    size_t count, loff_t *ppos)
{
	return trace_parse_run_command(file, buffer, count, ppos,
				       create_or_delete_trace_kprobe);
}

static const struct file_operations kprobe_events_ops = {
	.owner		= THIS_MODULE,
	.open		= probes_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
	.write		= probes_write,
};

static unsigned long trace_kprobe_missed(struct trace_kprobe *tk)
{
	return trace_kprobe_is_return(tk) ?
		tk->rp.kp.nmissed + tk->rp.nmissed : tk->rp.kp.nmissed;
}

static int probes_profile_seq_show(struct seq_file *m, void *v)
{
	struct dyn_event *ev = v;
	struct trace_kprobe *tk;

	if (!is_trace_kprobe(ev))
		return 0;
	tk = to_trace_kprobe(ev);
	seq_printf(m, "  %-44s %15lu %15lu\n", trace_probe_name(&tk->tp),
		   trace_kprobe_nhit(tk), trace_kprobe_missed(tk));
	return 0;
}

static const struct seq_operations profile_seq_op = {
	.start	= dyn_event_seq_start,
	.next	= dyn_event_seq_next,
	.stop	= dyn_event_seq_stop,
	.show	= probes_profile_seq_show,
};

static const struct file_operations kprobe_profile_ops = {
	.owner		= THIS_MODULE,
	.open		= probes_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/* --- Hit path ------------------------------------------------------------------ */

/* The load stage of kprobes; the rest is process_fetch_insn_bottom() */
static int process_fetch_insn(struct fetch_insn *code, void *rec, void *edata,
			      void *dest, void *base)
{
	struct pt_regs *regs = rec;
	unsigned long val;

	switch (code->op) {
	case FETCH_OP_REG:
		val = regs_get_register(regs, code->param);
		break;
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
		if (!process_common_fetch_insn(code, &val))
			return -EILSEQ;
		break;
	}
	return process_fetch_insn_bottom(code + 1, val, dest, base);
}

NOKPROBE_SYMBOL(process_fetch_insn);

/* A hit of a kprobe as the record path sees it */
static __always_inline void kprobe_hit_init(struct trace_probe_hit *hit,
					    struct trace_kprobe *tk,
					    struct pt_regs *regs)
{
	trace_probe_hit_init(hit, &tk->tp, PROBE_PRINT_NORMAL, regs, NULL, regs);
	hit->head[0] = (unsigned long)tk->rp.kp.addr;
}

/* A return of a kretprobe, @ri, as the record path sees it */
static __always_inline void kretprobe_hit_init(struct trace_probe_hit *hit,
					       struct trace_kprobe *tk,
					       struct pt_regs *regs,
					       struct kretprobe_instance *ri)
{
	trace_probe_hit_init(hit, &tk->tp, PROBE_PRINT_RETURN, regs, ri->data,
			     regs);
	hit->head[0] = (unsigned long)tk->rp.kp.addr;
	hit->head[1] = get_kretprobe_retaddr(ri);
}

static void kprobe_trace_func(struct trace_kprobe *tk, struct pt_regs *regs)
{
	struct trace_probe_hit hit __uninitialized;

	kprobe_hit_init(&hit, tk, regs);
	trace_probe_record_hit(&hit);
}

NOKPROBE_SYMBOL(kprobe_trace_func);

static void kretprobe_trace_func(struct trace_kprobe *tk,
				 struct kretprobe_instance *ri,
				 struct pt_regs *regs)
{
	struct trace_probe_hit hit __uninitialized;

	kretprobe_hit_init(&hit, tk, regs, ri);
	trace_probe_record_hit(&hit);
}

NOKPROBE_SYMBOL(kretprobe_trace_func);

/* Save the $argN a return probe reads, before the function runs */
static int trace_kprobe_entry_handler(struct kretprobe_instance *ri,
				      struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	struct trace_kprobe *tk;

	/* the kretprobe may be unregistered on another CPU meanwhile */
	if (unlikely(!rp))
		return -ENOENT;
	tk = container_of(rp, struct trace_kprobe, rp);
	if (tk->tp.entry_arg)
		store_trace_entry_data(ri->data, &tk->tp, regs);
	return 0;
}

NOKPROBE_SYMBOL(trace_kprobe_entry_handler);

/* --- perf and BPF ------------------------------------------------------------------ */

#ifdef CONFIG_PERF_EVENTS
/* Build the record of a hit (@ri: of a kretprobe) into perf's buffer */
static void kprobe_perf_record(struct trace_kprobe *tk, struct pt_regs *regs,
			       struct kretprobe_instance *ri)
{
	struct trace_probe_hit hit __uninitialized;

	if (ri)
		kretprobe_hit_init(&hit, tk, regs, ri);
	else
		kprobe_hit_init(&hit, tk, regs);
	trace_probe_perf_hit(&hit, regs);
}

NOKPROBE_SYMBOL(kprobe_perf_record);

/*
 * Returns 1 when a BPF program changed the probed IP (bpf_override_return):
 * the kprobe must then skip single-stepping the original instruction.
 */
static int kprobe_perf_func(struct trace_kprobe *tk, struct pt_regs *regs)
{
	struct trace_event_call *call = trace_probe_event_call(&tk->tp);

	if (bpf_prog_array_valid(call)) {
		unsigned long orig_ip = instruction_pointer(regs);
		int ret = trace_call_bpf(call, regs);

		if (orig_ip != instruction_pointer(regs))
			return 1;
		if (!ret)
			return 0;
	}
	kprobe_perf_record(tk, regs, NULL);
	return 0;
}

NOKPROBE_SYMBOL(kprobe_perf_func);

static void kretprobe_perf_func(struct trace_kprobe *tk,
				struct kretprobe_instance *ri,
				struct pt_regs *regs)
{
	struct trace_event_call *call = trace_probe_event_call(&tk->tp);

	if (bpf_prog_array_valid(call) && !trace_call_bpf(call, regs))
		return;
	kprobe_perf_record(tk, regs, ri);
}

NOKPROBE_SYMBOL(kretprobe_perf_func);

/**
 * bpf_get_kprobe_info - describe the kprobe behind a perf event
 * @event: the perf event
 * @fd_type: receives BPF_FD_TYPE_KPROBE or BPF_FD_TYPE_KRETPROBE
 * @symbol: receives the probed symbol (NULL for an address probe)
 * @probe_offset: receives the offset from the symbol
 * @probe_addr: receives the address if the caller may see it, else 0
 * @missed: receives the missed count (may be NULL)
 * @perf_type_tracepoint: @event is a tracefs event, not a kprobe PMU one
 *
 * Return: 0, or -EINVAL if @event is not a kprobe event.
 */
int bpf_get_kprobe_info(const struct perf_event *event, u32 *fd_type,
			const char **symbol, u64 *probe_offset,
			u64 *probe_addr, unsigned long *missed,
			bool perf_type_tracepoint)
{
	const char *pevent = trace_event_name(event->tp_event);
	const char *group = event->tp_event->class->system;
	struct trace_kprobe *tk;

	if (perf_type_tracepoint)
		tk = find_trace_kprobe(pevent, group);
	else
		tk = trace_kprobe_primary_from_call(event->tp_event);
	if (!tk)
		return -EINVAL;
	*fd_type = trace_kprobe_is_return(tk) ? BPF_FD_TYPE_KRETPROBE :
						BPF_FD_TYPE_KPROBE;
	*probe_offset = tk->rp.kp.offset;
	*probe_addr = kallsyms_show_value(current_cred()) ?
		      (unsigned long)tk->rp.kp.addr : 0;
	*symbol = tk->rp.kp.symbol_name;
	if (missed)
		*missed = trace_kprobe_missed(tk);
	return 0;
}
#endif /* CONFIG_PERF_EVENTS */

static int kprobe_dispatcher(struct kprobe *kp, struct pt_regs *regs)
{
	struct trace_kprobe *tk = container_of(kp, struct trace_kprobe, rp.kp);
	unsigned int flags = trace_probe_load_flag(&tk->tp);
	int ret = 0;

	raw_cpu_inc(*tk->nhit);
	if (flags & TP_FLAG_TRACE)
		kprobe_trace_func(tk, regs);
#ifdef CONFIG_PERF_EVENTS
	if (flags & TP_FLAG_PROFILE)
		ret = kprobe_perf_func(tk, regs);
#endif
	return ret;
}

NOKPROBE_SYMBOL(kprobe_dispatcher);

static int kretprobe_dispatcher(struct kretprobe_instance *ri,
				struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	struct trace_kprobe *tk;
	unsigned int flags;

	/* the kretprobe may be unregistered on another CPU meanwhile */
	if (unlikely(!rp))
		return 0;
	tk = container_of(rp, struct trace_kprobe, rp);
	raw_cpu_inc(*tk->nhit);
	flags = trace_probe_load_flag(&tk->tp);
	if (flags & TP_FLAG_TRACE)
		kretprobe_trace_func(tk, ri, regs);
#ifdef CONFIG_PERF_EVENTS
	if (flags & TP_FLAG_PROFILE)
		kretprobe_perf_func(tk, ri, regs);
#endif
	return 0;
}

NOKPROBE_SYMBOL(kretprobe_dispatcher);

static void init_trace_event_call(struct trace_probe *tp)
{
	struct trace_event_call *call = trace_probe_event_call(tp);

	call->event.funcs = &trace_probe_kernel_funcs;
	call->flags = TRACE_EVENT_FL_KPROBE;
}

#ifdef CONFIG_PERF_EVENTS
/**
 * create_local_trace_kprobe - a kprobe event for perf's kprobe PMU
 * @func: probed symbol, or NULL to probe @addr
 * @addr: probed address when @func is NULL
 * @offs: offset from @func
 * @is_return: a return probe
 *
 * The event has no arguments and is not in the dynamic event list, so its
 * name ("func" or "DUMMY_EVENT") may repeat.
 *
 * Return: the event, or an ERR_PTR().
 */
struct trace_event_call *
create_local_trace_kprobe(char *func, void *addr, unsigned long offs,
			  bool is_return)
{
	struct trace_kprobe_head kh = {
		.is_return = is_return, .symbol = func, .offset = offs,
		.addr = (unsigned long)addr,
		.common.ptype = is_return ? PROBE_PRINT_RETURN :
					    PROBE_PRINT_NORMAL,
	};
	struct trace_kprobe *tk;
	unsigned long sym_addr;
	int ret;

	if (func) {
		ret = trace_kprobe_validate_symbol(&trace_kprobe_lookups, func,
						   &sym_addr);
		if (ret)
			return ERR_PTR(ret);
	}
	strscpy(kh.common.group, KPROBE_EVENT_SYSTEM, sizeof(kh.common.group));
	strscpy(kh.common.event, func ?: "DUMMY_EVENT", sizeof(kh.common.event));
	tk = alloc_trace_kprobe(&kh, 0);
	if (IS_ERR(tk))
		return ERR_CAST(tk);
	/* never listed, but trace_probe_reg() finds the front end by it */
	dyn_event_init(&tk->tp.devent, &trace_kprobe_ops.dyn_ops);
	init_trace_event_call(&tk->tp);
	ret = traceprobe_set_print_fmt(&tk->tp);
	if (!ret)
		ret = __register_trace_kprobe(tk);
	if (ret < 0) {
		free_trace_kprobe(tk);
		return ERR_PTR(ret);
	}
	return trace_probe_event_call(&tk->tp);
}

/**
 * destroy_local_trace_kprobe - release a create_local_trace_kprobe() event
 * @event_call: the event; perf must have disabled it
 */
void destroy_local_trace_kprobe(struct trace_event_call *event_call)
{
	struct trace_kprobe *tk = trace_kprobe_primary_from_call(event_call);

	if (unlikely(!tk))
		return;
	if (WARN_ON(trace_probe_is_enabled(&tk->tp)))
		return;
	__unregister_trace_kprobe(tk);
	free_trace_kprobe(tk);
}
#endif /* CONFIG_PERF_EVENTS */

static int trace_kprobe_create(const char *raw_command)
{
	return trace_probe_create(raw_command, &trace_kprobe_ops);
}

static struct trace_probe_ops trace_kprobe_ops = {
	.dyn_ops = {
		.create		= trace_kprobe_create,
		.show		= trace_kprobe_show,
		.is_busy	= trace_probe_is_busy,
		.free		= trace_probe_release,
		.match		= trace_kprobe_match,
	},
	.cmd		= &trace_kprobe_cmd_ops,
	.env		= &trace_kprobe_lookups,
	.alloc		= trace_kprobe_alloc,
	.free		= trace_kprobe_free,
	.prepare	= trace_kprobe_prepare,
	.init_call	= init_trace_event_call,
	.same_place	= trace_kprobe_same_place_as,
	.attach		= trace_kprobe_attach,
	.detach		= trace_kprobe_detach,
	.detach_nosync	= trace_kprobe_detach_nosync,
	.detach_finish	= trace_kprobe_detach_finish,
	.arm		= trace_kprobe_arm_all,
	.disarm		= trace_kprobe_disarm_all,
	.arm_batch	= trace_kprobe_arm_batch,
	.disarm_batch	= trace_kprobe_disarm_batch,
};

/* --- Boot ------------------------------------------------------------------------- */

/* "kprobe_event=" events are enabled in the top instance right away */
static __init void enable_boot_kprobe_events(void)
{
	struct trace_array *tr = top_trace_array();
	struct trace_event_file *file;
	struct dyn_event *pos;
	struct trace_kprobe *tk;

	guard(mutex)(&event_mutex);
	for_each_dyn_event(pos) {
		if (!is_trace_kprobe(pos))
			continue;
		tk = to_trace_kprobe(pos);
		list_for_each_entry(file, &tr->events, list)
			if (file->event_call == trace_probe_event_call(&tk->tp))
				trace_event_enable_disable(file, 1, 0);
	}
}

/* "kprobe_event=DEF;DEF": ',' stands for ' ' on the command line */
static __init void setup_boot_kprobe_events(void)
{
	char *p, *cmd = kprobe_boot_events_buf;
	int ret;

	strreplace(kprobe_boot_events_buf, ',', ' ');
	while (cmd && *cmd) {
		p = strchr(cmd, ';');
		if (p)
			*p++ = '\0';
		ret = create_or_delete_trace_kprobe(cmd);
		if (ret)
			pr_warn("Failed to add event(%d): %s\n", ret, cmd);
		cmd = p;
	}
	enable_boot_kprobe_events();
}

/* Commands work before tracefs exists (bootconfig, in-kernel users) */
static __init int init_kprobe_trace_early(void)
{
	int ret;

	/* the record headers that probe_headers[] describes */
	BUILD_BUG_ON(sizeof(struct kprobe_trace_entry_head) !=
		     sizeof(struct trace_entry) + sizeof(long));
	BUILD_BUG_ON(sizeof(struct kretprobe_trace_entry_head) !=
		     sizeof(struct trace_entry) + 2 * sizeof(long));

	ret = dyn_event_register(&trace_kprobe_ops.dyn_ops);
	if (ret)
		return ret;
	if (trace_kprobe_register_module_notifier())
		return -EINVAL;
	return 0;
}
core_initcall(init_kprobe_trace_early);

static __init int init_kprobe_trace(void)
{
	if (tracing_init_dentry())
		return 0;
	trace_create_file("kprobe_events", TRACE_MODE_WRITE, NULL,
			  (void *)&probes_seq_op, &kprobe_events_ops);
	trace_create_file("kprobe_profile", TRACE_MODE_READ, NULL,
			  (void *)&profile_seq_op, &kprobe_profile_ops);
	setup_boot_kprobe_events();
	return 0;
}
fs_initcall(init_kprobe_trace);

#ifdef CONFIG_FTRACE_STARTUP_TEST
static __init struct trace_event_file *
find_trace_probe_file(struct trace_kprobe *tk, struct trace_array *tr)
{
	struct trace_event_file *file;

	list_for_each_entry(file, &tr->events, list)
		if (file->event_call == trace_probe_event_call(&tk->tp))
			return file;
	return NULL;
}

/* Create @cmd and enable it in the top instance; returns failures */
static __init int selftest_add_probe(const char *cmd, const char *event)
{
	struct trace_event_file *file;
	struct trace_kprobe *tk;

	if (WARN_ONCE(create_or_delete_trace_kprobe(cmd),
		      "error on creating probe %s", event))
		return 1;
	tk = find_trace_kprobe(event, KPROBE_EVENT_SYSTEM);
	if (WARN_ONCE(!tk, "error on finding probe %s", event))
		return 1;
	file = find_trace_probe_file(tk, top_trace_array());
	if (WARN_ONCE(!file, "error on getting probe file of %s", event))
		return 1;
	trace_probe_enable(&tk->tp, file);
	return 0;
}

/* Check that @event was hit once, disable and delete it */
static __init int selftest_check_probe(const char *event)
{
	struct trace_event_file *file;
	struct trace_kprobe *tk;
	char cmd[MAX_EVENT_NAME_LEN + 2];
	int warn = 0;

	tk = find_trace_kprobe(event, KPROBE_EVENT_SYSTEM);
	if (WARN_ONCE(!tk, "error on getting probe %s", event))
		return 1;
	if (WARN_ONCE(trace_kprobe_nhit(tk) != 1,
		      "incorrect number of %s hits", event))
		warn++;
	file = find_trace_probe_file(tk, top_trace_array());
	if (WARN_ONCE(!file, "error on getting probe file of %s", event))
		warn++;
	else
		trace_probe_disable(&tk->tp, file);
	snprintf(cmd, sizeof(cmd), "-:%s", event);
	if (WARN_ONCE(create_or_delete_trace_kprobe(cmd),
		      "error on deleting probe %s", event))
		warn++;
	return warn;
}

static const char selftest_entry_cmd[] __initconst =
	"p:testprobe kprobe_trace_selftest_target $stack $stack0 +0($stack)";
static const char selftest_return_cmd[] __initconst =
	"r:testprobe2 kprobe_trace_selftest_target $retval";

/* Probe a known function at entry and return, call it, count the hits */
static __init int kprobe_trace_self_tests_init(void)
{
	int warn;

	if (tracing_is_disabled())
		return -ENODEV;
	if (tracing_selftest_disabled)
		return 0;

	warn = selftest_add_probe(selftest_entry_cmd, "testprobe");
	warn += selftest_add_probe(selftest_return_cmd, "testprobe2");
	if (!warn) {
		if (kprobe_trace_selftest_target(1, 2, 3, 4, 5, 6) != 21)
			warn++;
		warn += selftest_check_probe("testprobe");
		warn += selftest_check_probe("testprobe2");
	}
	wait_for_kprobe_optimizer();
	pr_info("Testing kprobe tracing: %s\n",
		warn ? "NG: Some tests are failed. Please check them." : "OK");
	return 0;
}

late_initcall(kprobe_trace_self_tests_init);
#endif /* CONFIG_FTRACE_STARTUP_TEST */
