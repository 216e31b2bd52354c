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

#include <linux/fprobe.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/rculist.h>
#include <linux/security.h>
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
 * struct trace_fprobe - an fprobe or tracepoint probe event probe
 * @fp: the fprobe
 * @symbol: the probed function, or the tracepoint's name
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
	const char		*symbol;
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

static const struct trace_fprobe_env trace_fprobe_lookups = {
	.find_tracepoint	= trace_fprobe_find_tracepoint,
	.put_module		= trace_fprobe_put_module,
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

static void free_trace_fprobe(struct trace_fprobe *tf)
{
	if (!tf)
		return;
	trace_probe_cleanup(&tf->tp);
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
	if (fh->is_return)
		tf->fp.exit_handler = fexit_dispatcher;
	else
		tf->fp.entry_handler = fentry_dispatcher;
	if (fh->is_tracepoint)
		tf->tpoint = fh->tpoint ?: TRACEPOINT_STUB;
	tf->mod = fh->mod;
	tf->fp.nr_maxactive = fh->maxactive;
	if (tf->symbol)
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

/* Register the fprobe itself, resolving "@SYM" arguments first */
static int __register_trace_fprobe(struct trace_fprobe *tf)
{
	unsigned int i;
	int ret;

	ret = security_locked_down(LOCKDOWN_KPROBES);
	if (ret)
		return ret;
	if (fprobe_is_registered(&tf->fp))
		return -EINVAL;
	for (i = 0; i < tf->tp.nr_args; i++) {
		ret = traceprobe_update_arg(&tf->tp.args[i]);
		if (ret)
			return ret;
	}
	if (trace_probe_is_enabled(&tf->tp))
		tf->fp.flags &= ~FPROBE_FL_DISABLED;
	else
		tf->fp.flags |= FPROBE_FL_DISABLED;
	if (trace_fprobe_is_tracepoint(tf)) {
		/* registered when its module comes */
		if (tf->tpoint == TRACEPOINT_STUB)
			return 0;
		return register_tracepoint_fprobe(tf);
	}
	return register_fprobe(&tf->fp, tf->symbol, NULL);
}

static int trace_fprobe_attach(struct trace_probe *tp)
{
	return __register_trace_fprobe(tp_to_trace_fprobe(tp));
}

static void __unregister_trace_fprobe(struct trace_fprobe *tf)
{
	if (!fprobe_is_registered(&tf->fp))
		return;
	unregister_fprobe(&tf->fp);
	memset(&tf->fp, 0, sizeof(tf->fp));
	if (trace_fprobe_is_tracepoint(tf)) {
		tracepoint_probe_unregister(tf->tpoint, tf->tpoint->probestub,
					    NULL);
		tf->tpoint = NULL;
		tf->mod = NULL;
	}
}

static void trace_fprobe_detach(struct trace_probe *tp)
{
	__unregister_trace_fprobe(tp_to_trace_fprobe(tp));
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
		   trace_fprobe_is_return(tf) ? "%return" : "");
	trace_probe_show_args(m, &tf->tp);
	seq_putc(m, '\n');
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
	/* 6.12 compares the word with the symbol cut at MAX_ARGSTR_LEN */
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

static void fexit_dispatcher(struct fprobe *fp, unsigned long entry_ip,
			     unsigned long ret_ip, struct pt_regs *regs,
			     void *entry_data)
{
	struct trace_fprobe *tf = container_of(fp, struct trace_fprobe, fp);
	unsigned int flags = trace_probe_load_flag(&tf->tp);

	fprobe_record(tf, flags, regs, entry_data, entry_ip, ret_ip, true);
}

NOKPROBE_SYMBOL(fexit_dispatcher);

/* --- Enabling ------------------------------------------------------------------- */

static void trace_fprobe_enable_all(struct trace_probe *tp)
{
	struct trace_fprobe *tf;

	list_for_each_entry(tf, trace_probe_probe_list(tp), tp.list)
		if (fprobe_is_registered(&tf->fp))
			enable_fprobe(&tf->fp);
}

static void trace_fprobe_disable_all(struct trace_probe *tp)
{
	struct trace_fprobe *tf;

	list_for_each_entry(tf, trace_probe_probe_list(tp), tp.list)
		if (fprobe_is_registered(&tf->fp))
			disable_fprobe(&tf->fp);
}

/* Enable for trace instance @file, or for perf when @file is NULL */
static int enable_trace_fprobe(struct trace_event_call *call,
			       struct trace_event_file *file)
{
	struct trace_probe *tp = trace_probe_primary_from_call(call);
	bool enabled;
	int ret;

	if (WARN_ON_ONCE(!tp))
		return -ENODEV;
	enabled = trace_probe_is_enabled(tp);
	if (file) {
		ret = trace_probe_add_file(tp, file);
		if (ret)
			return ret;
	} else {
		trace_probe_set_flag(tp, TP_FLAG_PROFILE);
	}
	if (!enabled)
		trace_fprobe_enable_all(tp);
	return 0;
}

/* Disable for trace instance @file, or for perf when @file is NULL */
static int disable_trace_fprobe(struct trace_event_call *call,
				struct trace_event_file *file)
{
	struct trace_probe *tp = trace_probe_primary_from_call(call);

	if (WARN_ON_ONCE(!tp))
		return -ENODEV;
	if (file) {
		if (!trace_probe_get_file_link(tp, file))
			return -ENOENT;
		if (trace_probe_has_single_file(tp))
			trace_probe_clear_flag(tp, TP_FLAG_TRACE);
	} else {
		trace_probe_clear_flag(tp, TP_FLAG_PROFILE);
	}
	if (!trace_probe_is_enabled(tp))
		trace_fprobe_disable_all(tp);
	/*
	 * trace_probe_remove_file() waits for hits still using the link;
	 * perf synchronizes itself in perf_trace_event_unreg().
	 */
	if (file)
		trace_probe_remove_file(tp, file);
	return 0;
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
	call->class->reg = fprobe_register;
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
	if (!WARN_ON_ONCE(register_tracepoint_fprobe(tf)) &&
	    trace_probe_is_enabled(&tf->tp))
		trace_fprobe_enable_all(&tf->tp);
}

/*
 * A probe on a tracepoint of @mod, which is going away.  Its fprobe is
 * unregistered and then made to look unregistered, keeping the handlers
 * that register it again when the module comes back: 6.12 leaves it
 * looking registered and unregisters it a second time when the probe is
 * deleted, which warns and crashes (add_remove_tprobe_module.tc).
 */
static void trace_fprobe_module_going(struct trace_fprobe *tf)
{
	unregister_fprobe(&tf->fp);
	memset(&tf->fp.ops, 0, sizeof(tf->fp.ops));
	tf->fp.rethook = NULL;
	if (trace_fprobe_is_tracepoint(tf)) {
		tracepoint_probe_unregister(tf->tpoint, tf->tpoint->probestub,
					    NULL);
		tf->tpoint = TRACEPOINT_STUB;
		tf->mod = NULL;
	}
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
	.detach		= trace_fprobe_detach,
};

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
	return trace_fprobe_register_module_notifier();
}
core_initcall(init_fprobe_trace_early);
