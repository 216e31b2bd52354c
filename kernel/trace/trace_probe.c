// SPDX-License-Identifier: GPL-2.0
/*
 * Probe events: the kernel glue around the pure parser library.
 *
 * trace_probe_parse.c turns text into fetch programs without knowing about
 * tracing.  This file gives those programs a home: the trace_probe and its
 * event (lifetime, registration, fields, print fmt), the trace output, the
 * error_log adaptor, symbol resolution at registration time and the entry
 * data of return probes.
 */
#include <linux/bpf.h>
#include <linux/kallsyms.h>
#include "trace_probe.h"

/* error_log texts, indexed by TP_ERR_* */
#undef C
#define C(a, b)		b
static const char *trace_probe_err_text[] = { ERRORS };
#undef C

/**
 * trace_probe_log_parse_err - report a parse error in tracing/error_log
 * @subsystem: the error_log prefix, e.g. "trace_kprobe"
 * @argc: number of words of the command
 * @argv: the words; error_log shows them joined by single spaces
 * @err: the error; nothing is logged for %PROBE_ERR_NONE
 */
void trace_probe_log_parse_err(const char *subsystem, int argc,
			       const char *argv[],
			       const struct probe_parse_err *err)
{
	char *command, *p;
	int i, len = 0;

	if (err->code < 0 || err->code >= TP_ERR_MAX || argc <= 0)
		return;
	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	command = kzalloc(len, GFP_KERNEL);
	if (!command)
		return;
	for (i = 0, p = command; i < argc; i++)
		p += sprintf(p, "%s%s", i ? " " : "", argv[i]);
	tracing_log_err_detail(NULL, subsystem, command, trace_probe_err_text,
			       err->code, probe_err_column(argc, argv, err),
			       err->detail ?: "");
	kfree(command);
}

/* --- Trace output -------------------------------------------------------- */

/* One raw value at @data, printed as the fetch type says */
static void print_raw_value(struct trace_seq *s, const struct fetch_type *t,
			    void *data)
{
	u64 val;

	switch (t->size) {
	case 1:
		val = t->is_signed ? (u64)(s64)*(s8 *)data : *(u8 *)data;
		break;
	case 2:
		val = t->is_signed ? (u64)(s64)*(s16 *)data : *(u16 *)data;
		break;
	case 4:
		val = t->is_signed ? (u64)(s64)*(s32 *)data : *(u32 *)data;
		break;
	default:
		val = *(u64 *)data;
		break;
	}
	switch (t->print) {
	case FETCH_PRINT_SIGNED:
		trace_seq_printf(s, "%lld", (s64)val);
		break;
	case FETCH_PRINT_HEX:
		trace_seq_printf(s, "0x%llx", val);
		break;
	case FETCH_PRINT_CHAR:
		trace_seq_printf(s, "'%c'", (char)val);
		break;
	case FETCH_PRINT_SYMBOL:
		trace_seq_printf(s, "%pS", (void *)(unsigned long)val);
		break;
	default:
		trace_seq_printf(s, "%llu", val);
		break;
	}
}

/* One element of an argument; strings are data_loc words into @ent */
static bool print_arg_value(struct trace_seq *s, const struct fetch_type *t,
			    void *data, void *ent)
{
	if (t->print != FETCH_PRINT_STRING)
		print_raw_value(s, t, data);
	else if (!get_loc_len(*(u32 *)data))
		trace_seq_puts(s, FAULT_STRING);
	else
		trace_seq_printf(s, "\"%s\"",
				 (const char *)get_loc_data(data, ent));
	return !trace_seq_has_overflowed(s);
}

/**
 * trace_probe_print_args - print the arguments of a record
 * @s: output
 * @args: the probe's arguments
 * @nr_args: their number
 * @data: the argument area of the record
 * @field: the start of the record (base of data_loc offsets)
 *
 * Return: 0, or -ENOMEM when @s overflowed.
 */
int trace_probe_print_args(struct trace_seq *s, struct probe_arg *args,
			   int nr_args, u8 *data, void *field)
{
	unsigned int j;
	int i;

	for (i = 0; i < nr_args; i++) {
		struct probe_arg *a = args + i;
		u8 *p = data + a->offset;

		trace_seq_printf(s, " %s=", a->name);
		if (likely(!a->count)) {
			if (!print_arg_value(s, a->type, p, field))
				return -ENOMEM;
			continue;
		}
		for (j = 0; j < a->count; j++, p += a->type->size) {
			trace_seq_putc(s, j ? ',' : '{');
			if (!print_arg_value(s, a->type, p, field))
				return -ENOMEM;
		}
		trace_seq_putc(s, '}');
	}
	return 0;
}

/*
 * The output of the events of probes at kernel places (kprobes, fprobes):
 * "EVENT: (ip_sym+off/size) args" at a place, and
 * "EVENT: (ret_ip_sym+off/size <- func_sym) args" at a function exit,
 * from the header words that probe_headers[] describes.
 */
static enum print_line_t print_probe_event(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	unsigned long *words = (unsigned long *)(iter->ent + 1);
	struct trace_seq *s = &iter->seq;
	struct trace_event_call *call;
	struct trace_probe *tp;
	unsigned int nr;

	call = container_of(event, struct trace_event_call, event);
	tp = trace_probe_primary_from_call(call);
	if (WARN_ON_ONCE(!tp))
		goto out;
	nr = probe_header_words(tp->ptype);
	trace_seq_printf(s, "%s: (", trace_probe_name(tp));
	if (nr && !seq_print_ip_sym(s, words[nr - 1],
				    flags | TRACE_ITER_SYM_OFFSET))
		goto out;
	if (nr > 1) {
		trace_seq_puts(s, " <- ");
		if (!seq_print_ip_sym(s, words[0], flags & ~TRACE_ITER_SYM_OFFSET))
			goto out;
	}
	trace_seq_putc(s, ')');
	if (trace_probe_print_args(s, tp->args, tp->nr_args,
				   (u8 *)(words + nr), iter->ent) < 0)
		goto out;
	trace_seq_putc(s, '\n');
out:
	return trace_handle_return(s);
}

struct trace_event_functions trace_probe_kernel_funcs = {
	.trace		= print_probe_event,
};

/* --- Registration-time fixups and entry data ----------------------------- */

/* Patch the IMM after a NOP_SYMBOL with the address of "SYM[+-OFFS]" */
static int resolve_symbol_insn(struct fetch_insn *code)
{
	char sym[KSYM_NAME_LEN];
	unsigned long addr;
	size_t len;
	long offset;
	int ret;

	if (code[1].op != FETCH_OP_IMM)
		return -EINVAL;
	ret = probe_split_symbol_offset(code->data, &len, &offset);
	if (ret)
		return ret;
	if (len >= sizeof(sym))
		return -ENOENT;
	memcpy(sym, code->data, len);
	sym[len] = '\0';
	addr = kallsyms_lookup_name(sym);
	if (!addr)
		return -ENOENT;
	code[1].immediate = addr + offset;
	return 0;
}

/**
 * traceprobe_update_arg - resolve the data symbols of an argument
 * @arg: the argument
 *
 * "@SYM" is resolved when the probe is (re)registered, so that a symbol
 * of a module loaded later gets its current address.
 *
 * Return: 0, -ENOENT if a symbol is unknown, or -EINVAL.
 */
int traceprobe_update_arg(struct probe_arg *arg)
{
	struct fetch_insn *code;
	int ret;

	for (code = arg->code; code && code->op != FETCH_OP_END; code++) {
		if (code->op != FETCH_NOP_SYMBOL)
			continue;
		ret = resolve_symbol_insn(code);
		if (ret)
			return ret;
	}
	return 0;
}

#ifdef CONFIG_HAVE_FUNCTION_ARG_ACCESS_API
/**
 * traceprobe_get_entry_data_size - entry data a return probe needs
 * @tp: the probe
 *
 * Return: bytes to reserve per kretprobe instance, 0 if none.
 */
int traceprobe_get_entry_data_size(struct trace_probe *tp)
{
	return probe_entry_data_size(tp->entry_arg);
}

/**
 * store_trace_entry_data - save the $argN of a return probe at entry
 * @edata: the kretprobe instance data
 * @tp: the probe
 * @regs: registers at function entry
 *
 * Runs the entry program: pairs of ARG n and ST_EDATA offset.
 */
void store_trace_entry_data(void *edata, struct trace_probe *tp,
			    struct pt_regs *regs)
{
	struct probe_entry_arg *earg = tp->entry_arg;
	unsigned long val = 0;
	unsigned int i;

	if (unlikely(!earg))
		return;
	for (i = 0; i < earg->size; i++) {
		struct fetch_insn *code = &earg->code[i];

		switch (code->op) {
		case FETCH_OP_ARG:
			val = regs_get_kernel_argument(regs, code->param);
			break;
		case FETCH_OP_ST_EDATA:
			*(unsigned long *)(edata + code->offset) = val;
			break;
		case FETCH_OP_END:
			return;
		default:
			WARN_ON_ONCE(1);
			return;
		}
	}
}

NOKPROBE_SYMBOL(store_trace_entry_data);

#endif

/* --- Event format ---------------------------------------------------------- */

/**
 * traceprobe_set_print_fmt - build and install the print fmt of the event
 * @tp: the probe that defines the event's fields (and its record type)
 *
 * Events without arguments share a constant one.
 *
 * Return: 0 or -ENOMEM.
 */
int traceprobe_set_print_fmt(struct trace_probe *tp)
{
	struct trace_event_call *call = trace_probe_event_call(tp);
	enum probe_print_type ptype = tp->ptype;
	int len;
	char *fmt;

	if (!tp->nr_args) {
		fmt = (char *)probe_print_fmt_noargs(ptype);
	} else {
		len = probe_print_fmt(NULL, 0, tp->args, tp->nr_args, ptype);
		fmt = kmalloc(len + 1, GFP_KERNEL);
		if (!fmt)
			return -ENOMEM;
		probe_print_fmt(fmt, len + 1, tp->args, tp->nr_args, ptype);
	}
	/* the shared constant is in .rodata: kfree_const() leaves it */
	kfree_const(call->print_fmt);
	call->print_fmt = fmt;
	return 0;
}

static void free_field_strings(struct trace_probe_event *tpe)
{
	int i;

	for (i = 0; i < tpe->nr_field_strings; i++)
		kfree(tpe->field_strings[i]);
	kfree(tpe->field_strings);
	tpe->field_strings = NULL;
	tpe->nr_field_strings = 0;
}

/**
 * traceprobe_define_arg_fields - define the argument fields of the event
 * @event_call: the event
 * @offset: where the arguments start in the record
 * @tp: the probe whose arguments are the fields
 *
 * trace_define_field() keeps the name and type pointers, and the fields
 * outlive @tp when a sibling probe of the event survives it, so the
 * strings are copied and owned by the event.  A failed earlier attempt's
 * copies are dropped first (the caller may retry).
 *
 * Return: 0 or -errno.
 */
int traceprobe_define_arg_fields(struct trace_event_call *event_call,
				 size_t offset, struct trace_probe *tp)
{
	struct trace_probe_event *tpe = trace_probe_event_from_call(event_call);
	enum probe_print_type ptype = PROBE_PRINT_EVENT;
	struct probe_field_desc desc;
	char *name, *type;
	unsigned int i;
	int ret;

	free_field_strings(tpe);
	if (!tp->nr_args)
		return 0;
	tpe->field_strings = kcalloc(tp->nr_args * 2, sizeof(char *),
				     GFP_KERNEL);
	if (!tpe->field_strings)
		return -ENOMEM;
	for (i = 0; i < tp->nr_args; i++) {
		probe_arg_field_desc(&tp->args[i], ptype, &desc);
		name = kstrdup(desc.name, GFP_KERNEL);
		type = kstrdup(desc.type, GFP_KERNEL);
		if (!name || !type) {
			kfree(name);
			kfree(type);
			return -ENOMEM;
		}
		tpe->field_strings[tpe->nr_field_strings++] = name;
		tpe->field_strings[tpe->nr_field_strings++] = type;
		ret = trace_define_field(event_call, type, name,
					 offset + tp->args[i].offset,
					 desc.size, desc.is_signed,
					 FILTER_OTHER);
		if (ret)
			return ret;
	}
	return 0;
}

/* A header field of the records: "unsigned long" at @offset */
static int define_header_field(struct trace_event_call *call,
			       const char *name, size_t offset)
{
	return trace_define_field(call, "unsigned long", name, offset,
				  sizeof(unsigned long), 0, FILTER_OTHER);
}

/*
 * The fields of a probe event: the header words of its record type
 * (probe_headers[]), each an unsigned long after the common fields, then
 * the arguments.
 */
static int trace_probe_define_fields(struct trace_event_call *call)
{
	struct trace_probe *tp = trace_probe_primary_from_call(call);
	const struct probe_header *head;
	unsigned int i;
	int ret;

	if (WARN_ON_ONCE(!tp))
		return -ENOENT;
	head = &probe_headers[tp->ptype];
	for (i = 0; i < probe_header_words(tp->ptype); i++) {
		ret = define_header_field(call, head->names[i],
					  sizeof(struct trace_entry) +
					  i * sizeof(unsigned long));
		if (ret)
			return ret;
	}
	return traceprobe_define_arg_fields(call, probe_header_size(tp->ptype),
					    tp);
}

/* The &trace_event_class.fields_array of every probe event */
static struct trace_event_fields trace_probe_fields_array[] = {
	{ .type = TRACE_FUNCTION_TYPE,
	  .define_fields = trace_probe_define_fields },
	{}
};

/* --- Lifetime ---------------------------------------------------------------- */

static void trace_probe_event_free(struct trace_probe_event *tpe)
{
	free_field_strings(tpe);
	kfree(tpe->class.system);
	kfree(tpe->call.name);
	kfree_const(tpe->call.print_fmt);
	kfree(tpe);
}

/**
 * trace_probe_append - make @tp a sibling probe of @to's event
 * @tp: a probe with its own, unregistered event
 * @to: a probe of the event to join
 *
 * Return: 0, or -EBUSY if @tp's event already has other probes.
 */
int trace_probe_append(struct trace_probe *tp, struct trace_probe *to)
{
	if (trace_probe_has_sibling(tp))
		return -EBUSY;
	list_del_init(&tp->list);
	trace_probe_event_free(tp->event);
	tp->event = to->event;
	list_add_tail(&tp->list, trace_probe_probe_list(to));
	return 0;
}

/**
 * trace_probe_unlink - detach @tp from its event
 * @tp: the probe
 *
 * The event is freed with its last probe.
 */
void trace_probe_unlink(struct trace_probe *tp)
{
	list_del_init(&tp->list);
	if (list_empty(trace_probe_probe_list(tp)))
		trace_probe_event_free(tp->event);
	tp->event = NULL;
}

/**
 * trace_probe_cleanup - release everything trace_probe_init() and the
 *	argument parsing attached to @tp
 * @tp: the probe
 */
void trace_probe_cleanup(struct trace_probe *tp)
{
	unsigned int i;

	for (i = 0; i < tp->nr_args; i++)
		probe_arg_free(&tp->args[i]);
	probe_entry_arg_free(tp->entry_arg);
	tp->entry_arg = NULL;
	if (tp->event)
		trace_probe_unlink(tp);
}

/**
 * trace_probe_init - set up a probe with its own new event
 * @tp: the probe, with room for @nargs arguments
 * @event: event name
 * @group: group (system) name
 * @ptype: the fixed header of its records
 * @nargs: number of arguments
 * @priv_size: bytes of &trace_probe_event.priv the front end needs
 *
 * Return: 0, -EINVAL or -ENOMEM (then @tp is cleaned up).
 */
int trace_probe_init(struct trace_probe *tp, const char *event,
		     const char *group, enum probe_print_type ptype,
		     int nargs, size_t priv_size)
{
	struct trace_probe_event *tpe;

	if (!event || !group)
		return -EINVAL;
	tpe = kzalloc(sizeof(*tpe) + priv_size, GFP_KERNEL);
	if (!tpe)
		return -ENOMEM;
	tp->event = tpe;
	INIT_LIST_HEAD(&tpe->files);
	INIT_LIST_HEAD(&tpe->class.fields);
	INIT_LIST_HEAD(&tpe->probes);
	INIT_LIST_HEAD(&tp->list);
	list_add(&tp->list, &tpe->probes);
	tpe->call.class = &tpe->class;
	/* the fields and the enabling of every front end's events */
	tpe->class.fields_array = trace_probe_fields_array;
	tpe->class.reg = trace_probe_reg;
	tpe->call.name = kstrdup(event, GFP_KERNEL);
	tpe->class.system = kstrdup(group, GFP_KERNEL);
	tp->ptype = ptype;
	tp->nr_args = nargs;
	if (nargs)
		memset(tp->args, 0, sizeof(tp->args[0]) * nargs);
	if (!tpe->call.name || !tpe->class.system) {
		trace_probe_cleanup(tp);
		return -ENOMEM;
	}
	return 0;
}

static struct trace_event_call *find_trace_event_call(const char *system,
						      const char *event_name)
{
	struct trace_event_call *call;
	const char *name;

	list_for_each_entry(call, &ftrace_events, list) {
		if (!call->class->system || strcmp(system, call->class->system))
			continue;
		name = trace_event_name(call);
		if (name && !strcmp(event_name, name))
			return call;
	}
	return NULL;
}

/*
 * Whether @call has its file and events/ directory in every trace
 * instance that has directories.  trace_add_event_call() does not report
 * a failure to make them (6.12 then lists an event that has no
 * events/GROUP/EVENT, or none in an instance).  An instance made for a
 * few systems only (system_names) may leave the event out by design.
 */
static bool event_files_made(struct trace_event_call *call)
{
	struct trace_event_file *file;
	struct trace_array *tr;
	bool found;

	guard(mutex)(&trace_types_lock);
	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		/* before tracefs is up (kprobe_event=) nothing has one */
		if (!tr->event_dir)
			continue;
		found = false;
		list_for_each_entry(file, &tr->events, list) {
			if (file->event_call != call)
				continue;
			if (!file->ei)
				return false;
			found = true;
			break;
		}
		if (!found && !tr->system_names)
			return false;
	}
	return true;
}

/**
 * trace_probe_register_event_call - make the event visible
 * @tp: the probe whose event to register
 *
 * Registered in full or not at all: an event whose files or directories
 * could not all be made is removed again.
 *
 * Context: event_mutex held.
 * Return: 0, -EEXIST if GROUP/EVENT is taken by any event, -ENOMEM if
 * its files could not be made, or -errno.
 */
int trace_probe_register_event_call(struct trace_probe *tp)
{
	struct trace_event_call *call = trace_probe_event_call(tp);
	int ret;

	lockdep_assert_held(&event_mutex);
	if (find_trace_event_call(trace_probe_group_name(tp),
				  trace_probe_name(tp)))
		return -EEXIST;
	if (!register_trace_event(&call->event))
		return -ENODEV;
	ret = trace_add_event_call(call);
	if (ret) {
		unregister_trace_event(&call->event);
		return ret;
	}
	if (event_files_made(call))
		return 0;
	/*
	 * Nobody can have it yet, so its removal is not refused; the
	 * removal unregisters call->event too.
	 */
	WARN_ON_ONCE(trace_remove_event_call(call));
	return -ENOMEM;
}

/* Allocated at the first enable of any probe event for tracing; kept */
struct trace_probe_scratch __percpu *trace_probe_scratch;

/* Without the scratch (allocation failed), records take the generic path */
static void trace_probe_scratch_alloc(void)
{
	struct trace_probe_scratch __percpu *pcpu;

	if (READ_ONCE(trace_probe_scratch))
		return;
	pcpu = alloc_percpu(struct trace_probe_scratch);
	/* not always under event_mutex: the boot-time self test enables too */
	if (pcpu && cmpxchg(&trace_probe_scratch, NULL, pcpu))
		free_percpu(pcpu);
}

/**
 * trace_probe_add_file - link the event to a trace instance file
 * @tp: a probe of the event
 * @file: the file
 *
 * Return: 0 or -ENOMEM.
 */
int trace_probe_add_file(struct trace_probe *tp, struct trace_event_file *file)
{
	struct event_file_link *link;

	trace_probe_scratch_alloc();
	link = kmalloc(sizeof(*link), GFP_KERNEL);
	if (!link)
		return -ENOMEM;
	link->file = file;
	INIT_LIST_HEAD(&link->list);
	list_add_tail_rcu(&link->list, &tp->event->files);
	trace_probe_set_flag(tp, TP_FLAG_TRACE);
	return 0;
}

/**
 * trace_probe_get_file_link - the link of the event to @file
 * @tp: a probe of the event
 * @file: the file
 *
 * Return: the link, or NULL.
 */
struct event_file_link *trace_probe_get_file_link(struct trace_probe *tp,
						  struct trace_event_file *file)
{
	struct event_file_link *link;

	trace_probe_for_each_link(link, tp)
		if (link->file == file)
			return link;
	return NULL;
}

/**
 * trace_probe_remove_file - unlink the event from a trace instance file
 * @tp: a probe of the event
 * @file: the file
 *
 * The link is freed after an RCU grace period: hits may still walk it.
 *
 * Return: 0, or -ENOENT if it was not linked.
 */
int trace_probe_remove_file(struct trace_probe *tp,
			    struct trace_event_file *file)
{
	struct event_file_link *link = trace_probe_get_file_link(tp, file);

	if (!link)
		return -ENOENT;
	list_del_rcu(&link->list);
	kvfree_rcu_mightsleep(link);
	if (list_empty(&tp->event->files))
		trace_probe_clear_flag(tp, TP_FLAG_TRACE);
	return 0;
}

/* --- Enabling: one event, or a group's events together ------------------ */

/*
 * Enabling or disabling a group of events (events/GRP/enable, set_event,
 * trace-cmd -e GRP) is the trace core's loop over its events, each enabled
 * or disabled on its own, under event_mutex.  A kprobe's arming is an
 * ftrace filter update (or a text patch) of its own, and so 1000 events
 * take 1000 updates.  The trace core names the events before its loop
 * (trace_probe_batch_add()) and says when the loop is done
 * (trace_probe_batch_end()), so that a front end with &trace_probe_ops.
 * arm_batch arms all their probes in one step when the loop enables the
 * first of them, and disarms them in one step once the loop has disabled
 * them all.
 *
 * Nothing else changes.  An event armed ahead of its turn records nothing
 * until it is enabled: the dispatchers test its flags.  If the batch
 * cannot be armed, each event is armed on its own when its turn comes,
 * with its own error, as without a batch.  An event the loop did not
 * enable after all is disarmed at the end.
 */
struct trace_probe_batch {
	struct trace_probe	**tps;
	unsigned int		nr;
	unsigned int		room;
	struct trace_probe_ops	*ops;
	bool			tried;
};

static struct trace_probe_batch trace_probe_batch;	/* event_mutex */

#define TRACE_PROBE_EVENT_FLAGS	(TRACE_EVENT_FL_KPROBE | TRACE_EVENT_FL_UPROBE | \
				 TRACE_EVENT_FL_EPROBE | TRACE_EVENT_FL_FPROBE)

static bool trace_probe_batch_append(struct trace_probe *tp)
{
	struct trace_probe_batch *b = &trace_probe_batch;
	struct trace_probe **tps;

	if (b->nr == b->room) {
		tps = kvrealloc(b->tps, array_size(2 * b->room + 16, sizeof(*tps)),
				GFP_KERNEL);
		if (!tps)
			return false;
		b->tps = tps;
		b->room = 2 * b->room + 16;
	}
	b->tps[b->nr++] = tp;
	return true;
}

/**
 * trace_probe_batch_add - name an event the trace core will enable or disable
 * @file: the event's file in the trace instance
 * @enable: whether it is to be enabled (else disabled)
 *
 * Called for each event of a group before the loop that enables or
 * disables them; events of any kind may be named, only the probe events
 * of a front end with &trace_probe_ops.arm_batch join the batch.  Without
 * the memory to note it, an event is left out and armed on its own.
 *
 * Context: event_mutex held, with trace_probe_batch_end() to follow.
 */
void trace_probe_batch_add(struct trace_event_file *file, bool enable)
{
	struct trace_event_call *call = file->event_call;
	struct trace_probe_batch *b = &trace_probe_batch;
	struct trace_probe_ops *ops;
	struct trace_probe *tp;

	lockdep_assert_held(&event_mutex);
	if (!(call->flags & TRACE_PROBE_EVENT_FLAGS))
		return;
	tp = trace_probe_primary_from_call(call);
	if (!tp || trace_probe_test_flag(tp, TP_FLAG_BATCHED))
		return;
	ops = trace_probe_ops_of(tp);
	/* one front end per batch: the others' events go one by one */
	if (!ops->arm_batch || (b->ops && b->ops != ops))
		return;
	/* enabled already, it is armed; disabled already, nothing to do */
	if (enable == trace_probe_is_enabled(tp))
		return;
	if (!trace_probe_batch_append(tp))
		return;
	b->ops = ops;
	trace_probe_set_flag(tp, TP_FLAG_BATCHED);
}

/* Arm the batch's events, once, when the loop enables the first of them */
static void trace_probe_batch_arm(void)
{
	struct trace_probe_batch *b = &trace_probe_batch;
	unsigned int i;

	b->tried = true;
	if (b->ops->arm_batch(b->tps, b->nr))
		return;
	for (i = 0; i < b->nr; i++)
		trace_probe_set_flag(b->tps[i], TP_FLAG_BATCH_ARMED);
}

/*
 * trace_probe_enable()'s step for an event of a batch: true if its probes
 * are armed already.  An event outside a batch, or of a batch whose arming
 * failed, is armed by the caller.
 */
static bool trace_probe_batch_take(struct trace_probe *tp)
{
	if (!trace_probe_test_flag(tp, TP_FLAG_BATCHED))
		return false;
	if (!trace_probe_batch.tried)
		trace_probe_batch_arm();
	if (!trace_probe_test_flag(tp, TP_FLAG_BATCH_ARMED))
		return false;
	trace_probe_clear_flag(tp, TP_FLAG_BATCH_ARMED);
	return true;
}

/**
 * trace_probe_batch_end - the trace core's loop over a group is done
 *
 * Disarms, in one step, the events of the batch that are armed but not
 * enabled: those the loop disabled, and any it armed ahead but did not
 * enable after all.
 *
 * Context: event_mutex held.
 */
void trace_probe_batch_end(void)
{
	struct trace_probe_batch *b = &trace_probe_batch;
	struct trace_probe *tp;
	unsigned int i, nr = 0;

	lockdep_assert_held(&event_mutex);
	for (i = 0; i < b->nr; i++) {
		tp = b->tps[i];
		if (trace_probe_test_flag(tp, TP_FLAG_BATCH_ARMED))
			b->tps[nr++] = tp;
		trace_probe_clear_flag(tp, TP_FLAG_BATCHED | TP_FLAG_BATCH_ARMED);
	}
	if (nr)
		b->ops->disarm_batch(b->tps, nr);
	kvfree(b->tps);
	*b = (struct trace_probe_batch){};
}

/* Arm every probe of @tp's event for its first user, @file or perf */
static int trace_probe_enable_all(struct trace_probe *tp,
				  struct trace_event_file *file)
{
	struct trace_probe_ops *ops = trace_probe_ops_of(tp);
	bool enabled = trace_probe_is_enabled(tp);
	int ret;

	if (file) {
		ret = trace_probe_add_file(tp, file);
		if (ret)
			return ret;
	} else {
		trace_probe_set_flag(tp, TP_FLAG_PROFILE);
	}
	if (enabled || trace_probe_batch_take(tp))
		return 0;
	ret = ops->arm(tp);
	if (ret) {
		if (file)
			trace_probe_remove_file(tp, file);
		else
			trace_probe_clear_flag(tp, TP_FLAG_PROFILE);
	}
	return ret;
}

/* Hook @tp's event up for @file alone (&trace_probe_ops.arm_file) */
static int trace_probe_enable_file(struct trace_probe *tp,
				   struct trace_event_file *file)
{
	struct trace_probe_ops *ops = trace_probe_ops_of(tp);
	int ret;

	ret = ops->arm_file(tp, file);
	if (ret)
		return ret;
	ret = trace_probe_add_file(tp, file);
	if (ret)
		ops->disarm_file(tp, file);
	return ret;
}

/**
 * trace_probe_enable - enable a probe event for a trace instance or perf
 * @tp: the event's primary probe
 * @file: the trace instance's file of the event, or NULL for perf
 *
 * The file is linked (or the perf flag set) before the probes are armed,
 * so that the first hit finds where to record; the front end's
 * &trace_probe_ops.arm runs when the event gets its first user.  A front
 * end with &trace_probe_ops.arm_file is hooked up for each file instead,
 * and has no perf side: perf's enable succeeds and changes nothing, as in
 * 6.12.
 *
 * Context: event_mutex held.
 * Return: 0; -EINTR if the event serves the other kind of user and its
 * front end serves one at a time (&trace_probe_ops.one_user); or the
 * front end's -errno.  Nothing changed on failure.
 */
int trace_probe_enable(struct trace_probe *tp, struct trace_event_file *file)
{
	struct trace_probe_ops *ops = trace_probe_ops_of(tp);

	if (ops->arm_file)
		return file ? trace_probe_enable_file(tp, file) : 0;
	if (ops->one_user &&
	    trace_probe_test_flag(tp, file ? TP_FLAG_PROFILE : TP_FLAG_TRACE))
		return -EINTR;
	return trace_probe_enable_all(tp, file);
}

/* Undo trace_probe_enable_file() */
static int trace_probe_disable_file(struct trace_probe *tp,
				    struct trace_event_file *file)
{
	if (!trace_probe_get_file_link(tp, file))
		return -ENOENT;
	trace_probe_ops_of(tp)->disarm_file(tp, file);
	trace_probe_remove_file(tp, file);
	return 0;
}

/**
 * trace_probe_disable - disable a probe event for a trace instance or perf
 * @tp: the event's primary probe
 * @file: the trace instance's file of the event, or NULL for perf
 *
 * The front end's &trace_probe_ops.disarm runs when the event has no
 * user left (or, in a group's batch, its &trace_probe_ops.disarm_batch
 * at the end of the group).
 *
 * Context: event_mutex held.
 * Return: 0, or -ENOENT if the event was not enabled for @file.
 */
int trace_probe_disable(struct trace_probe *tp, struct trace_event_file *file)
{
	struct trace_probe_ops *ops = trace_probe_ops_of(tp);

	if (ops->arm_file)
		return file ? trace_probe_disable_file(tp, file) : 0;
	if (file) {
		if (!trace_probe_get_file_link(tp, file))
			return -ENOENT;
		if (trace_probe_has_single_file(tp))
			trace_probe_clear_flag(tp, TP_FLAG_TRACE);
	} else {
		trace_probe_clear_flag(tp, TP_FLAG_PROFILE);
	}
	if (!trace_probe_is_enabled(tp)) {
		if (trace_probe_test_flag(tp, TP_FLAG_BATCHED))
			trace_probe_set_flag(tp, TP_FLAG_BATCH_ARMED);
		else
			ops->disarm(tp);
	}
	/*
	 * trace_probe_remove_file() waits for hits still using the link;
	 * perf synchronizes itself in perf_trace_event_unreg().
	 */
	if (file)
		trace_probe_remove_file(tp, file);
	return 0;
}

#ifdef CONFIG_PERF_EVENTS
/* trace_probe_reg() for perf: the event for perf, or one perf event */
static int trace_probe_reg_perf(struct trace_probe *tp, enum trace_reg type,
				void *data)
{
	struct trace_probe_ops *ops = trace_probe_ops_of(tp);

	switch (type) {
	case TRACE_REG_PERF_REGISTER:
		return trace_probe_enable(tp, NULL);
	case TRACE_REG_PERF_UNREGISTER:
		return trace_probe_disable(tp, NULL);
	case TRACE_REG_PERF_OPEN:
		return ops->perf_open ? ops->perf_open(tp, data) : 0;
	case TRACE_REG_PERF_CLOSE:
		return ops->perf_close ? ops->perf_close(tp, data) : 0;
	default:
		return 0;
	}
}

/* Perf's add and del come at every switch to a traced task: no lookup */
static bool trace_probe_reg_is_noop(enum trace_reg type)
{
	return type == TRACE_REG_PERF_ADD || type == TRACE_REG_PERF_DEL;
}
#else
static int trace_probe_reg_perf(struct trace_probe *tp, enum trace_reg type,
				void *data)
{
	return 0;
}

static bool trace_probe_reg_is_noop(enum trace_reg type)
{
	return false;
}
#endif /* CONFIG_PERF_EVENTS */

/**
 * trace_probe_reg - the &trace_event_class.reg of every probe event
 * @call: the event
 * @type: what the event core or perf asks for
 * @data: the trace instance's &struct trace_event_file for
 *	%TRACE_REG_REGISTER and %TRACE_REG_UNREGISTER, the &struct perf_event
 *	for %TRACE_REG_PERF_OPEN and %TRACE_REG_PERF_CLOSE
 *
 * One switch for every front end: what differs is in its
 * &struct trace_probe_ops (arm and disarm, or arm_file and disarm_file;
 * perf_open and perf_close; one_user).
 *
 * Context: event_mutex held, but for perf's add and del, which do nothing.
 * Return: 0 or -errno, as trace_probe_enable() and trace_probe_disable().
 */
int trace_probe_reg(struct trace_event_call *call, enum trace_reg type,
		    void *data)
{
	struct trace_probe *tp;

	if (trace_probe_reg_is_noop(type))
		return 0;
	tp = trace_probe_primary_from_call(call);
	if (WARN_ON_ONCE(!tp))
		return -ENODEV;
	switch (type) {
	case TRACE_REG_REGISTER:
		return trace_probe_enable(tp, data);
	case TRACE_REG_UNREGISTER:
		return trace_probe_disable(tp, data);
	default:
		return trace_probe_reg_perf(tp, type, data);
	}
}

/**
 * trace_probe_match_command_args - match the arguments of a delete command
 * @tp: the probe
 * @argc: number of words
 * @argv: "NAME=FETCHARG" words
 *
 * Return: true if they match the first @argc arguments of @tp.
 */
bool trace_probe_match_command_args(struct trace_probe *tp,
				    int argc, const char **argv)
{
	return probe_args_match(tp->args, tp->nr_args, argc, argv);
}

/* --- Creation ------------------------------------------------------------ */

/**
 * struct trace_probe_create - a command being created in the kernel
 * @cmd: the shared pipeline's command
 * @ops: the front end
 * @tp: the probe the pipeline's alloc step made, NULL before
 */
struct trace_probe_create {
	struct probe_cmd	cmd;
	struct trace_probe_ops	*ops;
	struct trace_probe	*tp;
};

/* &probe_cmd_alloc_t of the kernel: the front end's probe */
static int trace_probe_cmd_alloc(struct probe_cmd *cmd, int nargs)
{
	struct trace_probe_create *tc;
	struct trace_probe *tp;

	tc = container_of(cmd, struct trace_probe_create, cmd);
	tp = tc->ops->alloc(cmd->head, nargs);
	if (IS_ERR(tp))
		return PTR_ERR(tp);
	dyn_event_init(&tp->devent, &tc->ops->dyn_ops);
	tp->event->kind = cmd->head->kind;
	tc->tp = tp;
	cmd->args = tp->args;
	return 0;
}

/* Give the probe what the pipeline found out about its arguments */
static int trace_probe_finish(struct trace_probe_create *tc)
{
	struct probe_cmd *cmd = &tc->cmd;
	struct trace_probe *tp = tc->tp;
	int ret = 0;

	tp->size = cmd->ctx.size;
	tp->dynamic = cmd->dynamic;
	tp->onepass = cmd->onepass;
	tp->plain_load = cmd->plain_load;
	tp->entry_arg = cmd->ctx.entry_arg;
	cmd->ctx.entry_arg = NULL;
	if (tc->ops->prepare)
		ret = tc->ops->prepare(tp, cmd->head);
	if (!ret)
		ret = traceprobe_set_print_fmt(tp);
	return ret;
}

/**
 * trace_probe_find - the probe of a front end that records an event
 * @ops: the front end
 * @event: the event name
 * @group: its group
 *
 * Context: event_mutex held.
 * Return: the first such probe, or NULL.
 */
struct trace_probe *trace_probe_find(struct trace_probe_ops *ops,
				     const char *event, const char *group)
{
	struct trace_probe *tp;
	struct dyn_event *pos;

	for_each_dyn_event(pos) {
		if (!is_trace_probe_of(pos, ops))
			continue;
		tp = to_trace_probe(pos);
		if (!strcmp(trace_probe_name(tp), event) &&
		    !strcmp(trace_probe_group_name(tp), group))
			return tp;
	}
	return NULL;
}

static struct probe_sig trace_probe_sig(struct trace_probe *tp)
{
	return (struct probe_sig){
		.kind = tp->event->kind, .args = tp->args, .nr_args = tp->nr_args,
	};
}

/* Is @tp the same probe as one of @to's event: same place, same text? */
static bool trace_probe_has_same(struct trace_probe_ops *ops,
				 struct trace_probe *to, struct trace_probe *tp)
{
	struct trace_probe *pos;

	list_for_each_entry(pos, trace_probe_probe_list(to), list)
		if (ops->same_place(pos, tp) &&
		    probe_args_same_text(pos->args, tp->args, tp->nr_args))
			return true;
	return false;
}

/* Add @tp as one more probe of @to's event */
static int trace_probe_join(struct trace_probe_ops *ops, struct trace_probe *tp,
			    struct trace_probe *to, struct probe_parse_err *err)
{
	struct probe_sig new = trace_probe_sig(tp);
	struct probe_sig event = trace_probe_sig(to);
	int ret;

	ret = probe_append_check(&new, &event, err);
	if (!ret && trace_probe_has_same(ops, to, tp))
		ret = probe_set_err(err, 0, TP_ERR_SAME_PROBE, 0, -EEXIST);
	if (!ret)
		ret = trace_probe_append(tp, to);
	if (!ret && ops->attach) {
		ret = ops->attach(tp);
		if (ret)
			trace_probe_unlink(tp);
	}
	return ret;
}

/* Register @tp with an event of its own */
static int trace_probe_add_event(struct trace_probe_ops *ops,
				 struct trace_probe *tp,
				 struct probe_parse_err *err)
{
	int ret;

	ops->init_call(tp);
	ret = trace_probe_register_event_call(tp);
	if (ret == -EEXIST)
		return probe_set_err(err, 0, TP_ERR_EVENT_EXIST, 0, ret);
	if (ret) {
		pr_warn("%s: Failed to register probe event(%d)\n",
			ops->cmd->subsystem, ret);
		return ret;
	}
	if (ops->attach) {
		ret = ops->attach(tp);
		if (ret)
			trace_probe_unregister_event_call(tp);
	}
	return ret;
}

/*
 * Register @tp: as one more probe of the event of its name, if its front
 * end has one and allows that, or with an event of its own.
 */
static int trace_probe_register(struct trace_probe_ops *ops,
				struct trace_probe *tp,
				struct probe_parse_err *err)
{
	struct trace_probe *old = NULL;
	int ret;

	guard(mutex)(&event_mutex);
	if (ops->check) {
		ret = ops->check(tp);
		if (ret)
			return ret;
	}
	if (ops->same_place)
		old = trace_probe_find(ops, trace_probe_name(tp),
				       trace_probe_group_name(tp));
	if (old)
		ret = trace_probe_join(ops, tp, old, err);
	else
		ret = trace_probe_add_event(ops, tp, err);
	if (!ret)
		dyn_event_add(&tp->devent, trace_probe_event_call(tp));
	return ret;
}

/**
 * trace_probe_create_cmd - create a probe from the words of a command
 * @ops: the front end
 * @argc: number of words
 * @argv: the words
 *
 * The one creation path of every front end: the shared pipeline
 * (probe_cmd_parse()) with the front end's head parser, then the print
 * fmt, then the registration; a user error is logged once, in error_log,
 * and a failure leaves nothing behind.
 *
 * Return: 0, -ECANCELED if the command is not for @ops, or -errno.
 */
int trace_probe_create_cmd(struct trace_probe_ops *ops, int argc,
			   const char *argv[])
{
	struct trace_probe_create *tc;
	int ret;

	tc = kzalloc(sizeof(*tc), GFP_KERNEL);
	if (!tc)
		return -ENOMEM;
	tc->ops = ops;
	probe_cmd_init(&tc->cmd, ops->cmd, ops->env, argc, argv);
	ret = probe_cmd_parse(&tc->cmd, trace_probe_cmd_alloc);
	if (!ret)
		ret = trace_probe_finish(tc);
	if (!ret) {
		ret = trace_probe_register(ops, tc->tp, &tc->cmd.err);
		if (ret && ops->attach)
			probe_attach_error(ret, &tc->cmd.err);
	}
	if (ret) {
		trace_probe_log_parse_err(ops->cmd->subsystem, argc, argv,
					  &tc->cmd.first_err);
		trace_probe_log_parse_err(ops->cmd->subsystem, argc, argv,
					  &tc->cmd.err);
		if (tc->tp)
			ops->free(tc->tp);
	}
	probe_cmd_release(&tc->cmd);
	kfree(tc);
	return ret;
}

/**
 * trace_probe_create - split a command into words and create its probe
 * @raw_command: the command line
 * @ops: the front end
 *
 * The &dyn_event_operations.create of the front ends.
 *
 * Return: as trace_probe_create_cmd(), 0 for an empty line, or -ENOMEM.
 */
int trace_probe_create(const char *raw_command, struct trace_probe_ops *ops)
{
	int argc = 0, ret = 0;
	char **argv;

	argv = argv_split(GFP_KERNEL, raw_command, &argc);
	if (!argv)
		return -ENOMEM;
	if (argc)
		ret = trace_probe_create_cmd(ops, argc, (const char **)argv);
	argv_free(argv);
	return ret;
}

/**
 * trace_probe_run_command - a line written to a front end's own file
 * @ops: the front end (kprobe_events is the kprobes' file, and so on)
 * @raw_command: the line
 *
 * "-:..." deletes, anything else creates.  The file takes its front end's
 * commands only: one that is not (-ECANCELED) is invalid there.
 *
 * Return: 0 or -errno.
 */
int trace_probe_run_command(struct trace_probe_ops *ops,
			    const char *raw_command)
{
	int ret;

	if (raw_command[0] == '-')
		return dyn_event_release(raw_command, &ops->dyn_ops);
	ret = dyn_event_create(raw_command, &ops->dyn_ops);
	return ret == -ECANCELED ? -EINVAL : ret;
}

/* --- Deletion and listing --------------------------------------------------- */

/* Whether another probe of @tp's event is still a dynamic event */
static bool trace_probe_has_listed_sibling(struct trace_probe *tp)
{
	struct trace_probe *pos;

	list_for_each_entry(pos, trace_probe_probe_list(tp), list)
		if (pos != tp && !list_empty(&pos->devent.list))
			return true;
	return false;
}

/**
 * trace_probe_remove - first half of deleting a probe
 * @tp: the probe
 *
 * Take @tp off the dynamic event list and, unless another probe of its
 * event still is on it, remove the event.  What @tp probes stays attached
 * (disarmed: the event is not enabled) and @tp stays linked to its event:
 * its handlers may still be running until it is detached.
 *
 * An enabled event keeps every one of its probes, not only its last: the
 * delete command fails with nothing removed.  (6.12 removes the probes
 * of an enabled multi-probe event but its last, and frees uprobe ones
 * while they are still armed: the next hit dereferences freed memory.)
 *
 * Context: event_mutex held.
 * Return: 0, or -EBUSY if the event is enabled or in use.
 */
int trace_probe_remove(struct trace_probe *tp)
{
	if (trace_probe_is_enabled(tp))
		return -EBUSY;
	if (!trace_probe_has_listed_sibling(tp)) {
		if (trace_event_dyn_busy(trace_probe_event_call(tp)))
			return -EBUSY;
		if (trace_probe_unregister_event_call(tp))
			return -EBUSY;
	}
	dyn_event_remove(&tp->devent);
	return 0;
}

/**
 * trace_probe_destroy - second half of deleting a probe
 * @tp: a removed probe, detached from what it probed
 *
 * Unlink @tp from its event (freed with its last probe) and free it.
 */
void trace_probe_destroy(struct trace_probe *tp)
{
	struct trace_probe_ops *ops = trace_probe_ops_of(tp);

	trace_probe_unlink(tp);
	ops->free(tp);
}

/*
 * Deleted probes whose handlers may still be running (&trace_probe.list),
 * oldest first.  One work item finishes all those pending when it runs,
 * after one grace period for all of them: 1000 "-:" writes wait for no
 * grace period of their own, where each of them waited for one.
 */
static LIST_HEAD(trace_probe_dying);
static DEFINE_SPINLOCK(trace_probe_dying_lock);

static void trace_probe_reap(struct work_struct *work)
{
	struct trace_probe *tp, *tmp;
	LIST_HEAD(dead);

	spin_lock(&trace_probe_dying_lock);
	list_splice_init(&trace_probe_dying, &dead);
	spin_unlock(&trace_probe_dying_lock);
	if (list_empty(&dead))
		return;
	/* the hits that started before the last detach_nosync() are over */
	synchronize_rcu();
	list_for_each_entry(tp, &dead, list)
		if (trace_probe_ops_of(tp)->detach_finish)
			trace_probe_ops_of(tp)->detach_finish(tp);
	list_for_each_entry_safe(tp, tmp, &dead, list) {
		if (tp->frees_event)
			trace_probe_event_free(tp->event);
		tp->event = NULL;
		trace_probe_ops_of(tp)->free(tp);
	}
}

static DECLARE_WORK(trace_probe_reap_work, trace_probe_reap);

/*
 * Take @tp off its event now (a sibling's enable or a new probe's
 * place check no longer finds it) and leave the rest to
 * trace_probe_reap(): its handlers may still read @tp and its event.
 */
static void trace_probe_defer_destroy(struct trace_probe *tp)
{
	list_del(&tp->list);
	tp->frees_event = list_empty(trace_probe_probe_list(tp));
	spin_lock(&trace_probe_dying_lock);
	list_add_tail(&tp->list, &trace_probe_dying);
	spin_unlock(&trace_probe_dying_lock);
	queue_work(system_unbound_wq, &trace_probe_reap_work);
}

/**
 * trace_probe_release - delete a probe
 * @ev: the probe's dynamic event
 *
 * The &dyn_event_operations.free of the front ends.  When its front end
 * detaches in two halves, the deletion does not wait for the grace
 * period: when this returns, @ev's event is gone from every listing and
 * from events/, its name can be used again and its probe no longer
 * records, but @ev is freed later (trace_probe_reap()).
 *
 * Context: event_mutex held.
 * Return: 0, or -EBUSY (then nothing changed).
 */
int trace_probe_release(struct dyn_event *ev)
{
	struct trace_probe *tp = to_trace_probe(ev);
	struct trace_probe_ops *ops = trace_probe_ops_of(tp);
	int ret;

	ret = trace_probe_remove(tp);
	if (ret)
		return ret;
	if (ops->detach_nosync) {
		ops->detach_nosync(tp);
		trace_probe_defer_destroy(tp);
		return 0;
	}
	if (ops->detach)
		ops->detach(tp);
	trace_probe_destroy(tp);
	return 0;
}

/**
 * trace_probe_is_busy - whether a probe's event is enabled
 * @ev: the probe's dynamic event
 *
 * The &dyn_event_operations.is_busy of the front ends.
 *
 * Return: true if it is enabled for tracing or perf.
 */
bool trace_probe_is_busy(struct dyn_event *ev)
{
	return trace_probe_is_enabled(to_trace_probe(ev));
}

/**
 * trace_probe_match_name - whether a delete command names a probe's event
 * @tp: the probe
 * @system: the group of "-:GRP/EVENT", or NULL
 * @event: its event, "" for all the events of @system
 *
 * Return: true if it names the event of @tp.
 */
bool trace_probe_match_name(struct trace_probe *tp, const char *system,
			    const char *event)
{
	return (!event[0] || !strcmp(trace_probe_name(tp), event)) &&
	       (!system || !strcmp(trace_probe_group_name(tp), system));
}

#ifdef CONFIG_PROBE_EVENTS_DUMP_FETCHARG
static __printf(2, 3) void dump_to_seq(void *m, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	seq_vprintf(m, fmt, args);
	va_end(args);
}

/* An eprobe's TP_ARG names the field of the attached event it loads */
static const char *dump_field_name(void *m, const void *field)
{
	return ((const struct ftrace_event_field *)field)->name;
}

/*
 * "#  NAME: OP -> OP -> ... -> END" for each argument: its compiled
 * program, in the format of upstream 7.3's option of the same name.
 */
static void trace_probe_dump_args(struct seq_file *m, struct trace_probe *tp)
{
	struct fetch_dump_cbs cbs = {
		.print		= dump_to_seq,
		.field_name	= dump_field_name,
		.priv		= m,
		.upstream	= true,
	};
	unsigned int i;

	for (i = 0; i < tp->nr_args; i++) {
		seq_printf(m, "#  %s: ", tp->args[i].name);
		fetch_prog_dump(tp->args[i].code,
				fetch_prog_len(tp->args[i].code), &cbs);
		seq_putc(m, '\n');
	}
}
#else
static void trace_probe_dump_args(struct seq_file *m, struct trace_probe *tp)
{
}
#endif

/**
 * trace_probe_show_args - end a probe's line in a listing
 * @m: the listing
 * @tp: the probe
 *
 * " NAME=FETCHARG" for each argument, as the command gave them, and the
 * end of the line.  With CONFIG_PROBE_EVENTS_DUMP_FETCHARG, a comment
 * line per argument follows with the program it was compiled into.
 */
void trace_probe_show_args(struct seq_file *m, struct trace_probe *tp)
{
	unsigned int i;

	for (i = 0; i < tp->nr_args; i++)
		seq_printf(m, " %s=%s", tp->args[i].name, tp->args[i].comm);
	seq_putc(m, '\n');
	trace_probe_dump_args(m, tp);
}
