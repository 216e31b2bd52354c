// SPDX-License-Identifier: GPL-2.0
/*
 * Fetch-program instruction set: the op and type tables, the verifier,
 * the destructor and the printer.
 *
 * Pure, like trace_probe_parse.c: only trace_probe_internal.h is included,
 * so the host tests build this file unchanged.  It sits below the argument
 * compiler, which includes its header, and knows nothing of it.
 */
#include "trace_probe_internal.h"
#include "trace_probe_insn.h"

#define FETCH_OP_INFO(_name, _stage, _opnd, _owns)			\
	[FETCH_OP_##_name] = {						\
		.name = #_name,						\
		.stage = FETCH_STAGE_##_stage,				\
		.operand = FETCH_OPND_##_opnd,				\
		.owns_data = _owns,					\
	},

const struct fetch_op_info fetch_op_info[FETCH_OP_MAX] = {
	FETCH_OPS(FETCH_OP_INFO)
};

#undef FETCH_OP_INFO

/*
 * Print formats are what the event's print fmt shows to user space (perf,
 * trace-cmd parse them): keep the 6.12 text, including %Lu/%Ld.
 */
#define FETCH_RAW(_name, _size, _sign, _print, _fmt, _fmttype)	\
	{ .name = _name, .size = _size, .is_signed = _sign,		\
	  .kind = FETCH_KIND_RAW, .print = FETCH_PRINT_##_print,	\
	  .fmt = _fmt, .fmttype = _fmttype }

#define FETCH_STR(_name, _kind)						\
	{ .name = _name, .size = sizeof(u32), .is_signed = true,	\
	  .kind = FETCH_KIND_##_kind, .print = FETCH_PRINT_STRING,	\
	  .fmt = "\\\"%s\\\"", .fmttype = "__data_loc char[]" }

/* Terminated by an entry with a NULL name */
const struct fetch_type fetch_types[] = {
	FETCH_STR("string", STRING),
	FETCH_STR("ustring", USTRING),
	FETCH_STR("symstr", SYMSTR),
	FETCH_RAW("u8", 1, false, UNSIGNED, "%u", "u8"),
	FETCH_RAW("u16", 2, false, UNSIGNED, "%u", "u16"),
	FETCH_RAW("u32", 4, false, UNSIGNED, "%u", "u32"),
	FETCH_RAW("u64", 8, false, UNSIGNED, "%Lu", "u64"),
	FETCH_RAW("s8", 1, true, SIGNED, "%d", "s8"),
	FETCH_RAW("s16", 2, true, SIGNED, "%d", "s16"),
	FETCH_RAW("s32", 4, true, SIGNED, "%d", "s32"),
	FETCH_RAW("s64", 8, true, SIGNED, "%Ld", "s64"),
	FETCH_RAW("x8", 1, false, HEX, "0x%x", "u8"),
	FETCH_RAW("x16", 2, false, HEX, "0x%x", "u16"),
	FETCH_RAW("x32", 4, false, HEX, "0x%x", "u32"),
	FETCH_RAW("x64", 8, false, HEX, "0x%Lx", "u64"),
	FETCH_RAW("char", 1, false, CHAR, "'%c'", "u8"),
	FETCH_RAW("symbol", sizeof(unsigned long), false, SYMBOL, "%pS",
		  BITS_PER_LONG == 64 ? "u64" : "u32"),
	{}
};

static const struct fetch_type *fetch_type_by_name(const char *name,
						   size_t len)
{
	const struct fetch_type *type;

	for (type = fetch_types; type->name; type++)
		if (strlen(type->name) == len && !memcmp(type->name, name, len))
			return type;
	return NULL;
}

/* "b<W>@<O>/<C>": the container C selects u8..u64 */
static const struct fetch_type *fetch_type_bitfield(const char *name,
						    size_t len)
{
	const char *slash = memchr(name, '/', len);
	char buf[24];
	unsigned long bits;
	size_t n;

	if (!slash)
		return NULL;
	n = len - (slash + 1 - name);
	if (n >= sizeof(buf))
		return NULL;
	memcpy(buf, slash + 1, n);
	buf[n] = '\0';
	if (kstrtoul(buf, 0, &bits))
		return NULL;
	switch (bits) {
	case 8:
		return fetch_type_by_name("u8", 2);
	case 16:
		return fetch_type_by_name("u16", 3);
	case 32:
		return fetch_type_by_name("u32", 3);
	case 64:
		return fetch_type_by_name("u64", 3);
	}
	return NULL;
}

/**
 * fetch_type_find - look a fetch type up by name
 * @name: the type name (not necessarily NUL-terminated), NULL for default
 * @len: length of @name
 * @flags: TPARG_FL_* of the probe (uprobes have no symbol types)
 *
 * Any name starting with 'b' is a bitfield and resolves to its container.
 *
 * Return: the type, or NULL if unknown.
 */
const struct fetch_type *fetch_type_find(const char *name, size_t len,
					 unsigned int flags)
{
	if (!name) {
		name = DEFAULT_FETCH_TYPE_STR;
		len = strlen(name);
	}
	if ((flags & TPARG_FL_USER) &&
	    ((len == 6 && !memcmp(name, "symbol", 6)) ||
	     (len == 6 && !memcmp(name, "symstr", 6))))
		return NULL;
	if (len && name[0] == 'b')
		return fetch_type_bitfield(name, len);
	return fetch_type_by_name(name, len);
}

/**
 * fetch_prog_len - number of instructions of a program, END included
 * @prog: the program
 *
 * Return: the length, at most %FETCH_INSN_MAX.
 */
unsigned int fetch_prog_len(const struct fetch_insn *prog)
{
	unsigned int i;

	for (i = 0; i < FETCH_INSN_MAX - 1; i++)
		if (prog[i].op == FETCH_OP_END)
			break;
	return i + 1;
}

/**
 * fetch_prog_release_data - free the data owned by some instructions
 * @prog: the instructions
 * @len: how many to look at
 *
 * Ownership is a property of the op (the owns_data column of FETCH_OPS).
 */
void fetch_prog_release_data(struct fetch_insn *prog, unsigned int len)
{
	unsigned int i;

	for (i = 0; i < len; i++) {
		if (prog[i].op < FETCH_OP_MAX &&
		    fetch_op_info[prog[i].op].owns_data) {
			kfree(prog[i].data);
			prog[i].data = NULL;
		}
	}
}

/**
 * fetch_prog_free - free a program and the data it owns
 * @prog: a kmalloc()ed program ending in FETCH_OP_END, or NULL
 */
void fetch_prog_free(struct fetch_insn *prog)
{
	if (!prog)
		return;
	fetch_prog_release_data(prog, fetch_prog_len(prog));
	kfree(prog);
}

static u8 op_stage(const struct fetch_insn *insn)
{
	return insn->op < FETCH_OP_MAX ? fetch_op_info[insn->op].stage :
					 FETCH_STAGE_NONE;
}

static bool size_ok(unsigned int size)
{
	return size == 1 || size == 2 || size == 4 || size == 8;
}

static bool check_load(const struct fetch_insn *insn)
{
	switch (insn->op) {
	case FETCH_OP_DATA:
	case FETCH_OP_TP_ARG:
		return insn->data;
	default:
		return true;
	}
}

static bool check_store(const struct fetch_insn *insn)
{
	switch (insn->op) {
	case FETCH_OP_ST_RAW:
	case FETCH_OP_ST_MEM:
	case FETCH_OP_ST_UMEM:
		return size_ok(insn->size);
	default:	/* the string stores write a data_loc */
		return insn->size == sizeof(u32);
	}
}

static bool check_bitfield(const struct fetch_insn *insn,
			   const struct fetch_insn *store)
{
	unsigned int bits = insn->basesize * BITS_PER_BYTE;

	return size_ok(insn->basesize) && insn->basesize == store->size &&
	       (store->op == FETCH_OP_ST_RAW || store->op == FETCH_OP_ST_MEM ||
		store->op == FETCH_OP_ST_UMEM) &&
	       insn->lshift <= insn->rshift && insn->rshift < bits;
}

static bool check_loop(const struct fetch_insn *insn,
		       const struct fetch_insn *store)
{
	return insn->param >= 1 && insn->param <= MAX_ARRAY_LEN &&
	       (store->op == FETCH_OP_ST_MEM ||
		store->op == FETCH_OP_ST_STRING ||
		store->op == FETCH_OP_ST_USTRING);
}

/**
 * fetch_prog_check - verify a compiled fetch program
 * @prog: the program
 * @len: instructions readable at @prog
 *
 * Accepts only the stage grammar of the DOC block in trace_probe_insn.h,
 * with operands in range: store sizes of 1, 2, 4 or 8 bytes (4 for the
 * data_loc of strings), bitfield shifts inside their container, array
 * counts of 1..MAX_ARRAY_LEN, at most %FETCH_INSN_MAX instructions.
 *
 * Return: 0 if the program is well formed, -EINVAL otherwise.
 */
int fetch_prog_check(const struct fetch_insn *prog, unsigned int len)
{
	const struct fetch_insn *store;
	unsigned int i = 0;

	len = min_t(unsigned int, len, FETCH_INSN_MAX);
	if (len && prog[0].op == FETCH_OP_NOP_SYMBOL) {
		if (!prog[0].data || len < 2 || prog[1].op != FETCH_OP_IMM)
			return -EINVAL;
		i = 1;
	}
	if (i >= len || op_stage(&prog[i]) != FETCH_STAGE_LOAD ||
	    !check_load(&prog[i]))
		return -EINVAL;
	for (i++; i < len && op_stage(&prog[i]) == FETCH_STAGE_DEREF; i++)
		;
	if (i >= len || op_stage(&prog[i]) != FETCH_STAGE_STORE ||
	    !check_store(&prog[i]))
		return -EINVAL;
	store = &prog[i++];
	if (i < len && prog[i].op == FETCH_OP_MOD_BF &&
	    check_bitfield(&prog[i], store))
		i++;
	if (i < len && prog[i].op == FETCH_OP_LP_ARRAY &&
	    check_loop(&prog[i], store))
		i++;
	return i < len && prog[i].op == FETCH_OP_END ? 0 : -EINVAL;
}

/**
 * fetch_entry_prog_check - verify the entry program of a return probe
 * @prog: the program
 * @len: instructions readable at @prog
 *
 * Accepts (ARG n; ST_EDATA off)* END where the k-th pair stores at
 * k * sizeof(unsigned long).
 *
 * Return: 0 if the program is well formed, -EINVAL otherwise.
 */
int fetch_entry_prog_check(const struct fetch_insn *prog, unsigned int len)
{
	unsigned int i;

	for (i = 0; i + 1 < len && prog[i].op == FETCH_OP_ARG; i += 2) {
		if (prog[i + 1].op != FETCH_OP_ST_EDATA ||
		    prog[i + 1].offset != i / 2 * sizeof(unsigned long))
			return -EINVAL;
	}
	return i < len && prog[i].op == FETCH_OP_END ? 0 : -EINVAL;
}

/* A string operand, quoted; '"', '\' and non-printables are escaped */
static void dump_string(const char *str, const struct fetch_dump_cbs *cbs)
{
	cbs->print(cbs->priv, " \"");
	for (; *str; str++) {
		if (*str == '"' || *str == '\\')
			cbs->print(cbs->priv, "\\%c", *str);
		else if (isprint(*str))
			cbs->print(cbs->priv, "%c", *str);
		else
			cbs->print(cbs->priv, "\\x%02x", (unsigned char)*str);
	}
	cbs->print(cbs->priv, "\"");
}

static void dump_operand(const struct fetch_insn *insn,
			 const struct fetch_dump_cbs *cbs)
{
	const char *name;

	switch (fetch_op_info[insn->op].operand) {
	case FETCH_OPND_PARAM:
		cbs->print(cbs->priv, " %u", insn->param);
		break;
	case FETCH_OPND_REG:
		name = cbs->reg_name ? cbs->reg_name(cbs->priv, insn->param) : NULL;
		if (name)
			cbs->print(cbs->priv, " %s", name);
		else
			cbs->print(cbs->priv, " #%u", insn->param);
		break;
	case FETCH_OPND_IMM:
		/* the kernel's %#lx prints 0 as "0x0", the C library's as "0" */
		if (insn->immediate)
			cbs->print(cbs->priv, " %#lx", insn->immediate);
		else
			cbs->print(cbs->priv, " 0");
		break;
	case FETCH_OPND_STR:
		if (insn->data)
			dump_string(insn->data, cbs);
		break;
	case FETCH_OPND_OFFSET:
		cbs->print(cbs->priv, " %+d", insn->offset);
		break;
	case FETCH_OPND_SIZE:
		cbs->print(cbs->priv, " size=%u", insn->size);
		break;
	case FETCH_OPND_MEM:
		cbs->print(cbs->priv, " %+d size=%u", insn->offset, insn->size);
		break;
	case FETCH_OPND_BITFIELD:
		cbs->print(cbs->priv, " base=%u lshift=%u rshift=%u",
			   insn->basesize, insn->lshift, insn->rshift);
		break;
	case FETCH_OPND_FIELD:
		name = cbs->field_name ? cbs->field_name(cbs->priv, insn->data) :
					 NULL;
		cbs->print(cbs->priv, " %s", name ?: "?");
		break;
	}
}

/*
 * The operands as upstream 7.3 prints them: numbers, never names (a
 * register is its offset in struct pt_regs), strings unquoted.
 */
static void dump_operand_upstream(const struct fetch_insn *insn,
				  const struct fetch_dump_cbs *cbs)
{
	const char *name;

	switch (fetch_op_info[insn->op].operand) {
	case FETCH_OPND_PARAM:
	case FETCH_OPND_REG:
		cbs->print(cbs->priv, "(%u)", insn->param);
		break;
	case FETCH_OPND_IMM:
		cbs->print(cbs->priv, "(0x%lx)", insn->immediate);
		break;
	case FETCH_OPND_STR:
		cbs->print(cbs->priv, "(%s)",
			   insn->data ? (const char *)insn->data : "");
		break;
	case FETCH_OPND_OFFSET:
		cbs->print(cbs->priv, "(offset=%d)", insn->offset);
		break;
	case FETCH_OPND_SIZE:
		cbs->print(cbs->priv, "(size=%u)", insn->size);
		break;
	case FETCH_OPND_MEM:
		cbs->print(cbs->priv, "(offset=%d,size=%u)", insn->offset,
			   insn->size);
		break;
	case FETCH_OPND_BITFIELD:
		cbs->print(cbs->priv, "(basesize=%u,lshift=%u,rshift=%u)",
			   insn->basesize, insn->lshift, insn->rshift);
		break;
	case FETCH_OPND_FIELD:
		name = cbs->field_name ? cbs->field_name(cbs->priv, insn->data) :
					 NULL;
		cbs->print(cbs->priv, "(%s)", name ?: "?");
		break;
	}
}

/* 7.3 renamed the immediate string's op, DATA of 6.12, to IMMSTR */
static const char *dump_op_name(enum fetch_op op, bool upstream)
{
	if (upstream && op == FETCH_OP_DATA)
		return "IMMSTR";
	return fetch_op_info[op].name;
}

/**
 * fetch_prog_dump - print a program, one "OP operands" per instruction
 * @prog: the program
 * @len: instructions readable at @prog
 * @cbs: output callbacks, and the format
 *
 * Instructions are separated by "; ", e.g.
 * "REG di; DEREF +8; ST_MEM +0 size=8; END"; in 7.3's format
 * (&fetch_dump_cbs.upstream) by " -> ", e.g.
 * "REG(112) -> DEREF(offset=8) -> ST_MEM(offset=0,size=8) -> END".
 * Printing stops after END, after @len instructions or at an unknown op
 * ("?<number>", 7.3: "unknown(<number>)").
 */
void fetch_prog_dump(const struct fetch_insn *prog, unsigned int len,
		     const struct fetch_dump_cbs *cbs)
{
	bool up = cbs->upstream;
	unsigned int i;

	for (i = 0; i < len; i++) {
		if (i)
			cbs->print(cbs->priv, up ? " -> " : "; ");
		if (prog[i].op >= FETCH_OP_MAX) {
			cbs->print(cbs->priv, up ? "unknown(%d)" : "?%d",
				   prog[i].op);
			return;
		}
		cbs->print(cbs->priv, "%s", dump_op_name(prog[i].op, up));
		if (up)
			dump_operand_upstream(&prog[i], cbs);
		else
			dump_operand(&prog[i], cbs);
		if (prog[i].op == FETCH_OP_END)
			return;
	}
}
