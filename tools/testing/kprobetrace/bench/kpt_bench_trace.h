/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The benchmark module's trace event, kpt_bench/kpt_bench_hit: what the
 * eprobe row attaches to.  KPT_BENCH_IOC_EVENT fires it a given number of
 * times; @obj is the object the probed function gets, so the row can
 * dereference it.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM kpt_bench

#if !defined(_KPT_BENCH_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _KPT_BENCH_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(kpt_bench_hit,
	TP_PROTO(const void *obj, unsigned long seq),
	TP_ARGS(obj, seq),
	TP_STRUCT__entry(
		__field(const void *, obj)
		__field(unsigned long, seq)
	),
	TP_fast_assign(
		__entry->obj = obj;
		__entry->seq = seq;
	),
	TP_printk("obj=%p seq=%lu", __entry->obj, __entry->seq)
);

#endif /* _KPT_BENCH_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE kpt_bench_trace
#include <trace/define_trace.h>
