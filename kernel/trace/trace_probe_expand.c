// SPDX-License-Identifier: GPL-2.0
/*
 * Word rewriting of probe-event definitions, before their arguments are
 * compiled (trace_probe_parse.c): "$arg*" and "$argN" become parameter
 * names from the BTF provider, and "X:%pd" / "X:%pD" become string fetches
 * through struct dentry and struct file.
 *
 * Pure, like trace_probe_parse.c: the host tests build it too.
 */
#include "trace_probe_internal.h"
#include "trace_probe_parse.h"

/**
 * probe_args_check_meta - check the "$arg" words before parsing arguments
 * @ctx: the probe's parse context (flags, BTF provider)
 * @argc: number of argument words
 * @argv: the argument words
 *
 * "$arg*" and "$argN" may need BTF: 6.12 checks where they may appear and
 * expands them before the arguments are parsed.  Errors point at the
 * start of a word.
 *
 * Return: 0 if the words can be parsed as they are, 1 if the BTF provider
 * must expand them first, or -errno with @ctx->err set.
 */
int probe_args_check_meta(struct probe_parse_ctx *ctx, int argc,
			  const char *argv[])
{
	int i, last = -1, star = -1;
	struct probe_parse_err *err = &ctx->err;

	for (i = 0; i < argc; i++) {
		if (strncmp(argv[i], "$arg", 4))
			continue;
		last = i;
		if (!tparg_is_function_entry(ctx->flags) &&
		    !tparg_is_function_return(ctx->flags))
			return probe_set_err(err, ctx->word_base + i,
				       TP_ERR_NOFENTRY_ARGS, 0, -EINVAL);
		if (isdigit(argv[i][4]))
			continue;
		if (argv[i][4] != '*')
			return probe_set_err(err, ctx->word_base + i, TP_ERR_BAD_VAR,
				       0, -EINVAL);
		if (star >= 0)
			return probe_set_err(err, ctx->word_base + i,
				       TP_ERR_DOUBLE_ARGS, 0, -EINVAL);
		star = i;
	}
	if (last < 0)
		return 0;
	if (ctx->btf)
		return 1;
	/* 6.12 reports it at the last "$arg" word, not at "$arg*" */
	if (star >= 0)
		return probe_set_err(err, ctx->word_base + last, TP_ERR_NOSUP_BTFARG,
			       0, -EOPNOTSUPP);
	return 0;
}

/* --- Argument expansion ------------------------------------------------ */

/*
 * Before its arguments are parsed, a command's words may be rewritten, in
 * this order (6.12's): with BTF, "$arg*" becomes one word per parameter of
 * the probed function and "$argN[:TYPE]" becomes "NAME[:TYPE]", so that
 * they get the parameter's BTF type; then "X:%pd" and "X:%pD" become string
 * fetches through struct dentry and struct file.  Errors of the "$arg"
 * expansion point at the start of the word being expanded.
 */

/* Append parameter @idx with @suffix as the next word of @exp */
static int meta_word_add(struct probe_parse_ctx *ctx, int index, int nr,
			 unsigned int idx, const char *suffix,
			 struct probe_args_exp *exp, int *used)
{
	char *word = exp->meta_buf + *used;
	int room = MAX_BTF_ARGS_LEN - *used;
	int len, suffix_len = strlen(suffix);

	if (idx >= nr)
		return probe_set_err(&ctx->err, index, TP_ERR_NO_BTFARG, 0, -ENOENT);
	len = ctx->btf->param_name(ctx, idx, word, room);
	if (len < 0)
		return probe_set_err(&ctx->err, index, TP_ERR_NO_BTF_ENTRY, 0,
			       -ENOENT);
	if (len + suffix_len >= room)
		return probe_set_err(&ctx->err, index, TP_ERR_ARGS_2LONG, 0, -E2BIG);
	memcpy(word + len, suffix, suffix_len + 1);
	exp->argv[exp->argc++] = word;
	*used += len + suffix_len + 1;
	return 0;
}

/* "$argN[:TYPE]" becomes "NAME[:TYPE]" */
static int meta_word_nth(struct probe_parse_ctx *ctx, int index, int nr,
			 const char *word, struct probe_args_exp *exp,
			 int *used)
{
	unsigned long val = 0;
	const char *suffix;
	int n;

	/*
	 * 6.12 reads N with simple_strtoul(), which wraps, into an int.
	 * Reproduce it: "$arg4294967296" is $arg0 there.
	 */
	for (suffix = word + 4; isdigit(*suffix); suffix++)
		val = val * 10 + (*suffix - '0');
	n = (int)val;
	if (*suffix != ':' && *suffix != '\0')
		return probe_set_err(&ctx->err, index, TP_ERR_BAD_VAR, 0, -ENOENT);
	if (!n)
		return probe_set_err(&ctx->err, index, TP_ERR_BAD_ARG_NUM, 0,
			       -EINVAL);
	/* a negative N makes 6.12 read outside the parameters: none found */
	return meta_word_add(ctx, index, nr, n < 0 ? UINT_MAX : n - 1, suffix,
			     exp, used);
}

/* Rewrite the "$arg" words of @argv into @exp; @nr parameters are known */
static int expand_meta_words(struct probe_parse_ctx *ctx, int argc,
			     const char *argv[], int nr, int star,
			     struct probe_args_exp *exp)
{
	int i, n, used = 0, ret = 0;

	exp->meta_argv = kcalloc(argc + (star >= 0 ? nr - 1 : 0),
				 sizeof(*exp->meta_argv), GFP_KERNEL);
	exp->meta_buf = kmalloc(MAX_BTF_ARGS_LEN, GFP_KERNEL);
	if (!exp->meta_argv || !exp->meta_buf)
		return -ENOMEM;
	exp->argv = exp->meta_argv;
	exp->argc = 0;
	for (i = 0; i < argc && !ret; i++) {
		int index = ctx->word_base + i;

		if (i == star) {
			for (n = 0; n < nr && !ret; n++)
				ret = meta_word_add(ctx, index, nr, n, "", exp,
						    &used);
		} else if (!strncmp(argv[i], "$arg", 4)) {
			ret = meta_word_nth(ctx, index, nr, argv[i], exp,
					    &used);
		} else {
			exp->argv[exp->argc++] = argv[i];
		}
	}
	return ret;
}

/* "$arg*" and "$argN" with BTF; the words are checked already */
static int expand_meta_args(struct probe_parse_ctx *ctx, int argc,
			    const char *argv[], struct probe_args_exp *exp)
{
	const struct probe_btf_ops *btf = ctx->btf;
	int i, nr, last = -1, star = -1;

	for (i = 0; i < argc; i++) {
		if (strncmp(argv[i], "$arg", 4))
			continue;
		last = i;
		if (argv[i][4] == '*')
			star = i;
	}
	nr = btf->nr_params && btf->param_name ? btf->nr_params(ctx) :
						 -ENOENT;
	if (nr >= 0)
		ctx->btf_proto = true;
	if (nr > 0)
		return expand_meta_words(ctx, argc, argv, nr, star, exp);
	/* without parameters "$argN" is left for the raw argument */
	if (star < 0)
		return 0;
	/* 6.12 reports it at the last "$arg" word */
	return probe_set_err(&ctx->err, ctx->word_base + last, TP_ERR_NOSUP_BTFARG,
		       0, -EOPNOTSUPP);
}

/* 6.12 matches the glob "*:%p[dD]" */
static bool is_dentry_word(const char *word)
{
	size_t len = strlen(word);

	return len >= 4 && !strncmp(word + len - 4, ":%p", 3) &&
	       (word[len - 1] == 'd' || word[len - 1] == 'D');
}

/*
 * "[NAME=]X:%pd" becomes "[NAME=]+0x0(+0xOFF(X)):string", reading the
 * dentry's d_name.name; "X:%pD" goes through the file's f_path.dentry
 * first.  The word is replaced in @exp->argv.
 */
static int expand_dentry_word(struct probe_args_exp *exp, int i, int *used)
{
	const char *word = exp->argv[i], *eq = strchr(word, '=');
	int name_len = eq ? eq - word + 1 : 0;
	int fetch_len = strlen(word) - 4 - name_len;
	int room = MAX_DENTRY_ARGS_LEN - *used;
	char *out = exp->dentry_buf + *used;
	int len;

	if (word[strlen(word) - 1] == 'd')
		len = snprintf(out, room, "%.*s+0x0(+0x%zx(%.*s)):string",
			       name_len, word, PROBE_DENTRY_NAME_OFFSET,
			       fetch_len, word + name_len);
	else
		len = snprintf(out, room, "%.*s+0x0(+0x%zx(+0x%zx(%.*s))):string",
			       name_len, word, PROBE_DENTRY_NAME_OFFSET,
			       PROBE_FILE_DENTRY_OFFSET, fetch_len,
			       word + name_len);
	/* 6.12 gives up with -ENOMEM and no error_log entry */
	if (len >= room)
		return -ENOMEM;
	exp->argv[i] = out;
	*used += len + 1;
	return 0;
}

static int expand_dentry_args(struct probe_args_exp *exp)
{
	int i, used = 0, ret;

	for (i = 0; i < exp->argc; i++) {
		if (!is_dentry_word(exp->argv[i]))
			continue;
		if (!exp->dentry_buf) {
			exp->dentry_buf = kmalloc(MAX_DENTRY_ARGS_LEN,
						  GFP_KERNEL);
			if (!exp->dentry_buf)
				return -ENOMEM;
		}
		ret = expand_dentry_word(exp, i, &used);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * probe_args_expand - rewrite the argument words before they are parsed
 * @ctx: the probe's parse context (flags, function name, BTF provider);
 *	errors are reported in @ctx->err
 * @argc: number of argument words
 * @argv: the argument words.  Without "$arg" expansion the ":%pd" words
 *	are replaced in this very array: 6.12 does the same, so the command
 *	that error_log shows for a later error is the rewritten one.
 * @exp: receives the words to parse; release it with
 *	probe_args_exp_free() whatever the result
 *
 * The steps of 6.12, in its order: the "$arg" checks
 * (probe_args_check_meta()), their BTF expansion, the MAX_TRACE_ARGS
 * limit, then ":%pd" and ":%pD".
 *
 * Return: 0; -ENOMEM, which is not logged; or another -errno with
 * @ctx->err set.
 */
int probe_args_expand(struct probe_parse_ctx *ctx, int argc,
		      const char *argv[], struct probe_args_exp *exp)
{
	int ret;

	memset(exp, 0, sizeof(*exp));
	exp->argc = argc;
	exp->argv = argv;
	ret = probe_args_check_meta(ctx, argc, argv);
	if (ret > 0)
		ret = expand_meta_args(ctx, argc, argv, exp);
	if (ret)
		return ret;
	ret = probe_check_nr_args(exp->argc, &ctx->err);
	if (ret)
		return ret;
	return expand_dentry_args(exp);
}

/**
 * probe_args_exp_free - release what probe_args_expand() allocated
 * @exp: the expansion; it is left empty
 */
void probe_args_exp_free(struct probe_args_exp *exp)
{
	kfree(exp->meta_argv);
	kfree(exp->meta_buf);
	kfree(exp->dentry_buf);
	memset(exp, 0, sizeof(*exp));
}
