// SPDX-License-Identifier: GPL-2.0
/*
 * Uprobe-based trace events: the uprobe front end of probe events.
 *
 * "p|r[:[GRP/]EVENT] PATH:OFFSET[%return][(REF)] [ARGS]" written to
 * uprobe_events or dynamic_events goes through the shared creation
 * pipeline (trace_probe_create_cmd()) with the head parser of
 * trace_uprobe_parse.c.  This file owns what only uprobes have: the file
 * they probe, registration with the uprobes core when the event is
 * enabled (a breakpoint in every process that maps the file, now and
 * later), the per-process filter of perf events, the hit path in task
 * context (user memory may fault in), the perf uprobe PMU and BPF.
 */
#define pr_fmt(fmt)	"trace_uprobe: " fmt

#include <linux/bpf-cgroup.h>
#include <linux/filter.h>
#include <linux/namei.h>
#include <linux/percpu.h>
#include <linux/rculist.h>
#include <linux/security.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/uprobes.h>

#include "trace_probe.h"
#include "trace_uprobe_parse.h"

/**
 * struct uprobe_trace_entry_head - the fixed part of a uprobe record
 * @ent: the common fields
 * @vaddr: the probed address; for a uretprobe the function, then the
 *	address it returned to
 */
struct uprobe_trace_entry_head {
	struct trace_entry	ent;
	unsigned long		vaddr[];
};

/**
 * struct trace_uprobe_filter - which processes a perf-enabled event traces
 * @rwlock: guards the others
 * @nr_systemwide: perf events on every process
 * @perf_events: perf events on one task each (hw.tp_list)
 *
 * One per event (in &trace_probe_event.priv): the probes of a multi-probe
 * event trace the same processes.
 */
struct trace_uprobe_filter {
	rwlock_t		rwlock;
	int			nr_systemwide;
	struct list_head	perf_events;
};

/**
 * struct trace_uprobe - a uprobe or uretprobe event probe
 * @consumer: what the uprobes core calls on a hit
 * @path: the probed file, held while the probe exists
 * @filename: its path as the command gave it
 * @uprobe: the uprobe while the event is enabled, else NULL
 * @offset: the probed offset in the file
 * @ref_ctr_offset: offset of the SDT semaphore the uprobes core counts
 *	in, 0 if none
 * @nhits: per-CPU hit counts, for uprobe_profile
 * @tp: the probe; must be last (its arguments follow)
 *
 * Lifetime: created by a command, freed when deleted (or, for perf's
 * local probes, by destroy_local_trace_uprobe()).
 */
struct trace_uprobe {
	struct uprobe_consumer		consumer;
	struct path			path;
	char				*filename;
	struct uprobe			*uprobe;
	unsigned long			offset;
	unsigned long			ref_ctr_offset;
	unsigned long __percpu		*nhits;
	struct trace_probe		tp;
};

static struct trace_probe_ops trace_uprobe_ops;

static bool is_trace_uprobe(struct dyn_event *ev)
{
	return is_trace_probe_of(ev, &trace_uprobe_ops);
}

static struct trace_uprobe *tp_to_trace_uprobe(struct trace_probe *tp)
{
	return container_of(tp, struct trace_uprobe, tp);
}

static struct trace_uprobe *to_trace_uprobe(struct dyn_event *ev)
{
	return tp_to_trace_uprobe(to_trace_probe(ev));
}

static bool is_ret_probe(struct trace_uprobe *tu)
{
	return !!tu->consumer.ret_handler;
}

static struct trace_uprobe_filter *trace_uprobe_filter(struct trace_uprobe *tu)
{
	return (struct trace_uprobe_filter *)tu->tp.event->priv;
}

static struct trace_uprobe *
trace_uprobe_primary_from_call(struct trace_event_call *call)
{
	struct trace_probe *tp = trace_probe_primary_from_call(call);

	if (WARN_ON_ONCE(!tp))
		return NULL;
	return tp_to_trace_uprobe(tp);
}

/* --- The file system, for the head parser ------------------------------ */

static int trace_uprobe_lookup(void *data, const char *name, void **file,
			       bool *regular)
{
	struct path *path;
	int ret;

	path = kmalloc(sizeof(*path), GFP_KERNEL);
	if (!path)
		return -ENOMEM;
	ret = kern_path(name, LOOKUP_FOLLOW, path);
	if (ret) {
		kfree(path);
		return ret;
	}
	*regular = d_is_reg(path->dentry);
	*file = path;
	return 0;
}

static void trace_uprobe_put(void *data, void *file)
{
	path_put(file);
	kfree(file);
}

static const struct trace_uprobe_env trace_uprobe_lookups = {
	.lookup	= trace_uprobe_lookup,
	.put	= trace_uprobe_put,
};

/* --- Probes ---------------------------------------------------------------- */

static int uprobe_dispatcher(struct uprobe_consumer *con, struct pt_regs *regs);
static int uretprobe_dispatcher(struct uprobe_consumer *con,
				unsigned long func, struct pt_regs *regs);

static void free_trace_uprobe(struct trace_uprobe *tu)
{
	if (!tu)
		return;
	path_put(&tu->path);
	trace_probe_cleanup(&tu->tp);
	kfree(tu->filename);
	free_percpu(tu->nhits);
	kfree(tu);
}

/* A probe of @filename, without its file yet */
static struct trace_uprobe *alloc_trace_uprobe(const char *group,
					       const char *event,
					       const char *filename, int nargs,
					       enum probe_print_type ptype)
{
	struct trace_uprobe_filter *filter;
	struct trace_uprobe *tu;
	int ret = -ENOMEM;

	tu = kzalloc(struct_size(tu, tp.args, nargs), GFP_KERNEL);
	if (!tu)
		return ERR_PTR(-ENOMEM);
	tu->nhits = alloc_percpu(unsigned long);
	tu->filename = kstrdup(filename, GFP_KERNEL);
	if (tu->nhits && tu->filename)
		ret = trace_probe_init(&tu->tp, event, group, ptype, nargs,
				       sizeof(*filter));
	if (ret) {
		free_trace_uprobe(tu);
		return ERR_PTR(ret);
	}
	tu->consumer.handler = uprobe_dispatcher;
	if (ptype == PROBE_PRINT_RETURN)
		tu->consumer.ret_handler = uretprobe_dispatcher;
	filter = trace_uprobe_filter(tu);
	rwlock_init(&filter->rwlock);
	INIT_LIST_HEAD(&filter->perf_events);
	return tu;
}

/* &trace_probe_ops.alloc: the probe takes the head's file over */
static struct trace_probe *trace_uprobe_alloc(struct probe_head *head,
					      int nargs)
{
	struct trace_uprobe_head *uh = to_trace_uprobe_head(head);
	struct trace_uprobe *tu;
	struct path *path = uh->file;

	tu = alloc_trace_uprobe(head->group, head->event, uh->path, nargs,
				head->ptype);
	if (IS_ERR(tu))
		return ERR_CAST(tu);
	tu->offset = uh->offset;
	tu->ref_ctr_offset = uh->ref_ctr_offset;
	tu->path = *path;
	kfree(path);
	uh->file = NULL;
	return &tu->tp;
}

static void trace_uprobe_free(struct trace_probe *tp)
{
	free_trace_uprobe(tp_to_trace_uprobe(tp));
}

static struct inode *trace_uprobe_inode(struct trace_uprobe *tu)
{
	return d_real_inode(tu->path.dentry);
}

/* &trace_probe_ops.same_place: the same file (by inode) and offset */
static bool trace_uprobe_same_place(struct trace_probe *a,
				    struct trace_probe *b)
{
	struct trace_uprobe *x = tp_to_trace_uprobe(a);
	struct trace_uprobe *y = tp_to_trace_uprobe(b);

	return trace_uprobe_inode(x) == trace_uprobe_inode(y) &&
	       x->offset == y->offset;
}

/*
 * &trace_probe_ops.check: the uprobes core keeps one reference counter
 * per place, so no two probes of a place may name different ones.
 */
static int trace_uprobe_check(struct trace_probe *tp)
{
	struct trace_uprobe *new = tp_to_trace_uprobe(tp), *tu;
	struct dyn_event *pos;

	for_each_dyn_event(pos) {
		if (!is_trace_uprobe(pos))
			continue;
		tu = to_trace_uprobe(pos);
		if (trace_uprobe_same_place(&tu->tp, tp) &&
		    tu->ref_ctr_offset != new->ref_ctr_offset) {
			pr_warn("Reference counter offset mismatch.");
			return -EINVAL;
		}
	}
	return 0;
}

static struct trace_uprobe *find_trace_uprobe(const char *event,
					      const char *group)
{
	struct trace_probe *tp;

	tp = trace_probe_find(&trace_uprobe_ops, event, group);
	return tp ? tp_to_trace_uprobe(tp) : NULL;
}

/* --- Listing and deleting ------------------------------------------------ */

/* "-:EVENT PATH:0xOFFS[(0xREF)] NAME=ARG..." removes the probes that match */
static bool trace_uprobe_match_command_head(struct trace_uprobe *tu,
					    int argc, const char **argv)
{
	size_t len = strlen(tu->filename);
	char buf[MAX_ARGSTR_LEN + 1];

	if (!argc)
		return true;
	if (strncmp(tu->filename, argv[0], len) || argv[0][len] != ':')
		return false;
	trace_uprobe_format_place(buf, sizeof(buf), tu->offset,
				  tu->ref_ctr_offset);
	if (strcmp(buf, argv[0] + len + 1))
		return false;
	return trace_probe_match_command_args(&tu->tp, argc - 1, argv + 1);
}

static bool trace_uprobe_match(const char *system, const char *event,
			       int argc, const char **argv,
			       struct dyn_event *ev)
{
	struct trace_uprobe *tu = to_trace_uprobe(ev);

	return trace_probe_match_name(&tu->tp, system, event) &&
	       trace_uprobe_match_command_head(tu, argc, argv);
}

static int trace_uprobe_show(struct seq_file *m, struct dyn_event *ev)
{
	struct trace_uprobe *tu = to_trace_uprobe(ev);
	char place[MAX_ARGSTR_LEN + 1];

	trace_uprobe_format_place(place, sizeof(place), tu->offset,
				  tu->ref_ctr_offset);
	seq_printf(m, "%c:%s/%s %s:%s", is_ret_probe(tu) ? 'r' : 'p',
		   trace_probe_group_name(&tu->tp), trace_probe_name(&tu->tp),
		   tu->filename, place);
	trace_probe_show_args(m, &tu->tp);
	return 0;
}

static int create_or_delete_trace_uprobe(const char *raw_command)
{
	return trace_probe_run_command(&trace_uprobe_ops, raw_command);
}

/* --- tracefs files ----------------------------------------------------------- */

static int probes_seq_show(struct seq_file *m, void *v)
{
	struct dyn_event *ev = v;

	return is_trace_uprobe(ev) ? trace_uprobe_show(m, ev) : 0;
}

static const struct seq_operations probes_seq_op = {
	.start	= dyn_event_seq_start,
	.next	= dyn_event_seq_next,
	.stop	= dyn_event_seq_stop,
	.show	= probes_seq_show,
};

static int probes_open(struct inode *inode, struct file *file)
{
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;
	/* "echo > uprobe_events": all or nothing (-EBUSY if any is busy) */
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC)) {
		ret = dyn_events_release_all(&trace_uprobe_ops.dyn_ops);
		if (ret)
			return ret;
	}
	return seq_open(file, &probes_seq_op);
}

static ssize_t probes_write(struct file *file, const char __user *buffer,
			    size_t count, loff_t *ppos)
{
	return trace_parse_run_command(file, buffer, count, ppos,
				       create_or_delete_trace_uprobe);
}

static const struct file_operations uprobe_events_ops = {
	.owner		= THIS_MODULE,
	.open		= probes_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
	.write		= probes_write,
};

static unsigned long trace_uprobe_nhits(struct trace_uprobe *tu)
{
	unsigned long nhits = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		nhits += *per_cpu_ptr(tu->nhits, cpu);
	return nhits;
}

static int probes_profile_seq_show(struct seq_file *m, void *v)
{
	struct dyn_event *ev = v;
	struct trace_uprobe *tu;

	if (!is_trace_uprobe(ev))
		return 0;
	tu = to_trace_uprobe(ev);
	seq_printf(m, "  %s %-44s %15lu\n", tu->filename,
		   trace_probe_name(&tu->tp), trace_uprobe_nhits(tu));
	return 0;
}

static const struct seq_operations profile_seq_op = {
	.start	= dyn_event_seq_start,
	.next	= dyn_event_seq_next,
	.stop	= dyn_event_seq_stop,
	.show	= probes_profile_seq_show,
};

static int profile_open(struct inode *inode, struct file *file)
{
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;
	return seq_open(file, &profile_seq_op);
}

static const struct file_operations uprobe_profile_ops = {
	.owner		= THIS_MODULE,
	.open		= profile_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/* --- Fetching from user space ------------------------------------------------ */

/*
 * The memory primitives of the executor, for a probe hit in task context:
 * every address is a user address, and a page that is not there yet may
 * be faulted in.
 */
static nokprobe_inline int probe_mem_read(void *dest, void *src, size_t size)
{
	void __user *vaddr = (void __force __user *)src;

	return copy_from_user(dest, vaddr, size) ? -EFAULT : 0;
}

static nokprobe_inline int probe_mem_read_user(void *dest, void *src,
					       size_t size)
{
	return probe_mem_read(dest, src, size);
}

/* What a COMM load gives the string store: "this task's comm" */
#define UPROBE_FETCH_COMM	((unsigned long)-ECOMM)

/* The length of the string at @addr with its NUL; 0 if it is not there */
static nokprobe_inline int fetch_store_strlen(unsigned long addr)
{
	int len;

	if (addr == UPROBE_FETCH_COMM)
		return strlen(current->comm) + 1;
	len = strnlen_user((const char __user *)addr, MAX_STRING_SIZE);
	return len > MAX_STRING_SIZE ? 0 : len;
}

static nokprobe_inline int fetch_store_strlen_user(unsigned long addr)
{
	return fetch_store_strlen(addr);
}

/*
 * Copy the string at @addr into the room that the data_loc at @dest
 * describes (cut, NUL-terminated, if it does not fit), and make the
 * data_loc describe the copy; a string that faults gets length 0.
 */
static nokprobe_inline int fetch_store_string(unsigned long addr, void *dest,
					      void *base)
{
	int maxlen = get_loc_len(*(u32 *)dest);
	u8 *dst = get_loc_data(dest, base);
	long ret;

	if (unlikely(!maxlen))
		return -ENOMEM;
	if (addr == UPROBE_FETCH_COMM)
		ret = strscpy(dst, current->comm, maxlen);
	else
		ret = strncpy_from_user(dst, (const char __user *)addr, maxlen);
	if (ret < 0) {
		*(u32 *)dest = make_data_loc(0, (void *)dst - base);
		return ret;
	}
	if (ret == maxlen)
		dst[ret - 1] = '\0';	/* cut */
	else
		ret++;			/* the NUL it copied */
	*(u32 *)dest = make_data_loc(ret, (void *)dst - base);
	return ret;
}

static nokprobe_inline int fetch_store_string_user(unsigned long addr,
						   void *dest, void *base)
{
	return fetch_store_string(addr, dest, base);
}

#include "trace_probe_tmpl.h"
#include "trace_probe_record.h"

/* The @n-th word on the user stack, 0 if it cannot be read */
static unsigned long get_user_stack_nth(struct pt_regs *regs, unsigned int n)
{
	unsigned long addr = user_stack_pointer(regs), val;

	if (IS_ENABLED(CONFIG_STACK_GROWSUP))
		addr -= n * sizeof(long);
	else
		addr += n * sizeof(long);
	if (copy_from_user(&val, (void __user *)addr, sizeof(val)))
		return 0;
	return val;
}

/*
 * The load stage of uprobes; @edata is the &struct uprobe_dispatch_data of
 * the hit: "@+FOFFS" file offsets are read relative to its breakpoint.
 */
static int process_fetch_insn(struct fetch_insn *code, void *rec, void *edata,
			      void *dest, void *base)
{
	struct uprobe_dispatch_data *data = edata;
	struct pt_regs *regs = rec;
	unsigned long val;

	switch (code->op) {
	case FETCH_OP_REG:
		val = regs_get_register(regs, code->param);
		break;
	case FETCH_OP_STACK:
		val = get_user_stack_nth(regs, code->param);
		break;
	case FETCH_OP_STACKP:
		val = user_stack_pointer(regs);
		break;
	case FETCH_OP_RETVAL:
		val = regs_return_value(regs);
		break;
	case FETCH_OP_COMM:
		val = UPROBE_FETCH_COMM;
		break;
	case FETCH_OP_FOFFS:
		/* the file is mapped where the breakpoint's offset is */
		val = data->bp_addr - data->tu->offset + code->immediate;
		break;
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

/* --- Records ----------------------------------------------------------------- */

/**
 * struct uprobe_cpu_buffer - a CPU's page to fetch the arguments of a hit
 * @mutex: keeps the page to one task from the fetch to the last record:
 *	fetching user memory may fault a page in, so it happens where the
 *	task can sleep and move to another CPU
 * @buf: the page
 * @dsize: bytes of the arguments fetched into it
 *
 * The arguments are fetched once, before any record is reserved, and
 * copied into each.  Allocated while any uprobe event is enabled
 * (uprobe_buffer_refcnt, under event_mutex).
 */
struct uprobe_cpu_buffer {
	struct mutex	mutex;		/* owns @buf, see above */
	void		*buf;
	int		dsize;
};

static struct uprobe_cpu_buffer __percpu *uprobe_cpu_buffer;
static int uprobe_buffer_refcnt;

#define MAX_UCB_BUFFER_SIZE	PAGE_SIZE

static void uprobe_buffer_free(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		free_page((unsigned long)per_cpu_ptr(uprobe_cpu_buffer, cpu)->buf);
	free_percpu(uprobe_cpu_buffer);
	uprobe_cpu_buffer = NULL;
}

static int uprobe_buffer_init(void)
{
	struct uprobe_cpu_buffer *ucb;
	struct page *page;
	int cpu;

	uprobe_cpu_buffer = alloc_percpu(struct uprobe_cpu_buffer);
	if (!uprobe_cpu_buffer)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		ucb = per_cpu_ptr(uprobe_cpu_buffer, cpu);
		mutex_init(&ucb->mutex);
		page = alloc_pages_node(cpu_to_node(cpu), GFP_KERNEL, 0);
		if (!page) {
			uprobe_buffer_free();
			return -ENOMEM;
		}
		ucb->buf = page_address(page);
	}
	return 0;
}

static int uprobe_buffer_enable(void)
{
	int ret = 0;

	lockdep_assert_held(&event_mutex);
	if (uprobe_buffer_refcnt++ == 0) {
		ret = uprobe_buffer_init();
		if (ret)
			uprobe_buffer_refcnt--;
	}
	return ret;
}

static void uprobe_buffer_disable(void)
{
	lockdep_assert_held(&event_mutex);
	if (--uprobe_buffer_refcnt == 0)
		uprobe_buffer_free();
}

/*
 * Fetch the arguments into @buf.  The strings of a &trace_probe.onepass
 * probe are copied unmeasured into all the room the page has; if they
 * take all of it, one may have been cut where measuring first would have
 * cut another, so they are measured and fetched again.  Returns the bytes
 * the strings took.
 */
static int uprobe_fetch_args(struct trace_uprobe *tu, struct pt_regs *regs,
			     struct uprobe_dispatch_data *data, void *buf)
{
	int esize = probe_header_size(tu->tp.ptype);
	int room = MAX_UCB_BUFFER_SIZE - tu->tp.size;
	int dsize;

	if (tu->tp.onepass) {
		dsize = store_trace_args(buf, &tu->tp, regs, data, esize, room);
		if (dsize < room)
			return dsize;
	}
	dsize = min_t(int, __get_data_size(&tu->tp, regs, data), room);
	store_trace_args(buf, &tu->tp, regs, data, esize, dsize);
	return dsize;
}

/*
 * The arguments of the hit, fetched once into this CPU's page for every
 * record of the hit (trace instances and perf).  Strings are cut to the
 * room the page has left.  An event without arguments takes neither the
 * page nor its mutex: NULL.
 */
static struct uprobe_cpu_buffer *
prepare_uprobe_buffer(struct trace_uprobe *tu, struct pt_regs *regs,
		      struct uprobe_dispatch_data *data,
		      struct uprobe_cpu_buffer **ucbp)
{
	struct uprobe_cpu_buffer *ucb;

	if (!tu->tp.nr_args)
		return NULL;
	if (*ucbp)
		return *ucbp;
	ucb = per_cpu_ptr(uprobe_cpu_buffer, raw_smp_processor_id());
	mutex_lock(&ucb->mutex);
	ucb->dsize = tu->tp.size + uprobe_fetch_args(tu, regs, data, ucb->buf);
	*ucbp = ucb;
	return ucb;
}

static void uprobe_buffer_put(struct uprobe_cpu_buffer *ucb)
{
	if (ucb)
		mutex_unlock(&ucb->mutex);
}

/*
 * A hit as the record path sees it, its arguments fetched into @ucb (NULL:
 * it has none): at the probed place, or (@func set) at the return from
 * that function.  User registers are no place for a kernel stack trace to
 * start: @regs stays NULL.
 */
static void uprobe_hit_init(struct trace_probe_hit *hit,
			    struct trace_uprobe *tu, unsigned long func,
			    struct pt_regs *regs, struct uprobe_cpu_buffer *ucb)
{
	/*
	 * Fetched arguments, even none: the record is then never built in
	 * the per-CPU scratch, which needs preemption off and a uprobe
	 * handler runs preemptible.
	 */
	static const char no_args[1];

	trace_probe_hit_init(hit, &tu->tp, tu->tp.ptype, regs, NULL, NULL);
	hit->args = no_args;
	hit->dsize = 0;
	if (ucb) {
		hit->args = ucb->buf;
		hit->dsize = ucb->dsize - tu->tp.size;
	}
	hit->len = trace_probe_hit_hsize(hit) + tu->tp.size + hit->dsize;
	if (is_ret_probe(tu)) {
		hit->head[0] = func;
		hit->head[1] = instruction_pointer(regs);
	} else {
		hit->head[0] = instruction_pointer(regs);
	}
}

/*
 * Record a hit in every trace instance the event is enabled in.  The
 * arguments are fetched where the handler may sleep; the records are made
 * with preemption off: the pid filter, the triggers and a filtered record's
 * buffer are this CPU's, read through this_cpu_ptr().  The trace context
 * is taken before, where 6.12 takes it: a preempt count that
 * tracing_gen_ctx_dec() takes one from when it is 0 already.
 */
static void uprobe_trace_func(struct trace_uprobe *tu, unsigned long func,
			      struct pt_regs *regs, struct uprobe_dispatch_data *data,
			      struct uprobe_cpu_buffer **ucbp)
{
	struct trace_probe_hit hit __uninitialized;

	uprobe_hit_init(&hit, tu, func, regs,
			prepare_uprobe_buffer(tu, regs, data, ucbp));
	trace_probe_hit_context(&hit);
	preempt_disable_notrace();
	rcu_read_lock();
	trace_probe_record_hit(&hit);
	rcu_read_unlock();
	preempt_enable_notrace();
}

/* --- Enabling -------------------------------------------------------------------- */

typedef bool (*filter_func_t)(struct uprobe_consumer *self,
			      struct mm_struct *mm);

static int trace_uprobe_enable(struct trace_uprobe *tu, filter_func_t filter)
{
	struct uprobe *uprobe;

	tu->consumer.filter = filter;
	uprobe = uprobe_register(trace_uprobe_inode(tu), tu->offset,
				 tu->ref_ctr_offset, &tu->consumer);
	if (IS_ERR(uprobe))
		return PTR_ERR(uprobe);
	tu->uprobe = uprobe;
	return 0;
}

/* Unregister the uprobes of the event's probes, then wait for them once */
static void __probe_event_disable(struct trace_probe *tp)
{
	struct trace_uprobe *tu;
	bool sync = false;

	list_for_each_entry(tu, trace_probe_probe_list(tp), tp.list) {
		if (!tu->uprobe)
			continue;
		uprobe_unregister_nosync(tu->uprobe, &tu->consumer);
		tu->uprobe = NULL;
		sync = true;
	}
	if (sync)
		uprobe_unregister_sync();
}

/* &trace_probe_ops.disarm */
static void trace_uprobe_disarm_all(struct trace_probe *tp)
{
	__probe_event_disable(tp);
	uprobe_buffer_disable();
}

#ifdef CONFIG_PERF_EVENTS
static bool uprobe_perf_filter(struct uprobe_consumer *uc,
			       struct mm_struct *mm);
#endif

/*
 * &trace_probe_ops.arm: every uprobe of the event, filtering processes for
 * perf (the event serves perf or trace instances, not both: one_user)
 */
static int trace_uprobe_arm_all(struct trace_probe *tp)
{
	filter_func_t filter = NULL;
	struct trace_uprobe *tu;
	int ret;

#ifdef CONFIG_PERF_EVENTS
	if (trace_probe_test_flag(tp, TP_FLAG_PROFILE))
		filter = uprobe_perf_filter;
#endif
	ret = uprobe_buffer_enable();
	if (ret)
		return ret;
	list_for_each_entry(tu, trace_probe_probe_list(tp), tp.list) {
		ret = trace_uprobe_enable(tu, filter);
		if (ret) {
			trace_uprobe_disarm_all(tp);
			return ret;
		}
	}
	return 0;
}

/* --- perf and BPF -------------------------------------------------------------- */

#ifdef CONFIG_PERF_EVENTS
/* Does a per-task perf event of @filter trace a task of @mm? */
static bool __uprobe_perf_filter(struct trace_uprobe_filter *filter,
				 struct mm_struct *mm)
{
	struct perf_event *event;

	list_for_each_entry(event, &filter->perf_events, hw.tp_list)
		if (event->hw.target->mm == mm)
			return true;
	return false;
}

/*
 * Remove @event from @filter; returns whether the processes traced stay
 * the same (then the uprobes need no change).
 */
static bool trace_uprobe_filter_remove(struct trace_uprobe_filter *filter,
				       struct perf_event *event)
{
	bool done;

	write_lock(&filter->rwlock);
	if (event->hw.target) {
		list_del(&event->hw.tp_list);
		done = filter->nr_systemwide ||
		       (event->hw.target->flags & PF_EXITING) ||
		       __uprobe_perf_filter(filter, event->hw.target->mm);
	} else {
		filter->nr_systemwide--;
		done = filter->nr_systemwide;
	}
	write_unlock(&filter->rwlock);
	return done;
}

/*
 * Add @event to @filter; returns whether its processes are traced already.
 * A child's event (@event->parent, from fork) relies on the breakpoints
 * the fork copied, and one enabled on exec gets them when exec maps the
 * file.
 */
static bool trace_uprobe_filter_add(struct trace_uprobe_filter *filter,
				    struct perf_event *event)
{
	bool done;

	write_lock(&filter->rwlock);
	if (event->hw.target) {
		done = filter->nr_systemwide || event->parent ||
		       event->attr.enable_on_exec ||
		       __uprobe_perf_filter(filter, event->hw.target->mm);
		list_add(&event->hw.tp_list, &filter->perf_events);
	} else {
		done = filter->nr_systemwide;
		filter->nr_systemwide++;
	}
	write_unlock(&filter->rwlock);
	return done;
}

/* Install or remove the breakpoints of every probe of the event */
static int uprobe_perf_apply(struct trace_probe *tp, bool add)
{
	struct trace_uprobe *tu;
	int ret = 0;

	list_for_each_entry(tu, trace_probe_probe_list(tp), tp.list) {
		ret = uprobe_apply(tu->uprobe, &tu->consumer, add);
		if (ret)
			break;
	}
	return ret;
}

/* &trace_probe_ops.perf_close */
static int uprobe_perf_close(struct trace_probe *tp, struct perf_event *event)
{
	if (trace_uprobe_filter_remove(trace_uprobe_filter(tp_to_trace_uprobe(tp)),
				       event))
		return 0;
	return uprobe_perf_apply(tp, false);
}

/* &trace_probe_ops.perf_open */
static int uprobe_perf_open(struct trace_probe *tp, struct perf_event *event)
{
	int ret;

	if (trace_uprobe_filter_add(trace_uprobe_filter(tp_to_trace_uprobe(tp)),
				    event))
		return 0;
	ret = uprobe_perf_apply(tp, true);
	if (ret)
		uprobe_perf_close(tp, event);
	return ret;
}

/* &uprobe_consumer.filter while perf uses the event */
static bool uprobe_perf_filter(struct uprobe_consumer *uc, struct mm_struct *mm)
{
	struct trace_uprobe *tu = container_of(uc, struct trace_uprobe,
					       consumer);
	struct trace_uprobe_filter *filter = trace_uprobe_filter(tu);
	bool ret;

	/* without taking the lock when every process is traced anyway */
	if (READ_ONCE(filter->nr_systemwide))
		return true;
	read_lock(&filter->rwlock);
	ret = __uprobe_perf_filter(filter, mm);
	read_unlock(&filter->rwlock);
	return ret;
}

/* Whether the event's BPF programs, if any, let the hit be recorded */
static bool uprobe_run_bpf(struct trace_event_call *call, struct pt_regs *regs)
{
#ifdef CONFIG_BPF_EVENTS
	const struct bpf_prog_array *array;
	u32 ret;

	if (!bpf_prog_array_valid(call))
		return true;
	rcu_read_lock_trace();
	array = rcu_dereference_check(call->prog_array,
				      rcu_read_lock_trace_held());
	ret = bpf_prog_run_array_uprobe(array, regs, bpf_prog_run);
	rcu_read_unlock_trace();
	return ret;
#else
	return true;
#endif
}

static void __uprobe_perf_func(struct trace_uprobe *tu, unsigned long func,
			       struct pt_regs *regs,
			       struct uprobe_dispatch_data *data,
			       struct uprobe_cpu_buffer **ucbp)
{
	struct trace_event_call *call = trace_probe_event_call(&tu->tp);
	struct trace_probe_hit hit __uninitialized;

	if (!uprobe_run_bpf(call, regs))
		return;
	uprobe_hit_init(&hit, tu, func, regs,
			prepare_uprobe_buffer(tu, regs, data, ucbp));
	preempt_disable();
	trace_probe_perf_hit(&hit, regs);
	preempt_enable();
}

/*
 * A hit at the probe for perf.  A process no perf event traces any more
 * gets its breakpoint removed (UPROBE_HANDLER_REMOVE, which the uprobes
 * core confirms with the filter).
 */
static int uprobe_perf_func(struct trace_uprobe *tu, struct pt_regs *regs,
			    struct uprobe_dispatch_data *data,
			    struct uprobe_cpu_buffer **ucbp)
{
	if (!uprobe_perf_filter(&tu->consumer, current->mm))
		return UPROBE_HANDLER_REMOVE;
	if (!is_ret_probe(tu))
		__uprobe_perf_func(tu, 0, regs, data, ucbp);
	return 0;
}

/**
 * bpf_get_uprobe_info - describe the uprobe behind a perf event
 * @event: the perf event
 * @fd_type: receives BPF_FD_TYPE_UPROBE or BPF_FD_TYPE_URETPROBE
 * @filename: receives the probed file's path
 * @probe_offset: receives the offset in it
 * @probe_addr: receives 0
 * @perf_type_tracepoint: @event is a tracefs event, not a uprobe PMU one
 *
 * Return: 0, or -EINVAL if @event is not a uprobe event.
 */
int bpf_get_uprobe_info(const struct perf_event *event, u32 *fd_type,
			const char **filename, u64 *probe_offset,
			u64 *probe_addr, bool perf_type_tracepoint)
{
	const char *pevent = trace_event_name(event->tp_event);
	const char *group = event->tp_event->class->system;
	struct trace_uprobe *tu;

	if (perf_type_tracepoint)
		tu = find_trace_uprobe(pevent, group);
	else
		tu = trace_uprobe_primary_from_call(event->tp_event);
	if (!tu)
		return -EINVAL;
	*fd_type = is_ret_probe(tu) ? BPF_FD_TYPE_URETPROBE :
				      BPF_FD_TYPE_UPROBE;
	*filename = tu->filename;
	*probe_offset = tu->offset;
	*probe_addr = 0;
	return 0;
}
#endif /* CONFIG_PERF_EVENTS */

/* --- Dispatchers --------------------------------------------------------------- */

/* A hit at the probed place; a uretprobe's entry too (counted, not traced) */
static int uprobe_dispatcher(struct uprobe_consumer *con, struct pt_regs *regs)
{
	struct trace_uprobe *tu = container_of(con, struct trace_uprobe,
					       consumer);
	struct uprobe_dispatch_data data = {
		.tu = tu, .bp_addr = instruction_pointer(regs),
	};
	struct uprobe_cpu_buffer *ucb = NULL;
	unsigned int flags;
	int ret = 0;

	this_cpu_inc(*tu->nhits);
	/* for bpf_get_func_ip(), see struct uprobe_dispatch_data */
	current->utask->vaddr = (unsigned long)&data;
	if (WARN_ON_ONCE(!uprobe_cpu_buffer))
		return 0;
	flags = trace_probe_load_flag(&tu->tp);
	if ((flags & TP_FLAG_TRACE) && !is_ret_probe(tu))
		uprobe_trace_func(tu, 0, regs, &data, &ucb);
#ifdef CONFIG_PERF_EVENTS
	if (flags & TP_FLAG_PROFILE)
		ret = uprobe_perf_func(tu, regs, &data, &ucb);
#endif
	uprobe_buffer_put(ucb);
	return ret;
}

/* The return of a probed function, @func */
static int uretprobe_dispatcher(struct uprobe_consumer *con,
				unsigned long func, struct pt_regs *regs)
{
	struct trace_uprobe *tu = container_of(con, struct trace_uprobe,
					       consumer);
	struct uprobe_dispatch_data data = { .tu = tu, .bp_addr = func };
	struct uprobe_cpu_buffer *ucb = NULL;
	unsigned int flags;

	current->utask->vaddr = (unsigned long)&data;
	if (WARN_ON_ONCE(!uprobe_cpu_buffer))
		return 0;
	flags = trace_probe_load_flag(&tu->tp);
	if (flags & TP_FLAG_TRACE)
		uprobe_trace_func(tu, func, regs, &data, &ucb);
#ifdef CONFIG_PERF_EVENTS
	if (flags & TP_FLAG_PROFILE)
		__uprobe_perf_func(tu, func, regs, &data, &ucb);
#endif
	uprobe_buffer_put(ucb);
	return 0;
}

/* --- Output -------------------------------------------------------------------- */

/* "EVENT: (0xADDR) args", or "EVENT: (0xRET <- 0xFUNC) args" */
static enum print_line_t print_uprobe_event(struct trace_iterator *iter,
					    int flags,
					    struct trace_event *event)
{
	struct uprobe_trace_entry_head *entry = (void *)iter->ent;
	struct trace_seq *s = &iter->seq;
	struct trace_uprobe *tu;

	tu = trace_uprobe_primary_from_call(container_of(event,
							 struct trace_event_call,
							 event));
	if (unlikely(!tu))
		goto out;
	if (is_ret_probe(tu))
		trace_seq_printf(s, "%s: (0x%lx <- 0x%lx)",
				 trace_probe_name(&tu->tp), entry->vaddr[1],
				 entry->vaddr[0]);
	else
		trace_seq_printf(s, "%s: (0x%lx)", trace_probe_name(&tu->tp),
				 entry->vaddr[0]);
	if (trace_probe_print_args(s, tu->tp.args, tu->tp.nr_args,
				   (void *)entry + probe_header_size(tu->tp.ptype),
				   entry) < 0)
		goto out;
	trace_seq_putc(s, '\n');
out:
	return trace_handle_return(s);
}

static struct trace_event_functions uprobe_funcs = {
	.trace		= print_uprobe_event,
};

/* &trace_probe_ops.init_call */
static void init_trace_event_call(struct trace_probe *tp)
{
	struct trace_event_call *call = trace_probe_event_call(tp);

	call->event.funcs = &uprobe_funcs;
	call->flags = TRACE_EVENT_FL_UPROBE | TRACE_EVENT_FL_CAP_ANY;
}

#ifdef CONFIG_PERF_EVENTS
/**
 * create_local_trace_uprobe - a uprobe event for perf's uprobe PMU
 * @name: path of the probed file
 * @offs: offset in it
 * @ref_ctr_offset: offset of its SDT semaphore, 0 if none
 * @is_return: a return probe
 *
 * The event has no arguments and is not in the dynamic event list, so its
 * name ("DUMMY_EVENT") repeats.
 *
 * Return: the event, or an ERR_PTR().
 */
struct trace_event_call *
create_local_trace_uprobe(char *name, unsigned long offs,
			  unsigned long ref_ctr_offset, bool is_return)
{
	struct trace_uprobe *tu;
	struct path path;
	int ret;

	ret = kern_path(name, LOOKUP_FOLLOW, &path);
	if (ret)
		return ERR_PTR(ret);
	if (!d_is_reg(path.dentry)) {
		path_put(&path);
		return ERR_PTR(-EINVAL);
	}
	tu = alloc_trace_uprobe(UPROBE_EVENT_SYSTEM, "DUMMY_EVENT", name, 0,
				is_return ? PROBE_PRINT_RETURN :
					    PROBE_PRINT_NORMAL);
	if (IS_ERR(tu)) {
		path_put(&path);
		return ERR_CAST(tu);
	}
	tu->offset = offs;
	tu->path = path;
	tu->ref_ctr_offset = ref_ctr_offset;
	/* never listed, but trace_probe_reg() finds the front end by it */
	dyn_event_init(&tu->tp.devent, &trace_uprobe_ops.dyn_ops);
	init_trace_event_call(&tu->tp);
	ret = traceprobe_set_print_fmt(&tu->tp);
	if (ret) {
		free_trace_uprobe(tu);
		return ERR_PTR(ret);
	}
	return trace_probe_event_call(&tu->tp);
}

/**
 * destroy_local_trace_uprobe - release a create_local_trace_uprobe() event
 * @event_call: the event; perf must have disabled it
 */
void destroy_local_trace_uprobe(struct trace_event_call *event_call)
{
	free_trace_uprobe(trace_uprobe_primary_from_call(event_call));
}
#endif /* CONFIG_PERF_EVENTS */

/* --- Setup ------------------------------------------------------------------- */

static int trace_uprobe_create(const char *raw_command)
{
	return trace_probe_create(raw_command, &trace_uprobe_ops);
}

static struct trace_probe_ops trace_uprobe_ops = {
	.dyn_ops = {
		.create		= trace_uprobe_create,
		.show		= trace_uprobe_show,
		.is_busy	= trace_probe_is_busy,
		.free		= trace_probe_release,
		.match		= trace_uprobe_match,
	},
	.cmd		= &trace_uprobe_cmd_ops,
	.env		= &trace_uprobe_lookups,
	.alloc		= trace_uprobe_alloc,
	.free		= trace_uprobe_free,
	.init_call	= init_trace_event_call,
	.check		= trace_uprobe_check,
	.same_place	= trace_uprobe_same_place,
	.arm		= trace_uprobe_arm_all,
	.disarm		= trace_uprobe_disarm_all,
#ifdef CONFIG_PERF_EVENTS
	.perf_open	= uprobe_perf_open,
	.perf_close	= uprobe_perf_close,
#endif
	.one_user	= true,
};

/* uprobe_events and uprobe_profile, and uprobes in dynamic_events */
static __init int init_uprobe_trace(void)
{
	int ret;

	/* the record headers that probe_headers[] describes */
	BUILD_BUG_ON(sizeof(struct uprobe_trace_entry_head) !=
		     sizeof(struct trace_entry));
	ret = dyn_event_register(&trace_uprobe_ops.dyn_ops);
	if (ret)
		return ret;
	if (tracing_init_dentry())
		return 0;
	trace_create_file("uprobe_events", TRACE_MODE_WRITE, NULL, NULL,
			  &uprobe_events_ops);
	trace_create_file("uprobe_profile", TRACE_MODE_READ, NULL, NULL,
			  &uprobe_profile_ops);
	return 0;
}

fs_initcall(init_uprobe_trace);
