// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests that are not table rows: verifier, allocation failures, the
 * kstrto*() shim, caret columns, the BTF provider hook, the command that
 * error_log shows after a ":%pd" rewrite, dump escaping.
 * Included by main.c.
 */

#define INSN(o, ...)	((struct fetch_insn){ .op = FETCH_OP_##o, __VA_ARGS__ })

static void check_prog(bool valid, const char *what,
		       const struct fetch_insn *prog, unsigned int len)
{
	struct tp_text t;

	check(!fetch_prog_check(prog, len) == valid,
	      "verifier %s \"%s\" (%s)", valid ? "rejects" : "accepts",
	      tp_dump_len(prog, len, &t), what);
}

static void test_verifier(void)
{
	static char sym[] = "jiffies";
	struct fetch_insn p[FETCH_INSN_MAX + 1];
	int i;

	check_prog(true, "minimal", (struct fetch_insn[]){
		INSN(REG, .param = 112), INSN(ST_RAW, .size = 8), INSN(END) }, 3);
	check_prog(false, "no store", (struct fetch_insn[]){
		INSN(REG, .param = 112), INSN(END) }, 2);
	check_prog(false, "store size 3", (struct fetch_insn[]){
		INSN(REG), INSN(ST_RAW, .size = 3), INSN(END) }, 3);
	check_prog(false, "string size 8", (struct fetch_insn[]){
		INSN(REG), INSN(ST_STRING, .size = 8), INSN(END) }, 3);
	check_prog(false, "two loads", (struct fetch_insn[]){
		INSN(REG), INSN(COMM), INSN(ST_RAW, .size = 8), INSN(END) }, 4);
	check_prog(false, "deref first", (struct fetch_insn[]){
		INSN(DEREF), INSN(ST_RAW, .size = 8), INSN(END) }, 3);
	check_prog(false, "symbol without IMM", (struct fetch_insn[]){
		INSN(NOP_SYMBOL, .data = sym), INSN(REG),
		INSN(ST_RAW, .size = 8), INSN(END) }, 4);
	check_prog(true, "symbol", (struct fetch_insn[]){
		INSN(NOP_SYMBOL, .data = sym), INSN(IMM),
		INSN(ST_MEM, .size = 8), INSN(END) }, 4);
	check_prog(false, "DATA without data", (struct fetch_insn[]){
		INSN(DATA), INSN(ST_STRING, .size = 4), INSN(END) }, 3);
	check_prog(false, "shift 64", (struct fetch_insn[]){
		INSN(REG), INSN(ST_RAW, .size = 8),
		INSN(MOD_BF, .basesize = 8, .lshift = 0, .rshift = 64),
		INSN(END) }, 4);
	check_prog(false, "bitfield base != store size", (struct fetch_insn[]){
		INSN(REG), INSN(ST_RAW, .size = 8),
		INSN(MOD_BF, .basesize = 4, .lshift = 0, .rshift = 4),
		INSN(END) }, 4);
	check_prog(false, "bitfield on a string", (struct fetch_insn[]){
		INSN(REG), INSN(ST_STRING, .size = 4),
		INSN(MOD_BF, .basesize = 4, .lshift = 0, .rshift = 4),
		INSN(END) }, 4);
	check_prog(false, "array of 65", (struct fetch_insn[]){
		INSN(REG), INSN(ST_MEM, .size = 1), INSN(LP_ARRAY, .param = 65),
		INSN(END) }, 4);
	check_prog(false, "array of 0", (struct fetch_insn[]){
		INSN(REG), INSN(ST_MEM, .size = 1), INSN(LP_ARRAY, .param = 0),
		INSN(END) }, 4);
	check_prog(false, "array of raw", (struct fetch_insn[]){
		INSN(REG), INSN(ST_RAW, .size = 1), INSN(LP_ARRAY, .param = 2),
		INSN(END) }, 4);
	check_prog(false, "entry store in a program", (struct fetch_insn[]){
		INSN(ARG), INSN(ST_EDATA), INSN(END) }, 3);
	check_prog(false, "truncated", (struct fetch_insn[]){
		INSN(REG), INSN(ST_RAW, .size = 8) }, 2);
	check_prog(false, "unknown op", (struct fetch_insn[]){
		{ .op = FETCH_OP_MAX }, INSN(ST_RAW, .size = 8), INSN(END) }, 3);

	/* 17 instructions: one more than FETCH_INSN_MAX */
	p[0] = INSN(REG);
	for (i = 1; i < FETCH_INSN_MAX - 1; i++)
		p[i] = INSN(DEREF);
	p[FETCH_INSN_MAX - 1] = INSN(ST_MEM, .size = 8);
	p[FETCH_INSN_MAX] = INSN(END);
	check_prog(false, "17 instructions", p, FETCH_INSN_MAX + 1);
	p[FETCH_INSN_MAX - 2] = INSN(ST_MEM, .size = 8);
	p[FETCH_INSN_MAX - 1] = INSN(END);
	check_prog(true, "16 instructions", p, FETCH_INSN_MAX);

	check(!fetch_entry_prog_check((struct fetch_insn[]){
		INSN(ARG, .param = 1), INSN(ST_EDATA, .offset = 0),
		INSN(ARG, .param = 0), INSN(ST_EDATA, .offset = 8),
		INSN(END) }, 5), "entry program rejected");
	check(fetch_entry_prog_check((struct fetch_insn[]){
		INSN(ARG, .param = 1), INSN(ST_EDATA, .offset = 8),
		INSN(END) }, 3), "entry program with a hole accepted");
	check(fetch_entry_prog_check((struct fetch_insn[]){
		INSN(ARG, .param = 1), INSN(END) }, 2),
	      "entry program without store accepted");
}

/* Fail each allocation in turn: -ENOMEM, no leak (LSan), no warning */
static void test_enomem(void)
{
	static const struct {
		const struct tp_frontend *fe;
		const char *cmd;
	} cmds[] = {
		{ &tp_kprobe, "r:grp/ev mymod:modfn a=+0($arg2):string $arg1 b=@jiffies+8:u8[4]" },
		{ &tp_kprobe, "p vfs_read x=\\\"hello\" $comm %di:b4@2/32 +0(%si):string[2]" },
		{ &tp_kprobe, "p 0x1000 %di:symstr +0($stack):u8[2]" },
		{ &tp_kprobe, "p vfs_read d=+8(%si):%pd +0(%di):%pD" },
		{ &tp_kprobe_btf, "r vfs_read $arg* f=file:%pD $retval" },
		{ &tp_kprobe_btf, "p vfs_read $arg3:u32 buf:string" },
		{ &tp_kprobe_btf, "p dput d=dentry:%pd +0(%di):%pD" },
		{ &tp_uprobe, "r:u/ev /bin/sh:0x10(0x8) s=+0(%di):string[2] $comm" },
		{ &tp_eprobe, "e:e/v syscalls/sys_enter_openat $filename:string @jiffies if dfd == 1" },
		{ &tp_fprobe, "f4:f/x vfs_read%return $arg2 $retval x=+0($arg1):u8[2]" },
		{ &tp_fprobe, "t:t/x mymod_event $arg1 y=$stack0:s16" },
	};
	struct probe_parse_err err;
	struct tp_probe tp;
	struct tp_words w;
	size_t i;
	long n;
	int ret;

	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		for (n = 1; ; n++) {
			/* words may be rewritten (":%pd"): split them anew */
			if (tp_split(cmds[i].cmd, strlen(cmds[i].cmd), &w)) {
				check(false, "\"%s\": out of memory",
				      cmds[i].cmd);
				return;
			}
			tp_alloc_fail_countdown = n;
			ret = tp_parse(cmds[i].fe, &w, &tp, &err);
			tp_probe_free(&tp);
			tp_words_free(&w);
			if (tp_alloc_fail_countdown)	/* fewer than n calls */
				break;
			if (!check(ret == -ENOMEM && err.code == PROBE_ERR_NONE,
				   "\"%s\", allocation %ld fails: got %d %s",
				   cmds[i].cmd, n, ret, tp_err_name(err.code)))
				break;
		}
		tp_alloc_fail_countdown = 0;
		check(ret == 0, "\"%s\": %d", cmds[i].cmd, ret);
	}
}

static void test_kstrto(void)
{
	static const struct {
		const char *s;
		unsigned int base;
		int ret;
		unsigned long long val;
	} u[] = {
		{ "0", 0, 0, 0 }, { "010", 0, 0, 8 }, { "0x10", 0, 0, 16 },
		{ "0X1f", 0, 0, 31 }, { "0x", 0, -EINVAL, 0 },
		{ "0xg", 0, -EINVAL, 0 }, { "+5", 10, 0, 5 },
		{ "5\n", 10, 0, 5 }, { "5\n\n", 10, -EINVAL, 0 },
		{ "", 10, -EINVAL, 0 }, { "-1", 10, -EINVAL, 0 },
		{ "08", 0, -EINVAL, 0 }, { "0x10", 10, -EINVAL, 0 },
		{ "18446744073709551615", 10, 0, ULLONG_MAX },
		{ "18446744073709551616", 10, -ERANGE, 0 },
	};
	unsigned long long val;
	unsigned int uval;
	long long sval;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(u); i++) {
		val = 0;
		check(kstrtoull(u[i].s, u[i].base, &val) == u[i].ret &&
		      (u[i].ret || val == u[i].val),
		      "kstrtoull(\"%s\", %u)", u[i].s, u[i].base);
	}
	check(!kstrtoll("-9223372036854775808", 0, &sval) && sval == LLONG_MIN,
	      "kstrtoll(LLONG_MIN)");
	check(kstrtoll("-9223372036854775809", 0, &sval) == -ERANGE,
	      "kstrtoll(LLONG_MIN - 1)");
	check(kstrtoll("9223372036854775808", 0, &sval) == -ERANGE,
	      "kstrtoll(LLONG_MAX + 1)");
	check(kstrtouint("4294967296", 0, &uval) == -ERANGE,
	      "kstrtouint(UINT_MAX + 1)");
}

static void test_err_column(void)
{
	const char *argv[] = { "p", "vfs_read", "a=%di" };
	struct probe_parse_err err = { TP_ERR_BAD_VAR, 2, 2 };

	check(probe_err_column(3, argv, &err) == 13, "column of word 2");
	err.index = 3;
	check(probe_err_column(3, argv, &err) == 17, "column past the end");
	err.index = 0;
	err.offset = 1;
	check(probe_err_column(3, argv, &err) == 1, "column of word 0");
}

/* Fields of b: "u16 x" at 8, "u8 bf:5" at bit 35, "char *s" at 16 */
static int fake_find_field(const char *field, struct probe_btf_var *var)
{
	var->param = 1;
	var->nr_derefs = 1;
	if (!strcmp(field, "x")) {
		var->deref[0] = 8;
		var->type = "u16";
	} else if (!strcmp(field, "bf")) {
		var->deref[0] = 4;
		var->bitoffs = 3;
		var->bitsize = 5;
		var->type = "u8";
	} else if (!strcmp(field, "s")) {
		var->deref[0] = 16;
		var->type = "x64";
		var->str = PROBE_BTF_STR_PTR;
	} else {
		var->err = TP_ERR_NO_BTF_FIELD;
		var->err_pos = 3;
		return -ENOENT;
	}
	return 0;
}

/* A BTF provider that knows "int f(int a, char *b)" and a void function */
static int fake_find_var(struct probe_parse_ctx *ctx, const char *name,
			 struct probe_btf_var *var)
{
	if (!strncmp(name, "b->", 3))
		return fake_find_field(name + 3, var);
	if (!strcmp(ctx->funcname, "nobtf"))
		return -ENODEV;
	if (!strcmp(name, "$retval")) {
		if (!strcmp(ctx->funcname, "voidfn")) {
			var->err = TP_ERR_NO_RETVAL;
			return -ENOENT;
		}
		var->is_retval = true;
		var->type = "s32";
		return 0;
	}
	if (!strcmp(name, "a") || !strcmp(name, "b")) {
		var->param = name[0] - 'a';
		var->type = name[0] == 'a' ? "s32" : "x64";
		var->str = name[0] == 'a' ? PROBE_BTF_STR_NONE :
					    PROBE_BTF_STR_PTR;
		return 0;
	}
	var->err = TP_ERR_NO_BTFARG;
	return -ENOENT;
}

static const struct probe_btf_ops fake_btf = { .find_var = fake_find_var };

static void check_btf(unsigned int flags, const char *func, const char *arg,
		      int err, const char *prog)
{
	struct probe_parse_ctx ctx;
	struct probe_arg parg;
	struct tp_text t;
	int ret;

	probe_parse_ctx_init(&ctx, flags, &parg, 1);
	ctx.btf = &fake_btf;
	ctx.funcname = func;
	ret = probe_arg_parse(&ctx, 0, arg, &parg);
	if (err)
		check(ret < 0 && ctx.err.code == err,
		      "BTF \"%s\" in %s: expected %s, got %d %s",
		      arg, func, tp_err_name(err), ret, tp_err_name(ctx.err.code));
	else if (check(!ret, "BTF \"%s\" in %s: %d %s", arg, func, ret,
		       tp_err_name(ctx.err.code)))
		check(!strcmp(tp_dump(parg.code, &t), prog),
		      "BTF \"%s\": expected \"%s\", got \"%s\"", arg, prog,
		      t.buf);
	probe_arg_free(&parg);
	probe_entry_arg_free(ctx.entry_arg);
}

static void test_btf_provider(void)
{
	const char *argv[] = { "$arg*", "$arg1" };
	struct probe_parse_ctx ctx;

	check_btf(TP_CASE_KPROBE, "f", "a", 0, "ARG 0; ST_RAW size=4; END");
	check_btf(TP_CASE_KPROBE, "f", "b:u8", 0, "ARG 1; ST_RAW size=1; END");
	check_btf(TP_CASE_KRETPROBE, "f", "b", 0,
		  "EDATA +0; ST_RAW size=8; END");
	check_btf(TP_CASE_KRETPROBE, "f", "$retval", 0,
		  "RETVAL; ST_RAW size=4; END");
	check_btf(TP_CASE_KRETPROBE, "nobtf", "$retval", 0,
		  "RETVAL; ST_RAW size=8; END");
	check_btf(TP_CASE_KRETPROBE, "voidfn", "$retval", TP_ERR_NO_RETVAL, NULL);
	check_btf(TP_CASE_KPROBE, "f", "c", TP_ERR_NO_BTFARG, NULL);
	check_btf(TP_CASE_KPROBE, "f", "a-b", TP_ERR_BAD_HYPHEN, NULL);
	check_btf(TP_CASE_KPROBE, "f", "a.b", TP_ERR_NOSUP_DAT_ARG, NULL);
	check_btf(TP_CASE_KPROBE_OFFS, "f", "a", TP_ERR_NOSUP_BTFARG, NULL);
	/* char * with :string reads the string it points to */
	check_btf(TP_CASE_KPROBE, "f", "b:string", 0,
		  "ARG 1; ST_STRING +0 size=4; END");
	check_btf(TP_CASE_KPROBE, "f", "b:ustring", 0,
		  "ARG 1; ST_USTRING +0 size=4; END");
	check_btf(TP_CASE_KPROBE, "f", "a:string", TP_ERR_BAD_TYPE4STR, NULL);
	/* field paths become dereferences; bitfields are extracted */
	check_btf(TP_CASE_KPROBE, "f", "b->x", 0,
		  "ARG 1; ST_MEM +8 size=2; END");
	check_btf(TP_CASE_KPROBE, "f", "b->bf", 0,
		  "ARG 1; ST_MEM +4 size=1; MOD_BF base=1 lshift=0 rshift=3; END");
	check_btf(TP_CASE_KPROBE, "f", "b->bf:u8", 0,
		  "ARG 1; ST_MEM +4 size=1; END");
	check_btf(TP_CASE_KPROBE, "f", "b->s:string", 0,
		  "ARG 1; DEREF +16; ST_STRING +0 size=4; END");
	check_btf(TP_CASE_KPROBE, "f", "b->nope", TP_ERR_NO_BTF_FIELD, NULL);
	/* inside a dereference the BTF type no longer applies */
	check_btf(TP_CASE_KPROBE, "f", "+0(a)", 0,
		  "ARG 0; ST_MEM +0 size=8; END");
	check_btf(TP_CASE_KPROBE, "f", "+0(b):string", 0,
		  "ARG 1; ST_STRING +0 size=4; END");

	probe_parse_ctx_init(&ctx, TP_CASE_KPROBE, NULL, 2);
	ctx.btf = &fake_btf;
	check(probe_args_check_meta(&ctx, 2, argv) == 1,
	      "$arg* with BTF is not handed to the provider");
}

/*
 * Without "$arg" expansion the ":%pd" rewrite replaces the command's own
 * words, so 6.12's error_log shows the rewritten command for a later
 * error, with the caret in it.
 */
static void test_dentry_rewrite_log(void)
{
	static const char cmd[] = "p vfs_read file:%pD hoge";
	static const char logged[] =
		"p vfs_read +0x0(+0x28(+0x48(file))):string hoge";
	struct probe_parse_err err;
	char shown[sizeof(logged) + 8] = "";
	struct tp_probe tp;
	struct tp_words w;
	int i, ret;

	if (tp_split(cmd, strlen(cmd), &w)) {
		check(false, "\"%s\": out of memory", cmd);
		return;
	}
	ret = tp_parse(&tp_kprobe_btf, &w, &tp, &err);
	for (i = 0; i < w.argc; i++)
		snprintf(shown + strlen(shown), sizeof(shown) - strlen(shown),
			 "%s%s", i ? " " : "", w.argv[i]);
	check(ret == -ENOENT && err.code == TP_ERR_NO_BTFARG &&
	      !strcmp(shown, logged) &&
	      probe_err_column(w.argc, w.argv, &err) == strlen(logged) - 4,
	      "\"%s\": logged as \"%s\", %s at column %d", cmd, shown,
	      tp_err_name(err.code), probe_err_column(w.argc, w.argv, &err));
	tp_probe_free(&tp);
	tp_words_free(&w);
}

/* perf's kprobe PMU validates its symbol with the same rule */
static void test_validate_symbol(void)
{
	static const struct {
		const char *sym; int ret; unsigned long addr;
	} cases[] = {
		{ "vfs_read", 0, FAKE_TEXT_BASE + 8 },
		{ "dup_sym", -EADDRNOTAVAIL, FAKE_TEXT_BASE + 7 },
		{ "hoge", -ENOENT, 0 },
		{ "mymod:vfs_read", 0, FAKE_TEXT_BASE + 8 },
		{ "mymod:hoge", -ENOENT, 0 },
		{ "notloaded:whatever", 0, 0 },	/* waits for the module */
	};
	unsigned long addr;
	char buf[64];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		strscpy(buf, cases[i].sym, sizeof(buf));
		check(trace_kprobe_validate_symbol(&fake_env, buf, &addr) ==
		      cases[i].ret && addr == cases[i].addr &&
		      !strcmp(buf, cases[i].sym),
		      "validate \"%s\": expected %d at %lx", cases[i].sym,
		      cases[i].ret, cases[i].addr);
	}
}

static void test_dump(void)
{
	static char str[] = "a\"b\\c\x01";
	static const char *field = "dfd";
	struct tp_text t;

	tp_dump((struct fetch_insn[]){ INSN(DATA, .data = str),
		INSN(ST_STRING, .size = 4), INSN(END) }, &t);
	check(!strcmp(t.buf, "DATA \"a\\\"b\\\\c\\x01\"; ST_STRING +0 size=4; END"),
	      "dump escaping: %s", t.buf);
	tp_dump((struct fetch_insn[]){ INSN(REG, .param = 4),
		INSN(ST_RAW, .size = 8), INSN(END) }, &t);
	check(!strcmp(t.buf, "REG #4; ST_RAW size=8; END"),
	      "unknown register: %s", t.buf);
	tp_dump((struct fetch_insn[]){ INSN(TP_ARG, .data = &field),
		INSN(ST_RAW, .size = 8), INSN(END) }, &t);
	check(!strcmp(t.buf, "TP_ARG dfd; ST_RAW size=8; END"),
	      "field named by its callback: %s", t.buf);
}

/* An argument's program in the format of 7.3's fetch-argument dump */
static void check_dump_upstream(const struct fetch_insn *prog,
				const char *want)
{
	struct tp_text t;

	tp_text_reset(&t);
	tp_dump_style(prog, FETCH_INSN_MAX, true, &t);
	check(!strcmp(t.buf, want), "7.3 dump: expected \"%s\", got \"%s\"",
	      want, t.buf);
}

/* A parsed argument's dump in 7.3's format */
static void check_parsed_dump_upstream(const char *arg, const char *want)
{
	struct probe_parse_ctx ctx;
	struct probe_arg parg;
	int ret;

	ret = tp_parse_one(TP_CASE_KPROBE, arg, &parg, &ctx);
	check(!ret, "\"%s\": error %d", arg, ret);
	if (!ret)
		check_dump_upstream(parg.code, want);
	probe_arg_free(&parg);
	probe_entry_arg_free(ctx.entry_arg);
}

static void test_dump_upstream(void)
{
	static char str[] = "a\"b";
	static char sym[] = "jiffies";
	static const char *field = "dfd";

	/* the example of 7.3's commit, less the BTF name */
	check_parsed_dump_upstream("+0($arg1):ustring",
				   "ARG(0) -> ST_USTRING(offset=0,size=4) -> END");
	check_parsed_dump_upstream("+8(+16($stack2)):b3@5/32",
				   "STACK(2) -> DEREF(offset=16) -> ST_MEM(offset=8,size=4) -> MOD_BF(basesize=4,lshift=24,rshift=29) -> END");
	check_parsed_dump_upstream("+0($stack):u8[4]",
				   "STACKP -> ST_MEM(offset=0,size=1) -> LP_ARRAY(4) -> END");
	check_parsed_dump_upstream("\\0:x8", "IMM(0x0) -> ST_RAW(size=1) -> END");
	check_dump_upstream((struct fetch_insn[]){ INSN(REG, .param = 80),
			    INSN(ST_RAW, .size = 2), INSN(END) },
			    "REG(80) -> ST_RAW(size=2) -> END");
	check_dump_upstream((struct fetch_insn[]){ INSN(DATA, .data = str),
			    INSN(ST_STRING, .size = 4), INSN(END) },
			    "IMMSTR(a\"b) -> ST_STRING(offset=0,size=4) -> END");
	check_dump_upstream((struct fetch_insn[]){ INSN(TP_ARG, .data = &field),
			    INSN(ST_RAW, .size = 8), INSN(END) },
			    "TP_ARG(dfd) -> ST_RAW(size=8) -> END");
	check_dump_upstream((struct fetch_insn[]){ INSN(NOP_SYMBOL, .data = sym),
			    INSN(FOFFS, .immediate = 0x1f0), INSN(CURRENT),
			    INSN(CPU_PTR), INSN(UDEREF, .offset = -8),
			    INSN(EDATA, .offset = 8), INSN(ST_EDATA, .offset = 16),
			    INSN(ST_SYMSTR, .offset = 4, .size = 4), INSN(END) },
			    "NOP_SYMBOL(jiffies) -> FOFFS(0x1f0) -> CURRENT -> CPU_PTR -> UDEREF(offset=-8) -> EDATA(offset=8) -> ST_EDATA(offset=16) -> ST_SYMSTR(offset=4,size=4) -> END");
	check_dump_upstream((struct fetch_insn[]){ INSN(COMM),
			    { .op = 99 } },
			    "COMM -> unknown(99)");
}

static void test_fetch_types(void)
{
	const struct fetch_type *t;

	t = fetch_type_find(NULL, 0, 0);
	check(t && !strcmp(t->name, "x64"), "default type");
	t = fetch_type_find("b1@0/0x40", 9, 0);
	check(t && !strcmp(t->name, "u64"), "bitfield container 0x40");
	check(!fetch_type_find("symbol", 6, TPARG_FL_USER), "uprobe symbol");
	t = fetch_type_find("symbol", 6, TPARG_FL_KERNEL);
	check(t && t->print == FETCH_PRINT_SYMBOL && !strcmp(t->fmttype, "u64"),
	      "symbol type");
	t = fetch_type_find("string", 6, 0);
	check(t && t->size == 4 && t->is_signed && fetch_type_is_string(t),
	      "string type");
	check(!fetch_type_find("u3", 2, 0) && !fetch_type_find("u", 1, 0),
	      "unknown types");
}

/*
 * One more fetch argument than an event holds: 6.12 refuses it with
 * -E2BIG, 7.3 also logs TOO_MANY_ARGS at the first argument.  At the
 * limit, each front end goes on to what it checks next (a uprobe counts
 * before it looks for its file, an eprobe before its event).
 */
struct tp_arg_limit_case {
	const struct tp_frontend	*fe;
	const char			*head;
	int				ret_at_limit;
	int				err_at_limit;
};

static const struct tp_arg_limit_case tp_arg_limit_cases[] = {
	{ &tp_kprobe, "p:ev vfs_read", 0, PROBE_ERR_NONE },
	{ &tp_fprobe, "f:ev vfs_read", 0, PROBE_ERR_NONE },
	{ &tp_uprobe, "p /non_exist_file:1", -ENOENT, TP_ERR_FILE_NOT_FOUND },
	{ &tp_eprobe, "e:ev sys/non_exist", -ENODEV, TP_ERR_BAD_ATTACH_EVENT },
};

static void check_arg_limit(const struct tp_arg_limit_case *tc, int n)
{
	struct probe_parse_err err;
	struct tp_probe tp;
	struct tp_words w;
	char *cmd;
	size_t len;
	int i, ret;

	len = strlen(tc->head) + 7 * n + 1;
	cmd = calloc(1, len);
	if (!cmd) {
		check(false, "out of memory");
		return;
	}
	strscpy(cmd, tc->head, len);
	for (i = 0; i < n; i++)
		strncat(cmd, " $stack", len - strlen(cmd) - 1);
	if (tp_split(cmd, strlen(cmd), &w)) {
		check(false, "out of memory");
		free(cmd);
		return;
	}
	ret = tp_parse(tc->fe, &w, &tp, &err);
	if (n > MAX_TRACE_ARGS)
		check(ret == -E2BIG && err.code == TP_ERR_TOO_MANY_ARGS &&
		      err.index == 2 && err.offset == 0,
		      "\"%s\" + %d arguments: got %d %s at %d:%d", tc->head, n,
		      ret, tp_err_name(err.code), err.index, err.offset);
	else
		check(ret == tc->ret_at_limit && err.code == tc->err_at_limit,
		      "\"%s\" + %d arguments: got %d %s", tc->head, n, ret,
		      tp_err_name(err.code));
	tp_probe_free(&tp);
	tp_words_free(&w);
	free(cmd);
}

static void test_arg_limit(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tp_arg_limit_cases); i++) {
		check_arg_limit(&tp_arg_limit_cases[i], MAX_TRACE_ARGS);
		check_arg_limit(&tp_arg_limit_cases[i], MAX_TRACE_ARGS + 1);
	}
}

static void run_extra_tests(void)
{
	test_verifier();
	test_enomem();
	test_kstrto();
	test_err_column();
	test_btf_provider();
	test_dentry_rewrite_log();
	test_validate_symbol();
	test_dump();
	test_fetch_types();
	test_arg_limit();
	test_dump_upstream();
}
