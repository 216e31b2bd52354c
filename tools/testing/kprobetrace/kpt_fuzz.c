// SPDX-License-Identifier: GPL-2.0
/*
 * kpt_fuzz: a seeded fuzzer of probe-event definitions, run in the guest
 *
 *   kpt_fuzz -s SEED -n COUNT [-f FIRST] -o RESULTS
 *   kpt_fuzz -s SEED -n COUNT [-f FIRST] --show
 *
 * Write number IDX (FIRST <= IDX < FIRST + COUNT) is one definition line
 * made from a generator seeded with (SEED, IDX) alone: never from what a
 * kernel answered, so the stock kernel and ours get the same writes and
 * any single write can be made again.  Most lines come from a grammar of
 * the five front ends (kprobe, kretprobe, uprobe, eprobe, fprobe and
 * tprobe heads, deletes, every fetch argument and type, valid or not,
 * upstream 7.3's typecasts, $current and this_cpu_*() among them); some
 * are then mutated (bytes flipped, inserted or cut, tokens doubled or
 * swapped), and a few press on the limits (4094-byte lines, 64-byte
 * names, 128 arguments, 63- and 255-byte argument bodies, 16 fetch
 * operations, 8 nested typecasts).
 *
 * What differs between kernels or boots is written as a placeholder and
 * filled in at write time: {addr:SYM} (SYM's address, from kallsyms),
 * {where:NAME[+N]}, {woffs:NAME} and {path} (this static, non-PIE program
 * as a uprobe place).  --show prints the templates and touches nothing,
 * so it works on the host too.
 *
 * Each write is one write(2) of the line and "\n", appended to
 * kprobe_events, uprobe_events or dynamic_events.  Then:
 *  - rejected: the three listings and the event directories must be as
 *    before, and every error_log entry must name this write;
 *  - accepted: the new event must have its directory and format; it is
 *    enabled, run HITS times by this process only (set_event_pid),
 *    disabled, its records counted (read from trace_pipe, which empties
 *    the buffer without a reset), then deleted, and everything must be as
 *    before again.
 * RESULTS gets one line a write, "IDX<TAB>FILE<TAB>RESULT<TAB>TEMPLATE"
 * (the template escaped: \t \n \\ \xNN), RESULT being one of
 *
 *   reject errno=E log=CARET:MESSAGE by=SUBSYSTEM   (last error_log entry)
 *   reject errno=E log=none
 *   accept [append ]enable=0|E|unsafe hits=RECORDS/HITS|- format=HASH|E
 *          delete=0|E list=HASH [stray=LINES] [log=...]
 *   accept none | accept removed=N     (a blank line; a delete that hit)
 *
 * HITS is from kprobe_profile or uprobe_profile ("-" for other events),
 * and the hashes are of the format file and the listing line.  RESULT must
 * be the same on both kernels, which the host checks.  A broken rule is a
 * "VIOLATION IDX WHAT" line on stdout and in RESULTS, and makes the exit
 * status 1.  Stdout ends with one line
 * "FUZZ writes=N accepted=A rejected=R violations=V seconds=S".
 *
 * Every operation is bounded with alarm(); a worker process does the
 * writes while the parent watches it, so that a write stuck in the
 * kernel for good is still reported and the program still ends.
 *
 * Build: gcc -static -O2 -Wall -Werror, or aarch64-linux-gnu-gcc for arm64
 * (harness/initramfs.sh does).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>

#include "kpt_arch.h"
#include "kpt_where.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
/* One element of array @a, drawn with @r */
#define PICK(r, a)	((a)[rnd(r, sizeof(a) / sizeof((a)[0]))])

/* GCC attributes in the kernel's spellings (compiler_attributes.h) */
#define __attr(x)	__attribute__(x)
#define __printf(a, b)	__attr((format(printf, a, b)))
#define __noreturn	__attr((noreturn))
#define noinline	__attr((noinline))

#define TRACEFS		"/sys/kernel/tracing"
#define DATA_FILE	"/tmp/kpt_fuzz.dat"
/* Seconds one operation may take, and a stuck worker before giving up */
#define BOUND		20
#define WATCHDOG	(3 * BOUND)
/* How many times a trigger runs the probed code */
#define HITS		3
/* Limits of 6.12 (kernel/trace/trace.h, trace_probe.h) */
#define WRITE_BUFSIZE	4096
#define MAX_EVENT_NAME_LEN	64
#define MAX_ARGSTR_LEN	63
/* ... and upstream 7.3's, which kprobetrace follows */
#define MAX_ARGSTR_LEN_73	255
#define MAX_NESTED_73	8
#define MAX_ARG_NAME_LEN	32
#define MAX_TRACE_ARGS	128
/* The event that lives through the whole run, for name clashes */
#define KEEP_EVENT	"fzkeep/keep"
#define KEEP_DEF	"p:fzkeep/keep vfs_write a=" KPT_ARG3 ":u64"

/*
 * The rest of what the architecture decides, beside kpt_arch.h's names:
 * each arm64 word stands where the x86-64 one does, for the same path
 * through the parser (a register, a name like one that is none, an
 * instruction boundary, a member of struct pt_regs, one that is none).
 * Each list is as long on both, so that a seed makes definitions of the
 * same shapes on both (mutations aside: where they cut hangs on lengths).
 */
#ifdef __x86_64__
/* Register names without the '%': valid ones, then bad ones */
#define REGS_OK		"di", "si", "dx", "cx", "ax", "bx", "bp", "sp", \
			"ip", "r8", "r9", "r15", "flags", "orig_ax", "cs", "ss"
#define REGS_BAD	"rax", "xyz", "", "DI", "r16", "eax", "di0", "%di"
/* Boundaries in vfs_read; in vfs_write, the first after ftrace's call */
#define KOFFS_OK	"+5", "+7", "+0xf", "+0x13"
#define KOFF_WRITE	"+5"
/* A function kprobes refuse (noinstr: the int3 handler) */
#define NOPROBE_FUNC	"exc_int3"
/* BTF names at the system call wrappers and sys_enter: struct pt_regs */
#define BTF_GETPPID	"regs", "regs->di", "regs->orig_ax", "regs->nosuch", \
			"regs->ip", "regs.di"
#define BTF_CLONE	"regs", "regs->di", "regs->si", "regs->r8"
#define BTF_SYNC	"regs", "regs->ax"
#define BTF_SYS_ENTER	"regs", "id", "regs->di", "id->x"
/* 64 bytes of instructions (one-byte NOPs) */
#define NOPS_64		".fill 64, 1, 0x90"
#else	/* __aarch64__, the other one kpt_arch.h takes */
/*
 * x31 is one past the last; r0 and w0 are the AArch32 and the 32-bit
 * names; x00 is a valid name and a digit more
 */
#define REGS_OK		"x0", "x1", "x2", "x3", "x8", "x19", "x29", "sp", \
			"pc", "x4", "x5", "x28", "pstate", "x30", "x16", "x18"
#define REGS_BAD	"r0", "xyz", "", "X0", "x31", "w0", "x00", "%x0"
/*
 * A function's patchable entry is two NOPs, the second ftrace's call:
 * arm64 6.12 takes no kprobe there (koffs_bad's +0x4); +8 is the first
 * instruction after it
 */
#define KOFFS_OK	"+8", "+0xc", "+0x10", "+0x14"
#define KOFF_WRITE	"+8"
/* A function kprobes refuse (noinstr: the kernel's exception handler) */
#define NOPROBE_FUNC	"el1h_64_sync_handler"
/*
 * orig_x0 is the system call's first argument and syscallno its number,
 * as di and orig_ax on x86-64; sp, pc and pstate are in an anonymous
 * union (regs[31] is not addressable)
 */
#define BTF_GETPPID	"regs", "regs->orig_x0", "regs->syscallno", \
			"regs->nosuch", "regs->pc", "regs.orig_x0"
#define BTF_CLONE	"regs", "regs->orig_x0", "regs->sp", "regs->pstate"
#define BTF_SYNC	"regs", "regs->orig_x0"
#define BTF_SYS_ENTER	"regs", "id", "regs->orig_x0", "id->x"
/* 64 bytes of instructions (16 NOPs of 4 bytes) */
#define NOPS_64		".rept 16; nop; .endr"
#endif

/* --- strings ----------------------------------------------------------- */

/* A growable string; always NUL-terminated once anything was added */
struct str {
	char *s;
	size_t len, cap;
};

static void str_add(struct str *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = realloc(b->s, b->cap);
		if (!b->s)
			err(2, "realloc");
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void str_puts(struct str *b, const char *s)
{
	str_add(b, s, strlen(s));
}

static void str_putc(struct str *b, char c)
{
	str_add(b, &c, 1);
}

static void str_reset(struct str *b)
{
	b->len = 0;
	str_add(b, "", 0);
}

__printf(2, 3)
static void str_printf(struct str *b, const char *fmt, ...)
{
	char tmp[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n > 0)
		str_add(b, tmp, (size_t)n < sizeof(tmp) ? (size_t)n :
			sizeof(tmp) - 1);
}

/* Append @s so that it stays on one line: \t \n \\ and \xNN */
static void str_escape(struct str *b, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char c = s[i];

		if (c == '\t')
			str_puts(b, "\\t");
		else if (c == '\n')
			str_puts(b, "\\n");
		else if (c == '\\')
			str_puts(b, "\\\\");
		else if (c < 0x20 || c >= 0x7f)
			str_printf(b, "\\x%02x", c);
		else
			str_putc(b, c);
	}
}

/* --- the generator's random numbers ------------------------------------ */

struct rng {
	uint64_t s;
};

/* splitmix64 */
static uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Write @idx of run @seed depends on nothing else */
static void rng_init(struct rng *r, uint64_t seed, long idx)
{
	r->s = seed * 0xd1342543de82ef95ULL + (uint64_t)idx;
	rng_next(r);
}

static unsigned int rnd(struct rng *r, unsigned int n)
{
	return n ? rng_next(r) % n : 0;
}

static bool chance(struct rng *r, unsigned int percent)
{
	return rnd(r, 100) < percent;
}

/* --- what a definition is ---------------------------------------------- */

/* How an accepted event is made to fire, HITS times, by this process */
enum trig {
	T_NONE, T_READ, T_WRITE, T_OPEN, T_GETPPID, T_FORK, T_SYNC,
	T_UCALL1, T_UCALL2,
};

enum ctl { F_KPROBE, F_UPROBE, F_DYN };

static const char * const ctl_name[] = {
	[F_KPROBE] = "kprobe_events",
	[F_UPROBE] = "uprobe_events",
	[F_DYN] = "dynamic_events",
};

struct def {
	enum ctl file;
	enum trig trig;
	bool shared;		/* its function runs in other tasks too */
	struct str text;	/* the template, without "\n" */
};

/* Where a fetch argument is parsed: decides which bodies make sense */
enum site {
	S_KENTRY, S_KRET, S_KMID, S_UPROBE, S_URET, S_EPROBE, S_FENTRY,
	S_FRET, S_TPROBE, S_NR,
};

/*
 * A kernel function to probe, what runs it, and BTF names at its entry.
 * @shared: kernel threads run it too, when they please (kthreadd forks
 * kworkers): its hit count is not the trigger's alone.
 */
struct ktarget {
	const char *sym;
	enum trig trig;
	const char *btf[8];	/* the first is a parameter */
	bool shared;
};

static const struct ktarget ktargets[] = {
	{ "vfs_read", T_READ, { "file", "buf", "count", "pos",
	  "file->f_mode", "file->f_path.dentry->d_name.name",
	  "file->f_inode->i_ino", "file->nosuch" } },
	{ "vfs_write", T_WRITE, { "file", "buf", "count", "pos",
	  "file->f_flags", "count->x", "file-f_mode", "file.f_mode" } },
	{ "do_sys_openat2", T_OPEN, { "dfd", "filename", "how",
	  "how->flags", "how->mode", "how->resolve", "how->nosuch",
	  "dfd->x" } },
	{ KPT_SYS "getppid", T_GETPPID, { BTF_GETPPID } },
	{ KPT_SYS "clone", T_FORK, { BTF_CLONE } },
	{ "kernel_clone", T_FORK, { "args", "args->flags",
	  "args->exit_signal", "args->stack_size", "args->nosuch" }, true },
	{ KPT_SYS "sync", T_SYNC, { BTF_SYNC } },
	{ "fput", T_OPEN, { "file", "file->f_mode", "file->f_op",
	  "file->f_path.dentry" } },
};

/* An event an eprobe attaches to, what runs it, and its fields */
struct etarget {
	const char *name;
	enum trig trig;
	const char *fields[7];	/* the first two are valid */
	const char *filter;	/* a valid filter for an eprobe on it */
};

static const struct etarget etargets[] = {
	{ "sched.sched_process_fork", T_FORK, { "parent_pid", "child_pid",
	  "parent_comm", "child_comm", "nosuch", "common_pid" },
	  "if parent_pid > 0" },
	{ "syscalls.sys_enter_openat", T_OPEN, { "dfd", "filename",
	  "flags", "mode", "__syscall_nr", "nosuch" }, "if dfd == -100" },
	{ "sched/sched_process_fork", T_FORK, { "parent_pid", "child_pid",
	  "child_comm" } },
	{ "syscalls.sys_enter_getppid", T_GETPPID, { "__syscall_nr",
	  "nosuch" } },
	{ "fzkeep.keep", T_WRITE, { "a", "__probe_ip", "b" }, "if a != 0" },
	{ "nosuch.event", T_NONE, { "a" } },
	{ "sched.nosuch", T_NONE, { "a" } },
	{ "sched", T_NONE, { "a" } },
	{ "sched.sched_process_fork.x", T_NONE, { "a" } },
};

/* Tracepoints for t: and their BTF parameters */
static const struct etarget ttargets[] = {
	{ "sched_process_fork", T_FORK, { "parent", "child",
	  "parent->pid", "child->comm", "child->nosuch", "$arg3" } },
	{ "sys_enter", T_GETPPID, { BTF_SYS_ENTER } },
	{ "sys_exit", T_GETPPID, { "regs", "ret" } },
	{ "no_such_tracepoint", T_NONE, { "a" } },
	{ "sched.sched_process_fork", T_NONE, { "a" } },
	{ "sched_process_fork%return", T_NONE, { "a" } },
	{ "1sched", T_NONE, { "a" } },
};

/* Generation state of one definition */
struct gen {
	struct rng r;
	struct def *d;
	long idx;
	enum site site;
	const struct ktarget *kt;	/* the probed function, if any */
	const struct etarget *et;	/* the attached event, if any */
	bool clean;			/* valid pieces only */
};

/* --- generator: pieces ------------------------------------------------- */

static void str_insert(struct str *b, size_t pos, const char *s, size_t n)
{
	size_t tail = b->len - pos;

	str_add(b, s, n);	/* grows the buffer; the bytes move below */
	memmove(b->s + pos + n, b->s + pos, tail);
	memcpy(b->s + pos, s, n);
}

static void str_delete(struct str *b, size_t pos, size_t n)
{
	if (pos > b->len)
		return;
	if (n > b->len - pos)
		n = b->len - pos;
	memmove(b->s + pos, b->s + pos + n, b->len - pos - n);
	b->len -= n;
	b->s[b->len] = '\0';
}

/* A name of exactly @len characters that starts with @lead and holds idx */
static void put_long_name(struct gen *g, char lead, int len)
{
	char name[128];
	int n = snprintf(name, sizeof(name), "%c%ld_", lead, g->idx);

	while (n < len && n < (int)sizeof(name) - 1)
		name[n++] = 'x';
	name[n] = '\0';
	str_puts(&g->d->text, name);
}

/* Event name forms that are odd, wrong or clash (a %ld is the index) */
static const char * const name_forms[] = {
	":", ":/e%ld", ":fz//e%ld", ":1fz/e%ld", ":fz/1e%ld", ":f-z/e%ld",
	":-fz/e%ld", ":fz/e-%ld", ":fz/e.%ld", ":fz.e.%ld", ":_/_%ld",
	":fz/e%ld/x", ":fz e%ld", ":fz/e%ld:", "::fz/e%ld", ":fz/%%e%ld",
	":FZ/E%ld", ":fz/e%ld\xa0", ":fz/\xc3\xa9%ld", ":fz/e%ld*",
	":sched/sched_process_fork", ":syscalls/sys_enter_openat",
	":" KEEP_EVENT, ":fzkeep/e%ld", ":fz.", ":.e%ld", ":fz/ e%ld",
};

/* ":GRP/EVENT" after the type letter: mostly fz/e<idx>, unique per write */
static void gen_name(struct gen *g)
{
	struct str *t = &g->d->text;
	unsigned int k = rnd(&g->r, g->clean ? 77 : 100);

	if (k < 55) {
		str_printf(t, ":fz/e%ld", g->idx);
	} else if (k < 62) {
		str_printf(t, ":fz.e%ld", g->idx);
	} else if (k < 67) {
		str_printf(t, ":e%ld", g->idx);
	} else if (k < 72) {
		str_puts(t, ":fz/");
	} else if (k < 77) {
		/* no name: the default group and an automatic name */
	} else if (k < 83) {
		/* around MAX_EVENT_NAME_LEN - 1 for the event or group */
		if (chance(&g->r, 50)) {
			str_puts(t, ":fz/");
			put_long_name(g, 'e', 61 + rnd(&g->r, 6));
		} else {
			str_putc(t, ':');
			put_long_name(g, 'g', 61 + rnd(&g->r, 6));
			str_printf(t, "/e%ld", g->idx);
		}
	} else {
		str_printf(t, PICK(&g->r, name_forms), g->idx);
	}
}

static const char * const maxactives[] = {
	"1", "4", "16", "4096", "0x10", "4097", "0", "1x", "99999999999",
	"010", "-1", "0x1000", "1:",
};

/* kretprobe (and fprobe) MAXACTIVE; on a p probe it is an error */
static void gen_maxactive(struct gen *g, bool ret)
{
	if (!chance(&g->r, ret ? 25 : g->clean ? 0 : 3))
		return;
	/* the first four are valid */
	str_puts(&g->d->text, maxactives[rnd(&g->r, g->clean ? 4 :
					     ARRAY_SIZE(maxactives))]);
}

/* Offsets in vfs_read: instruction boundaries, then not (on either) */
static const char * const koffs_ok[] = { KOFFS_OK };
static const char * const koffs_bad[] = {
	"+1", "+3", "-1", "+4294967296", "+0x", "+abc", "+99999", "+0x4",
	"+00", "+-0", "++0", "+0+0",
};

static const char * const kplaces_bad[] = {
	"no_such_function", "name_show", NOPROBE_FUNC, "jiffies",
	"nosuchmod:vfs_read", "vmlinux:vfs_read", ":vfs_read", "0", "0x0",
	"0xffffffffffffffff", "{addr:jiffies}", "%return", "vfs_read%ret",
	"vfs_read%returnx", "vfs_read+0%return", "vfs_read%return+0",
	"vfs_read+5%return", "VFS_READ", "vfs_read.", "{addr:vfs_read}+4",
	"{addr:vfs_read}%return", "vfs_read,", "vfs_read/x:1",
	"nosuchmod:no_such_function",
};

/* The probed place of a kprobe: symbol[+offs][%return] or an address */
static void gen_kplace(struct gen *g, bool ret)
{
	struct str *t = &g->d->text;
	unsigned int k = rnd(&g->r, g->clean ? 86 : 100);
	unsigned int o = rnd(&g->r, g->clean ? 27 : 100);

	if (k < 74) {
		str_puts(t, g->kt->sym);
		if (o < 15) {
			str_puts(t, "+0");
		} else if (o < 27 && g->kt == &ktargets[0]) {
			str_puts(t, PICK(&g->r, koffs_ok));
			if (!ret)
				g->site = S_KMID;
		} else if (o < 35) {
			str_puts(t, PICK(&g->r, koffs_bad));
		}
		if (!ret && chance(&g->r, 10)) {
			str_puts(t, "%return");
			g->site = S_KRET;
		}
	} else if (k < 86) {
		str_printf(t, "{addr:%s}", g->kt->sym);
		if (!ret)
			g->site = S_KMID;
	} else {
		str_puts(t, PICK(&g->r, kplaces_bad));
		g->d->trig = T_NONE;
	}
}

static const char * const uplaces_bad[] = {
	"/no/such/file:0x10", "/tmp:0x10", "{path}:0x10(0x20",
	"{path}:0x10(0x20)x", "{path}:0x10(zz)", "{where:fuzz_target_1}%ret",
	"{path}:1x", "/bin/busybox:0x100", "{path}:0xffffffffff",
	"{path}:0x0", "{path}:{woffs:fuzz_global}",
	"/proc/self/exe:{woffs:fuzz_target_1}",
	"{where:fuzz_target_1}(0x10)", "{path}:", "{path}:0x10()",
	"{where:fuzz_target_1}({woffs:fuzz_global})",
	"/bin/busybox:0x100(0x8)", "{path}:0x10%return(0x8)",
	"relative/path:0x10", "{path}::0x10", "{path}:0x10:0x20",
	"/bin/busybox:0x100%return", "{where:fuzz_target_1}(-1)",
	"{path}:99999999999999999999",
};

/* The probed place of a uprobe: PATH:OFFSET[(REF_CTR_OFFSET)][%return] */
static void gen_uplace(struct gen *g)
{
	struct str *t = &g->d->text;
	unsigned int k = rnd(&g->r, g->clean ? 81 : 100);

	g->d->trig = T_UCALL1;
	if (k < 40) {
		str_puts(t, "{where:fuzz_target_1}");
	} else if (k < 55) {
		str_puts(t, "{where:fuzz_target_2}");
		g->d->trig = T_UCALL2;
	} else if (k < 63) {
		str_printf(t, "{where:fuzz_never+%u}", rnd(&g->r, 65));
		g->d->trig = T_NONE;
	} else if (k < 70) {
		str_puts(t, "{path}:{woffs:fuzz_target_1}");
	} else if (k < 75) {
		str_puts(t, "{where:fuzz_target_1}({woffs:fuzz_semaphore})");
	} else if (k < 81) {
		str_puts(t, "{where:fuzz_target_2}%return");
		g->d->trig = T_UCALL2;
		g->site = S_URET;
	} else {
		str_puts(t, PICK(&g->r, uplaces_bad));
		g->d->trig = T_NONE;
	}
}

/* --- generator: fetch arguments ---------------------------------------- */

enum body {
	B_REG, B_STACK, B_RETVAL, B_COMM, B_ARGN, B_BADVAR, B_IMM, B_IMMSTR,
	B_MEM, B_UMEM, B_DEREF, B_BTF, B_FIELD, B_JUNK, B_CAST, B_NR,
};

/*
 * How likely each kind of body is at each site, valid there or not.
 * "cast" is upstream 7.3's grammar (a typecast, $current, this_cpu_*()),
 * which 6.12 refuses and kprobetrace takes on kernel probes.
 */
static const unsigned char body_weight[S_NR][B_NR] = {
	/*            reg stk ret comm arg bad imm str mem umem deref btf fld junk cast */
	[S_KENTRY] = { 14, 8, 1, 5, 12, 2, 5, 3, 8, 1, 15, 16, 1, 2, 10 },
	[S_KRET] = { 10, 5, 16, 5, 10, 2, 4, 3, 6, 1, 14, 12, 1, 2, 8 },
	[S_KMID] = { 20, 10, 2, 5, 6, 2, 5, 3, 10, 1, 18, 6, 1, 2, 8 },
	[S_UPROBE] = { 20, 8, 2, 6, 6, 2, 6, 4, 4, 10, 18, 2, 1, 2, 3 },
	[S_URET] = { 14, 6, 16, 6, 4, 2, 5, 4, 4, 8, 16, 2, 1, 2, 2 },
	[S_EPROBE] = { 3, 3, 2, 6, 3, 3, 5, 4, 5, 1, 14, 3, 40, 2, 8 },
	[S_FENTRY] = { 4, 8, 2, 5, 18, 2, 5, 3, 6, 1, 14, 20, 1, 2, 10 },
	[S_FRET] = { 4, 6, 16, 5, 14, 2, 4, 3, 5, 1, 12, 16, 1, 2, 8 },
	[S_TPROBE] = { 4, 6, 3, 5, 14, 2, 5, 3, 5, 1, 12, 22, 1, 2, 10 },
};

static const char * const regs_ok[] = { REGS_OK };

static const char * const regs_bad[] = { REGS_BAD };

static const char * const stacks[] = {
	"$stack", "$stack0", "$stack1", "$stack3", "$stack99999", "$stackx",
	"$stack-1", "$stack512", "$stack01", "$STACK", "$stack0x1",
};

static const char * const retvals[] = {
	"$retval", "$retval", "$retval", "$retval->x", "$retvalx",
	"$RETVAL", "$retval.x",
};

static const char * const comms[] = {
	"$comm", "$comm", "$COMM", "$Comm", "$comm->x", "$comm2",
};

static const char * const argns[] = {
	"$arg1", "$arg2", "$arg3", "$arg4", "$arg0", "$arg9", "$arg99",
	"$arg*", "$argx", "$args", "$arg01", "$arg1->f_mode",
	"$arg1->nosuch", "$arg2->x", "$arg3->flags",
};

static const char * const badvars[] = {
	"$foo", "$current", "$", "$$", "$1", "$argv", "$retv", "$stack$",
};

static const char * const imms[] = {
	"\\1", "\\0x10", "\\-5", "\\+7", "\\abc", "\\",
	"\\0xffffffffffffffff", "\\99999999999999999999", "\\1.5",
};

static const char * const immstrs[] = {
	"\\\"kpt\"", "\\\"\"", "\\\"unclosed", "\\\"a\"b", "\\\"x\"\"",
};

static const char * const mems[] = {
	"@{addr:jiffies}", "@0x10", "@0", "@jiffies", "@jiffies+8",
	"@jiffies-8", "@no_such_symbol", "@+0x10", "@", "@{addr:vfs_read}",
	"@vfs_read", "@jiffies+x", "@1x",
};

static const char * const umems[] = {
	"@+{woffs:fuzz_global}", "@+{woffs:fuzz_global}", "@fuzz_global",
	"@+0x0", "@+", "@+x", "@+{woffs:fuzz_target_1}",
};

/*
 * Upstream 7.3's forms.  A typecast is "(TYPE)VALUE PATH": the types,
 * container_of ones ("STRUCT,MEMBER") among them, and the member paths
 * are drawn apart, so that most pairs do not fit (TYPECAST_*, member not
 * found) and some do.  Per-CPU symbols exist on every architecture.
 */
static const char * const cast_types[] = {
	"file", "file", "dentry", "path", "task_struct", "inode", "rq",
	"nosuch_struct", "file,f_path", "file,f_path.dentry", "file,f_mode",
	"file,f_path->dentry", "file,nosuch", "task_struct,pid", "", "file,",
	"struct file", "file,f_path.",
};

static const char * const cast_paths[] = {
	"->f_mode", "->f_mode", "->f_path.dentry->d_name.name", "->pid",
	"->comm", "->d_name.name", "->f_inode->i_ino", "->nosuch", "", "->",
	".f_mode", "->f_pos", "->cpu", "->dentry",
};

/* Simple values a typecast applies to, beside the site's BTF names */
static const char * const cast_values[] = {
	KPT_ARG1, "$arg1", "$stack0", "$retval", "$current", "@jiffies",
	"@jiffies+8", "\\0x10", "$comm",
};

static const char * const current_paths[] = {
	"", "->pid", "->pid", "->tgid", "->comm", "->real_parent->pid",
	"->nosuch", ".pid", "->mm->", "->flags", "->comm:string",
};

static const char * const percpu_funcs[] = {
	"this_cpu_read", "this_cpu_read", "this_cpu_ptr", "this_cpu_foo",
	"this_cpu_read ",
};

static const char * const percpu_args[] = {
	"@process_counts", "@process_counts", "@runqueues",
	"@{addr:process_counts}", "@jiffies", "@no_such_symbol", "",
	"@process_counts+8",
};

static const char * const deref_signs[] = { "+", "-", "+u", "-u" };
static const char * const deref_offs[] = {
	"0", "0", "8", "16", "0x10", "4096", "0x7fffffff", "x", "",
	"99999999999999999999",
};

static const char * const junk_chars = "%$@+-:()[]{}=\\\"'.,/*&|!<>^~`_aZ09";

/* Valid bodies (and types) at each site, for clean definitions */
static const char * const clean_kernel[] = {
	KPT_ARG1, KPT_ARG2, KPT_ARG3 ":u32", KPT_RET, KPT_SP, KPT_IP,
	"$stack", "$stack0", "$stack2:s16", "$comm", "$comm:string",
	"+0(" KPT_ARG1 "):u8", "+8(" KPT_SP "):x64", "@jiffies",
	"@{addr:jiffies}:u32", "\\1", "\\0x10:u16", "\\\"kpt\":string",
	"+0($stack):u64", "-8(+16(" KPT_ARG2 ")):s32", KPT_ARG1 ":b4@2/32",
	"+0(" KPT_SP "):u8[4]", KPT_ARG2 ":symbol", "$stack0:symstr",
	"+0(" KPT_ARG2 "):string", "+u0(" KPT_ARG2 "):ustring",
	"@jiffies+8:x8", "+0(+0(" KPT_ARG1 ")):char", "$current->pid",
	"$current->comm:string", "this_cpu_read(@process_counts):u64",
};

static const char * const clean_entry[] = {
	"$arg1", "$arg2:u32", "$arg1:x16", "+0($arg1):u64", "$arg*",
	"$arg2:%pd", "$arg1:%pD", "(file)$arg1->f_mode",
	"(rq)this_cpu_ptr(@runqueues)->cpu",
};

static const char * const clean_ret[] = {
	"$retval", "$retval:s32", "$retval:x8", "$arg1", "+0($stack):u8",
};

static const char * const clean_fprobe[] = {
	"$stack", "$stack0", "$comm", "+0($stack):u64", "@jiffies",
	"\\7", "$arg1", "$arg2:u32", "+8($arg1):x32", "$current->tgid",
	"(file,f_path)$arg1->f_pos",
};

static const char * const clean_user[] = {
	KPT_ARG1, KPT_ARG2 ":s32", KPT_ARG3 ":x64", KPT_RET, "$stack",
	"$stack0", "$comm", "+0(" KPT_ARG3 "):ustring",
	"+u0(" KPT_ARG3 "):string", "+0(" KPT_ARG3 "):string",
	"@+{woffs:fuzz_global}:u32", "\\7", KPT_SP ":x64",
	"+0(" KPT_SP "):u64", "+0(" KPT_ARG3 "):u8[4]", KPT_ARG1 ":b3@1/8",
};

static const char * const clean_uret[] = {
	"$retval", "$retval:s16", KPT_RET, "$comm",
};

static const char * const clean_event[] = {
	"$comm", "\\1", "\\\"kpt\":string",
};

/* One valid body for @g's site: plain, then the site's own kind */
static void gen_clean_body(struct gen *g)
{
	const struct etarget *et = g->et;
	const char *b;

	switch (g->site) {
	case S_KENTRY:
		b = chance(&g->r, 25) ? PICK(&g->r, clean_entry) :
		    chance(&g->r, 25) ? g->kt->btf[0] :
		    PICK(&g->r, clean_kernel);
		break;
	case S_KRET:
		b = chance(&g->r, 40) ? PICK(&g->r, clean_ret) :
		    PICK(&g->r, clean_kernel);
		break;
	case S_KMID:
		b = PICK(&g->r, clean_kernel);
		break;
	case S_FENTRY:
	case S_FRET:
		b = g->site == S_FRET && chance(&g->r, 40) ? "$retval" :
		    chance(&g->r, 30) ? g->kt->btf[0] :
		    PICK(&g->r, clean_fprobe);
		break;
	case S_UPROBE:
		b = PICK(&g->r, clean_user);
		break;
	case S_URET:
		b = chance(&g->r, 40) ? PICK(&g->r, clean_uret) :
		    PICK(&g->r, clean_user);
		break;
	default:
		/* eprobe fields are $NAME, tracepoint parameters bare */
		if (chance(&g->r, 70) && et && et->fields[0]) {
			b = et->fields[rnd(&g->r, et->fields[1] ? 2 : 1)];
			if (g->site == S_EPROBE)
				str_putc(&g->d->text, '$');
		} else {
			b = PICK(&g->r, clean_event);
		}
		break;
	}
	str_puts(&g->d->text, b);
}

static void gen_body(struct gen *g, int depth);

/* +|-[u]OFFS(FETCHARG), now and then without a brace */
static void gen_deref(struct gen *g, int depth)
{
	struct str *t = &g->d->text;
	unsigned int k = rnd(&g->r, 100);

	str_puts(t, PICK(&g->r, deref_signs));
	str_puts(t, PICK(&g->r, deref_offs));
	if (k < 4) {
		str_puts(t, KPT_ARG1);
		return;
	}
	str_putc(t, '(');
	gen_body(g, depth + 1);
	if (k >= 8)
		str_putc(t, ')');
}

/* One of the names in a NULL-ended table of at most @n, or @fallback */
static const char *pick_name(struct gen *g, const char * const *tab,
			     size_t n, const char *fallback)
{
	size_t have = 0;

	while (have < n && tab[have])
		have++;
	return have ? tab[rnd(&g->r, have)] : fallback;
}

static void gen_btf(struct gen *g)
{
	const char *name = "file";

	if (g->kt)
		name = pick_name(g, g->kt->btf, ARRAY_SIZE(g->kt->btf), name);
	else if (g->et && g->site == S_TPROBE)
		name = pick_name(g, g->et->fields, ARRAY_SIZE(g->et->fields),
				 name);
	str_puts(&g->d->text, name);
}

/* An eprobe's event field, as $field or bare */
static void gen_field(struct gen *g)
{
	const char *name = "parent_pid";

	if (g->et && g->site == S_EPROBE)
		name = pick_name(g, g->et->fields, ARRAY_SIZE(g->et->fields),
				 name);
	if (chance(&g->r, 80))
		str_putc(&g->d->text, '$');
	str_puts(&g->d->text, name);
}

static void gen_junk(struct gen *g)
{
	unsigned int n = 1 + rnd(&g->r, 8);

	while (n--)
		str_putc(&g->d->text,
			 junk_chars[rnd(&g->r, strlen(junk_chars))]);
}

/* The value a typecast or this_cpu_*() applies to */
static void gen_cast_value(struct gen *g, int depth)
{
	struct str *t = &g->d->text;
	unsigned int k = rnd(&g->r, 100);

	if (k < 30 && depth < 3) {
		/* "(FETCHARG)", 7.3's way to cast any fetch argument */
		str_putc(t, '(');
		gen_body(g, depth + 1);
		str_putc(t, ')');
	} else if (k < 60) {
		if (g->site == S_EPROBE)
			gen_field(g);
		else
			gen_btf(g);
	} else {
		str_puts(t, PICK(&g->r, cast_values));
	}
}

/* A body of upstream 7.3's grammar: $current, this_cpu_*(), a typecast */
static void gen_cast(struct gen *g, int depth)
{
	struct str *t = &g->d->text;
	unsigned int k = rnd(&g->r, 100);

	if (k < 20) {
		str_puts(t, "$current");
		str_puts(t, PICK(&g->r, current_paths));
		return;
	}
	if (k < 40) {
		str_puts(t, PICK(&g->r, percpu_funcs));
		str_putc(t, '(');
		if (chance(&g->r, 70) || depth >= 3)
			str_puts(t, PICK(&g->r, percpu_args));
		else
			gen_body(g, depth + 1);
		if (chance(&g->r, 95))
			str_putc(t, ')');
		return;
	}
	str_putc(t, '(');
	str_puts(t, PICK(&g->r, cast_types));
	if (chance(&g->r, 97))
		str_putc(t, ')');
	gen_cast_value(g, depth);
	str_puts(t, PICK(&g->r, cast_paths));
}

/* The bodies that are one word of a list */
static const struct {
	const char * const *words;
	unsigned int n;
} body_words[B_NR] = {
	[B_STACK] = { stacks, ARRAY_SIZE(stacks) },
	[B_RETVAL] = { retvals, ARRAY_SIZE(retvals) },
	[B_COMM] = { comms, ARRAY_SIZE(comms) },
	[B_ARGN] = { argns, ARRAY_SIZE(argns) },
	[B_BADVAR] = { badvars, ARRAY_SIZE(badvars) },
	[B_IMM] = { imms, ARRAY_SIZE(imms) },
	[B_IMMSTR] = { immstrs, ARRAY_SIZE(immstrs) },
	[B_MEM] = { mems, ARRAY_SIZE(mems) },
	[B_UMEM] = { umems, ARRAY_SIZE(umems) },
};

static enum body pick_body(struct gen *g, int depth)
{
	const unsigned char *w = body_weight[g->site];
	unsigned int total = 0, k, i;

	for (i = 0; i < B_NR; i++)
		total += w[i];
	k = rnd(&g->r, total);
	for (i = 0; i < B_NR; i++) {
		if (k < w[i])
			break;
		k -= w[i];
	}
	/* deep enough: no more nesting (the limits test goes deeper) */
	if ((i == B_DEREF || i == B_CAST) && depth > 2)
		i = B_REG;
	return i;
}

static void gen_body(struct gen *g, int depth)
{
	struct str *t = &g->d->text;

	enum body b = pick_body(g, depth);

	switch (b) {
	case B_REG:
		str_putc(t, '%');
		str_puts(t, chance(&g->r, 85) ? PICK(&g->r, regs_ok) :
			 PICK(&g->r, regs_bad));
		break;
	case B_DEREF:
		gen_deref(g, depth);
		break;
	case B_BTF:
		gen_btf(g);
		break;
	case B_FIELD:
		gen_field(g);
		break;
	case B_JUNK:
		gen_junk(g);
		break;
	case B_CAST:
		gen_cast(g, depth);
		break;
	default:	/* a word from the body's list */
		str_puts(t, body_words[b].words[rnd(&g->r, body_words[b].n)]);
		break;
	}
}

static const char * const num_types[] = {
	"u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "x8", "x16",
	"x32", "x64", "char", "symbol", "b4@2/32", "b1@0/8", "b8@56/64",
	"b16@0/16", "u8[4]", "u32[2]", "x64[64]", "char[8]", "s16[3]",
	"u8[1]",
};

static const char * const str_types[] = {
	"string", "string", "ustring", "symstr", "%pd", "%pD", "string[2]",
	"ustring[1]",
};

static const char * const bad_types[] = {
	"foo", "", "u128", "b0@0/8", "b9@0/8", "b4@30/32", "bx@2/32",
	"u8[65]", "u8[0]", "u8[", "u8[2]x", "string[]", "%px", "S8",
	"u8[-1]", "b4@2/24", "b4@2", "b4", "u8]", "x64:u8",
};

/* ":TYPE" after a body, if any; strings mostly after a memory fetch */
static void gen_type(struct gen *g, const char *body)
{
	struct str *t = &g->d->text;
	bool mem = strchr("+-@\\", body[0]) || !strncmp(body, "$comm", 5) ||
		   g->site == S_EPROBE;

	if (chance(&g->r, 50))
		return;
	str_putc(t, ':');
	if (mem && chance(&g->r, 40))
		str_puts(t, PICK(&g->r, str_types));
	else if (chance(&g->r, 82))
		str_puts(t, PICK(&g->r, num_types));
	else if (chance(&g->r, 50))
		str_puts(t, PICK(&g->r, str_types));
	else
		str_puts(t, PICK(&g->r, bad_types));
}

static const char * const bad_argnames[] = {
	"1a", "a-b", "", "common_pid", "__probe_ip", "__probe_func", "a.b",
	"\xc3\xa9", "a0", "__probe_ret_ip", "common_type", "$a",
};

/* [NAME=]BODY[:TYPE] */
static void gen_arg(struct gen *g, int i)
{
	struct str *t = &g->d->text;
	unsigned int k = rnd(&g->r, 100);
	size_t start;

	if (g->clean) {
		if (k < 60)
			str_printf(t, "a%d=", i);
		gen_clean_body(g);
		return;
	}
	if (k < 55)
		str_printf(t, "a%d=", i);
	else if (k < 59)
		str_printf(t, "%s=", PICK(&g->r, bad_argnames));
	if (k >= 59 && k < 61) {
		/* around MAX_ARG_NAME_LEN */
		put_long_name(g, 'n', 31 + rnd(&g->r, 4));
		str_putc(t, '=');
	}
	start = t->len;
	gen_body(g, 0);
	gen_type(g, t->s + start);
}

static void gen_args(struct gen *g)
{
	unsigned int k = rnd(&g->r, g->clean ? 82 : 100), n, i;

	if (k < 22)
		n = 0;
	else if (k < 82)
		n = 1 + rnd(&g->r, 3);
	else if (k < 97)
		n = 4 + rnd(&g->r, 5);
	else
		n = 9 + rnd(&g->r, 12);
	for (i = 0; i < n; i++) {
		str_putc(&g->d->text, ' ');
		gen_arg(g, i);
	}
}

/* --- generator: definitions -------------------------------------------- */

/* Which control file a definition goes to, by what it is */
enum kind { K_KPROBE, K_UPROBE, K_OTHER, K_DELETE };

static enum kind gen_kprobe(struct gen *g, bool ret)
{
	struct str *t = &g->d->text;

	g->kt = &PICK(&g->r, ktargets);
	g->d->trig = g->kt->trig;
	g->d->shared = g->kt->shared;
	g->site = ret ? S_KRET : S_KENTRY;
	str_putc(t, ret ? 'r' : 'p');
	gen_maxactive(g, ret);
	gen_name(g);
	str_putc(t, ' ');
	gen_kplace(g, ret);
	gen_args(g);
	return K_KPROBE;
}

static enum kind gen_uprobe(struct gen *g, bool ret)
{
	struct str *t = &g->d->text;

	g->site = ret ? S_URET : S_UPROBE;
	str_putc(t, ret ? 'r' : 'p');
	gen_name(g);
	str_putc(t, ' ');
	gen_uplace(g);
	gen_args(g);
	return K_UPROBE;
}

static const char * const filters[] = {
	"if parent_pid > 0", "if child_pid != 0 && parent_pid > 1",
	"if dfd == -100", "if flags & 1", "if common_pid > 0", "if a > 0",
	"if", "if nosuch == 1", "if parent_pid >",
	"if parent_comm == \"kpt_fuzz\"", "if filename ~ \"*kpt*\"",
	"if (dfd == 1", "if dfd == 1 if", "if parent_pid > 0 || )",
	"if dfd == -100 && mode == 0", "if __syscall_nr != 0",
};

/* e[:[EGRP/][EEVENT]] GRP.EVENT [FETCHARGS] [if FILTER] */
static enum kind gen_eprobe(struct gen *g)
{
	struct str *t = &g->d->text;

	if (g->clean)
		g->et = &etargets[chance(&g->r, 80) ? rnd(&g->r, 2) : 4];
	else if (chance(&g->r, 60))
		g->et = &etargets[rnd(&g->r, 2)];
	else
		g->et = &PICK(&g->r, etargets);
	g->d->trig = g->et->trig;
	g->site = S_EPROBE;
	str_putc(t, 'e');
	gen_name(g);
	str_putc(t, ' ');
	str_puts(t, g->et->name);
	gen_args(g);
	if (chance(&g->r, 25)) {
		str_putc(t, ' ');
		str_puts(t, g->clean ? g->et->filter : PICK(&g->r, filters));
	}
	return K_OTHER;
}

static const char * const fplaces_bad[] = {
	"no_such_function", "vfs_read+4", "vfs_read%ret",
	"nosuchmod:vfs_read", "name_show", "jiffies", "{addr:vfs_read}",
	"vfs_read%return%return", NOPROBE_FUNC, "vfs_read+0",
};

/* f[MAXACTIVE][:[GRP/][EVENT]] [MOD:]SYM[%return] [FETCHARGS] */
static enum kind gen_fprobe(struct gen *g)
{
	struct str *t = &g->d->text;
	bool ret = chance(&g->r, 25);

	g->kt = &PICK(&g->r, ktargets);
	g->d->trig = g->kt->trig;
	g->site = ret ? S_FRET : S_FENTRY;
	str_putc(t, 'f');
	if (chance(&g->r, 5))
		str_puts(t, PICK(&g->r, maxactives));
	gen_name(g);
	str_putc(t, ' ');
	if (g->clean || chance(&g->r, 85)) {
		str_puts(t, g->kt->sym);
		if (ret)
			str_puts(t, "%return");
	} else {
		str_puts(t, PICK(&g->r, fplaces_bad));
		g->d->trig = T_NONE;
	}
	gen_args(g);
	return K_OTHER;
}

/* t[:[GRP/][EVENT]] [MOD:]TRACEPOINT [FETCHARGS] */
static enum kind gen_tprobe(struct gen *g)
{
	struct str *t = &g->d->text;

	g->et = g->clean || chance(&g->r, 60) ? &ttargets[rnd(&g->r, 3)] :
		&PICK(&g->r, ttargets);
	g->d->trig = g->et->trig;
	g->site = S_TPROBE;
	str_putc(t, 't');
	gen_name(g);
	str_putc(t, ' ');
	str_puts(t, g->et->name);
	gen_args(g);
	return K_OTHER;
}

/* Deletes of events that do not exist: rejected, nothing may change */
static const char * const delete_forms[] = {
	"-:fz/nx%ld", "-:nx%ld", "-:fz/", "-:fz/nx%ld vfs_read+0",
	"-:fz/nx%ld a=" KPT_FMT(KPT_ARG1), "-:", "-", "-fz/nx%ld", "-:/nx%ld",
	"-:fz/nx%ld/x", "-:fz.nx%ld", "!:fz/nx%ld", "-:kprobes/nx%ld",
	"-:uprobes/", "-:eprobes/nx%ld", "-:nosuchgroup/",
	"-:fz/nx%ld {path}:0x10", "-:fzkeep/keep nosuch_function+0",
	"-:fzkeep/keep vfs_write+0 b=" KPT_FMT(KPT_ARG3) ":u64",
	"-:fzkeep/keep vfs_write+1", "-:fzkeep/nx%ld",
	"-:fzkeep/keep vfs_write+0 a=" KPT_FMT(KPT_ARG3) ":u32",
	"-:sched/nx%ld", "- :fz/nx%ld", "-:fz/nx%ld\t",
};

static enum kind gen_delete(struct gen *g)
{
	str_printf(&g->d->text, PICK(&g->r, delete_forms), g->idx);
	return K_DELETE;
}

/* Definitions that meet the long-lived event or a static one */
static const struct {
	const char *text;
	enum trig trig;
	enum kind kind;
} clashes[] = {
	{ "p:fzkeep/keep vfs_read a=" KPT_ARG3 ":u64", T_READ, K_KPROBE },
	{ "p:fzkeep/keep vfs_write a=" KPT_ARG3 ":u64", T_WRITE, K_KPROBE },
	{ "p:fzkeep/keep vfs_read a=" KPT_ARG3 ":u32", T_READ, K_KPROBE },
	{ "p:fzkeep/keep vfs_read b=" KPT_ARG3 ":u64", T_READ, K_KPROBE },
	{ "p:fzkeep/keep vfs_read a=" KPT_ARG3 ":u64 b=" KPT_ARG2, T_READ,
	  K_KPROBE },
	{ "r:fzkeep/keep vfs_read a=" KPT_ARG3 ":u64", T_READ, K_KPROBE },
	{ "p:fzkeep/keep {addr:vfs_read} a=" KPT_ARG3 ":u64", T_READ,
	  K_KPROBE },
	{ "p:fzkeep/keep do_sys_openat2 a=" KPT_ARG3 ":u64", T_OPEN,
	  K_KPROBE },
	{ "p:fzkeep/keep vfs_write" KOFF_WRITE " a=" KPT_ARG3 ":u64", T_WRITE,
	  K_KPROBE },
	{ "p:fzkeep/keep vfs_read a=" KPT_ARG3, T_READ, K_KPROBE },
	{ "f:fzkeep/keep vfs_read", T_READ, K_OTHER },
	{ "t:fzkeep/keep sched_process_fork", T_FORK, K_OTHER },
	{ "e:fzkeep/keep sched.sched_process_fork", T_FORK, K_OTHER },
	{ "p:fzkeep/keep {where:fuzz_target_1}", T_UCALL1, K_UPROBE },
	{ "p:sched/sched_process_fork vfs_read", T_READ, K_KPROBE },
	{ "e:sched/sched_process_fork sched.sched_process_fork", T_FORK,
	  K_OTHER },
	{ "f:syscalls/sys_enter_openat do_sys_openat2", T_OPEN, K_OTHER },
	{ "p:ftrace/function vfs_read", T_READ, K_KPROBE },
	{ "t:sched/sched_process_fork sched_process_fork", T_FORK,
	  K_OTHER },
	{ "p:syscalls/sys_enter_openat {where:fuzz_target_1}", T_UCALL1,
	  K_UPROBE },
};

static enum kind gen_clash(struct gen *g)
{
	unsigned int i = rnd(&g->r, ARRAY_SIZE(clashes));

	str_puts(&g->d->text, clashes[i].text);
	g->d->trig = clashes[i].trig;
	return clashes[i].kind;
}

static const char * const blanks[] = {
	"", "   ", "# a comment", "p:fz/e%ld vfs_read # trailing comment",
	"#p:fz/e%ld vfs_read", "\t",
	"p:fz/e%ld vfs_read a=" KPT_FMT(KPT_ARG1) "#x",
	"\xa0", "\v\f\r",
};

static enum kind gen_blank(struct gen *g)
{
	str_printf(&g->d->text, PICK(&g->r, blanks), g->idx);
	g->d->trig = T_READ;
	return K_KPROBE;
}

/* --- generator: limits ------------------------------------------------- */

/*
 * A line of exactly @len bytes (WRITE_BUFSIZE - 2 is the longest 6.12
 * takes): a definition padded with blanks, a comment or arguments.
 */
static void gen_long_line(struct gen *g, size_t len)
{
	struct str *t = &g->d->text;
	unsigned int how = rnd(&g->r, 4);
	int i = 0;

	str_printf(t, "p:fz/e%ld vfs_read", g->idx);
	if (how == 1)
		str_puts(t, " #");
	while (t->len < len) {
		if (how == 0)
			str_putc(t, ' ');
		else if (how == 1)
			str_putc(t, 'c');
		else if (how == 2)
			str_printf(t, " a%d=" KPT_FMT(KPT_ARG1), i++);
		else
			str_putc(t, "\t \v"[rnd(&g->r, 3)]);
	}
	/* the arguments may overshoot: cut back to @len */
	if (t->len > len)
		str_delete(t, len, t->len - len);
}

/* Around MAX_TRACE_ARGS arguments, and events over the 3072-byte cap */
static void gen_many_args(struct gen *g)
{
	static const unsigned int counts[] = { 127, 128, 129, 200, 64 };
	static const char * const bodies[] = {
		KPT_FMT(KPT_ARG1), "$stack%d",
		"+%d(" KPT_FMT(KPT_SP) "):u64[64]",
		"+0(" KPT_FMT(KPT_ARG2) "):string", "\\%d:u64[8]",
	};
	struct str *t = &g->d->text;
	unsigned int n = PICK(&g->r, counts), b = rnd(&g->r, 5), i;
	bool named = chance(&g->r, 60);

	if (b == 2)
		n = 4 + rnd(&g->r, 5);	/* 6 * 512 bytes is the cap */
	str_printf(t, "p:fz/e%ld vfs_read", g->idx);
	for (i = 0; i < n; i++) {
		str_putc(t, ' ');
		if (named)
			str_printf(t, "a%u=", i);
		str_printf(t, bodies[b], i % 8);
	}
}

/* An argument body of 61..66 or 253..258 bytes, around either limit */
static void gen_long_arg(struct gen *g)
{
	struct str *t = &g->d->text;
	unsigned int len = (chance(&g->r, 50) ? MAX_ARGSTR_LEN :
			    MAX_ARGSTR_LEN_73) - 2 + rnd(&g->r, 6);
	size_t start;

	str_printf(t, "p:fz/e%ld vfs_read ", g->idx);
	if (chance(&g->r, 50))
		str_puts(t, "a=");
	start = t->len;
	if (chance(&g->r, 50)) {
		str_puts(t, "\\0x");
		while (t->len - start < len - 1)
			str_putc(t, '0');
		str_putc(t, '1');
	} else {
		str_puts(t, "+0(" KPT_ARG1 "):");
		while (t->len - start < len - 2)
			str_putc(t, 'u');
		str_puts(t, "64");
	}
}

/*
 * Nested dereferences around the 16-instruction cap, or nested typecasts
 * and this_cpu_ptr()s around 7.3's nesting limit
 */
static void gen_deep(struct gen *g)
{
	struct str *t = &g->d->text;
	unsigned int depth = 10 + rnd(&g->r, 7), i;
	unsigned int how = rnd(&g->r, 4);

	str_printf(t, "p:fz/e%ld vfs_read a=", g->idx);
	if (how >= 2)
		depth = MAX_NESTED_73 - 2 + rnd(&g->r, 4);
	for (i = 0; i < depth; i++)
		str_puts(t, how < 2 ? "+0(" : how == 2 ? "(file)(" :
			 "this_cpu_ptr(");
	str_puts(t, KPT_ARG1);
	for (i = 0; i < depth; i++)
		str_puts(t, how == 2 ? ")->f_mode" : ")");
	if (chance(&g->r, 50))
		str_puts(t, ":string");
}

/* Very long symbols, paths and event names */
static void gen_long_word(struct gen *g)
{
	struct str *t = &g->d->text;
	unsigned int len = 500 + rnd(&g->r, 4200), i, where = rnd(&g->r, 3);

	if (where == 0)
		str_printf(t, "p:fz/e%ld ", g->idx);
	else if (where == 1)
		str_printf(t, "p:fz/e%ld /", g->idx);
	else
		str_puts(t, "p:fz/");
	for (i = 0; i < len; i++)
		str_putc(t, 'a' + i % 26);
	if (where == 1)
		str_puts(t, ":0x10");
	else if (where == 2)
		str_puts(t, " vfs_read");
}

static enum kind gen_limits(struct gen *g)
{
	static const size_t lens[] = {
		WRITE_BUFSIZE - 3, WRITE_BUFSIZE - 2, WRITE_BUFSIZE - 1,
		WRITE_BUFSIZE, WRITE_BUFSIZE + 100, 2 * WRITE_BUFSIZE,
	};

	g->d->trig = T_READ;
	switch (rnd(&g->r, 5)) {
	case 0:
		gen_long_line(g, PICK(&g->r, lens));
		break;
	case 1:
		gen_many_args(g);
		break;
	case 2:
		gen_long_arg(g);
		break;
	case 3:
		gen_deep(g);
		break;
	default:
		gen_long_word(g);
		break;
	}
	return K_KPROBE;
}

/* --- generator: mutations ---------------------------------------------- */

/* Any byte but '\n' and '\0', which would make two lines or cut one */
static char rand_byte(struct rng *r)
{
	static const char special[] = "%$@+-:()[]=\\\"#./*\t {}";
	unsigned int k = rnd(r, 100);

	if (k < 55)
		return 0x20 + rnd(r, 0x5f);
	if (k < 70)
		return special[rnd(r, sizeof(special) - 1)];
	if (k < 82) {
		k = 1 + rnd(r, 30);
		return k >= '\n' ? k + 1 : k;
	}
	return 0x80 + rnd(r, 0x80);
}

/* Start and end of the @n-th blank-separated word, false if none */
static bool find_word(const struct str *t, unsigned int n, size_t *start,
		      size_t *end)
{
	size_t i = 0;

	for (;;) {
		while (i < t->len && t->s[i] == ' ')
			i++;
		if (i >= t->len)
			return false;
		*start = i;
		while (i < t->len && t->s[i] != ' ')
			i++;
		*end = i;
		if (!n--)
			return true;
	}
}

static void swap_words(struct gen *g)
{
	struct str *t = &g->d->text;
	size_t s1, e1, s2, e2;
	char *a, *b;

	if (!find_word(t, rnd(&g->r, 3), &s1, &e1) ||
	    !find_word(t, rnd(&g->r, 6), &s2, &e2) || s2 <= s1 || s2 < e1)
		return;
	a = strndup(t->s + s1, e1 - s1);
	b = strndup(t->s + s2, e2 - s2);
	if (!a || !b)
		err(2, "strndup");
	str_delete(t, s2, e2 - s2);
	str_insert(t, s2, a, strlen(a));
	str_delete(t, s1, e1 - s1);
	str_insert(t, s1, b, strlen(b));
	free(a);
	free(b);
}

/* A word said twice: " w" inserted after it */
static void dup_word(struct gen *g)
{
	struct str *t = &g->d->text;
	size_t s, e;
	char *w;

	if (!find_word(t, rnd(&g->r, 5), &s, &e))
		return;
	w = strndup(t->s + s, e - s);
	if (!w)
		err(2, "strndup");
	str_insert(t, e, w, strlen(w));
	str_insert(t, e, " ", 1);
	free(w);
}

static void mutate_once(struct gen *g)
{
	static const char * const blanks[] = {
		"\t", "\v", "\f", "\r", "\xa0", "  ", "\xc2\xa0",
	};
	struct str *t = &g->d->text;
	size_t pos = rnd(&g->r, t->len + 1), i, n;
	char c[16];

	switch (rnd(&g->r, 8)) {
	case 0:
		if (t->len)
			t->s[rnd(&g->r, t->len)] = rand_byte(&g->r);
		break;
	case 1:
		n = 1 + rnd(&g->r, 4);
		for (i = 0; i < n; i++)
			c[i] = rand_byte(&g->r);
		str_insert(t, pos, c, n);
		break;
	case 2:
		str_delete(t, pos, 1 + rnd(&g->r, 8));
		break;
	case 3:
		str_delete(t, pos, t->len - pos);
		break;
	case 4:
		dup_word(g);
		break;
	case 5:
		swap_words(g);
		break;
	case 6:
		n = rnd(&g->r, ARRAY_SIZE(blanks));
		str_insert(t, pos, blanks[n], strlen(blanks[n]));
		break;
	default:
		/* a slice repeated: lines grow past the limits */
		n = 1 + rnd(&g->r, sizeof(c));
		if (pos + n > t->len)
			break;
		memcpy(c, t->s + pos, n);
		for (i = 1 + rnd(&g->r, chance(&g->r, 80) ? 20 : 300); i; i--)
			str_insert(t, pos, c, n);
		break;
	}
}

/* --- generator: one definition ----------------------------------------- */

/* The control file: mostly the natural one, now and then a wrong one */
static enum ctl pick_file(struct gen *g, enum kind kind)
{
	unsigned int k = rnd(&g->r, 100);

	if (k < 10)
		return rnd(&g->r, 3);
	switch (kind) {
	case K_KPROBE:
		return k < 55 ? F_KPROBE : F_DYN;
	case K_UPROBE:
		return k < 55 ? F_UPROBE : F_DYN;
	case K_DELETE:
		return k < 40 ? F_KPROBE : k < 60 ? F_UPROBE : F_DYN;
	default:
		return F_DYN;
	}
}

/* Definition @idx of run @seed: a function of the two alone */
static void gen_def(struct def *d, uint64_t seed, long idx)
{
	struct gen g = { .d = d, .idx = idx };
	unsigned int k, n;
	enum kind kind;

	rng_init(&g.r, seed, idx);
	str_reset(&d->text);
	d->trig = T_NONE;
	d->shared = false;
	g.clean = chance(&g.r, 45);
	k = rnd(&g.r, 100);
	if (k < 24)
		kind = gen_kprobe(&g, false);
	else if (k < 34)
		kind = gen_kprobe(&g, true);
	else if (k < 47)
		kind = gen_uprobe(&g, false);
	else if (k < 51)
		kind = gen_uprobe(&g, true);
	else if (k < 63)
		kind = gen_eprobe(&g);
	else if (k < 75)
		kind = gen_fprobe(&g);
	else if (k < 82)
		kind = gen_tprobe(&g);
	else if (k < 87)
		kind = gen_delete(&g);
	else if (k < 92)
		kind = gen_clash(&g);
	else if (k < 98)
		kind = gen_limits(&g);
	else
		kind = gen_blank(&g);
	if (k < 92 && chance(&g.r, 20))
		for (n = 1 + rnd(&g.r, 3); n; n--)
			mutate_once(&g);
	d->file = pick_file(&g, kind);
}

/* --show: the templates, one a line; no tracefs needed */
static void show(uint64_t seed, long first, long count)
{
	struct def d = { 0 };
	struct str out = { 0 };
	long idx;

	for (idx = first; idx < first + count; idx++) {
		gen_def(&d, seed, idx);
		str_reset(&out);
		str_printf(&out, "%ld\t%s\t", idx, ctl_name[d.file]);
		str_escape(&out, d.text.s, d.text.len);
		str_putc(&out, '\n');
		fwrite(out.s, 1, out.len, stdout);
	}
}

/* --- uprobe targets in this program ------------------------------------ */

/* The value fuzz_global holds, for "@+OFFSET" fetches of uprobes */
static unsigned int fuzz_global = 0x12345678;

/* The one reference counter a uprobe may name: the kernel writes it */
static unsigned short fuzz_semaphore;

/* The probed functions: not inlined, not merged, one known frame each */
static noinline long fuzz_target_1(long a, long b, const char *s)
{
	asm volatile("" : : "r"(s) : "memory");
	return a + b;
}

static noinline long fuzz_target_2(const char *s, unsigned int n, long *p)
{
	asm volatile("" : : "r"(s), "r"(p) : "memory");
	return n + 1;
}

/*
 * 64 bytes of code that nothing runs, for the uprobes at any offset
 * ({where:fuzz_never+N}, N up to 64): one there is safe whichever
 * instruction boundary it misses (x86-64 takes a breakpoint in the middle
 * of an instruction, arm64 refuses an offset that is not a multiple of 4
 * when the probe is armed).  Anywhere else in this program's text only
 * the entries of the two targets are.
 */
static noinline void fuzz_never(void)
{
	asm volatile(NOPS_64);
}

#define FUZZ_NEVER_SIZE	64

struct place {
	const char *name;
	const void *addr;
	unsigned long offset;
	bool found;
};

static struct place places[] = {
	{ "fuzz_target_1", (const void *)fuzz_target_1 },
	{ "fuzz_target_2", (const void *)fuzz_target_2 },
	{ "fuzz_never", (const void *)fuzz_never },
	{ "fuzz_global", &fuzz_global },
	{ "fuzz_semaphore", &fuzz_semaphore },
};

enum { P_TARGET_1, P_TARGET_2, P_NEVER, P_GLOBAL, P_SEMAPHORE };

/* This program's path as its mappings name it, and its inode */
static char self_path[KPT_WHERE_PATH_MAX];
static struct stat self_stat;

static void find_places(void)
{
	char path[KPT_WHERE_PATH_MAX];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(places); i++) {
		places[i].found = kpt_where(places[i].addr, path,
					    &places[i].offset);
		if (places[i].found && !self_path[0])
			memcpy(self_path, path, sizeof(path));
	}
	if (!self_path[0] || stat("/proc/self/exe", &self_stat))
		errx(2, "cannot find this program's file");
}

/* --- kernel addresses -------------------------------------------------- */

struct ksym {
	const char *name;
	unsigned long addr;
	char text[24];		/* "0x%lx" of addr */
};

static struct ksym ksyms[ARRAY_SIZE(ktargets) + 1];

/* The addresses {addr:SYM} may name, from /proc/kallsyms, once */
static void find_ksyms(void)
{
	char line[600], name[512];
	unsigned long addr;
	FILE *f;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ktargets); i++)
		ksyms[i].name = ktargets[i].sym;
	ksyms[i].name = "jiffies";
	f = fopen("/proc/kallsyms", "r");
	if (!f)
		err(2, "/proc/kallsyms");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx %*c %511s", &addr, name) != 2)
			continue;
		for (i = 0; i < ARRAY_SIZE(ksyms); i++)
			if (!ksyms[i].addr && !strcmp(name, ksyms[i].name))
				ksyms[i].addr = addr;
	}
	fclose(f);
	for (i = 0; i < ARRAY_SIZE(ksyms); i++) {
		if (!ksyms[i].addr)
			errx(2, "no address for %s in /proc/kallsyms",
			     ksyms[i].name);
		snprintf(ksyms[i].text, sizeof(ksyms[i].text), "0x%lx",
			 ksyms[i].addr);
	}
}

/* --- placeholders ------------------------------------------------------ */

/* The value of {KEY:NAME}, {KEY:NAME+N} or {path}; false if none */
static bool subst_one(const char *p, size_t n, struct str *out)
{
	char key[16], name[64];
	unsigned long plus = 0;
	int len = 0, more = 0;
	size_t i;

	if (n == 6 && !memcmp(p, "{path}", 6)) {
		str_puts(out, self_path);
		return true;
	}
	if (n >= sizeof(name) ||
	    sscanf(p, "{%15[a-z]:%63[A-Za-z0-9_]%n", key, name, &len) != 2)
		return false;
	if (p[len] == '+' && p[len + 1] >= '0' && p[len + 1] <= '9' &&
	    sscanf(p + len + 1, "%lu%n", &plus, &more) == 1)
		len += 1 + more;
	if ((size_t)len != n - 1)
		return false;
	if (!strcmp(key, "addr")) {
		for (i = 0; i < ARRAY_SIZE(ksyms); i++)
			if (!strcmp(name, ksyms[i].name) && !plus) {
				str_puts(out, ksyms[i].text);
				return true;
			}
		return false;
	}
	for (i = 0; i < ARRAY_SIZE(places); i++) {
		if (strcmp(name, places[i].name) || !places[i].found)
			continue;
		if (!strcmp(key, "where"))
			str_printf(out, "%s:0x%lx", self_path,
				   places[i].offset + plus);
		else if (!strcmp(key, "woffs"))
			str_printf(out, "0x%lx", places[i].offset + plus);
		else
			return false;
		return true;
	}
	return false;
}

/* The text the kernel gets: placeholders filled, the rest as it is */
static void subst(const char *tmpl, struct str *out)
{
	const char *p = tmpl, *end;

	while (*p) {
		end = *p == '{' ? strchr(p, '}') : NULL;
		if (end && subst_one(p, end - p + 1, out)) {
			p = end + 1;
			continue;
		}
		str_putc(out, *p++);
	}
}

/* --- bounds, violations, counters -------------------------------------- */

#define OP_KINDS	32

/* Where the time goes: one kind of operation, its count and its time */
struct op_time {
	char kind[64];
	long count;
	double seconds;
};

/* What the worker and the parent watching it share */
struct shared {
	unsigned long beat;	/* moves at each operation's start and end */
	long idx;		/* the write in progress (-1: none) */
	long writes, accepted, rejected, violations;
	char op[64];		/* the operation in progress */
	struct timespec op_start;
	struct op_time *op_time;	/* the kind of the one in progress */
	struct op_time times[OP_KINDS];
};

static struct shared *sh;
static int results_fd = -1;

static void write_all(int fd, const char *s, size_t n)
{
	ssize_t w;

	while (n) {
		w = write(fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		s += w;
		n -= w;
	}
}

static const char *errname(int e)
{
	static char buf[16];
	const char *name = strerrorname_np(e);

	if (name)
		return name;
	snprintf(buf, sizeof(buf), "E%d", e);
	return buf;
}

/* "VIOLATION IDX WHAT", on stdout and in the results */
__printf(1, 2)
static void violation(const char *fmt, ...)
{
	struct str line = { 0 };
	char what[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	str_printf(&line, "VIOLATION %ld ", sh->idx);
	str_escape(&line, what, strlen(what));
	str_putc(&line, '\n');
	write_all(STDOUT_FILENO, line.s, line.len);
	write_all(results_fd, line.s, line.len);
	__atomic_add_fetch(&sh->violations, 1, __ATOMIC_RELAXED);
	free(line.s);
}

/* SIGALRM only has to cut a blocked system call short (EINTR) */
static void on_alarm(int sig)
{
	(void)sig;
}

/* @op as a kind of operation: "read events/G/E/format" is "read format" */
static struct op_time *op_kind(const char *op)
{
	char kind[sizeof(sh->times[0].kind)];
	const char *ev = strstr(op, "events/");
	int i;

	if (ev && strrchr(ev, '/') > ev + 6)
		snprintf(kind, sizeof(kind), "%.*s%s", (int)(ev - op), op,
			 strrchr(ev, '/') + 1);
	else
		snprintf(kind, sizeof(kind), "%s", op);
	for (i = 0; i < OP_KINDS && sh->times[i].kind[0]; i++)
		if (!strcmp(sh->times[i].kind, kind))
			return &sh->times[i];
	if (i == OP_KINDS)
		return NULL;
	memcpy(sh->times[i].kind, kind, sizeof(kind));
	return &sh->times[i];
}

static void op_begin(const char *op)
{
	size_t n = strnlen(op, sizeof(sh->op) - 1);

	memcpy(sh->op, op, n);
	sh->op[n] = '\0';
	sh->op_time = op_kind(op);
	__atomic_add_fetch(&sh->beat, 1, __ATOMIC_RELEASE);
	clock_gettime(CLOCK_MONOTONIC, &sh->op_start);
	alarm(BOUND);
}

/* @e: the operation's errno, 0 if it worked; EINTR means the alarm */
static void op_end(int e)
{
	struct op_time *t = sh->op_time;
	struct timespec now;

	alarm(0);
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (t) {
		t->count++;
		t->seconds += (now.tv_sec - sh->op_start.tv_sec) +
			      (now.tv_nsec - sh->op_start.tv_nsec) / 1e9;
	}
	__atomic_add_fetch(&sh->beat, 1, __ATOMIC_RELEASE);
	if (e == EINTR)
		violation("timeout %s", sh->op);
}

/* --- tracefs files ----------------------------------------------------- */

/* Room for @extra more bytes and the NUL */
static void str_reserve(struct str *b, size_t extra)
{
	if (b->s && b->cap > b->len + extra)
		return;
	b->cap = (b->len + extra + 1) * 2;
	b->s = realloc(b->s, b->cap);
	if (!b->s)
		err(2, "realloc");
}

/* The whole of tracefs file @rel in @s; 0 or an errno */
static int read_rel(const char *rel, struct str *s)
{
	char path[512], op[80];
	int fd, e = 0;
	ssize_t n;

	snprintf(path, sizeof(path), TRACEFS "/%s", rel);
	snprintf(op, sizeof(op), "read %s", rel);
	str_reset(s);
	op_begin(op);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		e = errno;
		op_end(e);
		return e;
	}
	do {
		str_reserve(s, 16384);
		n = read(fd, s->s + s->len, s->cap - s->len - 1);
		if (n > 0)
			s->len += n;
	} while (n > 0);
	e = n < 0 ? errno : 0;
	s->s[s->len] = '\0';
	close(fd);
	op_end(e);
	return e;
}

/*
 * Open tracefs file @rel with @flags and write @len bytes of @buf in one
 * write(2) (none if @buf is NULL): the count written, or a negative errno.
 */
static long write_rel(const char *rel, const char *buf, size_t len,
		      int flags, const char *op)
{
	char path[512];
	ssize_t n = 0;
	int fd, e = 0;

	snprintf(path, sizeof(path), TRACEFS "/%s", rel);
	op_begin(op);
	fd = open(path, O_WRONLY | O_CLOEXEC | flags);
	if (fd < 0) {
		e = errno;
		op_end(e);
		return -e;
	}
	if (buf) {
		n = write(fd, buf, len);
		e = n < 0 ? errno : 0;
	}
	close(fd);
	op_end(e);
	return e ? -e : n;
}

static bool is_dir_entry(int dirfd, const struct dirent *de)
{
	struct stat st;

	if (de->d_name[0] == '.')
		return false;
	if (de->d_type != DT_UNKNOWN)
		return de->d_type == DT_DIR;
	return !fstatat(dirfd, de->d_name, &st, 0) && S_ISDIR(st.st_mode);
}

/*
 * The text of the write in progress: snapshots then walk only the groups
 * it can have changed (walks_group()).  NULL: every group.
 */
static const char *walk_hint;

/*
 * Whether a snapshot lists @group's events.  A definition puts its event
 * in the group it names or, naming none, in its front end's default
 * group: a write changes no other.  Walking the few hundred events of the
 * others was most of a write's time on the debug kernel (142 of 245 s for
 * 1,000 writes).  A group that a write makes shows by its "GROUP/" line.
 */
static bool walks_group(const char *group)
{
	static const char * const defaults[] = {
		"kprobes", "uprobes", "eprobes", "fprobes", "tracepoints",
	};
	size_t i;

	if (!walk_hint || strstr(walk_hint, group))
		return true;
	for (i = 0; i < ARRAY_SIZE(defaults); i++)
		if (!strcmp(group, defaults[i]))
			return true;
	return false;
}

/*
 * "GROUP/\n" for every directory under events/, each followed by a
 * "GROUP/EVENT\n" for every directory under it if walks_group().
 */
static int list_events(struct str *s)
{
	struct dirent *de, *ev;
	DIR *top, *grp;
	int fd;

	str_reset(s);
	op_begin("list events");
	top = opendir(TRACEFS "/events");
	if (!top) {
		op_end(errno);
		return -1;
	}
	while ((de = readdir(top))) {
		if (!is_dir_entry(dirfd(top), de))
			continue;
		str_puts(s, de->d_name);
		str_puts(s, "/\n");
		if (!walks_group(de->d_name))
			continue;
		fd = openat(dirfd(top), de->d_name,
			    O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		grp = fd < 0 ? NULL : fdopendir(fd);
		if (!grp) {
			str_printf(s, "%s/ (%s)\n", de->d_name, errname(errno));
			continue;
		}
		while ((ev = readdir(grp))) {
			if (!is_dir_entry(dirfd(grp), ev))
				continue;
			str_puts(s, de->d_name);
			str_putc(s, '/');
			str_puts(s, ev->d_name);
			str_putc(s, '\n');
		}
		closedir(grp);
	}
	closedir(top);
	op_end(0);
	return 0;
}

/* --- snapshots --------------------------------------------------------- */

/* What a write may change: the three listings and events/ */
struct snap {
	struct str kprobe, uprobe, dyn, events;
};

/* The state every write must leave behind, and the state now */
static struct snap base, now;

static void read_listing(const char *rel, struct str *s)
{
	int e = read_rel(rel, s);

	if (e)
		str_printf(s, "(cannot read %s: %s)\n", rel, errname(e));
}

static void take_listings(struct snap *s)
{
	read_listing("kprobe_events", &s->kprobe);
	read_listing("uprobe_events", &s->uprobe);
	read_listing("dynamic_events", &s->dyn);
}

static void take_snapshot(struct snap *s)
{
	take_listings(s);
	if (list_events(&s->events))
		str_puts(&s->events, "(cannot list events/)\n");
}

static void str_copy(struct str *to, const struct str *from)
{
	str_reset(to);
	str_add(to, from->s, from->len);
}

static void snap_copy(struct snap *to, const struct snap *from)
{
	str_copy(&to->kprobe, &from->kprobe);
	str_copy(&to->uprobe, &from->uprobe);
	str_copy(&to->dyn, &from->dyn);
	str_copy(&to->events, &from->events);
}

static int cmp_lines(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

/* @s's lines sorted into @out (readdir order is not a contract) */
static void sort_lines(const struct str *s, struct str *out)
{
	char *copy = strdup(s->s), **lines, *p, *save = NULL;
	size_t n = 0, i;

	lines = calloc(s->len + 1, sizeof(*lines));
	if (!copy || !lines)
		err(2, "sort_lines");
	for (p = strtok_r(copy, "\n", &save); p; p = strtok_r(NULL, "\n", &save))
		lines[n++] = p;
	qsort(lines, n, sizeof(*lines), cmp_lines);
	str_reset(out);
	for (i = 0; i < n; i++) {
		str_puts(out, lines[i]);
		str_putc(out, '\n');
	}
	free(lines);
	free(copy);
}

static bool same_str(const struct str *a, const struct str *b)
{
	return a->len == b->len && !memcmp(a->s, b->s, a->len);
}

static bool same_line_set(const struct str *a, const struct str *b)
{
	struct str sa = { 0 }, sb = { 0 };
	bool same;

	if (same_str(a, b))
		return true;
	sort_lines(a, &sa);
	sort_lines(b, &sb);
	same = same_str(&sa, &sb);
	free(sa.s);
	free(sb.s);
	return same;
}

/* Whether @text has a line of exactly @n bytes @line */
static bool has_line(const char *text, const char *line, size_t n)
{
	const char *p, *nl;

	for (p = text; *p; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		if ((size_t)(nl - p) == n && !memcmp(p, line, n))
			return true;
	}
	return false;
}

/* The first line of @a that @b lacks, into @out ("" if none) */
static void first_extra(const struct str *a, const struct str *b,
			struct str *out)
{
	const char *p, *nl;

	str_reset(out);
	for (p = a->s; *p; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		if (!has_line(b->s, p, nl - p)) {
			str_add(out, p, nl - p);
			return;
		}
	}
}

/*
 * The part of a full events/ listing @all that a snapshot under the
 * current walk_hint lists: every "GROUP/" line, and the events of the
 * groups it walks.
 */
static void walked_part(const struct str *all, struct str *out)
{
	const char *p, *nl, *slash;
	char group[256];
	bool walk = true;

	str_reset(out);
	for (p = all->s; p && *p; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		slash = memchr(p, '/', nl - p);
		if (slash && slash + 1 == nl) {
			snprintf(group, sizeof(group), "%.*s",
				 (int)(slash - p), p);
			walk = walks_group(group);
		} else if (!walk) {
			continue;
		}
		str_add(out, p, nl - p);
		str_putc(out, '\n');
	}
}

/* Whether @s is the base state; if not, say what differs in @what */
static bool is_base(const struct snap *s, struct str *what)
{
	const struct str *ls[] = { &s->kprobe, &s->uprobe, &s->dyn };
	const struct str *bs[] = { &base.kprobe, &base.uprobe, &base.dyn };
	static const char * const names[] = {
		"kprobe_events", "uprobe_events", "dynamic_events",
	};
	static struct str base_events;
	struct str line = { 0 };
	size_t i;

	str_reset(what);
	for (i = 0; i < ARRAY_SIZE(ls); i++) {
		if (same_str(ls[i], bs[i]))
			continue;
		first_extra(ls[i], bs[i], &line);
		if (!line.len)
			first_extra(bs[i], ls[i], &line);
		str_printf(what, "%s%s (%.200s)", what->len ? ", " : "",
			   names[i], line.s);
	}
	walked_part(&base.events, &base_events);
	if (!same_line_set(&s->events, &base_events)) {
		first_extra(&s->events, &base_events, &line);
		if (!line.len)
			first_extra(&base_events, &s->events, &line);
		str_printf(what, "%sevents/ (%.200s)", what->len ? ", " : "",
			   line.s);
	}
	free(line.s);
	return !what->len;
}

/* --- one write --------------------------------------------------------- */

/* Buffers of one write, kept from write to write */
struct wctx {
	struct def def;
	struct str line;	/* what is written: placeholders filled, "\n" */
	struct str cmd;		/* the argv error_log shows, one blank apart */
	struct str filter;	/* the words after an eprobe's "if" */
	bool has_filter;
	struct str res;		/* the result field */
	struct str log;		/* error_log */
	struct str tmp;
};

/* isspace() of the kernel (lib/ctype.c): argv_split() splits at these */
static bool kspace(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || c == 0xa0;
}

/*
 * The command an error_log entry of this write must show: the words of
 * the line up to a '#' (trace_parse_run_command() drops comments), as
 * argv_split() cuts them, joined with one blank (__trace_probe_log_err()).
 * An eprobe filter that does not parse is logged by the filter code with
 * the words after the first "if" from argv[2] on as its command.
 */
static void make_cmd(struct wctx *w, const char *s)
{
	size_t i = 0, n = strcspn(s, "#"), start;
	int argc = 0;

	str_reset(&w->cmd);
	str_reset(&w->filter);
	w->has_filter = false;
	while (i < n) {
		while (i < n && kspace(s[i]))
			i++;
		if (i >= n)
			break;
		for (start = i; i < n && !kspace(s[i]); i++)
			;
		if (argc)
			str_putc(&w->cmd, ' ');
		str_add(&w->cmd, s + start, i - start);
		if (w->has_filter) {
			if (w->filter.len)
				str_putc(&w->filter, ' ');
			str_add(&w->filter, s + start, i - start);
		} else if (argc >= 2 && i - start == 2 &&
			   !memcmp(s + start, "if", 2)) {
			w->has_filter = true;
		}
		argc++;
	}
}

/* One error_log entry: three lines, pointers into the log's text */
struct logent {
	const char *loc, *msg, *cmd;
	int loclen, msglen, cmdlen;
	long pos;
};

#define CMD_PREFIX	"  Command: "

/*
 * "[%5llu.%06u] LOC: error: MSG\n  Command: CMD\n<blanks>^\n" at *@pp
 * (tracing_err_log_seq_show()); the caret's column counts from CMD.
 */
static bool parse_logent(const char **pp, struct logent *e)
{
	const char *p = *pp, *l2, *l3, *end, *q, *m;

	l2 = strchr(p, '\n');
	l3 = l2 ? strchr(l2 + 1, '\n') : NULL;
	end = l3 ? strchr(l3 + 1, '\n') : NULL;
	if (!end || *p != '[')
		return false;
	l2++;
	l3++;
	q = memchr(p, ']', l2 - p);
	m = q ? memmem(q, l2 - q, ": error: ", 9) : NULL;
	if (!m || q[1] != ' ' || strncmp(l2, CMD_PREFIX, strlen(CMD_PREFIX)))
		return false;
	e->loc = q + 2;
	e->loclen = m - e->loc;
	e->msg = m + 9;
	e->msglen = l2 - 1 - e->msg;
	e->cmd = l2 + strlen(CMD_PREFIX);
	e->cmdlen = l3 - 1 - e->cmd;
	for (q = l3; *q == ' '; q++)
		;
	if (*q != '^' || q + 1 != end)
		return false;
	e->pos = (q - l3) - (long)strlen(CMD_PREFIX);
	*pp = end + 1;
	return true;
}

static bool skip_text(const char **p, const char *end, const char *text)
{
	size_t n = strlen(text);

	if ((size_t)(end - *p) < n || memcmp(*p, text, n))
		return false;
	*p += n;
	return true;
}

static bool skip_hex(const char **p, const char *end)
{
	const char *start = *p;

	while (*p < end && strchr("0123456789abcdef", **p))
		(*p)++;
	return *p > start;
}

/*
 * Whether logged word @l is the rewrite of written word @w, "[NAME=]BODY:%pd"
 * or ":%pD", that traceprobe_expand_dentry_args() makes in place (so the
 * log shows it): "[NAME=]+0x0(+0xOFF(BODY)):string", with one more
 * "+0xOFF(" for %pD (the offsets are those of struct dentry and file).
 */
static bool is_dentry_rewrite(const char *w, size_t wn, const char *l,
			      size_t ln)
{
	const char *eq, *p = l, *end = l + ln;
	bool file;
	size_t pre;

	if (wn < 4 || memcmp(w + wn - 4, ":%p", 3) ||
	    (w[wn - 1] != 'd' && w[wn - 1] != 'D'))
		return false;
	file = w[wn - 1] == 'D';
	eq = memchr(w, '=', wn - 4);
	pre = eq ? eq - w + 1 : 0;
	if (ln < pre || memcmp(l, w, pre))
		return false;
	p += pre;
	if (!skip_text(&p, end, "+0x0(+0x") || !skip_hex(&p, end) ||
	    !skip_text(&p, end, "("))
		return false;
	if (file && (!skip_text(&p, end, "+0x") || !skip_hex(&p, end) ||
		     !skip_text(&p, end, "(")))
		return false;
	if ((size_t)(end - p) < wn - 4 - pre || memcmp(p, w + pre, wn - 4 - pre))
		return false;
	p += wn - 4 - pre;
	return skip_text(&p, end, file ? ")))" : "))") &&
	       skip_text(&p, end, ":string") && p == end;
}

/* Whether logged command @l is @want, %pd/%pD words maybe rewritten */
static bool same_cmd(const struct str *want, const char *l, size_t ln,
		     bool dentry)
{
	const char *w = want->s, *wend = w + want->len, *lend = l + ln;
	const char *ws, *ls;

	if (want->len == ln && !memcmp(w, l, ln))
		return true;
	while (dentry && w < wend && l < lend) {
		ws = memchr(w, ' ', wend - w) ?: wend;
		ls = memchr(l, ' ', lend - l) ?: lend;
		if ((ws - w != ls - l || memcmp(w, l, ws - w)) &&
		    !is_dentry_rewrite(w, ws - w, l, ls - l))
			return false;
		w = ws + (ws < wend);
		l = ls + (ls < lend);
	}
	return dentry && w == wend && l == lend;
}

/* Each entry must name this write */
static void check_entry(struct wctx *w, const struct logent *e)
{
	bool filter = e->loclen == 24 &&
		      !memcmp(e->loc, "event filter parse error", 24);
	const struct str *want = filter ? &w->filter : &w->cmd;

	/* the two front ends that call traceprobe_expand_dentry_args() */
	bool dentry = (e->loclen == 12 && !memcmp(e->loc, "trace_kprobe", 12)) ||
		      (e->loclen == 12 && !memcmp(e->loc, "trace_fprobe", 12));

	if ((filter && !w->has_filter) ||
	    !same_cmd(want, e->cmd, e->cmdlen, dentry))
		violation("error_log names another command: %.*s",
			  e->cmdlen > 300 ? 300 : e->cmdlen, e->cmd);
}

/* Check error_log; " log=CARET:MESSAGE by=WHO" of its last entry */
static void check_log(struct wctx *w, bool rejected)
{
	struct logent e, last;
	const char *p;
	int n = 0, err;

	err = read_rel("error_log", &w->log);
	if (err) {
		str_printf(&w->res, " log=%s", errname(err));
		return;
	}
	for (p = w->log.s; *p; n++) {
		if (!parse_logent(&p, &e)) {
			violation("error_log not understood: %.100s", p);
			break;
		}
		check_entry(w, &e);
		last = e;
	}
	/*
	 * A caret past the end (+1: "index >= argc" puts it after a blank)
	 * is a bug, but one 6.12 has: a BTF member ending in ":string" with
	 * a type that cannot be one logs BAD_TYPE4STR where its offset went
	 * by a NULL pointer's distance (parse_btf_field()), a number that
	 * changes with the heap.  "far" stands for all such.
	 */
	if (n && (last.pos < 0 || last.pos > last.cmdlen + 1))
		str_printf(&w->res, " log=far:%.*s by=%.*s", last.msglen,
			   last.msg, last.loclen, last.loc);
	else if (n)
		str_printf(&w->res, " log=%ld:%.*s by=%.*s", last.pos,
			   last.msglen, last.msg, last.loclen, last.loc);
	else if (rejected)
		str_puts(&w->res, " log=none");
}

/* --- an accepted event at work ----------------------------------------- */

static int data_fd = -1;

static int fork_once(void)
{
	int status;
	pid_t pid;

	pid = fork();
	if (pid < 0)
		return errno;
	if (!pid)
		_exit(0);
	if (waitpid(pid, &status, 0) < 0)
		return errno;
	return 0;
}

/* Run what @t names HITS times, in this process only */
static void run_trigger(enum trig t)
{
	char buf[16];
	int i, fd, e = 0;
	long x = 0;

	op_begin("trigger");
	for (i = 0; i < HITS && !e; i++) {
		switch (t) {
		case T_READ:
			if (pread(data_fd, buf, sizeof(buf), 0) < 0)
				e = errno;
			break;
		case T_WRITE:
			if (pwrite(data_fd, "k", 1, 0) < 0)
				e = errno;
			break;
		case T_OPEN:
			fd = open(DATA_FILE, O_RDONLY | O_CLOEXEC);
			if (fd < 0)
				e = errno;
			else
				close(fd);
			break;
		case T_GETPPID:
			syscall(SYS_getppid);
			break;
		case T_FORK:
			e = fork_once();
			break;
		case T_SYNC:
			sync();
			break;
		case T_UCALL1:
			if (fuzz_target_1(i, 0x1234, "kpt-fuzz") != i + 0x1234)
				violation("fuzz_target_1() is wrong");
			break;
		case T_UCALL2:
			if (fuzz_target_2("kpt-fuzz", i, &x) != i + 1)
				violation("fuzz_target_2() is wrong");
			break;
		default:
			break;
		}
	}
	op_end(e);
	if (e && e != EINTR)
		violation("a trigger failed: %s", errname(e));
}

/* Enable or disable through @fd with writev(): vfs_write() is probed */
static int set_enable(int fd, char v)
{
	struct iovec io = { .iov_base = &v, .iov_len = 1 };
	int e;

	op_begin(v == '1' ? "enable" : "disable");
	e = writev(fd, &io, 1) < 0 ? errno : 0;
	op_end(e);
	return e;
}

/*
 * Enable event @ev, trigger it, disable it: 0 or enable's errno;
 * *@still_on if it could not be disabled.
 */
static int enable_and_trigger(const char *ev, enum trig t, bool *still_on)
{
	char path[512];
	int fd, e, d;

	snprintf(path, sizeof(path), TRACEFS "/events/%s/enable", ev);
	op_begin("open enable");
	fd = open(path, O_WRONLY | O_CLOEXEC);
	e = fd < 0 ? errno : 0;
	op_end(e);
	if (fd < 0)
		return e;
	e = set_enable(fd, '1');
	if (!e) {
		run_trigger(t);
		d = set_enable(fd, '0');
		if (d) {
			violation("cannot disable %s: %s", ev, errname(d));
			*still_on = true;
		}
	}
	close(fd);
	return e;
}

/*
 * Hits of @name in kprobe_profile ('k': "NAME HITS MISSES") or
 * uprobe_profile ('u': "FILE NAME HITS"), summed over its probes.
 */
static long profile_hits(char kind, const char *name, struct str *buf)
{
	const char *p, *nl;
	char *a = NULL, *b = NULL;
	unsigned long hits;
	long sum = 0;

	if (read_rel(kind == 'k' ? "kprobe_profile" : "uprobe_profile", buf))
		return -1;
	for (p = buf->s; *p; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		if (kind == 'k' && sscanf(p, "%ms %lu", &a, &hits) == 2 &&
		    !strcmp(a, name))
			sum += hits;
		if (kind == 'u' && sscanf(p, "%ms %ms %lu", &a, &b, &hits) == 3 &&
		    !strcmp(b, name))
			sum += hits;
		free(a);
		free(b);
		a = NULL;
		b = NULL;
	}
	return sum;
}

/* "-PID" after the comm (or "<...>") that starts each record of ours */
static char rec_pid[24];

/* Whether [@p, @end) starts as a record of this process: "COMM-PID [" */
static bool starts_record(const char *p, const char *end)
{
	size_t n = strlen(rec_pid);
	const char *q = memmem(p, end - p, rec_pid, n);

	/* TASK_COMM_LEN is 16 */
	if (!q || q - p > 16)
		return false;
	for (q += n; q < end && *q == ' '; q++)
		;
	return q < end && *q == '[';
}

/* trace_pipe, open (non-blocking) for the whole run */
static int pipe_fd = -1;

/*
 * Records of event @name (" NAME: " after the timestamp) read from
 * trace_pipe, and in *@others those of any other.  A line that does not
 * start as a record of this process is the rest of one whose string had
 * a newline: what a string holds may differ from boot to boot, so those
 * do not count.  Reading consumes the records, so the next event starts
 * from an empty buffer; emptying trace instead would reset the ring
 * buffer, a grace period every time.
 */
static long trace_records(const char *name, long *others, struct str *buf)
{
	size_t len = strlen(name);
	const char *p, *nl, *q, *end;
	ssize_t n;
	long recs = 0;
	int e;

	*others = 0;
	str_reset(buf);
	op_begin("read trace_pipe");
	do {
		str_reserve(buf, 16384);
		n = read(pipe_fd, buf->s + buf->len, buf->cap - buf->len - 1);
		if (n > 0)
			buf->len += n;
	} while (n > 0);
	e = n < 0 && errno != EAGAIN ? errno : 0;
	buf->s[buf->len] = '\0';
	op_end(e);
	if (e)
		return -1;
	end = buf->s + buf->len;
	/* a char argument may print as a NUL: go by the length */
	for (p = buf->s; p < end; p = nl + 1) {
		nl = memchr(p, '\n', end - p) ?: end;
		while (p < nl && *p == ' ')
			p++;
		if (!starts_record(p, nl))
			continue;
		q = memmem(p, nl - p, "] ", 2);
		q = q ? memmem(q, nl - q, ": ", 2) : NULL;
		if (q && (size_t)(nl - q) > len + 2 &&
		    !memcmp(q + 2, name, len) && q[2 + len] == ':')
			recs++;
		else
			(*others)++;
	}
	return recs;
}

/* "GRP/EVENT" of a listing line ("p:GRP/EVENT ...", "r4:GRP/EVENT ...") */
static bool event_of(const char *line, size_t n, char *ev, size_t size)
{
	const char *p = memchr(line, ':', n), *end;

	if (!p)
		return false;
	p++;
	for (end = p; end < line + n && *end != ' '; end++)
		;
	if (end == p || (size_t)(end - p) >= size || !memchr(p, '/', end - p))
		return false;
	memcpy(ev, p, end - p);
	ev[end - p] = '\0';
	return true;
}

/* Whether listing @text has a line of event @ev */
static bool has_event(const char *text, const char *ev)
{
	const char *p, *nl;
	char other[160];

	for (p = text; *p; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		if (event_of(p, nl - p, other, sizeof(other)) &&
		    !strcmp(other, ev))
			return true;
	}
	return false;
}

/*
 * Whether the uprobe of listing @line ("p:G/E PATH:0xOFFS[(0xREF)] ...")
 * may be armed: a breakpoint in this program's text that misses an
 * instruction boundary, or a reference counter the kernel increments in
 * someone's data, would break what runs here (or init's shell).
 */
static bool uprobe_safe(const char *line)
{
	const char *sp = strchr(line, ' ');
	unsigned long off, ref = 0;
	char *tok, *colon, *end;
	const struct place *n = &places[P_NEVER];
	struct stat st;
	bool safe = false;

	if (!sp)
		return false;
	tok = strndup(sp + 1, strcspn(sp + 1, " "));
	if (!tok)
		err(2, "strndup");
	colon = strrchr(tok, ':');
	if (!colon)
		goto out;
	*colon = '\0';
	off = strtoul(colon + 1, &end, 0);
	if (*end == '(')
		ref = strtoul(end + 1, NULL, 0);
	if (stat(tok, &st))
		goto out;
	if (st.st_dev != self_stat.st_dev || st.st_ino != self_stat.st_ino) {
		safe = !ref;
		goto out;
	}
	if (ref && ref != places[P_SEMAPHORE].offset)
		goto out;
	safe = off == places[P_TARGET_1].offset ||
	       off == places[P_TARGET_2].offset ||
	       (off >= n->offset && off < n->offset + FUZZ_NEVER_SIZE);
out:
	free(tok);
	return safe;
}

/* FNV-1a, to put long texts in a result line as 8 digits */
static uint32_t fnv1a(uint32_t h, const char *s, size_t n)
{
	while (n--) {
		h ^= (unsigned char)*s++;
		h *= 16777619;
	}
	return h;
}

#define FNV_INIT	2166136261u

/*
 * Hash @n bytes of listing or format text, with two kinds of number
 * hashed as one word each, for they differ between the two kernels or
 * boots: kernel addresses filled in for {addr:SYM} (as the placeholder
 * again; this program's offsets are the same on both), and if @kprobe,
 * addresses a kprobe shows as hashed pointers ("0x%p", also in automatic
 * event names: 16 digits, or "0x(____ptrval____)" while the random pool
 * is not ready, which under QEMU can be a minute into the run).
 */
static uint32_t hash_text(uint32_t h, const char *p, size_t n, bool kprobe)
{
	static const char early[] = "0x(____ptrval____)";
	const char *end = p + n;
	size_t i, len;

	while (p < end) {
		if (p[0] != '0' || p + 1 == end || p[1] != 'x') {
			h = fnv1a(h, p++, 1);
			continue;
		}
		for (i = 0; i < ARRAY_SIZE(ksyms); i++) {
			len = strlen(ksyms[i].text);
			if ((size_t)(end - p) >= len &&
			    !memcmp(p, ksyms[i].text, len) &&
			    !isxdigit((unsigned char)p[len]))
				break;
		}
		if (i < ARRAY_SIZE(ksyms)) {
			h = fnv1a(h, ksyms[i].name, strlen(ksyms[i].name));
			p += len;
		} else if (kprobe && end - p >= 18 &&
			   (strspn(p + 2, "0123456789abcdef") == 16 ||
			    !memcmp(p, early, 18))) {
			h = fnv1a(h, "0x%p", 4);
			p += 18;
		} else {
			h = fnv1a(h, p++, 1);
		}
	}
	return h;
}

static uint32_t listing_hash(const char *line, bool kprobe)
{
	return hash_text(FNV_INIT, line, strlen(line), kprobe);
}

/* A format file, hashed without its "ID:" line (the order of creation) */
static uint32_t format_hash(const struct str *f, bool kprobe)
{
	uint32_t h = FNV_INIT;
	const char *p, *nl;

	for (p = f->s; *p; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		if (!strncmp(p, "ID:", 3))
			continue;
		h = hash_text(h, p, nl - p + 1, kprobe);
	}
	return h;
}

/*
 * A new probe, listing line @line: its directory and format, enabled,
 * triggered, disabled, counted, and deleted (only the probe if it was
 * @appended to an event that was there before).
 */
static void exercise(struct wctx *w, const char *line, bool appended)
{
	char ev[160], rel[256], del[4200], kind, format[16] = "ok";
	const char *enable = "0", *name;
	long before = 0, hits = -1, recs, others = 0;
	bool still_on = false;
	struct stat st;
	int e;

	if (!event_of(line, strlen(line), ev, sizeof(ev))) {
		violation("listing line without GROUP/EVENT: %.200s", line);
		return;
	}
	name = strchr(ev, '/') + 1;
	kind = has_line(now.kprobe.s, line, strlen(line)) ? 'k' :
	       has_line(now.uprobe.s, line, strlen(line)) ? 'u' : 0;
	snprintf(rel, sizeof(rel), TRACEFS "/events/%s", ev);
	if (stat(rel, &st) || !S_ISDIR(st.st_mode))
		violation("no directory events/%s", ev);
	snprintf(rel, sizeof(rel), "events/%s/format", ev);
	e = read_rel(rel, &w->tmp);
	if (e)
		snprintf(format, sizeof(format), "%s", errname(e));
	else if (!strstr(w->tmp.s, "print fmt:"))
		violation("events/%s/format has no print fmt", ev);
	else
		snprintf(format, sizeof(format), "%08x", format_hash(&w->tmp, kind == 'k'));
	if (kind == 'u' && !uprobe_safe(line)) {
		enable = "unsafe";
	} else {
		if (appended && kind)
			before = profile_hits(kind, name, &w->tmp);
		e = enable_and_trigger(ev, w->def.trig, &still_on);
		if (e)
			enable = errname(e);
	}
	if (kind)
		hits = profile_hits(kind, name, &w->tmp);
	/* reading records of an event still on may make more of them */
	recs = still_on ? -1 : trace_records(name, &others, &w->tmp);
	snprintf(del, sizeof(del), "-:%s%s\n", ev,
		 appended ? strchrnul(line, ' ') : "");
	e = write_rel("dynamic_events", del, strlen(del), O_APPEND, "delete");
	str_printf(&w->res, " %senable=%s hits=%ld/", appended ? "append " : "",
		   enable, recs);
	/* records are this task's only (set_event_pid); hits are not */
	if (hits >= 0 && w->def.shared)
		str_putc(&w->res, '~');
	else if (hits >= 0)
		str_printf(&w->res, "%ld", hits - before);
	else
		str_putc(&w->res, '-');
	str_printf(&w->res, " format=%s delete=%s list=%08x", format,
		   e < 0 ? errname(-e) : "0", listing_hash(line, kind == 'k'));
	if (others)
		str_printf(&w->res, " stray=%ld", others);
}

/* Back to the base state after a write that left something behind */
static void restore_base(void)
{
	struct str what = { 0 };
	char ev[160], rel[256];
	const char *p, *nl, *hint = walk_hint;
	int round;

	/* whole snapshots: one may become the base */
	walk_hint = NULL;
	for (round = 0; round < 3; round++) {
		take_listings(&now);
		for (p = now.dyn.s; *p; p = *nl ? nl + 1 : nl) {
			nl = strchrnul(p, '\n');
			if (has_line(base.dyn.s, p, nl - p) ||
			    !event_of(p, nl - p, ev, sizeof(ev)))
				continue;
			snprintf(rel, sizeof(rel), "events/%s/enable", ev);
			write_rel(rel, "0", 1, 0, "disable (to restore)");
			snprintf(rel, sizeof(rel), "-:%s\n", ev);
			write_rel("dynamic_events", rel, strlen(rel), O_APPEND,
				  "delete (to restore)");
		}
		take_listings(&now);
		if (!has_event(now.dyn.s, KEEP_EVENT))
			write_rel("kprobe_events", KEEP_DEF "\n",
				  strlen(KEEP_DEF) + 1, O_APPEND,
				  "create " KEEP_EVENT " (to restore)");
		take_snapshot(&now);
		if (is_base(&now, &what))
			break;
	}
	if (round == 3) {
		violation("cannot get back to the base state: %s", what.s);
		snap_copy(&base, &now);
	}
	walk_hint = hint;
	free(what.s);
}

/* --- the run ----------------------------------------------------------- */

static void on_reject(struct wctx *w, int e)
{
	__atomic_add_fetch(&sh->rejected, 1, __ATOMIC_RELAXED);
	str_printf(&w->res, "reject errno=%s", errname(e));
	check_log(w, true);
	take_snapshot(&now);
	if (!is_base(&now, &w->tmp)) {
		violation("rejected write changed %s", w->tmp.s);
		restore_base();
	}
}

#define NEW_MAX	4

static void on_accept(struct wctx *w)
{
	char *added[NEW_MAX], ev[160];
	int nadded = 0, nremoved = 0, i;
	const char *p, *nl;

	__atomic_add_fetch(&sh->accepted, 1, __ATOMIC_RELAXED);
	str_puts(&w->res, "accept");
	take_listings(&now);
	for (p = now.dyn.s; *p; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		if (has_line(base.dyn.s, p, nl - p) || nadded == NEW_MAX)
			continue;
		added[nadded] = strndup(p, nl - p);
		if (!added[nadded++])
			err(2, "strndup");
	}
	for (p = base.dyn.s; *p; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		nremoved += !has_line(now.dyn.s, p, nl - p);
	}
	if (nadded > 1)
		violation("one line made %d probes", nadded);
	for (i = 0; i < nadded; i++) {
		exercise(w, added[i],
			 event_of(added[i], strlen(added[i]), ev, sizeof(ev)) &&
			 has_event(base.dyn.s, ev));
		free(added[i]);
	}
	if (!nadded && !nremoved)
		str_puts(&w->res, " none");
	if (nremoved)
		str_printf(&w->res, " removed=%d", nremoved);
	check_log(w, false);
	take_snapshot(&now);
	if (!is_base(&now, &w->tmp)) {
		/* a write that deleted the long-lived event is no fault */
		if (!nremoved)
			violation("accepted write left %s", w->tmp.s);
		restore_base();
	}
}

static void emit_result(struct wctx *w, long idx)
{
	struct str *o = &w->tmp;

	str_reset(o);
	str_printf(o, "%ld\t%s\t", idx, ctl_name[w->def.file]);
	str_escape(o, w->res.s, w->res.len);
	str_putc(o, '\t');
	str_escape(o, w->def.text.s, w->def.text.len);
	str_putc(o, '\n');
	write_all(results_fd, o->s, o->len);
}

static void run_write(struct wctx *w, uint64_t seed, long idx)
{
	const char *file;
	long n;

	sh->idx = idx;
	gen_def(&w->def, seed, idx);
	file = ctl_name[w->def.file];
	str_reset(&w->line);
	subst(w->def.text.s, &w->line);
	make_cmd(w, w->line.s);
	str_putc(&w->line, '\n');
	str_reset(&w->res);
	/* only this write's entries are in error_log then */
	write_rel("error_log", NULL, 0, O_TRUNC, "clear error_log");
	n = write_rel(file, w->line.s, w->line.len, O_APPEND, "write");
	walk_hint = w->line.s;
	if (n < 0) {
		on_reject(w, -n);
	} else {
		if ((size_t)n != w->line.len)
			violation("write took %ld of %zu bytes", n, w->line.len);
		on_accept(w);
	}
	walk_hint = NULL;
	__atomic_add_fetch(&sh->writes, 1, __ATOMIC_RELAXED);
	emit_result(w, idx);
}

/* The state before the run, restored at its end */
static struct snap start;

static void setup(void)
{
	static const char data[] = "kprobetrace fuzz data\n";
	char pid[32];

	op_begin("setup");
	find_places();
	find_ksyms();
	op_end(0);
	data_fd = open(DATA_FILE, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC,
		       0600);
	if (data_fd < 0 || write(data_fd, data, sizeof(data) - 1) < 0)
		err(2, DATA_FILE);
	/* records in trace come from this process alone */
	snprintf(pid, sizeof(pid), "%d", getpid());
	snprintf(rec_pid, sizeof(rec_pid), "-%d", getpid());
	if (write_rel("set_event_pid", pid, strlen(pid), O_TRUNC,
		      "set_event_pid") < 0)
		errx(2, "cannot write set_event_pid");
	write_rel("trace", NULL, 0, O_TRUNC, "clear trace");
	pipe_fd = open(TRACEFS "/trace_pipe", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (pipe_fd < 0)
		err(2, "trace_pipe");
	take_snapshot(&start);
	if (write_rel("kprobe_events", KEEP_DEF "\n", strlen(KEEP_DEF) + 1,
		      O_APPEND, "create " KEEP_EVENT) < 0)
		errx(2, "cannot create %s", KEEP_DEF);
	take_snapshot(&base);
}

static void teardown(void)
{
	struct str what = { 0 };

	sh->idx = -1;
	write_rel("dynamic_events", "-:" KEEP_EVENT "\n",
		  strlen(KEEP_EVENT) + 3, O_APPEND, "delete " KEEP_EVENT);
	snap_copy(&base, &start);
	take_snapshot(&now);
	if (!is_base(&now, &what))
		violation("the run left %s", what.s);
	write_rel("set_event_pid", NULL, 0, O_TRUNC, "clear set_event_pid");
	close(data_fd);
	close(pipe_fd);
	unlink(DATA_FILE);
	free(what.s);
}

static void worker(uint64_t seed, long first, long count)
{
	struct sigaction sa = { .sa_handler = on_alarm };
	struct wctx w = { 0 };
	long idx;

	/* no SA_RESTART: the alarm must cut a blocked call short */
	sigaction(SIGALRM, &sa, NULL);
	setup();
	for (idx = first; idx < first + count; idx++)
		run_write(&w, seed, idx);
	teardown();
}

/*
 * Wait for the worker; if it makes no progress for WATCHDOG seconds
 * (a call stuck where no signal reaches it), report it and give up on it.
 */
static void watch(pid_t pid)
{
	struct timespec tick = { 0, 200 * 1000 * 1000 };
	unsigned long beat = 0, b;
	int still = 0, status;

	for (;;) {
		if (waitpid(pid, &status, WNOHANG) == pid) {
			if (!WIFEXITED(status) || WEXITSTATUS(status))
				violation("the worker ended with status 0x%x",
					  status);
			return;
		}
		nanosleep(&tick, NULL);
		b = __atomic_load_n(&sh->beat, __ATOMIC_ACQUIRE);
		if (b != beat) {
			beat = b;
			still = 0;
		} else if (++still >= WATCHDOG * 5) {
			violation("timeout %s (stuck)", sh->op);
			kill(pid, SIGKILL);
			return;
		}
	}
}

static int run(uint64_t seed, long first, long count, const char *results)
{
	struct timespec t0, t1;
	pid_t pid;
	int i;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		err(2, "mmap");
	sh->idx = -1;
	results_fd = open(results, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND |
			  O_CLOEXEC, 0644);
	if (results_fd < 0)
		err(2, "%s", results);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		err(2, "fork");
	if (!pid) {
		worker(seed, first, count);
		_exit(0);
	}
	watch(pid);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("FUZZ writes=%ld accepted=%ld rejected=%ld violations=%ld seconds=%.1f\n",
	       sh->writes, sh->accepted, sh->rejected, sh->violations,
	       (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
	for (i = 0; i < OP_KINDS && sh->times[i].kind[0]; i++)
		printf("TIME %-28s %8ld %8.1f s\n", sh->times[i].kind,
		       sh->times[i].count, sh->times[i].seconds);
	return sh->violations ? 1 : 0;
}

static void __noreturn bad_usage(void)
{
	fprintf(stderr,
		"usage: kpt_fuzz -s SEED -n COUNT [-f FIRST] -o RESULTS\n"
		"       kpt_fuzz -s SEED -n COUNT [-f FIRST] --show\n");
	exit(2);
}

static long number(const char *s)
{
	char *end;
	long n = strtol(s, &end, 0);

	if (!*s || *end || n < 0)
		bad_usage();
	return n;
}

int main(int argc, char **argv)
{
	const char *results = NULL;
	long first = 0, count = -1;
	uint64_t seed = 0;
	bool seeded = false, show_only = false;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--show")) {
			show_only = true;
			continue;
		}
		if (i + 1 >= argc || argv[i][0] != '-' || strlen(argv[i]) != 2)
			bad_usage();
		switch (argv[i++][1]) {
		case 's':
			seed = strtoull(argv[i], NULL, 0);
			seeded = true;
			break;
		case 'n':
			count = number(argv[i]);
			break;
		case 'f':
			first = number(argv[i]);
			break;
		case 'o':
			results = argv[i];
			break;
		default:
			bad_usage();
		}
	}
	if (!seeded || count < 0 || show_only == !!results)
		bad_usage();
	if (show_only) {
		show(seed, first, count);
		return 0;
	}
	return run(seed, first, count, results);
}
