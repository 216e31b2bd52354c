// SPDX-License-Identifier: GPL-2.0
/*
 * kpt_uprobe: user-space places for the uprobe event tests
 *
 * The guest has no nm or objdump, so this program tells the tests where
 * its own probe targets are, as "PATH:0xOFFSET" (the file offset a uprobe
 * event takes), and then runs them a known number of times:
 *
 *   kpt_uprobe where NAME      where NAME is: target, global, semaphore
 *                              (this program), getppid (the C library
 *                              this program runs with, if dynamic), or
 *                              global-fetch: the OFFSET of a fetch
 *                              argument @+OFFSET that reads kpt_global
 *   kpt_uprobe call N          kpt_target(i, 0x1234, "kpt-N") for i < N
 *   kpt_uprobe fork N          call N in a child, then N in the parent
 *   kpt_uprobe sdt N           print the SDT semaphore the kernel counts
 *                              in, then call kpt_target N times if set
 *   kpt_uprobe getppid N       call getppid() N times
 *   kpt_uprobe long N          kpt_target(0, 0x1234, S) once, S being N
 *                              characters 'x'
 *   kpt_uprobe edge N          kpt_target(0, 0x1234, S), then access(S),
 *                              S being N characters 'x' that end a page
 *                              whose next page is unmapped: no NUL, so
 *                              reading the string faults; prints the
 *                              errno of access() (EFAULT expected)
 *   kpt_uprobe edgez N         the same with N - 1 'x' and a NUL as the
 *                              last byte of the page: a whole string
 *
 * kpt_target() returns a + b; kpt_global holds 0x12345678.  Built twice
 * by harness/initramfs.sh: static (kpt_uprobe, fixed addresses) and
 * dynamic (kpt_uprobe_dyn, for probes on a shared library).
 */
#define _GNU_SOURCE
#include <err.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "kpt_where.h"

/* The value kpt_global holds, for "@+OFFSET" fetches */
unsigned int kpt_global = 0x12345678;

/* An SDT-style semaphore: the kernel counts the enabled probes in it */
unsigned short kpt_semaphore __attribute__((section(".probes")));

/* The probed function: not inlined, not merged, one known frame */
__attribute__((noinline, used)) long kpt_target(long a, long b, const char *s)
{
	asm volatile("" : : "r"(s) : "memory");
	return a + b;
}

/* Print where @addr is, as a uprobe event names the place */
static void where(const void *addr)
{
	char path[KPT_WHERE_PATH_MAX];
	unsigned long offset;

	if (!kpt_where(addr, path, &offset))
		errx(1, "%p is not mapped", addr);
	printf("%s:0x%lx\n", path, offset);
}

static void call(long n)
{
	char s[32];
	long i;

	snprintf(s, sizeof(s), "kpt-%ld", n);
	for (i = 0; i < n; i++)
		if (kpt_target(i, 0x1234, s) != i + 0x1234)
			errx(1, "kpt_target() is wrong");
}

static void call_long(long n)
{
	char *s;

	if (n < 0 || n > 65536)
		errx(2, "long: 0 to 65536 characters");
	s = malloc(n + 1);
	if (!s)
		err(1, "malloc");
	memset(s, 'x', n);
	s[n] = '\0';
	if (kpt_target(0, 0x1234, s) != 0x1234)
		errx(1, "kpt_target() is wrong");
	free(s);
}

static void fork_and_call(long n)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		err(1, "fork");
	if (!pid) {
		call(n);
		exit(0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		errx(1, "the child failed");
	call(n);
}

static void call_edge(long n, int nul);

/*
 * 6.12 reads @+OFFSET at OFFSET past the probed file's load bias, the
 * address of the probe minus its file offset: the bias of the text
 * mapping.  That is kpt_global's file offset only where the data segment
 * is mapped with the same bias (x86-64's 4 KiB-aligned segments), not
 * where the linker aligned it to 64 KiB (arm64), so print the offset
 * from the text mapping's bias.
 */
static void where_fetch(const void *addr)
{
	char path[KPT_WHERE_PATH_MAX];
	unsigned long offset;

	if (!kpt_where((void *)kpt_target, path, &offset))
		errx(1, "kpt_target is not mapped");
	printf("%s:0x%lx\n", path,
	       (unsigned long)addr - ((unsigned long)kpt_target - offset));
}

static void where_name(const char *name)
{
	if (!strcmp(name, "target"))
		where((void *)kpt_target);
	else if (!strcmp(name, "global"))
		where(&kpt_global);
	else if (!strcmp(name, "global-fetch"))
		where_fetch(&kpt_global);
	else if (!strcmp(name, "semaphore"))
		where(&kpt_semaphore);
	else if (!strcmp(name, "getppid"))
		where((void *)getppid);
	else
		errx(2, "unknown place %s", name);
}

int main(int argc, char **argv)
{
	long n = argc > 2 ? strtol(argv[2], NULL, 0) : 0;
	long i;

	if (argc != 3)
		errx(2, "usage: kpt_uprobe where|call|fork|sdt|getppid|long|edge|edgez ARG");
	if (!strcmp(argv[1], "where")) {
		where_name(argv[2]);
	} else if (!strcmp(argv[1], "call")) {
		call(n);
	} else if (!strcmp(argv[1], "fork")) {
		fork_and_call(n);
	} else if (!strcmp(argv[1], "sdt")) {
		printf("%u\n", (unsigned int)kpt_semaphore);
		if (kpt_semaphore)
			call(n);
	} else if (!strcmp(argv[1], "getppid")) {
		for (i = 0; i < n; i++)
			getppid();
	} else if (!strcmp(argv[1], "long")) {
		call_long(n);
	} else if (!strcmp(argv[1], "edge")) {
		call_edge(n, 0);
	} else if (!strcmp(argv[1], "edgez")) {
		call_edge(n, 1);
	} else {
		errx(2, "unknown command %s", argv[1]);
	}
	return 0;
}

/*
 * A string at the very end of a page whose next page is unmapped: without
 * @nul, every reader runs into the unmapped page; with @nul, its NUL is the
 * page's last byte and the string is whole.
 */
static void call_edge(long n, int nul)
{
	long page = sysconf(_SC_PAGESIZE);
	char *map, *s;
	int ret;

	if (n < 1 || n > page)
		errx(2, "edge: 1 to %ld characters", page);
	map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED)
		err(1, "mmap");
	if (munmap(map + page, page))
		err(1, "munmap");
	s = map + page - n;
	memset(s, 'x', n);
	if (nul)
		s[n - 1] = '\0';
	if (kpt_target(0, 0x1234, s) != 0x1234)
		errx(1, "kpt_target() is wrong");
	ret = access(s, F_OK);
	printf("%d\n", ret ? errno : 0);
	munmap(map, page);
}
