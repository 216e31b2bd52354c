/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fetch-program executor of probe events.
 *
 * No include guard on purpose: this is a template.  Each front end includes
 * it once, after trace_probe.h and trace_probe_kernel.h, and defines its own
 * process_fetch_insn() for the load stage (which registers exist and where
 * they live differ per probe type); everything after the load is shared
 * here.  The executor is a dense switch without indirect calls: it runs in
 * the probe hit path, where retpolines would cost more than the fetch.
 */

/*
 * Run @code and store its result at @dest, whose record starts at @base.
 * With @dest NULL nothing is stored and the dynamic size is returned.
 * Returns the dynamic bytes used (>= 0) or -errno.
 */
static int process_fetch_insn(struct fetch_insn *code, void *rec, void *edata,
			      void *dest, void *base);

static nokprobe_inline void fetch_store_raw(unsigned long val,
					    struct fetch_insn *code, void *buf)
{
	switch (code->size) {
	case 1:
		*(u8 *)buf = (u8)val;
		break;
	case 2:
		*(u16 *)buf = (u16)val;
		break;
	case 4:
		*(u32 *)buf = (u32)val;
		break;
	default:
		*(u64 *)buf = (u64)val;
		break;
	}
}

/* Keep bits [rshift - lshift, ...) of the stored container, shifted down */
static nokprobe_inline void fetch_apply_bitfield(struct fetch_insn *code,
						 void *buf)
{
	switch (code->basesize) {
	case 1:
		*(u8 *)buf = (u8)(*(u8 *)buf << code->lshift) >> code->rshift;
		break;
	case 2:
		*(u16 *)buf = (u16)(*(u16 *)buf << code->lshift) >>
			      code->rshift;
		break;
	case 4:
		*(u32 *)buf = (u32)(*(u32 *)buf << code->lshift) >>
			      code->rshift;
		break;
	default:
		*(u64 *)buf = (*(u64 *)buf << code->lshift) >> code->rshift;
		break;
	}
}

/* "sym+off/size" of @addr: its length with the NUL */
static nokprobe_inline int fetch_store_symstrlen(unsigned long addr)
{
	char namebuf[KSYM_SYMBOL_LEN];

	return sprint_symbol(namebuf, addr) + 1;
}

/*
 * sprint_symbol() writes up to KSYM_SYMBOL_LEN bytes, so it goes through a
 * stack buffer and only the measured room is copied into the record.
 *
 * 6.12 leaves the data_loc describing all the room that was left (it is
 * not shrunk to the text) and counts the text without its NUL, so a
 * dynamic argument after it starts on that NUL and readers see both run
 * together ("sym+0x1/0x2tail").  User space can see it, so it is kept.
 */
static nokprobe_inline int fetch_store_symstring(unsigned long addr,
						 void *dest, void *base)
{
	int maxlen = get_loc_len(*(u32 *)dest);
	char namebuf[KSYM_SYMBOL_LEN];
	char *__dest;
	int len;

	if (unlikely(!maxlen))
		return -ENOMEM;
	__dest = get_loc_data(dest, base);
	len = min(sprint_symbol(namebuf, addr), maxlen - 1);
	memcpy(__dest, namebuf, len);
	__dest[len] = '\0';
	return len;
}

/* Load stage common to all front ends; false if @code is not one of them */
static nokprobe_inline bool process_common_fetch_insn(struct fetch_insn *code,
						      unsigned long *val)
{
	switch (code->op) {
	case FETCH_OP_IMM:
		*val = code->immediate;
		return true;
	case FETCH_OP_COMM:
		*val = (unsigned long)current->comm;
		return true;
	case FETCH_OP_CURRENT:
		*val = (unsigned long)current;
		return true;
	case FETCH_OP_DATA:
		*val = (unsigned long)code->data;
		return true;
	default:
		return false;
	}
}

/* Measuring pass of a store: the dynamic bytes it will need */
static nokprobe_inline int fetch_measure(struct fetch_insn *code,
					 unsigned long val)
{
	switch (code->op) {
	case FETCH_OP_ST_STRING:
		return fetch_store_strlen(val + code->offset);
	case FETCH_OP_ST_USTRING:
		return fetch_store_strlen_user(val + code->offset);
	case FETCH_OP_ST_SYMSTR:
		return fetch_store_symstrlen(val + code->offset);
	default:
		return 0;
	}
}

/* Store pass: write the value, or the string at it, into the record */
static nokprobe_inline int fetch_store(struct fetch_insn *code,
				       unsigned long val, void *dest,
				       void *base)
{
	switch (code->op) {
	case FETCH_OP_ST_RAW:
		fetch_store_raw(val, code, dest);
		return 0;
	case FETCH_OP_ST_MEM:
		return probe_mem_read(dest, (void *)val + code->offset,
				      code->size);
	case FETCH_OP_ST_UMEM:
		return probe_mem_read_user(dest, (void *)val + code->offset,
					   code->size);
	case FETCH_OP_ST_STRING:
		return fetch_store_string(val + code->offset, dest, base);
	case FETCH_OP_ST_USTRING:
		return fetch_store_string_user(val + code->offset, dest, base);
	case FETCH_OP_ST_SYMSTR:
		return fetch_store_symstring(val + code->offset, dest, base);
	default:
		return -EILSEQ;
	}
}

static nokprobe_inline bool fetch_op_is_deref(enum fetch_op op)
{
	return op == FETCH_OP_DEREF || op == FETCH_OP_UDEREF ||
	       op == FETCH_OP_CPU_PTR;
}

/*
 * Read through the DEREF/UDEREF instructions at *@pcode (a CPU_PTR turns
 * a per-CPU address into this CPU's), leaving it at the next one; *@lval
 * gets the address the last of them read from.
 */
static nokprobe_inline int fetch_derefs(struct fetch_insn **pcode,
					unsigned long *val, unsigned long *lval)
{
	struct fetch_insn *code = *pcode;
	int ret;

	for (; fetch_op_is_deref(code->op); code++) {
		*lval = *val;
		if (code->op == FETCH_OP_CPU_PTR) {
			/* probes run with preemption off: the CPU stays */
			*val = (unsigned long)this_cpu_ptr((void __percpu *)*val);
			continue;
		}
		if (code->op == FETCH_OP_DEREF)
			ret = probe_mem_read(val, (void *)*val + code->offset,
					     sizeof(*val));
		else
			ret = probe_mem_read_user(val,
						  (void *)*val + code->offset,
						  sizeof(*val));
		if (ret)
			return ret;
	}
	*pcode = code;
	return 0;
}

/*
 * Store (or, with @dest NULL, measure) one element and cut its bitfield.
 * A memory element that cannot be read is stored as 0 (see
 * store_trace_args()); a string that cannot be, as no string.
 */
static nokprobe_inline int fetch_element(struct fetch_insn *store,
					 unsigned long val, void *dest,
					 void *base)
{
	int ret;

	if (!dest)
		return fetch_measure(store, val);
	ret = fetch_store(store, val, dest, base);
	if (unlikely(ret < 0) && (store->op == FETCH_OP_ST_MEM ||
				  store->op == FETCH_OP_ST_UMEM))
		memset(dest, 0, store->size);
	if (store[1].op == FETCH_OP_MOD_BF)
		fetch_apply_bitfield(&store[1], dest);
	return ret;
}

/*
 * An array of plain memory elements is contiguous: read it with one access
 * instead of one per element.  If that faults, the caller reads element by
 * element, so the elements that can be read still are, as before.
 */
static nokprobe_inline bool fetch_array_at_once(struct fetch_insn *store,
						struct fetch_insn *loop,
						unsigned long val, void *dest)
{
	void *src = (void *)val + store->offset;
	size_t len = store->size * loop->param;

	if (!dest || loop != store + 1 || loop[1].op != FETCH_OP_END)
		return false;
	if (store->op == FETCH_OP_ST_MEM)
		return !probe_mem_read(dest, src, len);
	if (store->op == FETCH_OP_ST_UMEM)
		return !probe_mem_read_user(dest, src, len);
	return false;
}

/*
 * Everything after the load: dereferences, store, bitfield, array loop.
 * An array of strings reads an array of pointers: each element re-runs
 * the last dereference one pointer further, and its string gets the room
 * left after the previous one.
 */
static nokprobe_inline int
process_fetch_insn_bottom(struct fetch_insn *code, unsigned long val,
			  void *dest, void *base)
{
	struct fetch_insn *store, *loop;
	unsigned long lval = val;
	int ret, total = 0;
	unsigned int i = 0;
	u32 loc;

	ret = fetch_derefs(&code, &val, &lval);
	if (ret)
		return ret;
	store = code;
	loop = store + 1 + (store[1].op == FETCH_OP_MOD_BF);
	if (loop->op != FETCH_OP_LP_ARRAY) {
		ret = fetch_element(store, val, dest, base);
		return loop->op == FETCH_OP_END ? ret : -EILSEQ;
	}
	if (fetch_array_at_once(store, loop, val, dest))
		return 0;
	for (;;) {
		loc = dest ? *(u32 *)dest : 0;
		ret = fetch_element(store, val, dest, base);
		if (ret == -EILSEQ)
			return ret;
		total += max(ret, 0);
		if (++i >= loop->param)
			break;
		if (store->op != FETCH_OP_ST_STRING &&
		    store->op != FETCH_OP_ST_USTRING) {
			if (dest)
				dest += store->size;
			val += store->size;
			continue;
		}
		/* the next pointer of the array, then its string */
		code = store - 1;
		if (code->op != FETCH_OP_DEREF && code->op != FETCH_OP_UDEREF)
			return -EILSEQ;
		if (dest) {
			dest += sizeof(u32);
			*(u32 *)dest = update_data_loc(loc, max(ret, 0));
		}
		val = lval + sizeof(char *);
		ret = fetch_derefs(&code, &val, &lval);
		if (ret)
			return ret;
	}
	return loop[1].op == FETCH_OP_END ? total : -EILSEQ;
}

/*
 * Dynamic bytes the arguments need for this hit.  The front end calls it
 * once per hit, before looping over the trace instances.
 */
static nokprobe_inline int __get_data_size(struct trace_probe *tp, void *regs,
					   void *edata)
{
	struct probe_arg *arg;
	int i, len, ret = 0;

	if (!tp->dynamic)
		return 0;
	for (i = 0; i < tp->nr_args; i++) {
		arg = tp->args + i;
		if (unlikely(arg->dynamic)) {
			len = process_fetch_insn(arg->code, regs, edata, NULL,
						 NULL);
			if (len > 0)
				ret += len;
		}
	}
	return ret;
}

/*
 * The commonest events, registers only or $argN only (@tp->plain_load):
 * filled without running the programs, which would only copy each value
 * anyway.  One loop per load, so that neither tests the op per argument.
 */
static nokprobe_inline void store_plain_args(void *data,
					     struct trace_probe *tp,
					     struct pt_regs *regs)
{
	struct probe_arg *arg = tp->args, *end = tp->args + tp->nr_args;
	struct fetch_insn *code;

#ifdef CONFIG_HAVE_FUNCTION_ARG_ACCESS_API
	if (tp->plain_load == FETCH_OP_ARG) {
		for (; arg < end; arg++) {
			code = arg->code;
			fetch_store_raw(regs_get_kernel_argument(regs,
								 code->param),
					code + 1, data + arg->offset);
		}
		return;
	}
#endif
	for (; arg < end; arg++) {
		code = arg->code;
		fetch_store_raw(regs_get_register(regs, code->param), code + 1,
				data + arg->offset);
	}
}

/*
 * What an argument whose fetch faulted records: a string, no string (its
 * data_loc has length 0: "(fault)"); a value, 0; in an array, every
 * element.  6.12 leaves the first data_loc describing the room for the
 * later strings and every other byte as the ring buffer had them (0 in a
 * fresh one, an old record's in a reused one); here a record may be built
 * in this CPU's scratch, where that would show another event's data.
 */
static nokprobe_inline void store_faulted_arg(struct probe_arg *arg, u32 *dl,
					      int dynoff)
{
	unsigned int i, n = max(arg->count, 1U);

	if (!arg->dynamic) {
		memset(dl, 0, arg->type->size * n);
		return;
	}
	for (i = 0; i < n; i++)
		dl[i] = make_data_loc(0, dynoff);
}

/*
 * Fill the argument area at @data (the record starts @header_size bytes
 * before it) with @maxlen bytes of room for strings after the fixed part.
 * Returns the bytes of that room the strings took.
 */
static nokprobe_inline int store_trace_args(void *data, struct trace_probe *tp,
					    void *rec, void *edata,
					    int header_size, int maxlen)
{
	void *base = data - header_size;
	void *dyndata = data + tp->size;
	struct probe_arg *arg;
	u32 *dl;
	int ret, i;

	if (tp->plain_load) {
		store_plain_args(data, tp, rec);
		return 0;
	}
	for (i = 0; i < tp->nr_args; i++) {
		arg = tp->args + i;
		dl = data + arg->offset;
		if (unlikely(arg->dynamic))
			*dl = make_data_loc(maxlen, dyndata - base);
		ret = process_fetch_insn(arg->code, rec, edata, dl, base);
		if (unlikely(ret < 0)) {
			store_faulted_arg(arg, dl, dyndata - base);
		} else if (arg->dynamic) {
			dyndata += ret;
			maxlen -= ret;
		}
	}
	return dyndata - (data + tp->size);
}
