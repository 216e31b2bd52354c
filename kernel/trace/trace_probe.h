/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Probe events: the objects shared by the probe front ends (kprobe here)
 * and the API the rest of the tracing subsystem calls.
 *
 * Parsing and compiling an argument is the pure library's job
 * (trace_probe_parse.h); this header adds the tracing objects around it:
 * the event (one trace_event_call shared by every probe of a multi-probe
 * event), the probe, and the per-instance file links.
 */
#ifndef __TRACE_PROBE_H
#define __TRACE_PROBE_H

#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/tracefs.h>
#include <linux/types.h>
#include <linux/string.h>
#include <linux/ptrace.h>
#include <linux/perf_event.h>
#include <linux/kprobes.h>
#include <linux/limits.h>
#include <linux/uaccess.h>
#include <linux/bitops.h>
#include <asm/bitsperlong.h>

#include "trace.h"
#include "trace_output.h"
#include "trace_probe_parse.h"

/* Longest string a probe copies into a record, NUL included */
#define MAX_STRING_SIZE		PATH_MAX

/* Printed for a string whose read faulted */
#define FAULT_STRING		"(fault)"

/* Flags of &trace_probe_event.flags */
#define TP_FLAG_TRACE		1	/* linked to at least one trace file */
#define TP_FLAG_PROFILE		2	/* used by perf or BPF */

/* data_loc: length in the upper 16 bits, record offset in the lower */
#define make_data_loc(len, offs)	\
	(((u32)(len) << 16) | ((u32)(offs) & 0xffff))
#define get_loc_len(dl)		((u32)(dl) >> 16)
#define get_loc_offs(dl)	((u32)(dl) & 0xffff)

static nokprobe_inline void *get_loc_data(u32 *dl, void *ent)
{
	return (u8 *)ent + get_loc_offs(*dl);
}

/* The data_loc of the room left after @consumed bytes were written */
static nokprobe_inline u32 update_data_loc(u32 loc, int consumed)
{
	return make_data_loc(get_loc_len(loc) - consumed,
			     get_loc_offs(loc) + consumed);
}

/**
 * struct trace_probe_event - the event shared by the probes of one name
 * @flags: TP_FLAG_*, read with acquire semantics by the dispatchers
 * @class: its event class (system = group name)
 * @call: its event call (name = event name)
 * @files: &event_file_link of every trace instance it is enabled in
 * @probes: the &trace_probe list; the first one defines the fields
 * @field_strings: copies of field names and types, which must live as long
 *	as the field list, i.e. as long as this event
 * @nr_field_strings: number of entries in @field_strings
 *
 * Lifetime: allocated by trace_probe_init() with its first probe, freed
 * when the last probe is unlinked (trace_probe_unlink()).
 */
struct trace_probe_event {
	unsigned int			flags;
	struct trace_event_class	class;
	struct trace_event_call		call;
	struct list_head		files;
	struct list_head		probes;
	char				**field_strings;
	int				nr_field_strings;
};

/**
 * struct trace_probe - one probe (one probed place) of an event
 * @list: entry in &trace_probe_event.probes
 * @event: the event it records
 * @size: bytes of the fixed argument area of a record
 * @nr_args: number of arguments
 * @dynamic: some argument is a string, whose size varies per hit
 * @onepass: @dynamic, and the strings can be copied unmeasured into a
 *	bounded room: none is a symstr, whose data_loc gives the room
 * @plain_regs: every argument is a pt_regs register stored as it is
 *	(REG, ST_RAW, END); set by front ends whose records read pt_regs
 * @entry_arg: return probes only: the program run at function entry
 * @args: the arguments
 *
 * Lifetime: embedded at the end of the front end's probe object, set up by
 * trace_probe_init() and torn down by trace_probe_cleanup().
 */
struct trace_probe {
	struct list_head		list;
	struct trace_probe_event	*event;
	ssize_t				size;
	unsigned int			nr_args;
	bool				dynamic;
	bool				onepass;
	bool				plain_regs;
	struct probe_entry_arg		*entry_arg;
	struct probe_arg		args[];
};

/**
 * struct event_file_link - a trace instance file the event writes to
 * @file: the file
 * @list: entry in &trace_probe_event.files (RCU: walked by the hit path)
 */
struct event_file_link {
	struct trace_event_file		*file;
	struct list_head		list;
};

static inline unsigned int trace_probe_load_flag(struct trace_probe *tp)
{
	/* pairs with trace_probe_set_flag(): see the links it published */
	return smp_load_acquire(&tp->event->flags);
}

static inline bool trace_probe_test_flag(struct trace_probe *tp,
					 unsigned int flag)
{
	return !!(trace_probe_load_flag(tp) & flag);
}

static inline void trace_probe_set_flag(struct trace_probe *tp,
					unsigned int flag)
{
	/* a hit that sees @flag also sees the file link added before it */
	smp_store_release(&tp->event->flags, tp->event->flags | flag);
}

static inline void trace_probe_clear_flag(struct trace_probe *tp,
					  unsigned int flag)
{
	tp->event->flags &= ~flag;
}

static inline bool trace_probe_is_enabled(struct trace_probe *tp)
{
	return trace_probe_test_flag(tp, TP_FLAG_TRACE | TP_FLAG_PROFILE);
}

static inline const char *trace_probe_name(struct trace_probe *tp)
{
	return trace_event_name(&tp->event->call);
}

static inline const char *trace_probe_group_name(struct trace_probe *tp)
{
	return tp->event->call.class->system;
}

static inline struct trace_event_call *
trace_probe_event_call(struct trace_probe *tp)
{
	return &tp->event->call;
}

static inline struct trace_probe_event *
trace_probe_event_from_call(struct trace_event_call *event_call)
{
	return container_of(event_call, struct trace_probe_event, call);
}

static inline struct trace_probe *
trace_probe_primary_from_call(struct trace_event_call *call)
{
	struct trace_probe_event *tpe = trace_probe_event_from_call(call);

	return list_first_entry_or_null(&tpe->probes, struct trace_probe, list);
}

static inline struct list_head *trace_probe_probe_list(struct trace_probe *tp)
{
	return &tp->event->probes;
}

static inline bool trace_probe_has_sibling(struct trace_probe *tp)
{
	struct list_head *list = trace_probe_probe_list(tp);

	return !list_empty(list) && !list_is_singular(list);
}

static inline int trace_probe_unregister_event_call(struct trace_probe *tp)
{
	/* tp->event itself is released by trace_probe_unlink() */
	return trace_remove_event_call(&tp->event->call);
}

static inline bool trace_probe_has_single_file(struct trace_probe *tp)
{
	return !!list_is_singular(&tp->event->files);
}

#define trace_probe_for_each_link(pos, tp)	\
	list_for_each_entry(pos, &(tp)->event->files, list)
#define trace_probe_for_each_link_rcu(pos, tp)	\
	list_for_each_entry_rcu(pos, &(tp)->event->files, list)

int trace_probe_init(struct trace_probe *tp, const char *event,
		     const char *group, int nargs);
void trace_probe_cleanup(struct trace_probe *tp);
int trace_probe_append(struct trace_probe *tp, struct trace_probe *to);
void trace_probe_unlink(struct trace_probe *tp);
int trace_probe_register_event_call(struct trace_probe *tp);
int trace_probe_add_file(struct trace_probe *tp, struct trace_event_file *file);
int trace_probe_remove_file(struct trace_probe *tp,
			    struct trace_event_file *file);
struct event_file_link *trace_probe_get_file_link(struct trace_probe *tp,
						  struct trace_event_file *file);
int trace_probe_compare_arg_type(struct trace_probe *a, struct trace_probe *b);
bool trace_probe_match_command_args(struct trace_probe *tp,
				    int argc, const char **argv);
int trace_probe_create(const char *raw_command,
		       int (*createfn)(int, const char **));
int trace_probe_print_args(struct trace_seq *s, struct probe_arg *args,
			   int nr_args, u8 *data, void *field);

int traceprobe_update_arg(struct probe_arg *arg);
int traceprobe_set_print_fmt(struct trace_probe *tp,
			     enum probe_print_type ptype);
int traceprobe_define_arg_fields(struct trace_event_call *event_call,
				 size_t offset, struct trace_probe *tp);
void trace_probe_log_parse_err(const char *subsystem, int argc,
			       const char *argv[],
			       const struct probe_parse_err *err);

#ifdef CONFIG_HAVE_FUNCTION_ARG_ACCESS_API
int traceprobe_get_entry_data_size(struct trace_probe *tp);
void store_trace_entry_data(void *edata, struct trace_probe *tp,
			    struct pt_regs *regs);
#else
static inline int traceprobe_get_entry_data_size(struct trace_probe *tp)
{
	return 0;
}

static inline void store_trace_entry_data(void *edata, struct trace_probe *tp,
					  struct pt_regs *regs)
{
}
#endif

#ifdef CONFIG_PROBE_EVENTS_BTF_ARGS
extern const struct probe_btf_ops traceprobe_btf_ops;
#endif

#ifdef CONFIG_KPROBE_EVENTS
bool trace_kprobe_on_func_entry(struct trace_event_call *call);
bool trace_kprobe_error_injectable(struct trace_event_call *call);
#else
static inline bool trace_kprobe_on_func_entry(struct trace_event_call *call)
{
	return false;
}

static inline bool trace_kprobe_error_injectable(struct trace_event_call *call)
{
	return false;
}
#endif

#ifdef CONFIG_PERF_EVENTS
struct trace_event_call *
create_local_trace_kprobe(char *func, void *addr, unsigned long offs,
			  bool is_return);
void destroy_local_trace_kprobe(struct trace_event_call *event_call);
#endif

#endif /* __TRACE_PROBE_H */
