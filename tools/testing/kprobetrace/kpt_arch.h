/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What kprobetrace's test programs name that the architecture decides,
 * for x86-64 and arm64 (the tested ones): the names the guest tests take
 * from test.d/kprobetrace/kpt_arch, and the kernel's O_LARGEFILE.
 */
#ifndef KPT_ARCH_H
#define KPT_ARCH_H

#if defined(__x86_64__)
/* the first four argument registers of the C calling convention */
#define KPT_ARG1		"%di"
#define KPT_ARG2		"%si"
#define KPT_ARG3		"%dx"
#define KPT_ARG4		"%cx"
/* the register a function returns its value in */
#define KPT_RET			"%ax"
/* the stack pointer and the instruction pointer */
#define KPT_SP			"%sp"
#define KPT_IP			"%ip"
/* the prefix of the system call wrappers (each takes a struct pt_regs *) */
#define KPT_SYS			"__x64_sys_"
/* the kernel's O_LARGEFILE, which glibc defines as 0 on 64-bit machines */
#define KPT_KERNEL_O_LARGEFILE	0100000
/*
 * The errno of a kprobe inside a function's first instruction: x86-64
 * decodes the function and finds no instruction boundary there
 */
#define KPT_ENOTINSN		EILSEQ
#elif defined(__aarch64__)
#define KPT_ARG1		"%x0"
#define KPT_ARG2		"%x1"
#define KPT_ARG3		"%x2"
#define KPT_ARG4		"%x3"
#define KPT_RET			"%x0"
#define KPT_SP			"%sp"
#define KPT_IP			"%pc"
#define KPT_SYS			"__arm64_sys_"
#define KPT_KERNEL_O_LARGEFILE	0400000
/*
 * arm64 refuses an address that is not 4-byte aligned, and ftrace's call
 * site (the second instruction: no kprobes on ftrace), with EINVAL
 */
#define KPT_ENOTINSN		EINVAL
#else
#error "kprobetrace's test programs know x86-64 and arm64 only"
#endif

/*
 * A register name above in a printf() format: "%" "%di" is "%%di", which
 * prints as "%di".
 */
#define KPT_FMT(reg)		"%" reg

#endif /* KPT_ARCH_H */
