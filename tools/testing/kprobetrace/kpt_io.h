/* SPDX-License-Identifier: GPL-2.0 */
/*
 * File and perf helpers shared by the guest programs kpt_perf and
 * kpt_stress: reading a whole (tracefs, sysfs, proc) file and opening a
 * perf event.  User space, header only.
 */
#ifndef __KPT_IO_H
#define __KPT_IO_H

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include <linux/perf_event.h>
#include <sys/syscall.h>

/*
 * The whole of file @path, NUL-terminated, in a buffer to free(); NULL
 * with errno set if it cannot be opened, read or held in memory.
 */
static inline char *kpt_read_text(const char *path)
{
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap), *more;
	ssize_t n;
	int fd, err;

	if (!buf)
		return NULL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		goto fail;
	while ((n = read(fd, buf + len, cap - len - 1)) > 0) {
		len += n;
		if (len + 1 < cap)
			continue;
		more = realloc(buf, cap * 2);
		if (!more) {
			n = -1;
			errno = ENOMEM;
			break;
		}
		buf = more;
		cap *= 2;
	}
	err = errno;
	close(fd);
	errno = err;
	if (n < 0)
		goto fail;
	buf[len] = '\0';
	return buf;
fail:
	err = errno;
	free(buf);
	errno = err;
	return NULL;
}

/* perf_event_open(2) with @attr's size filled in, close-on-exec. */
static inline int kpt_perf_event_open(struct perf_event_attr *attr,
				      pid_t pid, int cpu)
{
	attr->size = sizeof(*attr);
	return syscall(__NR_perf_event_open, attr, pid, cpu, -1,
		       PERF_FLAG_FD_CLOEXEC);
}

#endif /* __KPT_IO_H */
