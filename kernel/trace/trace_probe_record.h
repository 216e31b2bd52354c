/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The record path of probe events, shared by every front end: write one
 * hit into each trace instance its event is enabled in, and into perf.
 *
 * No include guard on purpose: like trace_probe_tmpl.h, after which it
 * comes, this is a template for each front end, whose process_fetch_insn()
 * fetches the arguments.  The front end's dispatcher describes the hit in a
 * &struct trace_probe_hit and calls trace_probe_record_hit() (or, for one
 * instance, trace_probe_record_file()) and trace_probe_perf_hit().
 *
 * A record is written straight into each instance's ring buffer (reserve,
 * fill, commit) whenever the event file needs nothing else from
 * trace_event_buffer_reserve() and _commit(): trace core says so
 * (trace_event_file_direct()) and commits it (trace_event_direct_commit()).
 * A filter alone does not need the generic path: it runs on a scratch copy
 * of the record, and a rejected record never touches the ring buffer.  A
 * record that goes to several instances is built once in the scratch and
 * copied; so are the strings of a probe that can copy them without
 * measuring them first (&trace_probe.onepass).
 */

/**
 * struct trace_probe_hit - one hit being recorded
 * @tp: the probe that was hit
 * @rec: what its fetch programs read: the registers, or the record of the
 *	event an eprobe is attached to
 * @edata: what a return probe saved at the function's entry, for the fetch
 *	programs of its entry arguments
 * @regs: where a stack trace after the record starts (the stacktrace
 *	option), or NULL for the caller's own stack
 * @head: the words of the record between its common fields and its
 *	arguments, as probe_headers[] names them for @tp's record type: the
 *	front end sets them
 * @nr_head: their number (probe_header_words() of the record type)
 * @args: the arguments fetched already (uprobes fetch where they may
 *	sleep), set with @dsize and @len; NULL to fetch them here
 * @dsize: bytes of dynamic data (strings) in the record; -1 until measured
 * @len: bytes of the record, once @dsize is known
 * @have_ctx: @trace_ctx is taken
 * @trace_ctx: the trace context of the hit's records: taken for the first
 *	record written straight to a ring buffer, or by the front end before
 *	it records (the generic path takes its own unless it is taken)
 * @scratch: this CPU's scratch record, once the record is built there
 *
 * What every instance gets is the same record, so it is measured, given
 * its trace context and built at most once per hit.
 */
struct trace_probe_hit {
	struct trace_probe		*tp;
	void				*rec;
	void				*edata;
	struct pt_regs			*regs;
	unsigned long			head[PROBE_HEADER_MAX_WORDS];
	unsigned int			nr_head;
	const void			*args;
	int				dsize;
	unsigned int			len;
	bool				have_ctx;
	unsigned int			trace_ctx;
	struct trace_probe_scratch	*scratch;
};

/*
 * Start describing a hit of @tp, whose records are of type @ptype (the
 * front end passes a constant where it knows it, so that the number of
 * header words folds).  The front end then sets the head words, and
 * @args if it fetched already.  Field by field, every field that is
 * read before it is written: this runs on every hit, so the front end
 * declares its &struct trace_probe_hit __uninitialized, and neither an
 * initializer nor CONFIG_INIT_STACK_ALL_ZERO zeroes all of it first.
 */
static __always_inline void trace_probe_hit_init(struct trace_probe_hit *hit,
						 struct trace_probe *tp,
						 enum probe_print_type ptype,
						 void *rec, void *edata,
						 struct pt_regs *regs)
{
	hit->tp = tp;
	hit->rec = rec;
	hit->edata = edata;
	hit->regs = regs;
	hit->nr_head = probe_header_words(ptype);
	hit->args = NULL;
	hit->dsize = -1;
	hit->len = 0;
	hit->have_ctx = false;
	hit->scratch = NULL;
}

/* Bytes from the start of the record to the arguments */
static nokprobe_inline int trace_probe_hit_hsize(struct trace_probe_hit *hit)
{
	return sizeof(struct trace_entry) + hit->nr_head * sizeof(long);
}

/* Measure the dynamic arguments, the first time a record needs them */
static nokprobe_inline void trace_probe_hit_measure(struct trace_probe_hit *hit)
{
	if (hit->dsize >= 0)
		return;
	hit->dsize = __get_data_size(hit->tp, hit->rec, hit->edata);
	hit->len = trace_probe_hit_hsize(hit) + hit->tp->size + hit->dsize;
}

/* The trace context of the records that bypass the generic path, once */
static nokprobe_inline void trace_probe_hit_context(struct trace_probe_hit *hit)
{
	if (hit->have_ctx)
		return;
	hit->trace_ctx = tracing_gen_ctx_dec();
	hit->have_ctx = true;
}

/*
 * The head words and the arguments of the record at @entry, with
 * @hit->dsize bytes of room for strings.  Returns the bytes those took.
 */
static nokprobe_inline int trace_probe_hit_fill_args(struct trace_probe_hit *hit,
						     void *entry)
{
	unsigned long *head = entry + sizeof(struct trace_entry);
	int hsize = trace_probe_hit_hsize(hit);
	unsigned int i;

	for (i = 0; i < hit->nr_head; i++)
		head[i] = hit->head[i];
	if (hit->args) {
		memcpy(entry + hsize, hit->args, hit->tp->size + hit->dsize);
		return hit->dsize;
	}
	return store_trace_args(entry + hsize, hit->tp, hit->rec, hit->edata,
				hsize, hit->dsize);
}

/* The whole record at @entry, common fields included */
static nokprobe_inline int trace_probe_hit_fill(struct trace_probe_hit *hit,
						void *entry)
{
	tracing_generic_entry_update(entry, hit->tp->event->call.event.type,
				     hit->trace_ctx);
	return trace_probe_hit_fill_args(hit, entry);
}

/* The record path of trace_event_buffer_reserve() and _commit() */
static __always_inline void
trace_probe_record_generic(struct trace_probe_hit *hit,
			   struct trace_event_file *file)
{
	struct trace_event_buffer fbuffer;
	void *entry;

	trace_probe_hit_measure(hit);
	entry = trace_event_buffer_reserve(&fbuffer, file, hit->len);
	if (!entry)
		return;
	fbuffer.regs = hit->regs;
	if (hit->have_ctx) {
		/*
		 * Where the front end took it (uprobes: in their handler,
		 * which runs preemptible, before they turn preemption off
		 * to record), not here: the filter, the triggers and the
		 * stack trace after the record see it too
		 */
		fbuffer.trace_ctx = hit->trace_ctx;
		trace_probe_hit_fill(hit, entry);
	} else {
		trace_probe_hit_fill_args(hit, entry);
	}
	trace_event_buffer_commit(&fbuffer);
}

/*
 * Fill @scratch without measuring the strings first: they get all the
 * room it has, which is then cut down to what they took.  A record that
 * takes all of it may have had a string cut, so it is not used: false.
 */
static nokprobe_inline bool
trace_probe_hit_fill_unmeasured(struct trace_probe_hit *hit,
				struct trace_probe_scratch *scratch)
{
	int fixed = trace_probe_hit_hsize(hit) + hit->tp->size;
	int used;

	if (fixed >= TRACE_PROBE_SCRATCH_SIZE)
		return false;
	hit->dsize = TRACE_PROBE_SCRATCH_SIZE - fixed;
	used = trace_probe_hit_fill(hit, scratch->rec);
	if (used >= hit->dsize) {
		hit->dsize = -1;
		return false;
	}
	hit->dsize = used;
	hit->len = fixed + used;
	return true;
}

/*
 * Build the record in this CPU's scratch, once; NULL if it cannot.  The
 * strings of a &trace_probe.onepass probe are copied in one pass, not
 * measured and then copied.  Only for a hit with preemption disabled.
 */
static nokprobe_inline void *trace_probe_hit_build(struct trace_probe_hit *hit)
{
	struct trace_probe_scratch __percpu *pcpu;
	struct trace_probe_scratch *scratch;

	if (hit->scratch)
		return hit->scratch->rec;
	if (!hit->tp->onepass)
		trace_probe_hit_measure(hit);
	pcpu = READ_ONCE(trace_probe_scratch);
	if (!pcpu || hit->len > TRACE_PROBE_SCRATCH_SIZE)
		return NULL;
	scratch = this_cpu_ptr(pcpu);
	if (scratch->busy)
		return NULL;
	scratch->busy = 1;
	/*
	 * A probe hit in an interrupt (an fprobe inside a kprobe's handler)
	 * sees the flag before the fill's first store, not after its last
	 */
	barrier();
	if (hit->dsize >= 0) {
		trace_probe_hit_fill(hit, scratch->rec);
	} else if (!trace_probe_hit_fill_unmeasured(hit, scratch)) {
		barrier();
		scratch->busy = 0;
		return NULL;
	}
	hit->scratch = scratch;
	return scratch->rec;
}

/*
 * Record the hit in @file's instance from the scratch copy, past @file's
 * filter.  False if there is no scratch copy to be had.
 */
static __always_inline bool
trace_probe_record_copy(struct trace_probe_hit *hit,
			struct trace_event_file *file)
{
	struct trace_buffer *buffer = file->tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	void *copy = trace_probe_hit_build(hit);

	if (!copy)
		return false;
	if ((file->flags & EVENT_FILE_FL_FILTERED) &&
	    !filter_match_preds(file->filter, copy))
		return true;
	event = ring_buffer_lock_reserve(buffer, hit->len);
	if (!event)
		return true;
	memcpy(ring_buffer_event_data(event), copy, hit->len);
	trace_event_direct_commit(file->tr, buffer, event, hit->trace_ctx,
				  hit->regs);
	return true;
}

/*
 * Whether @file is the only instance the record goes to: @files is the
 * list of the event's instances, or NULL when the caller records into
 * @file alone.  Not list_is_singular(): the list is not empty, @file's
 * link is on it.
 */
static nokprobe_inline bool trace_probe_only_file(struct list_head *files)
{
	return !files || READ_ONCE(files->next) == READ_ONCE(files->prev);
}

/*
 * Record the hit in @file's instance straight on its ring buffer: filled
 * in place when the record is fetched already, or goes to this instance
 * only (see trace_probe_only_file()) and through no filter; else copied
 * from scratch.  False if that cannot be done after all: the generic path
 * is left to do it.
 */
static nokprobe_inline bool
trace_probe_record_direct(struct trace_probe_hit *hit,
			  struct trace_event_file *file,
			  struct list_head *files)
{
	struct trace_buffer *buffer = file->tr->array_buffer.buffer;
	bool filtered = file->flags & EVENT_FILE_FL_FILTERED;
	struct ring_buffer_event *event;

	/* tracing_on is 0: the reservation would fail, do not even measure */
	if (unlikely(READ_ONCE(file->tr->buffer_disabled)))
		return true;
	/* a stack trace from here would skip as if from the generic path */
	if (unlikely((file->tr->trace_flags & TRACE_ITER_STACKTRACE) &&
		     !hit->regs))
		return false;
	trace_probe_hit_context(hit);
	if (hit->args) {
		/* fetched where the scratch is not to be had: filter there */
		if (filtered)
			return false;
	} else if (hit->tp->onepass ||
		   unlikely(hit->scratch || filtered ||
			    !trace_probe_only_file(files))) {
		return trace_probe_record_copy(hit, file);
	}
	trace_probe_hit_measure(hit);
	event = ring_buffer_lock_reserve(buffer, hit->len);
	if (!event)
		return true;
	trace_probe_hit_fill(hit, ring_buffer_event_data(event));
	trace_event_direct_commit(file->tr, buffer, event, hit->trace_ctx,
				  hit->regs);
	return true;
}

/*
 * Record @hit in the instance of @file, one of the event's instances
 * @files (NULL: the only one the hit is recorded in)
 */
static nokprobe_inline void trace_probe_record_in(struct trace_probe_hit *hit,
						  struct trace_event_file *file,
						  struct list_head *files)
{
	if (likely(trace_event_file_direct(file)) &&
	    trace_probe_record_direct(hit, file, files))
		return;
	if (!trace_trigger_soft_disabled(file))
		trace_probe_record_generic(hit, file);
}

/* Give back the scratch record the hit was built in, if any */
static nokprobe_inline void trace_probe_hit_done(struct trace_probe_hit *hit)
{
	if (unlikely(hit->scratch)) {
		/* the copies from it are done before it is given back */
		barrier();
		hit->scratch->busy = 0;
	}
}

/*
 * Record @hit in every trace instance the event is enabled in.  All of the
 * path is inline, the rare branches too: no function outside the
 * dispatcher sees @hit, so the compiler keeps it in registers, and what
 * the dispatcher knows about the hit (how many head words, whether the
 * arguments are fetched already) folds away.
 */
static __always_inline void trace_probe_record_hit(struct trace_probe_hit *hit)
{
	struct event_file_link *link;

	trace_probe_for_each_link_rcu(link, hit->tp)
		trace_probe_record_in(hit, link->file, &hit->tp->event->files);
	trace_probe_hit_done(hit);
}

/* Record @hit in the instance of @file only (eprobes: one per instance) */
static __always_inline void trace_probe_record_file(struct trace_probe_hit *hit,
						    struct trace_event_file *file)
{
	trace_probe_record_in(hit, file, NULL);
	trace_probe_hit_done(hit);
}

#ifdef CONFIG_PERF_EVENTS
/*
 * Record @hit into perf's buffer for the event's perf events on this CPU;
 * @regs are the registers perf samples.  Preemption must be disabled.
 */
static nokprobe_inline void trace_probe_perf_hit(struct trace_probe_hit *hit,
						 struct pt_regs *regs)
{
	struct trace_event_call *call = trace_probe_event_call(hit->tp);
	int fixed = trace_probe_hit_hsize(hit) + hit->tp->size;
	struct hlist_head *head;
	int size, rctx;
	void *entry;

	head = this_cpu_ptr(call->perf_events);
	if (hlist_empty(head))
		return;
	trace_probe_hit_measure(hit);
	/* the perf record is u64-aligned after its u32 size */
	size = ALIGN(hit->len + sizeof(u32), sizeof(u64)) - sizeof(u32);
	entry = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!entry)
		return;
	/* a string shorter than measured leaves no stale bytes behind */
	memset(entry + fixed, 0, size - fixed);
	trace_probe_hit_fill_args(hit, entry);
	perf_trace_buf_submit(entry, size, rctx, call->event.type, 1, regs,
			      head, NULL);
}
#endif
