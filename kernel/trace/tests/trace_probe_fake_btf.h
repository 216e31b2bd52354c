/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fake BTF of the probe-parser tests' fake kernel (trace_probe_fake.h),
 * shared by the KUnit suite, the host tests and the fuzzer: a few Linux
 * 6.12 types and function prototypes in a static table, read through a
 * &struct probe_type_ops by the walk the kernel runs over its BTF
 * (trace_probe_btf.c): the tests check that walk, not a copy of it.  Pure
 * data and lookups: in the kernel too it stands in for the real BTF, so
 * that the BTF rows of trace_probe_cases.h have the same answers
 * everywhere.
 *
 * The table keeps only the members the tests use, at the offsets of the
 * 6.12 x86-64 test config (measured with offsetof() on its headers).  Its
 * accessors do what the kernel's BTF helpers do for the walk
 * (btf_type_skip_modifiers(), btf_find_struct_member() and its search of
 * anonymous members).  Its struct dentry and struct file agree with the ":%pd"
 * offsets of the test config (trace_probe_internal.h), so "file:%pD" and
 * "file->f_path.dentry->d_name.name:string" read the same bytes.
 * Included by trace_probe_fake.h, after fake_env.
 *
 * The functions, in the BTF sense:
 *   ssize_t vfs_read(struct file *file, char *buf, size_t count,
 *                    loff_t *pos)
 *   void kfree(const void *object)
 *   void schedule(void)
 *   ktime_t ktime_get(void)
 *   void dput(struct dentry *dentry)
 *   long do_sys_openat2(int dfd, const char *filename,
 *                       struct open_how *how)
 *   struct file *do_filp_open(int dfd, struct filename *pathname,
 *                             const struct open_flags *op)
 *   pid_t kernel_clone(struct kernel_clone_args *args)
 *   int security_locked_down(enum lockdown_reason what)
 *   int task_work_add(struct task_struct *task, struct callback_head *work,
 *                     enum task_work_notify_mode notify)
 *   ssize_t vfs_write(the parameters of vfs_read, buf's const aside)
 *   void do_exit(long code)
 *   int fn2(int count), of module mymod
 * and two that no kernel has, to reach the corners:
 *   u8 tp_btf_scalars(s8 s8v, u8 u8v, s16 s16v, u16 u16v, s32 s32v,
 *                     u32 u32v, s64 s64v, u64 u64v, bool flag, char ch,
 *                     enum tp_btf_wide wide)
 *   int tp_btf_long_names(8 parameters whose names add up to more than
 *                         the 128 bytes "$arg*" may expand into)
 *   int tp_btf_old_bitfields(struct tp_oldbf *p, u24 w), whose struct
 *                         has members of 24 and 12 bits (at bit 4 of
 *                         its storage) and a signed one of 24 bits
 * Every other function (entry_SYSCALL_64, "mymod:fn", ...) has no BTF.
 */
#ifndef __TRACE_PROBE_FAKE_BTF_H
#define __TRACE_PROBE_FAKE_BTF_H

#include "../trace_probe_btf.h"

enum fbtf_kind {
	FBTF_VOID,
	FBTF_INT,
	FBTF_PTR,
	FBTF_ARRAY,
	FBTF_STRUCT,
	FBTF_UNION,
	FBTF_ENUM,
	FBTF_ENUM64,
	FBTF_TYPEDEF,
	FBTF_CONST,
	FBTF_FUNC_PROTO,
};

/**
 * struct fbtf_member - a member of a struct or union
 * @name: its name, NULL for an anonymous struct or union
 * @type: its type id
 * @bitoffs: its bit offset in the containing type
 * @bitsize: its width if it is a bitfield (kflag structs only), else 0
 */
struct fbtf_member {
	const char	*name;
	int		type;
	unsigned int	bitoffs;
	unsigned int	bitsize;
};

/**
 * struct fbtf_type - a type; its id is its index in fbtf_types[]
 * @kind: what it is
 * @ref: pointee (PTR), element (ARRAY) or aliased type (TYPEDEF, CONST)
 * @bits: width of an INT
 * @offset: bit offset of an INT's value (BTF_INT_OFFSET)
 * @is_signed: an INT with the BTF_INT_SIGNED encoding
 * @kflag: a STRUCT whose members carry bitfield widths
 * @members: members of a STRUCT or UNION, up to one of type T_VOID
 * @name: a STRUCT's name, for typecasts (NULL: typecasts cannot name it)
 */
struct fbtf_type {
	enum fbtf_kind			kind;
	int				ref;
	unsigned int			bits;
	unsigned int			offset;
	bool				is_signed;
	bool				kflag;
	const struct fbtf_member	*members;
	const char			*name;
};

enum {
	T_VOID,		/* BTF type id 0 */
	T_CHAR, T_UCHAR, T_SCHAR, T_SHORT, T_USHORT, T_INT, T_UINT, T_LONG,
	T_ULONG, T_LLONG, T_ULLONG, T_BOOL,
	T_U8, T_S8, T_U16, T_S16, T_U32, T_S32, T_U64, T_S64, T_SIZE_T,
	T_SSIZE_T, T_LOFF_T, T_FMODE_T, T_UMODE_T, T_PID_T, T_KTIME_T,
	T_CONST_VOID, T_CONST_VOID_PTR, T_CHAR_PTR, T_CONST_CHAR,
	T_CONST_CHAR_PTR, T_CONST_UCHAR, T_CONST_UCHAR_PTR, T_LOFF_T_PTR,
	T_INT_PTR, T_UCHAR_ARRAY40, T_CHAR_ARRAY16,
	T_FILE, T_FILE_PTR, T_FILE_POS_UNION, T_MUTEX, T_PATH, T_VFSMOUNT,
	T_VFSMOUNT_PTR, T_DENTRY, T_DENTRY_PTR, T_QSTR, T_QSTR_UNION,
	T_QSTR_HASH_LEN, T_INODE, T_INODE_PTR, T_SUPER_BLOCK,
	T_SUPER_BLOCK_PTR, T_FOPS, T_CONST_FOPS, T_CONST_FOPS_PTR,
	T_READ_PROTO, T_READ_PTR,
	T_KCA, T_KCA_PTR, T_OPEN_HOW, T_OPEN_HOW_PTR, T_FILENAME,
	T_FILENAME_PTR, T_OPEN_FLAGS, T_CONST_OPEN_FLAGS,
	T_CONST_OPEN_FLAGS_PTR, T_TASK, T_TASK_PTR, T_CALLBACK_HEAD,
	T_CALLBACK_HEAD_PTR,
	T_LOCKDOWN_REASON, T_TASK_WORK_MODE, T_WIDE_ENUM,
	T_U24, T_U12_AT4, T_S24, T_OLDBF, T_OLDBF_PTR,
	T_NR
};

#define FBTF_INT_TYPE(b, s)	{ .kind = FBTF_INT, .bits = (b), .is_signed = (s) }
#define FBTF_REF(k, t)		{ .kind = (k), .ref = (t) }
#define FBTF_AGGR(k, m)		{ .kind = (k), .members = (m) }
/* a struct that typecasts can name */
#define FBTF_NAMED(n, m)	{ .kind = FBTF_STRUCT, .members = (m), .name = (n) }
#define FBTF_END		{ .type = T_VOID }	/* ends a list */

/* Byte offsets, as in the sources; bit offsets are what BTF stores */
#define FBTF_AT(bytes)	((bytes) * 8)

static const struct fbtf_member fbtf_file[] = {
	{ "f_mode", T_FMODE_T, FBTF_AT(12) },
	{ "f_op", T_CONST_FOPS_PTR, FBTF_AT(16) },
	{ "f_inode", T_INODE_PTR, FBTF_AT(40) },
	{ "f_flags", T_UINT, FBTF_AT(48) },
	{ "f_path", T_PATH, FBTF_AT(64) },
	{ NULL, T_FILE_POS_UNION, FBTF_AT(80) },
	{ "f_pos", T_LOFF_T, FBTF_AT(112) },
	FBTF_END
};

static const struct fbtf_member fbtf_file_pos_union[] = {
	{ "f_pos_lock", T_MUTEX, 0 },
	{ "f_pipe", T_U64, 0 },
	FBTF_END
};

static const struct fbtf_member fbtf_path[] = {
	{ "mnt", T_VFSMOUNT_PTR, 0 },
	{ "dentry", T_DENTRY_PTR, FBTF_AT(8) },
	FBTF_END
};

static const struct fbtf_member fbtf_vfsmount[] = {
	{ "mnt_root", T_DENTRY_PTR, 0 },
	{ "mnt_sb", T_SUPER_BLOCK_PTR, FBTF_AT(8) },
	{ "mnt_flags", T_INT, FBTF_AT(16) },
	FBTF_END
};

static const struct fbtf_member fbtf_dentry[] = {
	{ "d_flags", T_UINT, 0 },
	{ "d_parent", T_DENTRY_PTR, FBTF_AT(24) },
	{ "d_name", T_QSTR, FBTF_AT(32) },
	{ "d_inode", T_INODE_PTR, FBTF_AT(48) },
	{ "d_iname", T_UCHAR_ARRAY40, FBTF_AT(56) },
	{ "d_sb", T_SUPER_BLOCK_PTR, FBTF_AT(104) },
	FBTF_END
};

/* struct qstr { union { struct { u32 hash; u32 len; }; u64 hash_len; }; ... } */
static const struct fbtf_member fbtf_qstr[] = {
	{ NULL, T_QSTR_UNION, 0 },
	{ "name", T_CONST_UCHAR_PTR, FBTF_AT(8) },
	FBTF_END
};

static const struct fbtf_member fbtf_qstr_union[] = {
	{ NULL, T_QSTR_HASH_LEN, 0 },
	{ "hash_len", T_U64, 0 },
	FBTF_END
};

static const struct fbtf_member fbtf_qstr_hash_len[] = {
	{ "hash", T_U32, 0 },
	{ "len", T_U32, FBTF_AT(4) },
	FBTF_END
};

static const struct fbtf_member fbtf_inode[] = {
	{ "i_mode", T_UMODE_T, 0 },
	{ "i_sb", T_SUPER_BLOCK_PTR, FBTF_AT(24) },
	{ "i_ino", T_ULONG, FBTF_AT(40) },
	FBTF_END
};

static const struct fbtf_member fbtf_super_block[] = {
	{ "s_magic", T_ULONG, FBTF_AT(96) },
	FBTF_END
};

static const struct fbtf_member fbtf_fops[] = {
	{ "read", T_READ_PTR, FBTF_AT(24) },
	FBTF_END
};

/* u32 kthread:1, io_thread:1, user_worker:1, no_files:1 after exit_signal */
static const struct fbtf_member fbtf_kca[] = {
	{ "flags", T_U64, 0 },
	{ "name", T_CONST_CHAR_PTR, FBTF_AT(32) },
	{ "exit_signal", T_INT, FBTF_AT(40) },
	{ "kthread", T_U32, FBTF_AT(44), 1 },
	{ "io_thread", T_U32, FBTF_AT(44) + 1, 1 },
	{ "user_worker", T_U32, FBTF_AT(44) + 2, 1 },
	{ "no_files", T_U32, FBTF_AT(44) + 3, 1 },
	{ "stack", T_ULONG, FBTF_AT(48) },
	{ "idle", T_INT, FBTF_AT(92) },
	FBTF_END
};

static const struct fbtf_member fbtf_open_how[] = {
	{ "flags", T_U64, 0 },
	{ "mode", T_U64, FBTF_AT(8) },
	{ "resolve", T_U64, FBTF_AT(16) },
	FBTF_END
};

static const struct fbtf_member fbtf_filename[] = {
	{ "name", T_CONST_CHAR_PTR, 0 },
	{ "uptr", T_CONST_CHAR_PTR, FBTF_AT(8) },
	{ "refcnt", T_INT, FBTF_AT(16) },
	FBTF_END
};

static const struct fbtf_member fbtf_open_flags[] = {
	{ "open_flag", T_INT, 0 },
	{ "mode", T_UMODE_T, FBTF_AT(4) },
	{ "acc_mode", T_INT, FBTF_AT(8) },
	{ "intent", T_INT, FBTF_AT(12) },
	{ "lookup_flags", T_INT, FBTF_AT(16) },
	FBTF_END
};

/* a struct without kflag whose members have types of odd widths */
static const struct fbtf_member fbtf_oldbf[] = {
	{ "a", T_U24, 0 },
	{ "b", T_U12_AT4, FBTF_AT(4) },
	{ "s", T_S24, FBTF_AT(8) },
	FBTF_END
};

static const struct fbtf_member fbtf_task[] = {
	{ "pid", T_PID_T, FBTF_AT(1024) },
	{ "comm", T_CHAR_ARRAY16, FBTF_AT(1496) },
	FBTF_END
};

static const struct fbtf_type fbtf_types[T_NR] = {
	[T_VOID] = { .kind = FBTF_VOID },
	[T_CHAR] = FBTF_INT_TYPE(8, false),	/* the kernel's char is unsigned */
	[T_UCHAR] = FBTF_INT_TYPE(8, false),
	[T_SCHAR] = FBTF_INT_TYPE(8, true),
	[T_SHORT] = FBTF_INT_TYPE(16, true),
	[T_USHORT] = FBTF_INT_TYPE(16, false),
	[T_INT] = FBTF_INT_TYPE(32, true),
	[T_UINT] = FBTF_INT_TYPE(32, false),
	[T_LONG] = FBTF_INT_TYPE(64, true),
	[T_ULONG] = FBTF_INT_TYPE(64, false),
	[T_LLONG] = FBTF_INT_TYPE(64, true),
	[T_ULLONG] = FBTF_INT_TYPE(64, false),
	[T_BOOL] = FBTF_INT_TYPE(8, false),
	[T_U8] = FBTF_REF(FBTF_TYPEDEF, T_UCHAR),
	[T_S8] = FBTF_REF(FBTF_TYPEDEF, T_SCHAR),
	[T_U16] = FBTF_REF(FBTF_TYPEDEF, T_USHORT),
	[T_S16] = FBTF_REF(FBTF_TYPEDEF, T_SHORT),
	[T_U32] = FBTF_REF(FBTF_TYPEDEF, T_UINT),
	[T_S32] = FBTF_REF(FBTF_TYPEDEF, T_INT),
	[T_U64] = FBTF_REF(FBTF_TYPEDEF, T_ULLONG),
	[T_S64] = FBTF_REF(FBTF_TYPEDEF, T_LLONG),
	[T_SIZE_T] = FBTF_REF(FBTF_TYPEDEF, T_ULONG),
	[T_SSIZE_T] = FBTF_REF(FBTF_TYPEDEF, T_LONG),
	[T_LOFF_T] = FBTF_REF(FBTF_TYPEDEF, T_LLONG),
	[T_FMODE_T] = FBTF_REF(FBTF_TYPEDEF, T_UINT),
	[T_UMODE_T] = FBTF_REF(FBTF_TYPEDEF, T_USHORT),
	[T_PID_T] = FBTF_REF(FBTF_TYPEDEF, T_INT),
	[T_KTIME_T] = FBTF_REF(FBTF_TYPEDEF, T_S64),
	[T_CONST_VOID] = FBTF_REF(FBTF_CONST, T_VOID),
	[T_CONST_VOID_PTR] = FBTF_REF(FBTF_PTR, T_CONST_VOID),
	[T_CHAR_PTR] = FBTF_REF(FBTF_PTR, T_CHAR),
	[T_CONST_CHAR] = FBTF_REF(FBTF_CONST, T_CHAR),
	[T_CONST_CHAR_PTR] = FBTF_REF(FBTF_PTR, T_CONST_CHAR),
	[T_CONST_UCHAR] = FBTF_REF(FBTF_CONST, T_UCHAR),
	[T_CONST_UCHAR_PTR] = FBTF_REF(FBTF_PTR, T_CONST_UCHAR),
	[T_LOFF_T_PTR] = FBTF_REF(FBTF_PTR, T_LOFF_T),
	[T_INT_PTR] = FBTF_REF(FBTF_PTR, T_INT),
	[T_UCHAR_ARRAY40] = FBTF_REF(FBTF_ARRAY, T_UCHAR),
	[T_CHAR_ARRAY16] = FBTF_REF(FBTF_ARRAY, T_CHAR),
	[T_FILE] = FBTF_NAMED("file", fbtf_file),
	[T_FILE_PTR] = FBTF_REF(FBTF_PTR, T_FILE),
	[T_FILE_POS_UNION] = FBTF_AGGR(FBTF_UNION, fbtf_file_pos_union),
	[T_MUTEX] = { .kind = FBTF_STRUCT },	/* no member used */
	[T_PATH] = FBTF_NAMED("path", fbtf_path),
	[T_VFSMOUNT] = FBTF_AGGR(FBTF_STRUCT, fbtf_vfsmount),
	[T_VFSMOUNT_PTR] = FBTF_REF(FBTF_PTR, T_VFSMOUNT),
	[T_DENTRY] = FBTF_NAMED("dentry", fbtf_dentry),
	[T_DENTRY_PTR] = FBTF_REF(FBTF_PTR, T_DENTRY),
	[T_QSTR] = FBTF_NAMED("qstr", fbtf_qstr),
	[T_QSTR_UNION] = FBTF_AGGR(FBTF_UNION, fbtf_qstr_union),
	[T_QSTR_HASH_LEN] = FBTF_AGGR(FBTF_STRUCT, fbtf_qstr_hash_len),
	[T_INODE] = FBTF_NAMED("inode", fbtf_inode),
	[T_INODE_PTR] = FBTF_REF(FBTF_PTR, T_INODE),
	[T_SUPER_BLOCK] = FBTF_AGGR(FBTF_STRUCT, fbtf_super_block),
	[T_SUPER_BLOCK_PTR] = FBTF_REF(FBTF_PTR, T_SUPER_BLOCK),
	[T_FOPS] = FBTF_AGGR(FBTF_STRUCT, fbtf_fops),
	[T_CONST_FOPS] = FBTF_REF(FBTF_CONST, T_FOPS),
	[T_CONST_FOPS_PTR] = FBTF_REF(FBTF_PTR, T_CONST_FOPS),
	[T_READ_PROTO] = { .kind = FBTF_FUNC_PROTO, .ref = T_SSIZE_T },
	[T_READ_PTR] = FBTF_REF(FBTF_PTR, T_READ_PROTO),
	[T_KCA] = { .kind = FBTF_STRUCT, .kflag = true, .members = fbtf_kca,
		    .name = "kernel_clone_args" },
	[T_KCA_PTR] = FBTF_REF(FBTF_PTR, T_KCA),
	[T_OPEN_HOW] = FBTF_AGGR(FBTF_STRUCT, fbtf_open_how),
	[T_OPEN_HOW_PTR] = FBTF_REF(FBTF_PTR, T_OPEN_HOW),
	[T_FILENAME] = FBTF_AGGR(FBTF_STRUCT, fbtf_filename),
	[T_FILENAME_PTR] = FBTF_REF(FBTF_PTR, T_FILENAME),
	[T_OPEN_FLAGS] = FBTF_AGGR(FBTF_STRUCT, fbtf_open_flags),
	[T_CONST_OPEN_FLAGS] = FBTF_REF(FBTF_CONST, T_OPEN_FLAGS),
	[T_CONST_OPEN_FLAGS_PTR] = FBTF_REF(FBTF_PTR, T_CONST_OPEN_FLAGS),
	[T_TASK] = FBTF_NAMED("task_struct", fbtf_task),
	[T_TASK_PTR] = FBTF_REF(FBTF_PTR, T_TASK),
	[T_CALLBACK_HEAD] = { .kind = FBTF_STRUCT },
	[T_CALLBACK_HEAD_PTR] = FBTF_REF(FBTF_PTR, T_CALLBACK_HEAD),
	[T_LOCKDOWN_REASON] = { .kind = FBTF_ENUM },
	[T_TASK_WORK_MODE] = { .kind = FBTF_ENUM },
	[T_WIDE_ENUM] = { .kind = FBTF_ENUM64 },
	/* old-style bitfields: ints of odd widths, one with an offset */
	[T_U24] = FBTF_INT_TYPE(24, false),
	[T_U12_AT4] = { .kind = FBTF_INT, .bits = 12, .offset = 4 },
	[T_S24] = FBTF_INT_TYPE(24, true),
	[T_OLDBF] = FBTF_NAMED("tp_oldbf", fbtf_oldbf),
	[T_OLDBF_PTR] = FBTF_REF(FBTF_PTR, T_OLDBF),
};

/**
 * struct fbtf_param - a parameter of a function prototype
 * @name: its name, NULL if BTF has none
 * @type: its type id
 */
struct fbtf_param {
	const char	*name;
	int		type;
};

/**
 * struct fbtf_func - a function with a BTF prototype
 * @name: the function
 * @ret: its return type id, T_VOID for void
 * @params: its parameters, up to one of type T_VOID (NULL for none)
 */
struct fbtf_func {
	const char		*name;
	int			ret;
	const struct fbtf_param	*params;
};

static const struct fbtf_param fbtf_vfs_read[] = {
	{ "file", T_FILE_PTR }, { "buf", T_CHAR_PTR },
	{ "count", T_SIZE_T }, { "pos", T_LOFF_T_PTR },
	FBTF_END
};

static const struct fbtf_param fbtf_kfree[] = {
	{ "object", T_CONST_VOID_PTR },
	FBTF_END
};

static const struct fbtf_param fbtf_dput[] = {
	{ "dentry", T_DENTRY_PTR },
	FBTF_END
};

static const struct fbtf_param fbtf_do_sys_openat2[] = {
	{ "dfd", T_INT }, { "filename", T_CONST_CHAR_PTR },
	{ "how", T_OPEN_HOW_PTR },
	FBTF_END
};

static const struct fbtf_param fbtf_do_filp_open[] = {
	{ "dfd", T_INT }, { "pathname", T_FILENAME_PTR },
	{ "op", T_CONST_OPEN_FLAGS_PTR },
	FBTF_END
};

static const struct fbtf_param fbtf_kernel_clone[] = {
	{ "args", T_KCA_PTR },
	FBTF_END
};

static const struct fbtf_param fbtf_do_exit[] = {
	{ "code", T_LONG },
	FBTF_END
};

static const struct fbtf_param fbtf_fn2[] = {
	{ "count", T_INT },
	FBTF_END
};

static const struct fbtf_param fbtf_security_locked_down[] = {
	{ "what", T_LOCKDOWN_REASON },
	FBTF_END
};

static const struct fbtf_param fbtf_task_work_add[] = {
	{ "task", T_TASK_PTR }, { "work", T_CALLBACK_HEAD_PTR },
	{ "notify", T_TASK_WORK_MODE },
	FBTF_END
};

static const struct fbtf_param fbtf_scalars[] = {
	{ "s8v", T_S8 }, { "u8v", T_U8 }, { "s16v", T_S16 },
	{ "u16v", T_U16 }, { "s32v", T_S32 }, { "u32v", T_U32 },
	{ "s64v", T_S64 }, { "u64v", T_U64 }, { "flag", T_BOOL },
	{ "ch", T_CHAR }, { "wide", T_WIDE_ENUM },
	FBTF_END
};

static const struct fbtf_param fbtf_old_bitfields[] = {
	{ "p", T_OLDBF_PTR }, { "w", T_U24 },
	FBTF_END
};

/* 8 names, 149 bytes with their NULs */
static const struct fbtf_param fbtf_long_names[] = {
	{ "source_address", T_ULONG }, { "destination_address", T_ULONG },
	{ "length_in_bytes", T_SIZE_T }, { "flags_for_the_copy", T_UINT },
	{ "completion_callback", T_CONST_VOID_PTR },
	{ "callback_private_data", T_CONST_VOID_PTR },
	{ "timeout_in_jiffies", T_ULONG }, { "number_of_retries", T_INT },
	FBTF_END
};

static const struct fbtf_func fbtf_funcs[] = {
	{ "vfs_read", T_SSIZE_T, fbtf_vfs_read },
	{ "vfs_write", T_SSIZE_T, fbtf_vfs_read },
	{ "do_exit", T_VOID, fbtf_do_exit },
	{ "fn2", T_INT, fbtf_fn2 },
	{ "kfree", T_VOID, fbtf_kfree },
	{ "schedule", T_VOID },
	{ "ktime_get", T_KTIME_T },
	{ "dput", T_VOID, fbtf_dput },
	{ "do_sys_openat2", T_LONG, fbtf_do_sys_openat2 },
	{ "do_filp_open", T_FILE_PTR, fbtf_do_filp_open },
	{ "kernel_clone", T_PID_T, fbtf_kernel_clone },
	{ "security_locked_down", T_INT, fbtf_security_locked_down },
	{ "task_work_add", T_INT, fbtf_task_work_add },
	{ "tp_btf_scalars", T_U8, fbtf_scalars },
	{ "tp_btf_long_names", T_INT, fbtf_long_names },
	{ "tp_btf_old_bitfields", T_INT, fbtf_old_bitfields },
};

static unsigned int fbtf_nr_params_of(const struct fbtf_func *func)
{
	unsigned int n = 0;

	while (func->params && func->params[n].type != T_VOID)
		n++;
	return n;
}

static const struct fbtf_func *fbtf_func_find(const char *name)
{
	size_t i;

	for (i = 0; name && i < ARRAY_SIZE(fbtf_funcs); i++)
		if (!strcmp(fbtf_funcs[i].name, name))
			return &fbtf_funcs[i];
	return NULL;
}

/* btf_type_skip_modifiers(): typedefs and qualifiers are transparent */
static const struct fbtf_type *fbtf_skip(int *tid)
{
	while (fbtf_types[*tid].kind == FBTF_TYPEDEF ||
	       fbtf_types[*tid].kind == FBTF_CONST)
		*tid = fbtf_types[*tid].ref;
	return &fbtf_types[*tid];
}

static bool fbtf_is_aggr(const struct fbtf_type *t)
{
	return t->kind == FBTF_STRUCT || t->kind == FBTF_UNION;
}

/* &probe_type_ops.resolve over the table */
static int fbtf_resolve(const void *src, u32 *tid, struct probe_type_desc *pt)
{
	static const enum probe_type_kind kinds[] = {
		[FBTF_INT] = PROBE_TYPE_INT,
		[FBTF_PTR] = PROBE_TYPE_PTR,
		[FBTF_ARRAY] = PROBE_TYPE_ARRAY,
		[FBTF_STRUCT] = PROBE_TYPE_STRUCT,
		[FBTF_UNION] = PROBE_TYPE_STRUCT,
		[FBTF_ENUM] = PROBE_TYPE_ENUM,
		[FBTF_ENUM64] = PROBE_TYPE_ENUM64,
		[FBTF_FUNC_PROTO] = PROBE_TYPE_OTHER,
	};
	const struct fbtf_type *t;
	int id = *tid;

	if (id < 0 || id >= T_NR)
		return -ENOENT;
	t = fbtf_skip(&id);
	*tid = id;
	*pt = (struct probe_type_desc){
		.kind = t->kind < ARRAY_SIZE(kinds) ? kinds[t->kind] :
						      PROBE_TYPE_OTHER,
		.ref = t->ref,
		.bits = t->bits,
		.offset = t->offset,
		.is_signed = t->is_signed,
	};
	return 0;
}

/*
 * &probe_type_ops.find_member over the table, as btf_find_struct_member()
 * searches: the named members of @tid, then those of its anonymous struct
 * and union members, taking the one remembered last first (from a stack
 * of 16, as the kernel).  The declaring type's kflag says whether the
 * member's width is a bitfield's.
 */
static int fbtf_find_member(const void *src, u32 tid, const char *name,
			    u32 *bitoffs, u8 *bitsize, u32 *mtid)
{
	struct { int tid; unsigned int offs; } stack[16];
	const struct fbtf_type *t = &fbtf_types[tid];
	unsigned int offs = 0, top = 0;
	const struct fbtf_member *m;
	int id;

	if (!fbtf_is_aggr(t))
		return -EINVAL;
	for (;;) {
		for (m = t->members; m && m->type != T_VOID; m++) {
			id = m->type;
			if (m->name && !strcmp(m->name, name)) {
				*bitoffs += offs + m->bitoffs;
				*bitsize = t->kflag ? m->bitsize : 0;
				*mtid = m->type;
				return 0;
			}
			if (!m->name && fbtf_is_aggr(fbtf_skip(&id)) &&
			    top < ARRAY_SIZE(stack)) {
				stack[top].tid = id;
				stack[top++].offs = offs + m->bitoffs;
			}
		}
		if (!top)
			return -ENOENT;
		top--;
		t = &fbtf_types[stack[top].tid];
		offs = stack[top].offs;
	}
}

/* &probe_type_ops.param over the table: @src is the function */
static const char *fbtf_param(const void *src, unsigned int idx, u32 *tid)
{
	const struct fbtf_func *func = src;

	*tid = func->params[idx].type;
	return func->params[idx].name;
}

static const struct probe_type_ops fbtf_type_ops = {
	.resolve = fbtf_resolve,
	.find_member = fbtf_find_member,
	.param = fbtf_param,
};

/* The prototype of the probed function of @ctx in @f; false: none */
static bool fbtf_func_get(struct probe_parse_ctx *ctx,
			  struct probe_type_func *f)
{
	const struct fbtf_func *func = fbtf_func_find(ctx->funcname);

	if (!func)
		return false;
	*f = (struct probe_type_func){
		.ops = &fbtf_type_ops,
		.src = func,
		.ret = func->ret,
		.nr_params = fbtf_nr_params_of(func),
	};
	return true;
}

/* &probe_btf_ops.find_var: the kernel's walk, over the table */
static int fbtf_find_var(struct probe_parse_ctx *ctx, const char *text,
			 struct probe_btf_var *var)
{
	struct probe_type_func f;

	return probe_type_find_var(fbtf_func_get(ctx, &f) ? &f : NULL, text,
				   var);
}

/* &probe_btf_ops.find_cast: a named struct of the table, then the walk */
static int fbtf_find_cast(struct probe_parse_ctx *ctx,
			  const struct probe_btf_cast *cast,
			  struct probe_btf_var *var)
{
	struct probe_type_func f = { .ops = &fbtf_type_ops };
	u32 tid;

	for (tid = 0; tid < T_NR; tid++)
		if (fbtf_types[tid].name &&
		    !strcmp(fbtf_types[tid].name, cast->name))
			break;
	return probe_type_find_cast(tid < T_NR ? &f : NULL, tid, cast->field,
				    cast->path, var);
}

/* &probe_btf_ops.nr_params */
static int fbtf_nr_params(struct probe_parse_ctx *ctx)
{
	const struct fbtf_func *func = fbtf_func_find(ctx->funcname);

	return func ? fbtf_nr_params_of(func) : -ENOENT;
}

/* &probe_btf_ops.param_name */
static int fbtf_param_name(struct probe_parse_ctx *ctx, unsigned int idx,
			   char *buf, int size)
{
	struct probe_type_func f;

	return probe_type_param_name(fbtf_func_get(ctx, &f) ? &f : NULL, idx,
				     buf, size);
}

static const struct probe_btf_ops fbtf_ops = {
	.find_var = fbtf_find_var,
	.nr_params = fbtf_nr_params,
	.find_cast = fbtf_find_cast,
	.param_name = fbtf_param_name,
};

/* The fake kernel of trace_probe_fake.h, built with BTF */
static const struct trace_kprobe_env fake_btf_env = {
	.count_symbols = fake_count_symbols,
	.on_func_entry = fake_on_func_entry,
	.format_addr = fake_format_addr,
	.btf = &fbtf_ops,
};

static const struct tp_frontend tp_kprobe_btf = {
	.ops		= &trace_kprobe_cmd_ops,
	.env		= &fake_btf_env,
	.same_place	= fake_kprobe_same_place,
	.attach		= fake_kprobe_attach,
};

/* The fake kernel's eprobes, with BTF: typecasts on fields */
static const struct trace_eprobe_env fake_eprobe_btf_env = {
	.get_event	= fake_eprobe_get_event,
	.put_event	= fake_eprobe_put_event,
	.find_field	= fake_eprobe_find_field,
	.check_filter	= fake_eprobe_check_filter,
	.update_arg	= fake_eprobe_update_arg,
	.btf		= &fbtf_ops,
};

static const struct tp_frontend tp_eprobe_btf = {
	.ops	= &trace_eprobe_cmd_ops,
	.env	= &fake_eprobe_btf_env,
};

/* The fake kernel's fprobes, with BTF: patterns type from every function */
static const struct trace_fprobe_env fake_fprobe_btf_env = {
	.find_tracepoint	= fake_fprobe_find_tracepoint,
	.put_module		= fake_fprobe_put_module,
	.count_functions	= fake_fprobe_count_functions,
	.function_names		= fake_fprobe_function_names,
	.modules		= true,
	.btf			= &fbtf_ops,
};

static const struct tp_frontend tp_fprobe_btf = {
	.ops		= &trace_fprobe_cmd_ops,
	.env		= &fake_fprobe_btf_env,
	.same_place	= fake_fprobe_same_place,
	.attach		= fake_fprobe_attach,
};

#endif /* __TRACE_PROBE_FAKE_BTF_H */
