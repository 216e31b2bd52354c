/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fake kernel of the host tests and the fuzzer: the userspace shims,
 * the pure parser files themselves, and the fake world the KUnit suite
 * shares (kernel/trace/tests/trace_probe_fake.h).
 */
#ifndef __TP_FAKE_KERNEL_H
#define __TP_FAKE_KERNEL_H

#include "trace_probe_internal.h"
#include "../../../kernel/trace/trace_probe_insn.c"
#include "../../../kernel/trace/trace_probe_parse.c"
#include "../../../kernel/trace/trace_probe_expand.c"
#include "../../../kernel/trace/trace_probe_head.c"
#include "../../../kernel/trace/trace_probe_cmd.c"
#include "../../../kernel/trace/trace_probe_fmt.c"
#include "../../../kernel/trace/trace_probe_btf.c"
#include "../../../kernel/trace/trace_kprobe_parse.c"
#include "../../../kernel/trace/trace_uprobe_parse.c"
#include "../../../kernel/trace/trace_eprobe_parse.c"
#include "../../../kernel/trace/trace_fprobe_parse.c"

int tp_warnings;
long tp_alloc_fail_countdown;

#include "../../../kernel/trace/tests/trace_probe_fake.h"

#endif /* __TP_FAKE_KERNEL_H */
