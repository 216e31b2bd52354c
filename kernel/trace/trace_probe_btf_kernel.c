// SPDX-License-Identifier: GPL-2.0
/*
 * The BTF provider of probe events (&traceprobe_btf_ops): the prototypes
 * of probed functions and a &struct probe_type_ops over the kernel's BTF,
 * for the walk of trace_probe_btf.c that the tests run over their table.
 * Built with CONFIG_PROBE_EVENTS_BTF_ARGS.
 */
#include <linux/btf.h>
#include "trace_btf.h"
#include "trace_probe_btf.h"
#include "trace_probe.h"

/**
 * struct probe_btf_func - the BTF prototype of a probed function
 * @btf: the BTF it is in (a reference, dropped by probe_btf_func_put())
 * @proto: its FUNC_PROTO type
 * @params: its parameters
 * @nr_params: their number
 */
struct probe_btf_func {
	struct btf			*btf;
	const struct btf_type		*proto;
	const struct btf_param		*params;
	s32				nr_params;
};

/*
 * The prototype of the probed function of @ctx.  A tracepoint probe is on
 * the tracepoint's probe stub, whose first parameter is the tracepoint's
 * private data, not one of its arguments: it is hidden, as in 6.12.
 */
static int probe_btf_func_get(struct probe_parse_ctx *ctx,
			      struct probe_btf_func *f)
{
	const struct btf_param *param;
	s32 nr = 0;

	memset(f, 0, sizeof(*f));
	if (!ctx->funcname)
		return -EINVAL;
	f->proto = btf_find_func_proto(ctx->funcname, &f->btf);
	if (!f->proto) {
		/* its failure after the lookup leaves the released BTF here */
		f->btf = NULL;
		return -ENOENT;
	}
	param = btf_get_func_param(f->proto, &nr);
	if (!IS_ERR_OR_NULL(param) && (ctx->flags & TPARG_FL_TPOINT)) {
		param++;
		nr--;
	}
	/* func(void) has no parameters */
	if (!IS_ERR_OR_NULL(param) && nr > 0) {
		f->params = param;
		f->nr_params = nr;
	}
	return 0;
}

static void probe_btf_func_put(struct probe_btf_func *f)
{
	if (f->btf)
		btf_put(f->btf);
	f->btf = NULL;
}

/* The encoding word that follows a BTF_KIND_INT type */
static u32 btf_type_int(const struct btf_type *t)
{
	return *(u32 *)(t + 1);
}

/* &probe_type_ops.resolve over the kernel's BTF */
static int kbtf_resolve(const void *src, u32 *tid, struct probe_type_desc *pt)
{
	const struct probe_btf_func *f = src;
	const struct btf_type *t = btf_type_skip_modifiers(f->btf, *tid, tid);
	u32 intdata;

	*pt = (struct probe_type_desc){ };
	if (!t)
		return -ENOENT;
	switch (BTF_INFO_KIND(t->info)) {
	case BTF_KIND_INT:
		intdata = btf_type_int(t);
		pt->kind = PROBE_TYPE_INT;
		pt->bits = BTF_INT_BITS(intdata);
		pt->offset = BTF_INT_OFFSET(intdata);
		pt->is_signed = BTF_INT_ENCODING(intdata) & BTF_INT_SIGNED;
		break;
	case BTF_KIND_PTR:
		pt->kind = PROBE_TYPE_PTR;
		pt->ref = t->type;
		break;
	case BTF_KIND_ARRAY:
		pt->kind = PROBE_TYPE_ARRAY;
		pt->ref = ((const struct btf_array *)(t + 1))->type;
		break;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		pt->kind = PROBE_TYPE_STRUCT;
		break;
	case BTF_KIND_ENUM:
		pt->kind = PROBE_TYPE_ENUM;
		break;
	case BTF_KIND_ENUM64:
		pt->kind = PROBE_TYPE_ENUM64;
		break;
	}
	return 0;
}

/* &probe_type_ops.find_member over the kernel's BTF */
static int kbtf_find_member(const void *src, u32 tid, const char *name,
			    u32 *bitoffs, u8 *bitsize, u32 *mtid)
{
	const struct probe_btf_func *f = src;
	const struct btf_type *container;
	const struct btf_member *member;
	u32 anon_offs = 0;

	member = btf_find_struct_member(f->btf, btf_type_by_id(f->btf, tid),
					name, &anon_offs, &container);
	if (IS_ERR(member))
		return PTR_ERR(member);
	if (!member)
		return -ENOENT;
	/* anonymous struct/union members are found through their parent */
	*bitoffs += anon_offs;
	if (btf_type_kflag(container)) {
		*bitoffs += BTF_MEMBER_BIT_OFFSET(member->offset);
		*bitsize = BTF_MEMBER_BITFIELD_SIZE(member->offset);
	} else {
		*bitoffs += member->offset;
		*bitsize = 0;
	}
	*mtid = member->type;
	return 0;
}

/* &probe_type_ops.param over the kernel's BTF */
static const char *kbtf_param(const void *src, unsigned int idx, u32 *tid)
{
	const struct probe_btf_func *f = src;

	*tid = f->params[idx].type;
	return btf_name_by_offset(f->btf, f->params[idx].name_off);
}

static const struct probe_type_ops kbtf_type_ops = {
	.resolve = kbtf_resolve,
	.find_member = kbtf_find_member,
	.param = kbtf_param,
};

/*
 * The prototype of the probed function of @ctx in @f (put it with
 * probe_btf_func_put()), and in @tf for the walk.  Return: false when
 * there is none.
 */
static bool kbtf_func_get(struct probe_parse_ctx *ctx,
			  struct probe_btf_func *f, struct probe_type_func *tf)
{
	if (probe_btf_func_get(ctx, f))
		return false;
	*tf = (struct probe_type_func){
		.ops = &kbtf_type_ops,
		.src = f,
		.ret = f->proto->type,
		.nr_params = f->nr_params,
	};
	return true;
}

/*
 * &probe_btf_ops.find_var: a parameter by name, or "$retval", and its
 * "->field" path, walked by probe_type_find_var() over the function's
 * BTF.  -ENODEV asks for the raw return value: there is no BTF for the
 * function and no field to resolve.
 */
static int probe_btf_find_var(struct probe_parse_ctx *ctx, const char *text,
			      struct probe_btf_var *var)
{
	struct probe_type_func tf;
	struct probe_btf_func f;
	int ret;

	if (!kbtf_func_get(ctx, &f, &tf))
		return probe_type_find_var(NULL, text, var);
	ret = probe_type_find_var(&tf, text, var);
	probe_btf_func_put(&f);
	return ret;
}

/*
 * &probe_btf_ops.find_cast: the struct by name in the kernel's or a
 * module's BTF, then its members, walked by probe_type_find_cast().
 */
static int probe_btf_find_cast(struct probe_parse_ctx *ctx,
			       const struct probe_btf_cast *cast,
			       struct probe_btf_var *var)
{
	struct probe_btf_func f = { };
	struct probe_type_func tf = { .ops = &kbtf_type_ops, .src = &f };
	s32 tid;
	int ret;

	tid = bpf_find_btf_id(cast->name, BTF_KIND_STRUCT, &f.btf);
	ret = probe_type_find_cast(tid > 0 ? &tf : NULL, tid, cast->field,
				   cast->path, var);
	if (tid > 0)
		btf_put(f.btf);
	return ret;
}

/* &probe_btf_ops.nr_params, for "$arg*" and "$argN" */
static int probe_btf_nr_params(struct probe_parse_ctx *ctx)
{
	struct probe_btf_func f;
	int ret;

	ret = probe_btf_func_get(ctx, &f);
	if (!ret)
		ret = f.nr_params;
	probe_btf_func_put(&f);
	return ret;
}

/* &probe_btf_ops.param_name: copied while the BTF reference is held */
static int probe_btf_param_name(struct probe_parse_ctx *ctx, unsigned int idx,
				char *buf, int size)
{
	struct probe_type_func tf;
	struct probe_btf_func f;
	int ret;

	if (!kbtf_func_get(ctx, &f, &tf))
		return -ENOENT;
	ret = probe_type_param_name(&tf, idx, buf, size);
	probe_btf_func_put(&f);
	return ret;
}

/* BTF lookups for the parser */
const struct probe_btf_ops traceprobe_btf_ops = {
	.find_var = probe_btf_find_var,
	.nr_params = probe_btf_nr_params,
	.find_cast = probe_btf_find_cast,
	.param_name = probe_btf_param_name,
};
