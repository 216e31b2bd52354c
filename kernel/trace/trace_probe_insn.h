/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fetch-program instruction set of probe events, and the fetch types.
 *
 * This header is shared by the pure parser (trace_probe_parse.c), the
 * verifier/printer (trace_probe_insn.c), the executor (trace_probe_tmpl.h)
 * and the host tests.  It needs only <linux/types.h>-level types and BIT().
 */
#ifndef __TRACE_PROBE_INSN_H
#define __TRACE_PROBE_INSN_H

#include <linux/bits.h>
#include <linux/types.h>

/*
 * The limits of what a fetch program stands for: the text of one argument
 * and the elements of one array.
 */
#define MAX_ARGSTR_LEN		255
#define MAX_ARRAY_LEN		64

/*
 * Flags of the parse context, as in 6.12.
 * TPARG_FL_RETURN, TPARG_FL_FENTRY and TPARG_FL_TEVENT are mutually
 * exclusive, so are TPARG_FL_KERNEL and TPARG_FL_USER.  TPARG_FL_FPROBE and
 * TPARG_FL_TPOINT are optional and go with TPARG_FL_KERNEL.
 */
#define TPARG_FL_RETURN		BIT(0)
#define TPARG_FL_KERNEL		BIT(1)
#define TPARG_FL_FENTRY		BIT(2)
#define TPARG_FL_TEVENT		BIT(3)
#define TPARG_FL_USER		BIT(4)
#define TPARG_FL_FPROBE		BIT(5)
#define TPARG_FL_TPOINT		BIT(6)
#define TPARG_FL_LOC_MASK	GENMASK(4, 0)

static inline bool tparg_is_function_entry(unsigned int flags)
{
	return (flags & TPARG_FL_LOC_MASK) == (TPARG_FL_KERNEL | TPARG_FL_FENTRY);
}

static inline bool tparg_is_function_return(unsigned int flags)
{
	return (flags & TPARG_FL_LOC_MASK) == (TPARG_FL_KERNEL | TPARG_FL_RETURN);
}

/**
 * DOC: Fetch programs
 *
 * Every probe argument is compiled into a fetch program: a short array of
 * &struct fetch_insn without jumps, run once per probe hit.  A program is a
 * sequence of stages, in this order::
 *
 *   prog  ::= load deref* store modify? loop? END
 *   load  ::= NOP_SYMBOL IMM | REG | STACK | STACKP | RETVAL | IMM | COMM
 *           | ARG | FOFFS | DATA | EDATA | TP_ARG
 *   deref ::= DEREF | UDEREF
 *   store ::= ST_RAW | ST_MEM | ST_UMEM | ST_STRING | ST_USTRING | ST_SYMSTR
 *   modify::= MOD_BF
 *   loop  ::= LP_ARRAY
 *
 * The load stage produces a value (a register, an address, ...), each
 * deref replaces it by the word it points to, and the store writes the
 * result into the event record.  ST_MEM, ST_UMEM, ST_STRING and ST_USTRING
 * carry their own offset and read memory at value+offset themselves, so
 * the last dereference of an argument is folded into its store.  LP_ARRAY
 * runs the store (and MOD_BF) again for the next element, stepping the
 * address by the element size, up to its count.  A program has at most
 * %FETCH_INSN_MAX instructions, END included.
 *
 * A return probe that reads function arguments ($argN) also owns one entry
 * program, run by the entry handler, which saves those registers in the
 * kretprobe instance data::
 *
 *   entry ::= (ARG n ST_EDATA off)* END
 *
 * The return-time program then loads them with EDATA off.
 *
 * Worked examples (kprobe at function entry unless said otherwise), as
 * printed by fetch_prog_dump()::
 *
 *   $arg1:u32             ARG 0; ST_RAW size=4; END
 *   +0(+8(%si)):u64       REG si; DEREF +8; ST_MEM +0 size=8; END
 *   +0(%di):string        REG di; ST_STRING +0 size=4; END
 *   @jiffies              NOP_SYMBOL "jiffies"; IMM 0; ST_MEM +0 size=8; END
 *                         (IMM is patched with the symbol address when the
 *                         probe is registered)
 *   +0(%di):b4@2/32       REG di; ST_MEM +0 size=4;
 *                         MOD_BF base=4 lshift=26 rshift=28; END
 *   +0(%di):u8[4]         REG di; ST_MEM +0 size=1; LP_ARRAY 4; END
 *   $arg2 (kretprobe)     EDATA +0; ST_RAW size=8; END
 *                         entry: ARG 1; ST_EDATA +0; END
 *
 * Event record.  The fixed part of a record is the trace_entry header, the
 * probe header and then every argument at the offset computed by the
 * parser (arguments are packed, without padding).  Strings (and arrays of
 * strings) are stored as a u32 data_loc in the fixed part and their bytes
 * are appended after it::
 *
 *   +-------------+---------------------+------+------+-----+-----------+
 *   | trace_entry | ip (kprobe)         | arg0 | arg1 | ... | dyn data  |
 *   |   8 bytes   | func, ret_ip (kret) |      |      |     | (strings) |
 *   +-------------+---------------------+------+------+-----+-----------+
 *
 *   data_loc (u32):  31          16 15           0
 *                   +--------------+--------------+
 *                   |    length    |    offset    |
 *                   +--------------+--------------+
 *
 * The offset counts from the start of the record.  While a record is being
 * filled, the same word is an input (room left, where to write) and an
 * output (bytes written; 0 means the read faulted).
 */

/* fetch + deref*N + store + mod + end <= 16, this allows N=12, enough */
#define FETCH_INSN_MAX		16

/* Stage of an op, for the verifier */
enum fetch_stage {
	FETCH_STAGE_NONE,	/* NOP: never in a finished program */
	FETCH_STAGE_SYMBOL,	/* placeholder in front of its IMM */
	FETCH_STAGE_LOAD,
	FETCH_STAGE_DEREF,
	FETCH_STAGE_STORE,
	FETCH_STAGE_EDATA,	/* entry-program store */
	FETCH_STAGE_MODIFY,
	FETCH_STAGE_LOOP,
	FETCH_STAGE_END,
};

/* Which member of the fetch_insn union an op uses, for the printer */
enum fetch_operand {
	FETCH_OPND_NONE,
	FETCH_OPND_PARAM,	/* .param */
	FETCH_OPND_REG,		/* .param = offset in struct pt_regs */
	FETCH_OPND_IMM,		/* .immediate */
	FETCH_OPND_STR,		/* .data = NUL-terminated string */
	FETCH_OPND_OFFSET,	/* .offset */
	FETCH_OPND_SIZE,	/* .size */
	FETCH_OPND_MEM,		/* .offset, .size */
	FETCH_OPND_BITFIELD,	/* .basesize, .lshift, .rshift */
	FETCH_OPND_FIELD,	/* .data = event field, owned by the event */
};

/*
 * FETCH_OPS(X) - the instruction set, one line per op:
 *   X(name, stage, operand, owns_data)
 * owns_data: .data is allocated by the parser and freed with the program.
 * The order is the numbering of Linux 6.12 (uprobe/eprobe/fprobe switch on
 * these values): do not reorder, append.
 */
#define FETCH_OPS(X)							\
	X(NOP,		NONE,	NONE,		false)			\
	X(REG,		LOAD,	REG,		false)	/* %REG */	\
	X(STACK,	LOAD,	PARAM,		false)	/* $stackN */	\
	X(STACKP,	LOAD,	NONE,		false)	/* $stack */	\
	X(RETVAL,	LOAD,	NONE,		false)	/* $retval */	\
	X(IMM,		LOAD,	IMM,		false)	/* \IMM, @ADDR */ \
	X(COMM,		LOAD,	NONE,		false)	/* $comm */	\
	X(ARG,		LOAD,	PARAM,		false)	/* $argN - 1 */	\
	X(FOFFS,	LOAD,	IMM,		false)	/* @+FOFFS */	\
	X(DATA,		LOAD,	STR,		true)	/* \"str" */	\
	X(EDATA,	LOAD,	OFFSET,		false)	/* saved $argN */ \
	X(DEREF,	DEREF,	OFFSET,		false)	/* +OFFS() */	\
	X(UDEREF,	DEREF,	OFFSET,		false)	/* +uOFFS() */	\
	X(ST_RAW,	STORE,	SIZE,		false)			\
	X(ST_MEM,	STORE,	MEM,		false)			\
	X(ST_UMEM,	STORE,	MEM,		false)			\
	X(ST_STRING,	STORE,	MEM,		false)			\
	X(ST_USTRING,	STORE,	MEM,		false)			\
	X(ST_SYMSTR,	STORE,	MEM,		false)			\
	X(ST_EDATA,	EDATA,	OFFSET,		false)			\
	X(MOD_BF,	MODIFY,	BITFIELD,	false)			\
	X(LP_ARRAY,	LOOP,	PARAM,		false)	/* count */	\
	X(TP_ARG,	LOAD,	FIELD,		false)	/* eprobe field */ \
	X(END,		END,	NONE,		false)			\
	X(NOP_SYMBOL,	SYMBOL,	STR,		true)	/* @SYM[+-off] */ \
	X(CURRENT,	LOAD,	NONE,		false)	/* $current */	\
	X(CPU_PTR,	DEREF,	NONE,		false)	/* this_cpu_ptr() */

#define FETCH_OP_ENUM(name, stage, opnd, owns)	FETCH_OP_##name,
enum fetch_op {
	FETCH_OPS(FETCH_OP_ENUM)
	FETCH_OP_MAX
};

#undef FETCH_OP_ENUM

/* The 6.12 name of the symbol placeholder */
#define FETCH_NOP_SYMBOL	FETCH_OP_NOP_SYMBOL

/**
 * struct fetch_insn - one instruction of a fetch program
 * @op: the operation, &enum fetch_op
 * @param: register offset, stack index, argument index or loop count
 * @size: bytes stored by a store op
 * @offset: dereference offset, or entry-data offset for EDATA/ST_EDATA
 * @basesize: container size of a bitfield, in bytes
 * @lshift: left shift that drops the bits above a bitfield
 * @rshift: right shift that drops the bits below it
 * @immediate: constant loaded by IMM or FOFFS
 * @data: string of DATA/NOP_SYMBOL, or the event field of TP_ARG
 *
 * Lifetime: a program is one kmalloc()ed array ending in FETCH_OP_END.
 * For ops whose table entry says owns_data, @data is a separate
 * allocation owned by the program and released by fetch_prog_free().
 * TP_ARG's @data points into the attached event and is not owned.
 */
struct fetch_insn {
	enum fetch_op op;
	union {
		unsigned int param;
		struct {
			unsigned int size;
			int offset;
		};
		struct {
			unsigned char basesize;
			unsigned char lshift;
			unsigned char rshift;
		};
		unsigned long immediate;
		void *data;
	};
};

/**
 * struct fetch_op_info - static properties of a fetch op
 * @name: mnemonic used by fetch_prog_dump()
 * @stage: position in a program, checked by fetch_prog_check()
 * @operand: which member of the fetch_insn union is meaningful
 * @owns_data: .data is owned by the program (freed by fetch_prog_free())
 */
struct fetch_op_info {
	const char	*name;
	u8		stage;
	u8		operand;
	bool		owns_data;
};

extern const struct fetch_op_info fetch_op_info[FETCH_OP_MAX];

/* What a fetch type stores in the record */
enum fetch_kind {
	FETCH_KIND_RAW,		/* a fixed-size integer */
	FETCH_KIND_STRING,	/* data_loc + kernel string */
	FETCH_KIND_USTRING,	/* data_loc + user string */
	FETCH_KIND_SYMSTR,	/* data_loc + "sym+off/size" of a value */
};

/* How the kernel prints a raw value; the glue switches on this */
enum fetch_print {
	FETCH_PRINT_UNSIGNED,	/* %u / %Lu */
	FETCH_PRINT_SIGNED,	/* %d / %Ld */
	FETCH_PRINT_HEX,	/* 0x%x / 0x%Lx */
	FETCH_PRINT_CHAR,	/* '%c' */
	FETCH_PRINT_SYMBOL,	/* %pS */
	FETCH_PRINT_STRING,	/* "%s", or (fault) */
};

/**
 * struct fetch_type - a type that can follow ':' in a probe argument
 * @name: the name users write (u8, x64, string, ...)
 * @size: bytes in the fixed part of the record (4 for data_loc types)
 * @is_signed: the "signed" attribute of the field in the format file
 * @kind: raw value or one of the string flavours
 * @print: how the value is printed in the trace output
 * @fmt: printf format used in the event's print fmt
 * @fmttype: field type in the format file
 *
 * The table is constant: no function pointers, the printing glue picks its
 * routine from @kind, @print and @size.
 */
struct fetch_type {
	const char	*name;
	u8		size;
	bool		is_signed;
	u8		kind;
	u8		print;
	const char	*fmt;
	const char	*fmttype;
};

static inline bool fetch_type_is_string(const struct fetch_type *type)
{
	return type->kind != FETCH_KIND_RAW;
}

/* Same spelling as in 6.12 trace_probe.h */
#define DEFAULT_FETCH_TYPE_STR	(BITS_PER_LONG == 64 ? "x64" : "x32")

extern const struct fetch_type fetch_types[];

const struct fetch_type *fetch_type_find(const char *name, size_t len,
					 unsigned int flags);

/**
 * struct fetch_dump_cbs - output callbacks of fetch_prog_dump()
 * @print: receives each piece of text, printf style
 * @field_name: optional, returns the name of a TP_ARG event field
 * @reg_name: optional, returns the name of the register at an offset of
 *	struct pt_regs, or NULL.  The kernel has no offset-to-name lookup on
 *	every architecture (arm64 and riscv have none), so the caller names
 *	registers; one it cannot name prints as "#OFFSET".
 * @priv: passed back to the callbacks
 * @upstream: print in the format of upstream Linux 7.3's fetch-argument
 *	dump (CONFIG_PROBE_EVENTS_DUMP_FETCHARG) instead
 */
struct fetch_dump_cbs {
	void (*print)(void *priv, const char *fmt, ...) __printf(2, 3);
	const char *(*field_name)(void *priv, const void *field);
	const char *(*reg_name)(void *priv, unsigned int offset);
	void *priv;
	bool upstream;
};

int fetch_prog_check(const struct fetch_insn *prog, unsigned int len);
int fetch_entry_prog_check(const struct fetch_insn *prog, unsigned int len);
unsigned int fetch_prog_len(const struct fetch_insn *prog);
void fetch_prog_release_data(struct fetch_insn *prog, unsigned int len);
void fetch_prog_free(struct fetch_insn *prog);
void fetch_prog_dump(const struct fetch_insn *prog, unsigned int len,
		     const struct fetch_dump_cbs *cbs);

#endif /* __TRACE_PROBE_INSN_H */
