/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interface between the benchmark module (kpt_bench_mod.c) and its
 * guest driver (kpt_bench.c): the ioctls of /dev/kpt_bench and the layout
 * of the object the probed function gets, which the benchmark's fetch
 * arguments name by offset.  Included by both, so it uses uapi types only.
 */
#ifndef __KPT_BENCH_H
#define __KPT_BENCH_H

#include <linux/ioctl.h>
#include <linux/types.h>

/* Offsets in struct kpt_bench_obj (checked at build time by the module) */
#define KPT_BENCH_OFF_NEXT	0	/* pointer to the next object */
#define KPT_BENCH_OFF_VALUE	8	/* u64 */
#define KPT_BENCH_OFF_FLAGS	16	/* u32 holding the bitfield */
#define KPT_BENCH_OFF_BYTES	20	/* u8[16] */

/* The strings the probed function gets: 15 characters and the NUL */
#define KPT_BENCH_KSTR		"kprobetrace-str"
#define KPT_BENCH_USTR		"kprobetrace-usr"

/**
 * struct kpt_bench_run - argument of KPT_BENCH_IOC_RUN
 * @count: how many times to call the probed function
 * @ustr: user address passed to it as its user string argument
 */
struct kpt_bench_run {
	__u64 count;
	__u64 ustr;
};

#define KPT_BENCH_FLOOR_KPROBE		1
#define KPT_BENCH_FLOOR_KRETPROBE	2
#define KPT_BENCH_FLOOR_FPROBE		3
#define KPT_BENCH_FLOOR_UPROBE		4
#define KPT_BENCH_FLOOR_TRACEPOINT	5

/**
 * struct kpt_bench_floor - argument of KPT_BENCH_IOC_FLOOR
 * @kind: one of KPT_BENCH_FLOOR_*
 * @offset: offset from @symbol (kprobes), or the file offset (uprobes)
 * @symbol: the probed function (kprobes, kretprobes, fprobes) or the
 *	probed file's path (uprobes), NUL-terminated; unused for the
 *	tracepoint, which is kpt_bench_hit
 */
struct kpt_bench_floor {
	__u32 kind;
	__u32 offset;
	char symbol[64];
};

/**
 * struct kpt_bench_peek - argument of KPT_BENCH_IOC_PEEK
 * @offset: offset in kpt_bench_target()
 * @code: set to the four bytes of code there, in memory order: what a
 *	live probe writes (an x86 int3, jmp or ftrace call in the first
 *	byte, an arm64 BRK instruction) tells the driver it is armed
 */
struct kpt_bench_peek {
	__u32 offset;
	__u8 code[4];
};

/* Call kpt_bench_target() count times */
#define KPT_BENCH_IOC_RUN	_IOW('k', 1, struct kpt_bench_run)
/* Arm the bare probe with an empty handler (one at a time) */
#define KPT_BENCH_IOC_FLOOR	_IOW('k', 2, struct kpt_bench_floor)
/* Disarm it */
#define KPT_BENCH_IOC_UNFLOOR	_IO('k', 3)
/* Read the code at an offset of kpt_bench_target() */
#define KPT_BENCH_IOC_PEEK	_IOWR('k', 4, struct kpt_bench_peek)
/* Fire the trace event kpt_bench/kpt_bench_hit count times (@ustr unused) */
#define KPT_BENCH_IOC_EVENT	_IOW('k', 5, struct kpt_bench_run)

/* The control-plane rows probe kpt_bench_fn000 ... kpt_bench_fn999 */
#define KPT_BENCH_NR_FNS	1000

#endif /* __KPT_BENCH_H */
