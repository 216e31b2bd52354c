// SPDX-License-Identifier: GPL-2.0
/*
 * The head of an fprobe or tracepoint probe definition:
 *
 *   f[:[GRP/|GRP.]EVENT] PATTERN [ARGS]                 function entry
 *   f[MAXACTIVE][:[GRP/|GRP.]EVENT] PATTERN%return [ARGS]     its exit
 *   t[:[GRP/|GRP.]EVENT] TRACEPOINT [ARGS]
 *
 *   PATTERN := ITEM[,ITEM...][:entry|:exit]
 *   ITEM    := [!][MOD:]GLOB
 *
 * 6.12 takes one ftrace glob (no ',' or ':') and hands it to
 * register_fprobe(); that form keeps 6.12's behaviour and errors.  The
 * rest is kprobetrace's (Documentation/trace/fprobe-patterns.rst): a list,
 * exclusions, module scopes and an explicit ":entry"/":exit".  A "$retval"
 * among the arguments of an "f" probe makes it an exit probe too.  Pure,
 * like trace_probe_parse.c: the kernel reaches it through &struct
 * trace_fprobe_env, so that the host tests run it too.
 */
#include "trace_probe_internal.h"
#include "trace_fprobe_parse.h"

/* A tracepoint name is made of letters, digits and '_' */
static int fprobe_check_tp_name(struct probe_cmd *cmd, const char *name)
{
	const char *c;

	for (c = name; *c; c++)
		if (!isalnum(*c) && *c != '_')
			return probe_set_err(&cmd->err, 1, TP_ERR_BAD_TP_NAME,
					     c - name, -EINVAL);
	return 0;
}

/*
 * "$retval" as a word of its own in an argument (not "$retvalue") makes an
 * "f" probe an exit probe; a "t" probe has no return value.
 */
static int fprobe_scan_retval(struct probe_cmd *cmd,
			      struct trace_fprobe_head *fh)
{
	const char *found;
	int i;

	for (i = 2; i < cmd->argc; i++) {
		found = strstr(cmd->argv[i], "$retval");
		if (!found || isalnum(found[7]) || found[7] == '_')
			continue;
		/* no return value at a tracepoint, or at ":entry" */
		if (fh->is_tracepoint || fh->suffix)
			return probe_set_err(&cmd->err, i,
					     TP_ERR_RETVAL_ON_PROBE,
					     found - cmd->argv[i], -EINVAL);
		fh->is_return = true;
		break;
	}
	return 0;
}

static int pattern_err(struct probe_cmd *cmd, int id, int pos, int ret)
{
	return probe_set_err(&cmd->err, 1, id, pos, ret);
}

/*
 * A trailing ":entry" or ":exit" (always the suffix: a module's function
 * named "exit" is "MOD:exit:entry"), cut off @buf.
 */
static int pattern_cut_suffix(struct probe_cmd *cmd,
			      struct trace_fprobe_head *fh, char *buf)
{
	char *colon = strrchr(buf, ':');
	bool exit;

	if (!colon || colon == buf)
		return 0;
	exit = !strcmp(colon, ":exit");
	if (!exit && strcmp(colon, ":entry"))
		return 0;
	if (fh->pct_return)
		return pattern_err(cmd, TP_ERR_SUFFIX_AND_RETURN, colon - buf,
				   -EINVAL);
	fh->is_return = exit;
	fh->suffix = true;
	*colon = '\0';
	return 0;
}

/* ftrace glob characters, and those of function and module names */
static bool pattern_char_ok(char c, bool glob)
{
	if (isalnum(c) || c == '_')
		return true;
	if (!glob)
		return c == '-';
	return c == '.' || c == '*' || c == '?' || c == '[' || c == ']' ||
	       c == '!' || c == '-';
}

/* "" is not a name; and any character outside @glob's set */
static int pattern_check_name(struct probe_cmd *cmd, const char *name,
			      const char *buf, bool glob)
{
	const char *c;

	if (!*name)
		return pattern_err(cmd, TP_ERR_BAD_FUNC_PATTERN, name - buf,
				   -EINVAL);
	for (c = name; *c; c++)
		if (!pattern_char_ok(*c, glob))
			return pattern_err(cmd, TP_ERR_BAD_FUNC_PATTERN,
					   c - buf, -EINVAL);
	return 0;
}

/* "[!][MOD:]GLOB" at @text, cut off @buf, into @item */
static int pattern_parse_item(struct probe_cmd *cmd, char *text,
			      const char *buf,
			      struct fprobe_pattern_item *item)
{
	char *colon;
	int ret;

	item->pos = text - buf;
	item->exclude = *text == '!';
	text += item->exclude;
	colon = strchr(text, ':');
	if (colon) {
		*colon = '\0';
		ret = pattern_check_name(cmd, text, buf, false);
		if (ret)
			return ret;
		item->mod = text;
		text = colon + 1;
	}
	item->glob = text;
	return pattern_check_name(cmd, text, buf, true);
}

/* Cut the copy @buf of the pattern into its items, one at least including */
static int pattern_parse_items(struct probe_cmd *cmd,
			       struct fprobe_pattern *pat, char *buf)
{
	struct fprobe_pattern_item *item = pat->items;
	char *next = buf, *text;
	bool includes = false;
	int ret;

	while ((text = strsep(&next, ",")) != NULL) {
		ret = pattern_parse_item(cmd, text, buf, item);
		if (ret)
			return ret;
		includes |= !item->exclude;
		item++;
	}
	pat->nr_items = item - pat->items;
	if (!includes)
		return pattern_err(cmd, TP_ERR_NO_FUNC_INCLUDED, 0, -EINVAL);
	return 0;
}

/* How many functions a pattern of the new form names: 1 to the bound */
static int pattern_count(struct probe_cmd *cmd, struct fprobe_pattern *pat)
{
	const struct trace_fprobe_env *env = cmd->env;
	int count = env->count_functions(env->data, pat);

	if (count == 0)
		return pattern_err(cmd, TP_ERR_NO_FUNC_MATCH, 0, -ENOENT);
	if (count > FPROBE_PATTERN_MAX_FUNCS)
		return pattern_err(cmd, TP_ERR_TOO_MANY_FUNCS, 0, -E2BIG);
	return count < 0 ? count : 0;
}

/*
 * fh->symbol, an "f" probe's pattern, into fh->pattern: its syntax.
 * 6.12's one glob (no ',' or ':') is left as it is.  A wrong syntax is
 * kept in fh->pattern_err for fprobe_check_pattern(), with no items.
 */
static int fprobe_parse_pattern(struct probe_cmd *cmd,
				struct trace_fprobe_head *fh)
{
	struct probe_parse_err ok = cmd->err;
	size_t len = strlen(fh->symbol), n = 1;
	struct fprobe_pattern *pat;
	const char *c;
	char *buf;
	int ret;

	for (c = fh->symbol; *c; c++)
		n += *c == ',';
	pat = kzalloc(struct_size(pat, items, n) + len + 1, GFP_KERNEL);
	if (!pat)
		return -ENOMEM;
	pat->size = struct_size(pat, items, n) + len + 1;
	fh->pattern = pat;
	buf = (char *)&pat->items[n];
	memcpy(buf, fh->symbol, len + 1);
	if (!strpbrk(buf, ",:")) {
		pat->legacy = true;
		pat->nr_items = 1;
		pat->items[0].glob = buf;
		return 0;
	}
	ret = pattern_cut_suffix(cmd, fh, buf);
	if (!ret)
		ret = pattern_parse_items(cmd, pat, buf);
	if (ret == -ENOMEM || !ret)
		return ret;
	fh->pattern_ret = ret;
	fh->pattern_err = cmd->err;
	cmd->err = ok;
	pat->nr_items = 0;
	return 0;
}

/*
 * &probe_cmd_ops.check_head of fprobes: a pattern of the new form, once
 * the arguments are parsed (6.12 checks the function when it registers
 * the fprobe, after them): its syntax, an event name for a list (no
 * function gives it one), and 1 to FPROBE_PATTERN_MAX_FUNCS traceable
 * functions.  6.12's one glob is checked when it registers, as in 6.12.
 */
static int fprobe_check_pattern(struct probe_cmd *cmd)
{
	struct trace_fprobe_head *fh = to_trace_fprobe_head(cmd->head);
	struct fprobe_pattern *pat = fh->pattern;

	if (!pat || pat->legacy)
		return 0;
	if (fh->pattern_ret) {
		cmd->err = fh->pattern_err;
		return fh->pattern_ret;
	}
	if (pat->nr_items > 1 && !fh->named)
		return pattern_err(cmd, TP_ERR_NO_EVENT_NAME, 0, -EINVAL);
	return pattern_count(cmd, pat);
}

/* --- BTF over the functions of a pattern --------------------------------- */

/* A pattern of one function named without a glob ("[MOD:]FUNC") */
static bool fprobe_pattern_one_name(const struct fprobe_pattern *pat)
{
	return pat->nr_items == 1 && !strpbrk(pat->items[0].glob, "*?[");
}

/*
 * A pattern of kprobetrace's form may name many functions, and a BTF
 * variable of its arguments is typed from all of them: it must be the
 * same at each (the same parameter position, fetch type, string kind and
 * field offsets), since one fetch program reads it at every function.
 * An error names the function it is found at, in the error's detail.
 */

/* The names of the pattern's functions, found once: how many, or -errno */
static int btf_multi_load(struct fprobe_btf_multi *m)
{
	if (!m->names && !m->nr_names)
		m->nr_names = m->env->function_names(m->env->data, m->pat,
						      &m->names);
	return m->nr_names;
}

/* The next name after @name in the names buffer */
static const char *btf_multi_next(const char *name)
{
	return name + strlen(name) + 1;
}

/* What the context says of the pattern while one function is asked */
struct btf_multi_saved {
	const char	*funcname;
	void		*btf_data;
};

/* Ask the provider of one function's BTF, about function @func */
static void btf_multi_enter(struct probe_parse_ctx *ctx, const char *func,
			    struct btf_multi_saved *saved)
{
	saved->funcname = ctx->funcname;
	saved->btf_data = ctx->btf_data;
	ctx->funcname = func;
	ctx->btf_data = NULL;
}

static void btf_multi_leave(struct probe_parse_ctx *ctx,
			    const struct btf_multi_saved *saved)
{
	ctx->funcname = saved->funcname;
	ctx->btf_data = saved->btf_data;
}

static int btf_multi_find_at(struct probe_parse_ctx *ctx,
			     struct fprobe_btf_multi *m, const char *func,
			     const char *text, struct probe_btf_var *var)
{
	struct btf_multi_saved saved;
	int ret;

	btf_multi_enter(ctx, func, &saved);
	ret = m->btf->find_var(ctx, text, var);
	btf_multi_leave(ctx, &saved);
	return ret;
}

static bool btf_var_same(const struct probe_btf_var *a,
			 const struct probe_btf_var *b)
{
	if (a->is_retval != b->is_retval ||
	    (!a->is_retval && a->param != b->param) || a->str != b->str ||
	    a->nr_derefs != b->nr_derefs || a->bitoffs != b->bitoffs ||
	    a->bitsize != b->bitsize)
		return false;
	if (a->type != b->type &&
	    (!a->type || !b->type || strcmp(a->type, b->type)))
		return false;
	return !memcmp(a->deref, b->deref, a->nr_derefs * sizeof(a->deref[0]));
}

/* An error at @func, named in the detail unless the pattern names it */
static int btf_multi_error(struct fprobe_btf_multi *m, const char *func,
			   struct probe_btf_var *var, int err, int pos,
			   int ret)
{
	if (!fprobe_pattern_one_name(m->pat)) {
		snprintf(m->detail, sizeof(m->detail), " (at %s)", func);
		var->err_detail = m->detail;
	}
	var->err = err;
	var->err_pos = pos;
	return ret;
}

/*
 * &probe_btf_ops.find_var of a pattern: the variable as its first function
 * has it, if every function has it alike.  A bare "$retval" that is not
 * typed alike at every function (or has no BTF at one) is the raw return
 * value, as it is for one function without BTF: it reads the same.
 */
static int btf_multi_find_var(struct probe_parse_ctx *ctx, const char *text,
			      struct probe_btf_var *var)
{
	struct fprobe_btf_multi *m = ctx->btf_data;
	bool raw_ok = !strcmp(text, "$retval");
	struct probe_btf_var other;
	const char *func;
	int i, n, ret;

	n = btf_multi_load(m);
	if (n < 0) {
		var->err = PROBE_ERR_NONE;
		return n;
	}
	/*
	 * No function now (a module not loaded): the pattern's text as a
	 * function name, which BTF does not know, as 6.12 looks it up.
	 */
	if (!n)
		return btf_multi_find_at(ctx, m, ctx->funcname, text, var);
	func = m->names;
	ret = btf_multi_find_at(ctx, m, func, text, var);
	if (ret == -ENODEV)
		return ret;
	if (ret)
		return btf_multi_error(m, func, var, var->err, var->err_pos,
				       ret);
	for (i = 1; i < n; i++) {
		func = btf_multi_next(func);
		other = (struct probe_btf_var){ };
		ret = btf_multi_find_at(ctx, m, func, text, &other);
		if (raw_ok && (ret || !btf_var_same(var, &other)))
			return -ENODEV;
		if (ret)
			return btf_multi_error(m, func, var, other.err,
					       other.err_pos, ret);
		if (!btf_var_same(var, &other))
			return btf_multi_error(m, func, var,
					       TP_ERR_BTFARG_DIFFERS, 0, -EINVAL);
	}
	m->typed = true;
	return 0;
}

/* &probe_btf_ops.nr_params of function @func */
static int btf_multi_nr_at(struct probe_parse_ctx *ctx,
			   struct fprobe_btf_multi *m, const char *func)
{
	struct btf_multi_saved saved;
	int ret;

	btf_multi_enter(ctx, func, &saved);
	ret = m->btf->nr_params(ctx);
	btf_multi_leave(ctx, &saved);
	return ret;
}

/* &probe_btf_ops.param_name of function @func */
static int btf_multi_param_at(struct probe_parse_ctx *ctx,
			      struct fprobe_btf_multi *m, const char *func,
			      unsigned int idx, char *buf, int size)
{
	struct btf_multi_saved saved;
	int ret;

	btf_multi_enter(ctx, func, &saved);
	ret = m->btf->param_name(ctx, idx, buf, size);
	btf_multi_leave(ctx, &saved);
	return ret;
}

/* Whether each of the @n functions names parameter @idx as the first */
static bool btf_multi_same_param(struct probe_parse_ctx *ctx,
				 struct fprobe_btf_multi *m, int n,
				 unsigned int idx)
{
	char first[MAX_ARGSTR_LEN + 1], other[MAX_ARGSTR_LEN + 1];
	const char *func = m->names;
	int len, i;

	len = btf_multi_param_at(ctx, m, func, idx, first, sizeof(first));
	if (len < 0)
		return false;
	for (i = 1; i < n; i++) {
		func = btf_multi_next(func);
		if (btf_multi_param_at(ctx, m, func, idx, other,
				       sizeof(other)) != len ||
		    strcmp(first, other))
			return false;
	}
	return true;
}

/*
 * &probe_btf_ops.nr_params of a pattern, for "$arg*" and "$argN": a
 * prototype only if every function has the same parameter names (their
 * types are checked as each is parsed); else none (-ENOENT).
 */
static int btf_multi_nr_params(struct probe_parse_ctx *ctx)
{
	struct fprobe_btf_multi *m = ctx->btf_data;
	const char *func;
	int i, n, nr;

	n = btf_multi_load(m);
	if (n <= 0)
		return -ENOENT;
	nr = btf_multi_nr_at(ctx, m, m->names);
	if (nr < 0)
		return -ENOENT;
	for (i = 1, func = m->names; i < n; i++) {
		func = btf_multi_next(func);
		if (btf_multi_nr_at(ctx, m, func) != nr)
			return -ENOENT;
	}
	for (i = 0; i < nr; i++)
		if (!btf_multi_same_param(ctx, m, n, i))
			return -ENOENT;
	m->typed = true;
	return nr;
}

/* &probe_btf_ops.param_name of a pattern: its first function's */
static int btf_multi_param_name(struct probe_parse_ctx *ctx, unsigned int idx,
				char *buf, int size)
{
	struct fprobe_btf_multi *m = ctx->btf_data;

	if (btf_multi_load(m) <= 0)
		return -ENOENT;
	return btf_multi_param_at(ctx, m, m->names, idx, buf, size);
}

/* &probe_btf_ops.find_cast: a typecast reads the same at every function */
static int btf_multi_find_cast(struct probe_parse_ctx *ctx,
			       const struct probe_btf_cast *cast,
			       struct probe_btf_var *var)
{
	struct fprobe_btf_multi *m = ctx->btf_data;

	return m->btf->find_cast(ctx, cast, var);
}

static const struct probe_btf_ops fprobe_btf_multi_ops = {
	.find_var	= btf_multi_find_var,
	.find_cast	= btf_multi_find_cast,
	.nr_params	= btf_multi_nr_params,
	.param_name	= btf_multi_param_name,
};

/*
 * The function BTF types the arguments with: the one function a pattern
 * names without a glob or a module ("FUNC:exit"), or NULL if the pattern
 * may name several, or one of a module, which may not be loaded (the
 * functions found then type them).  A 6.12 glob is looked up as a
 * function name, which BTF does not know, as in 6.12.
 */
static const char *fprobe_btf_funcname(struct trace_fprobe_head *fh)
{
	const struct fprobe_pattern *pat = fh->pattern;

	if (pat->legacy)
		return fh->symbol;
	if (!fprobe_pattern_one_name(pat) || pat->items[0].mod)
		return NULL;
	return pat->items[0].glob;
}

/* Type the arguments of an fprobe with the BTF of its function(s) */
static void fprobe_set_btf(struct trace_fprobe_head *fh,
			   const struct trace_fprobe_env *env)
{
	struct probe_head *head = &fh->common;

	head->btf = env->btf;
	head->funcname = fprobe_btf_funcname(fh);
	if (head->funcname)
		return;
	/* the pattern, for a BTF-less kernel's NOSUP_BTFARG */
	head->funcname = fh->symbol;
	if (!env->btf || !env->function_names || !fh->pattern->nr_items)
		return;
	fh->btf_multi.btf = env->btf;
	fh->btf_multi.env = env;
	fh->btf_multi.pat = fh->pattern;
	head->btf = &fprobe_btf_multi_ops;
	head->btf_data = &fh->btf_multi;
}

/* argv[1]: "PATTERN[%return]" or "TRACEPOINT", in 6.12's order of checks */
static int fprobe_parse_symbol(struct probe_cmd *cmd,
			       struct trace_fprobe_head *fh)
{
	const char *word = cmd->argv[1], *pct = strchr(word, '%');
	int ret;

	if (pct) {
		if (fh->is_tracepoint || strcmp(pct, "%return"))
			return probe_set_err(&cmd->err, 1,
					     TP_ERR_BAD_ADDR_SUFFIX,
					     pct - word, -EINVAL);
		fh->is_return = true;
		fh->pct_return = true;
		fh->symbol = kmemdup_nul(word, pct - word, GFP_KERNEL);
	} else {
		fh->symbol = kstrdup(word, GFP_KERNEL);
	}
	if (!fh->symbol)
		return -ENOMEM;
	if (!fh->is_tracepoint) {
		ret = fprobe_parse_pattern(cmd, fh);
		if (ret)
			return ret;
	}
	if (fh->is_return)
		return 0;
	if (fh->is_tracepoint) {
		ret = fprobe_check_tp_name(cmd, fh->symbol);
		if (ret)
			return ret;
	}
	return fprobe_scan_retval(cmd, fh);
}

/*
 * "SYM__entry", "SYM__exit" ("[MOD:]GLOB" for a pattern of one item) or
 * "TRACEPOINT" ('_' first if it starts with a digit), with ":.*" made '_'
 */
static void fprobe_generate_event_name(struct trace_fprobe_head *fh)
{
	char *event = fh->common.event;

	const struct fprobe_pattern_item *item;

	if (fh->is_tracepoint) {
		snprintf(event, MAX_EVENT_NAME_LEN, "%s%s",
			 isdigit(fh->symbol[0]) ? "_" : "", fh->symbol);
	} else if (fh->pattern->nr_items != 1 || fh->pattern->legacy) {
		snprintf(event, MAX_EVENT_NAME_LEN, "%s__%s", fh->symbol,
			 fh->is_return ? "exit" : "entry");
	} else {
		/* one item: "[MOD:]GLOB", without the suffix */
		item = &fh->pattern->items[0];
		snprintf(event, MAX_EVENT_NAME_LEN, "%s%s%s__%s",
			 item->mod ?: "", item->mod ? ":" : "", item->glob,
			 fh->is_return ? "exit" : "entry");
	}
	probe_sanitize_event_name(event);
}

/*
 * The tracepoint a "t" probe is on: its probe stub's prototype types the
 * arguments.  One that is not there may come with a module: the probe
 * then waits, and BTF looks at a function of the tracepoint's name.
 */
static int fprobe_find_tracepoint(struct probe_cmd *cmd,
				  struct trace_fprobe_head *fh)
{
	const struct trace_fprobe_env *env = cmd->env;

	fh->tpoint = env->find_tracepoint(env->data, fh->symbol, &fh->mod,
					  fh->stub, sizeof(fh->stub));
	fh->env = env;
	if (fh->tpoint) {
		fh->common.funcname = fh->stub;
		return 0;
	}
	if (!env->modules)
		return probe_set_err(&cmd->err, 1, TP_ERR_NO_TRACEPOINT, 0,
				     -EINVAL);
	fh->common.funcname = fh->symbol;
	return 0;
}

/* What the pipeline needs of the head, once it is parsed */
static int fprobe_head_finish(struct probe_cmd *cmd,
			      struct trace_fprobe_head *fh)
{
	const struct trace_fprobe_env *env = cmd->env;
	struct probe_head *head = &fh->common;

	head->flags = TPARG_FL_KERNEL | TPARG_FL_FPROBE |
		      (fh->is_return ? TPARG_FL_RETURN : TPARG_FL_FENTRY);
	head->kind = (fh->is_return ? FPROBE_KIND_RETURN : 0) |
		     (fh->is_tracepoint ? FPROBE_KIND_TRACEPOINT : 0);
	head->ptype = fh->is_return ? PROBE_PRINT_RETURN : PROBE_PRINT_NORMAL;
	head->nr_words = cmd->argc - 2;
	head->expand = true;
	if (!fh->is_tracepoint) {
		fprobe_set_btf(fh, env);
		return 0;
	}
	head->btf = env->btf;
	head->funcname = fh->symbol;
	head->flags |= TPARG_FL_TPOINT;
	return fprobe_find_tracepoint(cmd, fh);
}

/*
 * &probe_cmd_ops.parse_head of fprobes, in the order of 6.12: maxactive,
 * the place, maxactive only on an exit probe, then the event name.
 */
static int trace_fprobe_parse_head(struct probe_cmd *cmd)
{
	const char **argv = cmd->argv;
	struct trace_fprobe_head *fh;
	const char *colon;
	int ret;

	if (cmd->argc < 2 || (argv[0][0] != 'f' && argv[0][0] != 't'))
		return -ECANCELED;
	fh = kzalloc(sizeof(*fh), GFP_KERNEL);
	if (!fh)
		return -ENOMEM;
	cmd->head = &fh->common;
	fh->is_tracepoint = argv[0][0] == 't';
	strscpy(fh->common.group, fh->is_tracepoint ? TRACEPOINT_EVENT_SYSTEM :
		FPROBE_EVENT_SYSTEM, sizeof(fh->common.group));
	colon = strchr(argv[0] + 1, ':');

	ret = probe_parse_maxactive(cmd, colon, RETHOOK_MAXACTIVE_MAX,
				    &fh->maxactive);
	if (!ret)
		ret = fprobe_parse_symbol(cmd, fh);
	if (!ret && !fh->is_return && fh->maxactive)
		ret = probe_set_err(&cmd->err, 0, TP_ERR_BAD_MAXACT_TYPE, 1,
				    -EINVAL);
	if (!ret && colon)
		ret = probe_parse_event_name(colon + 1, colon + 1 - argv[0],
					     &cmd->err, fh->common.group,
					     fh->common.event);
	if (ret)
		return ret;
	fh->named = fh->common.event[0];
	if (!fh->named)
		fprobe_generate_event_name(fh);
	return fprobe_head_finish(cmd, fh);
}

static void trace_fprobe_free_head(struct probe_head *head)
{
	struct trace_fprobe_head *fh = to_trace_fprobe_head(head);

	if (fh->mod)
		fh->env->put_module(fh->env->data, fh->mod);
	kfree(fh->btf_multi.names);
	kfree(fh->pattern);
	kfree(fh->symbol);
	kfree(fh);
}

/**
 * fprobe_pattern_dup - a copy of a parsed function pattern
 * @pat: the pattern
 *
 * Return: the copy, whose items point into its own text, or NULL.
 */
struct fprobe_pattern *fprobe_pattern_dup(const struct fprobe_pattern *pat)
{
	struct fprobe_pattern *copy = kmemdup(pat, pat->size, GFP_KERNEL);
	const char *from = (const char *)pat;
	char *to = (char *)copy;
	unsigned int i;

	for (i = 0; copy && i < copy->nr_items; i++) {
		copy->items[i].glob = to + (pat->items[i].glob - from);
		if (pat->items[i].mod)
			copy->items[i].mod = to + (pat->items[i].mod - from);
	}
	return copy;
}

/* The syntax of fprobe definitions; its env is a &struct trace_fprobe_env */
const struct probe_cmd_ops trace_fprobe_cmd_ops = {
	.subsystem	= "trace_fprobe",
	.parse_head	= trace_fprobe_parse_head,
	.free_head	= trace_fprobe_free_head,
	.check_head	= fprobe_check_pattern,
};
