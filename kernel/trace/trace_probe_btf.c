// SPDX-License-Identifier: GPL-2.0
/*
 * The walk behind BTF arguments (trace_probe_btf.h): the one the kernel
 * runs over its BTF, run by the host tests, KUnit and the fuzzer over
 * their table of types.
 *
 * Pure, like trace_probe_parse.c: the host tests build it too.
 */
#include "trace_probe_internal.h"
#include "trace_probe_btf.h"

static int probe_type_error(struct probe_btf_var *var, int err, int pos,
			    int ret)
{
	var->err = err;
	var->err_pos = pos;
	return ret;
}

static int probe_type_resolve(const struct probe_type_func *f, u32 *tid,
			      struct probe_type_desc *t)
{
	return f->ops->resolve(f->src, tid, t);
}

/*
 * Resolve "f[.g...]" from *@pos of @text inside the struct or union *@tid:
 * add each member's bit offset to *@bitoffs and leave *@tid at the type
 * of the last one and *@pos after it.  Return: the separator that ends
 * it (0: the end of @text, 2: "->"), or -errno with the error in @var.
 */
static int probe_type_members(const struct probe_type_func *f,
			      const char *text, int *pos,
			      struct probe_btf_var *var, u32 *tid, u32 *bitoffs)
{
	char name[MAX_ARGSTR_LEN + 1];
	struct probe_type_desc t;
	int len, sep, ret;

	do {
		sep = probe_btf_next_field(text, *pos, &len);
		if (sep < 0)
			return probe_type_error(var, TP_ERR_BAD_HYPHEN,
						*pos + len, -EINVAL);
		snprintf(name, sizeof(name), "%.*s", len, text + *pos);
		ret = f->ops->find_member(f->src, *tid, name, bitoffs,
					  &var->bitsize, tid);
		if (ret)
			return probe_type_error(var, ret == -ENOENT ?
						TP_ERR_NO_BTF_FIELD :
						TP_ERR_BAD_BTF_TID, *pos, ret);
		if (probe_type_resolve(f, tid, &t))
			return probe_type_error(var, TP_ERR_BAD_BTF_TID, *pos,
						-EINVAL);
		*pos += len + sep;
	} while (sep == 1);	/* '.' */
	return sep;
}

/*
 * Walk "f[.g...][->h...]" from @pos of @text, from a value of type *@tid
 * (@in_struct: from the struct itself, for a typecast): each "->" reads a
 * pointer (one dereference), each '.' moves inside the struct.  Errors
 * point at the field being resolved.  *@tid ends as the type of the last
 * field.
 */
static int probe_type_walk(const struct probe_type_func *f, const char *text,
			   int pos, struct probe_btf_var *var, u32 *tid,
			   bool in_struct)
{
	struct probe_type_desc t;
	u32 bitoffs;
	int sep;

	do {
		if (!in_struct &&
		    (probe_type_resolve(f, tid, &t) || t.kind != PROBE_TYPE_PTR))
			return probe_type_error(var, TP_ERR_NO_PTR_STRCT, pos,
						-EINVAL);
		if (!in_struct)
			*tid = t.ref;
		if (probe_type_resolve(f, tid, &t))
			return probe_type_error(var, TP_ERR_BAD_BTF_TID, pos,
						-EINVAL);
		in_struct = false;
		bitoffs = 0;
		sep = probe_type_members(f, text, &pos, var, tid, &bitoffs);
		if (sep < 0)
			return sep;
		if (var->nr_derefs >= PROBE_BTF_MAX_DEREFS)
			return probe_type_error(var, TP_ERR_TOO_MANY_OPS, pos,
						-E2BIG);
		var->deref[var->nr_derefs++] = bitoffs / 8;
		var->bitoffs = bitoffs % 8;
	} while (sep == 2);	/* "->" */
	return 0;
}

/* The fetch type name of a value of type @t (NULL: the default type) */
static const char *probe_type_fetch_name(const struct probe_type_desc *t)
{
	static const char * const int_names[2][4] = {
		{ "u8", "u16", "u32", "u64" },
		{ "s8", "s16", "s32", "s64" },
	};
	unsigned int i;

	switch (t->kind) {
	case PROBE_TYPE_ENUM:
		return "s32";
	case PROBE_TYPE_ENUM64:
		return "s64";
	case PROBE_TYPE_PTR:
		return sizeof(long) == 8 ? "x64" : "x32";
	case PROBE_TYPE_INT:
		for (i = 0; i < ARRAY_SIZE(int_names[0]); i++)
			if (t->bits == 8U << i)
				return int_names[t->is_signed][i];
		return "u64";
	default:
		return NULL;
	}
}

/*
 * What ":string" means for a value of type @t: a pointer to or an array
 * of 8-bit ints that are not "signed char"
 */
static u8 probe_type_str_kind(const struct probe_type_func *f,
			      const struct probe_type_desc *t)
{
	struct probe_type_desc elem;
	u32 tid = t->ref;

	if (t->kind != PROBE_TYPE_PTR && t->kind != PROBE_TYPE_ARRAY)
		return PROBE_BTF_STR_NONE;
	if (probe_type_resolve(f, &tid, &elem) || elem.kind != PROBE_TYPE_INT ||
	    elem.bits != 8 || elem.is_signed)
		return PROBE_BTF_STR_NONE;
	return t->kind == PROBE_TYPE_PTR ? PROBE_BTF_STR_PTR :
					   PROBE_BTF_STR_ARRAY;
}

/* Type name, string kind and int bitfield of the variable's type @tid */
static void probe_type_set_var(const struct probe_type_func *f, u32 tid,
			       struct probe_btf_var *var)
{
	struct probe_type_desc t;

	var->type = NULL;
	var->str = PROBE_BTF_STR_NONE;
	if (probe_type_resolve(f, &tid, &t))
		return;
	var->type = probe_type_fetch_name(&t);
	var->str = probe_type_str_kind(f, &t);
	/* an unsigned int of an odd width is a bitfield of a u64 */
	if (t.kind == PROBE_TYPE_INT && !t.is_signed && t.bits != 8 &&
	    t.bits != 16 && t.bits != 32 && t.bits != 64) {
		var->bitsize = t.bits;
		var->bitoffs += t.offset;
	}
}

/* Parameter @len bytes of @name: its index in @var and its type */
static int probe_type_find_param(const struct probe_type_func *f,
				 const char *name, int len,
				 struct probe_btf_var *var, u32 *tid)
{
	const char *pname;
	unsigned int i;

	if (!f->nr_params)
		return probe_type_error(var, TP_ERR_NO_BTF_ENTRY, 0, -ENOENT);
	for (i = 0; i < f->nr_params; i++) {
		pname = f->ops->param(f->src, i, tid);
		if (pname && strlen(pname) == len && !strncmp(pname, name, len)) {
			var->param = i;
			return 0;
		}
	}
	return probe_type_error(var, TP_ERR_NO_BTFARG, 0, -ENOENT);
}

/**
 * probe_type_find_var - resolve a BTF variable in a function's prototype
 * @f: the prototype of the probed function, or NULL when it has none
 * @text: the variable: a parameter name or "$retval", then an optional
 *	"->field" path
 * @var: the result, or the error and where it is
 *
 * What &probe_btf_ops.find_var does, once its provider has the prototype.
 *
 * Return: 0; -ENODEV for a bare "$retval" without a prototype (the raw
 * return value); or -errno with the error in @var.
 */
int probe_type_find_var(const struct probe_type_func *f, const char *text,
			struct probe_btf_var *var)
{
	const char *arrow = strstr(text, "->");
	int len = arrow ? arrow - text : strlen(text);
	u32 tid;
	int ret;

	var->is_retval = len == 7 && !strncmp(text, "$retval", 7);
	if (!f && !var->is_retval)
		return probe_type_error(var, TP_ERR_NO_BTF_ENTRY, 0, -ENOENT);
	if (!f)
		return arrow ? probe_type_error(var, TP_ERR_NO_BTF_ENTRY,
						len + 2, -ENOENT) : -ENODEV;
	if (var->is_retval) {
		tid = f->ret;
		ret = tid ? 0 : probe_type_error(var, TP_ERR_NO_RETVAL, 0,
						 -ENOENT);
	} else {
		ret = probe_type_find_param(f, text, len, var, &tid);
	}
	if (!ret && arrow)
		ret = probe_type_walk(f, text, len + 2, var, &tid, false);
	if (!ret)
		probe_type_set_var(f, tid, var);
	return ret;
}

/*
 * The byte offset in struct @tid of the member "F[.G...]" of a container_of
 * cast: errors count from the start of @field.
 */
static int probe_type_container(const struct probe_type_func *f, u32 tid,
				const char *field, struct probe_btf_var *var,
				int *offset)
{
	const char *arrow = strstr(field, "->");
	const char *last = strrchr(field, '.');
	u32 bitoffs = 0;
	int pos = 0;
	int sep;

	var->err_in = PROBE_BTF_IN_FIELD;
	if (arrow)
		return probe_type_error(var, TP_ERR_TYPECAST_BAD_ARROW,
					arrow - field, -EINVAL);
	sep = probe_type_members(f, field, &pos, var, &tid, &bitoffs);
	if (sep < 0)
		return sep;
	if (bitoffs % 8)
		return probe_type_error(var, TP_ERR_TYPECAST_NOT_ALIGNED,
					last ? last + 1 - field : 0, -EINVAL);
	*offset = bitoffs / 8;
	var->bitsize = 0;
	var->err_in = PROBE_BTF_IN_PATH;
	return 0;
}

/**
 * probe_type_find_cast - resolve the members read through a typecast
 * @f: the source of types that has struct @tid (no prototype needed), or
 *	NULL when the provider found no struct of the cast's name
 * @tid: the struct or union the value is cast to a pointer to
 * @field: "F[.G...]", the member of @tid the value points at (a
 *	container_of cast), or NULL: the value points at @tid itself
 * @path: what is read: "M[.N...][->O...]", the text after the first "->"
 * @var: the dereferences and the type of the last member; or the error,
 *	where &probe_btf_var.err_in says what its position counts from
 *
 * The first dereference reads member M of the struct the value points
 * into, so a container_of cast moves its offset back by F's.
 *
 * Return: 0, or -errno with the error in @var.
 */
int probe_type_find_cast(const struct probe_type_func *f, u32 tid,
			 const char *field, const char *path,
			 struct probe_btf_var *var)
{
	int back = 0, ret = 0;

	if (!f) {
		/* at the cast's struct name, as 7.3 reports it */
		var->err_in = PROBE_BTF_IN_NAME;
		return probe_type_error(var, TP_ERR_NO_PTR_STRCT, 0, -EINVAL);
	}
	if (field)
		ret = probe_type_container(f, tid, field, var, &back);
	if (!ret)
		ret = probe_type_walk(f, path, 0, var, &tid, true);
	if (ret)
		return ret;
	var->deref[0] -= back;
	probe_type_set_var(f, tid, var);
	return 0;
}

/**
 * probe_type_param_name - copy the name of a parameter of a prototype
 * @f: the prototype of the probed function, or NULL when it has none
 * @idx: the parameter, counted from 0
 * @buf: where to copy the name
 * @size: the room in @buf
 *
 * What &probe_btf_ops.param_name does, once its provider has the
 * prototype.
 *
 * Return: the length of the name, as snprintf() counts it; -ENOENT when
 * there is no parameter @idx or it has no name.
 */
int probe_type_param_name(const struct probe_type_func *f, unsigned int idx,
			  char *buf, int size)
{
	const char *name;
	u32 tid;

	if (!f || idx >= f->nr_params)
		return -ENOENT;
	name = f->ops->param(f->src, idx, &tid);
	return name ? snprintf(buf, size, "%s", name) : -ENOENT;
}
