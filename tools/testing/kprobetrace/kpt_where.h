/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where an address of this process lives in a file: the path and file
 * offset a uprobe event takes as PATH:OFFSET, read from /proc/self/maps
 * (the guest has no nm or objdump).  Shared by the guest programs
 * kpt_uprobe and kpt_bench; user space, header only.
 */
#ifndef __KPT_WHERE_H
#define __KPT_WHERE_H

#include <stdbool.h>
#include <stdio.h>

#define KPT_WHERE_PATH_MAX	256

/*
 * Fill @path and @offset with the file and file offset mapped at @addr;
 * false if @addr is in no mapping of this process.
 */
static inline bool kpt_where(const void *addr, char path[KPT_WHERE_PATH_MAX],
			     unsigned long *offset)
{
	unsigned long start, end, pgoff, a = (unsigned long)addr;
	char line[512];
	bool found = false;
	FILE *maps = fopen("/proc/self/maps", "r");

	if (!maps)
		return false;
	while (!found && fgets(line, sizeof(line), maps)) {
		path[0] = '\0';
		if (sscanf(line, "%lx-%lx %*s %lx %*s %*s %255s", &start, &end,
			   &pgoff, path) < 3)
			continue;
		if (a >= start && a < end) {
			*offset = a - start + pgoff;
			found = true;
		}
	}
	fclose(maps);
	return found;
}

#endif /* __KPT_WHERE_H */
