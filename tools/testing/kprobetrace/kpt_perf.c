// SPDX-License-Identifier: GPL-2.0
/*
 * kpt_perf: guest checks of what perf and BPF use of kprobe events
 *
 * Each subcommand drives one interface that code outside trace_kprobe.c
 * relies on, measures what the kernel did, prints it, and exits 1 with a
 * "FAIL" line on the first mismatch (2 on bad usage):
 *
 *  - perf's kprobe PMU (create_local_trace_kprobe() and
 *    destroy_local_trace_kprobe()): symbol, address and offset forms,
 *    kretprobes, exact hit counts, the errno of bad probes, and that a
 *    closed event leaves no kprobe behind;
 *  - perf on a tracefs kprobe, fprobe or tracepoint probe event
 *    (PERF_TYPE_TRACEPOINT) sampling PERF_SAMPLE_RAW records, decoded with
 *    the event's format file, and on an eprobe event, which gives none;
 *  - BPF_PROG_TYPE_KPROBE programs, assembled here by hand and loaded with
 *    bpf(2): they run, BPF_TASK_FD_QUERY describes the probe
 *    (bpf_get_kprobe_info()), and bpf_override_return() works only on an
 *    error-injectable function entry (trace_kprobe_on_func_entry(),
 *    trace_kprobe_error_injectable()), and that perf refuses them on
 *    eprobe, fprobe and tracepoint probe events;
 *  - perf's uprobe PMU (create_local_trace_uprobe()) on a function of
 *    this program, counted and with a BPF program, and BPF on a tracefs
 *    uprobe event; BPF_TASK_FD_QUERY describes them
 *    (bpf_get_uprobe_info()).
 *  - who may use them: one perf or BPF use with the errno it must get, run
 *    as an unprivileged user or under lockdown (access).
 *
 * The probed function is getppid(2)'s wrapper (__x64_sys_getppid on
 * x86-64, __arm64_sys_getppid on arm64): getppid(2) makes it run a
 * known number of times in this task, and the syscall wrapper is on the
 * error injection list (ALLOW_ERROR_INJECTION in __SYS_STUB0).  Counting
 * events are opened for this task only (pid 0, any CPU), and the BPF
 * programs act only on this process (they compare the tgid), so other
 * tasks of the guest cannot change a result.
 *
 * Build: gcc -static -O2 -Wall -Werror (harness/initramfs.sh does).
 * Run as root (access: as any user too), with tracefs at
 * /sys/kernel/tracing (or $KPT_TRACEFS) and debugfs at /sys/kernel/debug.
 */
#define _GNU_SOURCE
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/bpf.h>
#include <linux/openat2.h>
#include <linux/perf_event.h>
#include <linux/types.h>

#include "kpt_arch.h"
#include "kpt_io.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define PMU_DIR		"/sys/bus/event_source/devices/kprobe"
#define KPROBES_LIST	"/sys/kernel/debug/kprobes/list"
#define TRACEFS		"/sys/kernel/tracing"

/* The function every probe here is put on (see the top comment). */
#define TARGET		KPT_SYS "getppid"
/* A function that is not on the error injection list. */
#define OPEN_FUNC	"do_sys_openat2"
/* How many times a counted trigger runs. */
#define HITS		5
/* What an overridden getppid() returns: no real parent pid. */
#define SENTINEL	0x4b5054
/* include/linux/kallsyms.h (6.12) */
#define KSYM_NAME_LEN	512
/* Biggest raw sample kept, and most samples one check expects. */
#define RAW_MAX		1024
#define SAMPLES_MAX	8
#define RING_PAGES	8

static const char *cmd = "kpt_perf";
static char fail_prefix[80];

/*
 * A mismatch: "kpt_perf COMMAND: FAIL: message" on stderr and exit status 1
 * (main() makes that prefix errx()'s program name).
 */
#define fail(...)	errx(1, __VA_ARGS__)

static const char *errname(int err)
{
	const char *name = strerrorname_np(err);

	return name ? name : "unknown errno";
}

static void expect_u64(const char *what, __u64 got, __u64 want)
{
	printf("%s: %s = %llu (0x%llx)\n", cmd, what, got, got);
	if (got != want)
		fail("%s = %llu (0x%llx), want %llu (0x%llx)", what, got, got,
		     want, want);
}

static void expect_s64(const char *what, __s64 got, __s64 want)
{
	printf("%s: %s = %lld\n", cmd, what, got);
	if (got != want)
		fail("%s = %lld, want %lld", what, got, want);
}

static void expect_str(const char *what, const char *got, const char *want)
{
	printf("%s: %s = \"%s\"\n", cmd, what, got);
	if (strcmp(got, want))
		fail("%s = \"%s\", want \"%s\"", what, got, want);
}

/* @ret: a result that is a negative errno on failure. */
static void expect_errno(const char *what, int ret, int want)
{
	if (ret >= 0)
		fail("%s succeeded, want %s", what, errname(want));
	printf("%s: %s: %s\n", cmd, what, errname(-ret));
	if (-ret != want)
		fail("%s: %s, want %s", what, errname(-ret), errname(want));
}

static void expect_ok(const char *what, int ret)
{
	if (ret < 0)
		fail("%s: %s", what, errname(-ret));
	printf("%s: %s: ok\n", cmd, what);
}

/* --- files ------------------------------------------------------------ */

static char *must_read(const char *path)
{
	char *text = kpt_read_text(path);

	if (!text)
		fail("cannot read %s: %s", path, strerror(errno));
	return text;
}

static const char *tracefs(void)
{
	const char *dir = getenv("KPT_TRACEFS");

	return dir && *dir ? dir : TRACEFS;
}

/* Append one command to a tracefs file; 0 or a negative errno. */
static int tracefs_write(const char *file, const char *text)
{
	char path[256];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", tracefs(), file);
	fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd < 0)
		fail("cannot open %s: %s", path, strerror(errno));
	n = write(fd, text, strlen(text));
	n = n < 0 ? -errno : 0;
	close(fd);
	return n;
}

/* The first word of each line of @text, one a line. */
static char *first_words(const char *text)
{
	char *out = malloc(strlen(text) + 2), *o = out;
	const char *p = text;
	size_t n;

	if (!out)
		fail("out of memory");
	while (*p) {
		p += strspn(p, " \t");
		n = strcspn(p, " \t\n");
		memcpy(o, p, n);
		o += n;
		*o++ = '\n';
		p = strchrnul(p, '\n');
		if (*p)
			p++;
	}
	*o = '\0';
	return out;
}

/*
 * What tracefs shows of kprobe events: kprobe_events, dynamic_events, the
 * event names of kprobe_profile (its hit counts move on their own) and
 * whether there is an events/kprobes group (the PMU's local probes would
 * be in it if they were registered as tracefs events).
 */
static char *tracefs_listing(void)
{
	char path[256], *events, *dynamic, *profile, *names, *out;
	bool group;

	snprintf(path, sizeof(path), "%s/kprobe_events", tracefs());
	events = must_read(path);
	snprintf(path, sizeof(path), "%s/dynamic_events", tracefs());
	dynamic = must_read(path);
	snprintf(path, sizeof(path), "%s/kprobe_profile", tracefs());
	profile = must_read(path);
	names = first_words(profile);
	snprintf(path, sizeof(path), "%s/events/kprobes", tracefs());
	group = !access(path, F_OK);
	if (asprintf(&out,
		     "kprobe_events:\n%sdynamic_events:\n%skprobe_profile:\n%sevents/kprobes: %s\n",
		     events, dynamic, names, group ? "yes" : "no") < 0)
		fail("out of memory");
	free(events);
	free(dynamic);
	free(profile);
	free(names);
	return out;
}

static void expect_listing(const char *before)
{
	char *now = tracefs_listing();

	if (strcmp(now, before))
		fail("tracefs kprobe listings changed:\n--- before\n%s--- now\n%s",
		     before, now);
	free(now);
	printf("%s: kprobe_events, dynamic_events, kprobe_profile, events/kprobes: unchanged\n",
	       cmd);
}

/* --- kernel symbols ----------------------------------------------------- */

struct ksym {
	__u64 addr;
	char type;
	bool module;		/* "\t[name]" follows: not vmlinux */
	char name[KSYM_NAME_LEN];
};

static bool ksym_next(FILE *f, struct ksym *sym)
{
	char line[KSYM_NAME_LEN + 128], *p;
	size_t n;

	if (!fgets(line, sizeof(line), f))
		return false;
	sym->addr = strtoull(line, &p, 16);
	sym->type = p[0] == ' ' ? p[1] : '?';
	p += strnlen(p, 3);
	n = strcspn(p, "\t\n");
	if (n >= KSYM_NAME_LEN)
		n = KSYM_NAME_LEN - 1;
	memcpy(sym->name, p, n);
	sym->name[n] = '\0';
	sym->module = p[n] == '\t';
	return true;
}

static FILE *ksym_open(void)
{
	FILE *f = fopen("/proc/kallsyms", "re");

	if (!f)
		fail("cannot read /proc/kallsyms: %s", strerror(errno));
	return f;
}

/*
 * The address of vmlinux symbol @name (0 if there is none) and, in
 * *@count, how many symbols of any kind, modules included, have that name.
 */
static __u64 ksym_find(const char *name, int *count)
{
	FILE *f = ksym_open();
	struct ksym sym;
	__u64 addr = 0;

	*count = 0;
	while (ksym_next(f, &sym)) {
		if (strcmp(sym.name, name))
			continue;
		(*count)++;
		if (!addr && !sym.module)
			addr = sym.addr;
	}
	fclose(f);
	return addr;
}

static __u64 ksym_addr(const char *name)
{
	int count;
	__u64 addr = ksym_find(name, &count);

	if (!addr)
		fail("%s is not in /proc/kallsyms (or its address is hidden)",
		     name);
	if (count != 1)
		fail("%s is in /proc/kallsyms %d times, want once", name, count);
	return addr;
}

/* The vmlinux text symbol that @addr is in (the nearest at or below it). */
static void ksym_around(__u64 addr, char *name)
{
	FILE *f = ksym_open();
	struct ksym sym;
	__u64 best = 0;

	snprintf(name, KSYM_NAME_LEN, "?");
	while (ksym_next(f, &sym)) {
		if (sym.module || (sym.type != 't' && sym.type != 'T'))
			continue;
		if (sym.addr <= addr && sym.addr > best) {
			best = sym.addr;
			snprintf(name, KSYM_NAME_LEN, "%s", sym.name);
		}
	}
	fclose(f);
}

/*
 * Lines of debugfs kprobes/list for a kprobe of @type ('k' or 'r') at
 * @addr; *@disabled tells whether one of them shows [DISABLED].
 */
static int kprobes_at(__u64 addr, char type, bool *disabled)
{
	char *text = must_read(KPROBES_LIST), *line, *save;
	unsigned long long a;
	int n = 0;
	char t;

	*disabled = false;
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "%llx %c", &a, &t) != 2 || a != addr || t != type)
			continue;
		n++;
		if (strstr(line, "[DISABLED]"))
			*disabled = true;
	}
	free(text);
	return n;
}

/*
 * How far into @func a kprobe on its entry sits: 0, or past the ENDBR
 * instruction an x86-64 kernel built with IBT starts it with.  Learnt
 * from a tracefs kprobe event on @func (not from the kprobe PMU, which
 * the callers test): the address in kprobes/list where it adds a kprobe.
 */
static __u64 entry_offset(const char *func)
{
	enum { SPAN = 16 };
	__u64 addr = ksym_addr(func), off, found = SPAN;
	char def[KSYM_NAME_LEN + 32];
	int before[SPAN];
	bool disabled;

	for (off = 0; off < SPAN; off++)
		before[off] = kprobes_at(addr + off, 'k', &disabled);
	snprintf(def, sizeof(def), "p:kpt_perf/entry %s", func);
	if (tracefs_write("kprobe_events", def) < 0)
		fail("cannot define a kprobe event on %s", func);
	for (off = 0; off < SPAN && found == SPAN; off++)
		if (kprobes_at(addr + off, 'k', &disabled) > before[off])
			found = off;
	if (tracefs_write("kprobe_events", "-:kpt_perf/entry") < 0)
		fail("cannot delete kpt_perf/entry");
	if (found == SPAN)
		fail("no kprobe in kprobes/list at %s+0..%d", func, SPAN - 1);
	return found;
}

static int kprobes_total(void)
{
	char *text = must_read(KPROBES_LIST), *p;
	int n = 0;

	for (p = text; *p; p++)
		n += *p == '\n';
	free(text);
	return n;
}

/* --- perf events -------------------------------------------------------- */

/* A disabled perf event on this task: the fd or a negative errno. */
static int perf_open(struct perf_event_attr *attr)
{
	int fd;

	attr->disabled = 1;
	fd = kpt_perf_event_open(attr, 0, -1);
	return fd < 0 ? -errno : fd;
}

static void perf_ioctl(int fd, unsigned long req, unsigned long arg)
{
	if (ioctl(fd, req, arg))
		fail("perf ioctl 0x%lx: %s", req, errname(errno));
}

static __u64 perf_count(int fd)
{
	__u64 count;

	if (read(fd, &count, sizeof(count)) != sizeof(count))
		fail("reading the perf count: %s", strerror(errno));
	return count;
}

static int read_int(const char *path)
{
	char *text = must_read(path), *end;
	long v = strtol(text, &end, 10);

	if (end == text || (*end && *end != '\n'))
		fail("%s: \"%s\" is not a number", path, text);
	free(text);
	return v;
}

/* The kprobe PMU's dynamic type, from sysfs. */
static int pmu_type(void)
{
	return read_int(PMU_DIR "/type");
}

/* The retprobe bit of attr.config, from the PMU's format file. */
static int pmu_retprobe_bit(void)
{
	char *text = must_read(PMU_DIR "/format/retprobe"), *end;
	long bit;

	if (strncmp(text, "config:", 7))
		fail(PMU_DIR "/format/retprobe: \"%s\" is not config:BIT", text);
	bit = strtol(text + 7, &end, 10);
	if (end == text + 7 || (*end && *end != '\n') || bit < 0 || bit > 63)
		fail(PMU_DIR "/format/retprobe: \"%s\" is not config:BIT", text);
	free(text);
	return bit;
}

/*
 * A kprobe PMU probe.  attr.config1 is kprobe_func; attr.config2 is both
 * probe_offset (with a function) and kprobe_addr (without one): they are
 * one union member.
 */
struct pmu_probe {
	bool retprobe;
	const char *func;	/* NULL: the address form */
	__u64 offset;		/* config2 with @func */
	__u64 addr;		/* config2 without @func */
};

static int pmu_open(const struct pmu_probe *p)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.type = pmu_type();
	if (p->retprobe)
		attr.config = 1ULL << pmu_retprobe_bit();
	attr.kprobe_func = (unsigned long)p->func;
	if (p->func)
		attr.probe_offset = p->offset;
	else
		attr.kprobe_addr = p->addr;
	return perf_open(&attr);
}

static void pmu_describe(const struct pmu_probe *p, char *buf, size_t len)
{
	if (p->func)
		snprintf(buf, len, "%s %s+%llu",
			 p->retprobe ? "kretprobe" : "kprobe", p->func, p->offset);
	else
		snprintf(buf, len, "%s 0x%llx",
			 p->retprobe ? "kretprobe" : "kprobe", p->addr);
}

static int must_pmu_open(const struct pmu_probe *p)
{
	char what[KSYM_NAME_LEN + 64];
	int fd = pmu_open(p);

	pmu_describe(p, what, sizeof(what));
	if (fd < 0)
		fail("kprobe PMU %s: perf_event_open: %s", what, errname(-fd));
	printf("%s: kprobe PMU %s: open\n", cmd, what);
	return fd;
}

/* A tracefs event "GROUP/EVENT" */
static int event_id(const char *event)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/events/%s/id", tracefs(), event);
	return read_int(path);
}

static int tp_open(const char *event, __u64 sample_type)
{
	struct perf_event_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.config = event_id(event);
	if (sample_type) {
		attr.sample_period = 1;
		attr.sample_type = sample_type;
		attr.wakeup_events = 1;
	}
	fd = perf_open(&attr);
	if (fd < 0)
		fail("perf_event_open on tracefs event %s: %s", event,
		     errname(-fd));
	printf("%s: tracefs event %s (id %llu): open\n", cmd, event,
	       attr.config);
	return fd;
}

/* @event NULL: a kprobe PMU probe on TARGET's entry; else a tracefs event. */
static int open_target(const char *event)
{
	struct pmu_probe p = { .func = TARGET };

	return event ? tp_open(event, 0) : must_pmu_open(&p);
}

static long sys_getppid(void)
{
	return syscall(SYS_getppid);
}

/* Run getppid() @n times with perf event @fd enabled; return its count. */
static __u64 count_getppid(int fd, int n)
{
	int i;

	sys_getppid();			/* disabled: not counted */
	perf_ioctl(fd, PERF_EVENT_IOC_RESET, 0);
	perf_ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < n; i++)
		sys_getppid();
	perf_ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	sys_getppid();			/* disabled again */
	return perf_count(fd);
}

/* --- kprobe PMU --------------------------------------------------------- */

/*
 * Open probe @p (at kernel address @addr), check that it is one enabled
 * kprobe in debugfs kprobes/list and nothing in tracefs, that it counts
 * exactly the getppid() calls of this task while enabled, and that closing
 * it removes the kprobe.
 */
static void check_pmu_probe(const struct pmu_probe *p, __u64 addr)
{
	char type = p->retprobe ? 'r' : 'k', *listing = tracefs_listing();
	int before, during, after, fd;
	bool disabled;

	before = kprobes_at(addr, type, &disabled);
	fd = must_pmu_open(p);
	during = kprobes_at(addr, type, &disabled);
	expect_u64("kprobes/list lines at the address while open", during,
		   before + 1);
	if (disabled)
		fail("kprobes/list shows the open probe [DISABLED]");
	expect_listing(listing);
	expect_u64("perf count of the getppid() calls", count_getppid(fd, HITS),
		   HITS);
	close(fd);
	after = kprobes_at(addr, type, &disabled);
	expect_u64("kprobes/list lines at the address after close", after,
		   before);
	expect_listing(listing);
	free(listing);
}

/* Whether @arg names the return kind (@ret) rather than the entry one */
static bool parse_kind_of(const char *arg, const char *entry, const char *ret)
{
	if (!strcmp(arg, entry))
		return false;
	if (!strcmp(arg, ret))
		return true;
	fail("\"%s\" is neither %s nor %s", arg, entry, ret);
}

static bool parse_kind(const char *arg)
{
	return parse_kind_of(arg, "kprobe", "kretprobe");
}

/*
 * The smallest offset past the entry of @func (at offset @entry,
 * entry_offset()) at which the kprobe PMU accepts a kprobe.  Every smaller
 * offset is no place for one (inside the entry instruction) and must fail
 * with KPT_ENOTINSN.
 */
static __u64 first_offset(const char *func, __u64 entry)
{
	struct pmu_probe p = { .func = func };
	int fd;

	for (p.offset = entry + 1; p.offset < entry + 16; p.offset++) {
		fd = pmu_open(&p);
		if (fd >= 0) {
			close(fd);
			return p.offset;
		}
		if (fd != -KPT_ENOTINSN)
			fail("kprobe PMU %s+%llu: %s, want %s or success",
			     func, p.offset, errname(-fd),
			     errname(KPT_ENOTINSN));
		/* stderr: pmu-first-offset prints only the offset on stdout */
		fprintf(stderr, "%s: kprobe PMU %s+%llu: %s\n", cmd, func,
			p.offset, errname(KPT_ENOTINSN));
	}
	fail("no offset in %s+%llu..%llu takes a kprobe", func, entry + 1,
	     entry + 15);
}

static void cmd_pmu_type(char **argv)
{
	char *fmt = must_read(PMU_DIR "/format/retprobe");
	int type = pmu_type();

	printf("%s: kprobe PMU type %d\n", cmd, type);
	if (type < PERF_TYPE_MAX)
		fail("kprobe PMU type %d is not a dynamic type (>= %d)", type,
		     PERF_TYPE_MAX);
	fmt[strcspn(fmt, "\n")] = '\0';
	expect_str("format/retprobe", fmt, "config:0");
	free(fmt);
}

static void cmd_pmu_count(char **argv)
{
	struct pmu_probe p = { .retprobe = parse_kind(argv[0]), .func = TARGET };

	check_pmu_probe(&p, ksym_addr(TARGET) + entry_offset(TARGET));
}

static void cmd_pmu_addr(char **argv)
{
	struct pmu_probe p = { .retprobe = parse_kind(argv[0]) };

	p.addr = ksym_addr(TARGET);
	check_pmu_probe(&p, p.addr + entry_offset(TARGET));
}

static void cmd_pmu_offset(char **argv)
{
	struct pmu_probe p = { .func = TARGET };
	__u64 entry = entry_offset(TARGET);

	p.offset = first_offset(TARGET, entry);
	printf("%s: first probe offset in %s: %llu\n", cmd, TARGET, p.offset);
	if (p.offset < entry + 2)
		fail("%s+%llu took a kprobe: the entry is not a multi-byte instruction",
		     TARGET, p.offset);
	check_pmu_probe(&p, ksym_addr(TARGET) + p.offset);
	p.retprobe = true;
	expect_errno("kretprobe PMU past the entry", pmu_open(&p), EINVAL);
}

static void cmd_pmu_first_offset(char **argv)
{
	printf("%llu\n", first_offset(argv[0], entry_offset(argv[0])));
}

static void expect_pmu_errno(const char *what, const struct pmu_probe *p,
			     int want)
{
	int fd = pmu_open(p);

	if (fd >= 0)
		close(fd);
	expect_errno(what, fd, want);
}

static void cmd_pmu_errors(char **argv)
{
	char *listing = tracefs_listing(), long_name[KSYM_NAME_LEN + 88];
	struct pmu_probe p = { .func = "kpt_no_such_function" };
	int total = kprobes_total(), count;

	expect_pmu_errno("unknown symbol", &p, ENOENT);
	p.retprobe = true;
	expect_pmu_errno("unknown symbol, kretprobe", &p, ENOENT);
	p.retprobe = false;

	/* config/kprobetrace.config has CONFIG_PPS for a second name_show */
	p.func = "name_show";
	ksym_find(p.func, &count);
	if (count < 2)
		fail("name_show is in /proc/kallsyms %d times; need a non-unique symbol",
		     count);
	expect_pmu_errno("non-unique symbol", &p, EADDRNOTAVAIL);

	memset(long_name, 'k', sizeof(long_name) - 1);
	long_name[sizeof(long_name) - 1] = '\0';
	p.func = long_name;
	expect_pmu_errno("symbol longer than KSYM_NAME_LEN", &p, E2BIG);

	p.func = (const char *)8;
	expect_pmu_errno("unreadable kprobe_func", &p, EFAULT);

	p.func = "";
	expect_pmu_errno("empty symbol and no address", &p, EINVAL);
	p.func = NULL;
	expect_pmu_errno("no symbol and no address", &p, EINVAL);

	expect_u64("kprobes/list lines after the failures", kprobes_total(),
		   total);
	expect_listing(listing);
	free(listing);
}

/* --- raw samples of tracefs events --------------------------------------- */

struct field {
	char name[64];
	int offset;
	int size;
	bool is_signed;
	bool data_loc;		/* __data_loc: u32 (length << 16 | offset) */
};

struct event_format {
	char event[128];	/* GROUP/EVENT */
	int id;
	int nr;
	struct field fields[32];
};

/* Fill @f from a format line "\tfield:DECL;\toffset:N;\tsize:N;\tsigned:N;". */
static bool parse_field(const char *line, struct field *f)
{
	const char *decl = strstr(line, "field:"), *end, *name, *o, *s, *g;
	size_t n;

	if (!decl)
		return false;
	decl += 6;
	end = strchr(decl, ';');
	o = strstr(line, "offset:");
	s = strstr(line, "size:");
	g = strstr(line, "signed:");
	if (!end || !o || !s || !g)
		fail("format line \"%s\" is not field:/offset:/size:/signed:", line);
	f->data_loc = !strncmp(decl, "__data_loc ", 11);
	n = end - decl;
	if (memchr(decl, '[', n) && decl[n - 1] == ']')
		n = (const char *)memchr(decl, '[', n) - decl;
	for (name = decl + n; name > decl && name[-1] != ' '; name--)
		;
	n = decl + n - name;
	if (!n || n >= sizeof(f->name))
		fail("format line \"%s\": no field name", line);
	memcpy(f->name, name, n);
	f->name[n] = '\0';
	f->offset = atoi(o + 7);
	f->size = atoi(s + 5);
	f->is_signed = atoi(g + 7);
	return true;
}

static void parse_format(const char *event, struct event_format *fmt)
{
	char path[512], *text, *line, *save;

	memset(fmt, 0, sizeof(*fmt));
	snprintf(fmt->event, sizeof(fmt->event), "%s", event);
	fmt->id = event_id(event);
	snprintf(path, sizeof(path), "%s/events/%s/format", tracefs(), event);
	text = must_read(path);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (fmt->nr == ARRAY_SIZE(fmt->fields))
			fail("%s: too many fields", path);
		if (parse_field(line, &fmt->fields[fmt->nr]))
			fmt->nr++;
	}
	free(text);
}

static const struct field *format_field(const struct event_format *fmt,
					const char *name)
{
	int i;

	for (i = 0; i < fmt->nr; i++)
		if (!strcmp(fmt->fields[i].name, name))
			return &fmt->fields[i];
	fail("%s has no field %s", fmt->event, name);
}

/* A field as the format file declares it: name, size, signedness. */
static const struct field *typed_field(const struct event_format *fmt,
				       const char *name, int size,
				       bool is_signed)
{
	const struct field *f = format_field(fmt, name);

	if (f->size != size || f->is_signed != is_signed || f->data_loc)
		fail("%s field %s: size %d signed %d%s, want size %d signed %d",
		     fmt->event, name, f->size, f->is_signed,
		     f->data_loc ? " __data_loc" : "", size, is_signed);
	return f;
}

struct sample {
	__u32 size;
	unsigned char raw[RAW_MAX];
};

static __u64 sample_value(const struct sample *s, const struct field *f)
{
	__u64 v = 0;

	if (f->offset < 0 || f->offset + f->size > s->size || f->size > 8)
		fail("field %s (offset %d size %d) is outside the %u byte sample",
		     f->name, f->offset, f->size, s->size);
	/* little endian: the low bytes first */
	memcpy(&v, s->raw + f->offset, f->size);
	if (f->is_signed && f->size < 8 && (v >> (8 * f->size - 1)) & 1)
		v |= ~0ULL << (8 * f->size);
	return v;
}

/* The string of a __data_loc field. */
static const char *sample_string(const struct sample *s, const struct field *f)
{
	__u32 loc, off, len;

	if (!f->data_loc || f->size != 4)
		fail("field %s is not a 4-byte __data_loc", f->name);
	loc = sample_value(s, f);
	off = loc & 0xffff;
	len = loc >> 16;
	if (!len || off + len > s->size || s->raw[off + len - 1])
		fail("field %s: data_loc 0x%08x is not a string inside the %u byte sample",
		     f->name, loc, s->size);
	return (const char *)s->raw + off;
}

struct ring {
	struct perf_event_mmap_page *meta;
	unsigned char *data;
	__u64 size;
	size_t map_len;
};

static void ring_map(struct ring *r, int fd)
{
	long page = sysconf(_SC_PAGESIZE);
	void *base;

	r->map_len = (RING_PAGES + 1) * page;
	base = mmap(NULL, r->map_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (base == MAP_FAILED)
		fail("mmap of the perf ring: %s", strerror(errno));
	r->meta = base;
	r->data = (unsigned char *)base + page;
	r->size = RING_PAGES * page;
}

/* The mapping holds the event: unmap before close to really release it. */
static void ring_unmap(struct ring *r)
{
	munmap(r->meta, r->map_len);
}

static void ring_copy(const struct ring *r, __u64 pos, void *dst, size_t len)
{
	unsigned char *out = dst;
	size_t i;

	for (i = 0; i < len; i++)
		out[i] = r->data[(pos + i) % r->size];
}

/* The PERF_SAMPLE_RAW samples in the ring, in order; fails on lost ones. */
static int ring_read(struct ring *r, struct sample *out, int max)
{
	__u64 head = __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE);
	__u64 tail = r->meta->data_tail;
	struct perf_event_header h;
	int n = 0;

	for (; tail < head; tail += h.size) {
		ring_copy(r, tail, &h, sizeof(h));
		if (h.size < sizeof(h))
			fail("perf ring: a record of %u bytes", h.size);
		if (h.type == PERF_RECORD_LOST)
			fail("perf ring: samples were lost");
		if (h.type != PERF_RECORD_SAMPLE)
			continue;
		if (n == max)
			fail("perf ring: more than %d samples", max);
		ring_copy(r, tail + sizeof(h), &out[n].size, sizeof(__u32));
		if (out[n].size > RAW_MAX ||
		    sizeof(h) + sizeof(__u32) + out[n].size > h.size)
			fail("perf ring: raw size %u in a %u byte record",
			     out[n].size, h.size);
		ring_copy(r, tail + sizeof(h) + sizeof(__u32), out[n].raw,
			  out[n].size);
		n++;
	}
	__atomic_store_n(&r->meta->data_tail, tail, __ATOMIC_RELEASE);
	return n;
}

/*
 * The opens the raw checks trigger: absolute paths (so the kernel ignores
 * dfd), two that do not exist and one that does.
 */
struct open_call {
	int dfd;
	__u64 flags;
	char path[32];
	long ret;		/* the fd, or -errno */
};

static const struct open_call open_plan[] = {
	{ AT_FDCWD, O_RDONLY | O_CLOEXEC, "/kpt-perf-missing-0", -ENOENT },
	{ 12345, O_RDONLY | O_NOFOLLOW, "/kpt-perf-missing-1", -ENOENT },
	{ AT_FDCWD, O_RDONLY | O_DIRECTORY | O_CLOEXEC, "/", 0 },
};

/*
 * Run the plan with perf event @fd enabled.  The paths are copied to the
 * stack first: a probe reads them before the kernel does, so they must be
 * in memory already.
 */
static void run_opens(int fd, struct open_call *calls)
{
	struct open_how how;
	size_t i;

	memcpy(calls, open_plan, sizeof(open_plan));
	perf_ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < ARRAY_SIZE(open_plan); i++) {
		memset(&how, 0, sizeof(how));
		how.flags = calls[i].flags;
		calls[i].ret = syscall(SYS_openat2, calls[i].dfd,
				       calls[i].path, &how, sizeof(how));
		if (calls[i].ret < 0)
			calls[i].ret = -errno;
	}
	perf_ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	for (i = 0; i < ARRAY_SIZE(open_plan); i++) {
		if (calls[i].ret >= 0)
			close(calls[i].ret);
		if (open_plan[i].ret < 0 ? calls[i].ret != open_plan[i].ret :
		    calls[i].ret < 0)
			fail("openat2(\"%s\") returned %ld", calls[i].path,
			     calls[i].ret);
	}
}

/* Sample every open of the plan with tracefs event @event. */
static int sample_opens(const struct event_format *fmt, struct open_call *calls,
			struct sample *samples)
{
	struct ring ring;
	int fd, n;

	fd = tp_open(fmt->event, PERF_SAMPLE_RAW);
	ring_map(&ring, fd);
	run_opens(fd, calls);
	n = ring_read(&ring, samples, SAMPLES_MAX);
	ring_unmap(&ring);
	close(fd);
	expect_u64("raw samples", n, ARRAY_SIZE(open_plan));
	return n;
}

/* The common fields every raw sample starts with. */
static void check_common(const struct event_format *fmt,
			 const struct sample *s)
{
	expect_u64("common_type", sample_value(s, typed_field(fmt, "common_type", 2, false)),
		   fmt->id);
	expect_u64("common_pid", sample_value(s, typed_field(fmt, "common_pid", 4, true)),
		   getpid());
}

/*
 * The raw samples of entry event @event on OPEN_FUNC (fields dfd, flags,
 * path), whose __probe_ip must be @want_ip.
 */
static void check_raw_entry(const char *event, __u64 want_ip)
{
	struct open_call calls[ARRAY_SIZE(open_plan)];
	struct sample samples[SAMPLES_MAX];
	const struct field *ip, *dfd, *flags, *path;
	struct event_format fmt;
	int i, n;

	parse_format(event, &fmt);
	ip = typed_field(&fmt, "__probe_ip", 8, false);
	dfd = typed_field(&fmt, "dfd", 4, true);
	flags = typed_field(&fmt, "flags", 4, false);
	path = format_field(&fmt, "path");
	n = sample_opens(&fmt, calls, samples);
	for (i = 0; i < n; i++) {
		printf("%s: sample %d (%u bytes)\n", cmd, i, samples[i].size);
		check_common(&fmt, &samples[i]);
		expect_u64("__probe_ip", sample_value(&samples[i], ip), want_ip);
		expect_s64("dfd", sample_value(&samples[i], dfd), calls[i].dfd);
		/* the syscall adds O_LARGEFILE (force_o_largefile()) */
		expect_u64("flags", sample_value(&samples[i], flags),
			   (__u32)(calls[i].flags | KPT_KERNEL_O_LARGEFILE));
		expect_str("path", sample_string(&samples[i], path),
			   calls[i].path);
	}
}

/*
 * The raw samples of return event @event on OPEN_FUNC (field ret, and
 * with @dfd the entry argument dfd), whose __probe_func must be @want_func.
 */
static void check_raw_return(const char *event, __u64 want_func, bool dfd)
{
	struct open_call calls[ARRAY_SIZE(open_plan)];
	struct sample samples[SAMPLES_MAX];
	const struct field *func, *ret_ip, *ret, *arg = NULL;
	struct event_format fmt;
	char caller[KSYM_NAME_LEN];
	int i, n;

	parse_format(event, &fmt);
	func = typed_field(&fmt, "__probe_func", 8, false);
	ret_ip = typed_field(&fmt, "__probe_ret_ip", 8, false);
	ret = typed_field(&fmt, "ret", 8, true);
	if (dfd)
		arg = typed_field(&fmt, "dfd", 4, true);
	n = sample_opens(&fmt, calls, samples);
	for (i = 0; i < n; i++) {
		printf("%s: sample %d (%u bytes)\n", cmd, i, samples[i].size);
		check_common(&fmt, &samples[i]);
		expect_u64("__probe_func", sample_value(&samples[i], func),
			   want_func);
		expect_s64("ret", sample_value(&samples[i], ret), calls[i].ret);
		if (arg)
			expect_s64("dfd (the entry's, at exit)",
				   sample_value(&samples[i], arg), calls[i].dfd);
		/* the openat2 syscall's code, whatever the compiler inlined */
		ksym_around(sample_value(&samples[i], ret_ip), caller);
		printf("%s: __probe_ret_ip is in %s\n", cmd, caller);
		if (!strstr(caller, "openat2"))
			fail("__probe_ret_ip is in %s, not in the openat2 syscall",
			     caller);
	}
}

/* A kprobe's __probe_ip is the probed address: the function's own */
static void cmd_raw_entry(char **argv)
{
	check_raw_entry(argv[0], ksym_addr(OPEN_FUNC) + entry_offset(OPEN_FUNC));
}

static void cmd_raw_return(char **argv)
{
	check_raw_return(argv[0], ksym_addr(OPEN_FUNC), false);
}

/*
 * The address of the ftrace location of vmlinux function @func, where an
 * fprobe on it is hit (past an endbr64, if any), from tracefs
 * available_filter_functions_addrs ("ADDR NAME", " [MODULE]" for modules).
 */
static __u64 ftrace_addr(const char *func)
{
	char path[256], *text, *line, *save, name[KSYM_NAME_LEN];
	unsigned long long a;
	__u64 addr = 0;
	int count = 0;

	snprintf(path, sizeof(path), "%s/available_filter_functions_addrs",
		 tracefs());
	text = must_read(path);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "%llx %511s", &a, name) != 2 ||
		    strcmp(name, func) || strchr(line, '['))
			continue;
		addr = a;
		count++;
	}
	free(text);
	if (count != 1)
		fail("%s is in available_filter_functions_addrs %d times, want once",
		     func, count);
	printf("%s: ftrace location of %s: 0x%llx\n", cmd, func, addr);
	return addr;
}

/*
 * An fprobe is hit at the function's ftrace location, which is what
 * __probe_ip at entry and __probe_func at exit hold.  The exit event also
 * has the entry argument dfd, fetched at entry and kept for the exit.
 */
static void cmd_raw_fentry(char **argv)
{
	check_raw_entry(argv[0], ftrace_addr(OPEN_FUNC));
}

static void cmd_raw_fexit(char **argv)
{
	check_raw_return(argv[0], ftrace_addr(OPEN_FUNC), true);
}

/*
 * A tracepoint probe on sched_process_fork with the fields parent and
 * child (the pids, s32) and comm (the child's): fork HITS children, which
 * exit at once, with the event's perf event enabled on this task (the
 * tracepoint runs in the parent).  __probe_ip is the ftrace location of
 * the tracepoint's probe stub, where the probe is put.
 */
static void cmd_raw_tprobe(char **argv)
{
	struct sample samples[SAMPLES_MAX];
	const struct field *ip, *parent, *child, *comm;
	struct event_format fmt;
	char *self = must_read("/proc/self/comm");
	pid_t pids[HITS];
	struct ring ring;
	__u64 stub;
	int fd, i, n;

	self[strcspn(self, "\n")] = '\0';
	stub = ftrace_addr("__probestub_sched_process_fork");
	parse_format(argv[0], &fmt);
	ip = typed_field(&fmt, "__probe_ip", 8, false);
	parent = typed_field(&fmt, "parent", 4, true);
	child = typed_field(&fmt, "child", 4, true);
	comm = format_field(&fmt, "comm");
	fd = tp_open(fmt.event, PERF_SAMPLE_RAW);
	ring_map(&ring, fd);
	perf_ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < HITS; i++) {
		pids[i] = fork();
		if (pids[i] < 0)
			fail("fork: %s", strerror(errno));
		if (!pids[i])
			_exit(0);
	}
	perf_ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	for (i = 0; i < HITS; i++)
		if (waitpid(pids[i], NULL, 0) != pids[i])
			fail("waitpid(%d): %s", pids[i], strerror(errno));
	n = ring_read(&ring, samples, SAMPLES_MAX);
	ring_unmap(&ring);
	close(fd);
	expect_u64("raw samples", n, HITS);
	for (i = 0; i < n; i++) {
		printf("%s: sample %d (%u bytes)\n", cmd, i, samples[i].size);
		check_common(&fmt, &samples[i]);
		expect_u64("__probe_ip", sample_value(&samples[i], ip), stub);
		expect_s64("parent", sample_value(&samples[i], parent), getpid());
		expect_s64("child", sample_value(&samples[i], child), pids[i]);
		expect_str("comm", sample_string(&samples[i], comm), self);
	}
	free(self);
}

/*
 * An eprobe on syscalls/sys_enter_openat with the fields dfd, flags and
 * path: the format file declares them, perf opens the event and takes
 * PERF_SAMPLE_RAW, and no sample comes: eprobes have no perf side (their
 * perf registration does nothing, so the openat event is not even hooked).
 */
static void cmd_raw_eprobe(char **argv)
{
	struct open_call calls[ARRAY_SIZE(open_plan)];
	struct sample samples[SAMPLES_MAX];
	struct event_format fmt;
	const struct field *path;
	struct ring ring;
	int fd, n;

	parse_format(argv[0], &fmt);
	typed_field(&fmt, "common_type", 2, false);
	typed_field(&fmt, "common_pid", 4, true);
	typed_field(&fmt, "dfd", 4, true);
	typed_field(&fmt, "flags", 4, false);
	path = format_field(&fmt, "path");
	if (!path->data_loc || path->size != 4)
		fail("%s field path is not a 4-byte __data_loc", fmt.event);
	fd = tp_open(fmt.event, PERF_SAMPLE_RAW);
	ring_map(&ring, fd);
	run_opens(fd, calls);
	n = ring_read(&ring, samples, SAMPLES_MAX);
	ring_unmap(&ring);
	close(fd);
	expect_u64("raw samples", n, 0);
}

/* A tracefs event that perf holds cannot be deleted; once closed it can. */
static void cmd_perf_busy(char **argv)
{
	char del[256], dir[512];
	int fd = tp_open(argv[0], 0);

	snprintf(del, sizeof(del), "-:%s", argv[0]);
	expect_errno("deleting it while perf holds it",
		     tracefs_write("kprobe_events", del), EBUSY);
	close(fd);
	expect_ok("deleting it after close", tracefs_write("kprobe_events", del));
	snprintf(dir, sizeof(dir), "%s/events/%s", tracefs(), argv[0]);
	if (!access(dir, F_OK))
		fail("%s is still there", dir);
}

/* --- BPF ------------------------------------------------------------------ */

static int sys_bpf(int op, union bpf_attr *attr)
{
	int ret = syscall(__NR_bpf, op, attr, sizeof(*attr));

	return ret < 0 ? -errno : ret;
}

/* A program being assembled; jumps are landed once their target is known. */
struct prog {
	struct bpf_insn insn[32];
	int len;
	const char *name;
};

static int emit(struct prog *p, __u8 code, __u8 dst, __u8 src, __s16 off,
		__s32 imm)
{
	struct bpf_insn *insn;

	if (p->len == ARRAY_SIZE(p->insn))
		fail("BPF program %s is too long", p->name);
	insn = &p->insn[p->len];
	memset(insn, 0, sizeof(*insn));
	insn->code = code;
	insn->dst_reg = dst;
	insn->src_reg = src;
	insn->off = off;
	insn->imm = imm;
	return p->len++;
}

/* Point the jump at @from to the next instruction to be emitted. */
static void land(struct prog *p, int from)
{
	p->insn[from].off = p->len - from - 1;
}

static void emit_call(struct prog *p, int helper)
{
	emit(p, BPF_JMP | BPF_CALL, 0, 0, 0, helper);
}

static void emit_mov_imm(struct prog *p, int dst, __s32 imm)
{
	emit(p, BPF_ALU64 | BPF_MOV | BPF_K, dst, 0, 0, imm);
}

static void emit_mov_reg(struct prog *p, int dst, int src)
{
	emit(p, BPF_ALU64 | BPF_MOV | BPF_X, dst, src, 0, 0);
}

/* r0 = @ret; exit */
static void emit_return(struct prog *p, __s32 ret)
{
	emit_mov_imm(p, BPF_REG_0, ret);
	emit(p, BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
}

/* Jump (to be landed) unless the current task belongs to this process. */
static int emit_skip_others(struct prog *p)
{
	emit_call(p, BPF_FUNC_get_current_pid_tgid);
	emit(p, BPF_ALU64 | BPF_RSH | BPF_K, BPF_REG_0, 0, 0, 32);
	return emit(p, BPF_JMP | BPF_JNE | BPF_K, BPF_REG_0, 0, 0, getpid());
}

static int prog_load(const struct prog *p, __u32 type)
{
	static char log[1 << 16];
	union bpf_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = type;
	attr.insns = (unsigned long)p->insn;
	attr.insn_cnt = p->len;
	attr.license = (unsigned long)"GPL";
	snprintf(attr.prog_name, sizeof(attr.prog_name), "%s", p->name);
	fd = sys_bpf(BPF_PROG_LOAD, &attr);
	if (fd >= 0)
		return fd;
	/* again, for the verifier's log */
	attr.log_buf = (unsigned long)log;
	attr.log_size = sizeof(log);
	attr.log_level = 1;
	sys_bpf(BPF_PROG_LOAD, &attr);
	fail("BPF_PROG_LOAD %s: %s\n%s", p->name, errname(-fd), log);
}

/* An array map of one u64 at key 0. */
static int map_create(void)
{
	union bpf_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.map_type = BPF_MAP_TYPE_ARRAY;
	attr.key_size = sizeof(__u32);
	attr.value_size = sizeof(__u64);
	attr.max_entries = 1;
	fd = sys_bpf(BPF_MAP_CREATE, &attr);
	if (fd < 0)
		fail("BPF_MAP_CREATE: %s", errname(-fd));
	return fd;
}

static __u64 map_value(int map)
{
	union bpf_attr attr;
	__u32 key = 0;
	__u64 value;
	int ret;

	memset(&attr, 0, sizeof(attr));
	attr.map_fd = map;
	attr.key = (unsigned long)&key;
	attr.value = (unsigned long)&value;
	ret = sys_bpf(BPF_MAP_LOOKUP_ELEM, &attr);
	if (ret < 0)
		fail("BPF_MAP_LOOKUP_ELEM: %s", errname(-ret));
	return value;
}

/*
 * Count this process's hits in @map's value and return @ret (0 tells
 * kprobe_perf_func() not to record the hit for perf).
 */
static int load_counter(int map, int ret)
{
	struct prog p = { .name = "kpt_count" };
	int other, null;

	other = emit_skip_others(&p);
	/* r1 = map, r2 = &key (0, at fp - 4) */
	emit(&p, BPF_ST | BPF_MEM | BPF_W, BPF_REG_10, 0, -4, 0);
	emit_mov_reg(&p, BPF_REG_2, BPF_REG_10);
	emit(&p, BPF_ALU64 | BPF_ADD | BPF_K, BPF_REG_2, 0, 0, -4);
	emit(&p, BPF_LD | BPF_DW | BPF_IMM, BPF_REG_1, BPF_PSEUDO_MAP_FD, 0, map);
	emit(&p, 0, 0, 0, 0, 0);
	emit_call(&p, BPF_FUNC_map_lookup_elem);
	null = emit(&p, BPF_JMP | BPF_JEQ | BPF_K, BPF_REG_0, 0, 0, 0);
	/* lock *(u64 *)r0 += 1 */
	emit_mov_imm(&p, BPF_REG_1, 1);
	emit(&p, BPF_STX | BPF_ATOMIC | BPF_DW, BPF_REG_0, BPF_REG_1, 0, BPF_ADD);
	land(&p, other);
	land(&p, null);
	emit_return(&p, ret);
	return prog_load(&p, BPF_PROG_TYPE_KPROBE);
}

/*
 * Make the probed function return @rc to this process, with
 * bpf_override_return(); the program itself returns 1.
 */
static int load_override(__s32 rc)
{
	struct prog p = { .name = "kpt_override" };
	int other;

	emit_mov_reg(&p, BPF_REG_6, BPF_REG_1);
	other = emit_skip_others(&p);
	emit_mov_reg(&p, BPF_REG_1, BPF_REG_6);
	emit_mov_imm(&p, BPF_REG_2, rc);
	emit_call(&p, BPF_FUNC_override_return);
	land(&p, other);
	emit_return(&p, 1);
	return prog_load(&p, BPF_PROG_TYPE_KPROBE);
}

/* A tracepoint program: kprobe events must refuse it. */
static int load_tracepoint_prog(void)
{
	struct prog p = { .name = "kpt_tp" };

	emit_return(&p, 0);
	return prog_load(&p, BPF_PROG_TYPE_TRACEPOINT);
}

static int attach(int perf_fd, int prog_fd)
{
	return ioctl(perf_fd, PERF_EVENT_IOC_SET_BPF, prog_fd) ? -errno : 0;
}

static __u32 prog_id(int prog_fd)
{
	struct bpf_prog_info info;
	union bpf_attr attr;
	int ret;

	memset(&info, 0, sizeof(info));
	memset(&attr, 0, sizeof(attr));
	attr.info.bpf_fd = prog_fd;
	attr.info.info_len = sizeof(info);
	attr.info.info = (unsigned long)&info;
	ret = sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &attr);
	if (ret < 0)
		fail("BPF_OBJ_GET_INFO_BY_FD: %s", errname(-ret));
	return info.id;
}

static void cmd_bpf_run(char **argv)
{
	int map = map_create(), prog = load_counter(map, 1), fd, i;

	fd = open_target(argv[0]);
	expect_ok("PERF_EVENT_IOC_SET_BPF", attach(fd, prog));
	expect_errno("a second program on the same perf event",
		     attach(fd, load_counter(map, 1)), EEXIST);
	expect_errno("a tracepoint program", attach(fd, load_tracepoint_prog()),
		     EINVAL);
	expect_u64("perf count of the getppid() calls (program returns 1)",
		   count_getppid(fd, HITS), HITS);
	/*
	 * count_getppid() makes two more calls outside the perf window: the
	 * kprobe stays armed while the perf event is open, and only perf's
	 * counting stops with PERF_EVENT_IOC_DISABLE.
	 */
	expect_u64("program runs", map_value(map), HITS + 2);
	close(fd);
	for (i = 0; i < HITS; i++)
		sys_getppid();
	expect_u64("program runs after close", map_value(map), HITS + 2);

	map = map_create();
	fd = open_target(argv[0]);
	expect_ok("PERF_EVENT_IOC_SET_BPF", attach(fd, load_counter(map, 0)));
	expect_u64("perf count of the getppid() calls (program returns 0)",
		   count_getppid(fd, HITS), 0);
	expect_u64("program runs", map_value(map), HITS + 2);
	close(fd);
}

struct query {
	__u32 fd_type;
	const char *symbol;	/* "" for the address form */
	__u64 offset;
	__u64 addr;
};

static int task_fd_query(int fd, union bpf_attr *attr, char *buf, __u32 len)
{
	memset(attr, 0, sizeof(*attr));
	attr->task_fd_query.pid = getpid();
	attr->task_fd_query.fd = fd;
	attr->task_fd_query.buf = (unsigned long)buf;
	attr->task_fd_query.buf_len = len;
	return sys_bpf(BPF_TASK_FD_QUERY, attr);
}

/* BPF_TASK_FD_QUERY on perf event @fd, before and after a program. */
static void check_query(int fd, const struct query *want)
{
	char buf[KSYM_NAME_LEN];
	union bpf_attr attr;
	int prog = load_counter(map_create(), 1);

	expect_errno("BPF_TASK_FD_QUERY with no program",
		     task_fd_query(fd, &attr, buf, sizeof(buf)), ENOENT);
	expect_ok("PERF_EVENT_IOC_SET_BPF", attach(fd, prog));
	expect_ok("BPF_TASK_FD_QUERY", task_fd_query(fd, &attr, buf, sizeof(buf)));
	expect_u64("prog_id", attr.task_fd_query.prog_id, prog_id(prog));
	expect_u64("fd_type", attr.task_fd_query.fd_type, want->fd_type);
	expect_str("buf", buf, want->symbol);
	expect_u64("buf_len", attr.task_fd_query.buf_len, strlen(want->symbol));
	expect_u64("probe_offset", attr.task_fd_query.probe_offset, want->offset);
	expect_u64("probe_addr", attr.task_fd_query.probe_addr, want->addr);
	if (!*want->symbol)
		return;
	/* a buffer too small for the name: cut, with the full length */
	expect_errno("BPF_TASK_FD_QUERY into 4 bytes",
		     task_fd_query(fd, &attr, buf, 4), ENOSPC);
	buf[4] = '\0';
	expect_u64("buf_len", attr.task_fd_query.buf_len, strlen(want->symbol));
	if (strncmp(buf, want->symbol, 3) || buf[3])
		fail("buf \"%s\" is not the first 3 bytes of %s", buf,
		     want->symbol);
}

static void check_pmu_query(const struct pmu_probe *p, const struct query *q)
{
	int fd = must_pmu_open(p);

	check_query(fd, q);
	close(fd);
}

static void cmd_bpf_query(char **argv)
{
	__u64 addr = ksym_addr(TARGET), entry = addr + entry_offset(TARGET);
	struct pmu_probe p = { .func = TARGET };
	struct query q = { BPF_FD_TYPE_KPROBE, TARGET, 0, entry };

	check_pmu_query(&p, &q);
	p.retprobe = true;
	q.fd_type = BPF_FD_TYPE_KRETPROBE;
	check_pmu_query(&p, &q);

	p.retprobe = false;
	p.offset = first_offset(TARGET, entry - addr);
	q.fd_type = BPF_FD_TYPE_KPROBE;
	q.offset = p.offset;
	q.addr = addr + p.offset;
	check_pmu_query(&p, &q);

	/* the address form: no symbol, and the offset is not used */
	p.func = NULL;
	p.addr = addr;
	q.symbol = "";
	q.offset = 0;
	q.addr = entry;
	check_pmu_query(&p, &q);
}

static __u64 parse_u64(const char *arg)
{
	char *end;
	__u64 v = strtoull(arg, &end, 0);

	if (!*arg || *end)
		fail("\"%s\" is not a number", arg);
	return v;
}

/* GROUP/EVENT kprobe|kretprobe SYMBOL|0xADDR OFFSET */
static void cmd_bpf_query_event(char **argv)
{
	struct query q = { BPF_FD_TYPE_KPROBE, argv[2] };
	int fd;

	if (parse_kind(argv[1]))
		q.fd_type = BPF_FD_TYPE_KRETPROBE;
	q.offset = parse_u64(argv[3]);
	if (!strncmp(argv[2], "0x", 2)) {
		char func[KSYM_NAME_LEN];
		int count;

		q.symbol = "";
		q.addr = parse_u64(argv[2]) + q.offset;
		ksym_around(q.addr, func);
		if (!q.offset && ksym_find(func, &count) == q.addr)
			q.addr += entry_offset(func);
		q.offset = 0;
	} else {
		q.addr = ksym_addr(q.symbol) + q.offset;
		if (!q.offset)
			q.addr += entry_offset(q.symbol);
	}
	fd = tp_open(argv[0], 0);
	check_query(fd, &q);
	close(fd);
}

static void cmd_bpf_override(char **argv)
{
	long real = sys_getppid(), got;
	int fd = open_target(argv[0]), i;

	printf("%s: getppid() = %ld\n", cmd, real);
	if (real == SENTINEL)
		fail("the parent pid is the sentinel %d", SENTINEL);
	expect_ok("PERF_EVENT_IOC_SET_BPF (override)",
		  attach(fd, load_override(SENTINEL)));
	perf_ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < HITS; i++) {
		got = sys_getppid();
		if (got != SENTINEL)
			fail("getppid() = %ld under the override, want %d", got,
			     SENTINEL);
	}
	perf_ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	printf("%s: getppid() = %d under the override, %d times\n", cmd,
	       SENTINEL, HITS);
	/* kprobe_perf_func() records nothing once the program moved the ip */
	expect_u64("perf count of the overridden calls", perf_count(fd), 0);
	close(fd);
	expect_u64("getppid() after close", sys_getppid(), real);
}

/* An override program is refused; a plain one then attaches. */
static void check_reject(int fd)
{
	long real = sys_getppid();

	expect_errno("PERF_EVENT_IOC_SET_BPF (override)",
		     attach(fd, load_override(SENTINEL)), EINVAL);
	expect_ok("PERF_EVENT_IOC_SET_BPF (counter)",
		  attach(fd, load_counter(map_create(), 1)));
	expect_u64("getppid()", sys_getppid(), real);
	close(fd);
}

static void cmd_bpf_override_reject(char **argv)
{
	struct pmu_probe p = { .func = TARGET };

	if (argv[0]) {
		check_reject(tp_open(argv[0], 0));
		return;
	}
	/* not on the function entry */
	p.offset = first_offset(TARGET, entry_offset(TARGET));
	check_reject(must_pmu_open(&p));
	/* on the entry of a function that is not error-injectable */
	p.func = OPEN_FUNC;
	p.offset = 0;
	check_reject(must_pmu_open(&p));
}

/* --- uprobe PMU and uprobe events --------------------------------------- */

#define UPMU_DIR	"/sys/bus/event_source/devices/uprobe"

/* The user function the uprobes here are put on */
__attribute__((noinline)) long kpt_perf_utarget(long a)
{
	asm volatile("" : : : "memory");
	return a + 1;
}

/* Call kpt_perf_utarget() @n times with perf event @fd enabled */
static __u64 count_utarget(int fd, int n)
{
	int i;

	kpt_perf_utarget(0);		/* disabled: not counted */
	perf_ioctl(fd, PERF_EVENT_IOC_RESET, 0);
	perf_ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < n; i++)
		kpt_perf_utarget(i);
	perf_ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	kpt_perf_utarget(0);		/* disabled again */
	return perf_count(fd);
}

/* This program's file and the file offset of @addr in it, from its maps */
static __u64 self_offset(const void *addr, char *path, size_t len)
{
	unsigned long start, end, pgoff, a = (unsigned long)addr;
	char line[512], file[256];
	FILE *maps = fopen("/proc/self/maps", "r");

	if (!maps)
		fail("/proc/self/maps: %s", strerror(errno));
	while (fgets(line, sizeof(line), maps)) {
		file[0] = '\0';
		if (sscanf(line, "%lx-%lx %*s %lx %*s %*s %255s", &start, &end,
			   &pgoff, file) < 3 || a < start || a >= end)
			continue;
		fclose(maps);
		snprintf(path, len, "%s", file);
		return a - start + pgoff;
	}
	fail("%p is not mapped", addr);
}

/* A bit of attr.config, from the uprobe PMU's format file "config:BIT" */
static int upmu_config_bit(const char *name)
{
	char path[128], *text, *end;
	long bit;

	snprintf(path, sizeof(path), UPMU_DIR "/format/%s", name);
	text = must_read(path);
	bit = strncmp(text, "config:", 7) ? -1 : strtol(text + 7, &end, 10);
	if (bit < 0 || bit > 63)
		fail("%s: \"%s\" is not config:BIT", path, text);
	free(text);
	return bit;
}

static int upmu_open(bool retprobe, const char *path, __u64 offset)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.type = read_int(UPMU_DIR "/type");
	if (retprobe)
		attr.config = 1ULL << upmu_config_bit("retprobe");
	attr.uprobe_path = (unsigned long)path;
	attr.probe_offset = offset;
	return perf_open(&attr);
}

/* What BPF_TASK_FD_QUERY says of the uprobe perf event @fd */
static void expect_uprobe_query(int fd, bool retprobe, const char *path,
				__u64 offset)
{
	union bpf_attr attr;
	char buf[256];

	expect_ok("BPF_TASK_FD_QUERY", task_fd_query(fd, &attr, buf,
						     sizeof(buf)));
	expect_u64("fd_type", attr.task_fd_query.fd_type,
		   retprobe ? BPF_FD_TYPE_URETPROBE : BPF_FD_TYPE_UPROBE);
	expect_str("buf", buf, path);
	expect_u64("probe_offset", attr.task_fd_query.probe_offset, offset);
	expect_u64("probe_addr", attr.task_fd_query.probe_addr, 0);
}

static bool parse_ukind(const char *arg)
{
	return parse_kind_of(arg, "uprobe", "uretprobe");
}

/*
 * The uprobe PMU on kpt_perf_utarget(): counts exactly this task's calls
 * while enabled, runs a BPF program on each call, is described by
 * BPF_TASK_FD_QUERY, and refuses what is not a regular file.
 */
static void cmd_upmu(char **argv)
{
	bool retprobe = parse_ukind(argv[0]);
	char path[256];
	int map, fd;
	__u64 offset;

	offset = self_offset((void *)kpt_perf_utarget, path, sizeof(path));
	fd = upmu_open(retprobe, path, offset);
	if (fd < 0)
		fail("uprobe PMU %s:0x%llx: %s", path, offset, errname(-fd));
	printf("%s: uprobe PMU %s %s:0x%llx: open\n", cmd, argv[0], path,
	       offset);
	expect_u64("perf count of the calls", count_utarget(fd, HITS), HITS);
	map = map_create();
	expect_ok("PERF_EVENT_IOC_SET_BPF", attach(fd, load_counter(map, 1)));
	expect_u64("perf count of the calls (program returns 1)",
		   count_utarget(fd, HITS), HITS);
	/* the uprobe stays while the event is open: two calls outside */
	expect_u64("program runs", map_value(map), HITS + 2);
	expect_uprobe_query(fd, retprobe, path, offset);
	close(fd);
	expect_errno("uprobe PMU on a directory", upmu_open(retprobe, "/", 0),
		     EINVAL);
	expect_errno("uprobe PMU on a missing file",
		     upmu_open(retprobe, "/kpt-no-such-file", 0), ENOENT);
}

/* "PATH:0xOFFSET" of kpt_perf_utarget(), for a uprobe event on it */
static void cmd_uwhere(char **argv)
{
	char path[256];
	__u64 offset;

	offset = self_offset((void *)kpt_perf_utarget, path, sizeof(path));
	printf("%s:0x%llx\n", path, offset);
}

/*
 * A BPF program on tracefs uprobe event GROUP/EVENT, put on
 * kpt_perf_utarget() (see uwhere): it runs on each call of this task,
 * perf counts them, and BPF_TASK_FD_QUERY describes the uprobe.
 */
static void cmd_ubpf_event(char **argv)
{
	bool retprobe = parse_ukind(argv[1]);
	int map = map_create(), fd = open_target(argv[0]);
	char path[256];
	__u64 offset;

	offset = self_offset((void *)kpt_perf_utarget, path, sizeof(path));
	expect_ok("PERF_EVENT_IOC_SET_BPF", attach(fd, load_counter(map, 1)));
	expect_u64("perf count of the calls", count_utarget(fd, HITS), HITS);
	expect_u64("program runs", map_value(map), HITS + 2);
	expect_uprobe_query(fd, retprobe, path, offset);
	close(fd);
}

/* --- who may use what ----------------------------------------------------- */

/*
 * The errno named @name ("EACCES"), or 0 for "ok"; exits with usage
 * status 2 on a name that is neither.
 */
static int parse_want(const char *name)
{
	int err;

	if (!strcmp(name, "ok"))
		return 0;
	for (err = 1; err < 4096; err++) {
		const char *n = strerrorname_np(err);

		if (n && !strcmp(n, name))
			return err;
	}
	errx(2, "\"%s\" is neither ok nor an errno name", name);
}

/*
 * GROUP/EVENT ERRNO: PERF_EVENT_IOC_SET_BPF of a kprobe program, and of a
 * tracepoint program, on tracefs event GROUP/EVENT is refused with ERRNO
 * (perf attaches programs to kprobe, uprobe and tracepoint events only:
 * eprobes, fprobes and tracepoint probes are none of those).  The perf
 * event itself opens, and BPF_TASK_FD_QUERY finds no program on it.
 */
static void cmd_bpf_refuse(char **argv)
{
	int want = parse_want(argv[1]), fd = tp_open(argv[0], 0);
	union bpf_attr attr;
	char buf[64];

	if (!want)
		errx(2, "\"%s\": want an errno", argv[1]);
	expect_errno("PERF_EVENT_IOC_SET_BPF (kprobe program)",
		     attach(fd, load_counter(map_create(), 1)), want);
	expect_errno("PERF_EVENT_IOC_SET_BPF (tracepoint program)",
		     attach(fd, load_tracepoint_prog()), want);
	expect_errno("BPF_TASK_FD_QUERY", task_fd_query(fd, &attr, buf,
							sizeof(buf)), ENOENT);
	close(fd);
}

/*
 * A kprobe program that calls @helper once, on an 8-byte stack slot and
 * address 0: whether the verifier takes it depends only on whether the
 * helper is available, which lockdown and capabilities decide.  It is
 * loaded, never attached.  Returns the program fd or -errno.
 */
static int load_helper_call(int helper)
{
	struct prog p = { .name = "kpt_helper" };
	union bpf_attr attr;

	/* initialized: probe_write_user() reads it */
	emit(&p, BPF_ST | BPF_MEM | BPF_DW, BPF_REG_10, 0, -8, 0);
	if (helper == BPF_FUNC_probe_write_user) {
		/* (user dst 0, src = the slot, size 8) */
		emit_mov_imm(&p, BPF_REG_1, 0);
		emit_mov_reg(&p, BPF_REG_2, BPF_REG_10);
		emit(&p, BPF_ALU64 | BPF_ADD | BPF_K, BPF_REG_2, 0, 0, -8);
	} else {
		/* (dst = the slot, size 8, src 0) */
		emit_mov_reg(&p, BPF_REG_1, BPF_REG_10);
		emit(&p, BPF_ALU64 | BPF_ADD | BPF_K, BPF_REG_1, 0, 0, -8);
		emit_mov_imm(&p, BPF_REG_3, 0);
	}
	emit_mov_imm(&p, helper == BPF_FUNC_probe_write_user ? BPF_REG_3 :
		     BPF_REG_2, 8);
	emit_call(&p, helper);
	emit_return(&p, 0);

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_KPROBE;
	attr.insns = (unsigned long)p.insn;
	attr.insn_cnt = p.len;
	attr.license = (unsigned long)"GPL";
	snprintf(attr.prog_name, sizeof(attr.prog_name), "%s", p.name);
	return sys_bpf(BPF_PROG_LOAD, &attr);
}

/*
 * A counting perf event on this task (see perf_open()), or with @sample
 * one sampling every hit; fd or -errno.
 */
static int perf_try(struct perf_event_attr *attr, bool nokernel,
		    __u64 sample)
{
	attr->exclude_kernel = nokernel;
	if (sample) {
		attr->sample_period = 1;
		attr->sample_type = sample;
	}
	return perf_open(attr);
}

/* One attempt of KIND (see cmd_access()); fd or -errno. */
static int access_try(const char *kind, bool nokernel)
{
	bool kretprobe = !strcmp(kind, "kretprobe-pmu");
	bool regs = !strcmp(kind, "uprobe-regs-intr");
	struct perf_event_attr attr;
	char path[256];

	memset(&attr, 0, sizeof(attr));
	if (kretprobe || !strcmp(kind, "kprobe-pmu")) {
		attr.type = pmu_type();
		if (kretprobe)
			attr.config = 1ULL << pmu_retprobe_bit();
		attr.kprobe_func = (unsigned long)TARGET;
		return perf_try(&attr, nokernel, 0);
	}
	if (regs || !strcmp(kind, "uprobe-pmu")) {
		attr.type = read_int(UPMU_DIR "/type");
		attr.probe_offset = self_offset((void *)kpt_perf_utarget, path,
						sizeof(path));
		attr.uprobe_path = (unsigned long)path;
		attr.sample_regs_intr = regs;
		/* interrupted registers in each sample: LOCKDOWN_PERF */
		return perf_try(&attr, nokernel, regs ? PERF_SAMPLE_REGS_INTR : 0);
	}
	attr.type = PERF_TYPE_TRACEPOINT;
	if (!strncmp(kind, "tracepoint:", 11)) {
		attr.config = parse_u64(kind + 11);
		return perf_try(&attr, nokernel, 0);
	}
	if (!strncmp(kind, "raw-tracepoint:", 15)) {
		/* PERF_SAMPLE_RAW: the records themselves */
		attr.config = parse_u64(kind + 15);
		return perf_try(&attr, nokernel, PERF_SAMPLE_RAW);
	}
	if (!strcmp(kind, "bpf-read-kernel"))
		return load_helper_call(BPF_FUNC_probe_read_kernel);
	if (!strcmp(kind, "bpf-read-kernel-str"))
		return load_helper_call(BPF_FUNC_probe_read_kernel_str);
	if (!strcmp(kind, "bpf-read-user"))
		return load_helper_call(BPF_FUNC_probe_read_user);
	if (!strcmp(kind, "bpf-write-user"))
		return load_helper_call(BPF_FUNC_probe_write_user);
	errx(2, "unknown kind \"%s\"", kind);
}

/*
 * KIND WANT [nokernel]: one use of a probe interface, which must succeed
 * (WANT "ok") or fail with errno WANT ("EACCES").  For the permission and
 * lockdown tests: it runs as any user and reads no tracefs file.  KIND:
 *  kprobe-pmu, kretprobe-pmu: the kprobe PMU on TARGET;
 *  uprobe-pmu: the uprobe PMU on kpt_perf_utarget();
 *  uprobe-regs-intr: the same, sampling PERF_SAMPLE_REGS_INTR;
 *  tracepoint:ID, raw-tracepoint:ID: tracefs event ID, counting or
 *    sampling PERF_SAMPLE_RAW;
 *  bpf-read-kernel, bpf-read-kernel-str, bpf-read-user, bpf-write-user:
 *    loading a kprobe program that calls bpf_probe_read_kernel() (...).
 * Perf events are on this task; "nokernel" sets attr.exclude_kernel.
 */
static void cmd_access(char **argv)
{
	bool nokernel = false;
	int want = parse_want(argv[1]), fd;
	char what[128];

	if (argv[2]) {
		if (strcmp(argv[2], "nokernel"))
			errx(2, "\"%s\" is not nokernel", argv[2]);
		nokernel = true;
	}
	snprintf(what, sizeof(what), "%s%s (uid %d)", argv[0],
		 nokernel ? " nokernel" : "", (int)getuid());
	fd = access_try(argv[0], nokernel);
	if (fd >= 0)
		close(fd);
	if (want)
		expect_errno(what, fd, want);
	else
		expect_ok(what, fd);
}

/* --- main ----------------------------------------------------------------- */

struct command {
	const char *name;
	const char *args;
	int min_args;
	int max_args;
	void (*run)(char **argv);
	bool value;		/* prints only its result: no "ok" line */
};

static const struct command commands[] = {
	{ "pmu-type", "", 0, 0, cmd_pmu_type },
	{ "pmu-count", "kprobe|kretprobe", 1, 1, cmd_pmu_count },
	{ "pmu-addr", "kprobe|kretprobe", 1, 1, cmd_pmu_addr },
	{ "pmu-offset", "", 0, 0, cmd_pmu_offset },
	{ "pmu-first-offset", "SYMBOL", 1, 1, cmd_pmu_first_offset, true },
	{ "pmu-errors", "", 0, 0, cmd_pmu_errors },
	{ "raw-entry", "GROUP/EVENT", 1, 1, cmd_raw_entry },
	{ "raw-return", "GROUP/EVENT", 1, 1, cmd_raw_return },
	{ "raw-fentry", "GROUP/EVENT", 1, 1, cmd_raw_fentry },
	{ "raw-fexit", "GROUP/EVENT", 1, 1, cmd_raw_fexit },
	{ "raw-tprobe", "GROUP/EVENT", 1, 1, cmd_raw_tprobe },
	{ "raw-eprobe", "GROUP/EVENT", 1, 1, cmd_raw_eprobe },
	{ "perf-busy", "GROUP/EVENT", 1, 1, cmd_perf_busy },
	{ "bpf-run", "[GROUP/EVENT]", 0, 1, cmd_bpf_run },
	{ "bpf-query", "", 0, 0, cmd_bpf_query },
	{ "bpf-query-event", "GROUP/EVENT kprobe|kretprobe SYMBOL|0xADDR OFFSET",
	  4, 4, cmd_bpf_query_event },
	{ "bpf-override", "[GROUP/EVENT]", 0, 1, cmd_bpf_override },
	{ "bpf-override-reject", "[GROUP/EVENT]", 0, 1, cmd_bpf_override_reject },
	{ "bpf-refuse", "GROUP/EVENT ERRNO", 2, 2, cmd_bpf_refuse },
	{ "upmu", "uprobe|uretprobe", 1, 1, cmd_upmu },
	{ "uwhere", "", 0, 0, cmd_uwhere, true },
	{ "ubpf-event", "GROUP/EVENT uprobe|uretprobe", 2, 2, cmd_ubpf_event },
	{ "access", "KIND ok|ERRNO [nokernel]", 2, 3, cmd_access },
};

static int print_usage(void)
{
	size_t i;

	fprintf(stderr, "usage: kpt_perf COMMAND [ARGS]\n");
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(stderr, "  kpt_perf %s %s\n", commands[i].name,
			commands[i].args);
	return 2;
}

int main(int argc, char **argv)
{
	static char name[64];
	size_t i;
	int nargs = argc - 2;

	if (argc < 2)
		return print_usage();
	for (i = 0; i < ARRAY_SIZE(commands); i++) {
		if (strcmp(argv[1], commands[i].name))
			continue;
		if (nargs < commands[i].min_args || nargs > commands[i].max_args)
			return print_usage();
		snprintf(name, sizeof(name), "kpt_perf %s", argv[1]);
		cmd = name;
		snprintf(fail_prefix, sizeof(fail_prefix), "%s: FAIL", name);
		program_invocation_short_name = fail_prefix;
		setvbuf(stdout, NULL, _IOLBF, 0);
		commands[i].run(argv + 2);
		if (!commands[i].value)
			printf("%s: ok\n", cmd);
		return 0;
	}
	return print_usage();
}
