// SPDX-License-Identifier: GPL-2.0
/*
 * kpt_tracefs: probe events as libtracefs users reach them
 *
 * Through libtracefs' own API (Debian's libtracefs-dev), with no write of
 * ours to tracefs: creates kprobe, kretprobe, uprobe, uretprobe and eprobe
 * events (the _alloc forms, then the _raw ones), lists them back
 * (tracefs_dynevent_get_all, and tracefs_dynevent_get for each, whose
 * tracefs_dynevent_info must agree), loads every event's format
 * (tracefs_dynevent_get_event), enables them in an instance, hits them,
 * reads the instance's records, reads tracefs_error_last() after a bad
 * definition, and destroys them all (refused while enabled unless forced).
 *
 * Prints a transcript, the same on every kernel that behaves as 6.12
 * (harness/clients.sh compares stock's and ours', addresses masked), and
 * exits 1 on anything a libtracefs user would call a failure.
 *
 *   kpt_tracefs
 *
 * It creates and removes events system-wide: it runs only in the test
 * guest (whose host name harness/guest/init sets to kpt-VARIANT).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/utsname.h>

#include <event-parse.h>
#include <tracefs.h>

#include "kpt_where.h"

#define SYS		"kpt_tfs"
#define N_ALLOC		5
#define KP_ARGS		"dfd=$arg1:s32 path=+0($arg2):ustring flags=+0($arg3):x64"

static int failures;

static void fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	printf("FAIL ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
	failures++;
}

/* The uprobe target: not inlined, one known frame */
__attribute__((noinline, used)) long kpt_tfs_target(long a, long b,
						    const char *s)
{
	asm volatile("" : : "r"(s) : "memory");
	return a + b;
}

/* The five events the _alloc forms make, in the order they are created */
static struct tracefs_dynevent *alloc_events(struct tracefs_dynevent **ev)
{
	char path[KPT_WHERE_PATH_MAX];
	unsigned long offs;

	if (!kpt_where((const void *)kpt_tfs_target, path, &offs)) {
		fail("kpt_tfs_target is not mapped");
		return NULL;
	}
	ev[0] = tracefs_kprobe_alloc(SYS, "kp", "do_sys_openat2", KP_ARGS);
	ev[1] = tracefs_kretprobe_alloc(SYS, "kr", "do_sys_openat2",
					"ret=$retval:s64", 4);
	ev[2] = tracefs_uprobe_alloc(SYS, "up", path, offs,
				     "a=%di:s64 b=%si:x64 s=+0(%dx):string");
	ev[3] = tracefs_uretprobe_alloc(SYS, "ur", path, offs,
					"ret=$retval:s64");
	ev[4] = tracefs_eprobe_alloc(SYS, "ep", "syscalls", "sys_enter_openat",
				     "file=+0($filename):ustring flags=$flags:x32");
	return ev[0];
}

static const char *type_name(enum tracefs_dynevent_type type)
{
	switch (type) {
	case TRACEFS_DYNEVENT_KPROBE:		return "kprobe";
	case TRACEFS_DYNEVENT_KRETPROBE:	return "kretprobe";
	case TRACEFS_DYNEVENT_UPROBE:		return "uprobe";
	case TRACEFS_DYNEVENT_URETPROBE:	return "uretprobe";
	case TRACEFS_DYNEVENT_EPROBE:		return "eprobe";
	case TRACEFS_DYNEVENT_SYNTH:		return "synth";
	default:				return "unknown";
	}
}

/* Print tracefs_dynevent_info() of @dev as one line; returns its type */
static enum tracefs_dynevent_type print_info(const char *what,
					     struct tracefs_dynevent *dev,
					     char **event)
{
	char *sys = NULL, *name = NULL, *prefix = NULL, *addr = NULL;
	char *format = NULL;
	enum tracefs_dynevent_type type;

	type = tracefs_dynevent_info(dev, &sys, &name, &prefix, &addr, &format);
	printf("%s %s: system=%s event=%s prefix=%s addr=%s format=%s\n", what,
	       type_name(type), sys, name, prefix, addr, format);
	if (event)
		*event = name;
	else
		free(name);
	free(sys);
	free(prefix);
	free(addr);
	free(format);
	return type;
}

/* The fields of @dev's format, as libtracefs loads them from tracefs */
static void print_format(struct tep_handle *tep, struct tracefs_dynevent *dev)
{
	struct tep_event *event = tracefs_dynevent_get_event(tep, dev);
	struct tep_format_field **fields;
	int i;

	if (!event) {
		fail("tracefs_dynevent_get_event");
		return;
	}
	fields = tep_event_fields(event);
	for (i = 0; fields && fields[i]; i++)
		printf("format %s/%s: %s %s offset=%d size=%d%s\n",
		       event->system, event->name, fields[i]->type,
		       fields[i]->name, fields[i]->offset, fields[i]->size,
		       fields[i]->flags & TEP_FIELD_IS_SIGNED ? " signed" : "");
	free(fields);
}

static int by_name(const void *a, const void *b)
{
	char *na = NULL, *nb = NULL;
	int r;

	tracefs_dynevent_info(*(struct tracefs_dynevent **)a, NULL, &na, NULL,
			      NULL, NULL);
	tracefs_dynevent_info(*(struct tracefs_dynevent **)b, NULL, &nb, NULL,
			      NULL, NULL);
	r = strcmp(na ? na : "", nb ? nb : "");
	free(na);
	free(nb);
	return r;
}

/*
 * List the group's events back, by name; each must also be found on its
 * own by tracefs_dynevent_get() with the same info.  Returns how many.
 */
static int list_events(struct tep_handle *tep)
{
	struct tracefs_dynevent **all, *one;
	enum tracefs_dynevent_type type;
	char *name;
	int n;

	all = tracefs_dynevent_get_all(TRACEFS_DYNEVENT_ALL, SYS);
	for (n = 0; all && all[n]; n++)
		;
	if (n)
		qsort(all, n, sizeof(*all), by_name);
	for (n = 0; all && all[n]; n++) {
		type = print_info("listed", all[n], &name);
		one = tracefs_dynevent_get(type, SYS, name);
		if (!one || by_name(&one, &all[n]))
			fail("tracefs_dynevent_get(%s) does not find it", name);
		else if (tep)
			print_format(tep, one);
		tracefs_dynevent_free(one);
		free(name);
	}
	tracefs_dynevent_list_free(all);
	return n;
}

static int print_record(struct tep_event *event, struct tep_record *record,
			int cpu, void *tep)
{
	struct trace_seq s;

	if (tep_data_pid(tep, record) != getpid())
		return 0;
	trace_seq_init(&s);
	tep_print_event(tep, &s, record, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&s);
	printf("record %s: %s\n", event->name, s.buffer);
	trace_seq_destroy(&s);
	return 0;
}

/* Hit every event once or twice from this process, on one CPU */
static void hit_events(void)
{
	char buf[8];
	int fd;

	if (open("/kpt-tfs-none", O_RDONLY) >= 0)
		fail("/kpt-tfs-none exists");
	fd = open("/proc/self/comm", O_RDONLY);
	if (fd < 0 || read(fd, buf, sizeof(buf)) <= 0)
		fail("cannot read /proc/self/comm");
	if (fd >= 0)
		close(fd);
	if (kpt_tfs_target(7, 0x35, "kpt-tfs") != 7 + 0x35)
		fail("kpt_tfs_target is wrong");
}

/* Enable the group in an instance, hit it, print what it recorded */
static void record_in_instance(void)
{
	struct tracefs_instance *inst = tracefs_instance_create("kpt_tfs");
	struct tep_handle *tep;

	if (!inst) {
		fail("tracefs_instance_create: %s", strerror(errno));
		return;
	}
	if (tracefs_event_enable(inst, SYS, NULL))
		fail("tracefs_event_enable(%s): %s", SYS, strerror(errno));
	printf("enabled: %d\n", tracefs_event_is_enabled(inst, SYS, NULL));
	hit_events();
	tracefs_event_disable(inst, SYS, NULL);
	tep = tracefs_local_events(NULL);
	if (!tep || tracefs_iterate_raw_events(tep, inst, NULL, 0,
					       print_record, tep))
		fail("tracefs_iterate_raw_events");
	tep_free(tep);
	tracefs_instance_destroy(inst);
	tracefs_instance_free(inst);
}

/*
 * The kernel's reason for the last refused write, on one line: the entry
 * after its time stamp, which differs from run to run.
 */
static void print_error_last(const char *what)
{
	char *err = tracefs_error_last(NULL);
	char *msg, *end;

	if (!err) {
		printf("%s: error_last: no entry\n", what);
		return;
	}
	msg = strchr(err, ']');
	msg = msg ? msg + 1 : err;
	for (end = msg; *end; end++)
		if (*end == '\n')
			*end = '|';
	printf("%s: error_last:%s\n", what, msg);
	free(err);
}

/* A bad definition: refused, and the error log says why and where */
static void bad_definition(void)
{
	tracefs_error_clear(NULL);
	if (!tracefs_kprobe_raw(SYS, "bad", "do_sys_openat2",
				"x=$arg1:nosuchtype"))
		fail("a kprobe with an unknown type was accepted");
	print_error_last("bad definition");
}

/*
 * Create the _alloc events; @created[i] tells which the kernel took.  A
 * refusal is reported with the kernel's reason, not failed here: the
 * transcripts of the two kernels are compared, so stock decides.
 */
static void create_all(struct tracefs_dynevent **ev, bool *created)
{
	int i;

	for (i = 0; i < N_ALLOC; i++) {
		if (!ev[i]) {
			fail("event %d was not allocated", i);
			continue;
		}
		print_info("create", ev[i], NULL);
		tracefs_error_clear(NULL);
		created[i] = !tracefs_dynevent_create(ev[i]);
		if (!created[i]) {
			printf("create refused: %s\n", strerror(errno));
			print_error_last("create");
		}
	}
	if (tracefs_kprobe_raw(SYS, "kraw", "vfs_read", "count=%dx:u64"))
		fail("tracefs_kprobe_raw: %s", strerror(errno));
	if (tracefs_kretprobe_raw(SYS, "rraw", "vfs_read", "ret=$retval:s64"))
		fail("tracefs_kretprobe_raw: %s", strerror(errno));
}

/*
 * Destroy every event of the group that was created: refused while one
 * is enabled, unless forced
 */
static void destroy_all(struct tracefs_dynevent **ev, const bool *created)
{
	struct tracefs_instance *inst = tracefs_instance_create("kpt_tfs_busy");
	int i;

	if (created[0]) {
		tracefs_event_enable(inst, SYS, "kp");
		if (!tracefs_dynevent_destroy(ev[0], false))
			fail("an enabled event was destroyed without force");
		else
			printf("destroy enabled kp: refused (%s)\n",
			       strerror(errno));
		if (tracefs_dynevent_destroy(ev[0], true))
			fail("forced destroy of an enabled event: %s",
			     strerror(errno));
	}
	tracefs_instance_destroy(inst);
	tracefs_instance_free(inst);
	for (i = 1; i < N_ALLOC; i++)
		if (created[i] && tracefs_dynevent_destroy(ev[i], false))
			fail("tracefs_dynevent_destroy: %s", strerror(errno));
	/* the raw ones: the guest has no other kprobe or kretprobe events */
	if (tracefs_dynevent_destroy_all(TRACEFS_DYNEVENT_KPROBE |
					 TRACEFS_DYNEVENT_KRETPROBE, false))
		fail("tracefs_dynevent_destroy_all: %s", strerror(errno));
	for (i = 0; i < N_ALLOC; i++)
		tracefs_dynevent_free(ev[i]);
}

int main(void)
{
	struct tracefs_dynevent *ev[N_ALLOC] = { NULL };
	bool created[N_ALLOC] = { false };
	struct tep_handle *tep;
	struct utsname uts;
	cpu_set_t one;

	if (uname(&uts) || strncmp(uts.nodename, "kpt-", 4)) {
		fprintf(stderr, "kpt_tracefs: runs only in the kprobetrace guest\n");
		return 2;
	}

	/* one CPU: the records come back in the order they were made */
	CPU_ZERO(&one);
	CPU_SET(0, &one);
	if (sched_setaffinity(0, sizeof(one), &one))
		fail("sched_setaffinity: %s", strerror(errno));
	setvbuf(stdout, NULL, _IOLBF, 0);
	alloc_events(ev);
	create_all(ev, created);
	/* the events' formats, read once they exist */
	tep = tracefs_local_events(NULL);
	printf("listed %d events\n", list_events(tep));
	record_in_instance();
	bad_definition();
	destroy_all(ev, created);
	printf("left %d events\n", list_events(NULL));
	tep_free(tep);
	printf("%s\n", failures ? "FAILED" : "OK");
	return failures ? 1 : 0;
}
