/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The walk behind BTF arguments, over a source of types: from a probed
 * function's prototype and "NAME[->FIELD[.FIELD...]...]" (or "$retval")
 * to the parameter, the dereferences, the bitfield and the fetch type.
 * The kernel's source is its BTF (trace_probe.c); the tests' is a table of
 * types (tests/trace_probe_fake_btf.h).  Pure: the host tests build it.
 */
#ifndef __TRACE_PROBE_BTF_H
#define __TRACE_PROBE_BTF_H

#include "trace_probe_parse.h"

/* The kinds of type the walk tells apart */
enum probe_type_kind {
	PROBE_TYPE_OTHER,	/* void, a function prototype, a float... */
	PROBE_TYPE_INT,
	PROBE_TYPE_PTR,
	PROBE_TYPE_ARRAY,
	PROBE_TYPE_STRUCT,	/* a struct or a union */
	PROBE_TYPE_ENUM,
	PROBE_TYPE_ENUM64,
};

/**
 * struct probe_type_desc - a type, its typedefs and qualifiers skipped
 * @kind: what it is
 * @ref: the type a PTR points to, or the element type of an ARRAY
 * @bits: the width of an INT
 * @offset: the bit offset of an INT's value in its storage
 * @is_signed: an INT with the signed encoding
 */
struct probe_type_desc {
	enum probe_type_kind	kind;
	u32			ref;
	u8			bits;
	u8			offset;
	bool			is_signed;
};

/**
 * struct probe_type_ops - a source of types, for the walk
 * @resolve: fill @t with type *@tid, typedefs and qualifiers skipped,
 *	and set *@tid to the type reached.  Return: 0, or -ENOENT when
 *	there is no such type.
 * @find_member: the member @name of struct or union @tid, looked for in
 *	its anonymous struct and union members too (as the kernel's
 *	btf_find_struct_member() does): add its bit offset from the start
 *	of @tid to *@bitoffs, set *@bitsize to its bitfield width (0: not a
 *	bitfield) and *@mtid to its type.  Return: 0, -ENOENT when there is
 *	no such member, or -EINVAL when @tid is no struct or union.
 * @param: the name of parameter @idx of the function (NULL: it has none)
 *	and, in *@tid, its type
 */
struct probe_type_ops {
	int		(*resolve)(const void *src, u32 *tid,
				   struct probe_type_desc *t);
	int		(*find_member)(const void *src, u32 tid,
				       const char *name, u32 *bitoffs,
				       u8 *bitsize, u32 *mtid);
	const char	*(*param)(const void *src, unsigned int idx, u32 *tid);
};

/**
 * struct probe_type_func - the prototype of a probed function
 * @ops: its source of types
 * @src: what @ops reads
 * @ret: the type it returns, 0 for void
 * @nr_params: how many parameters it has
 */
struct probe_type_func {
	const struct probe_type_ops	*ops;
	const void			*src;
	u32				ret;
	unsigned int			nr_params;
};

int probe_type_find_var(const struct probe_type_func *f, const char *text,
			struct probe_btf_var *var);
int probe_type_find_cast(const struct probe_type_func *f, u32 tid,
			 const char *field, const char *path,
			 struct probe_btf_var *var);
int probe_type_param_name(const struct probe_type_func *f, unsigned int idx,
			  char *buf, int size);

#endif /* __TRACE_PROBE_BTF_H */
