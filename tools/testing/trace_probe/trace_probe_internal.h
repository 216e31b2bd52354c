/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace replacement of kernel/trace/trace_probe_internal.h for the host
 * tests.  Same include guard: main.c includes this first, so the kernel
 * gateway that the pure .c files include becomes a no-op.
 *
 * Everything here follows the kernel's semantics, not libc's: kstrto*()
 * number rules, Latin-1 ctype classes, the x86-64 pt_regs register table.
 */
#ifndef __TRACE_PROBE_INTERNAL_H
#define __TRACE_PROBE_INTERNAL_H

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

#define BITS_PER_LONG		64
#define BITS_PER_BYTE		8
#define U64_MAX			UINT64_MAX
#define BIT(n)			(1UL << (n))
#define GENMASK(h, l)		(((~0UL) << (l)) & (~0UL >> (BITS_PER_LONG - 1 - (h))))
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
/* <linux/overflow.h>, without its saturation: the tests' sizes are small */
#define struct_size(p, member, n)					\
	(sizeof(*(p)) + sizeof((p)->member[0]) * (size_t)(n))
#define container_of(ptr, type, member)					\
	((type *)((char *)(ptr) - offsetof(type, member)))
#define min(a, b)		((a) < (b) ? (a) : (b))
#define min_t(t, a, b)		((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#define __printf(a, b)		__attribute__((format(printf, a, b)))
#define BUILD_BUG_ON(c)		_Static_assert(!(c), #c)

/* IS_ENABLED() as in <linux/kconfig.h> */
#define __ARG_PLACEHOLDER_1	0,
#define __take_second_arg(__ignored, val, ...) val
#define __is_defined(x)		___is_defined(x)
#define ___is_defined(val)	____is_defined(__ARG_PLACEHOLDER_##val)
#define ____is_defined(arg1_or_junk) __take_second_arg(arg1_or_junk 1, 0)
#define IS_ENABLED(option)	__is_defined(option)

/* x86-64 has regs_get_kernel_argument() */
#define CONFIG_HAVE_FUNCTION_ARG_ACCESS_API 1

/* x86-64 without KASAN: PAGE_SIZE << 2 */
#define THREAD_SIZE		16384UL

/*
 * offsetof(struct dentry, d_name.name) and offsetof(struct file,
 * f_path.dentry) in Linux 6.12 on x86-64, as stock's ":%pd" and ":%pD"
 * rewrites show them (tests/diff/stock.golden).
 */
#define PROBE_DENTRY_NAME_OFFSET	((size_t)0x28)
#define PROBE_FILE_DENTRY_OFFSET	((size_t)0x48)

/* include/linux/trace_events.h */
struct trace_entry {
	unsigned short	type;
	unsigned char	flags;
	unsigned char	preempt_count;
	int		pid;
};

/* Counted so that a test fails on any kernel warning */
extern int tp_warnings;
#define WARN_ON_ONCE(cond) ({						\
	bool __c = (cond);						\
	if (__c) {							\
		tp_warnings++;						\
		fprintf(stderr, "WARNING: %s:%d: %s\n", __FILE__,	\
			__LINE__, #cond);				\
	}								\
	__c;								\
})

/* Allocation, with failure injection: fail the Nth call from now */
#define GFP_KERNEL 0
extern long tp_alloc_fail_countdown;

static inline bool tp_alloc_should_fail(void)
{
	return tp_alloc_fail_countdown > 0 && --tp_alloc_fail_countdown == 0;
}

#define noinline	__attribute__((__noinline__))

static inline void *kmalloc(size_t size, int gfp)
{
	return tp_alloc_should_fail() ? NULL : malloc(size);
}

static inline void *kzalloc(size_t size, int gfp)
{
	return tp_alloc_should_fail() ? NULL : calloc(1, size);
}

static inline void *kcalloc(size_t n, size_t size, int gfp)
{
	return tp_alloc_should_fail() ? NULL : calloc(n, size);
}

static inline void kfree(const void *p)
{
	free((void *)p);
}

static inline void *kmemdup(const void *src, size_t len, int gfp)
{
	void *p = kmalloc(len, gfp);

	if (p)
		memcpy(p, src, len);
	return p;
}

static inline char *kmemdup_nul(const char *s, size_t len, int gfp)
{
	char *p = kmalloc(len + 1, gfp);

	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

static inline char *kstrdup(const char *s, int gfp)
{
	return kmemdup_nul(s, strlen(s), gfp);
}

static inline __printf(2, 3) char *kasprintf(int gfp, const char *fmt, ...)
{
	va_list args;
	char *p;
	int len;

	va_start(args, fmt);
	len = vsnprintf(NULL, 0, fmt, args);
	va_end(args);
	p = kmalloc(len + 1, gfp);
	if (!p)
		return NULL;
	va_start(args, fmt);
	vsnprintf(p, len + 1, fmt, args);
	va_end(args);
	return p;
}

static inline ssize_t strscpy(char *dst, const char *src, size_t size)
{
	size_t i;

	for (i = 0; i < size; i++) {
		dst[i] = src[i];
		if (!src[i])
			return i;
	}
	if (size)
		dst[size - 1] = '\0';
	return -E2BIG;
}

/*
 * lib/ctype.c classes: ASCII plus Latin-1 letters (0xc0-0xff except 0xd7
 * and 0xf7) and Latin-1 printables (0xa0-0xff).
 */
static inline int tp_islatin1_alpha(unsigned char c)
{
	return c >= 0xc0 && c != 0xd7 && c != 0xf7;
}

static inline int tp_isalpha(int c)
{
	unsigned char u = c;

	return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') ||
	       tp_islatin1_alpha(u);
}

static inline int tp_isdigit(int c)
{
	return c >= '0' && c <= '9';
}

static inline int tp_isxdigit(int c)
{
	unsigned char u = c;

	return tp_isdigit(u) || (u >= 'a' && u <= 'f') || (u >= 'A' && u <= 'F');
}

static inline int tp_isprint(int c)
{
	unsigned char u = c;

	return (u >= 0x20 && u < 0x7f) || u >= 0xa0;
}

static inline int tp_tolower(int c)
{
	unsigned char u = c;

	if ((u >= 'A' && u <= 'Z') || (u >= 0xc0 && u <= 0xde && u != 0xd7))
		return u + 0x20;
	return u;
}

#define isalpha(c)	tp_isalpha(c)
#define isdigit(c)	tp_isdigit(c)
#define isalnum(c)	(tp_isalpha(c) || tp_isdigit(c))
#define isxdigit(c)	tp_isxdigit(c)
#define isprint(c)	tp_isprint(c)
#define tolower(c)	tp_tolower(c)

/* lib/kstrtox.c rules */
static inline int tp_kstrtoull_nosign(const char *s, unsigned int base,
				      unsigned long long *res)
{
	unsigned long long val = 0;
	unsigned int digit, n = 0;
	bool overflow = false;

	if (base == 0) {
		if (s[0] == '0')
			base = ((s[1] | 0x20) == 'x' && tp_isxdigit(s[2])) ? 16 : 8;
		else
			base = 10;
	}
	if (base == 16 && s[0] == '0' && (s[1] | 0x20) == 'x')
		s += 2;
	for (;; s++, n++) {
		if (tp_isdigit(*s))
			digit = *s - '0';
		else if ((*s | 0x20) >= 'a' && (*s | 0x20) <= 'f')
			digit = (*s | 0x20) - 'a' + 10;
		else
			break;
		if (digit >= base)
			break;
		if (val > (ULLONG_MAX - digit) / base)
			overflow = true;
		val = val * base + digit;
	}
	if (overflow)
		return -ERANGE;
	if (!n)
		return -EINVAL;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = val;
	return 0;
}

static inline int kstrtoull(const char *s, unsigned int base,
			    unsigned long long *res)
{
	if (s[0] == '+')
		s++;
	return tp_kstrtoull_nosign(s, base, res);
}

static inline int kstrtoll(const char *s, unsigned int base, long long *res)
{
	unsigned long long tmp;
	int ret;

	if (s[0] == '-') {
		ret = tp_kstrtoull_nosign(s + 1, base, &tmp);
		if (ret)
			return ret;
		if ((long long)-tmp > 0)
			return -ERANGE;
		*res = -tmp;
		return 0;
	}
	ret = kstrtoull(s, base, &tmp);
	if (ret)
		return ret;
	if ((long long)tmp < 0)
		return -ERANGE;
	*res = tmp;
	return 0;
}

static inline int kstrtoul(const char *s, unsigned int base,
			   unsigned long *res)
{
	return kstrtoull(s, base, (unsigned long long *)res);
}

static inline int kstrtol(const char *s, unsigned int base, long *res)
{
	return kstrtoll(s, base, (long long *)res);
}

static inline int kstrtouint(const char *s, unsigned int base,
			     unsigned int *res)
{
	unsigned long long tmp;
	int ret = kstrtoull(s, base, &tmp);

	if (ret)
		return ret;
	if (tmp != (unsigned int)tmp)
		return -ERANGE;
	*res = tmp;
	return 0;
}

/*
 * arch/x86/kernel/ptrace.c regoffset_table for CONFIG_X86_64, with the
 * offsets of arch/x86/include/asm/ptrace.h struct pt_regs (all 8 bytes).
 */
static const struct {
	const char	*name;
	int		offset;
} tp_x86_64_regs[] = {
	{ "r15", 0 }, { "r14", 8 }, { "r13", 16 }, { "r12", 24 },
	{ "r11", 48 }, { "r10", 56 }, { "r9", 64 }, { "r8", 72 },
	{ "bx", 40 }, { "cx", 88 }, { "dx", 96 }, { "si", 104 },
	{ "di", 112 }, { "bp", 32 }, { "ax", 80 }, { "orig_ax", 120 },
	{ "ip", 128 }, { "cs", 136 }, { "flags", 144 }, { "sp", 152 },
	{ "ss", 160 },
};

static inline int regs_query_register_offset(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tp_x86_64_regs); i++)
		if (!strcmp(tp_x86_64_regs[i].name, name))
			return tp_x86_64_regs[i].offset;
	return -EINVAL;
}

#endif /* __TRACE_PROBE_INTERNAL_H */
