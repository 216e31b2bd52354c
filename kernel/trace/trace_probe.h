/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Probe events: the objects shared by the probe front ends (kprobes,
 * uprobes, eprobes, fprobes and tprobes) and the API the rest of the
 * tracing subsystem calls.
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
#include "trace_dynevent.h"
#include "trace_output.h"
#include "trace_probe_parse.h"

/* Longest string a probe copies into a record, NUL included */
#define MAX_STRING_SIZE		PATH_MAX

/* Printed for a string whose read faulted */
#define FAULT_STRING		"(fault)"

/* Flags of &trace_probe_event.flags */
#define TP_FLAG_TRACE		1	/* linked to at least one trace file */
#define TP_FLAG_PROFILE		2	/* used by perf or BPF */
/* Group enable batches (trace_probe.c), under event_mutex: */
#define TP_FLAG_BATCHED		4	/* in a group enable/disable batch */
#define TP_FLAG_BATCH_ARMED	8	/* armed but not enabled (yet) */

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
 * @kind: &probe_head.kind of its probes: they all have the same
 * @class: its event class (system = group name)
 * @call: its event call (name = event name)
 * @files: &event_file_link of every trace instance it is enabled in
 * @probes: the &trace_probe list; the first one defines the fields
 * @field_strings: copies of field names and types, which must live as long
 *	as the field list, i.e. as long as this event
 * @nr_field_strings: number of entries in @field_strings
 * @priv: the front end's per-event data (uprobes keep their perf filter
 *	there), as large as trace_probe_init() was asked for
 *
 * Lifetime: allocated by trace_probe_init() with its first probe, freed
 * when the last probe is unlinked (trace_probe_unlink()).
 */
struct trace_probe_event {
	unsigned int			flags;
	u8				kind;
	struct trace_event_class	class;
	struct trace_event_call		call;
	struct list_head		files;
	struct list_head		probes;
	char				**field_strings;
	int				nr_field_strings;
	unsigned long			priv[];
};

/**
 * struct trace_probe - one probe (one probed place) of an event
 * @list: entry in &trace_probe_event.probes; once deleted and waiting for
 *	its grace period, in trace_probe.c's list of dying probes
 * @event: the event it records
 * @devent: its entry in the dynamic event list; its ops lead to the
 *	front end's &struct trace_probe_ops
 * @size: bytes of the fixed argument area of a record
 * @nr_args: number of arguments
 * @ptype: the fixed header of its records
 * @frees_event: a dying probe that was the last of its event: frees it
 * @dynamic: some argument is a string, whose size varies per hit
 * @onepass: @dynamic, and the strings can be copied unmeasured into a
 *	bounded room: none is a symstr, whose data_loc gives the room
 * @plain_load: every argument is a pt_regs register (FETCH_OP_REG), or
 *	every one a function argument (FETCH_OP_ARG), stored as it is (the
 *	load, ST_RAW, END); 0 otherwise
 * @entry_arg: return probes only: the program run at function entry
 * @args: the arguments
 *
 * Lifetime: embedded at the end of the front end's probe object, set up by
 * trace_probe_init() and torn down by trace_probe_cleanup().  A probe made
 * by a command is freed when it is deleted (trace_probe_release()).
 */
struct trace_probe {
	struct list_head		list;
	struct trace_probe_event	*event;
	struct dyn_event		devent;
	ssize_t				size;
	unsigned int			nr_args;
	u8				ptype;
	bool				frees_event;
	bool				dynamic;
	bool				onepass;
	u8				plain_load;
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

/**
 * struct trace_probe_ops - a probe front end, as the shared code drives it
 * @dyn_ops: its dynamic event operations; the dyn_event of each of its
 *	probes points here, which leads back to these ops
 * @cmd: the syntax of its definitions
 * @env: the kernel lookups of its head parser (@cmd's env)
 * @alloc: make a probe for a parsed head, with room for @nargs arguments
 *	(trace_probe_init() done); ERR_PTR() on failure
 * @free: free a probe that is not registered (any more)
 * @prepare: optional: once the arguments are parsed, before the event is
 *	registered, with the parsed head (kretprobes set up their entry
 *	handler there)
 * @init_call: set up the event: its output and flags (its fields and
 *	its reg() are the library's: trace_probe_init())
 * @check: optional, under event_mutex, before anything is registered: a
 *	check against the probes already there; -errno refuses the probe
 * @same_place: whether two probes of an event probe the same place (the
 *	same probe, if their arguments are written alike); NULL when an event
 *	never has more than one probe (eprobes)
 * @attach: optional, under event_mutex, once the probe has its event:
 *	register the probe with its kernel facility (kprobes, fprobes).  Its
 *	failures are logged at the probe place.
 * @detach: optional: unregister what @attach registered
 * @detach_nosync: optional: @detach in two halves, for a deletion that
 *	does not wait.  This one, under event_mutex, takes the probe off:
 *	nothing lists it or calls it any more, but a handler already running
 *	may go on until an RCU grace period has passed
 * @detach_finish: optional, with @detach_nosync: the rest of @detach,
 *	after that grace period (shared by the deletions pending then:
 *	trace_probe_release())
 * @arm: arm every probe of the event of @tp (its primary probe), all or
 *	none, when the event gets its first user (a trace instance or perf):
 *	register them with their facility, or enable them there
 * @disarm: disarm them again, when the event has no user left
 * @arm_file: instead of @arm and @disarm, for a front end that records
 *	each trace instance on its own (eprobes: a trigger on the attached
 *	event of that instance): hook the event up for @file; such a front
 *	end has no perf side
 * @disarm_file: undo @arm_file for @file
 * @perf_open: optional: a perf event opens on the event (uprobes note the
 *	task it traces for their filter); -errno refuses it
 * @perf_close: optional: undo @perf_open
 * @one_user: the event serves trace instances or perf, not both at once
 *	(uprobes: their process filter is perf's); enabling it for the other
 *	fails with -EINTR, as in 6.12
 * @arm_batch: optional, with @disarm_batch: arm every probe of the events
 *	of @tps (their primary probes) together, all or nothing, for a group
 *	enable (trace_probe_batch_add()); the events are not enabled yet
 * @disarm_batch: disarm every probe of the events of @tps together
 *
 * The creation pipeline, the registration, enabling (trace_probe_reg())
 * and the deletion of every front end run in trace_probe.c; the front end
 * keeps only what differs.  A new one writes: its head parser and head
 * (&struct probe_cmd_ops, a *_parse.c file that the host tests build);
 * @alloc and @free; @init_call, with its output; @attach or @arm and
 * @disarm, whatever its facility needs; and its dispatcher, which
 * describes a hit (&struct trace_probe_hit: the header words its record
 * type has in probe_headers[]) for the shared record path.
 */
struct trace_probe_ops {
	struct dyn_event_operations	dyn_ops;
	const struct probe_cmd_ops	*cmd;
	const void			*env;
	struct trace_probe *(*alloc)(struct probe_head *head, int nargs);
	void	(*free)(struct trace_probe *tp);
	int	(*prepare)(struct trace_probe *tp, struct probe_head *head);
	void	(*init_call)(struct trace_probe *tp);
	int	(*check)(struct trace_probe *tp);
	bool	(*same_place)(struct trace_probe *a, struct trace_probe *b);
	int	(*attach)(struct trace_probe *tp);
	void	(*detach)(struct trace_probe *tp);
	void	(*detach_nosync)(struct trace_probe *tp);
	void	(*detach_finish)(struct trace_probe *tp);
	int	(*arm)(struct trace_probe *tp);
	void	(*disarm)(struct trace_probe *tp);
	int	(*arm_file)(struct trace_probe *tp,
			    struct trace_event_file *file);
	void	(*disarm_file)(struct trace_probe *tp,
			       struct trace_event_file *file);
	int	(*perf_open)(struct trace_probe *tp, struct perf_event *event);
	int	(*perf_close)(struct trace_probe *tp, struct perf_event *event);
	bool	one_user;
	int	(*arm_batch)(struct trace_probe **tps, unsigned int nr);
	void	(*disarm_batch)(struct trace_probe **tps, unsigned int nr);
};

static inline struct trace_probe *to_trace_probe(struct dyn_event *ev)
{
	return container_of(ev, struct trace_probe, devent);
}

static inline struct trace_probe_ops *trace_probe_ops_of(struct trace_probe *tp)
{
	return container_of(tp->devent.ops, struct trace_probe_ops, dyn_ops);
}

static inline bool is_trace_probe_of(struct dyn_event *ev,
				     struct trace_probe_ops *ops)
{
	return ev->ops == &ops->dyn_ops;
}

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

/*
 * Per-CPU room to build a record once for several instances or for a
 * filter, and to copy strings into without measuring them (see
 * trace_probe_record.h).  Probe handlers that use it do not nest on a CPU
 * (a kprobe hit inside one is counted as missed), @busy only guards
 * against a caller that breaks that.  A longer record takes the generic
 * path; so does every record while the scratch is not allocated.
 */
#define TRACE_PROBE_SCRATCH_SIZE	2048

struct trace_probe_scratch {
	unsigned int	busy;
	u8		rec[TRACE_PROBE_SCRATCH_SIZE] __aligned(sizeof(long));
};

extern struct trace_probe_scratch __percpu *trace_probe_scratch;

#define trace_probe_for_each_link(pos, tp)	\
	list_for_each_entry(pos, &(tp)->event->files, list)
#define trace_probe_for_each_link_rcu(pos, tp)	\
	list_for_each_entry_rcu(pos, &(tp)->event->files, list)

int trace_probe_init(struct trace_probe *tp, const char *event,
		     const char *group, enum probe_print_type ptype,
		     int nargs, size_t priv_size);
void trace_probe_cleanup(struct trace_probe *tp);
int trace_probe_append(struct trace_probe *tp, struct trace_probe *to);
void trace_probe_unlink(struct trace_probe *tp);
int trace_probe_register_event_call(struct trace_probe *tp);
int trace_probe_add_file(struct trace_probe *tp, struct trace_event_file *file);
int trace_probe_remove_file(struct trace_probe *tp,
			    struct trace_event_file *file);
struct event_file_link *trace_probe_get_file_link(struct trace_probe *tp,
						  struct trace_event_file *file);
int trace_probe_enable(struct trace_probe *tp, struct trace_event_file *file);
int trace_probe_disable(struct trace_probe *tp, struct trace_event_file *file);
int trace_probe_reg(struct trace_event_call *call, enum trace_reg type,
		    void *data);
bool trace_probe_match_command_args(struct trace_probe *tp,
				    int argc, const char **argv);
int trace_probe_create(const char *raw_command, struct trace_probe_ops *ops);
int trace_probe_create_cmd(struct trace_probe_ops *ops, int argc,
			   const char *argv[]);
int trace_probe_run_command(struct trace_probe_ops *ops,
			    const char *raw_command);
struct trace_probe *trace_probe_find(struct trace_probe_ops *ops,
				     const char *event, const char *group);
int trace_probe_remove(struct trace_probe *tp);
void trace_probe_destroy(struct trace_probe *tp);
int trace_probe_release(struct dyn_event *ev);
bool trace_probe_is_busy(struct dyn_event *ev);
bool trace_probe_match_name(struct trace_probe *tp, const char *system,
			    const char *event);
void trace_probe_show_args(struct seq_file *m, struct trace_probe *tp);
int trace_probe_print_args(struct trace_seq *s, struct probe_arg *args,
			   int nr_args, u8 *data, void *field);

int traceprobe_update_arg(struct probe_arg *arg);
int traceprobe_set_print_fmt(struct trace_probe *tp);
int traceprobe_define_arg_fields(struct trace_event_call *event_call,
				 size_t offset, struct trace_probe *tp);
extern struct trace_event_functions trace_probe_kernel_funcs;
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

/**
 * struct uprobe_dispatch_data - a uprobe hit being dispatched
 * @tu: the probe that was hit
 * @bp_addr: where its breakpoint is in this process (for a uretprobe, the
 *	function's entry)
 *
 * While the handlers run, current->utask->vaddr points to it: that is
 * where bpf_get_func_ip() of a uprobe BPF program finds @bp_addr.
 */
struct uprobe_dispatch_data {
	struct trace_uprobe	*tu;
	unsigned long		bp_addr;
};

#ifdef CONFIG_PERF_EVENTS
struct trace_event_call *
create_local_trace_kprobe(char *func, void *addr, unsigned long offs,
			  bool is_return);
void destroy_local_trace_kprobe(struct trace_event_call *event_call);
struct trace_event_call *
create_local_trace_uprobe(char *name, unsigned long offs,
			  unsigned long ref_ctr_offset, bool is_return);
void destroy_local_trace_uprobe(struct trace_event_call *event_call);
#endif

#endif /* __TRACE_PROBE_H */
