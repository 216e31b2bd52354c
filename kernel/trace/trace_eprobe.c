// SPDX-License-Identifier: GPL-2.0
/*
 * Event probes: trace events that record fields of another trace event.
 *
 * "e[:[GRP/]EVENT] SYSTEM.EVENT [ARGS] [if FILTER]" written to
 * dynamic_events goes through the shared creation pipeline
 * (trace_probe_create_cmd()) with the head parser of trace_eprobe_parse.c.
 * This file owns what only eprobes have: they take a reference to the
 * event they attach to, and they hook onto it with a trigger of their own
 * in each trace instance they are enabled in (the trigger runs on each
 * record of the attached event that passes the filter, and writes the
 * eprobe's record into that instance).
 */
#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/mutex.h>

#include "trace_eprobe_parse.h"
#include "trace_probe.h"
#include "trace_probe_kernel.h"
#include "trace_probe_tmpl.h"
#include "trace_probe_record.h"

/**
 * struct trace_eprobe - an event probe
 * @event_system: the attached event's system
 * @event_name: the attached event's name
 * @filter_str: the filter on the attached event, or NULL
 * @event: the attached event (a reference)
 * @tp: the probe; must be last (its arguments follow)
 *
 * Lifetime: created by a command, freed when deleted.
 */
struct trace_eprobe {
	const char		*event_system;
	const char		*event_name;
	char			*filter_str;
	struct trace_event_call	*event;
	struct trace_probe	tp;
};

/**
 * struct eprobe_data - what the trigger of an enabled eprobe writes to
 * @file: the eprobe's event file of the instance it is enabled in
 * @ep: the eprobe
 */
struct eprobe_data {
	struct trace_event_file	*file;
	struct trace_eprobe	*ep;
};

static struct trace_probe_ops trace_eprobe_ops;

static struct trace_eprobe *tp_to_trace_eprobe(struct trace_probe *tp)
{
	return container_of(tp, struct trace_eprobe, tp);
}

static struct trace_eprobe *to_trace_eprobe(struct dyn_event *ev)
{
	return tp_to_trace_eprobe(to_trace_probe(ev));
}

/* --- The trace events, for the head parser -------------------------------- */

/* An event an eprobe may attach to: not another dynamic probe event */
static struct trace_event_call *find_and_get_event(const char *system,
						   const char *event_name)
{
	struct trace_event_call *call;
	const char *name;

	list_for_each_entry(call, &ftrace_events, list) {
		if (call->flags & (TRACE_EVENT_FL_IGNORE_ENABLE |
				   TRACE_EVENT_FL_KPROBE |
				   TRACE_EVENT_FL_UPROBE |
				   TRACE_EVENT_FL_EPROBE))
			continue;
		if (!call->class->system || strcmp(system, call->class->system))
			continue;
		name = trace_event_name(call);
		if (!name || strcmp(event_name, name))
			continue;
		return trace_event_try_get_ref(call) ? call : NULL;
	}
	return NULL;
}

static void *trace_eprobe_get_event(void *data, const char *system,
				    const char *event)
{
	guard(mutex)(&event_mutex);
	return find_and_get_event(system, event);
}

static void trace_eprobe_put_event(void *data, void *event)
{
	trace_event_put_ref(event);
}

static const void *trace_eprobe_find_field(void *event, const char *name)
{
	struct ftrace_event_field *field;

	list_for_each_entry(field, trace_get_fields(event), link)
		if (!strcmp(field->name, name))
			return field;
	return NULL;
}

/* Parse the filter once, logging its errors, to refuse a bad one early */
static int trace_eprobe_check_filter(void *data, void *event, char *filter)
{
	struct event_filter *dummy = NULL;
	int ret;

	ret = create_event_filter(top_trace_array(), event, filter, true,
				  &dummy);
	free_event_filter(dummy);
	return ret ? -EINVAL : 0;
}

static int trace_eprobe_update_arg(void *data, struct probe_arg *parg)
{
	return traceprobe_update_arg(parg);
}

static const struct trace_eprobe_env trace_eprobe_lookups = {
	.get_event	= trace_eprobe_get_event,
	.put_event	= trace_eprobe_put_event,
	.find_field	= trace_eprobe_find_field,
	.check_filter	= trace_eprobe_check_filter,
	.update_arg	= trace_eprobe_update_arg,
#ifdef CONFIG_PROBE_EVENTS_BTF_ARGS
	.btf		= &traceprobe_btf_ops,
#endif
};

/* --- Probes ----------------------------------------------------------------- */

static void free_trace_eprobe(struct trace_eprobe *ep)
{
	if (!ep)
		return;
	trace_probe_cleanup(&ep->tp);
	kfree(ep->event_name);
	kfree(ep->event_system);
	if (ep->event)
		trace_event_put_ref(ep->event);
	kfree(ep->filter_str);
	kfree(ep);
}

/* &trace_probe_ops.alloc: the probe takes the attached event and filter */
static struct trace_probe *trace_eprobe_alloc(struct probe_head *head,
					      int nargs)
{
	struct trace_eprobe_head *eh = to_trace_eprobe_head(head);
	struct trace_eprobe *ep;
	int ret = -ENOMEM;

	ep = kzalloc(struct_size(ep, tp.args, nargs), GFP_KERNEL);
	if (!ep)
		return ERR_PTR(-ENOMEM);
	ep->event = eh->event;
	eh->event = NULL;
	ep->filter_str = eh->filter;
	eh->filter = NULL;
	ep->event_system = kstrdup(eh->system, GFP_KERNEL);
	ep->event_name = kstrdup(eh->event_name, GFP_KERNEL);
	if (ep->event_system && ep->event_name)
		ret = trace_probe_init(&ep->tp, head->event, head->group,
				       head->ptype, nargs, 0);
	if (ret) {
		free_trace_eprobe(ep);
		return ERR_PTR(ret);
	}
	return &ep->tp;
}

static void trace_eprobe_free(struct trace_probe *tp)
{
	free_trace_eprobe(tp_to_trace_eprobe(tp));
}

/* --- Listing and deleting ------------------------------------------------ */

static int trace_eprobe_show(struct seq_file *m, struct dyn_event *ev)
{
	struct trace_eprobe *ep = to_trace_eprobe(ev);

	seq_printf(m, "e:%s/%s %s.%s", trace_probe_group_name(&ep->tp),
		   trace_probe_name(&ep->tp), ep->event_system, ep->event_name);
	trace_probe_show_args(m, &ep->tp);
	return 0;
}

/* "SYSTEM.EVENT" or "SYSTEM/EVENT": the event @ep is attached to? */
static bool trace_eprobe_match_attached(struct trace_eprobe *ep,
					const char *word)
{
	const char *sep = strchr(word, '/') ?: strchr(word, '.');
	size_t len;

	if (!sep)
		return false;
	len = sep - word;
	return !strncmp(ep->event_system, word, len) &&
	       !ep->event_system[len] && !strcmp(ep->event_name, sep + 1);
}

/*
 * "-:[GRP/]EVENT [SYSTEM.EVENT [ARGS]]": the event's name, then
 * optionally the attached event, then the arguments, which must all match.
 */
static bool trace_eprobe_match(const char *system, const char *event,
			       int argc, const char **argv,
			       struct dyn_event *ev)
{
	struct trace_eprobe *ep = to_trace_eprobe(ev);

	if (!trace_probe_match_name(&ep->tp, system, event))
		return false;
	if (argc < 1)
		return true;
	if (!trace_eprobe_match_attached(ep, argv[0]))
		return false;
	return argc < 2 ||
	       trace_probe_match_command_args(&ep->tp, argc - 1, argv + 1);
}

/* --- Records ------------------------------------------------------------------ */

/* A field of the attached event's record @rec, as a value or an address */
static nokprobe_inline unsigned long
get_event_field(struct fetch_insn *code, void *rec)
{
	struct ftrace_event_field *field = code->data;
	void *addr = rec + field->offset;

	if (is_string_field(field)) {
		switch (field->filter_type) {
		case FILTER_DYN_STRING:
			return (unsigned long)(rec + (*(u32 *)addr & 0xffff));
		case FILTER_RDYN_STRING:
			return (unsigned long)(addr + (*(u32 *)addr & 0xffff));
		case FILTER_STATIC_STRING:
			return (unsigned long)addr;
		case FILTER_PTR_STRING:
			return *(unsigned long *)addr;
		default:
			WARN_ON_ONCE(1);
			return 0;
		}
	}
	switch (field->size) {
	case 1:
		return field->is_signed ? *(s8 *)addr : *(u8 *)addr;
	case 2:
		return field->is_signed ? *(s16 *)addr : *(u16 *)addr;
	case 4:
		return field->is_signed ? *(s32 *)addr : *(u32 *)addr;
	default:
		return *(unsigned long *)addr;
	}
}

/* The load stage of eprobes: @rec is the attached event's record */
static int process_fetch_insn(struct fetch_insn *code, void *rec, void *edata,
			      void *dest, void *base)
{
	unsigned long val;

	switch (code->op) {
	case FETCH_OP_TP_ARG:
		val = get_event_field(code, rec);
		break;
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

/* Record the eprobe for the attached event's record @rec */
static void eprobe_trace_func(struct eprobe_data *edata, void *rec)
{
	struct trace_probe_hit hit __uninitialized;

	trace_probe_hit_init(&hit, &edata->ep->tp, PROBE_PRINT_EVENT, rec, NULL,
			     NULL);
	trace_probe_record_file(&hit, edata->file);
}

/* --- The trigger on the attached event ---------------------------------------- */

/*
 * An eprobe hooks onto its attached event with a trigger that the user
 * does not see in the trigger file: these are the operations of the
 * trigger infrastructure it uses, most of them nothing.
 */
static int eprobe_trigger_init(struct event_trigger_data *data)
{
	return 0;
}

static void free_eprobe_trigger(struct event_trigger_data *trigger)
{
	if (!trigger)
		return;
	free_event_filter(rcu_access_pointer(trigger->filter));
	kfree(trigger->private_data);
	kfree(trigger);
}

/*
 * Called when trace core takes the trigger off the attached event itself:
 * clear_event_triggers(), as a trace instance with the eprobe enabled in
 * it goes away.  The disable that follows then finds no trigger to free,
 * so this frees it (6.12 leaks it there: kmemleak in make stress DEBUG=1).
 * Trace core does not wait for the records in flight, so this does.
 */
static void eprobe_trigger_free(struct event_trigger_data *data)
{
	tracepoint_synchronize_unregister();
	free_eprobe_trigger(data);
}

static int eprobe_trigger_print(struct seq_file *m,
				struct event_trigger_data *data)
{
	return 0;	/* not listed in the trigger file */
}

static void eprobe_trigger_func(struct event_trigger_data *data,
				struct trace_buffer *buffer, void *rec,
				struct ring_buffer_event *rbe)
{
	if (likely(rec))
		eprobe_trace_func(data->private_data, rec);
}

static int eprobe_trigger_cmd_parse(struct event_command *cmd_ops,
				    struct trace_event_file *file,
				    char *glob, char *cmd,
				    char *param_and_filter)
{
	return -1;	/* never set through the trigger file */
}

static int eprobe_trigger_reg_func(char *glob, struct event_trigger_data *data,
				   struct trace_event_file *file)
{
	return -1;
}

static void eprobe_trigger_unreg_func(char *glob,
				      struct event_trigger_data *data,
				      struct trace_event_file *file)
{
}

static struct event_command event_trigger_cmd = {
	.name		= "eprobe",
	.trigger_type	= ETT_EVENT_EPROBE,
	.flags		= EVENT_CMD_FL_NEEDS_REC,
	.parse		= eprobe_trigger_cmd_parse,
	.reg		= eprobe_trigger_reg_func,
	.unreg		= eprobe_trigger_unreg_func,
	.trigger	= eprobe_trigger_func,
	.print		= eprobe_trigger_print,
	.init		= eprobe_trigger_init,
	.free		= eprobe_trigger_free,
};

/* A trigger that records @ep into @file, with the eprobe's filter */
static struct event_trigger_data *new_eprobe_trigger(struct trace_eprobe *ep,
						     struct trace_event_file *file)
{
	struct event_trigger_data *trigger;
	struct event_filter *filter = NULL;
	struct eprobe_data *edata;
	int ret;

	trigger = kzalloc(sizeof(*trigger), GFP_KERNEL);
	edata = kzalloc(sizeof(*edata), GFP_KERNEL);
	if (!trigger || !edata) {
		kfree(trigger);
		kfree(edata);
		return ERR_PTR(-ENOMEM);
	}
	trigger->flags = EVENT_TRIGGER_FL_PROBE;
	trigger->count = -1;
	trigger->cmd_ops = &event_trigger_cmd;
	INIT_LIST_HEAD(&trigger->list);
	edata->file = file;
	edata->ep = ep;
	trigger->private_data = edata;
	if (ep->filter_str) {
		ret = create_event_filter(file->tr, ep->event, ep->filter_str,
					  false, &filter);
		if (ret) {
			free_event_filter(filter);
			free_eprobe_trigger(trigger);
			return ERR_PTR(ret);
		}
	}
	RCU_INIT_POINTER(trigger->filter, filter);
	return trigger;
}

/* The attached event's file in @file's instance */
static struct trace_event_file *eprobe_target(struct trace_eprobe *ep,
					      struct trace_event_file *file)
{
	return find_event_file(file->tr, ep->event_system, ep->event_name);
}

/* Take @trigger off @target, and free it once no record runs it */
static void unhook_eprobe_trigger(struct trace_event_file *target,
				  struct event_trigger_data *trigger)
{
	list_del_rcu(&trigger->list);
	trace_event_trigger_enable_disable(target, 0);
	update_cond_flag(target);
	eprobe_trigger_free(trigger);
}

/*
 * &trace_probe_ops.arm_file: record into @file, hooked onto the attached
 * event of that instance.  6.12 hooks an eprobe only onto the first
 * instance it is enabled in, and keeps writing there; here each instance
 * gets its own trigger, so the records go where the eprobe is enabled.
 */
static int eprobe_arm_file(struct trace_probe *tp,
			   struct trace_event_file *file)
{
	struct trace_eprobe *ep = tp_to_trace_eprobe(tp);
	struct trace_event_file *target = eprobe_target(ep, file);
	struct event_trigger_data *trigger;
	int ret;

	if (!target)
		return -ENOENT;
	trigger = new_eprobe_trigger(ep, file);
	if (IS_ERR(trigger))
		return PTR_ERR(trigger);
	list_add_tail_rcu(&trigger->list, &target->triggers);
	ret = trace_event_trigger_enable_disable(target, 1);
	if (ret) {
		/*
		 * The attached event could not be enabled (6.12 reports
		 * success then, and records nothing).  Its trigger-mode and
		 * soft-mode counts went up all the same: unhook brings them
		 * down.
		 */
		unhook_eprobe_trigger(target, trigger);
		return ret;
	}
	update_cond_flag(target);
	return 0;
}

/* The trigger of @ep that records into @file */
static struct event_trigger_data *
find_eprobe_trigger(struct trace_eprobe *ep, struct trace_event_file *target,
		    struct trace_event_file *file)
{
	struct event_trigger_data *trigger;
	struct eprobe_data *edata;

	list_for_each_entry(trigger, &target->triggers, list) {
		if (!(trigger->flags & EVENT_TRIGGER_FL_PROBE))
			continue;
		edata = trigger->private_data;
		if (edata->ep == ep && edata->file == file)
			return trigger;
	}
	return NULL;
}

/* &trace_probe_ops.disarm_file */
static void eprobe_disarm_file(struct trace_probe *tp,
			       struct trace_event_file *file)
{
	struct trace_eprobe *ep = tp_to_trace_eprobe(tp);
	struct trace_event_file *target = eprobe_target(ep, file);
	struct event_trigger_data *trigger;

	trigger = target ? find_eprobe_trigger(ep, target, file) : NULL;
	if (trigger)
		unhook_eprobe_trigger(target, trigger);
}

/* --- Output -------------------------------------------------------------------- */

/* "EVENT: (SYSTEM.ATTACHED) args" */
static enum print_line_t print_eprobe_event(struct trace_iterator *iter,
					    int flags,
					    struct trace_event *event)
{
	struct eprobe_trace_entry_head *field = (void *)iter->ent;
	struct trace_seq *s = &iter->seq;
	struct trace_event *probed_event;
	struct trace_event_call *pevent;
	struct trace_eprobe *ep;
	struct trace_probe *tp;
	unsigned int type;

	tp = trace_probe_primary_from_call(container_of(event,
							struct trace_event_call,
							event));
	if (WARN_ON_ONCE(!tp))
		goto out;
	ep = tp_to_trace_eprobe(tp);
	type = ep->event->event.type;
	trace_seq_printf(s, "%s: (", trace_probe_name(tp));
	probed_event = ftrace_find_event(type);
	if (probed_event) {
		pevent = container_of(probed_event, struct trace_event_call,
				      event);
		trace_seq_printf(s, "%s.%s", pevent->class->system,
				 trace_event_name(pevent));
	} else {
		trace_seq_printf(s, "%u", type);
	}
	trace_seq_putc(s, ')');
	if (trace_probe_print_args(s, tp->args, tp->nr_args, (u8 *)&field[1],
				   field) < 0)
		goto out;
	trace_seq_putc(s, '\n');
out:
	return trace_handle_return(s);
}

static struct trace_event_functions eprobe_funcs = {
	.trace		= print_eprobe_event,
};

/* &trace_probe_ops.init_call */
static void init_trace_eprobe_call(struct trace_probe *tp)
{
	struct trace_event_call *call = trace_probe_event_call(tp);

	call->flags = TRACE_EVENT_FL_EPROBE;
	call->event.funcs = &eprobe_funcs;
}

/* --- Setup ------------------------------------------------------------------- */

static int trace_eprobe_create(const char *raw_command)
{
	return trace_probe_create(raw_command, &trace_eprobe_ops);
}

/* Eprobes have one probe per event: no same_place, so no appending */
static struct trace_probe_ops trace_eprobe_ops = {
	.dyn_ops = {
		.create		= trace_eprobe_create,
		.show		= trace_eprobe_show,
		.is_busy	= trace_probe_is_busy,
		.free		= trace_probe_release,
		.match		= trace_eprobe_match,
	},
	.cmd		= &trace_eprobe_cmd_ops,
	.env		= &trace_eprobe_lookups,
	.alloc		= trace_eprobe_alloc,
	.free		= trace_eprobe_free,
	.init_call	= init_trace_eprobe_call,
	.arm_file	= eprobe_arm_file,
	.disarm_file	= eprobe_disarm_file,
};

/* Commands work before tracefs exists (bootconfig, in-kernel users) */
static __init int trace_events_eprobe_init_early(void)
{
	int ret;

	/* the record header that probe_headers[] describes */
	BUILD_BUG_ON(sizeof(struct eprobe_trace_entry_head) !=
		     sizeof(struct trace_entry));
	ret = dyn_event_register(&trace_eprobe_ops.dyn_ops);
	if (ret)
		pr_warn("Could not register eprobe_dyn_event_ops\n");
	return ret;
}
core_initcall(trace_events_eprobe_init_early);
