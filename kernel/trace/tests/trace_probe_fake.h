/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fake kernel world of the probe-parser tests, shared by the KUnit
 * suite (trace_probe_kunit.c), the host tests and the fuzzer
 * (tools/testing/trace_probe): the symbol table behind &struct
 * trace_kprobe_env, the same kernel with a fake BTF (fake_btf_env,
 * trace_probe_fake_btf.h), the allocation step of the creation pipeline,
 * a fake dyn_event list for the registration errors, argv_split() and a
 * string sink for fetch_prog_dump().  trace_probe_cases.h describes this
 * world; its expected answers hold only here.
 *
 * Include trace_kprobe_parse.h, trace_uprobe_parse.h, trace_eprobe_parse.h
 * and trace_fprobe_parse.h first.  The includer provides the kernel
 * API used below: the kernel headers in the kernel, the userspace shims of
 * tools/testing/trace_probe/trace_probe_internal.h on the host.
 */
#ifndef __TRACE_PROBE_FAKE_H
#define __TRACE_PROBE_FAKE_H

/**
 * struct tp_words - a command split into words, as argv_split() does
 * @buf: the copy of the command the words point into
 * @argc: number of words
 * @argv: the words, NULL-terminated
 */
struct tp_words {
	char		*buf;
	int		argc;
	const char	**argv;
};

static bool tp_isspace(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static void tp_words_free(struct tp_words *w)
{
	kfree(w->buf);
	kfree(w->argv);
	w->buf = NULL;
	w->argv = NULL;
	w->argc = 0;
}

/* Split the first @len bytes of @cmd at white space: 0 or -ENOMEM */
static int tp_split(const char *cmd, size_t len, struct tp_words *w)
{
	size_t i;
	char *p;

	w->argc = 0;
	w->buf = kmemdup_nul(cmd, len, GFP_KERNEL);
	w->argv = kcalloc(len / 2 + 2, sizeof(*w->argv), GFP_KERNEL);
	if (!w->buf || !w->argv) {
		tp_words_free(w);
		return -ENOMEM;
	}
	for (i = 0, p = w->buf; i < len && *p; i++, p++) {
		if (tp_isspace(*p))
			*p = '\0';
		else if (!i || !p[-1])
			w->argv[w->argc++] = p;
	}
	return 0;
}

/* Where the fake kernel's functions are: FAKE_TEXT_BASE + length of name */
#define FAKE_TEXT_BASE	0xffffffff81000000UL

/* How many functions of that name the fake kernel has */
static int fake_count_symbols(void *data, const char *mod, const char *sym,
			      unsigned long *addr)
{
	static const char * const missing[] = {
		"non_exist_func", "hoge", "no_such_fn", "",
	};
	size_t i;

	*addr = 0;
	if (mod && strcmp(mod, "mymod"))
		return -ENODEV;
	for (i = 0; i < ARRAY_SIZE(missing); i++)
		if (!strcmp(sym, missing[i]))
			return 0;
	/* a function's address in the fake kernel: found by name */
	*addr = FAKE_TEXT_BASE + strlen(sym);
	if (!strcmp(sym, "name_show"))
		return 3;
	if (!strcmp(sym, "dup_sym"))
		return 2;
	return 1;
}

static int fake_on_func_entry(void *data, unsigned long addr, const char *sym,
			      unsigned long offs)
{
	const char *name = strchr(sym, ':') ? strchr(sym, ':') + 1 : sym;

	/* the address the symbol check found is that of @sym */
	WARN_ON_ONCE(addr && addr != FAKE_TEXT_BASE + strlen(name));
	if (!strncmp(sym, "notloaded:", 10))
		return -ENOENT;
	return offs ? -EINVAL : 0;
}

/* A fixed "hash" instead of %p, so that generated names are known */
static int fake_format_addr(void *data, char *buf, size_t len,
			    unsigned long addr)
{
	return snprintf(buf, len, "0x%016lx",
			(addr & 0xffffffffUL) ^ 0xdeadbeefUL);
}

static const struct trace_kprobe_env fake_env = {
	.count_symbols = fake_count_symbols,
	.on_func_entry = fake_on_func_entry,
	.format_addr = fake_format_addr,
};

/* What registering the kprobe would return in the fake kernel */
static int fake_kprobe_attach(const struct probe_head *head)
{
	const struct trace_kprobe_head *kh;

	kh = container_of(head, struct trace_kprobe_head, common);
	if (!kh->symbol)
		return 0;
	if (!strcmp(kh->symbol, "vfs_read") && kh->offset == 3)
		return -EILSEQ;
	if (!strcmp(kh->symbol, "gone_func"))
		return -ENOENT;
	if (!strcmp(kh->symbol, "notrace_func"))
		return -EINVAL;
	return 0;
}

static bool fake_kprobe_same_place(const struct probe_head *a,
				   const struct probe_head *b)
{
	const struct trace_kprobe_head *x, *y;

	x = container_of(a, struct trace_kprobe_head, common);
	y = container_of(b, struct trace_kprobe_head, common);
	return trace_kprobe_same_place(x->symbol, x->offset, y->symbol,
				       y->offset);
}

/**
 * struct tp_frontend - a probe front end in the fake kernel
 * @ops: its syntax: the kernel's own
 * @env: the fake kernel's lookups for its head parser
 * @same_place: whether two of its heads probe the same place, by the front
 *	end's rule; NULL if its events have one probe each
 * @check: optional: refuse a head against those registered (-errno)
 * @attach: optional: what attaching its probe returns in the fake kernel
 */
struct tp_frontend {
	const struct probe_cmd_ops	*ops;
	const void			*env;
	bool (*same_place)(const struct probe_head *a,
			   const struct probe_head *b);
	int (*check)(const struct probe_head *new,
		     const struct probe_head *old);
	int (*attach)(const struct probe_head *head);
};

static const struct tp_frontend tp_kprobe = {
	.ops		= &trace_kprobe_cmd_ops,
	.env		= &fake_env,
	.same_place	= fake_kprobe_same_place,
	.attach		= fake_kprobe_attach,
};

/**
 * struct fake_file - a file of the fake file system of the uprobe rows
 * @path: its path
 * @inode: its inode number: hard links share one
 * @regular: a regular file, not a directory
 */
struct fake_file {
	const char	*path;
	int		inode;
	bool		regular;
};

static const struct fake_file fake_files[] = {
	{ "/bin/sh", 1, true },
	{ "/bin/busybox", 1, true },
	{ "/lib/libc.so.6", 2, true },
	{ "/usr/lib/x86_64-linux-gnu/libfoo-1.2_3.so", 3, true },
	{ "/sys", 4, false },
	{ "/bin", 5, false },
};

static int fake_uprobe_lookup(void *data, const char *path, void **file,
			      bool *regular)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fake_files); i++) {
		if (strcmp(fake_files[i].path, path))
			continue;
		*file = (void *)&fake_files[i];
		*regular = fake_files[i].regular;
		return 0;
	}
	return -ENOENT;
}

static void fake_uprobe_put(void *data, void *file)
{
}

static const struct trace_uprobe_env fake_uprobe_env = {
	.lookup	= fake_uprobe_lookup,
	.put	= fake_uprobe_put,
};

static const struct trace_uprobe_head *
fake_uprobe_head(const struct probe_head *head)
{
	return container_of(head, struct trace_uprobe_head, common);
}

/* The same file (by inode, as the kernel compares) and offset */
static bool fake_uprobe_same_place(const struct probe_head *a,
				   const struct probe_head *b)
{
	const struct trace_uprobe_head *x = fake_uprobe_head(a);
	const struct trace_uprobe_head *y = fake_uprobe_head(b);
	const struct fake_file *fx = x->file, *fy = y->file;

	return fx->inode == fy->inode && x->offset == y->offset;
}

/* One reference counter per place (trace_uprobe_check()) */
static int fake_uprobe_check(const struct probe_head *new,
			     const struct probe_head *old)
{
	if (fake_uprobe_same_place(new, old) &&
	    fake_uprobe_head(new)->ref_ctr_offset !=
	    fake_uprobe_head(old)->ref_ctr_offset)
		return -EINVAL;
	return 0;
}

static const struct tp_frontend tp_uprobe = {
	.ops		= &trace_uprobe_cmd_ops,
	.env		= &fake_uprobe_env,
	.same_place	= fake_uprobe_same_place,
	.check		= fake_uprobe_check,
};

/* Trace events eprobes may attach to, and the fields of each */
static const char * const fake_events[][6] = {
	{ "syscalls", "sys_enter_openat", "dfd", "filename", "flags", "mode" },
	{ "sched", "sched_switch", "prev_comm", "prev_pid", "next_comm",
	  "next_pid" },
};

static void *fake_eprobe_get_event(void *data, const char *system,
				   const char *event)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fake_events); i++)
		if (!strcmp(fake_events[i][0], system) &&
		    !strcmp(fake_events[i][1], event))
			return (void *)fake_events[i];
	return NULL;
}

static void fake_eprobe_put_event(void *data, void *event)
{
}

static const void *fake_eprobe_find_field(void *event, const char *name)
{
	const char * const *ev = event;
	int i;

	for (i = 2; i < ARRAY_SIZE(fake_events[0]); i++)
		if (!strcmp(ev[i], name))
			return &ev[i];
	return NULL;
}

/* The event filter parser of the fake kernel refuses what has "hoge" */
static int fake_eprobe_check_filter(void *data, void *event, char *filter)
{
	return strstr(filter, "hoge") ? -EINVAL : 0;
}

/* "@SYM" resolves unless SYM is non_exist_sym */
static int fake_eprobe_update_arg(void *data, struct probe_arg *parg)
{
	const struct fetch_insn *code;

	for (code = parg->code; code->op != FETCH_OP_END; code++)
		if (code->op == FETCH_NOP_SYMBOL &&
		    !strcmp(code->data, "non_exist_sym"))
			return -ENOENT;
	return 0;
}

static const struct trace_eprobe_env fake_eprobe_env = {
	.get_event	= fake_eprobe_get_event,
	.put_event	= fake_eprobe_put_event,
	.find_field	= fake_eprobe_find_field,
	.check_filter	= fake_eprobe_check_filter,
	.update_arg	= fake_eprobe_update_arg,
};

/* An eprobe event has one probe: nothing joins it */
static const struct tp_frontend tp_eprobe = {
	.ops	= &trace_eprobe_cmd_ops,
	.env	= &fake_eprobe_env,
};

/*
 * Tracepoints of the fake kernel: kfree and sched_switch in vmlinux,
 * mymod_event in module "mymod" (loaded); a module may bring others.
 */
static const char * const fake_tracepoints[][2] = {
	{ "kfree", NULL }, { "sched_switch", NULL }, { "mymod_event", "mymod" },
};

static void *fake_fprobe_find_tracepoint(void *data, const char *name,
					 void **mod, char *stub, size_t size)
{
	size_t i;

	*mod = NULL;
	for (i = 0; i < ARRAY_SIZE(fake_tracepoints); i++) {
		if (strcmp(fake_tracepoints[i][0], name))
			continue;
		*mod = (void *)fake_tracepoints[i][1];
		snprintf(stub, size, "__probestub_%s", name);
		return (void *)fake_tracepoints[i];
	}
	return NULL;
}

static void fake_fprobe_put_module(void *data, void *mod)
{
}

/*
 * Traceable functions of the fake kernel, with their module; "huge_*"
 * names more functions than a pattern may have.
 */
static const char * const fake_functions[][2] = {
	{ "vfs_read", NULL }, { "vfs_readv", NULL }, { "vfs_write", NULL },
	{ "vfs_writev", NULL }, { "kernel_clone", NULL }, { "do_exit", NULL },
	{ "fn", "mymod" }, { "fn2", "mymod" }, { "vfs_read", "mymod" },
};

/*
 * The fake's glob (ftrace's matching is the kernel's): '*' and '?' as
 * ftrace's globs match, in one pass that goes back only to
 * the last star: a recursive match takes time exponential in the number
 * of stars, which the fuzzer's "f a*a*a*...b" found (minutes per input).
 */
static bool fake_glob_match(const char *glob, const char *name)
{
	const char *star = NULL, *from = NULL;

	while (*name) {
		if (*glob == '*') {
			star = ++glob;
			from = name;
		} else if (*glob && (*glob == '?' || *glob == *name)) {
			glob++;
			name++;
		} else if (star) {
			glob = star;
			name = ++from;
		} else {
			return false;
		}
	}
	while (*glob == '*')
		glob++;
	return !*glob;
}

static bool fake_item_matches(const struct fprobe_pattern_item *item,
			      const char *name, const char *mod)
{
	if (item->mod && (!mod || strcmp(item->mod, mod)))
		return false;
	return fake_glob_match(item->glob, name);
}

/* Whether the items of @pat that include (or exclude) name a function */
static bool fake_pattern_names(const struct fprobe_pattern *pat,
			       bool exclude, const char *name, const char *mod)
{
	unsigned int i;

	for (i = 0; i < pat->nr_items; i++)
		if (pat->items[i].exclude == exclude &&
		    fake_item_matches(&pat->items[i], name, mod))
			return true;
	return false;
}

static int fake_fprobe_count_functions(void *data,
				       const struct fprobe_pattern *pat)
{
	unsigned int i;
	int count = 0;

	if (fake_pattern_names(pat, false, "huge_", NULL))
		return FPROBE_PATTERN_MAX_FUNCS + 1;
	for (i = 0; i < ARRAY_SIZE(fake_functions); i++)
		count += fake_pattern_names(pat, false, fake_functions[i][0],
					    fake_functions[i][1]) &&
			 !fake_pattern_names(pat, true, fake_functions[i][0],
					     fake_functions[i][1]);
	return count;
}

/* The names of the fake functions @pat names, sorted, each once */
static int fake_fprobe_function_names(void *data,
				      const struct fprobe_pattern *pat,
				      char **names)
{
	const char *sorted[ARRAY_SIZE(fake_functions)], *name, *mod;
	unsigned int i, j, n = 0;
	size_t size = 0;
	char *p;

	*names = NULL;
	for (i = 0; i < ARRAY_SIZE(fake_functions); i++) {
		name = fake_functions[i][0];
		mod = fake_functions[i][1];
		if (!fake_pattern_names(pat, false, name, mod) ||
		    fake_pattern_names(pat, true, name, mod))
			continue;
		for (j = 0; j < n && strcmp(sorted[j], name) < 0; j++)
			;
		if (j < n && !strcmp(sorted[j], name))
			continue;
		memmove(&sorted[j + 1], &sorted[j], (n - j) * sizeof(*sorted));
		sorted[j] = name;
		n++;
		size += strlen(name) + 1;
	}
	if (!n)
		return 0;
	*names = kmalloc(size, GFP_KERNEL);
	if (!*names)
		return -ENOMEM;
	for (i = 0, p = *names; i < n; i++) {
		size = strlen(sorted[i]) + 1;
		memcpy(p, sorted[i], size);
		p += size;
	}
	return n;
}

static const struct trace_fprobe_env fake_fprobe_env = {
	.find_tracepoint	= fake_fprobe_find_tracepoint,
	.put_module		= fake_fprobe_put_module,
	.count_functions	= fake_fprobe_count_functions,
	.function_names		= fake_fprobe_function_names,
	.modules		= true,
};

/* The same function or tracepoint */
static bool fake_fprobe_same_place(const struct probe_head *a,
				   const struct probe_head *b)
{
	return !strcmp(container_of(a, struct trace_fprobe_head, common)->symbol,
		       container_of(b, struct trace_fprobe_head, common)->symbol);
}

/* What registering the fprobe would return: the kprobes' rule */
static int fake_fprobe_attach(const struct probe_head *head)
{
	const struct trace_fprobe_head *fh;

	fh = container_of(head, struct trace_fprobe_head, common);
	if (fh->is_tracepoint)
		return 0;
	if (strchr(fh->symbol, '+') || !strcmp(fh->symbol, "non_exist_func"))
		return -ENOENT;
	return 0;
}

static const struct tp_frontend tp_fprobe = {
	.ops		= &trace_fprobe_cmd_ops,
	.env		= &fake_fprobe_env,
	.same_place	= fake_fprobe_same_place,
	.attach		= fake_fprobe_attach,
};

/* Room for the longest program dump and for the tables' longest texts */
#define TP_TEXT_MAX	512

/**
 * struct tp_text - a bounded string that print callbacks append to
 * @len: length so far
 * @buf: the text, truncated to TP_TEXT_MAX - 1 characters
 */
struct tp_text {
	size_t	len;
	char	buf[TP_TEXT_MAX];
};

static void tp_text_reset(struct tp_text *t)
{
	t->len = 0;
	t->buf[0] = '\0';
}

static __printf(2, 3) void tp_text_print(void *priv, const char *fmt, ...)
{
	struct tp_text *t = priv;
	va_list args;

	va_start(args, fmt);
	t->len += vsnprintf(t->buf + t->len, sizeof(t->buf) - t->len, fmt,
			    args);
	va_end(args);
	if (t->len >= sizeof(t->buf))
		t->len = sizeof(t->buf) - 1;
}

/*
 * The register names the rows use: x86-64's, and arm64's for the rows of
 * that architecture.  A dump names a register by asking the kernel's own
 * table (regs_query_register_offset()) which of these sits at the offset:
 * the kernel has no lookup the other way on every architecture.  A name
 * the architecture lacks resolves to nothing, and a row that uses one is
 * skipped (tp_other_arch_reg()).
 */
static const char * const tp_reg_names[] = {
	"ax", "bx", "cx", "dx", "si", "di", "bp", "sp", "ip", "flags",
	"orig_ax", "cs", "ss", "r8", "r9", "r10", "r11", "r12", "r13",
	"r14", "r15",
	"x0", "x1", "x2", "x3", "x29", "x30", "pc", "pstate",
};

/*
 * The first "%NAME" in @text that is a register of the rows (above) but
 * not of this architecture, or NULL.  @buf holds the name.
 */
static const char *tp_other_arch_reg(const char *text, char *buf, size_t size)
{
	size_t n, i;

	for (text = strchr(text, '%'); text; text = strchr(text + 1, '%')) {
		for (n = 0; n + 1 < size && (isalnum(text[n + 1]) ||
					     text[n + 1] == '_'); n++)
			buf[n] = text[n + 1];
		buf[n] = '\0';
		for (i = 0; i < ARRAY_SIZE(tp_reg_names); i++)
			if (!strcmp(buf, tp_reg_names[i]) &&
			    regs_query_register_offset(buf) < 0)
				return buf;
	}
	return NULL;
}

static const char *tp_reg_name(void *priv, unsigned int offset)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tp_reg_names); i++)
		if (regs_query_register_offset(tp_reg_names[i]) == (int)offset)
			return tp_reg_names[i];
	return NULL;
}

/* A fake eprobe field is its entry in fake_events[]: its name */
static const char *tp_field_name(void *priv, const void *field)
{
	return *(const char * const *)field;
}

/*
 * Append the dump of the first @len instructions of @prog to @t, in 7.3's
 * format (CONFIG_PROBE_EVENTS_DUMP_FETCHARG) when @upstream
 */
static const char *tp_dump_style(const struct fetch_insn *prog,
				 unsigned int len, bool upstream,
				 struct tp_text *t)
{
	struct fetch_dump_cbs cbs = {
		.print = tp_text_print, .reg_name = tp_reg_name,
		.field_name = tp_field_name, .priv = t, .upstream = upstream,
	};

	fetch_prog_dump(prog, len, &cbs);
	return t->buf;
}

static const char *tp_dump_append(const struct fetch_insn *prog,
				  unsigned int len, struct tp_text *t)
{
	return tp_dump_style(prog, len, false, t);
}

static const char *tp_dump_len(const struct fetch_insn *prog, unsigned int len,
			       struct tp_text *t)
{
	tp_text_reset(t);
	return tp_dump_append(prog, len, t);
}

/* @prog ends in END within FETCH_INSN_MAX (a parsed program) */
static const char *tp_dump(const struct fetch_insn *prog, struct tp_text *t)
{
	return tp_dump_len(prog, FETCH_INSN_MAX, t);
}

/* The entry program of a parse, "END" when there is none */
static const char *tp_dump_entry(const struct probe_entry_arg *earg,
				 struct tp_text *t)
{
	static const struct fetch_insn end = { .op = FETCH_OP_END };

	return tp_dump(earg ? earg->code : &end, t);
}

/**
 * struct tp_probe - a command parsed by the shared pipeline, and its probe
 * @cmd: the command: it owns the head, the expanded argument words (the
 *	command's words may point into them after a ":%pd" rewrite) and the
 *	entry program
 * @args: the probe's arguments (owned), as the pipeline's alloc step made
 *	them
 * @nr_args: their number
 */
struct tp_probe {
	struct probe_cmd	cmd;
	struct probe_arg	*args;
	int			nr_args;
};

static void tp_probe_free(struct tp_probe *tp)
{
	int i;

	for (i = 0; i < tp->nr_args; i++)
		probe_arg_free(&tp->args[i]);
	kfree(tp->args);
	probe_cmd_release(&tp->cmd);
	memset(tp, 0, sizeof(*tp));
}

/* &probe_cmd_alloc_t of the fake kernel: the arguments of the probe */
static int tp_alloc(struct probe_cmd *cmd, int nargs)
{
	struct tp_probe *tp = container_of(cmd, struct tp_probe, cmd);

	tp->args = kcalloc(nargs ?: 1, sizeof(*tp->args), GFP_KERNEL);
	if (!tp->args)
		return -ENOMEM;
	tp->nr_args = nargs;
	cmd->args = tp->args;
	return 0;
}

/*
 * The creation pipeline (probe_cmd_parse()) of front end @fe on split
 * words in the fake kernel; @err gets the error.  The ":%pd" rewrites may
 * replace words of @w with words of @tp, as they replace the kernel's
 * argv: use @w only while @tp lives.
 */
static int tp_parse(const struct tp_frontend *fe, struct tp_words *w,
		    struct tp_probe *tp, struct probe_parse_err *err)
{
	int ret;

	memset(tp, 0, sizeof(*tp));
	probe_cmd_init(&tp->cmd, fe->ops, fe->env, w->argc, w->argv);
	ret = probe_cmd_parse(&tp->cmd, tp_alloc);
	*err = tp->cmd.err;
	return ret;
}

/* --- A fake dyn_event list, for the registration errors ---------------- */

#define TP_MAX_EVENTS	8
static struct tp_probe tp_registry[TP_MAX_EVENTS];
static int tp_nr_registered;

static void tp_registry_clear(void)
{
	while (tp_nr_registered)
		tp_probe_free(&tp_registry[--tp_nr_registered]);
}

static struct probe_sig tp_sig(const struct tp_probe *tp)
{
	return (struct probe_sig){
		.kind = tp->cmd.head->kind, .args = tp->args,
		.nr_args = tp->nr_args,
	};
}

static bool tp_same_probe(const struct tp_frontend *fe,
			  const struct tp_probe *a, const struct tp_probe *b)
{
	return fe->same_place(a->cmd.head, b->cmd.head) &&
	       probe_args_same_text(a->args, b->args, b->nr_args);
}

/* The fake list's probes of front end @fe and of @tp's event name */
static bool tp_same_event(const struct tp_frontend *fe,
			  const struct tp_probe *p, const struct tp_probe *tp)
{
	return p->cmd.ops == fe->ops &&
	       !strcmp(p->cmd.head->group, tp->cmd.head->group) &&
	       !strcmp(p->cmd.head->event, tp->cmd.head->event);
}

/* Join the event of @tp's name, as trace_probe_join() decides it */
static int tp_join(const struct tp_frontend *fe, struct tp_probe *tp,
		   struct probe_parse_err *err)
{
	struct probe_sig new = tp_sig(tp), event;
	bool first = true;
	struct tp_probe *p;
	int ret;

	for (p = tp_registry; p < tp_registry + tp_nr_registered; p++) {
		if (!tp_same_event(fe, p, tp))
			continue;
		if (first) {
			event = tp_sig(p);
			ret = probe_append_check(&new, &event, err);
			if (ret)
				return ret;
			first = false;
		}
		if (tp_same_probe(fe, p, tp))
			return probe_set_err(err, 0, TP_ERR_SAME_PROBE, 0,
					     -EEXIST);
	}
	return 0;
}

/* GROUP/EVENT is an event already: syscalls/sys_enter_openat, or listed */
static bool tp_name_taken(const struct probe_head *head)
{
	struct tp_probe *p;

	if (!strcmp(head->group, "syscalls") &&
	    !strcmp(head->event, "sys_enter_openat"))
		return true;
	for (p = tp_registry; p < tp_registry + tp_nr_registered; p++)
		if (!strcmp(p->cmd.head->group, head->group) &&
		    !strcmp(p->cmd.head->event, head->event))
			return true;
	return false;
}

/*
 * What trace_probe_register() decides, on the fake list: the front end's
 * check, then join the event of the same name if the front end has one
 * (the pure append checks, then the front end's place), or register a
 * new event; then attach the probe.
 */
static int tp_register(const struct tp_frontend *fe, struct tp_probe *tp,
		       struct probe_parse_err *err)
{
	const struct probe_head *head = tp->cmd.head;
	bool joined = false;
	struct tp_probe *p;
	int ret;

	for (p = tp_registry; p < tp_registry + tp_nr_registered; p++) {
		if (fe->check && p->cmd.ops == fe->ops) {
			ret = fe->check(head, p->cmd.head);
			if (ret)
				return ret;
		}
		joined |= fe->same_place && tp_same_event(fe, p, tp);
	}
	ret = 0;
	if (joined)
		ret = tp_join(fe, tp, err);
	else if (tp_name_taken(head))
		ret = probe_set_err(err, 0, TP_ERR_EVENT_EXIST, 0, -EEXIST);
	if (!ret && fe->attach)
		ret = probe_attach_error(fe->attach(head), err);
	return ret;
}

/*
 * Parse and register split words like a write to the front end's file in
 * the fake kernel; a registered probe stays in the fake list until
 * tp_registry_clear().  @col gets the error_log caret column of a logged
 * error, or -1: it is measured before the probe is freed, as the words
 * may point into it.
 */
static int tp_run_command(const struct tp_frontend *fe, struct tp_words *w,
			  struct probe_parse_err *err, int *col)
{
	struct tp_probe tp;
	int ret;

	static char detail[FPROBE_ERR_DETAIL_LEN];

	ret = tp_parse(fe, w, &tp, err);
	if (!ret)
		ret = tp_register(fe, &tp, err);
	*col = err->code == PROBE_ERR_NONE ? -1 :
	       probe_err_column(w->argc, w->argv, err);
	/* the detail lives in the head, which goes with a failed probe */
	if (err->detail) {
		strscpy(detail, err->detail, sizeof(detail));
		err->detail = detail;
	}
	if (ret || tp_nr_registered == TP_MAX_EVENTS)
		tp_probe_free(&tp);
	else
		tp_registry[tp_nr_registered++] = tp;
	return ret;
}

#include "trace_probe_fake_btf.h"

#endif /* __TRACE_PROBE_FAKE_H */
