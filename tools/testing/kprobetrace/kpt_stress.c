// SPDX-License-Identifier: GPL-2.0
/*
 * kpt_stress: probe events under concurrent load (make stress)
 *
 *   kpt_stress -t SECONDS [-k]
 *
 * For SECONDS, on every online CPU at once: writers add, append to
 * (multi-probe) and remove kprobe, kretprobe, uprobe, uretprobe, eprobe,
 * fprobe and tprobe events through kprobe_events, uprobe_events and
 * dynamic_events; togglers flip enable, filter and triggers (stacktrace,
 * hist) of those events and of a set of hot events, and make and remove
 * trace instances with events enabled in them; busy tasks hit the probed
 * functions (vfs_read, do_sys_openat2, file allocation, fork, getppid and
 * a function of this program under a uprobe); readers drain trace_pipe,
 * each CPU's trace_pipe_raw and a perf ring buffer, while perf kprobe PMU
 * events come and go and a BPF program is attached and detached.  A
 * module with a probed function is loaded and unloaded meanwhile.
 *
 * Four counted events (a kprobe and a kretprobe on getppid, a uprobe and
 * a uretprobe on this program) are enabled for the whole run in an
 * instance of their own, read by a reader of their own and touched by
 * nothing else: if that instance's buffer never overran, the records read
 * must equal the hits in kprobe_profile and uprobe_profile.
 *
 * At the end: no task hung, the listings (kprobe_events, uprobe_events,
 * dynamic_events) and the events/ directories agree, and the kernel log
 * has no report.  Prints "STAT NAME VALUE" lines for harness/stress.sh
 * and a "FAIL ..." line for each failed check; exits 1 if any.
 *
 * fprobe and tprobe events are left out where the kernel has none (arm64
 * 6.12: its ftrace passes arguments, not full registers).
 *
 * Build: gcc -static -O2 -Wall -Werror, or aarch64-linux-gnu-gcc for arm64
 * (harness/initramfs.sh does); run as root with tracefs at
 * /sys/kernel/tracing.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>

#include "kpt_arch.h"
#include "kpt_io.h"
#include "kpt_where.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define fallthrough	__attribute__((__fallthrough__))

#define T		"/sys/kernel/tracing"
#define COUNT_INST	T "/instances/kpt_count"
#define MAX_CPUS	8
#define MAX_WORKERS	64
/*
 * Event names per writer and kind: writers reuse a few names, so adds,
 * appends and removals of one name race with the togglers.
 */
#define SLOTS		4
/* How long a task may take to stop once told to, before it counts as hung */
#define GRACE_SECONDS	60

enum role {
	WRITER, TOGGLER, BUSY, MODULES, PIPE_READER, RAW_READER, PERF_READER,
	PMU_CHURN, BPF_ATTACH, COUNT_READER,
};

static const char *const role_names[] = {
	[WRITER] = "writer", [TOGGLER] = "toggler", [BUSY] = "busy",
	[MODULES] = "modules", [PIPE_READER] = "trace_pipe",
	[RAW_READER] = "trace_pipe_raw", [PERF_READER] = "perf",
	[PMU_CHURN] = "kprobe_pmu", [BPF_ATTACH] = "bpf",
	[COUNT_READER] = "count_reader",
};

/* The counted events and the names their records carry. */
enum counted { C_KPROBE, C_KRETPROBE, C_UPROBE, C_URETPROBE, NR_COUNTED };

static const char *const counted_names[NR_COUNTED] = {
	"getppid", "getppid_ret", "user", "user_ret",
};

struct worker {
	pid_t pid;
	enum role role;
	int cpu;
	long ops;		/* operations done */
	long refused;		/* of those, refused with an errno we expect */
	long unexpected;	/* refused with any other errno */
	long bytes;		/* readers: bytes read */
	long lost;		/* perf: records the ring buffer lost */
	bool exited;
};

/* Shared by every task (MAP_SHARED): the stop flags and the counters. */
struct shared {
	int stop_load;		/* writers, togglers, busy tasks */
	int stop_readers;	/* readers: drain, then stop */
	int nr_workers;
	struct worker w[MAX_WORKERS];
	long counted_records[NR_COUNTED];
	char unexpected[8][256];	/* the first few unexpected refusals */
	int nr_unexpected;
	int failures;		/* FAIL lines printed, by any task */
};

static struct shared *sh;
static int nr_cpus;
static int hung;
/*
 * -k: leave out what oopses stock 6.12, so that it lasts the run: deleting
 * an enabled multi-probe uprobe event frees its armed probes but the last
 * (test.d/kprobetrace/multi_probe_busy.tc).
 */
static bool stock_safe;
/* fprobe and tprobe events (f: and t:, CONFIG_FPROBE_EVENTS) are there */
static bool have_fprobe;
/* fprobe events over function patterns (kprobetrace's, not 6.12's) */
static bool have_patterns;
static char user_where[KPT_WHERE_PATH_MAX + 32];
static char other_where[KPT_WHERE_PATH_MAX + 32];

/* A stop flag, as another task set it. */
static bool told(const int *flag)
{
	return __atomic_load_n(flag, __ATOMIC_ACQUIRE);
}

static void tell(int *flag)
{
	__atomic_store_n(flag, 1, __ATOMIC_RELEASE);
}

static void fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	printf("FAIL ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
	fflush(stdout);
	__sync_fetch_and_add(&sh->failures, 1);
}

static void stat_line(const char *name, long value)
{
	printf("STAT %s %ld\n", name, value);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* xorshift64*: a cheap per-task generator; runs need not be repeatable. */
static unsigned long rnd(unsigned long *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717UL;
}

/* The uprobe targets: real calls, not inlined or folded. */
__attribute__((noinline)) long stress_user_target(long a)
{
	asm volatile("" : "+r"(a) : : "memory");
	return a + 1;
}

__attribute__((noinline)) long stress_user_other(long a)
{
	asm volatile("" : "+r"(a) : : "memory");
	return a + 2;
}

/*
 * Write @text to tracefs file @file with one write(2), appending (never
 * truncating: that would delete every event).  Returns 0 or the errno.
 */
static int twrite(const char *file, const char *text)
{
	int fd = open(file, O_WRONLY | O_APPEND | O_CLOEXEC);
	int err = 0;

	if (fd < 0)
		return errno;
	if (write(fd, text, strlen(text)) < 0)
		err = errno;
	close(fd);
	return err;
}

/* Write that must work (set-up and tear-down). */
static void must_write(const char *file, const char *text)
{
	int err = twrite(file, text);

	if (err)
		fail("writing \"%s\" to %s: %s", text, file, strerror(err));
}

static void pin_to(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

/*
 * Count a refusal: the errnos a racing writer or toggler gets by design
 * (the name is taken, the event is busy or already gone) are expected;
 * keep the first few others to print.
 */
static void refused(struct worker *w, int err, const char *what,
		    const char *text)
{
	int n;

	if (err == EEXIST || err == EBUSY || err == ENOENT || err == ENODEV) {
		w->refused++;
		return;
	}
	w->unexpected++;
	n = __sync_fetch_and_add(&sh->nr_unexpected, 1);
	if (n < (int)ARRAY_SIZE(sh->unexpected))
		/* a definition is written with its newline: not printed */
		snprintf(sh->unexpected[n], sizeof(sh->unexpected[n]),
			 "%s \"%.*s\": %s", what, (int)strcspn(text, "\n"),
			 text, strerror(err));
}

/* One definition a writer can make: its kind letter, a base and an append. */
struct def_kind {
	char slot;		/* event name prefix */
	bool append;		/* the kind supports multi-probe events */
	bool oopses_stock;	/* and 6.12 oopses when they are deleted enabled */
	const char *file;	/* its own control file, or dynamic_events */
	const char *fmt;	/* "%s" is the GROUP/EVENT, then the place */
	const char *place[2];	/* a first probe place and an appended one */
	bool pattern;		/* a function pattern: have_patterns only */
};

static const struct def_kind kinds[] = {
	{ 'k', true, false, T "/kprobe_events",
	  "p:%s %s file=$arg1 count=$arg3:u64", { "vfs_read", "vfs_write" }, false },
	{ 'r', true, false, T "/kprobe_events",
	  "r:%s %s ret=$retval:s64", { "vfs_read", "vfs_write" }, false },
	{ 'u', true, true, T "/uprobe_events",
	  "p:%s %s a=" KPT_FMT(KPT_ARG1) ":s64", { user_where, other_where }, false },
	{ 'v', true, true, T "/uprobe_events",
	  "r:%s %s ret=$retval:s64", { user_where, other_where }, false },
	{ 'e', false, false, T "/dynamic_events",
	  "e:%s %s name=+0($filename):ustring", { "syscalls.sys_enter_openat" }, false },
	{ 'f', true, false, T "/dynamic_events",
	  "f:%s %s file=$arg1", { "vfs_read", "vfs_write" }, false },
	{ 'x', false, false, T "/dynamic_events",
	  "f:%s %s%%return ret=$retval", { "vfs_read" }, false },
	{ 't', false, false, T "/dynamic_events",
	  "t:%s %s", { "sched_process_fork" }, false },
	{ 'm', false, false, T "/dynamic_events",
	  "f:%s %s file=$arg1", { "vfs_read,vfs_write,!vfs_readv" }, true },
	{ 'n', false, false, T "/dynamic_events",
	  "f:%s %s ret=$retval", { "vfs_rea*,vfs_writ*:exit" }, true },
	/* many functions: the shared entry fprobe and cohorts at scale */
	{ 'w', false, false, T "/dynamic_events",
	  "f:%s %s a=$arg1", { "vfs_*,ksys_*,do_sys_*,*_ioctl,!vfs_fsync*" },
	  true },
	{ 'y', false, false, T "/dynamic_events",
	  "f:%s %s a=$arg2 ret=$retval", { "vfs_*,ksys_*,*_open:exit" }, true },
};

/* Whether the kind is an fprobe or a tprobe (f: or t:) */
static bool fprobe_kind(const struct def_kind *k)
{
	return k->fmt[0] == 'f' || k->fmt[0] == 't';
}

/*
 * A writer: add, append to and remove its own events, through the kind's
 * own control file or dynamic_events, as fast as it can; or make one and
 * delete it at once, so that deletions pile up behind their grace period
 * while the same name is made again.
 */
static void run_writer(struct worker *w, unsigned long seed)
{
	char name[64], text[512], fmt[128];
	const struct def_kind *k;
	const char *file;
	unsigned long r;
	int err, slot;

	while (!told(&sh->stop_load)) {
		r = rnd(&seed);
		k = &kinds[r % ARRAY_SIZE(kinds)];
		if ((fprobe_kind(k) && !have_fprobe) ||
		    (k->pattern && !have_patterns))
			continue;
		slot = (r >> 8) % SLOTS;
		snprintf(name, sizeof(name), "kpt_w%d/%c%d", w->cpu, k->slot, slot);
		file = (r >> 16) & 1 ? k->file : T "/dynamic_events";
		switch ((r >> 20) % 4) {
		case 3:		/* add, then remove at once */
			snprintf(fmt, sizeof(fmt), "%s\n", k->fmt);
			snprintf(text, sizeof(text), fmt, name, k->place[0]);
			err = twrite(file, text);
			w->ops++;
			if (err)
				refused(w, err, file + sizeof(T), text);
			fallthrough;
		case 0:		/* remove */
			snprintf(text, sizeof(text), "-:%s\n", name);
			break;
		case 1:		/* append a second place, if the kind can */
			if (k->append && !(k->oopses_stock && stock_safe)) {
				snprintf(fmt, sizeof(fmt), "%s\n", k->fmt);
				snprintf(text, sizeof(text), fmt, name, k->place[1]);
				break;
			}
			fallthrough;
		default:	/* add */
			snprintf(fmt, sizeof(fmt), "%s\n", k->fmt);
			snprintf(text, sizeof(text), fmt, name, k->place[0]);
			break;
		}
		err = twrite(file, text);
		w->ops++;
		if (err)
			refused(w, err, file + sizeof(T), text);
	}
}

/*
 * Up to @max event directories ("GROUP/EVENT") of the groups whose names
 * start with "kpt_w" or are "kpt_hot", as they are now.
 */
static int list_events(char names[][64], int max)
{
	DIR *top = opendir(T "/events"), *grp;
	struct dirent *g, *e;
	char path[128];
	int n = 0;

	if (!top)
		return 0;
	while (n < max && (g = readdir(top))) {
		if (strncmp(g->d_name, "kpt_w", 5) && strcmp(g->d_name, "kpt_hot"))
			continue;
		snprintf(path, sizeof(path), T "/events/%.64s", g->d_name);
		grp = opendir(path);
		if (!grp)
			continue;
		while (n < max && (e = readdir(grp))) {
			if (e->d_type != DT_DIR || e->d_name[0] == '.')
				continue;
			snprintf(names[n++], 64, "%.20s/%.40s", g->d_name, e->d_name);
		}
		closedir(grp);
	}
	closedir(top);
	return n;
}

/* What a toggler writes to an event's files. */
static const char *const toggles[][2] = {
	{ "enable", "1" }, { "enable", "0" }, { "enable", "1" },
	{ "filter", "common_pid != 0" }, { "filter", "0" },
	{ "trigger", "stacktrace" }, { "trigger", "!stacktrace" },
	{ "trigger", "hist:keys=common_pid" },
	{ "trigger", "!hist:keys=common_pid" },
};

/*
 * Make a trace instance, enable some events in it, record a moment, and
 * remove it with the events still enabled.
 */
static void instance_cycle(struct worker *w, char names[][64], int n,
			   unsigned long *seed)
{
	char dir[96], path[256];
	int i, err;

	snprintf(dir, sizeof(dir), T "/instances/kpt_i%d", w->cpu);
	if (mkdir(dir, 0755) && errno != EEXIST) {
		refused(w, errno, "mkdir", dir);
		return;
	}
	w->ops++;
	for (i = 0; i < 3 && n; i++) {
		snprintf(path, sizeof(path), "%s/events/%s/enable", dir,
			 names[rnd(seed) % n]);
		err = twrite(path, "1");
		w->ops++;
		if (err)
			refused(w, err, "instance enable", path);
	}
	usleep(2000);
	if (rmdir(dir))
		refused(w, errno, "rmdir", dir);
}

/* A toggler: flip the event files of the writers' and the hot events. */
static void run_toggler(struct worker *w, unsigned long seed)
{
	static char names[256][64];
	char path[256];
	const char *const *t;
	unsigned long r;
	int n, err;

	while (!told(&sh->stop_load)) {
		n = list_events(names, ARRAY_SIZE(names));
		r = rnd(&seed);
		if (r % 16 == 0) {
			instance_cycle(w, names, n, &seed);
			continue;
		}
		if (!n) {
			usleep(1000);
			continue;
		}
		if (r % 16 == 1) {	/* a whole group at once */
			snprintf(path, sizeof(path), T "/events/%.*s/enable",
				 (int)strcspn(names[(r >> 16) % n], "/"),
				 names[(r >> 16) % n]);
			err = twrite(path, (r >> 8) & 1 ? "1" : "0");
			w->ops++;
			if (err)
				refused(w, err, path + sizeof(T), "group");
			continue;
		}
		t = toggles[(r >> 8) % ARRAY_SIZE(toggles)];
		snprintf(path, sizeof(path), T "/events/%s/%s",
			 names[(r >> 16) % n], t[0]);
		err = twrite(path, t[1]);
		w->ops++;
		if (err)
			refused(w, err, path + sizeof(T), t[1]);
	}
}

/*
 * A busy task: the probed functions, in a loop.  Each round makes one
 * hit of each counted event (getppid, stress_user_target), reads and
 * opens a file, and every 64th round forks.
 */
static void run_busy(struct worker *w)
{
	char buf[256];
	long round;
	int fd;

	for (round = 0; !told(&sh->stop_load); round++) {
		syscall(SYS_getppid);
		if (stress_user_target(round) != round + 1)
			fail("stress_user_target() is wrong");
		stress_user_other(round);
		fd = open("/proc/version", O_RDONLY | O_CLOEXEC);
		if (fd >= 0) {
			if (read(fd, buf, sizeof(buf)) < 0)
				w->unexpected++;
			close(fd);
		}
		if (round % 64 == 0) {
			pid_t pid = fork();

			if (pid == 0)
				_exit(0);
			if (pid > 0)
				waitpid(pid, NULL, 0);
		}
		w->ops++;
	}
}

/*
 * Run a program and wait for it; its exit status, or -1.  Its error
 * messages go where ours do.
 */
static int run_program(char *const argv[])
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		dup2(null, 1);
		execv(argv[0], argv);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/*
 * Load and unload the trace-printk sample module, whose
 * trace_printk_irq_work() is under an enabled kprobe event (kpt_mod/tpi):
 * the probe is armed at every load and goes with every unload.
 */
static void run_modules(struct worker *w)
{
	char *const load[] = { "/sbin/modprobe", "trace-printk", NULL };
	char *const unload[] = { "/sbin/rmmod", "trace-printk", NULL };

	int ret;

	while (!told(&sh->stop_load)) {
		ret = run_program(load);
		if (ret && !w->unexpected++)
			printf("NOTE modprobe trace-printk: exit status %d\n", ret);
		usleep(20000);
		ret = run_program(unload);
		if (ret && !w->unexpected++)
			printf("NOTE rmmod trace-printk: exit status %d\n", ret);
		w->ops++;
	}
}

/*
 * The counted events' records in a chunk of trace_pipe text: the event
 * name follows the time stamp ("comm-pid [cpu] flags 12.345678: NAME:").
 * A line cut by the end of a read is kept in @carry for the next chunk.
 */
static void count_records(char *buf, size_t len, char *carry, size_t *clen)
{
	char line[1024], *nl, *p, *name;
	size_t take;
	int i;

	while (len) {
		nl = memchr(buf, '\n', len);
		take = nl ? (size_t)(nl - buf) : len;
		if (*clen + take < sizeof(line) - 1) {
			memcpy(carry + *clen, buf, take);
			*clen += take;
		}
		buf += take + (nl ? 1 : 0);
		len -= take + (nl ? 1 : 0);
		if (!nl)
			return;
		memcpy(line, carry, *clen);
		line[*clen] = '\0';
		*clen = 0;
		p = strstr(line, "] ");
		p = p ? strstr(p + 2, ": ") : NULL;
		if (!p)
			continue;
		name = p + 2;
		p = strchr(name, ':');
		if (!p)
			continue;
		*p = '\0';
		for (i = 0; i < NR_COUNTED; i++)
			if (!strcmp(name, counted_names[i]))
				sh->counted_records[i]++;
	}
}

/*
 * A reader of a tracefs pipe (trace_pipe, or one CPU's trace_pipe_raw):
 * read whatever is there until told to stop, then drain what is left.
 */
static void run_pipe(struct worker *w, const char *path, bool counting)
{
	static char buf[1 << 16], carry[1024];
	struct pollfd pfd;
	size_t clen = 0;
	ssize_t n;

	pfd.fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	pfd.events = POLLIN;
	if (pfd.fd < 0) {
		fail("%s: open: %s", path, strerror(errno));
		return;
	}
	/*
	 * Only the counting reader drains what is left when told to stop:
	 * the others are load, and reading a full top buffer as text would
	 * take minutes under emulation.
	 */
	while (counting || !told(&sh->stop_readers)) {
		n = read(pfd.fd, buf, sizeof(buf));
		if (n > 0) {
			w->ops++;
			w->bytes += n;
			if (counting)
				count_records(buf, n, carry, &clen);
			continue;
		}
		if (n < 0 && errno != EAGAIN && errno != EINTR) {
			fail("%s: read: %s", path, strerror(errno));
			break;
		}
		if (told(&sh->stop_readers))
			break;
		poll(&pfd, 1, 100);
	}
	close(pfd.fd);
}

static long read_long(const char *path)
{
	char *text = kpt_read_text(path);
	long v = text ? strtol(text, NULL, 10) : -1;

	free(text);
	return v;
}

/* A perf ring buffer on one CPU: count its samples and lost records. */
struct perf_ring {
	int fd;
	struct perf_event_mmap_page *meta;
	char *data;
	size_t size;
};

#define PERF_DATA_PAGES	16

static bool perf_ring_open(struct perf_ring *pr, long id, int cpu)
{
	struct perf_event_attr attr;
	long page = sysconf(_SC_PAGESIZE);

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.config = id;
	attr.sample_period = 1;
	attr.sample_type = PERF_SAMPLE_RAW | PERF_SAMPLE_TID;
	attr.wakeup_events = 16;
	pr->fd = kpt_perf_event_open(&attr, -1, cpu);
	if (pr->fd < 0)
		return false;
	pr->size = PERF_DATA_PAGES * page;
	pr->meta = mmap(NULL, pr->size + page, PROT_READ | PROT_WRITE,
			MAP_SHARED, pr->fd, 0);
	if (pr->meta == MAP_FAILED) {
		close(pr->fd);
		return false;
	}
	pr->data = (char *)pr->meta + page;
	return true;
}

/* Consume every record in @pr; count samples in ops, lost ones in lost. */
static void perf_ring_drain(struct perf_ring *pr, struct worker *w)
{
	__u64 head = __atomic_load_n(&pr->meta->data_head, __ATOMIC_ACQUIRE);
	__u64 tail = pr->meta->data_tail;
	struct perf_event_header hdr;
	__u64 lost[3];

	while (tail < head) {
		memcpy(&hdr, pr->data + tail % pr->size, sizeof(hdr));
		if (hdr.type == PERF_RECORD_SAMPLE) {
			w->ops++;
		} else if (hdr.type == PERF_RECORD_LOST &&
			   tail % pr->size + sizeof(lost) <= pr->size) {
			memcpy(lost, pr->data + tail % pr->size, sizeof(lost));
			w->lost += lost[2];
		}
		w->bytes += hdr.size;
		tail += hdr.size;
	}
	__atomic_store_n(&pr->meta->data_tail, tail, __ATOMIC_RELEASE);
}

/* perf sampling the hot open event on every CPU (the perf record path). */
static void run_perf(struct worker *w)
{
	struct perf_ring rings[MAX_CPUS];
	struct pollfd pfd[MAX_CPUS];
	long id = read_long(T "/events/kpt_hot/open/id");
	int cpu, i;

	for (cpu = 0; cpu < nr_cpus; cpu++) {
		if (!perf_ring_open(&rings[cpu], id, cpu)) {
			fail("perf on kpt_hot/open, CPU %d: %s", cpu, strerror(errno));
			return;
		}
		ioctl(rings[cpu].fd, PERF_EVENT_IOC_ENABLE, 0);
		pfd[cpu].fd = rings[cpu].fd;
		pfd[cpu].events = POLLIN;
	}
	while (!told(&sh->stop_load)) {
		poll(pfd, nr_cpus, 100);
		for (i = 0; i < nr_cpus; i++)
			perf_ring_drain(&rings[i], w);
	}
	for (i = 0; i < nr_cpus; i++) {
		ioctl(rings[i].fd, PERF_EVENT_IOC_DISABLE, 0);
		perf_ring_drain(&rings[i], w);
		close(rings[i].fd);
	}
}

/*
 * perf's kprobe PMU: local kprobe and kretprobe events on vfs_write made
 * and destroyed in a loop, beside the tracefs events on the same function.
 */
static void run_pmu_churn(struct worker *w)
{
	struct perf_event_attr attr;
	long type = read_long("/sys/bus/event_source/devices/kprobe/type");
	char *bit = kpt_read_text("/sys/bus/event_source/devices/kprobe/format/retprobe");
	int retbit = bit && !strncmp(bit, "config:", 7) ? atoi(bit + 7) : 0;
	int fd, null = open("/dev/null", O_WRONLY | O_CLOEXEC);

	free(bit);
	while (!told(&sh->stop_load)) {
		memset(&attr, 0, sizeof(attr));
		attr.type = type;
		attr.config = (w->ops & 1) ? 1ULL << retbit : 0;
		attr.kprobe_func = (unsigned long)"vfs_write";
		fd = kpt_perf_event_open(&attr, 0, -1);
		if (fd < 0) {
			refused(w, errno, "kprobe PMU", "vfs_write");
			usleep(10000);
			continue;
		}
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		if (write(null, "x", 1) != 1)
			w->unexpected++;
		close(fd);
		w->ops++;
	}
	close(null);
}

/* A BPF program that does nothing: "r0 = 0; exit". */
static int load_empty_prog(void)
{
	struct bpf_insn insn[2] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_KPROBE;
	attr.insns = (unsigned long)insn;
	attr.insn_cnt = ARRAY_SIZE(insn);
	attr.license = (unsigned long)"GPL";
	return syscall(__NR_bpf, BPF_PROG_LOAD, &attr, sizeof(attr));
}

/* Attach and detach a BPF program to the hot read event, in a loop. */
static void run_bpf(struct worker *w)
{
	struct perf_event_attr attr;
	long id = read_long(T "/events/kpt_hot/read/id");
	int prog = load_empty_prog(), fd;

	if (prog < 0) {
		fail("BPF_PROG_LOAD: %s", strerror(errno));
		return;
	}
	while (!told(&sh->stop_load)) {
		memset(&attr, 0, sizeof(attr));
		attr.type = PERF_TYPE_TRACEPOINT;
		attr.config = id;
		attr.sample_period = 1;
		fd = kpt_perf_event_open(&attr, -1, w->ops % nr_cpus);
		if (fd < 0 || ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog) ||
		    ioctl(fd, PERF_EVENT_IOC_ENABLE, 0)) {
			refused(w, errno, "BPF on", "kpt_hot/read");
			if (fd >= 0)
				close(fd);
			usleep(10000);
			continue;
		}
		usleep(5000);
		close(fd);
		w->ops++;
	}
	close(prog);
}

static void run_role(struct worker *w)
{
	unsigned long seed = 0x9e3779b97f4a7c15UL * (w->role * MAX_CPUS + w->cpu + 1);
	char path[128];

	switch (w->role) {
	case WRITER:
		run_writer(w, seed);
		break;
	case TOGGLER:
		run_toggler(w, seed);
		break;
	case BUSY:
		run_busy(w);
		break;
	case MODULES:
		run_modules(w);
		break;
	case PIPE_READER:
		run_pipe(w, T "/trace_pipe", false);
		break;
	case RAW_READER:
		snprintf(path, sizeof(path), T "/per_cpu/cpu%d/trace_pipe_raw", w->cpu);
		run_pipe(w, path, false);
		break;
	case COUNT_READER:
		run_pipe(w, COUNT_INST "/trace_pipe", true);
		break;
	case PERF_READER:
		run_perf(w);
		break;
	case PMU_CHURN:
		run_pmu_churn(w);
		break;
	case BPF_ATTACH:
		run_bpf(w);
		break;
	}
}

static void start(enum role role, int cpu, bool pin)
{
	struct worker *w = &sh->w[sh->nr_workers++];
	pid_t pid;

	w->role = role;
	w->cpu = cpu;
	pid = fork();
	if (pid < 0) {
		fail("fork: %s", strerror(errno));
		return;
	}
	if (pid == 0) {
		if (pin)
			pin_to(cpu);
		run_role(w);
		fflush(stdout);
		_exit(0);
	}
	w->pid = pid;
}

static bool is_reader(enum role role)
{
	return role == PIPE_READER || role == RAW_READER ||
	       role == COUNT_READER;
}

/* Say where a task that stopped making progress is, and kill it. */
static void report_hung(struct worker *w)
{
	char path[64], *text;

	snprintf(path, sizeof(path), "/proc/%d/stack", w->pid);
	text = kpt_read_text(path);
	fail("hung: %s on CPU %d (pid %d), no progress in %d s; kernel stack:\n%s",
	     role_names[w->role], w->cpu, w->pid, GRACE_SECONDS,
	     text ? text : "(unreadable)");
	free(text);
	/* (one stuck in the kernel may not die: do not wait for it) */
	kill(w->pid, SIGKILL);
	w->exited = true;
	hung++;
}

/*
 * Reap the workers of one kind (readers or the rest).  One that makes no
 * progress (its operation count stands still) for GRACE_SECONDS before it
 * exits is reported as hung: a reader still draining a full buffer is not.
 */
static void reap(bool readers)
{
	double last[MAX_WORKERS];
	long seen[MAX_WORKERS];
	struct worker *w;
	int i, left;

	for (i = 0; i < sh->nr_workers; i++) {
		last[i] = now();
		seen[i] = sh->w[i].ops;
	}
	do {
		left = 0;
		for (i = 0; i < sh->nr_workers; i++) {
			w = &sh->w[i];
			if (w->exited || is_reader(w->role) != readers)
				continue;
			if (waitpid(w->pid, NULL, WNOHANG) == w->pid) {
				w->exited = true;
				continue;
			}
			if (w->ops != seen[i]) {
				seen[i] = w->ops;
				last[i] = now();
			}
			if (now() - last[i] < GRACE_SECONDS) {
				left++;
				continue;
			}
			report_hung(w);
		}
		if (left)
			usleep(100000);
	} while (left);
}

/* Whether a kernel symbol exists (the hot events probe what is there). */
static bool ksym_exists(const char *name)
{
	char line[512], sym[256];
	bool found = false;
	FILE *f = fopen("/proc/kallsyms", "r");

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "%*s %*s %255s", sym) == 1 && !strcmp(sym, name);
	fclose(f);
	return found;
}

/*
 * Whether tracefs's README shows f: events (then t: ones too); if it
 * cannot be read, they are written as ever, and fail if they must.
 */
static bool fprobe_events(void)
{
	char *readme = kpt_read_text(T "/README");
	bool have = !readme || strstr(readme, "f[:[<group>/][<event>]]");

	free(readme);
	return have;
}

/* Whether fprobe events take a function pattern: try one */
static bool pattern_events(void)
{
	if (twrite(T "/dynamic_events", "f:kpt_try/pat vfs_read,vfs_write\n"))
		return false;
	must_write(T "/dynamic_events", "-:kpt_try/pat");
	return true;
}

/*
 * The long-lived events: the counted ones, enabled only in their own
 * instance; the hot ones, enabled in the top buffer, where the togglers
 * and the perf and BPF users also act on them; and a probe on a module
 * function that comes and goes with the module.
 */
static void setup(void)
{
	char def[512];

	must_write(T "/buffer_size_kb", "2048");
	if (mkdir(COUNT_INST, 0755))
		fail("mkdir %s: %s", COUNT_INST, strerror(errno));
	must_write(COUNT_INST "/buffer_size_kb", "8192");

	must_write(T "/kprobe_events", "p:kpt_cnt/getppid " KPT_SYS "getppid");
	must_write(T "/kprobe_events",
		   "r:kpt_cnt/getppid_ret " KPT_SYS "getppid ret=$retval");
	snprintf(def, sizeof(def), "p:kpt_cnt/user %s a=" KPT_FMT(KPT_ARG1) ":s64",
		 user_where);
	must_write(T "/uprobe_events", def);
	snprintf(def, sizeof(def), "r:kpt_cnt/user_ret %s ret=$retval:s64", user_where);
	must_write(T "/uprobe_events", def);
	must_write(COUNT_INST "/events/kpt_cnt/enable", "1");

	must_write(T "/kprobe_events", "p:kpt_hot/read vfs_read count=$arg3:u64");
	must_write(T "/kprobe_events",
		   "p:kpt_hot/open do_sys_openat2 name=+0($arg2):ustring");
	if (ksym_exists("kmem_cache_alloc_noprof"))
		must_write(T "/kprobe_events", "p:kpt_hot/alloc kmem_cache_alloc_noprof");
	if (have_fprobe) {
		must_write(T "/dynamic_events", "f:kpt_hot/readf vfs_read file=$arg1");
		must_write(T "/dynamic_events",
			   "f:kpt_hot/readx vfs_read%return ret=$retval");
		must_write(T "/dynamic_events", "t:kpt_hot/fork sched_process_fork");
	}
	must_write(T "/dynamic_events",
		   "e:kpt_hot/eopen syscalls.sys_enter_openat name=+0($filename):ustring");
	must_write(T "/events/kpt_hot/enable", "1");

	must_write(T "/kprobe_events", "p:kpt_mod/tpi trace_printk:trace_printk_irq_work");
	must_write(T "/events/kpt_mod/enable", "1");
}

/* Sum one per-CPU stats field ("overrun: N") over the CPUs of a buffer. */
static long buffer_stat(const char *buffer, const char *field)
{
	char path[256], *text, *p;
	long sum = 0;
	int cpu;

	for (cpu = 0; cpu < nr_cpus; cpu++) {
		snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/stats", buffer, cpu);
		text = kpt_read_text(path);
		p = text;
		while (p && (p = strstr(p, field))) {
			if (p == text || p[-1] == '\n') {
				sum += strtol(p + strlen(field), NULL, 10);
				break;
			}
			p++;
		}
		free(text);
	}
	return sum;
}

/*
 * Hits in a profile file: of event @name, or of every event if @name is
 * NULL (0 then if there is none); -1 if @name has no line.
 * kprobe_profile lines are "NAME HITS MISSES", uprobe_profile lines
 * "PATH NAME HITS".
 */
static long profile_hits(const char *file, const char *name, bool uprobe)
{
	char *text = kpt_read_text(file), *line, *save = NULL;
	char a[512], b[128];
	long hits = name ? -1 : 0, h;
	bool parsed;

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (uprobe)
			parsed = sscanf(line, "%511s %127s %ld", a, b, &h) == 3;
		else
			parsed = sscanf(line, "%127s %ld", b, &h) == 2;
		if (!parsed)
			continue;
		if (!name)
			hits += h;
		else if (!strcmp(b, name))
			hits = h;
	}
	free(text);
	return hits;
}

/* Sum of every event's hits in kprobe_profile and uprobe_profile. */
static long all_hits(void)
{
	return profile_hits(T "/kprobe_profile", NULL, false) +
	       profile_hits(T "/uprobe_profile", NULL, true);
}

/*
 * Nothing lost: with no overrun and no dropped event in the counted
 * instance, each counted event has exactly one record per hit.
 */
static void check_counted(void)
{
	long overrun = buffer_stat(COUNT_INST, "overrun: ") +
		       buffer_stat(COUNT_INST, "commit overrun: ") +
		       buffer_stat(COUNT_INST, "dropped events: ");
	long hits, lost = 0, total = 0;
	char name[64];
	int i;

	for (i = 0; i < NR_COUNTED; i++) {
		hits = profile_hits(i < C_UPROBE ? T "/kprobe_profile" : T "/uprobe_profile",
				    counted_names[i], i >= C_UPROBE);
		snprintf(name, sizeof(name), "counted_%s_hits", counted_names[i]);
		stat_line(name, hits);
		snprintf(name, sizeof(name), "counted_%s_records", counted_names[i]);
		stat_line(name, sh->counted_records[i]);
		if (hits <= 0)
			fail("counted event %s has no hits", counted_names[i]);
		total += hits;
		lost += hits - sh->counted_records[i];
		if (!overrun && hits != sh->counted_records[i])
			fail("%s: %ld hits but %ld records, with no overrun",
			     counted_names[i], hits, sh->counted_records[i]);
	}
	stat_line("counted_hits", total);
	stat_line("counted_overrun", overrun);
	stat_line(overrun ? "records_lost_overrun" : "records_lost", lost);
}

/* Whether @text holds @line as one whole line. */
static bool has_line(const char *text, const char *line)
{
	size_t len = strlen(line);
	const char *p = text;

	while (p && (p = strstr(p, line))) {
		if ((p == text || p[-1] == '\n') && (p[len] == '\n' || !p[len]))
			return true;
		p++;
	}
	return false;
}

/* "GROUP/EVENT" of a listing line ("p:GROUP/EVENT ..."), in @name. */
static bool line_event(const char *line, char *name, size_t size)
{
	const char *colon = strchr(line, ':'), *end;

	if (!colon)
		return false;
	end = strchr(colon, ' ');
	if (!end)
		end = colon + strlen(colon);
	snprintf(name, size, "%.*s", (int)(end - colon - 1), colon + 1);
	return true;
}

/*
 * Every event directory of a "kpt_" group under @events must be a listed
 * event: nothing left behind.  Returns how many are not.
 */
static int stray_dirs(const char *events, const char *listing)
{
	DIR *top = opendir(events), *grp;
	struct dirent *g, *e;
	char path[256], want[256];
	int bad = 0;

	if (!top)
		return 0;
	while ((g = readdir(top))) {
		if (strncmp(g->d_name, "kpt_", 4))
			continue;
		snprintf(path, sizeof(path), "%.150s/%.100s", events, g->d_name);
		grp = opendir(path);
		while (grp && (e = readdir(grp))) {
			if (e->d_type != DT_DIR || e->d_name[0] == '.')
				continue;
			snprintf(want, sizeof(want), ":%.100s/%.100s ", g->d_name, e->d_name);
			if (!strstr(listing, want)) {
				fail("%s/%s/%s is a directory of no listed event",
				     events, g->d_name, e->d_name);
				bad++;
			}
		}
		if (grp)
			closedir(grp);
	}
	closedir(top);
	return bad;
}

/*
 * The line of @text at @p, copied into @line (cut to @size); the start of
 * the next line, or NULL at the end.  The text stays whole.
 */
static const char *next_line(const char *p, char *line, size_t size)
{
	const char *nl;

	if (!p || !*p)
		return NULL;
	nl = strchrnul(p, '\n');
	snprintf(line, size, "%.*s", (int)(nl - p), p);
	return *nl ? nl + 1 : nl;
}

/* Every line of @lines is a line of @dyn; the count of those that are not */
static int all_in_dynamic(const char *lines, const char *dyn, const char *what)
{
	const char *p = lines;
	char line[4200];
	int bad = 0;

	while ((p = next_line(p, line, sizeof(line))))
		if (!has_line(dyn, line) && ++bad)
			fail("%s line not in dynamic_events: %s", what, line);
	return bad;
}

/* 0 if @event has its directory in @top/events/; else 1 and a FAIL line */
static int has_dir(const char *top, const char *event)
{
	char path[512];
	struct stat st;

	snprintf(path, sizeof(path), "%s/events/%s", top, event);
	if (!stat(path, &st))
		return 0;
	fail("listed event %s has no %s", event, path);
	return 1;
}

/*
 * The listings agree with each other and with the events/ directories
 * of the top buffer and of the counted instance.
 */
static void check_listings(void)
{
	char *dyn = kpt_read_text(T "/dynamic_events");
	char *kp = kpt_read_text(T "/kprobe_events");
	char *up = kpt_read_text(T "/uprobe_events");
	char line[4200], name[256];
	const char *p;
	int bad = 0, lines = 0;

	if (!dyn || !kp || !up) {
		fail("cannot read the listings");
		goto out;
	}
	bad += all_in_dynamic(kp, dyn, "kprobe_events");
	bad += all_in_dynamic(up, dyn, "uprobe_events");
	for (p = dyn; (p = next_line(p, line, sizeof(line))); lines++) {
		if ((line[0] == 'p' || line[0] == 'r') &&
		    has_line(kp, line) == has_line(up, line) && ++bad)
			fail("dynamic_events line in %s of kprobe_events and uprobe_events: %s",
			     has_line(kp, line) ? "both" : "neither", line);
		if (!line_event(line, name, sizeof(name)))
			continue;
		bad += has_dir(T, name) + has_dir(COUNT_INST, name);
	}
	bad += stray_dirs(T "/events", dyn);
	bad += stray_dirs(COUNT_INST "/events", dyn);
	stat_line("listed_events_at_end", lines);
	stat_line("listing_mismatches", bad);
out:
	free(dyn);
	free(kp);
	free(up);
}

/* Kernel log lines that mean the kernel found something wrong. */
static const char *const report_marks[] = {
	"WARNING:", "BUG:", "Oops", "general protection fault", "Kernel panic",
	"rcu: INFO", "self-detected stall", "blocked for more than",
	"possible recursive locking", "possible circular locking",
	"inconsistent lock state", "locking correctness validator",
	"KASAN:", "UBSAN:", "unreferenced object",
};

static void check_kernel_log(void)
{
	int size = klogctl(10, NULL, 0);	/* SYSLOG_ACTION_SIZE_BUFFER */
	char *log = size > 0 ? malloc(size + 1) : NULL, *line, *save = NULL;
	int n = 0, len, i;

	if (!log) {
		fail("cannot read the kernel log");
		return;
	}
	len = klogctl(3, log, size);		/* SYSLOG_ACTION_READ_ALL */
	log[len > 0 ? len : 0] = '\0';
	for (line = strtok_r(log, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		for (i = 0; i < (int)ARRAY_SIZE(report_marks); i++)
			if (strstr(line, report_marks[i])) {
				if (n++ < 20)
					fail("kernel log: %s", line);
				break;
			}
	stat_line("kernel_reports", n);
	free(log);
}

/* Remove every instance and event the run made; the listings end empty. */
static void teardown(void)
{
	static char names[256][64];
	char path[128], *text;
	int fd, cpu;

	int i, n;

	/* A trigger keeps its event enabled (soft mode): remove them first. */
	n = list_events(names, ARRAY_SIZE(names));
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), T "/events/%.63s/trigger", names[i]);
		twrite(path, "!stacktrace");
		twrite(path, "!hist:keys=common_pid");
	}
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		snprintf(path, sizeof(path), T "/instances/kpt_i%d", cpu);
		rmdir(path);
	}
	if (rmdir(COUNT_INST))
		fail("rmdir %s: %s", COUNT_INST, strerror(errno));
	fd = open(T "/dynamic_events", O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0)
		fail("clearing dynamic_events: %s", strerror(errno));
	else
		close(fd);
	text = kpt_read_text(T "/dynamic_events");
	if (!text || *text)
		fail("events left after clearing dynamic_events:\n%s", text ? text : "");
	free(text);
}

/* Per-role sums of the workers' counters, as STAT lines. */
static void report_roles(void)
{
	long ops[ARRAY_SIZE(role_names)] = { 0 }, ref = 0, unexp = 0;
	long bytes[ARRAY_SIZE(role_names)] = { 0 }, lost = 0;
	char name[64];
	struct worker *w;
	int i;

	for (i = 0; i < sh->nr_workers; i++) {
		w = &sh->w[i];
		ops[w->role] += w->ops;
		bytes[w->role] += w->bytes;
		lost += w->lost;
		if (w->role == WRITER || w->role == TOGGLER) {
			ref += w->refused;
			unexp += w->unexpected;
		} else if (w->unexpected) {
			fail("%s on CPU %d: %ld operations failed", role_names[w->role],
			     w->cpu, w->unexpected);
		}
	}
	for (i = 0; i < (int)ARRAY_SIZE(role_names); i++) {
		snprintf(name, sizeof(name), "ops_%s", role_names[i]);
		stat_line(name, ops[i]);
		if (bytes[i]) {
			snprintf(name, sizeof(name), "bytes_%s", role_names[i]);
			stat_line(name, bytes[i]);
		}
	}
	stat_line("control_writes", ops[WRITER] + ops[TOGGLER]);
	stat_line("control_writes_refused", ref);
	stat_line("control_writes_unexpected", unexp);
	stat_line("perf_lost", lost);
	for (i = 0; i < sh->nr_unexpected && i < (int)ARRAY_SIZE(sh->unexpected); i++)
		printf("NOTE unexpected refusal: %s\n", sh->unexpected[i]);
	/* A refusal no race explains is a kernel error, not a statistic */
	if (unexp)
		fail("%ld control writes refused with an unexpected errno", unexp);
}

int main(int argc, char **argv)
{
	double seconds = 60, t0, elapsed;
	char path[KPT_WHERE_PATH_MAX];
	unsigned long off;
	int opt, cpu;
	long hits;

	while ((opt = getopt(argc, argv, "t:k")) != -1) {
		if (opt == 't') {
			seconds = atof(optarg);
		} else if (opt == 'k') {
			stock_safe = true;
		} else {
			fprintf(stderr, "usage: kpt_stress -t SECONDS [-k]\n");
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	nr_cpus = sysconf(_SC_NPROCESSORS_ONLN);
	if (nr_cpus > MAX_CPUS)
		nr_cpus = MAX_CPUS;
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		return 1;
	if (!kpt_where(stress_user_target, path, &off))
		return 1;
	snprintf(user_where, sizeof(user_where), "%s:0x%lx", path, off);
	if (!kpt_where(stress_user_other, path, &off))
		return 1;
	snprintf(other_where, sizeof(other_where), "%s:0x%lx", path, off);

	have_fprobe = fprobe_events();
	have_patterns = have_fprobe && pattern_events();
	setup();
	if (sh->failures)
		return 1;
	t0 = now();
	start(COUNT_READER, 0, false);
	start(PIPE_READER, 0, false);
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		start(RAW_READER, cpu, false);
		start(WRITER, cpu, true);
		start(TOGGLER, cpu, true);
		start(BUSY, cpu, true);
	}
	start(MODULES, 0, false);
	start(PERF_READER, 0, false);
	start(PMU_CHURN, 0, false);
	start(BPF_ATTACH, 0, false);

	while (now() - t0 < seconds)
		sleep(1);
	elapsed = now() - t0;
	tell(&sh->stop_load);
	reap(false);
	/* No more hits: stop recording, then let the readers drain. */
	must_write(COUNT_INST "/events/kpt_cnt/enable", "0");
	must_write(T "/events/enable", "0");
	tell(&sh->stop_readers);
	reap(true);

	stat_line("seconds", (long)elapsed);
	stat_line("stock_safe", stock_safe);
	stat_line("have_patterns", have_patterns);
	stat_line("hung", hung);
	stat_line("cpus", nr_cpus);
	stat_line("workers", sh->nr_workers);
	report_roles();
	hits = all_hits();
	stat_line("hits", hits);
	check_counted();
	stat_line("top_overrun", buffer_stat(T, "overrun: "));
	check_listings();
	teardown();
	check_kernel_log();
	stat_line("failures", sh->failures);
	return sh->failures ? 1 : 0;
}
