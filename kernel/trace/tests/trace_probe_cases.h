/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test tables shared by the host tests (tools/testing/trace_probe) and the
 * KUnit suite: plain data, no harness code.  Include trace_probe_parse.h
 * first.
 *
 * Error rows are whole kprobe_events commands with a '^' where Linux 6.12
 * puts the error_log caret (the kprobe_syntax_errors.tc convention); the
 * caret is one column past the end when the error is about a missing
 * argument.  Program rows give the exact fetch_prog_dump() text.
 *
 * The commands assume the fake kernel of the harness: vfs_read, kfree,
 * kernel_clone, do_exit, do_sys_open, gone_func, notrace_func and every
 * other plain name are unique functions; non_exist_func, hoge and
 * no_such_fn do not exist; name_show exists 3 times and dup_sym twice;
 * module "mymod" is loaded, "notloaded" is not; only offset 0 is a
 * function entry; vfs_read+3 is not an instruction boundary, gone_func
 * fails to register with -ENOENT and notrace_func with -EINVAL;
 * syscalls/sys_enter_openat is an event of another type.  Addresses are
 * "hashed" as 0x%016lx of (addr & 0xffffffff) ^ 0xdeadbeef.  Registers
 * are x86-64's and stacks are 16 KiB ($stack2048 is the last entry).
 * ":%pd" reads d_name.name at +0x28 of a dentry and ":%pD" f_path.dentry
 * at +0x48 of a file (the test config's layout).  trace_probe_fake.h
 * implements this world, trace_probe_runners.h checks the rows in it.
 */
#ifndef __TRACE_PROBE_CASES_H
#define __TRACE_PROBE_CASES_H

/* Probe kinds of the per-argument rows, as TPARG_FL_* flags */
#define TP_CASE_KPROBE		(TPARG_FL_KERNEL | TPARG_FL_FENTRY)
#define TP_CASE_KPROBE_OFFS	(TPARG_FL_KERNEL)
#define TP_CASE_KRETPROBE	(TPARG_FL_KERNEL | TPARG_FL_RETURN)
#define TP_CASE_UPROBE		(TPARG_FL_USER)
#define TP_CASE_FPROBE		(TP_CASE_KPROBE | TPARG_FL_FPROBE)
#define TP_CASE_TPROBE		(TP_CASE_FPROBE | TPARG_FL_TPOINT)

/**
 * struct tp_err_case - a command that must fail
 * @setup: a command that must succeed first (existing event), or NULL
 * @cmd: the command, with '^' at the expected caret
 * @err: the expected TP_ERR_* id
 * @detail: the expected detail after its message, NULL for none
 */
struct tp_err_case {
	const char	*setup;
	const char	*cmd;
	int		err;
	const char	*detail;
};

static const struct tp_err_case tp_err_cases[] = {
	/* 7.3's grammar without BTF: no typecasts, a bare $current */
	{ NULL, "p vfs_read ^(file)%si->f_pos", TP_ERR_NOSUP_BTFARG },
	{ NULL, "p vfs_read ^$current->pid", TP_ERR_BAD_VAR },
	{ NULL, "p^100 vfs_read", TP_ERR_BAD_MAXACT_TYPE },
	{ NULL, "r^1a111 vfs_read", TP_ERR_BAD_MAXACT },
	{ NULL, "r^100000 vfs_read", TP_ERR_MAXACT_TOO_BIG },
	{ NULL, "p ^non_exist_func", TP_ERR_BAD_PROBE_ADDR },
	{ NULL, "p ^hoge-fuga", TP_ERR_BAD_PROBE_ADDR },
	{ NULL, "p ^hoge+1000-1000", TP_ERR_BAD_PROBE_ADDR },
	{ NULL, "r ^vfs_read+10", TP_ERR_BAD_RETPROBE },
	{ NULL, "p:^/bar vfs_read", TP_ERR_NO_GROUP_NAME },
	{
		NULL,
		"p:^12345678901234567890123456789012345678901234567890123456789012345/bar vfs_read",
		TP_ERR_GROUP_TOO_LONG
	},
	{ NULL, "p:^foo.1/bar vfs_read", TP_ERR_BAD_GROUP_NAME },
	{ NULL, "p:^ vfs_read", TP_ERR_NO_EVENT_NAME },
	{
		NULL,
		"p:foo/^12345678901234567890123456789012345678901234567890123456789012345 vfs_read",
		TP_ERR_EVENT_TOO_LONG
	},
	{ NULL, "p:foo/^bar.1 vfs_read", TP_ERR_BAD_EVENT_NAME },
	{ NULL, "p vfs_read ^$retval", TP_ERR_RETVAL_ON_PROBE },
	{ NULL, "p vfs_read ^$stack10000", TP_ERR_BAD_STACK_NUM },
	{ NULL, "p vfs_read ^$arg10000", TP_ERR_BAD_ARG_NUM },
	{ NULL, "p vfs_read ^$none_var", TP_ERR_BAD_VAR },
	{ NULL, "p vfs_read ^%none_reg", TP_ERR_BAD_REG_NAME },
	/* x86-64's names have no x31, arm64's stop at x30 */
	{ NULL, "p vfs_read ^%x31", TP_ERR_BAD_REG_NAME },
	{ NULL, "p vfs_read ^@12345678abcde", TP_ERR_BAD_MEM_ADDR },
	{ NULL, "p vfs_read ^@+10", TP_ERR_FILE_ON_KPROBE },
	{ NULL, "p vfs_read arg1=\\^x", TP_ERR_BAD_IMM },
	{ NULL, "p vfs_read arg1=\\\"abcd^", TP_ERR_IMMSTR_NO_CLOSE },
	{ NULL, "p vfs_read ^+0@0)", TP_ERR_DEREF_NEED_BRACE },
	{ NULL, "p vfs_read ^+0ab1(@0)", TP_ERR_BAD_DEREF_OFFS },
	{ NULL, "p vfs_read +0(+0(@0^)", TP_ERR_DEREF_OPEN_BRACE },
	{ NULL, "p vfs_read +0(^$comm)", TP_ERR_COMM_CANT_DEREF },
	{ NULL, "p vfs_read ^&1", TP_ERR_BAD_FETCH_ARG },
	{
		NULL,
		"p vfs_read +0(^+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(@0))))))))))))))",
		TP_ERR_TOO_MANY_OPS
	},
	{ NULL, "p vfs_read +0(@11):u8[10^", TP_ERR_ARRAY_NO_CLOSE },
	{ NULL, "p vfs_read +0(@11):u8[10]^a", TP_ERR_BAD_ARRAY_SUFFIX },
	{ NULL, "p vfs_read +0(@11):u8[^10a]", TP_ERR_BAD_ARRAY_NUM },
	{ NULL, "p vfs_read +0(@11):u8[^256]", TP_ERR_ARRAY_TOO_BIG },
	{ NULL, "p vfs_read @11:^unknown_type", TP_ERR_BAD_TYPE },
	{ NULL, "p vfs_read $stack0:^string", TP_ERR_BAD_STRING },
	{ NULL, "p vfs_read @11:^b10@a/16", TP_ERR_BAD_BITFIELD },
	{
		NULL,
		"p vfs_read ^arg123456789012345678901234567890=@11",
		TP_ERR_ARG_NAME_TOO_LONG
	},
	{ NULL, "p vfs_read ^=@11", TP_ERR_NO_ARG_NAME },
	{ NULL, "p vfs_read ^var.1=@11", TP_ERR_BAD_ARG_NAME },
	{ NULL, "p vfs_read var1=@11 ^var1=@12", TP_ERR_USED_ARG_NAME },
	/* 7.3's limit: 255 characters (6.12: 63, tests/baseline) */
	{
		NULL,
		"p vfs_read ^+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(@123456789012345))))))))))))))))))))))))",
		TP_ERR_ARG_TOO_LONG
	},
	{ NULL, "p vfs_read arg1=^", TP_ERR_NO_ARG_BODY },
	{ NULL, "p ^vfs_read+3", TP_ERR_BAD_INSN_BNDRY },
	{
		"p:kprobes/testevent kernel_clone",
		"^r:kprobes/testevent do_exit",
		TP_ERR_DIFF_PROBE_TYPE
	},
	{
		"p:kprobes/testevent kernel_clone abcd=\\1",
		"p:kprobes/testevent kernel_clone ^bcd=\\1",
		TP_ERR_DIFF_ARG_TYPE
	},
	{
		"p:kprobes/testevent kernel_clone abcd=\\1",
		"p:kprobes/testevent kernel_clone ^abcd=\\1:u8",
		TP_ERR_DIFF_ARG_TYPE
	},
	{
		"p:kprobes/testevent kernel_clone abcd=\\1",
		"p:kprobes/testevent kernel_clone ^abcd=\\\"foo\"",
		TP_ERR_DIFF_ARG_TYPE
	},
	{
		"p:kprobes/testevent kernel_clone abcd=\\1",
		"^p:kprobes/testevent kernel_clone abcd=\\1",
		TP_ERR_SAME_PROBE
	},
	{ NULL, "p vfs_read^%hoge", TP_ERR_BAD_ADDR_SUFFIX },
	{ NULL, "p ^vfs_read+10%return", TP_ERR_BAD_RETPROBE },
	/* the selftest says BAD_VAR_ARGS; 6.12 logs BAD_VAR here */
	{ NULL, "p vfs_read args=^$arg*", TP_ERR_BAD_VAR },
	{ NULL, "p vfs_read +0(^$arg*)", TP_ERR_BAD_VAR },
	{ NULL, "p vfs_read $arg* ^$arg*", TP_ERR_DOUBLE_ARGS },
	{ NULL, "p vfs_read+20 ^$arg*", TP_ERR_NOFENTRY_ARGS },
	/* without BTF (the selftest expects NO_BTFARG with BTF) */
	{ NULL, "p vfs_read ^hoge", TP_ERR_NOSUP_BTFARG },
	{ NULL, "p vfs_read ^$arg*", TP_ERR_NOSUP_BTFARG },
	{ NULL, "p ^name_show", TP_ERR_NON_UNIQ_SYMBOL },
	{ NULL, "p ^dup_sym+4", TP_ERR_NON_UNIQ_SYMBOL },
	{ NULL, "p ^mymod:no_such_fn", TP_ERR_BAD_PROBE_ADDR },
	{ NULL, "p ^vfs_read+4294967296", TP_ERR_BAD_PROBE_ADDR },
	{ NULL, "p ^vfs_read-1", TP_ERR_BAD_PROBE_ADDR },
	/* -ENOENT when registering */
	{ NULL, "p ^gone_func", TP_ERR_BAD_PROBE_ADDR },
	{ NULL, "p ^notrace_func", TP_ERR_FAIL_REG_PROBE },
	{ NULL, "^p:syscalls/sys_enter_openat vfs_read", TP_ERR_EVENT_EXIST },
	/* a missing argument: caret past the end */
	{
		"p:kprobes/testevent kernel_clone a=%di b=%si",
		"p:kprobes/testevent kernel_clone a=%di ^",
		TP_ERR_DIFF_ARG_TYPE
	},
	{ NULL, "r^0 vfs_read", TP_ERR_BAD_MAXACT },
	{ NULL, "r^4097 vfs_read", TP_ERR_MAXACT_TOO_BIG },
	{ NULL, "r^4294967296 vfs_read", TP_ERR_BAD_MAXACT },
	{
		NULL,
		"r^1234567890123456789012345678901234567890123456789012345678901234:ev vfs_read",
		TP_ERR_BAD_MAXACT
	},
	{ NULL, "p^1:myevent vfs_read", TP_ERR_BAD_MAXACT_TYPE },
	{ NULL, "p vfs_read^%returnx", TP_ERR_BAD_ADDR_SUFFIX },
	{ NULL, "p:^my.grp/ev vfs_read", TP_ERR_BAD_GROUP_NAME },
	{ NULL, "p:^1grp/ev vfs_read", TP_ERR_BAD_GROUP_NAME },
	{ NULL, "p:grp.^1ev vfs_read", TP_ERR_BAD_EVENT_NAME },
	{ NULL, "p:^ev:x vfs_read", TP_ERR_BAD_EVENT_NAME },
	/* an address probe never gets TPARG_FL_RETURN */
	{ NULL, "r 0xffffffff81000000 ^$retval", TP_ERR_RETVAL_ON_PROBE },
	{ NULL, "p 0xffffffff81000000 ^$arg1", TP_ERR_NOFENTRY_ARGS },
	{ NULL, "p vfs_read+8 a=^$arg1", TP_ERR_NOFENTRY_ARGS },
	{ NULL, "p vfs_read ^$arg0", TP_ERR_BAD_ARG_NUM },
	{ NULL, "p vfs_read ^$arg2049", TP_ERR_BAD_ARG_NUM },
	{ NULL, "p vfs_read ^$argx", TP_ERR_BAD_VAR },
	{ NULL, "p vfs_read ^$arg", TP_ERR_BAD_VAR },
	{ NULL, "p vfs_read ^$arg1x", TP_ERR_BAD_VAR },
	{ NULL, "p vfs_read a=^$arg+", TP_ERR_BAD_VAR },
	/* 6.12 points at the last $arg word */
	{ NULL, "p vfs_read $arg* ^$arg1", TP_ERR_NOSUP_BTFARG },
	{ NULL, "p vfs_read ^$stackx", TP_ERR_BAD_VAR },
	{ NULL, "p vfs_read ^$stack1x", TP_ERR_BAD_VAR },
	{ NULL, "p vfs_read ^$stack2049", TP_ERR_BAD_STACK_NUM },
	{ NULL, "p vfs_read ^$comm1", TP_ERR_BAD_VAR },
	{ NULL, "p vfs_read ^%", TP_ERR_BAD_REG_NAME },
	{ NULL, "p vfs_read ^@0x10000000000000000", TP_ERR_BAD_MEM_ADDR },
	{ NULL, "p vfs_read a=\\^", TP_ERR_BAD_IMM },
	{ NULL, "p vfs_read a=\\^0x10000000000000000", TP_ERR_BAD_IMM },
	{ NULL, "p vfs_read a=\\^-9223372036854775809", TP_ERR_BAD_IMM },
	{ NULL, "p vfs_read a=\\\"^", TP_ERR_IMMSTR_NO_CLOSE },
	{ NULL, "p vfs_read a=\\\"abc\":^u8", TP_ERR_NEED_STRING_TYPE },
	{ NULL, "p vfs_read a=\\\"ab:^c\"", TP_ERR_NEED_STRING_TYPE },
	{ NULL, "p vfs_read $comm:^u32", TP_ERR_NEED_STRING_TYPE },
	{ NULL, "p vfs_read $COMM:^string[2]", TP_ERR_NEED_STRING_TYPE },
	{ NULL, "p vfs_read $comm:^symstr", TP_ERR_NEED_STRING_TYPE },
	{ NULL, "p vfs_read ^+(%di)", TP_ERR_BAD_DEREF_OFFS },
	{ NULL, "p vfs_read ^+u(%di)", TP_ERR_BAD_DEREF_OFFS },
	{ NULL, "p vfs_read ^-+8(%di)", TP_ERR_BAD_DEREF_OFFS },
	{ NULL, "p vfs_read ^+8%di", TP_ERR_DEREF_NEED_BRACE },
	{ NULL, "p vfs_read +8(%di^", TP_ERR_DEREF_OPEN_BRACE },
	/* 6.12 puts carets inside +u() one column left */
	{ NULL, "p vfs_read +u0(@^0", TP_ERR_DEREF_OPEN_BRACE },
	{ NULL, "p vfs_read +u0^(%ax2)", TP_ERR_BAD_REG_NAME },
	{ NULL, "p vfs_read -u8^(%none)", TP_ERR_BAD_REG_NAME },
	{ NULL, "p vfs_read +0(^)", TP_ERR_BAD_FETCH_ARG },
	{ NULL, "p vfs_read ^:u32", TP_ERR_BAD_FETCH_ARG },
	{ NULL, "p vfs_read ^1", TP_ERR_BAD_FETCH_ARG },
	{ NULL, "p vfs_read +0(^\\\"abc\")", TP_ERR_COMM_CANT_DEREF },
	{ NULL, "p vfs_read +0(+0(^$comm))", TP_ERR_COMM_CANT_DEREF },
	{
		NULL,
		"p vfs_read +0(^+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(%di)))))))))))))))",
		TP_ERR_TOO_MANY_OPS
	},
	/* no room for the store after the value */
	{
		NULL,
		"p vfs_read +0(^+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(@0))))))))))))):symstr",
		TP_ERR_TOO_MANY_OPS
	},
	/* no room for LP_ARRAY */
	{
		NULL,
		"p vfs_read +0(^+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(@0))))))))))))):u8[2]",
		TP_ERR_TOO_MANY_OPS
	},
	/* 6.12 reports no room for MOD_BF as a bad bitfield */
	{
		NULL,
		"p vfs_read +0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(@0))))))))))))):b1@^0/8",
		TP_ERR_BAD_BITFIELD
	},
	{ NULL, "p vfs_read +0(@11):u8[^0]", TP_ERR_BAD_ARRAY_NUM },
	{ NULL, "p vfs_read +0(@11):u8[^]", TP_ERR_BAD_ARRAY_NUM },
	{ NULL, "p vfs_read +0(@11):u8[^4294967296]", TP_ERR_BAD_ARRAY_NUM },
	{ NULL, "p vfs_read +0(@11):u8[^65]", TP_ERR_ARRAY_TOO_BIG },
	{ NULL, "p vfs_read +0(@11):u8[2]^[3]", TP_ERR_BAD_ARRAY_SUFFIX },
	{ NULL, "p vfs_read %di:^", TP_ERR_BAD_TYPE },
	{ NULL, "p vfs_read %di:^bad", TP_ERR_BAD_TYPE },
	{ NULL, "p vfs_read %di:^b4@0/12", TP_ERR_BAD_TYPE },
	{ NULL, "p vfs_read %di:^U32", TP_ERR_BAD_TYPE },
	{ NULL, "p vfs_read %di:^string", TP_ERR_BAD_STRING },
	{ NULL, "p vfs_read %di:^u8[2]", TP_ERR_BAD_STRING },
	{ NULL, "p vfs_read $arg1:^ustring", TP_ERR_BAD_STRING },
	/* no arrays in user memory; the caret uses the +u anchor */
	{ NULL, "p vfs_read +u0(%di):u8[^2]", TP_ERR_BAD_STRING },
	/* the anchor is inside the outermost dereference */
	{ NULL, "p vfs_read +8(%di):sym^str[2]", TP_ERR_BAD_STRING },
	{ NULL, "p vfs_read a=\\1:^symstr", TP_ERR_BAD_SYMSTRING },
	{ NULL, "p vfs_read +u0(%di):sym^str", TP_ERR_BAD_SYMSTRING },
	{ NULL, "p vfs_read %di:^b0@0/8", TP_ERR_BAD_BITFIELD },
	{ NULL, "p vfs_read %di:^b4@/8", TP_ERR_BAD_BITFIELD },
	{ NULL, "p vfs_read %di:^b4@5/8", TP_ERR_BAD_BITFIELD },
	{ NULL, "p vfs_read %di:^b4x@0/8", TP_ERR_BAD_BITFIELD },
	{
		NULL,
		"p vfs_read %di:^b18446744073709551616@0/8",
		TP_ERR_BAD_BITFIELD
	},
	{ NULL, "p vfs_read +8(%di):b4@^6/8", TP_ERR_BAD_BITFIELD },
	{ NULL, "p vfs_read ^__probe_ip=%di", TP_ERR_USED_ARG_NAME },
	{ NULL, "p vfs_read ^common_pid=%di", TP_ERR_USED_ARG_NAME },
	/* the generated name arg2 is taken */
	{ NULL, "p vfs_read arg2=%di ^%si", TP_ERR_USED_ARG_NAME },
	{ NULL, "p vfs_read ^1a=%di", TP_ERR_BAD_ARG_NAME },
	{ NULL, "p vfs_read ^a-b=%di", TP_ERR_BAD_ARG_NAME },
	{
		NULL,
		"p vfs_read ^a123456789012345678901234567890123=%di",
		TP_ERR_ARG_NAME_TOO_LONG
	},
	/*
	 * Within 7.3's 255 characters, a chain of dereferences too long for
	 * a program; 7.3 says TOO_MANY_NESTED past 8 of them, which would
	 * refuse chains 6.12 accepts (of 9 to 13): the program's limit stays.
	 */
	{
		NULL,
		"p vfs_read a=+0(^+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(%dx)))))))))))))))0",
		TP_ERR_TOO_MANY_OPS
	},
	{
		NULL,
		"p vfs_read a0=+0(%di):u64[64] a1=+0(%di):u64[64] a2=+0(%di):u64[64] a3=+0(%di):u64[64] a4=+0(%di):u64[64] a5=+0(%di):u64[64] a6=+0(^%di):u64[64]",
		TP_ERR_EVENT_TOO_BIG
	},
	{ NULL, "p vfs_read a=^foo", TP_ERR_NOSUP_BTFARG },
	{ NULL, "p vfs_read+4 ^foo", TP_ERR_NOSUP_BTFARG },
	{ NULL, "r vfs_read ^_x", TP_ERR_NOSUP_BTFARG },
};

/**
 * struct tp_prog_case - one argument and the program it compiles to
 * @flags: TP_CASE_* probe kind
 * @arg: the argument
 * @prog: fetch_prog_dump() of its program
 * @entry: fetch_prog_dump() of the entry program, NULL if none
 */
struct tp_prog_case {
	unsigned int	flags;
	const char	*arg;
	const char	*prog;
	const char	*entry;
};

static const struct tp_prog_case tp_prog_cases[] = {
	{ TP_CASE_KPROBE, "%di", "REG di; ST_RAW size=8; END", NULL },
	{ TP_CASE_KPROBE, "%ax:u32", "REG ax; ST_RAW size=4; END", NULL },
	{ TP_CASE_KPROBE, "%r15:s8", "REG r15; ST_RAW size=1; END", NULL },
	{ TP_CASE_KPROBE, "%flags:x16", "REG flags; ST_RAW size=2; END", NULL },
	/* arm64's registers (these rows run on arm64 only) */
	{ TP_CASE_KPROBE, "%x0", "REG x0; ST_RAW size=8; END", NULL },
	{ TP_CASE_KPROBE, "+8(%x1):u32", "REG x1; ST_MEM +8 size=4; END", NULL },
	{ TP_CASE_KPROBE, "+0(%x2):string", "REG x2; ST_STRING +0 size=4; END",
	  NULL },
	{ TP_CASE_KPROBE, "%x30:x64", "REG x30; ST_RAW size=8; END", NULL },
	{ TP_CASE_KPROBE, "%pc", "REG pc; ST_RAW size=8; END", NULL },
	{ TP_CASE_KPROBE, "%pstate:x32", "REG pstate; ST_RAW size=4; END", NULL },
	{ TP_CASE_KPROBE, "+0(%si):u8", "REG si; ST_MEM +0 size=1; END", NULL },
	{
		TP_CASE_KPROBE,
		"+0(%si):u16",
		"REG si; ST_MEM +0 size=2; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(%si):u32",
		"REG si; ST_MEM +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(%si):u64",
		"REG si; ST_MEM +0 size=8; END",
		NULL
	},
	{ TP_CASE_KPROBE, "+0(%si):s8", "REG si; ST_MEM +0 size=1; END", NULL },
	{
		TP_CASE_KPROBE,
		"+0(%si):s16",
		"REG si; ST_MEM +0 size=2; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(%si):s32",
		"REG si; ST_MEM +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(%si):s64",
		"REG si; ST_MEM +0 size=8; END",
		NULL
	},
	{ TP_CASE_KPROBE, "+0(%si):x8", "REG si; ST_MEM +0 size=1; END", NULL },
	{
		TP_CASE_KPROBE,
		"+0(%si):x16",
		"REG si; ST_MEM +0 size=2; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(%si):x32",
		"REG si; ST_MEM +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(%si):x64",
		"REG si; ST_MEM +0 size=8; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(%si):char",
		"REG si; ST_MEM +0 size=1; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(%si):symbol",
		"REG si; ST_MEM +0 size=8; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"@0x1000",
		"IMM 0x1000; ST_MEM +0 size=8; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"@jiffies",
		"NOP_SYMBOL \"jiffies\"; IMM 0; ST_MEM +0 size=8; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"@jiffies+8:u32",
		"NOP_SYMBOL \"jiffies+8\"; IMM 0; ST_MEM +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+4(@jiffies-8):u16",
		"NOP_SYMBOL \"jiffies-8\"; IMM 0; DEREF +0; ST_MEM +4 size=2; END",
		NULL
	},
	{ TP_CASE_KPROBE, "$stack", "STACKP; ST_RAW size=8; END", NULL },
	{ TP_CASE_KPROBE, "$stack3", "STACK 3; ST_RAW size=8; END", NULL },
	{
		TP_CASE_KPROBE,
		"$stack2048",
		"STACK 2048; ST_RAW size=8; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0($stack):u32",
		"STACKP; ST_MEM +0 size=4; END",
		NULL
	},
	{ TP_CASE_KPROBE, "$arg1:u32", "ARG 0; ST_RAW size=4; END", NULL },
	{ TP_CASE_KPROBE, "$arg6", "ARG 5; ST_RAW size=8; END", NULL },
	{ TP_CASE_KPROBE, "a=$arg+2", "ARG 1; ST_RAW size=8; END", NULL },
	{ TP_CASE_KPROBE, "$comm", "COMM; ST_STRING +0 size=4; END", NULL },
	{
		TP_CASE_KPROBE,
		"$COMM:string",
		"COMM; ST_STRING +0 size=4; END",
		NULL
	},
	{ TP_CASE_KPROBE, "\\1", "IMM 0x1; ST_RAW size=8; END", NULL },
	{
		TP_CASE_KPROBE,
		"\\-1:s32",
		"IMM 0xffffffffffffffff; ST_RAW size=4; END",
		NULL
	},
	{ TP_CASE_KPROBE, "\\+0x10:u16", "IMM 0x10; ST_RAW size=2; END", NULL },
	{ TP_CASE_KPROBE, "\\0777:u16", "IMM 0x1ff; ST_RAW size=2; END", NULL },
	{
		TP_CASE_KPROBE,
		"\\0xffffffffffffffff",
		"IMM 0xffffffffffffffff; ST_RAW size=8; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"\\-9223372036854775808",
		"IMM 0x8000000000000000; ST_RAW size=8; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"\\\"hello\"",
		"DATA \"hello\"; ST_STRING +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"\\\"\":string",
		"DATA \"\"; ST_STRING +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"\\\"a\"b\"",
		"DATA \"a\\\"b\"; ST_STRING +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(%di):string",
		"REG di; ST_STRING +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+16(%di):ustring",
		"REG di; ST_USTRING +16 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+u0(%di):string",
		"REG di; ST_USTRING +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+u8(%di):u32",
		"REG di; ST_UMEM +8 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"-u8(%di):u32",
		"REG di; ST_UMEM -8 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(+8(%si)):u64",
		"REG si; DEREF +8; ST_MEM +0 size=8; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+8(+0(%si)):u16",
		"REG si; DEREF +0; ST_MEM +8 size=2; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"-8(%sp):s16",
		"REG sp; ST_MEM -8 size=2; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0x10(%di)",
		"REG di; ST_MEM +16 size=8; END",
		NULL
	},
	{ TP_CASE_KPROBE, "++8(%di)", "REG di; ST_MEM +8 size=8; END", NULL },
	{ TP_CASE_KPROBE, "+-8(%di)", "REG di; ST_MEM -8 size=8; END", NULL },
	{
		TP_CASE_KPROBE,
		"+0(+u8(%si)):u8",
		"REG si; UDEREF +8; ST_MEM +0 size=1; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+u0(+8(%si)):string",
		"REG si; DEREF +8; ST_USTRING +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(%di)xyz:u8",
		"REG di; ST_MEM +0 size=1; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+4294967296(%di)",
		"REG di; ST_MEM +0 size=8; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"%di:symstr",
		"REG di; ST_SYMSTR +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"$stack0:symstr",
		"STACK 0; ST_SYMSTR +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"$arg1:symstr",
		"ARG 0; ST_SYMSTR +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(%di):symstr",
		"REG di; DEREF +0; ST_SYMSTR +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(%di):b4@2/32",
		"REG di; ST_MEM +0 size=4; MOD_BF base=4 lshift=26 rshift=28; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"%di:b1@0/8",
		"REG di; ST_RAW size=1; MOD_BF base=1 lshift=7 rshift=7; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"%di:b64@0/64",
		"REG di; ST_RAW size=8; MOD_BF base=8 lshift=0 rshift=0; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"%di:b3@13/16",
		"REG di; ST_RAW size=2; MOD_BF base=2 lshift=0 rshift=13; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"%di:b0x4@0x2/0x20",
		"REG di; ST_RAW size=4; MOD_BF base=4 lshift=26 rshift=28; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(%di):u8[4]",
		"REG di; ST_MEM +0 size=1; LP_ARRAY 4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(%di):x32[0x40]",
		"REG di; ST_MEM +0 size=4; LP_ARRAY 64; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(%di):char[1]",
		"REG di; ST_MEM +0 size=1; LP_ARRAY 1; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(%di):string[3]",
		"REG di; DEREF +0; ST_STRING +0 size=4; LP_ARRAY 3; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+8(%di):ustring[2]",
		"REG di; DEREF +8; ST_USTRING +0 size=4; LP_ARRAY 2; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+u0(%di):string[2]",
		"REG di; UDEREF +0; ST_STRING +0 size=4; LP_ARRAY 2; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(%di):b4@2/32[2]",
		"REG di; ST_MEM +0 size=4; MOD_BF base=4 lshift=26 rshift=28; LP_ARRAY 2; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(\\1):u8",
		"IMM 0x1; ST_MEM +0 size=1; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"@0:string",
		"IMM 0; ST_STRING +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(@0)))))))))))))",
		"IMM 0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; ST_MEM +0 size=8; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(@0))))))))))))):string",
		"IMM 0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; ST_STRING +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KPROBE,
		"+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(%di))))))))))))))",
		"REG di; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; DEREF +0; ST_MEM +0 size=8; END",
		NULL
	},
	{ TP_CASE_KRETPROBE, "$retval", "RETVAL; ST_RAW size=8; END", NULL },
	{
		TP_CASE_KRETPROBE,
		"$retval:s32",
		"RETVAL; ST_RAW size=4; END",
		NULL
	},
	{ TP_CASE_KRETPROBE, "$retvalue", "RETVAL; ST_RAW size=8; END", NULL },
	{
		TP_CASE_KRETPROBE,
		"+0($retval):string",
		"RETVAL; ST_STRING +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KRETPROBE,
		"$retval:symstr",
		"RETVAL; ST_SYMSTR +0 size=4; END",
		NULL
	},
	{
		TP_CASE_KRETPROBE,
		"$arg1",
		"EDATA +0; ST_RAW size=8; END",
		"ARG 0; ST_EDATA +0; END"
	},
	{
		TP_CASE_KRETPROBE,
		"+0($arg2):string",
		"EDATA +0; ST_STRING +0 size=4; END",
		"ARG 1; ST_EDATA +0; END"
	},
	{ TP_CASE_KRETPROBE, "%ax:u32", "REG ax; ST_RAW size=4; END", NULL },
	{ TP_CASE_KPROBE_OFFS, "%di", "REG di; ST_RAW size=8; END", NULL },
	{ TP_CASE_TPROBE, "$arg1", "ARG 1; ST_RAW size=8; END", NULL },
	{ TP_CASE_FPROBE, "$arg2", "ARG 1; ST_RAW size=8; END", NULL },
	{ TP_CASE_UPROBE, "@+0x10", "FOFFS 0x10; ST_MEM +0 size=8; END", NULL },
	{
		TP_CASE_UPROBE,
		"@+-16:u32",
		"FOFFS 0xfffffffffffffff0; ST_MEM +0 size=4; END",
		NULL
	},
	{ TP_CASE_UPROBE, "%di", "REG di; ST_RAW size=8; END", NULL },
	{
		TP_CASE_UPROBE,
		"$stack100000",
		"STACK 100000; ST_RAW size=8; END",
		NULL
	},
	{
		TP_CASE_UPROBE,
		"+0(%di):string",
		"REG di; ST_STRING +0 size=4; END",
		NULL
	},
};

/**
 * struct tp_arg_err_case - one argument that must fail, for any probe kind
 * @flags: TP_CASE_* probe kind
 * @arg: the argument (argument 0), with '^' at the expected caret
 * @err: the expected TP_ERR_* id
 */
struct tp_arg_err_case {
	unsigned int	flags;
	const char	*arg;
	int		err;
};

static const struct tp_arg_err_case tp_arg_err_cases[] = {
	{ TP_CASE_UPROBE, "^@sym", TP_ERR_SYM_ON_UPROBE },
	{ TP_CASE_UPROBE, "^@+x", TP_ERR_BAD_FILE_OFFS },
	{ TP_CASE_UPROBE, "%di:^symbol", TP_ERR_BAD_TYPE },
	{ TP_CASE_UPROBE, "%di:^symstr", TP_ERR_BAD_TYPE },
	{ TP_CASE_UPROBE, "^$arg1", TP_ERR_NOFENTRY_ARGS },
	{ TP_CASE_FPROBE, "^%di", TP_ERR_BAD_FETCH_ARG },
	{ TP_CASE_FPROBE, "^$retval", TP_ERR_RETVAL_ON_PROBE },
	{ TP_CASE_KPROBE_OFFS, "^$arg1", TP_ERR_NOFENTRY_ARGS },
	{ TP_CASE_KPROBE_OFFS, "^foo", TP_ERR_NOSUP_BTFARG },
	{ TP_CASE_KRETPROBE, "^$arg0", TP_ERR_BAD_ARG_NUM },
	{ TP_CASE_KRETPROBE, "$arg1:^symstr", TP_ERR_BAD_SYMSTRING },
};

/**
 * struct tp_cmd_case - a command and the programs of all its arguments
 * @cmd: the command
 * @progs: the programs, separated by " | "
 * @entry: the entry program, NULL if none
 * @entry_size: bytes of entry data
 */
struct tp_cmd_case {
	const char	*cmd;
	const char	*progs;
	const char	*entry;
	unsigned int	entry_size;
};

static const struct tp_cmd_case tp_cmd_cases[] = {
	{
		"r vfs_read $arg2 $arg1 $arg2 +0($arg3):u32",
		"EDATA +0; ST_RAW size=8; END | EDATA +8; ST_RAW size=8; END | EDATA +0; ST_RAW size=8; END | EDATA +16; ST_MEM +0 size=4; END",
		"ARG 1; ST_EDATA +0; ARG 0; ST_EDATA +8; ARG 2; ST_EDATA +16; END",
		24
	},
	{
		"p vfs_read%return $arg1 $retval",
		"EDATA +0; ST_RAW size=8; END | RETVAL; ST_RAW size=8; END",
		"ARG 0; ST_EDATA +0; END",
		8
	},
	{
		"r notloaded:fn $arg1",
		"EDATA +0; ST_RAW size=8; END",
		"ARG 0; ST_EDATA +0; END",
		8
	},
	{ "r vfs_read $retval", "RETVAL; ST_RAW size=8; END", NULL, 0 },
	{
		"p vfs_read $arg1 $arg1",
		"ARG 0; ST_RAW size=8; END | ARG 0; ST_RAW size=8; END",
		NULL,
		0
	},
	{ "p kfree $arg10", "ARG 9; ST_RAW size=8; END", NULL, 0 },
	{ "r kfree $retval", "RETVAL; ST_RAW size=8; END", NULL, 0 },
	{
		"p vfs_read $arg1 $arg2",
		"ARG 0; ST_RAW size=8; END | ARG 1; ST_RAW size=8; END",
		NULL,
		0
	},
	{
		"p:testprobe_bf kernel_clone arg1=@linux_proc_banner:b8@4/32",
		"NOP_SYMBOL \"linux_proc_banner\"; IMM 0; ST_MEM +0 size=4; MOD_BF base=4 lshift=20 rshift=24; END",
		NULL,
		0
	},
	{
		"p:myevent do_sys_open path=+0($arg2):ustring path2=+u0($arg2):string",
		"ARG 1; ST_USTRING +0 size=4; END | ARG 1; ST_USTRING +0 size=4; END",
		NULL,
		0
	},
	{
		"p:testprobe kernel_clone $stack0:s32 $stack0:u32 $stack0:x32 $stack0:b4@4/32",
		"STACK 0; ST_RAW size=4; END | STACK 0; ST_RAW size=4; END | STACK 0; ST_RAW size=4; END | STACK 0; ST_RAW size=4; MOD_BF base=4 lshift=24 rshift=28; END",
		NULL,
		0
	},
};

/**
 * struct tp_head_case - a command head and what it parses to
 * @cmd: the command
 * @ret: expected return value (0 or -errno without an error_log entry)
 * @group: group name
 * @event: event name, given or generated
 * @is_return: a kretprobe
 * @maxactive: r<N>
 * @symbol: "[MOD:]SYM", NULL for an address
 * @offset: offset after the symbol
 * @addr: the address when there is no symbol
 * @flags: TP_CASE_* kind used for the arguments
 */
struct tp_head_case {
	const char	*cmd;
	int		ret;
	const char	*group;
	const char	*event;
	bool		is_return;
	unsigned int	maxactive;
	const char	*symbol;
	long		offset;
	unsigned long	addr;
	unsigned int	flags;
};

static const struct tp_head_case tp_head_cases[] = {
	{
		"p vfs_read",
		0,
		"kprobes",
		"p_vfs_read_0",
		false,
		0,
		"vfs_read",
		0,
		0x0UL,
		TP_CASE_KPROBE
	},
	{
		"r vfs_read",
		0,
		"kprobes",
		"r_vfs_read_0",
		true,
		0,
		"vfs_read",
		0,
		0x0UL,
		TP_CASE_KRETPROBE
	},
	{
		"p vfs_read+8",
		0,
		"kprobes",
		"p_vfs_read_8",
		false,
		0,
		"vfs_read",
		8,
		0x0UL,
		TP_CASE_KPROBE_OFFS
	},
	{
		"p vfs_read+0x10",
		0,
		"kprobes",
		"p_vfs_read_16",
		false,
		0,
		"vfs_read",
		16,
		0x0UL,
		TP_CASE_KPROBE_OFFS
	},
	{
		"r vfs_read+0",
		0,
		"kprobes",
		"r_vfs_read_0",
		true,
		0,
		"vfs_read",
		0,
		0x0UL,
		TP_CASE_KRETPROBE
	},
	{
		"p mymod:modfn",
		0,
		"kprobes",
		"p_mymod_modfn_0",
		false,
		0,
		"mymod:modfn",
		0,
		0x0UL,
		TP_CASE_KPROBE
	},
	{
		"p foo.isra.0",
		0,
		"kprobes",
		"p_foo_isra_0_0",
		false,
		0,
		"foo.isra.0",
		0,
		0x0UL,
		TP_CASE_KPROBE
	},
	{
		"r notloaded:fn",
		0,
		"kprobes",
		"r_notloaded_fn_0",
		true,
		0,
		"notloaded:fn",
		0,
		0x0UL,
		TP_CASE_KRETPROBE
	},
	{
		"p notloaded:fn+4",
		0,
		"kprobes",
		"p_notloaded_fn_4",
		false,
		0,
		"notloaded:fn",
		4,
		0x0UL,
		TP_CASE_KPROBE_OFFS
	},
	{
		"r100 vfs_read",
		0,
		"kprobes",
		"r_vfs_read_0",
		true,
		100,
		"vfs_read",
		0,
		0x0UL,
		TP_CASE_KRETPROBE
	},
	{
		"r0x10:grp/ev vfs_read",
		0,
		"grp",
		"ev",
		true,
		16,
		"vfs_read",
		0,
		0x0UL,
		TP_CASE_KRETPROBE
	},
	{
		"r4096 vfs_read",
		0,
		"kprobes",
		"r_vfs_read_0",
		true,
		4096,
		"vfs_read",
		0,
		0x0UL,
		TP_CASE_KRETPROBE
	},
	{
		"p:grp.ev vfs_read",
		0,
		"grp",
		"ev",
		false,
		0,
		"vfs_read",
		0,
		0x0UL,
		TP_CASE_KPROBE
	},
	{
		"p:my-grp/_ev1 vfs_read",
		0,
		"my-grp",
		"_ev1",
		false,
		0,
		"vfs_read",
		0,
		0x0UL,
		TP_CASE_KPROBE
	},
	{
		"p:-/ev vfs_read",
		0,
		"-",
		"ev",
		false,
		0,
		"vfs_read",
		0,
		0x0UL,
		TP_CASE_KPROBE
	},
	{
		"p:grp/ vfs_read",
		0,
		"grp",
		"p_vfs_read_0",
		false,
		0,
		"vfs_read",
		0,
		0x0UL,
		TP_CASE_KPROBE
	},
	{
		"p:myevent vfs_read",
		0,
		"kprobes",
		"myevent",
		false,
		0,
		"vfs_read",
		0,
		0x0UL,
		TP_CASE_KPROBE
	},
	{
		"p vfs_read%return",
		0,
		"kprobes",
		"r_vfs_read_0",
		true,
		0,
		"vfs_read",
		0,
		0x0UL,
		TP_CASE_KRETPROBE
	},
	{
		"p vfs_read+0%return",
		0,
		"kprobes",
		"r_vfs_read_0",
		true,
		0,
		"vfs_read",
		0,
		0x0UL,
		TP_CASE_KRETPROBE
	},
	{
		"p 0xffffffff81000000",
		0,
		"kprobes",
		"p_0x000000005fadbeef",
		false,
		0,
		NULL,
		0,
		0xffffffff81000000UL,
		TP_CASE_KPROBE_OFFS
	},
	{
		"r 0x1000",
		0,
		"kprobes",
		"r_0x00000000deadaeef",
		true,
		0,
		NULL,
		0,
		0x1000UL,
		TP_CASE_KPROBE_OFFS
	},
	{
		"p 0",
		0,
		"kprobes",
		"p_0x00000000deadbeef",
		false,
		0,
		NULL,
		0,
		0x0UL,
		TP_CASE_KPROBE_OFFS
	},
	{
		"pfoo vfs_read",
		0,
		"kprobes",
		"p_vfs_read_0",
		false,
		0,
		"vfs_read",
		0,
		0x0UL,
		TP_CASE_KPROBE
	},
	{
		"rx10 vfs_read",
		0,
		"kprobes",
		"r_vfs_read_0",
		true,
		0,
		"vfs_read",
		0,
		0x0UL,
		TP_CASE_KRETPROBE
	},
	{
		"p aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
		0,
		"kprobes",
		"p_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
		false,
		0,
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
		0,
		0x0UL,
		TP_CASE_KPROBE
	},
	{ "x vfs_read", -ECANCELED, NULL, NULL, false, 0, NULL, 0, 0x0UL, 0 },
	{ "p", -ECANCELED, NULL, NULL, false, 0, NULL, 0, 0x0UL, 0 },
	{
		"p /bin/sh:0x10",
		-ECANCELED,
		NULL,
		NULL,
		false,
		0,
		NULL,
		0,
		0x0UL,
		0
	},
	{
		"p:u/ev /bin/sh:0x10",
		-ECANCELED,
		NULL,
		NULL,
		false,
		0,
		NULL,
		0,
		0x0UL,
		0
	},
	{
		"p:/ev /bin/sh:10",
		-ECANCELED,
		NULL,
		NULL,
		false,
		0,
		NULL,
		0,
		0x0UL,
		0
	},
};

/**
 * struct tp_fmt_case - the event a command defines
 * @cmd: the command
 * @print_fmt: the print fmt of the format file
 * @fields: "name type offset size signed;" per argument, space separated
 * @listing: the arguments as kprobe_events lists them
 */
struct tp_fmt_case {
	const char	*cmd;
	const char	*print_fmt;
	const char	*fields;
	const char	*listing;
};

static const struct tp_fmt_case tp_fmt_cases[] = {
	{
		"p vfs_read a=%di:u32 b=+0(%si):string c=+0(%dx):u8[2] d=$comm",
		"\"(%lx) a=%u b=\\\"%s\\\" c={%u,%u} d=\\\"%s\\\"\", REC->__probe_ip, REC->a, __get_str(b), REC->c[0], REC->c[1], __get_str(d)",
		"a u32 16 4 0; b __data_loc char[] 20 4 1; c u8[2] 24 2 0; d __data_loc char[] 26 4 1;",
		"a=%di:u32 b=+0(%si):string c=+0(%dx):u8[2] d=$comm"
	},
	{
		"r vfs_read $retval",
		"\"(%lx <- %lx) arg1=0x%Lx\", REC->__probe_func, REC->__probe_ret_ip, REC->arg1",
		"arg1 u64 24 8 0;",
		"arg1=$retval"
	},
	{
		"p vfs_read s=+0(%di):string[2] %si:s64 +0(%di):x16 $stack:symbol c=+0(%di):char",
		"\"(%lx) s={\\\"%s\\\",\\\"%s\\\"} arg2=%Ld arg3=0x%x arg4=%pS c='%c'\", REC->__probe_ip, __get_str(s[0]), __get_str(s[1]), REC->arg2, REC->arg3, REC->arg4, REC->c",
		"s __data_loc char[][2] 16 8 1; arg2 s64 24 8 1; arg3 u16 32 2 0; arg4 u64 34 8 0; c u8 42 1 0;",
		"s=+0(%di):string[2] arg2=%si:s64 arg3=+0(%di):x16 arg4=$stack:symbol c=+0(%di):char"
	},
	{ "p vfs_read", "\"(%lx)\", REC->__probe_ip", "", "" },
	{
		"r vfs_read",
		"\"(%lx <- %lx)\", REC->__probe_func, REC->__probe_ret_ip",
		"", ""
	},
	{
		"p:kpt/ev vfs_read +0(%di):%pD",
		"\"(%lx) arg1=\\\"%s\\\"\", REC->__probe_ip, __get_str(arg1)",
		"arg1 __data_loc char[] 16 4 1;",
		"arg1=+0x0(+0x28(+0x48(+0(%di)))):string"
	},
	{
		"p vfs_read x=%di:s8 y=%di:s16 z=%di:s32 w=%di:u64",
		"\"(%lx) x=%d y=%d z=%d w=%Lu\", REC->__probe_ip, REC->x, REC->y, REC->z, REC->w",
		"x s8 16 1 1; y s16 17 2 1; z s32 19 4 1; w u64 23 8 0;",
		"x=%di:s8 y=%di:s16 z=%di:s32 w=%di:u64"
	},
};

/*
 * BTF rows.  They are parsed in the same fake kernel, built with BTF: a
 * BTF provider knows these prototypes (Linux 6.12, x86-64 layouts;
 * trace_probe_fake_btf.h implements it):
 *   ssize_t vfs_read(struct file *file, char *buf, size_t count,
 *                    loff_t *pos)
 *   void kfree(const void *object)            void schedule(void)
 *   ktime_t ktime_get(void)                   void dput(struct dentry *dentry)
 *   long do_sys_openat2(int dfd, const char *filename, struct open_how *how)
 *   struct file *do_filp_open(int dfd, struct filename *pathname,
 *                             const struct open_flags *op)
 *   pid_t kernel_clone(struct kernel_clone_args *args)
 *   int security_locked_down(enum lockdown_reason what)
 *   int task_work_add(struct task_struct *task, struct callback_head *work,
 *                     enum task_work_notify_mode notify)
 *   u8 tp_btf_scalars(s8 s8v, u8 u8v, s16 s16v, u16 u16v, s32 s32v,
 *                     u32 u32v, s64 s64v, u64 u64v, bool flag, char ch,
 *                     enum tp_btf_wide wide)       (wide is an enum64)
 *   int tp_btf_long_names(...)    (8 names longer than "$arg*" can hold)
 * and nothing else: entry_SYSCALL_64 and module functions have no BTF.
 * Offsets used below: file f_mode 12, f_op 16, f_inode 40, f_flags 48,
 * f_path 64 (path.dentry 72), anonymous union { f_pos_lock; f_pipe } 80,
 * f_pos 112; dentry d_parent 24, d_name 32 (qstr: anonymous union of
 * { hash, len } and hash_len, then name at 8), d_iname[40] 56; inode i_sb
 * 24, i_ino 40; super_block s_magic 96; file_operations read 24;
 * kernel_clone_args exit_signal 40, then u32 bitfields kthread,
 * io_thread, user_worker, no_files from bit 352; task_struct pid 1024,
 * comm[16] 1496.
 *
 * The carets of the error rows are stock's, from tests/diff/stock.golden
 * where the differential corpus has the command; the rows marked
 * "(stock source)" follow from reading the 6.12 sources instead.
 */

/* Definitions with BTF arguments and the programs they compile to */
static const struct tp_cmd_case tp_btf_cases[] = {
	/* parameters by name, at entry and at return */
	{
		"p vfs_read file buf count pos",
		"ARG 0; ST_RAW size=8; END | ARG 1; ST_RAW size=8; END | ARG 2; ST_RAW size=8; END | ARG 3; ST_RAW size=8; END",
		NULL,
		0
	},
	{
		"r vfs_read count file",
		"EDATA +0; ST_RAW size=8; END | EDATA +8; ST_RAW size=8; END",
		"ARG 2; ST_EDATA +0; ARG 0; ST_EDATA +8; END",
		16
	},
	{
		"p vfs_read%return pos",
		"EDATA +0; ST_RAW size=8; END",
		"ARG 3; ST_EDATA +0; END",
		8
	},
	/* $arg* and $argN become parameter names */
	{
		"p vfs_read $arg*",
		"ARG 0; ST_RAW size=8; END | ARG 1; ST_RAW size=8; END | ARG 2; ST_RAW size=8; END | ARG 3; ST_RAW size=8; END",
		NULL,
		0
	},
	{
		"r vfs_read $arg* $retval",
		"EDATA +0; ST_RAW size=8; END | EDATA +8; ST_RAW size=8; END | EDATA +16; ST_RAW size=8; END | EDATA +24; ST_RAW size=8; END | RETVAL; ST_RAW size=8; END",
		"ARG 0; ST_EDATA +0; ARG 1; ST_EDATA +8; ARG 2; ST_EDATA +16; ARG 3; ST_EDATA +24; END",
		32
	},
	{
		"p vfs_read c=\\1 $arg*:u8",
		"IMM 0x1; ST_RAW size=8; END | ARG 0; ST_RAW size=8; END | ARG 1; ST_RAW size=8; END | ARG 2; ST_RAW size=8; END | ARG 3; ST_RAW size=8; END",
		NULL,
		0
	},
	{
		"p vfs_read $arg1:x32 c=count:u32 $arg2:string",
		"ARG 0; ST_RAW size=4; END | ARG 2; ST_RAW size=4; END | ARG 1; ST_STRING +0 size=4; END",
		NULL,
		0
	},
	/* only bare words expand: +0($arg3) reads the raw argument */
	{
		"r vfs_read $arg2 +0($arg3):u32",
		"EDATA +0; ST_RAW size=8; END | EDATA +8; ST_MEM +0 size=4; END",
		"ARG 1; ST_EDATA +0; ARG 2; ST_EDATA +8; END",
		16
	},
	/* no parameters, or no BTF: $argN stays the raw argument */
	{ "p schedule $arg1", "ARG 0; ST_RAW size=8; END", NULL, 0 },
	{ "p entry_SYSCALL_64 $arg2", "ARG 1; ST_RAW size=8; END", NULL, 0 },
	/* automatic types: the sizes of s8 ... u64, bool, char, enum64 */
	{
		"p tp_btf_scalars $arg*",
		"ARG 0; ST_RAW size=1; END | ARG 1; ST_RAW size=1; END | ARG 2; ST_RAW size=2; END | ARG 3; ST_RAW size=2; END | ARG 4; ST_RAW size=4; END | ARG 5; ST_RAW size=4; END | ARG 6; ST_RAW size=8; END | ARG 7; ST_RAW size=8; END | ARG 8; ST_RAW size=1; END | ARG 9; ST_RAW size=1; END | ARG 10; ST_RAW size=8; END",
		NULL,
		0
	},
	{ "p security_locked_down what", "ARG 0; ST_RAW size=4; END", NULL, 0 },
	/* typed $retval; without BTF it is the raw register */
	{ "r vfs_read $retval", "RETVAL; ST_RAW size=8; END", NULL, 0 },
	{ "r tp_btf_scalars $retval", "RETVAL; ST_RAW size=1; END", NULL, 0 },
	{ "r security_locked_down $retval", "RETVAL; ST_RAW size=4; END", NULL, 0 },
	{ "r ktime_get $retval", "RETVAL; ST_RAW size=8; END", NULL, 0 },
	{ "r entry_SYSCALL_64 $retval", "RETVAL; ST_RAW size=8; END", NULL, 0 },
	{ "r vfs_read $retval:u16", "RETVAL; ST_RAW size=2; END", NULL, 0 },
	/* ->field chains, .field after -> */
	{
		"p vfs_read file->f_mode file->f_flags file->f_pos",
		"ARG 0; ST_MEM +12 size=4; END | ARG 0; ST_MEM +48 size=4; END | ARG 0; ST_MEM +112 size=8; END",
		NULL,
		0
	},
	{
		"p vfs_read file->f_inode->i_ino file->f_inode->i_sb->s_magic",
		"ARG 0; DEREF +40; ST_MEM +40 size=8; END | ARG 0; DEREF +40; DEREF +24; ST_MEM +96 size=8; END",
		NULL,
		0
	},
	{
		"p vfs_read file->f_path.dentry->d_parent->d_flags",
		"ARG 0; DEREF +72; DEREF +24; ST_MEM +0 size=4; END",
		NULL,
		0
	},
	{
		"p vfs_read file->f_op->read",
		"ARG 0; DEREF +16; ST_MEM +24 size=8; END",
		NULL,
		0
	},
	{
		"p do_sys_openat2 dfd how->flags how->mode how->resolve",
		"ARG 0; ST_RAW size=4; END | ARG 2; ST_MEM +0 size=8; END | ARG 2; ST_MEM +8 size=8; END | ARG 2; ST_MEM +16 size=8; END",
		NULL,
		0
	},
	{
		"r do_filp_open $retval->f_flags:x32 dfd op->mode",
		"RETVAL; ST_MEM +48 size=4; END | EDATA +0; ST_RAW size=4; END | EDATA +8; ST_MEM +4 size=2; END",
		"ARG 0; ST_EDATA +0; ARG 2; ST_EDATA +8; END",
		16
	},
	/* members of anonymous unions and structs */
	{ "p vfs_read file->f_pipe", "ARG 0; ST_MEM +80 size=8; END", NULL, 0 },
	{
		"p dput dentry->d_name.len dentry->d_name.hash_len dentry->d_name.hash",
		"ARG 0; ST_MEM +36 size=4; END | ARG 0; ST_MEM +32 size=8; END | ARG 0; ST_MEM +32 size=4; END",
		NULL,
		0
	},
	/* bitfields are extracted unless a type is given */
	{
		"p kernel_clone args->kthread args->io_thread args->no_files",
		"ARG 0; ST_MEM +44 size=4; MOD_BF base=4 lshift=31 rshift=31; END | ARG 0; ST_MEM +44 size=4; MOD_BF base=4 lshift=30 rshift=31; END | ARG 0; ST_MEM +44 size=4; MOD_BF base=4 lshift=28 rshift=31; END",
		NULL,
		0
	},
	{
		"p kernel_clone kt=args->kthread:u8 sig=args->exit_signal:s32 fl=args->flags",
		"ARG 0; ST_MEM +44 size=1; END | ARG 0; ST_MEM +40 size=4; END | ARG 0; ST_MEM +0 size=8; END",
		NULL,
		0
	},
	/*
	 * An unsigned int of an odd width (old BTF's bitfields) is a
	 * bitfield of a u64 at its int offset (b: 12 bits at bit 4); one of
	 * whole bytes at bit 0 is read whole, as 6.12 reads it (a, w); a
	 * signed one is a u64 (s)
	 */
	{
		"p tp_btf_old_bitfields p->a p->b p->s w",
		"ARG 0; ST_MEM +0 size=8; END | ARG 0; ST_MEM +4 size=8; MOD_BF base=8 lshift=48 rshift=52; END | ARG 0; ST_MEM +8 size=8; END | ARG 1; ST_RAW size=8; END",
		NULL,
		0
	},
	/* char * and char [] with :string and :ustring */
	{
		"p vfs_read s=buf:string u=buf:ustring",
		"ARG 1; ST_STRING +0 size=4; END | ARG 1; ST_USTRING +0 size=4; END",
		NULL,
		0
	},
	{
		"p do_sys_openat2 filename:ustring",
		"ARG 1; ST_USTRING +0 size=4; END",
		NULL,
		0
	},
	{
		"p vfs_read file->f_path.dentry->d_name.name:string",
		"ARG 0; DEREF +72; DEREF +40; ST_STRING +0 size=4; END",
		NULL,
		0
	},
	{
		"r do_filp_open $retval->f_path.dentry->d_name.name:string",
		"RETVAL; DEREF +72; DEREF +40; ST_STRING +0 size=4; END",
		NULL,
		0
	},
	{
		"p dput dentry->d_iname:string",
		"ARG 0; ST_STRING +56 size=4; END",
		NULL,
		0
	},
	{
		"p task_work_add task->comm:string task->pid",
		"ARG 0; ST_STRING +1496 size=4; END | ARG 0; ST_MEM +1024 size=4; END",
		NULL,
		0
	},
	{
		"p do_filp_open pathname->name:string",
		"ARG 1; DEREF +0; ST_STRING +0 size=4; END",
		NULL,
		0
	},
	/* inside a dereference the value has no BTF type */
	{
		"p vfs_read +0(file):u32 +8(buf):string",
		"ARG 0; ST_MEM +0 size=4; END | ARG 1; ST_STRING +8 size=4; END",
		NULL,
		0
	},
	/* %pd (a dentry) and %pD (a file) read d_name.name */
	{
		"p vfs_read file:%pD $arg1:%pD",
		"ARG 0; DEREF +72; DEREF +40; ST_STRING +0 size=4; END | ARG 0; DEREF +72; DEREF +40; ST_STRING +0 size=4; END",
		NULL,
		0
	},
	{
		"p vfs_read file->f_path.dentry:%pd",
		"ARG 0; DEREF +72; DEREF +40; ST_STRING +0 size=4; END",
		NULL,
		0
	},
	{ "p dput d=dentry:%pd", "ARG 0; DEREF +40; ST_STRING +0 size=4; END", NULL, 0 },
	{
		"r do_filp_open $retval:%pD",
		"RETVAL; DEREF +72; DEREF +40; ST_STRING +0 size=4; END",
		NULL,
		0
	},
	{
		"p vfs_read +0(%di):%pd",
		"REG di; DEREF +0; DEREF +40; ST_STRING +0 size=4; END",
		NULL,
		0
	},
};

/* Commands that fail with BTF, with the caret where 6.12 puts it */
static const struct tp_err_case tp_btf_err_cases[] = {
	/* BTF arguments need a function entry or exit with BTF */
	{ NULL, "p vfs_read+4 ^file", TP_ERR_NOSUP_BTFARG },
	{ NULL, "p 0xffffffff81000000 ^file", TP_ERR_NOSUP_BTFARG },
	{ NULL, "p notloaded:fn ^file", TP_ERR_NOSUP_BTFARG },
	/* (stock source) a named one: the caret is after "NAME=" */
	{ NULL, "p vfs_read+4 a=^count", TP_ERR_NOSUP_BTFARG },
	{ NULL, "p schedule ^$arg*", TP_ERR_NOSUP_BTFARG },
	{ NULL, "p entry_SYSCALL_64 ^$arg*", TP_ERR_NOSUP_BTFARG },
	{ NULL, "p vfs_read+20 ^$arg*", TP_ERR_NOFENTRY_ARGS },
	{ NULL, "p 0xffffffff81000000 ^$arg*", TP_ERR_NOFENTRY_ARGS },
	{ NULL, "p notloaded:fn ^$arg*", TP_ERR_NOFENTRY_ARGS },
	{ NULL, "p:kpt/ev vfs_read+4 ^$arg1", TP_ERR_NOFENTRY_ARGS },
	{ NULL, "p vfs_read $arg* ^$arg*", TP_ERR_DOUBLE_ARGS },
	{ NULL, "p vfs_read args=^$arg*", TP_ERR_BAD_VAR },
	{ NULL, "p vfs_read +0(^$arg*)", TP_ERR_BAD_VAR },
	{ NULL, "p schedule ^hoge", TP_ERR_NO_BTF_ENTRY },
	{ NULL, "p entry_SYSCALL_64 ^hoge", TP_ERR_NO_BTF_ENTRY },
	/* (stock source) "MOD:SYM" is looked up in BTF as it is: not found */
	{ NULL, "p mymod:fn ^hoge", TP_ERR_NO_BTF_ENTRY },
	/* (stock source) the field of a $retval without BTF */
	{ NULL, "r entry_SYSCALL_64 $retval->^x", TP_ERR_NO_BTF_ENTRY },
	/*
	 * (stock source) once "$argN" or "$retval" found the prototype, 6.12
	 * keeps it, and a function without parameters has no such variable
	 */
	{ NULL, "p schedule $arg1 ^hoge", TP_ERR_NO_BTFARG },
	{ NULL, "r ktime_get $retval ^hoge", TP_ERR_NO_BTFARG },
	{ NULL, "r ktime_get ^hoge $retval", TP_ERR_NO_BTF_ENTRY },
	/* no such parameter */
	{ NULL, "p vfs_read ^hoge", TP_ERR_NO_BTFARG },
	{ NULL, "p:kpt/ev vfs_read ^a:u8", TP_ERR_NO_BTFARG },
	{ NULL, "p:kpt/ev vfs_read a=^b=%di", TP_ERR_NO_BTFARG },
	{ NULL, "p:kpt/ev vfs_read ^a b=\\1", TP_ERR_NO_BTFARG },
	{ NULL, "p:kpt/b task_work_add notify task ^twork", TP_ERR_NO_BTFARG },
	{ NULL, "p kfree ^$arg10", TP_ERR_NO_BTFARG },
	{ NULL, "p vfs_read ^$arg5", TP_ERR_NO_BTFARG },
	{ NULL, "p:kpt/ev vfs_read ^$arg10000", TP_ERR_NO_BTFARG },
	{ NULL, "p vfs_read $arg1:u8 ^$arg9", TP_ERR_NO_BTFARG },
	/* (stock source) only "$retval" itself is the return value */
	{ NULL, "r vfs_read ^$retvalue", TP_ERR_NO_BTFARG },
	/*
	 * (stock source) the arguments after "$arg*" are counted as
	 * expanded, so the caret of a later one is past the command's end
	 */
	{ NULL, "r vfs_read $arg* hoge ^", TP_ERR_NO_BTFARG },
	/* the "$argN" words are checked as they are expanded */
	{ NULL, "p:kpt/ev vfs_read ^$arg0", TP_ERR_BAD_ARG_NUM },
	/* (stock source) 6.12 keeps N in an int: this is $arg0 */
	{ NULL, "p vfs_read ^$arg4294967296", TP_ERR_BAD_ARG_NUM },
	{ NULL, "p vfs_read ^$arg1x", TP_ERR_BAD_VAR },
	{ NULL, "p vfs_read ^$arg1->f_mode->x", TP_ERR_BAD_VAR },
	{ NULL, "p:kpt/ev vfs_read ^$argx", TP_ERR_BAD_VAR },
	{
		NULL,
		"p:kpt/bo do_sys_openat2 $arg1 $arg2:ustring fl=^$arg3->flags:x64",
		TP_ERR_BAD_VAR
	},
	/*
	 * (stock source) an error in an expanded word is placed by its
	 * offset in "file:xyz", counted from the start of "$arg1:xyz"
	 */
	{ NULL, "p vfs_read $arg1^:xyz", TP_ERR_BAD_TYPE },
	/* an expanded $argN is named after its parameter */
	{
		NULL,
		"p:kpt/entry do_sys_openat2 $comm dfd=$arg1:s32 ^$arg1:x32",
		TP_ERR_USED_ARG_NAME
	},
	{
		NULL,
		"r:kpt/ev vfs_read $arg1 $arg2 $arg3 $arg4 ^$arg1",
		TP_ERR_USED_ARG_NAME
	},
	/* the expanded words must fit in 128 bytes */
	{
		NULL,
		"p vfs_read $arg1:u8 $arg1:u8 $arg1:u8 $arg1:u8 $arg1:u8 $arg1:u8 $arg1:u8 $arg1:u8 $arg1:u8 $arg1:u8 $arg1:u8 $arg1:u8 $arg1:u8 $arg1:u8 $arg1:u8 $arg1:u8 ^$arg1:u8 $arg1:u8 $arg1:u8 $arg1:u8",
		TP_ERR_ARGS_2LONG
	},
	{
		NULL,
		"p vfs_read $arg1:xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx ^$arg2:xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
		TP_ERR_ARGS_2LONG
	},
	/* (stock source) */
	{ NULL, "p tp_btf_long_names ^$arg*", TP_ERR_ARGS_2LONG },
	/* return values */
	{ NULL, "r kfree ^$retval", TP_ERR_NO_RETVAL },
	{ NULL, "r kfree ^$retval->x", TP_ERR_NO_RETVAL },
	{ NULL, "r schedule ^$retval", TP_ERR_NO_RETVAL },
	{ NULL, "r schedule ^$retval->x", TP_ERR_NO_RETVAL },
	{ NULL, "p vfs_read ^$retval->f_mode", TP_ERR_RETVAL_ON_PROBE },
	/* field paths */
	{ NULL, "p vfs_read count->^x", TP_ERR_NO_PTR_STRCT },
	{ NULL, "p vfs_read file->f_mode->^x", TP_ERR_NO_PTR_STRCT },
	{ NULL, "p vfs_read file->f_path->^dentry", TP_ERR_NO_PTR_STRCT },
	{ NULL, "r do_sys_openat2 $retval->^x", TP_ERR_NO_PTR_STRCT },
	{ NULL, "p vfs_read file.^f_mode", TP_ERR_NOSUP_DAT_ARG },
	{ NULL, "p vfs_read count.^x", TP_ERR_NOSUP_DAT_ARG },
	{ NULL, "p vfs_read file^-f_mode", TP_ERR_BAD_HYPHEN },
	/* (stock source) */
	{ NULL, "p vfs_read file->f_path^-dentry", TP_ERR_BAD_HYPHEN },
	{ NULL, "p vfs_read file->^nosuch", TP_ERR_NO_BTF_FIELD },
	{ NULL, "p vfs_read file->f_path.^nosuch", TP_ERR_NO_BTF_FIELD },
	{ NULL, "p vfs_read file->^", TP_ERR_NO_BTF_FIELD },
	{ NULL, "p vfs_read a=file->^", TP_ERR_NO_BTF_FIELD },
	/* (stock source) */
	{ NULL, "p vfs_read file->f_path.^", TP_ERR_NO_BTF_FIELD },
	/*
	 * (stock source) "->" to something that is no struct or union: the
	 * kernel's btf_find_struct_member() refuses the type (-EINVAL) and
	 * 6.12 reports BAD_BTF_TID.  With real BTF no other path reaches
	 * BAD_BTF_TID: every type id a valid BTF hands out resolves.
	 */
	{ NULL, "p vfs_read buf->^x", TP_ERR_BAD_BTF_TID },
	{ NULL, "p kfree object->^x", TP_ERR_BAD_BTF_TID },
	{ NULL, "p vfs_read file->f_op->read->^x", TP_ERR_BAD_BTF_TID },
	/* :string on what is no char pointer or array */
	{ NULL, "p vfs_read ^count:string", TP_ERR_BAD_TYPE4STR },
	{ NULL, "p vfs_read ^file:string", TP_ERR_BAD_TYPE4STR },
	{ NULL, "p:kpt/ev vfs_read ^$arg1:string", TP_ERR_BAD_TYPE4STR },
	{ NULL, "p:kpt/ev vfs_read ^$arg1:ustring", TP_ERR_BAD_TYPE4STR },
	{ NULL, "r:kpt/ev vfs_read ^$retval:string", TP_ERR_BAD_TYPE4STR },
	/* (stock source) a char, not a pointer to one, is no string */
	{ NULL, "p tp_btf_scalars ^ch:string", TP_ERR_BAD_TYPE4STR },
};

/* The events of BTF definitions, as stock's format files show them */
static const struct tp_fmt_case tp_btf_fmt_cases[] = {
	{
		"p:kpt/b vfs_read $arg*",
		"\"(%lx) file=0x%Lx buf=0x%Lx count=%Lu pos=0x%Lx\", REC->__probe_ip, REC->file, REC->buf, REC->count, REC->pos",
		"file u64 16 8 0; buf u64 24 8 0; count u64 32 8 0; pos u64 40 8 0;",
		"file=file buf=buf count=count pos=pos"
	},
	{
		"r:kpt/b vfs_read $arg* $retval",
		"\"(%lx <- %lx) file=0x%Lx buf=0x%Lx count=%Lu pos=0x%Lx arg5=%Ld\", REC->__probe_func, REC->__probe_ret_ip, REC->file, REC->buf, REC->count, REC->pos, REC->arg5",
		"file u64 24 8 0; buf u64 32 8 0; count u64 40 8 0; pos u64 48 8 0; arg5 s64 56 8 1;",
		"file=file buf=buf count=count pos=pos arg5=$retval"
	},
	{
		"p:kpt/b vfs_read $arg1:x32 c=count:u32",
		"\"(%lx) file=0x%x c=%u\", REC->__probe_ip, REC->file, REC->c",
		"file u32 16 4 0; c u32 20 4 0;",
		"file=file:x32 c=count:u32"
	},
	{
		"p:kpt/b do_sys_openat2 $arg*",
		"\"(%lx) dfd=%d filename=0x%Lx how=0x%Lx\", REC->__probe_ip, REC->dfd, REC->filename, REC->how",
		"dfd s32 16 4 1; filename u64 20 8 0; how u64 28 8 0;",
		"dfd=dfd filename=filename how=how"
	},
	{
		"p:kpt/b vfs_read file->f_mode file->f_flags file->f_pos",
		"\"(%lx) arg1=%u arg2=%u arg3=%Ld\", REC->__probe_ip, REC->arg1, REC->arg2, REC->arg3",
		"arg1 u32 16 4 0; arg2 u32 20 4 0; arg3 s64 24 8 1;",
		"arg1=file->f_mode arg2=file->f_flags arg3=file->f_pos"
	},
	{
		"p:kpt/b vfs_read file:%pD",
		"\"(%lx) arg1=\\\"%s\\\"\", REC->__probe_ip, __get_str(arg1)",
		"arg1 __data_loc char[] 16 4 1;",
		"arg1=+0x0(+0x28(+0x48(file))):string"
	},
	{
		"p:kpt/b vfs_read file->f_path.dentry:%pd",
		"\"(%lx) arg1=\\\"%s\\\"\", REC->__probe_ip, __get_str(arg1)",
		"arg1 __data_loc char[] 16 4 1;",
		"arg1=+0x0(+0x28(file->f_path.dentry)):string"
	},
	{
		"p:kpt/bf do_filp_open dfd pathname->name:string op->open_flag op->mode op->acc_mode op->intent op->lookup_flags",
		"\"(%lx) dfd=%d arg2=\\\"%s\\\" arg3=%d arg4=%u arg5=%d arg6=%d arg7=%d\", REC->__probe_ip, REC->dfd, __get_str(arg2), REC->arg3, REC->arg4, REC->arg5, REC->arg6, REC->arg7",
		"dfd s32 16 4 1; arg2 __data_loc char[] 20 4 1; arg3 s32 24 4 1; arg4 u16 28 2 0; arg5 s32 30 4 1; arg6 s32 34 4 1; arg7 s32 38 4 1;",
		"dfd=dfd arg2=pathname->name:string arg3=op->open_flag arg4=op->mode arg5=op->acc_mode arg6=op->intent arg7=op->lookup_flags"
	},
	{
		"p:kpt/kc kernel_clone args->exit_signal args->io_thread args->user_worker args->no_files args->kthread args->idle args->flags:x64",
		"\"(%lx) arg1=%d arg2=%u arg3=%u arg4=%u arg5=%u arg6=%d arg7=0x%Lx\", REC->__probe_ip, REC->arg1, REC->arg2, REC->arg3, REC->arg4, REC->arg5, REC->arg6, REC->arg7",
		"arg1 s32 16 4 1; arg2 u32 20 4 0; arg3 u32 24 4 0; arg4 u32 28 4 0; arg5 u32 32 4 0; arg6 s32 36 4 1; arg7 u64 40 8 0;",
		"arg1=args->exit_signal arg2=args->io_thread arg3=args->user_worker arg4=args->no_files arg5=args->kthread arg6=args->idle arg7=args->flags:x64"
	},
	{
		"p tp_btf_scalars $arg*",
		"\"(%lx) s8v=%d u8v=%u s16v=%d u16v=%u s32v=%d u32v=%u s64v=%Ld u64v=%Lu flag=%u ch=%u wide=%Ld\", REC->__probe_ip, REC->s8v, REC->u8v, REC->s16v, REC->u16v, REC->s32v, REC->u32v, REC->s64v, REC->u64v, REC->flag, REC->ch, REC->wide",
		"s8v s8 16 1 1; u8v u8 17 1 0; s16v s16 18 2 1; u16v u16 20 2 0; s32v s32 22 4 1; u32v u32 26 4 0; s64v s64 30 8 1; u64v u64 38 8 0; flag u8 46 1 0; ch u8 47 1 0; wide s64 48 8 1;",
		"s8v=s8v u8v=u8v s16v=s16v u16v=u16v s32v=s32v u32v=u32v s64v=s64v u64v=u64v flag=flag ch=ch wide=wide"
	},
};

/* --- uprobes: "p|r[:[GRP/]EVENT] PATH:OFFSET[%return][(REF)]" ----------- */

/*
 * The fake file system of the uprobe rows: /bin/sh and its hard link
 * /bin/busybox (one inode), /lib/libc.so.6 and
 * /usr/lib/x86_64-linux-gnu/libfoo-1.2_3.so are regular files; /sys and
 * /bin are directories; nothing else exists.
 */
static const struct tp_err_case tp_uprobe_err_cases[] = {
	/* 7.3's grammar is for kernel probes */
	{ NULL, "p /bin/sh:10 ^$current:u8", TP_ERR_BAD_VAR },
	{ NULL, "p /bin/sh:10 ^this_cpu_read(%ax)", TP_ERR_NOSUP_PERCPU },
	{ NULL, "p /bin/sh:10 ^(file)%ax->f_pos", TP_ERR_NOSUP_BTFARG },
	/* uprobe_syntax_errors.tc */
	{ NULL, "p ^/non_exist_file:100", TP_ERR_FILE_NOT_FOUND },
	{ NULL, "p ^/sys:100", TP_ERR_NO_REGULAR_FILE },
	{ NULL, "p /bin/sh:^10a", TP_ERR_BAD_UPROBE_OFFS },
	{ NULL, "p /bin/sh:10(^1a)", TP_ERR_BAD_REFCNT },
	{ NULL, "p /bin/sh:10(10^", TP_ERR_REFCNT_OPEN_BRACE },
	{ NULL, "p /bin/sh:10(10)^a", TP_ERR_BAD_REFCNT_SUFFIX },
	{ NULL, "p /bin/sh:10 ^@+ab", TP_ERR_BAD_FILE_OFFS },
	{ NULL, "p /bin/sh:10 ^@symbol", TP_ERR_SYM_ON_UPROBE },
	{ NULL, "p /bin/sh:10^%hoge", TP_ERR_BAD_ADDR_SUFFIX },
	{ NULL, "p /bin/sh:10(10)^%return", TP_ERR_BAD_REFCNT_SUFFIX },
	{ NULL, "p /bin/sh:10 $stack0:^symstr", TP_ERR_BAD_TYPE },
	/* the file is looked up first, the suffix after the counter */
	{ NULL, "p ^/non_exist_file:10a", TP_ERR_FILE_NOT_FOUND },
	{ NULL, "p ^/bin/sh:1:2", TP_ERR_FILE_NOT_FOUND },
	{ NULL, "p /bin/sh:10%hoge(^x)", TP_ERR_BAD_REFCNT },
	{ NULL, "p /bin/sh:0x10^%return%return", TP_ERR_BAD_ADDR_SUFFIX },
	{ NULL, "p /bin/sh:^0x1g(0x2)", TP_ERR_BAD_UPROBE_OFFS },
	{ NULL, "p /bin/sh:1(^)", TP_ERR_BAD_REFCNT },
	{ NULL, "p /bin/sh:1((1)^)", TP_ERR_BAD_REFCNT_SUFFIX },
	/* the event name */
	{ NULL, "p:^/bar /bin/sh:10", TP_ERR_NO_GROUP_NAME },
	{ NULL, "p:^foo.1/bar /bin/sh:10", TP_ERR_BAD_GROUP_NAME },
	{ NULL, "p:foo/^bar.1 /bin/sh:10", TP_ERR_BAD_EVENT_NAME },
	{ NULL, "p:^ /bin/sh:10", TP_ERR_NO_EVENT_NAME },
	{
		NULL,
		"p:foo/^12345678901234567890123456789012345678901234567890123456789012345 /bin/sh:10",
		TP_ERR_EVENT_TOO_LONG
	},
	/* the arguments: no kernel, no function */
	{ NULL, "p /bin/sh:10 ^$arg1", TP_ERR_NOFENTRY_ARGS },
	{ NULL, "p /bin/sh:10 ^$retval", TP_ERR_RETVAL_ON_PROBE },
	{ NULL, "p /bin/sh:10 ^vfs", TP_ERR_NOSUP_BTFARG },
	{ NULL, "p /bin/sh:10 ^%foo", TP_ERR_BAD_REG_NAME },
	{ NULL, "p /bin/sh:10 %ax:^symbol", TP_ERR_BAD_TYPE },
	{ NULL, "p /bin/sh:10 $comm:^u8", TP_ERR_NEED_STRING_TYPE },
	{ NULL, "p /bin/sh:10 $stack:^string", TP_ERR_BAD_STRING },
	{ NULL, "r /bin/sh:10 ^$arg1", TP_ERR_NOFENTRY_ARGS },
	{ NULL, "r /bin/sh:10 ^$arg*", TP_ERR_BAD_VAR },
	/* registration */
	{
		"p:uprobes/ev /bin/sh:0x10",
		"^r:uprobes/ev /bin/sh:0x20",
		TP_ERR_DIFF_PROBE_TYPE
	},
	{
		"p:uprobes/ev /bin/sh:0x10 a=%ax",
		"p:uprobes/ev /bin/sh:0x20 ^b=%ax",
		TP_ERR_DIFF_ARG_TYPE
	},
	{
		"p:uprobes/ev /bin/sh:0x10 a=%ax",
		"p:uprobes/ev /bin/sh:0x20 a=%ax ^b=%bx",
		TP_ERR_DIFF_ARG_TYPE
	},
	{
		"p:uprobes/ev /bin/sh:0x10 a=%ax",
		"^p:uprobes/ev /bin/sh:0x10 a=%ax",
		TP_ERR_SAME_PROBE
	},
	/* the same file through another name: the same place */
	{
		"p:uprobes/ev /bin/sh:0x10",
		"^p:uprobes/ev /bin/busybox:16",
		TP_ERR_SAME_PROBE
	},
	{ NULL, "^p:syscalls/sys_enter_openat /bin/sh:1", TP_ERR_EVENT_EXIST },
};

/**
 * struct tp_uprobe_head_case - a uprobe command head and what it parses to
 * @cmd: the command
 * @ret: expected return value (0, or -errno without an error_log entry)
 * @event: "GROUP/EVENT", given or generated
 * @is_return: a uretprobe
 * @path: the path of the probed file
 * @offset: the probed offset
 * @ref_ctr: the reference counter's offset, 0 if none
 */
struct tp_uprobe_head_case {
	const char	*cmd;
	int		ret;
	const char	*event;
	bool		is_return;
	const char	*path;
	unsigned long	offset;
	unsigned long	ref_ctr;
};

#define UHEAD(c, e, ret_probe, p, offs, ref)				\
	{ .cmd = c, .event = e, .is_return = ret_probe, .path = p,	\
	  .offset = offs, .ref_ctr = ref }
#define UHEAD_RET(c, r)		{ .cmd = c, .ret = r }

static const struct tp_uprobe_head_case tp_uprobe_head_cases[] = {
	UHEAD("p /bin/sh:0x10", "uprobes/p_sh_0x10", false, "/bin/sh", 0x10, 0),
	UHEAD("p /bin/sh:16", "uprobes/p_sh_0x10", false, "/bin/sh", 16, 0),
	UHEAD("p /bin/sh:0", "uprobes/p_sh_0x0", false, "/bin/sh", 0, 0),
	/* 6.12 names return probes "p_..." too */
	UHEAD("r /bin/sh:0x10", "uprobes/p_sh_0x10", true, "/bin/sh", 0x10, 0),
	UHEAD("p /bin/sh:0x10%return", "uprobes/p_sh_0x10", true, "/bin/sh",
	      0x10, 0),
	UHEAD("p /bin/sh:0x10(0x20)", "uprobes/p_sh_0x10", false, "/bin/sh",
	      0x10, 0x20),
	UHEAD("p /bin/sh:0x10%return(0x20)", "uprobes/p_sh_0x10", true,
	      "/bin/sh", 0x10, 0x20),
	UHEAD("p:grp/ev /bin/sh:1", "grp/ev", false, "/bin/sh", 1, 0),
	UHEAD("p:grp.ev /bin/sh:1", "grp/ev", false, "/bin/sh", 1, 0),
	UHEAD("p:grp/ /bin/sh:1", "grp/p_sh_0x1", false, "/bin/sh", 1, 0),
	UHEAD("p:my-grp/ev /bin/sh:1", "my-grp/ev", false, "/bin/sh", 1, 0),
	/* only "p:" and "r:" introduce a name: the rest is ignored */
	UHEAD("r16:grp/ev /bin/sh:1", "uprobes/p_sh_0x1", true, "/bin/sh", 1,
	      0),
	UHEAD("pfoo /bin/sh:1", "uprobes/p_sh_0x1", false, "/bin/sh", 1, 0),
	/* the name is the base name up to its first '.', '-' or '_' */
	UHEAD("p /lib/libc.so.6:0x100", "uprobes/p_libc_0x100", false,
	      "/lib/libc.so.6", 0x100, 0),
	UHEAD("p /usr/lib/x86_64-linux-gnu/libfoo-1.2_3.so:0",
	      "uprobes/p_libfoo_0x0", false,
	      "/usr/lib/x86_64-linux-gnu/libfoo-1.2_3.so", 0, 0),
	UHEAD("p /bin/busybox:0x10 x=%ax", "uprobes/p_busybox_0x10", false,
	      "/bin/busybox", 0x10, 0),
	/* not uprobe commands: dynamic_events tries the next front end */
	UHEAD_RET("e /bin/sh:1", -ECANCELED),
	UHEAD_RET("f /bin/sh:1", -ECANCELED),
	UHEAD_RET("p /bin/sh", -ECANCELED),
	UHEAD_RET("p sh:1", -ECANCELED),
	UHEAD_RET("p /bin/sh:x1", -ECANCELED),
	UHEAD_RET("p /bin/sh:", -ECANCELED),
	UHEAD_RET("p /bin/sh:1:x", -ECANCELED),
	UHEAD_RET("p", -ECANCELED),
	UHEAD_RET("p vfs_read", -ECANCELED),
};

static const struct tp_fmt_case tp_uprobe_fmt_cases[] = {
	{
		"p /bin/sh:0x10 a=%ax:u32 b=+0(%sp):string c=$comm",
		"\"(%lx) a=%u b=\\\"%s\\\" c=\\\"%s\\\"\", REC->__probe_ip, REC->a, __get_str(b), __get_str(c)",
		"a u32 16 4 0; b __data_loc char[] 20 4 1; c __data_loc char[] 24 4 1;",
		"a=%ax:u32 b=+0(%sp):string c=$comm"
	},
	{
		"r /bin/sh:0x10 $retval",
		"\"(%lx <- %lx) arg1=0x%Lx\", REC->__probe_func, REC->__probe_ret_ip, REC->arg1",
		"arg1 u64 24 8 0;",
		"arg1=$retval"
	},
	{
		"p /bin/sh:0x10 @+0x20:u64 $stack1 s=+0($stack):ustring",
		"\"(%lx) arg1=%Lu arg2=0x%Lx s=\\\"%s\\\"\", REC->__probe_ip, REC->arg1, REC->arg2, __get_str(s)",
		"arg1 u64 16 8 0; arg2 u64 24 8 0; s __data_loc char[] 32 4 1;",
		"arg1=@+0x20:u64 arg2=$stack1 s=+0($stack):ustring"
	},
	{ "p /bin/sh:0x10", "\"(%lx)\", REC->__probe_ip", "", "" },
	{
		"r /bin/sh:0x10",
		"\"(%lx <- %lx)\", REC->__probe_func, REC->__probe_ret_ip",
		"", ""
	},
};

/* --- eprobes: "e[:[GRP/]EVENT] SYSTEM.EVENT [ARGS] [if FILTER]" -------- */

/*
 * The fake trace events of the eprobe rows: syscalls/sys_enter_openat
 * (fields dfd, filename, flags, mode) and sched/sched_switch (prev_comm,
 * prev_pid, next_comm, next_pid); nothing else can be attached to.  A
 * filter with "hoge" in it does not parse; "@non_exist_sym" does not
 * resolve.
 */
static const struct tp_err_case tp_eprobe_err_cases[] = {
	/* eprobes_syntax_errors.tc */
	{ NULL, "e ^a.", TP_ERR_NO_EVENT_INFO },
	{ NULL, "e ^.b", TP_ERR_NO_EVENT_INFO },
	{ NULL, "e ^a.b", TP_ERR_BAD_ATTACH_EVENT },
	/* (7.3: a bare name is a field; 6.12 said NOSUP_BTFARG, same caret) */
	{ NULL, "e syscalls/sys_enter_openat ^foo", TP_ERR_NO_EVENT_FIELD },
	{ NULL, "e:^/bar syscalls/sys_enter_openat", TP_ERR_NO_GROUP_NAME },
	{
		NULL,
		"e:^12345678901234567890123456789012345678901234567890123456789012345/bar syscalls/sys_enter_openat",
		TP_ERR_GROUP_TOO_LONG
	},
	{ NULL, "e:^foo.1/bar syscalls/sys_enter_openat", TP_ERR_BAD_GROUP_NAME },
	{ NULL, "e:^ syscalls/sys_enter_openat", TP_ERR_NO_EVENT_NAME },
	{
		NULL,
		"e:foo/^12345678901234567890123456789012345678901234567890123456789012345 syscalls/sys_enter_openat",
		TP_ERR_EVENT_TOO_LONG
	},
	{ NULL, "e:foo/^bar.1 syscalls/sys_enter_openat", TP_ERR_BAD_EVENT_NAME },
	/* (7.3 reads field dfd here, which 6.12 refused: tests/baseline) */
	{
		NULL,
		"e:foo/bar syscalls/sys_enter_openat arg=^nofield",
		TP_ERR_NO_EVENT_FIELD
	},
	/* no per-CPU addresses, no task, no typecast without BTF */
	{ NULL, "e syscalls/sys_enter_openat ^this_cpu_read($dfd)", TP_ERR_NOSUP_PERCPU },
	{ NULL, "e syscalls/sys_enter_openat ^$current", TP_ERR_BAD_VAR },
	{ NULL, "e syscalls/sys_enter_openat ^(file)dfd->f_pos", TP_ERR_NOSUP_BTFARG },
	{
		NULL,
		"e:foo/bar syscalls/sys_enter_openat arg=^$foo",
		TP_ERR_BAD_VAR
	},
	{
		NULL,
		"e:foo/bar syscalls/sys_enter_openat if ^",
		TP_ERR_NO_EP_FILTER
	},
	/* the attached event */
	{ NULL, "e ^syscalls", TP_ERR_NO_EVENT_INFO },
	{ NULL, "e ^syscalls/", TP_ERR_NO_EVENT_INFO },
	{ NULL, "e ^sys.calls.x", TP_ERR_NO_EVENT_INFO },
	{ NULL, "e ^kprobes/myevent", TP_ERR_BAD_ATTACH_EVENT },
	{ NULL, "e:foo/ ^sched/sched_wakeup", TP_ERR_BAD_ATTACH_EVENT },
	/* the name is checked before the attached event */
	{ NULL, "e:^/bar a.", TP_ERR_NO_GROUP_NAME },
	/* no registers, no function, no file offsets */
	{ NULL, "e syscalls/sys_enter_openat ^%di", TP_ERR_BAD_FETCH_ARG },
	{ NULL, "e syscalls/sys_enter_openat ^$retval", TP_ERR_BAD_VAR },
	{ NULL, "e syscalls/sys_enter_openat ^$arg1", TP_ERR_BAD_VAR },
	{ NULL, "e syscalls/sys_enter_openat ^$stack", TP_ERR_BAD_VAR },
	{ NULL, "e syscalls/sys_enter_openat ^@+10", TP_ERR_FILE_ON_KPROBE },
	{ NULL, "e syscalls/sys_enter_openat +0(^$foo)", TP_ERR_BAD_VAR },
	{ NULL, "e syscalls/sys_enter_openat $dfd:^unknown", TP_ERR_BAD_TYPE },
	{
		NULL,
		"e syscalls/sys_enter_openat a=$dfd ^a=$flags",
		TP_ERR_USED_ARG_NAME
	},
	{ NULL, "e syscalls/sys_enter_openat ^$arg*", TP_ERR_BAD_VAR },
	/* one probe per event */
	{
		"e:eprobes/dup syscalls/sys_enter_openat",
		"^e:eprobes/dup syscalls/sys_enter_openat",
		TP_ERR_EVENT_EXIST
	},
	{
		"e:eprobes/dup syscalls/sys_enter_openat",
		"^e:eprobes/dup sched/sched_switch",
		TP_ERR_EVENT_EXIST
	},
	{
		NULL,
		"^e:syscalls/sys_enter_openat syscalls/sys_enter_openat",
		TP_ERR_EVENT_EXIST
	},
};

/**
 * struct tp_eprobe_head_case - an eprobe command head and what it parses to
 * @cmd: the command
 * @ret: expected return value (0, or -errno without an error_log entry)
 * @event: "GROUP/EVENT", given or generated
 * @attached: "SYSTEM/EVENT" of the attached event
 * @nr_words: the argument words before "if"
 * @filter: the filter, NULL if none
 */
struct tp_eprobe_head_case {
	const char	*cmd;
	int		ret;
	const char	*event;
	const char	*attached;
	int		nr_words;
	const char	*filter;
};

#define EHEAD(c, e, a, n, f)						\
	{ .cmd = c, .event = e, .attached = a, .nr_words = n, .filter = f }
#define EHEAD_RET(c, r)		{ .cmd = c, .ret = r }

static const struct tp_eprobe_head_case tp_eprobe_head_cases[] = {
	EHEAD("e syscalls/sys_enter_openat", "eprobes/sys_enter_openat",
	      "syscalls/sys_enter_openat", 0, NULL),
	EHEAD("e:grp/ev syscalls.sys_enter_openat $filename", "grp/ev",
	      "syscalls/sys_enter_openat", 1, NULL),
	EHEAD("e:grp.ev sched/sched_switch", "grp/ev",
	      "sched/sched_switch", 0, NULL),
	EHEAD("e:grp/ syscalls/sys_enter_openat", "grp/sys_enter_openat",
	      "syscalls/sys_enter_openat", 0, NULL),
	EHEAD("e:ev syscalls/sys_enter_openat", "eprobes/ev",
	      "syscalls/sys_enter_openat", 0, NULL),
	/* what comes between 'e' and ':' is ignored */
	EHEAD("ebar:grp/ev syscalls/sys_enter_openat", "grp/ev",
	      "syscalls/sys_enter_openat", 0, NULL),
	EHEAD("e syscalls/sys_enter_openat $dfd if dfd == 1",
	      "eprobes/sys_enter_openat", "syscalls/sys_enter_openat", 1,
	      "dfd == 1"),
	EHEAD("e syscalls/sys_enter_openat if dfd==1  &&   flags!=0",
	      "eprobes/sys_enter_openat", "syscalls/sys_enter_openat", 0,
	      "dfd==1 && flags!=0"),
	EHEAD("e syscalls/sys_enter_openat $dfd if if", "eprobes/sys_enter_openat",
	      "syscalls/sys_enter_openat", 1, "if"),
	EHEAD_RET("e syscalls/sys_enter_openat if hoge", -EINVAL),
	EHEAD_RET("e syscalls/sys_enter_openat $dfd if x == hoge", -EINVAL),
	EHEAD_RET("p syscalls/sys_enter_openat", -ECANCELED),
	EHEAD_RET("f syscalls.sys_enter_openat", -ECANCELED),
	EHEAD_RET("e", -ECANCELED),
};

static const struct tp_fmt_case tp_eprobe_fmt_cases[] = {
	/* 6.12 gives an eprobe's $comm no implicit string type */
	{
		"e:eprobes/o syscalls/sys_enter_openat $filename:string $dfd $flags:x32 c=$comm",
		"\" arg1=\\\"%s\\\" arg2=0x%Lx arg3=0x%x c=0x%Lx\", __get_str(arg1), REC->arg2, REC->arg3, REC->c",
		"arg1 __data_loc char[] 8 4 1; arg2 u64 12 8 0; arg3 u32 20 4 0; c u64 24 8 0;",
		"arg1=$filename:string arg2=$dfd arg3=$flags:x32 c=$comm"
	},
	{
		"e:eprobes/s sched/sched_switch prev=$prev_pid:s32 comm=+0($prev_comm):u8[4] sym=$prev_pid:symstr",
		"\" prev=%d comm={%u,%u,%u,%u} sym=\\\"%s\\\"\", REC->prev, REC->comm[0], REC->comm[1], REC->comm[2], REC->comm[3], __get_str(sym)",
		"prev s32 8 4 1; comm u8[4] 12 4 0; sym __data_loc char[] 16 4 1;",
		"prev=$prev_pid:s32 comm=+0($prev_comm):u8[4] sym=$prev_pid:symstr"
	},
	{ "e syscalls/sys_enter_openat", "\"\"", "", "" },
	/* 7.3: a bare name is a field too */
	{
		"e:eprobes/b syscalls/sys_enter_openat dfd flags:x32",
		"\" dfd=0x%Lx flags=0x%x\", REC->dfd, REC->flags",
		"dfd u64 8 8 0; flags u32 16 4 0;",
		"dfd=dfd flags=flags:x32"
	},
};

/* --- fprobes: "f[N][:[GRP/]EVENT] SYM[%return]", "t[:..] TRACEPOINT" --- */

/*
 * The fake kernel of the fprobe rows: the functions of the kprobe rows
 * (registering an fprobe on non_exist_func, or on "SYM+OFFS", fails with
 * -ENOENT); tracepoints kfree and sched_switch in vmlinux and mymod_event
 * in module mymod; modules may bring other tracepoints.  No BTF.
 */
static const struct tp_err_case tp_fprobe_err_cases[] = {
	/* fprobe_syntax_errors.tc */
	{ NULL, "f^100 vfs_read", TP_ERR_BAD_MAXACT_TYPE },
	{ NULL, "f^1a111 vfs_read", TP_ERR_BAD_MAXACT },
	{ NULL, "f^100000 vfs_read", TP_ERR_MAXACT_TOO_BIG },
	{ NULL, "f ^non_exist_func", TP_ERR_BAD_PROBE_ADDR },
	{ NULL, "f ^vfs_read+10", TP_ERR_BAD_PROBE_ADDR },
	{ NULL, "f:^/bar vfs_read", TP_ERR_NO_GROUP_NAME },
	{
		NULL,
		"f:^12345678901234567890123456789012345678901234567890123456789012345/bar vfs_read",
		TP_ERR_GROUP_TOO_LONG
	},
	{ NULL, "f:^foo.1/bar vfs_read", TP_ERR_BAD_GROUP_NAME },
	{ NULL, "f:^ vfs_read", TP_ERR_NO_EVENT_NAME },
	{
		NULL,
		"f:foo/^12345678901234567890123456789012345678901234567890123456789012345 vfs_read",
		TP_ERR_EVENT_TOO_LONG
	},
	{ NULL, "f:foo/^bar.1 vfs_read", TP_ERR_BAD_EVENT_NAME },
	/* patterns: the caret at the item, or at the pattern */
	{ NULL, "f:g/e vfs_read^:exit%return", TP_ERR_SUFFIX_AND_RETURN },
	{ NULL, "f:g/e vfs_read,^", TP_ERR_BAD_FUNC_PATTERN },
	{ NULL, "f:g/e vfs_read,^,vfs_write", TP_ERR_BAD_FUNC_PATTERN },
	{ NULL, "f:g/e vfs_read,!^", TP_ERR_BAD_FUNC_PATTERN },
	{ NULL, "f:g/e ^:vfs_read", TP_ERR_BAD_FUNC_PATTERN },
	{ NULL, "f:g/e vfs_read,mymod:^", TP_ERR_BAD_FUNC_PATTERN },
	{ NULL, "f:g/e vfs_read,my^$mod:fn", TP_ERR_BAD_FUNC_PATTERN },
	{ NULL, "f:g/e vfs^/read,vfs_write", TP_ERR_BAD_FUNC_PATTERN },
	{ NULL, "f:g/e vfs_read,a:b^:c", TP_ERR_BAD_FUNC_PATTERN },
	{ NULL, "f:g/e ^!vfs_read,!vfs_write", TP_ERR_NO_FUNC_INCLUDED },
	/* an explicit entry has no return value */
	{ NULL, "f vfs_read:entry x=^$retval", TP_ERR_RETVAL_ON_PROBE },
	{ NULL, "f ^vfs_read,vfs_write", TP_ERR_NO_EVENT_NAME },
	{ NULL, "f:g/ ^vfs_read,vfs_write:exit", TP_ERR_NO_EVENT_NAME },
	{ NULL, "f:g/e ^nosuch,nothere", TP_ERR_NO_FUNC_MATCH },
	{ NULL, "f:g/e ^vfs_read,!vfs_*", TP_ERR_NO_FUNC_MATCH },
	{ NULL, "f:g/e ^mymod:exit:entry", TP_ERR_NO_FUNC_MATCH },
	{ NULL, "f:g/e ^mymod:vfs_write", TP_ERR_NO_FUNC_MATCH },
	{ NULL, "f:g/e ^huge_*,vfs_read", TP_ERR_TOO_MANY_FUNCS },
	{ NULL, "f vfs_read ^$stack10000", TP_ERR_BAD_STACK_NUM },
	{ NULL, "f vfs_read ^$arg10000", TP_ERR_BAD_ARG_NUM },
	{ NULL, "f vfs_read ^$none_var", TP_ERR_BAD_VAR },
	/* a register: BAD_VAR, then this, both at the caret */
	{ NULL, "f vfs_read ^%ax", TP_ERR_BAD_FETCH_ARG },
	{ NULL, "f vfs_read ^@12345678abcde", TP_ERR_BAD_MEM_ADDR },
	{ NULL, "f vfs_read ^@+10", TP_ERR_FILE_ON_KPROBE },
	{ NULL, "f vfs_read arg1=\\^x", TP_ERR_BAD_IMM },
	{ NULL, "f vfs_read arg1=\\\"abcd^", TP_ERR_IMMSTR_NO_CLOSE },
	{ NULL, "f vfs_read ^+0@0)", TP_ERR_DEREF_NEED_BRACE },
	{ NULL, "f vfs_read ^+0ab1(@0)", TP_ERR_BAD_DEREF_OFFS },
	{ NULL, "f vfs_read +0(+0(@0^)", TP_ERR_DEREF_OPEN_BRACE },
	{ NULL, "f vfs_read +0(^$comm)", TP_ERR_COMM_CANT_DEREF },
	{ NULL, "f vfs_read ^&1", TP_ERR_BAD_FETCH_ARG },
	{ NULL, "f vfs_read +0(@11):u8[10^", TP_ERR_ARRAY_NO_CLOSE },
	{ NULL, "f vfs_read +0(@11):u8[10]^a", TP_ERR_BAD_ARRAY_SUFFIX },
	{ NULL, "f vfs_read +0(@11):u8[^10a]", TP_ERR_BAD_ARRAY_NUM },
	{ NULL, "f vfs_read +0(@11):u8[^256]", TP_ERR_ARRAY_TOO_BIG },
	{ NULL, "f vfs_read @11:^unknown_type", TP_ERR_BAD_TYPE },
	{ NULL, "f vfs_read $stack0:^string", TP_ERR_BAD_STRING },
	{ NULL, "f vfs_read @11:^b10@a/16", TP_ERR_BAD_BITFIELD },
	{
		NULL,
		"f vfs_read ^arg123456789012345678901234567890=@11",
		TP_ERR_ARG_NAME_TOO_LONG
	},
	{ NULL, "f vfs_read ^=@11", TP_ERR_NO_ARG_NAME },
	{ NULL, "f vfs_read ^var.1=@11", TP_ERR_BAD_ARG_NAME },
	{ NULL, "f vfs_read var1=@11 ^var1=@12", TP_ERR_USED_ARG_NAME },
	/* 7.3's limit: 255 characters (6.12: 63, tests/baseline) */
	{
		NULL,
		"f vfs_read ^+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(@123456789012345))))))))))))))))))))))))",
		TP_ERR_ARG_TOO_LONG
	},
	{ NULL, "f vfs_read arg1=^", TP_ERR_NO_ARG_BODY },
	{ NULL, "f vfs_read^%hoge", TP_ERR_BAD_ADDR_SUFFIX },
	{ NULL, "f vfs_read ^$arg*", TP_ERR_NOSUP_BTFARG },
	{ NULL, "f vfs_read ^hoge", TP_ERR_NOSUP_BTFARG },
	{
		"f:fprobes/testevent kernel_clone",
		"^f:fprobes/testevent do_exit%return",
		TP_ERR_DIFF_PROBE_TYPE
	},
	{
		"f:fprobes/testevent kernel_clone abcd=\\1",
		"f:fprobes/testevent kernel_clone ^bcd=\\1",
		TP_ERR_DIFF_ARG_TYPE
	},
	{
		"f:fprobes/testevent kernel_clone abcd=\\1",
		"f:fprobes/testevent kernel_clone ^abcd=\\1:u8",
		TP_ERR_DIFF_ARG_TYPE
	},
	{
		"f:fprobes/testevent kernel_clone abcd=\\1",
		"^f:fprobes/testevent kernel_clone abcd=\\1",
		TP_ERR_SAME_PROBE
	},
	{ NULL, "^f:syscalls/sys_enter_openat vfs_read", TP_ERR_EVENT_EXIST },
	/* tprobe_syntax_errors.tc */
	{ NULL, "t^100 kfree", TP_ERR_BAD_MAXACT_TYPE },
	{ NULL, "t:^/bar kfree", TP_ERR_NO_GROUP_NAME },
	{ NULL, "t:^foo.1/bar kfree", TP_ERR_BAD_GROUP_NAME },
	{ NULL, "t:^ kfree", TP_ERR_NO_EVENT_NAME },
	{ NULL, "t:foo/^bar.1 kfree", TP_ERR_BAD_EVENT_NAME },
	{ NULL, "t kfree ^$retval", TP_ERR_RETVAL_ON_PROBE },
	{ NULL, "t kfree ^$stack10000", TP_ERR_BAD_STACK_NUM },
	{ NULL, "t kfree ^$arg10000", TP_ERR_BAD_ARG_NUM },
	{ NULL, "t kfree ^$none_var", TP_ERR_BAD_VAR },
	{ NULL, "t kfree ^%rax", TP_ERR_BAD_FETCH_ARG },
	{ NULL, "t kfree ^$arg*", TP_ERR_NOSUP_BTFARG },
	/* a tracepoint has no return and a plain name */
	{ NULL, "t kfree^%return", TP_ERR_BAD_ADDR_SUFFIX },
	{ NULL, "t kfree^-x", TP_ERR_BAD_TP_NAME },
	{ NULL, "t kfree x=+0(^$retval)", TP_ERR_RETVAL_ON_PROBE },
	/* the place is checked before the name */
	{ NULL, "t:/bar kfree^-x", TP_ERR_BAD_TP_NAME },
	{
		"t:tracepoints/testevent kfree",
		"^f:tracepoints/testevent kfree",
		TP_ERR_DIFF_PROBE_TYPE
	},
	{
		"t:tracepoints/testevent kfree abcd=\\1",
		"t:tracepoints/testevent kfree ^bcd=\\1",
		TP_ERR_DIFF_ARG_TYPE
	},
	{
		"t:tracepoints/testevent kfree abcd=\\1",
		"^t:tracepoints/testevent kfree abcd=\\1",
		TP_ERR_SAME_PROBE
	},
};

/**
 * struct tp_fprobe_head_case - an fprobe command head and what it parses to
 * @cmd: the command
 * @ret: expected return value (0, or -errno without an error_log entry)
 * @event: "GROUP/EVENT", given or generated
 * @is_return: an exit probe
 * @is_tracepoint: a tracepoint probe
 * @maxactive: f<N>
 * @symbol: the function pattern or tracepoint
 * @funcname: the function whose BTF types the arguments
 * @items: an "f" probe's pattern as parsed, "=GLOB" for 6.12's one glob,
 *	else "+[MOD:]GLOB" per item that includes and "-[MOD:]GLOB" per
 *	item that excludes, space-separated; NULL for 6.12's glob, @symbol
 *	("=" @symbol), and for a "t" probe, which has no pattern
 */
struct tp_fprobe_head_case {
	const char	*cmd;
	int		ret;
	const char	*event;
	bool		is_return;
	bool		is_tracepoint;
	unsigned int	maxactive;
	const char	*symbol;
	const char	*funcname;
	const char	*items;
};

#define FHEAD(c, e, r, t, m, s, f)					\
	{ .cmd = c, .event = e, .is_return = r, .is_tracepoint = t,	\
	  .maxactive = m, .symbol = s, .funcname = f }
/* a pattern of kprobetrace's form (Documentation/trace/fprobe-patterns.rst) */
#define FPAT(c, e, r, m, s, f, i)					\
	{ .cmd = c, .event = e, .is_return = r, .maxactive = m,	\
	  .symbol = s, .funcname = f, .items = i }
#define FHEAD_RET(c, r)		{ .cmd = c, .ret = r }

static const struct tp_fprobe_head_case tp_fprobe_head_cases[] = {
	FHEAD("f vfs_read", "fprobes/vfs_read__entry", false, false, 0,
	      "vfs_read", "vfs_read"),
	FHEAD("f vfs_read%return", "fprobes/vfs_read__exit", true, false, 0,
	      "vfs_read", "vfs_read"),
	/* $retval makes an exit probe, if it is one word */
	FHEAD("f vfs_read $retval", "fprobes/vfs_read__exit", true, false, 0,
	      "vfs_read", "vfs_read"),
	FHEAD("f vfs_read x=+0($retval):u8", "fprobes/vfs_read__exit", true,
	      false, 0, "vfs_read", "vfs_read"),
	FHEAD("f vfs_read $retvalue", "fprobes/vfs_read__entry", false, false,
	      0, "vfs_read", "vfs_read"),
	FHEAD("f vfs_read x=$retval_x", "fprobes/vfs_read__entry", false,
	      false, 0, "vfs_read", "vfs_read"),
	FHEAD("f10 vfs_read%return", "fprobes/vfs_read__exit", true, false, 10,
	      "vfs_read", "vfs_read"),
	FHEAD("f0x10:grp/ev vfs_read%return", "grp/ev", true, false, 16,
	      "vfs_read", "vfs_read"),
	/* patterns: one function names the event and types the arguments */
	FPAT("f vfs_read:exit", "fprobes/vfs_read__exit", true, 0,
	     "vfs_read:exit", "vfs_read", "+vfs_read"),
	FPAT("f vfs_read:entry $retvalue", "fprobes/vfs_read__entry", false, 0,
	     "vfs_read:entry", "vfs_read", "+vfs_read"),
	/*
	 * a module's function: the one the module has now (if it is loaded)
	 * types the arguments, as for a list
	 */
	FPAT("f:grp/ev mymod:fn", "grp/ev", false, 0, "mymod:fn", "mymod:fn",
	     "+mymod:fn"),
	FPAT("f:grp/ mymod:fn", "grp/mymod_fn__entry", false, 0, "mymod:fn",
	     "mymod:fn", "+mymod:fn"),
	FPAT("f mymod:fn:entry", "fprobes/mymod_fn__entry", false, 0,
	     "mymod:fn:entry", "mymod:fn:entry", "+mymod:fn"),
	/* a list or a glob: no function types the arguments */
	FPAT("f:g/e vfs_*,!vfs_readv,mymod:fn%return", "g/e", true, 0,
	     "vfs_*,!vfs_readv,mymod:fn", "vfs_*,!vfs_readv,mymod:fn",
	     "+vfs_* -vfs_readv +mymod:fn"),
	FPAT("f4:g/e vfs_read,!mymod:*,do_exit:exit", "g/e", true, 4,
	     "vfs_read,!mymod:*,do_exit:exit", "vfs_read,!mymod:*,do_exit:exit",
	     "+vfs_read -mymod:* +do_exit"),
	FPAT("f:g.e mymod:fn?", "g/e", false, 0, "mymod:fn?", "mymod:fn?",
	     "+mymod:fn?"),
	/* 6.12's glob: as 6.12 (a lone "!GLOB" too) */
	FHEAD("f vfs_r*", "fprobes/vfs_r___entry", false, false, 0, "vfs_r*",
	      "vfs_r*"),
	FHEAD("f:g/e !vfs_read", "g/e", false, false, 0, "!vfs_read",
	      "!vfs_read"),
	FHEAD("f vfs_read.isra.0", "fprobes/vfs_read_isra_0__entry", false,
	      false, 0, "vfs_read.isra.0", "vfs_read.isra.0"),
	/* an index into available_filter_functions, as ftrace reads it */
	FHEAD("f 17", "fprobes/17__entry", false, false, 0, "17", "17"),
	FHEAD("t kfree", "tracepoints/kfree", false, true, 0, "kfree",
	      "__probestub_kfree"),
	FHEAD("t:grp/ev sched_switch", "grp/ev", false, true, 0,
	      "sched_switch", "__probestub_sched_switch"),
	FHEAD("t mymod_event", "tracepoints/mymod_event", false, true, 0,
	      "mymod_event", "__probestub_mymod_event"),
	/* not loaded yet: BTF looks at a function of that name */
	FHEAD("t not_yet_loaded", "tracepoints/not_yet_loaded", false, true, 0,
	      "not_yet_loaded", "not_yet_loaded"),
	FHEAD("t 9pfs_event", "tracepoints/_9pfs_event", false, true, 0,
	      "9pfs_event", "9pfs_event"),
	FHEAD_RET("p vfs_read", -ECANCELED),
	FHEAD_RET("r vfs_read", -ECANCELED),
	FHEAD_RET("e x.y", -ECANCELED),
	FHEAD_RET("f", -ECANCELED),
	FHEAD_RET("t", -ECANCELED),
};

static const struct tp_fmt_case tp_fprobe_fmt_cases[] = {
	{
		"f vfs_read a=$arg1 b=$arg2:u32 c=+0($arg1):string",
		"\"(%lx) a=0x%Lx b=%u c=\\\"%s\\\"\", REC->__probe_ip, REC->a, REC->b, __get_str(c)",
		"a u64 16 8 0; b u32 24 4 0; c __data_loc char[] 28 4 1;",
		"a=$arg1 b=$arg2:u32 c=+0($arg1):string"
	},
	{
		"f vfs_read%return $retval a=$arg1:s32",
		"\"(%lx <- %lx) arg1=0x%Lx a=%d\", REC->__probe_func, REC->__probe_ret_ip, REC->arg1, REC->a",
		"arg1 u64 24 8 0; a s32 32 4 1;",
		"arg1=$retval a=$arg1:s32"
	},
	{
		"t kfree x=$arg1",
		"\"(%lx) x=0x%Lx\", REC->__probe_ip, REC->x",
		"x u64 16 8 0;",
		"x=$arg1"
	},
};

/*
 * BTF over the functions of a pattern (fprobe-patterns.rst): a variable
 * must be the same at each; an error names the function it is found at.
 * The fake functions with BTF here: vfs_read and vfs_write (the same
 * parameters), do_exit(long code), mymod's fn2(int count); vfs_readv has
 * none.  The names are asked in sorted order.
 */
static const struct tp_err_case tp_fprobe_btf_err_cases[] = {
	{ NULL, "f:g/e vfs_read,do_exit ^count", TP_ERR_NO_BTFARG,
	  " (at do_exit)" },
	{ NULL, "f:g/e vfs_read,vfs_write,mymod:fn2 ^count",
	  TP_ERR_BTFARG_DIFFERS, " (at vfs_read)" },
	{ NULL, "f:g/e vfs_*,!vfs_readv,!vfs_writev x=file->^nope",
	  TP_ERR_NO_BTF_FIELD, " (at vfs_read)" },
	{ NULL, "f:g/e vfs_read,vfs_readv ^file", TP_ERR_NO_BTF_ENTRY,
	  " (at vfs_readv)" },
	{ NULL, "f:g/e vfs_read,vfs_readv%return $retval->^f_flags",
	  TP_ERR_NO_PTR_STRCT, " (at vfs_read)" },
	/* no function: no prototype */
	{ NULL, "f:g/e nothing*,nowhere* ^count", TP_ERR_NO_BTF_ENTRY },
	/* one function, named as ever: no detail */
	{ NULL, "f:g/e mymod:fn2 ^file", TP_ERR_NO_BTFARG },
	/*
	 * a module not loaded has no function: 6.12 looks "MOD:FUNC" up in
	 * BTF as it is (vmlinux's vfs_read does not type it), in its order
	 */
	{ NULL, "f notloaded:vfs_read ^file", TP_ERR_NO_BTF_ENTRY },
	{ NULL, "f:g/e notloaded:vfs_read a=^count", TP_ERR_NO_BTF_ENTRY },
	{ NULL, "f notloaded:vfs_read file.^f_mode", TP_ERR_NOSUP_DAT_ARG },
	{ NULL, "f notloaded:vfs_read%return $retval->^x",
	  TP_ERR_NO_BTF_ENTRY },
};

static const struct tp_fmt_case tp_fprobe_btf_fmt_cases[] = {
	{
		"f:g/e vfs_read,vfs_write count pos f=file->f_flags",
		"\"(%lx) count=%Lu pos=0x%Lx f=%u\", REC->__probe_ip, REC->count, REC->pos, REC->f",
		"count u64 16 8 0; pos u64 24 8 0; f u32 32 4 0;",
		"count=count pos=pos f=file->f_flags"
	},
	{
		"f:g/e vfs_read,vfs_write $arg*",
		"\"(%lx) file=0x%Lx buf=0x%Lx count=%Lu pos=0x%Lx\", REC->__probe_ip, REC->file, REC->buf, REC->count, REC->pos",
		"file u64 16 8 0; buf u64 24 8 0; count u64 32 8 0; pos u64 40 8 0;",
		"file=file buf=buf count=count pos=pos"
	},
	/* prototypes that differ: "$argN" stays untyped */
	{
		"f:g/e vfs_read,do_exit $arg1",
		"\"(%lx) arg1=0x%Lx\", REC->__probe_ip, REC->arg1",
		"arg1 u64 16 8 0;",
		"arg1=$arg1"
	},
	/* a return value not typed alike: the raw one, as without BTF */
	{
		"f:g/e vfs_read,vfs_readv%return $retval",
		"\"(%lx <- %lx) arg1=0x%Lx\", REC->__probe_func, REC->__probe_ret_ip, REC->arg1",
		"arg1 u64 24 8 0;",
		"arg1=$retval"
	},
	{
		"f:g/e vfs_read,vfs_write%return $retval",
		"\"(%lx <- %lx) arg1=%Ld\", REC->__probe_func, REC->__probe_ret_ip, REC->arg1",
		"arg1 s64 24 8 1;",
		"arg1=$retval"
	},
};

/* --- 7.3's grammar: typecasts, $current, this_cpu_*() ------------------ */

/*
 * Every row here was an error on 6.12 (new syntax); the programs and the
 * errors are upstream 7.3's.  The fake BTF's offsets: struct file has
 * f_mode at 12, f_flags at 48, f_path at 64 (its dentry at 72) and f_pos
 * at 112; struct dentry has d_name.name at 40; struct task_struct has pid
 * at 1024 and comm at 1496.
 */
static const struct tp_cmd_case tp_grammar_cases[] = {
	/* $current: the task, typed as a task_struct for "->" */
	{ "p vfs_read $current", "CURRENT; ST_RAW size=8; END", NULL, 0 },
	{
		"p vfs_read $current->pid",
		"CURRENT; ST_MEM +1024 size=4; END", NULL, 0
	},
	{
		"p vfs_read $current->comm:string",
		"CURRENT; ST_STRING +1496 size=4; END", NULL, 0
	},
	/* at any place of a kernel probe, and on return */
	{
		"p vfs_read+4 $current->pid",
		"CURRENT; ST_MEM +1024 size=4; END", NULL, 0
	},
	{
		"r vfs_read $current->pid $retval",
		"CURRENT; ST_MEM +1024 size=4; END | RETVAL; ST_RAW size=8; END",
		NULL, 0
	},
	{ "p vfs_read +0($current):u32", "CURRENT; ST_MEM +0 size=4; END", NULL, 0 },
	/* a typecast of a parameter, a register, a dereference, a symbol */
	{
		"p vfs_read (file)buf->f_pos",
		"ARG 1; ST_MEM +112 size=8; END", NULL, 0
	},
	{
		"p vfs_read (file)%si->f_flags:x32",
		"REG si; ST_MEM +48 size=4; END", NULL, 0
	},
	{
		"p vfs_read (file)+8(%si)->f_pos",
		"REG si; DEREF +8; ST_MEM +112 size=8; END", NULL, 0
	},
	{
		"p vfs_read (file)(+8(%si))->f_pos",
		"REG si; DEREF +8; ST_MEM +112 size=8; END", NULL, 0
	},
	{
		"p vfs_read (file)@jiffies->f_flags",
		"NOP_SYMBOL \"jiffies\"; IMM 0; DEREF +0; ST_MEM +48 size=4; END",
		NULL, 0
	},
	{
		"p vfs_read (file)(@jiffies+8)->f_flags",
		"NOP_SYMBOL \"jiffies+8\"; IMM 0; DEREF +0; ST_MEM +48 size=4; END",
		NULL, 0
	},
	{
		"p vfs_read (file)$stack2->f_pos",
		"STACK 2; ST_MEM +112 size=8; END", NULL, 0
	},
	/* a path through pointers and embedded structs, read as a string */
	{
		"p vfs_read (file)buf->f_path.dentry->d_name.name:string",
		"ARG 1; DEREF +72; DEREF +40; ST_STRING +0 size=4; END", NULL, 0
	},
	/* nested: the inner cast's member is the outer cast's pointer */
	{
		"p vfs_read (dentry)((file)buf->f_path.dentry)->d_name.name:string",
		"ARG 1; DEREF +72; DEREF +40; ST_STRING +0 size=4; END", NULL, 0
	},
	/* container_of: the value points at a member of the struct */
	{
		"p vfs_read (file,f_path)buf->f_pos",
		"ARG 1; ST_MEM +48 size=8; END", NULL, 0
	},
	{
		"p vfs_read (file,f_path.dentry)buf->f_mode",
		"ARG 1; ST_MEM -60 size=4; END", NULL, 0
	},
	{
		"p vfs_read (task_struct,pid)$arg1->comm:string",
		"ARG 0; ST_STRING +472 size=4; END", NULL, 0
	},
	/* on return: $retval and saved parameters */
	{
		"r vfs_read (file)$retval->f_pos",
		"RETVAL; ST_MEM +112 size=8; END", NULL, 0
	},
	{
		"r vfs_read (file)buf->f_pos",
		"EDATA +0; ST_MEM +112 size=8; END", "ARG 1; ST_EDATA +0; END", 8
	},
	/* this CPU's instance of a per-CPU variable or address */
	{
		"p vfs_read this_cpu_read(@jiffies):u32",
		"NOP_SYMBOL \"jiffies\"; IMM 0; CPU_PTR; ST_MEM +0 size=4; END",
		NULL, 0
	},
	{
		"p vfs_read this_cpu_ptr(@jiffies)",
		"NOP_SYMBOL \"jiffies\"; IMM 0; CPU_PTR; ST_RAW size=8; END",
		NULL, 0
	},
	{
		"p vfs_read this_cpu_read(%di)",
		"REG di; CPU_PTR; ST_MEM +0 size=8; END", NULL, 0
	},
	{
		"p vfs_read this_cpu_read(+8(%di)):u16",
		"REG di; DEREF +8; CPU_PTR; ST_MEM +0 size=2; END", NULL, 0
	},
	{
		"p vfs_read (file)this_cpu_ptr(%di)->f_pos",
		"REG di; CPU_PTR; ST_MEM +112 size=8; END", NULL, 0
	},
	{
		"p vfs_read this_cpu_read((file)buf->f_path.dentry)",
		"ARG 1; DEREF +72; CPU_PTR; ST_MEM +0 size=8; END", NULL, 0
	},
	{
		"p vfs_read+4 this_cpu_read(@jiffies)",
		"NOP_SYMBOL \"jiffies\"; IMM 0; CPU_PTR; ST_MEM +0 size=8; END",
		NULL, 0
	},
	{
		"p vfs_read +4(this_cpu_ptr(%di)):u32",
		"REG di; CPU_PTR; ST_MEM +4 size=4; END", NULL, 0
	},
	/* 8 deep is the most */
	{
		"p vfs_read this_cpu_ptr(this_cpu_ptr(this_cpu_ptr(this_cpu_ptr(this_cpu_ptr(this_cpu_ptr(this_cpu_ptr(this_cpu_ptr(%di))))))))",
		"REG di; CPU_PTR; CPU_PTR; CPU_PTR; CPU_PTR; CPU_PTR; CPU_PTR; CPU_PTR; CPU_PTR; ST_RAW size=8; END",
		NULL, 0
	},
	{
		"p vfs_read (file)((file)((file)((file)((file)((file)((file)((file)(%si)->f_pos)->f_pos)->f_pos)->f_pos)->f_pos)->f_pos)->f_pos)->f_pos",
		"REG si; DEREF +112; DEREF +112; DEREF +112; DEREF +112; DEREF +112; DEREF +112; DEREF +112; ST_MEM +112 size=8; END",
		NULL, 0
	},
	/* longer than 6.12's 63 characters, within 7.3's 255 */
	{
		"p vfs_read +1234567(+1234567(+1234567(+1234567(+1234567(+1234567(@1234))))))",
		"IMM 0x4d2; DEREF +0; DEREF +1234567; DEREF +1234567; DEREF +1234567; DEREF +1234567; DEREF +1234567; ST_MEM +1234567 size=8; END",
		NULL, 0
	},
};

static const struct tp_err_case tp_grammar_err_cases[] = {
	/* a typecast is typed by BTF: where BTF arguments are */
	{ NULL, "p vfs_read+4 ^(file)buf->f_pos", TP_ERR_NOSUP_BTFARG },
	{ NULL, "p vfs_read a=(^nostruct)%si->f_pos", TP_ERR_NO_PTR_STRCT },
	{ NULL, "p vfs_read (file^", TP_ERR_DEREF_OPEN_BRACE },
	{ NULL, "p vfs_read (^nostruct)buf->f_pos", TP_ERR_NO_PTR_STRCT },
	{ NULL, "p vfs_read (file)buf->^nofield", TP_ERR_NO_BTF_FIELD },
	{ NULL, "p vfs_read (file)buf->f_path.^nofield", TP_ERR_NO_BTF_FIELD },
	{ NULL, "p vfs_read (file)buf->f_flags->^x", TP_ERR_NO_PTR_STRCT },
	{ NULL, "p vfs_read (file)(^nosuch)->f_pos", TP_ERR_NO_BTFARG },
	/* the cast must be followed by "->" */
	{ NULL, "p vfs_read (file)buf^", TP_ERR_TYPECAST_REQ_FIELD },
	{ NULL, "p vfs_read (file)(buf)^.f_pos", TP_ERR_TYPECAST_REQ_FIELD },
	{ NULL, "p vfs_read (file)+8(%si)^", TP_ERR_TYPECAST_REQ_FIELD },
	{ NULL, "p vfs_read (file)^+8", TP_ERR_DEREF_NEED_BRACE },
	{ NULL, "p vfs_read (file)^(buf", TP_ERR_DEREF_OPEN_BRACE },
	{ NULL, "p vfs_read (file)+8(%si^", TP_ERR_DEREF_OPEN_BRACE },
	{ NULL, "p vfs_read (file)^@jiffies+8->f_pos", TP_ERR_TYPECAST_SYM_OFFSET },
	/* container_of: a member of the struct, byte aligned, no "->" */
	{ NULL, "p vfs_read (file,^nofield)buf->f_mode", TP_ERR_NO_BTF_FIELD },
	{ NULL, "p vfs_read (file,f_path.^nofield)buf->f_mode", TP_ERR_NO_BTF_FIELD },
	{ NULL, "p vfs_read (file,f_path^->dentry)buf->f_mode", TP_ERR_TYPECAST_BAD_ARROW },
	{
		NULL,
		"p kernel_clone (kernel_clone_args,^io_thread)args->flags",
		TP_ERR_TYPECAST_NOT_ALIGNED
	},
	/* $current */
	{ NULL, "p vfs_read ^$currentx", TP_ERR_BAD_VAR },
	{ NULL, "p vfs_read ^$current.pid", TP_ERR_BAD_VAR },
	{ NULL, "p vfs_read $current->^nofield", TP_ERR_NO_BTF_FIELD },
	{ NULL, "p vfs_read $current->pid->^x", TP_ERR_NO_PTR_STRCT },
	/* typecasts and this_cpu_*() nest 8 deep */
	{
		NULL,
		"p vfs_read (file)((file)((file)((file)((file)((file)((file)((file)(^(file)(%si)->f_pos)->f_pos)->f_pos)->f_pos)->f_pos)->f_pos)->f_pos)->f_pos)->f_pos",
		TP_ERR_TOO_MANY_NESTED
	},
	{
		NULL,
		"p vfs_read this_cpu_ptr(this_cpu_ptr(this_cpu_ptr(this_cpu_ptr(this_cpu_ptr(this_cpu_ptr(this_cpu_ptr(this_cpu_ptr(^this_cpu_ptr(%di)))))))))",
		TP_ERR_TOO_MANY_NESTED
	},
	/* this_cpu_*() */
	{ NULL, "p vfs_read this_cpu_read(%di^", TP_ERR_DEREF_OPEN_BRACE },
	{ NULL, "p vfs_read this_cpu_ptr(^$foo)", TP_ERR_BAD_VAR },
};

/* Eprobes with BTF: typecasts on the attached event's fields */
static const struct tp_cmd_case tp_eprobe_grammar_cases[] = {
	{
		"e syscalls/sys_enter_openat (file)filename->f_pos",
		"TP_ARG filename; ST_MEM +112 size=8; END", NULL, 0
	},
	{
		"e syscalls/sys_enter_openat (file)$filename->f_path.dentry",
		"TP_ARG filename; ST_MEM +72 size=8; END", NULL, 0
	},
	{
		"e syscalls/sys_enter_openat (dentry)((file)filename->f_path.dentry)->d_name.name:string",
		"TP_ARG filename; DEREF +72; DEREF +40; ST_STRING +0 size=4; END",
		NULL, 0
	},
	{
		"e syscalls/sys_enter_openat (file,f_path)filename->f_pos",
		"TP_ARG filename; ST_MEM +48 size=8; END", NULL, 0
	},
};

static const struct tp_err_case tp_eprobe_grammar_err_cases[] = {
	{ NULL, "e syscalls/sys_enter_openat (file)^nofield->f_pos", TP_ERR_NO_EVENT_FIELD },
	{ NULL, "e syscalls/sys_enter_openat (file)filename->^nofield", TP_ERR_NO_BTF_FIELD },
	{ NULL, "e syscalls/sys_enter_openat (file)(^$nofield)->f_pos", TP_ERR_BAD_VAR },
	{ NULL, "e syscalls/sys_enter_openat ^this_cpu_ptr(dfd)", TP_ERR_NOSUP_PERCPU },
};

#endif /* __TRACE_PROBE_CASES_H */
