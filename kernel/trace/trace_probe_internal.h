/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The only kernel-header gateway of the pure probe-event files
 * (trace_probe_parse.c, trace_probe_insn.c), in the mm/vma_internal.h
 * style: the host tests in tools/testing/trace_probe provide their own
 * trace_probe_internal.h with the same include guard and userspace
 * equivalents of everything below, then #include the .c files directly.
 *
 * Keep this list minimal: whatever the pure files use must be emulated on
 * the host with the kernel's exact semantics.
 */
#ifndef __TRACE_PROBE_INTERNAL_H
#define __TRACE_PROBE_INTERNAL_H

#include <linux/bitops.h>		/* BIT(), GENMASK(), BITS_PER_LONG */
#include <linux/build_bug.h>		/* BUILD_BUG_ON() */
#include <linux/bug.h>			/* WARN_ON_ONCE() */
#include <linux/ctype.h>		/* isalpha(), isdigit() */
#include <linux/dcache.h>		/* struct dentry */
#include <linux/errno.h>
#include <linux/fs.h>			/* struct file */
#include <linux/kernel.h>		/* kstrto*(), snprintf(), ARRAY_SIZE() */
#include <linux/kprobes.h>
#include <linux/limits.h>		/* UINT_MAX */
#include <linux/overflow.h>		/* struct_size() */
#include <linux/ptrace.h>		/* regs_query_register_offset/name() */
#include <linux/slab.h>			/* kmalloc(), kfree() */
#include <linux/string.h>		/* strchr(), kmemdup_nul(), ... */
#include <linux/thread_info.h>		/* THREAD_SIZE */
#include <linux/trace_events.h>		/* struct trace_entry */
#include <linux/types.h>

/* Where ":%pd" finds a dentry's name, and ":%pD" a file's dentry */
#define PROBE_DENTRY_NAME_OFFSET	offsetof(struct dentry, d_name.name)
#define PROBE_FILE_DENTRY_OFFSET	offsetof(struct file, f_path.dentry)

#endif /* __TRACE_PROBE_INTERNAL_H */
