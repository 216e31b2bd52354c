// SPDX-License-Identifier: GPL-2.0
/*
 * kpt_bench: the guest side of `make bench` (harness/bench.sh)
 *
 *   kpt_bench probes HITS MIDOFF   the per-hit matrix
 *   kpt_bench profile HITS MIDOFF  the same, for `make bench PROFILE=1`
 *   kpt_bench control              the control-plane rows
 *   kpt_bench mass                 1000 fprobe events (make bench MASS=1)
 *
 * The guest runs under QEMU with -icount shift=0: its clock advances one
 * nanosecond per executed instruction, so CLOCK_MONOTONIC differences are
 * instruction counts.  A measurement is the guest time of HITS calls of
 * the probed function: kpt_bench_target() in the kpt_bench module (one
 * KPT_BENCH_IOC_RUN ioctl), getppid()'s system call
 * (__x64_sys_getppid on x86-64: HITS getppid() calls),
 * kpt_bench_ufunc() in this program (HITS calls, for the uprobe rows) or
 * the module's trace event kpt_bench_hit (one KPT_BENCH_IOC_EVENT ioctl,
 * for the eprobe row).
 * Each row measures HITS calls with its event defined but disabled
 * (the baseline) and again with it enabled; the host divides the
 * difference by HITS.  Each row runs twice (rep 0 and 1), so the output
 * shows how far two identical runs agree.  MIDOFF is the offset of the
 * mid-function probe in kpt_bench_target(), found by the host.
 *
 * The floors are the same measurement with a bare kprobe, kretprobe,
 * fprobe, uprobe or tracepoint probe with an empty handler (armed by the
 * module) instead of an event.
 *
 * Output, one line per result (stdout):
 *   def ID SITE DEFINITION      the row's floor site and kprobe_events line
 *   row ID rep R base NS event NS
 *   floor SITE rep R base NS probe NS
 *   probe ID LINE code XX       the armed probe's kprobes/list line (or
 *                               its kind, for the sites that are not
 *                               kprobes) and the code at the probed
 *                               address, if the site has one (CODE_BYTES)
 *   na ID SITE REASON           a row that this kernel cannot have: its
 *                               site cannot be probed (see site_missing)
 *   na floor SITE REASON        the same for a floor
 *   cp STEP rep R ns NS         control-plane step time
 *   cpdef STEPS DEFINITION      the definition of control-plane steps
 *   na cp STEPS REASON          control-plane steps this kernel cannot have
 *   mem FIELD rep R kb KB       /proc/meminfo delta over 1000 events
 *   prof ID rep R base SEG event SEG
 *                               (profile) the segments of the kpt_prof
 *                               plugin that hold the two measurements;
 *                               ID is a row, or floor_SITE
 *   error TEXT                  something failed
 *
 * In profile mode every measurement is bracketed by two getpgid(0) calls:
 * the kpt_prof plugin starts a new segment of its instruction counts at
 * each call of getpgid's system call (KPT_SYS "getpgid"), which nothing
 * else in the guest calls.
 *
 * A few rows measure upstream 7.3's fetch-argument grammar, which ours
 * accepts and 6.12 does not: on stock they run instead the classic
 * +OFFS(...) chain that reads the same memory into the same type (a
 * row's stock_args).  /kpt/variant, written by harness/bench.sh, says
 * which kernel this is: "stock" or "ours".
 *
 * Build: gcc -static -O2 -Wall -Werror.  Run as root with the module
 * loaded, tracefs at /sys/kernel/tracing, debugfs at /sys/kernel/debug
 * and sysfs at /sys.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include "kpt_bench.h"
#include "../kpt_arch.h"
#include "../kpt_where.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define STR_(x)		#x
#define STR(x)		STR_(x)

#define TRACEFS		"/sys/kernel/tracing"
#define KPROBES_LIST	"/sys/kernel/debug/kprobes/list"
#define OPT_SYSCTL	"/proc/sys/debug/kprobes-optimization"
#define DEVICE		"/dev/kpt_bench"
#define TARGET		"kpt_bench_target"
#define TRACE_EVENT	"kpt_bench/kpt_bench_hit"
#define GETPPID		KPT_SYS "getppid"
#define VARIANT		"/kpt/variant"
/* The module's offsetof(struct task_struct, pid) */
#define PID_OFFSET	"/sys/module/kpt_bench/parameters/task_pid_offset"
/* The first four arguments, in their registers */
#define REGS4		"a=" KPT_ARG1 " b=" KPT_ARG2 " c=" KPT_ARG3 " d=" KPT_ARG4

/*
 * kpt_bench_target()'s fifth and sixth arguments, the calling task and
 * this CPU's counter, in their registers: kpt_arch.h names the first four
 * only, as the guest tests' kpt_arch does.
 */
#if defined(__x86_64__)
#define ARG5		"%r8"
#define ARG6		"%r9"
#elif defined(__aarch64__)
#define ARG5		"%x4"
#define ARG6		"%x5"
#endif

/*
 * The rows of 7.3's grammar (ours) and what stock runs for them.  cast:
 * the untyped first argument register cast to the module's struct through
 * its BTF, the same reads as the deref row's chain.  current: the task's
 * pid, which stock reads through the task kpt_bench_target() gets, at an
 * offset only the module knows (stock_current, built at run time).
 * percpu: this CPU's counter, which stock reads through the pointer to it
 * kpt_bench_target() gets.  The types are given on both sides, so that
 * the records are alike.
 */
#define CAST_OURS	"v=(kpt_bench_obj)" KPT_ARG1 "->next->value:u64"
#define CAST_STOCK	"v=+" STR(KPT_BENCH_OFF_VALUE) "(+" \
			STR(KPT_BENCH_OFF_NEXT) "(" KPT_ARG1 ")):u64"
#define CURRENT_OURS	"p=$current->pid:s32"
#define PERCPU_OURS	"c=this_cpu_read(@kpt_bench_pcpu):u64"
#define PERCPU_STOCK	"c=+0(" ARG6 "):u64"
/* $comm is as long as the other strings: 15 characters */
#define COMM		"kprobetrace-cmd"
/* Calls before each measurement, so that nothing is measured cold */
#define WARM		200
#define REPS		2
/* How long to wait for probe code to change, in 10 ms steps */
#define CODE_POLLS	300

/*
 * The code a live probe puts at its address, which the driver waits for
 * before it measures.  x86-64: the first byte; at a function's entry the
 * ftrace call (e8: kprobes sit on ftrace there), in the middle the int3
 * (cc) or, once optimized, the jmp (e9); a uprobe's int3.  arm64: the
 * whole instruction, the BRK of kprobes or of uprobes; arm64 6.12 has
 * neither kprobes on ftrace nor optimized kprobes, so its entry probe is
 * a BRK on the first of ftrace's two patchable NOPs.
 */
#if defined(__x86_64__)
#define CODE_BYTES	1
#define CODE_ENTRY	0xe8
#define CODE_KPROBE	0xcc
#define CODE_OPTIMIZED	0xe9
#define CODE_UPROBE	0xcc
#elif defined(__aarch64__)
#define CODE_BYTES	4
#define CODE_KPROBE	0xd4200080	/* brk #KPROBES_BRK_IMM */
#define CODE_ENTRY	CODE_KPROBE
#define CODE_OPTIMIZED	(-1)		/* never: see site_missing() */
#define CODE_UPROBE	0xd42000a0	/* brk #UPROBES_BRK_IMM */
#endif

static const char ustr[] = KPT_BENCH_USTR;
static unsigned long hits;
static unsigned int midoff;
static int dev_fd = -1;
static bool profile;		/* kpt_bench profile: mark the measurements */
/* Where kpt_bench_ufunc() is, as a uprobe event names it */
static char self_path[KPT_WHERE_PATH_MAX];
static unsigned long ufunc_offset;
static unsigned long usink;
static bool on_stock;		/* /kpt/variant: the stock 6.12 kernel */
/* The current row's definition on stock: "p=+OFFS(ARG5):s32" */
static char stock_current[64];

enum trigger { TRIG_TARGET, TRIG_GETPPID, TRIG_UFUNC, TRIG_EVENT };

/* What a row's probe sits on, which also picks its floor */
enum site {
	SITE_ENTRY,		/* kpt_bench_target (+0) */
	SITE_RET,		/* a kretprobe on kpt_bench_target */
	SITE_MID_INT3,		/* kpt_bench_target+MIDOFF, optimization off */
	SITE_MID_OPT,		/* the same, jump-optimized */
	SITE_GETPPID,		/* GETPPID, called by getppid() */
	SITE_FENTRY,		/* an fprobe on kpt_bench_target */
	SITE_UPROBE,		/* kpt_bench_ufunc() in this program */
	SITE_EVENT,		/* the trace event kpt_bench_hit */
	NR_SITES
};

/* The code at each site, unprobed (-1: the site has none to watch) */
static long orig_code[NR_SITES];
/* Why a site cannot be probed on this kernel (NULL: it can) */
static const char *missing[NR_SITES];

enum setup {
	SETUP_PLAIN,		/* enabled in the top-level instance */
	SETUP_TWO_INSTANCES,	/* enabled in instances kpa and kpb only */
	SETUP_FILTER,		/* a filter that rejects every record */
	SETUP_TRACING_OFF,	/* enabled while tracing_on is 0 */
	SETUP_DISABLED,		/* defined and never enabled */
};

struct row {
	const char *id;		/* event name in group kpt */
	const char *args;	/* fetch arguments, after the probe point */
	bool ret;		/* a kretprobe event */
	enum site site;
	enum setup setup;
	const char *stock_args;	/* the fetch arguments on stock (NULL: @args) */
};

static const char * const site_name[NR_SITES] = {
	"entry", "ret", "mid_int3", "mid_opt", "getppid", "fentry", "uprobe",
	"event",
};

/* The matrix.  The ids are what the host's table is keyed on. */
static const struct row rows[] = {
	{ "noargs", "", false, SITE_ENTRY, SETUP_PLAIN },
	{ "regs4", REGS4, false, SITE_ENTRY, SETUP_PLAIN },
	{ "deref", "v=+" STR(KPT_BENCH_OFF_VALUE) "(+" STR(KPT_BENCH_OFF_NEXT)
	  "(" KPT_ARG1 "))", false, SITE_ENTRY, SETUP_PLAIN },
	{ "kstring", "s=+0(" KPT_ARG2 "):string", false, SITE_ENTRY, SETUP_PLAIN },
	{ "comm", "c=$comm", false, SITE_ENTRY, SETUP_PLAIN },
	{ "ustring", "u=+0(" KPT_ARG3 "):ustring", false, SITE_ENTRY, SETUP_PLAIN },
	{ "array", "a=+" STR(KPT_BENCH_OFF_BYTES) "(" KPT_ARG1 "):u8[16]", false,
	  SITE_ENTRY, SETUP_PLAIN },
	{ "bitfield", "f=+" STR(KPT_BENCH_OFF_FLAGS) "(" KPT_ARG1 "):b4@3/32", false,
	  SITE_ENTRY, SETUP_PLAIN },
	{ "cast", CAST_OURS, false, SITE_ENTRY, SETUP_PLAIN, CAST_STOCK },
	{ "current", CURRENT_OURS, false, SITE_ENTRY, SETUP_PLAIN,
	  stock_current },
	{ "percpu", PERCPU_OURS, false, SITE_ENTRY, SETUP_PLAIN, PERCPU_STOCK },
	{ "ret_noargs", "", true, SITE_RET, SETUP_PLAIN },
	{ "ret_retval", "r=$retval", true, SITE_RET, SETUP_PLAIN },
	{ "ret_arg", "n=$arg4", true, SITE_RET, SETUP_PLAIN },
	{ "mid_int3", "", false, SITE_MID_INT3, SETUP_PLAIN },
	{ "mid_opt", "", false, SITE_MID_OPT, SETUP_PLAIN },
	{ "two_regs4", REGS4, false, SITE_ENTRY,
	  SETUP_TWO_INSTANCES },
	{ "two_kstring", "s=+0(" KPT_ARG2 "):string", false, SITE_ENTRY,
	  SETUP_TWO_INSTANCES },
	{ "filtered", REGS4, false, SITE_ENTRY,
	  SETUP_FILTER },
	{ "tracing_off", REGS4, false, SITE_ENTRY,
	  SETUP_TRACING_OFF },
	{ "getppid", "", false, SITE_GETPPID, SETUP_PLAIN },
	{ "u_noargs", "", false, SITE_UPROBE, SETUP_PLAIN },
	{ "u_regs2", "a=" KPT_ARG1 " b=" KPT_ARG2, false, SITE_UPROBE, SETUP_PLAIN },
	{ "u_ustring", "s=+0(" KPT_ARG2 "):ustring", false, SITE_UPROBE, SETUP_PLAIN },
	{ "f_noargs", "", false, SITE_FENTRY, SETUP_PLAIN },
	{ "f_args4", "a=$arg1 b=$arg2 c=$arg3 d=$arg4", false, SITE_FENTRY,
	  SETUP_PLAIN },
	{ "f_disabled", "", false, SITE_FENTRY, SETUP_DISABLED },
	{ "e_fields", "seq=$seq v=+" STR(KPT_BENCH_OFF_VALUE) "($obj):u64",
	  false, SITE_EVENT, SETUP_PLAIN },
};

static const char * const instances[] = { "kpa", "kpb" };

/* The row's fetch arguments on the kernel this runs on */
static const char *row_args(const struct row *r)
{
	return on_stock && r->stock_args ? r->stock_args : r->args;
}

static void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

/* Write @text to @path (relative to tracefs unless absolute); 0 or -errno */
static int put(const char *path, const char *text, int flags)
{
	char full[256];
	ssize_t n;
	int fd, ret = 0;

	if (path[0] != '/')
		snprintf(full, sizeof(full), TRACEFS "/%s", path);
	else
		snprintf(full, sizeof(full), "%s", path);
	fd = open(full, O_WRONLY | flags);
	if (fd < 0)
		return -errno;
	n = write(fd, text, strlen(text));
	if (n < 0)
		ret = -errno;
	close(fd);
	return ret;
}

static bool put_ok(const char *path, const char *text, int flags)
{
	int ret = put(path, text, flags);

	if (ret)
		say("error write '%s' to %s: %s", text, path, strerror(-ret));
	return !ret;
}

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/*
 * The uprobe rows' probed function: not inlined, one known frame, its
 * second argument the user string the string row fetches.
 */
__attribute__((noinline, used)) unsigned long
kpt_bench_ufunc(unsigned long seq, const char *s)
{
	asm volatile("" : : "r"(s) : "memory");
	return seq ^ (unsigned char)s[0];
}

static void trigger(enum trigger t, unsigned long n)
{
	struct kpt_bench_run run = {
		.count = n,
		.ustr = (uintptr_t)ustr,
	};
	unsigned long i;

	switch (t) {
	case TRIG_GETPPID:
		for (i = 0; i < n; i++)
			getppid();
		break;
	case TRIG_UFUNC:
		for (i = 0; i < n; i++)
			usink += kpt_bench_ufunc(i, ustr);
		break;
	case TRIG_EVENT:
		if (ioctl(dev_fd, KPT_BENCH_IOC_EVENT, &run))
			say("error ioctl event: %s", strerror(errno));
		break;
	default:
		if (ioctl(dev_fd, KPT_BENCH_IOC_RUN, &run))
			say("error ioctl run: %s", strerror(errno));
		break;
	}
}

/*
 * Return at a timer tick: CLOCK_MONOTONIC_COARSE moves only there.  A
 * measurement that starts right after a tick sees the following ticks at
 * the same points of its work every time, so two identical runs take the
 * same number of instructions, tick handlers included.
 */
static void wait_tick(void)
{
	struct timespec a, b;

	clock_gettime(CLOCK_MONOTONIC_COARSE, &a);
	do {
		clock_gettime(CLOCK_MONOTONIC_COARSE, &b);
	} while (a.tv_nsec == b.tv_nsec && a.tv_sec == b.tv_sec);
}

/*
 * Profile mode: end the plugin's current segment.  Returns the number of
 * the segment just ended (the plugin numbers them from 0 at boot).
 */
static unsigned int mark(void)
{
	static unsigned int marks;

	if (!profile)
		return 0;
	syscall(SYS_getpgid, 0);
	return marks++;
}

/*
 * Guest time of @hits calls, after a warm-up, from a timer tick; in
 * profile mode *@seg gets the plugin segment of those calls.
 */
static unsigned long long measure(enum trigger t, unsigned int *seg)
{
	unsigned long long t0, t1;

	trigger(t, WARM);
	wait_tick();
	mark();
	t0 = now_ns();
	trigger(t, hits);
	t1 = now_ns();
	*seg = mark();
	return t1 - t0;
}

static enum trigger site_trigger(enum site site)
{
	switch (site) {
	case SITE_GETPPID:
		return TRIG_GETPPID;
	case SITE_UPROBE:
		return TRIG_UFUNC;
	case SITE_EVENT:
		return TRIG_EVENT;
	default:
		return TRIG_TARGET;
	}
}

/* A kprobe or kretprobe site: its probe shows in kprobes/list */
static bool site_is_kprobe(enum site site)
{
	return site <= SITE_GETPPID;
}

/* What probes a site that is not a kprobe's */
static const char *site_kind(enum site site)
{
	if (site == SITE_FENTRY)
		return "fprobe";
	return site == SITE_UPROBE ? "uprobe" : "tracepoint";
}

/* The probe point of @site, as a definition writes it */
static void site_point(enum site site, char *buf, size_t size)
{
	switch (site) {
	case SITE_GETPPID:
		snprintf(buf, size, GETPPID);
		break;
	case SITE_MID_INT3:
	case SITE_MID_OPT:
		snprintf(buf, size, TARGET "+0x%x", midoff);
		break;
	case SITE_UPROBE:
		snprintf(buf, size, "%s:0x%lx", self_path, ufunc_offset);
		break;
	case SITE_EVENT:
		snprintf(buf, size, TRACE_EVENT);
		break;
	default:
		snprintf(buf, size, TARGET);
		break;
	}
}

/* The definition's command letter and the file it is written to */
static char site_command(const struct row *r)
{
	if (r->ret)
		return 'r';
	if (r->site == SITE_FENTRY)
		return 'f';
	return r->site == SITE_EVENT ? 'e' : 'p';
}

static const char *site_file(enum site site)
{
	if (site == SITE_UPROBE)
		return "uprobe_events";
	return site_is_kprobe(site) ? "kprobe_events" : "dynamic_events";
}

/*
 * Kprobe optimization on (the default) or off; a kernel that does not
 * optimize kprobes has no such switch, and its probes are all traps.
 */
static bool optimize(bool on)
{
	if (access(OPT_SYSCTL, F_OK))
		return true;
	return put_ok(OPT_SYSCTL, on ? "1" : "0", O_TRUNC);
}

static bool set_optimization(enum site site)
{
	return optimize(site != SITE_MID_INT3);
}

/* Whether this kernel has fprobe events: the f: line of tracing/README */
static bool have_fprobe_events(void)
{
	char line[256];
	bool found = false;
	FILE *f;

	f = fopen(TRACEFS "/README", "r");
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = strstr(line, "f[:[<group>/][<event>]]");
	fclose(f);
	return found;
}

/* Why @site cannot be probed on this kernel, or NULL */
static const char *site_missing(enum site site)
{
	if (site == SITE_MID_OPT && access(OPT_SYSCTL, F_OK))
		return "this kernel does not optimize kprobes";
	if (site == SITE_FENTRY && !have_fprobe_events())
		return "this kernel has no fprobe events";
	return NULL;
}

/* The first CODE_BYTES bytes of @p, as a little-endian number */
static long code_of(const unsigned char *p)
{
	long code = 0;
	int i;

	for (i = CODE_BYTES - 1; i >= 0; i--)
		code = code << 8 | p[i];
	return code;
}

/* The code at @offset in kpt_bench_target(), or -1 */
static long peek(unsigned int offset)
{
	struct kpt_bench_peek p = { .offset = offset };

	if (ioctl(dev_fd, KPT_BENCH_IOC_PEEK, &p))
		return -1;
	return code_of(p.code);
}

/*
 * The code at @site: at the entry or the mid-function offset of
 * kpt_bench_target(), or at kpt_bench_ufunc() as this process sees it (a
 * uprobe's trap is in its copy of the page); -1 for the sites without one.
 */
static long site_code(enum site site)
{
	switch (site) {
	case SITE_ENTRY:
	case SITE_RET:
	case SITE_FENTRY:
		return peek(0);
	case SITE_MID_INT3:
	case SITE_MID_OPT:
		return peek(midoff);
	case SITE_UPROBE:
		return code_of((const unsigned char *)kpt_bench_ufunc);
	default:
		return -1;
	}
}

/*
 * The code at @site while its probe is live (see CODE_BYTES): kprobes/list
 * says OPTIMIZED as soon as the optimizer is queued, while the int3 is
 * still there; the jump is written OPTIMIZE_DELAY later.
 */
static long armed_code(enum site site)
{
	switch (site) {
	case SITE_ENTRY:
	case SITE_RET:
	case SITE_FENTRY:
		return CODE_ENTRY;
	case SITE_MID_INT3:
		return CODE_KPROBE;
	case SITE_UPROBE:
		return CODE_UPROBE;
	case SITE_MID_OPT:
		return CODE_OPTIMIZED;
	default:
		return -1;
	}
}

/* Poll until the code at @site is @code */
static bool wait_code(enum site site, long code)
{
	int poll;

	for (poll = 0; poll < CODE_POLLS; poll++) {
		if (site_code(site) == code)
			return true;
		usleep(10000);
	}
	return false;
}

static bool wait_armed(enum site site)
{
	return wait_code(site, armed_code(site));
}

/* Wait until the code at @site is the original again (unoptimizing lags) */
static bool wait_quiet(enum site site)
{
	return wait_code(site, orig_code[site]);
}

/* The kprobes/list line of the armed probe (every other one is disabled) */
static bool probe_line(char *line, size_t size)
{
	bool found = false;
	FILE *f;

	f = fopen(KPROBES_LIST, "r");
	if (!f)
		return false;
	while (!found && fgets(line, size, f))
		found = !strstr(line, "[DISABLED]");
	fclose(f);
	line[strcspn(line, "\n")] = '\0';
	return found;
}

/*
 * Wait for the probe just enabled on @site to be live; on the first rep,
 * print its kprobes/list line and the code at the probed address.
 */
static bool check_armed(const char *what, const char *id, enum site site,
			int rep)
{
	char line[256];
	long code;

	if (!wait_armed(site)) {
		say("error %s %s: the probe's code did not appear", what, id);
		return false;
	}
	if (rep)
		return true;
	if (!site_is_kprobe(site)) {
		snprintf(line, sizeof(line), "%s", site_kind(site));
	} else if (!probe_line(line, sizeof(line))) {
		say("error %s %s: no armed probe in " KPROBES_LIST, what, id);
		return false;
	}
	code = site_code(site);
	if (code < 0)
		say("probe %s_%s %s", what, id, line);
	else
		say("probe %s_%s %s code %02lx", what, id, line, code);
	return true;
}

static bool enable_row(const struct row *r, const char *val)
{
	char path[128];
	size_t i;

	if (r->setup != SETUP_TWO_INSTANCES) {
		snprintf(path, sizeof(path), "events/kpt/%s/enable", r->id);
		return put_ok(path, val, O_TRUNC);
	}
	for (i = 0; i < ARRAY_SIZE(instances); i++) {
		snprintf(path, sizeof(path),
			 "instances/%s/events/kpt/%s/enable", instances[i],
			 r->id);
		if (!put_ok(path, val, O_TRUNC))
			return false;
	}
	return true;
}

/* Empty the ring buffers the row writes to, so every rep starts alike */
static void clear_buffers(const struct row *r)
{
	char path[128];
	size_t i;

	if (r->setup != SETUP_TWO_INSTANCES) {
		put_ok("trace", "", O_TRUNC);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(instances); i++) {
		snprintf(path, sizeof(path), "instances/%s/trace",
			 instances[i]);
		put_ok(path, "", O_TRUNC);
	}
}

static bool row_setup(const struct row *r)
{
	char def[512], point[KPT_WHERE_PATH_MAX + 32], path[128];
	size_t i;

	site_point(r->site, point, sizeof(point));
	snprintf(def, sizeof(def), "%c:kpt/%s %s %s", site_command(r),
		 r->id, point, row_args(r));
	say("def %s %s %s", r->id, site_name[r->site], def);
	if (!set_optimization(r->site) ||
	    !put_ok(site_file(r->site), def, O_APPEND))
		return false;
	if (r->setup == SETUP_FILTER) {
		snprintf(path, sizeof(path), "events/kpt/%s/filter", r->id);
		return put_ok(path, "a == 0", O_TRUNC);
	}
	if (r->setup != SETUP_TWO_INSTANCES)
		return true;
	for (i = 0; i < ARRAY_SIZE(instances); i++) {
		snprintf(path, sizeof(path), TRACEFS "/instances/%s",
			 instances[i]);
		if (mkdir(path, 0755)) {
			say("error mkdir %s: %s", path, strerror(errno));
			return false;
		}
	}
	return true;
}

static void row_teardown(const struct row *r)
{
	char path[128];
	size_t i;

	if (r->setup == SETUP_TWO_INSTANCES) {
		for (i = 0; i < ARRAY_SIZE(instances); i++) {
			snprintf(path, sizeof(path), TRACEFS "/instances/%s",
				 instances[i]);
			rmdir(path);
		}
	}
	snprintf(path, sizeof(path), "-:kpt/%s", r->id);
	put_ok(site_file(r->site), path, O_APPEND);
	optimize(true);
}

/*
 * A defined fprobe event is on its function's ftrace call even while it
 * is disabled (6.12 registers the fprobe at definition and skips its
 * handler while disabled).  Its rows are defined after the baseline, so
 * that the baseline is the unprobed function, as for every other row and
 * for the floor.
 */
static bool armed_when_defined(const struct row *r)
{
	return r->site == SITE_FENTRY;
}

/*
 * Enable the row's event and wait until its code is live.  The row of an
 * event that is only defined shows, on its first rep, what code its
 * function has then: 6.12 has put its fprobe on the ftrace call.
 */
static bool arm_row(const struct row *r, int rep)
{
	if (r->setup != SETUP_DISABLED)
		return enable_row(r, "1") &&
		       check_armed("row", r->id, r->site, rep);
	if (!rep)
		say("probe row_%s %s defined code %02lx", r->id,
		    site_kind(r->site), site_code(r->site));
	return true;
}

/* One rep of a row: baseline, then enabled; false if it did not run */
static bool row_rep(const struct row *r, int rep)
{
	enum trigger t = site_trigger(r->site);
	unsigned long long base, event;
	unsigned int base_seg, event_seg;
	bool ok;

	if (!wait_quiet(r->site)) {
		say("error row %s: the probe's code did not go", r->id);
		return false;
	}
	base = measure(t, &base_seg);
	ok = !armed_when_defined(r) || row_setup(r);
	ok = ok && arm_row(r, rep);
	if (ok && r->setup == SETUP_TRACING_OFF)
		ok = put_ok("tracing_on", "0", O_TRUNC);
	if (ok) {
		clear_buffers(r);
		event = measure(t, &event_seg);
	}
	if (r->setup == SETUP_TRACING_OFF)
		put_ok("tracing_on", "1", O_TRUNC);
	enable_row(r, "0");
	if (armed_when_defined(r))
		row_teardown(r);
	if (ok)
		say("row %s rep %d base %llu event %llu", r->id, rep,
		    base, event);
	if (ok && profile)
		say("prof %s rep %d base %u event %u", r->id, rep, base_seg,
		    event_seg);
	return ok;
}

static void run_row(const struct row *r)
{
	int rep;

	if (missing[r->site]) {
		say("na %s %s %s", r->id, site_name[r->site],
		    missing[r->site]);
		return;
	}
	if (armed_when_defined(r)) {
		for (rep = 0; rep < REPS; rep++)
			if (!row_rep(r, rep))
				break;
		return;
	}
	if (row_setup(r)) {
		for (rep = 0; rep < REPS; rep++)
			if (!row_rep(r, rep))
				break;
	}
	row_teardown(r);
}

/* What the module arms as the floor of @site */
static void floor_probe(enum site site, struct kpt_bench_floor *f)
{
	memset(f, 0, sizeof(*f));
	snprintf(f->symbol, sizeof(f->symbol), "%s",
		 site == SITE_GETPPID ? GETPPID : TARGET);
	switch (site) {
	case SITE_RET:
		f->kind = KPT_BENCH_FLOOR_KRETPROBE;
		break;
	case SITE_MID_INT3:
	case SITE_MID_OPT:
		f->kind = KPT_BENCH_FLOOR_KPROBE;
		f->offset = midoff;
		break;
	case SITE_FENTRY:
		f->kind = KPT_BENCH_FLOOR_FPROBE;
		break;
	case SITE_UPROBE:
		f->kind = KPT_BENCH_FLOOR_UPROBE;
		f->offset = ufunc_offset;
		snprintf(f->symbol, sizeof(f->symbol), "%s", self_path);
		break;
	case SITE_EVENT:
		f->kind = KPT_BENCH_FLOOR_TRACEPOINT;
		break;
	default:
		f->kind = KPT_BENCH_FLOOR_KPROBE;
		break;
	}
}

/* The bare probe of @site, with an empty handler, armed by the module */
static void run_floor(enum site site)
{
	struct kpt_bench_floor f;
	enum trigger t = site_trigger(site);
	unsigned long long base, probe;
	unsigned int base_seg, probe_seg;
	bool ok;
	int rep;

	if (missing[site]) {
		say("na floor %s %s", site_name[site], missing[site]);
		return;
	}
	floor_probe(site, &f);
	if (!set_optimization(site))
		return;
	for (rep = 0; rep < REPS; rep++) {
		if (!wait_quiet(site)) {
			say("error floor %s: the probe's code did not go",
			    site_name[site]);
			break;
		}
		base = measure(t, &base_seg);
		if (ioctl(dev_fd, KPT_BENCH_IOC_FLOOR, &f)) {
			say("error floor %s: %s", site_name[site],
			    strerror(errno));
			break;
		}
		ok = check_armed("floor", site_name[site], site, rep);
		if (ok)
			probe = measure(t, &probe_seg);
		ioctl(dev_fd, KPT_BENCH_IOC_UNFLOOR);
		if (!ok)
			break;
		say("floor %s rep %d base %llu probe %llu", site_name[site],
		    rep, base, probe);
		if (profile)
			say("prof floor_%s rep %d base %u event %u",
			    site_name[site], rep, base_seg, probe_seg);
	}
	optimize(true);
}

/* The first line of @path, without its newline; false if there is none */
static bool read_line(const char *path, char *buf, int size)
{
	FILE *f = fopen(path, "r");
	bool ok = f && fgets(buf, size, f);

	if (!ok)
		say("error read %s: %s", path, f ? "empty" : strerror(errno));
	if (f)
		fclose(f);
	if (ok)
		buf[strcspn(buf, "\n")] = '\0';
	return ok;
}

/*
 * Which kernel this is, from /kpt/variant; on stock, the current row's
 * definition, which needs offsetof(struct task_struct, pid): the module
 * has it, this program cannot (it depends on the kernel's config).
 */
static bool read_variant(void)
{
	char line[32];
	char *end;
	unsigned long off;

	if (!read_line(VARIANT, line, sizeof(line)))
		return false;
	on_stock = !strcmp(line, "stock");
	if (!on_stock && strcmp(line, "ours")) {
		say("error " VARIANT ": unknown kernel '%s'", line);
		return false;
	}
	if (!on_stock)
		return true;
	if (!read_line(PID_OFFSET, line, sizeof(line)))
		return false;
	off = strtoul(line, &end, 10);
	if (end == line || *end) {
		say("error " PID_OFFSET ": '%s'", line);
		return false;
	}
	snprintf(stock_current, sizeof(stock_current), "p=+%lu(%s):s32",
		 off, ARG5);
	return true;
}

static int probes(void)
{
	size_t i;
	int s;

	if (!read_variant())
		return 1;
	dev_fd = open(DEVICE, O_RDWR);
	if (dev_fd < 0) {
		say("error open " DEVICE ": %s", strerror(errno));
		return 1;
	}
	if (!kpt_where(kpt_bench_ufunc, self_path, &ufunc_offset) ||
	    strlen(self_path) >= sizeof(((struct kpt_bench_floor *)0)->symbol)) {
		say("error kpt_bench_ufunc: no file offset");
		return 1;
	}
	/* the buffers are allocated at the first use: do it before timing */
	put_ok("buffer_size_kb", "2048", O_TRUNC);
	for (s = 0; s < NR_SITES; s++) {
		orig_code[s] = site_code(s);
		missing[s] = site_missing(s);
	}
	say("hits %lu midoff %u code %02lx %02lx", hits, midoff,
	    orig_code[SITE_ENTRY], orig_code[SITE_MID_INT3]);
	for (s = 0; s < NR_SITES; s++)
		run_floor(s);
	for (i = 0; i < ARRAY_SIZE(rows); i++)
		run_row(&rows[i]);
	close(dev_fd);
	return 0;
}

/* A field of /proc/meminfo in kB, or -1 */
static long meminfo_kb(const char *field)
{
	char line[128];
	size_t len = strlen(field);
	long kb = -1;
	FILE *f;

	f = fopen("/proc/meminfo", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, field, len) && line[len] == ':') {
			kb = strtol(line + len + 1, NULL, 10);
			break;
		}
	}
	fclose(f);
	return kb;
}

static const char * const mem_fields[] = { "Slab", "Percpu", "MemFree" };

/* The @n @fields of /proc/meminfo into @kb */
static void mem_snapshot(const char * const *fields, size_t n, long *kb)
{
	size_t i;

	/* let RCU-deferred frees of earlier steps land first */
	sync();
	usleep(200000);
	for (i = 0; i < n; i++)
		kb[i] = meminfo_kb(fields[i]);
}

/*
 * Write the 1000 lines of @fmt (a definition or a deletion; %03d is the
 * function number) to @file of tracefs: one write(2) per line, as a
 * script appending lines does, or with @bulk all of them in one write(2).
 */
static bool write_lines(const char *file, const char *fmt, bool bulk)
{
	static char buf[KPT_BENCH_NR_FNS * 64];
	char path[128];
	size_t len = 0, done;
	ssize_t n;
	int fd, i;

	snprintf(path, sizeof(path), TRACEFS "/%s", file);
	fd = open(path, O_WRONLY | O_APPEND);
	if (fd < 0)
		return false;
	for (i = 0; i < KPT_BENCH_NR_FNS; i++) {
		len += snprintf(buf + len, sizeof(buf) - len, fmt, i, i);
		if (bulk && i < KPT_BENCH_NR_FNS - 1)
			continue;
		for (done = 0; done < len; done += n) {
			n = write(fd, buf + done, len - done);
			if (n <= 0) {
				say("error write %s: %s", fmt, strerror(errno));
				close(fd);
				return false;
			}
		}
		len = 0;
	}
	close(fd);
	return true;
}

/*
 * Delete the 1000 events one write(2) each, as write_lines() does, after
 * writing a line to trace_marker before each: the buffer is never empty
 * when an event is deleted, as while other events keep recording.
 */
static bool delete_lines_busy(const char *fmt)
{
	char line[64];
	int i;

	for (i = 0; i < KPT_BENCH_NR_FNS; i++) {
		snprintf(line, sizeof(line), fmt, i);
		if (!put_ok("trace_marker", "kpt", O_APPEND) ||
		    !put_ok("kprobe_events", line, O_APPEND))
			return false;
	}
	return true;
}

#define CREATE_FMT	"p:kptcp/f%03d kpt_bench_fn%03d\n"
#define DELETE_FMT	"-:kptcp/f%03d\n"
#define FCREATE_FMT	"f:kptfp/f%03d kpt_bench_fn%03d\n"
#define FDELETE_FMT	"-:kptfp/f%03d\n"
#define FRCREATE_FMT	"f:kptfr/f%03d kpt_bench_fn%03d%%return\n"
#define FRDELETE_FMT	"-:kptfr/f%03d\n"

static void step_done(const char *step, int rep, unsigned long long *t0)
{
	unsigned long long t1 = now_ns();

	say("cp %s rep %d ns %llu", step, rep, t1 - *t0);
	*t0 = now_ns();
}

/* The fprobe event over all 1000 functions: a glob, which 6.12 takes */
#define GLOB_GROUP	"kptglob"
#define GLOB_DEF	"f:" GLOB_GROUP "/all kpt_bench_fn*"

/*
 * Create, enable, disable and delete the one fprobe event over the 1000
 * functions (glob_* steps), when the kernel has fprobe events.
 */
static void glob_rep(int rep)
{
	unsigned long long t;

	if (!have_fprobe_events()) {
		if (!rep)
			say("na cp glob this kernel has no fprobe events");
		return;
	}
	if (!rep)
		say("cpdef glob %s", GLOB_DEF);
	t = now_ns();
	if (!put_ok("dynamic_events", GLOB_DEF, O_APPEND))
		return;
	step_done("glob_create", rep, &t);
	put_ok("events/" GLOB_GROUP "/enable", "1", O_TRUNC);
	step_done("glob_enable", rep, &t);
	put_ok("events/" GLOB_GROUP "/enable", "0", O_TRUNC);
	step_done("glob_disable", rep, &t);
	put_ok("dynamic_events", "-:" GLOB_GROUP "/all", O_APPEND);
	step_done("glob_delete", rep, &t);
}

/*
 * One rep of the control plane: create 1000 events one write(2) each (and
 * the slab they take), enable and disable them as a group, delete them
 * one write(2) each; then create them in one write(2) and delete them all
 * by truncating kprobe_events; then the fprobe event over the same 1000
 * functions.
 */
static void control_rep(int rep)
{
	long before[ARRAY_SIZE(mem_fields)], after[ARRAY_SIZE(mem_fields)];
	unsigned long long t;
	size_t i;
	int fd;

	mem_snapshot(mem_fields, ARRAY_SIZE(mem_fields), before);
	t = now_ns();
	if (!write_lines("kprobe_events", CREATE_FMT, false))
		return;
	step_done("create", rep, &t);
	mem_snapshot(mem_fields, ARRAY_SIZE(mem_fields), after);
	for (i = 0; i < ARRAY_SIZE(mem_fields); i++)
		say("mem %s rep %d kb %ld", mem_fields[i], rep,
		    after[i] - before[i]);
	t = now_ns();
	put_ok("events/kptcp/enable", "1", O_TRUNC);
	step_done("enable", rep, &t);
	put_ok("events/kptcp/enable", "0", O_TRUNC);
	step_done("disable", rep, &t);
	if (!write_lines("kprobe_events", DELETE_FMT, false))
		return;
	step_done("delete", rep, &t);
	if (!write_lines("kprobe_events", CREATE_FMT, true))
		return;
	step_done("create_bulk", rep, &t);
	fd = open(TRACEFS "/kprobe_events", O_WRONLY | O_TRUNC);
	if (fd < 0) {
		say("error truncate kprobe_events: %s", strerror(errno));
		return;
	}
	close(fd);
	step_done("delete_trunc", rep, &t);
	/* once more, deleted while the buffer has records */
	if (!write_lines("kprobe_events", CREATE_FMT, true))
		return;
	put_ok("events/kptcp/enable", "1", O_TRUNC);
	put_ok("events/kptcp/enable", "0", O_TRUNC);
	t = now_ns();
	if (!delete_lines_busy(DELETE_FMT))
		return;
	step_done("delete_busy", rep, &t);
	glob_rep(rep);
}

/*
 * The same 1000 functions' exits, one event each: create, enable and
 * disable them as a group, delete them one write(2) each (fr_* steps).
 */
static bool fprobe_exit_mass(void)
{
	unsigned long long t;

	say("cpdef massret f:kptfr/fNNN kpt_bench_fnNNN%%return");
	t = now_ns();
	if (!write_lines("dynamic_events", FRCREATE_FMT, false))
		return false;
	step_done("fr_create", 0, &t);
	put_ok("events/kptfr/enable", "1", O_TRUNC);
	step_done("fr_enable", 0, &t);
	put_ok("events/kptfr/enable", "0", O_TRUNC);
	step_done("fr_disable", 0, &t);
	if (!write_lines("dynamic_events", FRDELETE_FMT, false))
		return false;
	step_done("fr_delete", 0, &t);
	return true;
}

#define FACREATE_FMT	"f:kptfa/f%03d kpt_bench_fn000%%return a%03d=$arg1\n"
#define FADELETE_FMT	"-:kptfa/f%03d\n"

/* What the rethook pools and the rest of 1000 exit events take */
static const char * const exit_mem_fields[] = {
	"VmallocUsed", "Slab", "Percpu", "MemFree"
};

/*
 * 1000 exit events with one $argN each, all on one function, enabled as
 * a group: the memory they take once enabled (from before the first
 * definition), each exit event keeping its argument from the entry in
 * its fprobe's rethook nodes (6.12: a pool per event).  "memfa" lines:
 * kB more in use (MemFree: kB less free).
 */
static bool fprobe_exit_args_mem(void)
{
	long before[ARRAY_SIZE(exit_mem_fields)];
	long after[ARRAY_SIZE(exit_mem_fields)];
	unsigned long long t;
	size_t i;

	say("cpdef massarg f:kptfa/fNNN kpt_bench_fn000%%return aNNN=$arg1");
	mem_snapshot(exit_mem_fields, ARRAY_SIZE(exit_mem_fields), before);
	t = now_ns();
	if (!write_lines("dynamic_events", FACREATE_FMT, false))
		return false;
	step_done("fa_create", 0, &t);
	put_ok("events/kptfa/enable", "1", O_TRUNC);
	step_done("fa_enable", 0, &t);
	mem_snapshot(exit_mem_fields, ARRAY_SIZE(exit_mem_fields), after);
	for (i = 0; i < ARRAY_SIZE(exit_mem_fields); i++)
		say("memfa %s kb %ld", exit_mem_fields[i],
		    i == ARRAY_SIZE(exit_mem_fields) - 1 ?
		    before[i] - after[i] : after[i] - before[i]);
	put_ok("events/kptfa/enable", "0", O_TRUNC);
	t = now_ns();
	if (!write_lines("dynamic_events", FADELETE_FMT, false))
		return false;
	step_done("fa_delete", 0, &t);
	return true;
}

/*
 * kpt_bench mass: 1000 fprobe events, one per function, one write(2) per
 * definition to dynamic_events: create, enable and disable them as a
 * group, delete them one write(2) each; create them again and remove
 * them by truncating dynamic_events; then 1000 exit events, and the memory
 * of 1000 exit events with an argument on one function.  One rep: on
 * 6.12 each definition registers an fprobe of its own, and the run takes
 * minutes of guest time.
 */
static int fprobe_mass(void)
{
	unsigned long long t;
	int fd;

	if (!have_fprobe_events()) {
		say("na cp mass this kernel has no fprobe events");
		return 0;
	}
	say("cpdef mass f:kptfp/fNNN kpt_bench_fnNNN");
	t = now_ns();
	if (!write_lines("dynamic_events", FCREATE_FMT, false))
		return 1;
	step_done("f_create", 0, &t);
	put_ok("events/kptfp/enable", "1", O_TRUNC);
	step_done("f_enable", 0, &t);
	put_ok("events/kptfp/enable", "0", O_TRUNC);
	step_done("f_disable", 0, &t);
	if (!write_lines("dynamic_events", FDELETE_FMT, false))
		return 1;
	step_done("f_delete", 0, &t);
	if (!write_lines("dynamic_events", FCREATE_FMT, false))
		return 1;
	step_done("f_create_again", 0, &t);
	fd = open(TRACEFS "/dynamic_events", O_WRONLY | O_TRUNC);
	if (fd < 0) {
		say("error truncate dynamic_events: %s", strerror(errno));
		return 1;
	}
	close(fd);
	step_done("f_delete_trunc", 0, &t);
	return fprobe_exit_mass() && fprobe_exit_args_mem() ? 0 : 1;
}

static int control(void)
{
	int rep;

	for (rep = 0; rep < REPS; rep++)
		control_rep(rep);
	return 0;
}

int main(int argc, char **argv)
{
	prctl(PR_SET_NAME, COMM);
	if (argc == 4 && (!strcmp(argv[1], "probes") ||
			  !strcmp(argv[1], "profile"))) {
		profile = !strcmp(argv[1], "profile");
		hits = strtoul(argv[2], NULL, 0);
		midoff = strtoul(argv[3], NULL, 0);
		return probes();
	}
	if (argc == 2 && !strcmp(argv[1], "control"))
		return control();
	if (argc == 2 && !strcmp(argv[1], "mass"))
		return fprobe_mass();
	fprintf(stderr,
		"usage: kpt_bench probes|profile HITS MIDOFF | control | mass\n");
	return 2;
}
