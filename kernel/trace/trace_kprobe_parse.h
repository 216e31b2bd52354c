/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The head of a kprobe definition, "p|r[N][:[GRP/]EVENT] PLACE": its pure
 * parser (trace_kprobe_parse.c), which the kprobe front end and the host
 * tests share.
 */
#ifndef __TRACE_KPROBE_PARSE_H
#define __TRACE_KPROBE_PARSE_H

#include "trace_probe_parse.h"

#define KPROBE_EVENT_SYSTEM	"kprobes"
/* r<MAXACTIVE> limit of kprobe events (not a kprobes core limit) */
#define KRETPROBE_MAXACTIVE_MAX	4096

/**
 * struct trace_kprobe_env - kernel lookups needed to parse a kprobe head
 * @count_symbols: number of functions named @sym, in module @mod only if
 *	@mod is not NULL, else in vmlinux and all modules; -ENODEV when @mod
 *	is not loaded (the probe then waits for the module).  *@addr gets
 *	the address of the last one found, 0 if none
 * @on_func_entry: kprobe_on_func_entry() of the function at @addr, or of
 *	the one named @sym if @addr is 0, at @offset: 0, -EINVAL (not an
 *	entry) or -ENOENT (unknown yet).  The address spares a lookup by
 *	name: in a module with thousands of symbols, a scan of all of them
 * @format_addr: print @addr as the kernel's "0x%p" (hashed pointer)
 * @btf: BTF provider for the arguments, NULL without BTF
 * @data: passed back to the hooks
 */
struct trace_kprobe_env {
	int (*count_symbols)(void *data, const char *mod, const char *sym,
			     unsigned long *addr);
	int (*on_func_entry)(void *data, unsigned long addr, const char *sym,
			     unsigned long offset);
	int (*format_addr)(void *data, char *buf, size_t len,
			   unsigned long addr);
	const struct probe_btf_ops *btf;
	void *data;
};

/**
 * struct trace_kprobe_head - a parsed kprobe head
 * @common: what every front end's head has; @common.kind is @is_return
 * @is_return: kretprobe (r, or p with %return)
 * @maxactive: r<N>, 0 when not given
 * @symbol: "[MOD:]SYM" without offset or suffix, NULL for an address
 * @offset: offset after the symbol
 * @addr: probed address when no symbol is given
 *
 * Lifetime: allocated by the head parser of &trace_kprobe_cmd_ops, freed
 * with the command (probe_cmd_release()).
 */
struct trace_kprobe_head {
	struct probe_head	common;
	bool			is_return;
	unsigned int		maxactive;
	char			*symbol;
	long			offset;
	unsigned long		addr;
};

static inline struct trace_kprobe_head *
to_trace_kprobe_head(struct probe_head *head)
{
	return container_of(head, struct trace_kprobe_head, common);
}

extern const struct probe_cmd_ops trace_kprobe_cmd_ops;

int trace_kprobe_validate_symbol(const struct trace_kprobe_env *env,
				 char *symbol, unsigned long *addr);
int trace_kprobe_format_place(char *buf, size_t len, const char *symbol,
			      long offset, unsigned long addr,
			      const struct trace_kprobe_env *env);
bool trace_kprobe_same_place(const char *sym1, long offs1, const char *sym2,
			     long offs2);

#endif /* __TRACE_KPROBE_PARSE_H */
