// SPDX-License-Identifier: GPL-2.0
/*
 * The head of a kprobe definition:
 *
 *   p[:[GRP/|GRP.]EVENT] [MOD:]SYM[+OFFS]|MEMADDR [ARGS]
 *   r[MAXACTIVE][:[GRP/|GRP.]EVENT] [MOD:]SYM[+0] [ARGS]
 *   p[:[GRP/|GRP.]EVENT] [MOD:]SYM[+0]%return [ARGS]
 *
 * Pure, like trace_probe_parse.c: the kernel's symbol table reaches it
 * through &struct trace_kprobe_env, so that the host tests run it too.
 */
#include "trace_probe_internal.h"
#include "trace_kprobe_parse.h"

/* "r<MAXACTIVE>": digits right after the type letter, for kretprobes only */
static int kprobe_parse_maxactive(struct probe_cmd *cmd, const char *colon,
				  struct trace_kprobe_head *kh)
{
	if (isdigit(cmd->argv[0][1]) && !kh->is_return)
		return probe_set_err(&cmd->err, 0, TP_ERR_BAD_MAXACT_TYPE, 1,
				     -EINVAL);
	return probe_parse_maxactive(cmd, colon, KRETPROBE_MAXACTIVE_MAX,
				     &kh->maxactive);
}

/**
 * trace_kprobe_validate_symbol - check that a probed symbol is unambiguous
 * @env: kernel lookups (symbol count)
 * @symbol: "[MOD:]SYM"; the ':' is cut and restored during the call
 * @addr: gets its address, 0 if it was not found
 *
 * "[MOD:]SYM" must name exactly one function, unless MOD is not loaded
 * (the probe then waits for the module).
 *
 * Return: 0, -EADDRNOTAVAIL if there are several, -ENOENT if none.
 */
int trace_kprobe_validate_symbol(const struct trace_kprobe_env *env,
				 char *symbol, unsigned long *addr)
{
	char *colon = strchr(symbol, ':');
	int count;

	*addr = 0;
	if (!env->count_symbols)
		return 0;
	if (colon) {
		*colon = '\0';
		count = env->count_symbols(env->data, symbol, colon + 1, addr);
		*colon = ':';
	} else {
		count = env->count_symbols(env->data, NULL, symbol, addr);
	}
	if (count == -ENODEV)
		return 0;
	if (count > 1)
		return -EADDRNOTAVAIL;
	return count == 1 ? 0 : -ENOENT;
}

/* argv[1] when it is not a number: "[MOD:]SYM[+OFFS][%return]" */
static int kprobe_parse_symbol(struct probe_cmd *cmd,
			       struct trace_kprobe_head *kh)
{
	const struct trace_kprobe_env *env = cmd->env;
	const char *word = cmd->argv[1];
	struct probe_parse_err *err = &cmd->err;
	unsigned long addr;
	size_t sym_len;
	char *suffix;
	int ret;

	/* "PATH:OFFS" is an uprobe: let dynamic_events try the next type */
	if (strchr(word, '/') && strchr(word, ':'))
		return -ECANCELED;
	kh->symbol = kstrdup(word, GFP_KERNEL);
	if (!kh->symbol)
		return -ENOMEM;
	suffix = strchr(kh->symbol, '%');
	if (suffix) {
		if (strcmp(suffix, "%return"))
			return probe_set_err(err, 1, TP_ERR_BAD_ADDR_SUFFIX,
					     suffix - kh->symbol, -EINVAL);
		*suffix = '\0';
		kh->is_return = true;
	}
	ret = probe_split_symbol_offset(kh->symbol, &sym_len, &kh->offset);
	if (ret || kh->offset < 0 || kh->offset > UINT_MAX)
		return probe_set_err(err, 1, TP_ERR_BAD_PROBE_ADDR, 0, -EINVAL);
	kh->symbol[sym_len] = '\0';

	ret = trace_kprobe_validate_symbol(env, kh->symbol, &addr);
	if (ret)
		return probe_set_err(err, 1, ret == -EADDRNOTAVAIL ?
				     TP_ERR_NON_UNIQ_SYMBOL :
				     TP_ERR_BAD_PROBE_ADDR, 0, -EINVAL);
	/*
	 * Only here: 6.12 parses the arguments of an address kretprobe as
	 * those of a kprobe, where $retval is not available.
	 */
	if (kh->is_return)
		kh->common.flags |= TPARG_FL_RETURN;
	ret = env->on_func_entry ?
	      env->on_func_entry(env->data, addr, kh->symbol, kh->offset) : 0;
	if (!ret && !kh->is_return)
		kh->common.flags |= TPARG_FL_FENTRY;
	/* -ENOENT (e.g. module not loaded yet) waits for registration */
	if (ret == -EINVAL && kh->is_return)
		return probe_set_err(err, 1, TP_ERR_BAD_RETPROBE, 0, -EINVAL);
	return 0;
}

static int kprobe_format_addr(const struct trace_kprobe_env *env, char *buf,
			      size_t len, unsigned long addr)
{
	if (env->format_addr)
		return env->format_addr(env->data, buf, len, addr);
	return snprintf(buf, len, "0x%lx", addr);
}

/* "p_SYM_OFFS", "r_SYM_OFFS" or "p_0xADDR", with ":.*" made '_' */
static void kprobe_generate_event_name(struct trace_kprobe_head *kh,
				       const struct trace_kprobe_env *env)
{
	char *event = kh->common.event;
	char type = kh->is_return ? 'r' : 'p';
	char addr[24];	/* "0x" and 16 hex digits */

	if (kh->symbol) {
		snprintf(event, MAX_EVENT_NAME_LEN, "%c_%s_%ld", type,
			 kh->symbol, kh->offset);
	} else {
		kprobe_format_addr(env, addr, sizeof(addr), kh->addr);
		snprintf(event, MAX_EVENT_NAME_LEN, "%c_%s", type, addr);
	}
	probe_sanitize_event_name(event);
}

/* What the pipeline needs of the head, once it is parsed */
static void kprobe_head_finish(struct probe_cmd *cmd,
			       struct trace_kprobe_head *kh)
{
	const struct trace_kprobe_env *env = cmd->env;
	struct probe_head *head = &kh->common;

	head->kind = kh->is_return;
	head->ptype = kh->is_return ? PROBE_PRINT_RETURN : PROBE_PRINT_NORMAL;
	head->funcname = kh->symbol;
	head->btf = env->btf;
	head->nr_words = cmd->argc - 2;
	head->expand = true;
}

/*
 * &probe_cmd_ops.parse_head of kprobes.  Errors are checked in the order
 * of 6.12: maxactive, place, return probe on a non-entry, then the event
 * name.
 */
static int trace_kprobe_parse_head(struct probe_cmd *cmd)
{
	const char **argv = cmd->argv;
	struct trace_kprobe_head *kh;
	const char *colon;
	int ret;

	if (cmd->argc < 2 || (argv[0][0] != 'p' && argv[0][0] != 'r'))
		return -ECANCELED;
	kh = kzalloc(sizeof(*kh), GFP_KERNEL);
	if (!kh)
		return -ENOMEM;
	cmd->head = &kh->common;
	strscpy(kh->common.group, KPROBE_EVENT_SYSTEM,
		sizeof(kh->common.group));
	kh->common.flags = TPARG_FL_KERNEL;
	kh->is_return = argv[0][0] == 'r';
	colon = strchr(argv[0] + 1, ':');

	ret = kprobe_parse_maxactive(cmd, colon, kh);
	if (!ret && kstrtoul(argv[1], 0, &kh->addr))
		ret = kprobe_parse_symbol(cmd, kh);
	if (!ret && colon)
		ret = probe_parse_event_name(colon + 1, colon + 1 - argv[0],
					     &cmd->err, kh->common.group,
					     kh->common.event);
	if (ret)
		return ret;
	if (!kh->common.event[0])
		kprobe_generate_event_name(kh, cmd->env);
	kprobe_head_finish(cmd, kh);
	return 0;
}

static void trace_kprobe_free_head(struct probe_head *head)
{
	struct trace_kprobe_head *kh = to_trace_kprobe_head(head);

	kfree(kh->symbol);
	kfree(kh);
}

/* The syntax of kprobe definitions; its env is a &struct trace_kprobe_env */
const struct probe_cmd_ops trace_kprobe_cmd_ops = {
	.subsystem	= "trace_kprobe",
	.parse_head	= trace_kprobe_parse_head,
	.free_head	= trace_kprobe_free_head,
};

/**
 * trace_kprobe_format_place - the probe place as kprobe_events lists it
 * @buf: output buffer
 * @len: its size
 * @symbol: the probed symbol, or NULL for @addr
 * @offset: the offset from @symbol
 * @addr: the probed address, without a symbol
 * @env: for hashing an address
 *
 * "SYM+OFFS", "SYM" or "0x<hashed address>"; also what "-:" commands
 * compare with their place word.
 *
 * Return: the length of the full text, as snprintf().
 */
int trace_kprobe_format_place(char *buf, size_t len, const char *symbol,
			      long offset, unsigned long addr,
			      const struct trace_kprobe_env *env)
{
	if (!symbol)
		return kprobe_format_addr(env, buf, len, addr);
	if (offset)
		return snprintf(buf, len, "%s+%u", symbol,
				(unsigned int)offset);
	return snprintf(buf, len, "%s", symbol);
}

/**
 * trace_kprobe_same_place - do two kprobes of one event probe one place?
 * @sym1: the symbol of one, NULL for an address
 * @offs1: its offset
 * @sym2: the symbol of the other
 * @offs2: its offset
 *
 * As 6.12 compares them: by symbol and offset only, so that any two
 * address probes count as the same place.
 *
 * Return: true if they are the same.
 */
bool trace_kprobe_same_place(const char *sym1, long offs1, const char *sym2,
			     long offs2)
{
	return !strcmp(sym1 ?: "", sym2 ?: "") && offs1 == offs2;
}
