// SPDX-License-Identifier: GPL-2.0
/*
 * kpt_prof: a QEMU TCG plugin for `make bench PROFILE=1` (harness/bench.sh)
 *
 * Counts the guest instructions executed at every address and cuts the
 * counts into segments: each time the guest executes the first instruction
 * of the marker function (mark=ADDR, the kernel's __x64_sys_getpgid, which
 * kpt_bench calls around each measurement), the counts since the previous
 * marker are written to OUT<N> ("ADDR COUNT" lines, sorted by address) and
 * start again from zero.  harness/bench-profile.sh maps the addresses to
 * functions.
 *
 *   qemu-system-x86_64 ... -plugin kpt_prof.so,mark=ffffffff81234560,out=DIR/seg
 *
 * Debian ships no qemu-plugin.h, so the few calls of the plugin API used
 * here (version 1, as in QEMU 7.2) are declared below.
 *
 * Build: gcc -shared -fPIC -O2 -Wall -Werror -o kpt_prof.so kpt_prof.c
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;

typedef struct {
	const char *target_name;
	struct {
		int min;
		int cur;
	} version;
	bool system_emulation;
} qemu_info_t;

enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };

typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
					       struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index,
					    void *userdata);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
					  qemu_plugin_vcpu_udata_cb_t cb,
					  enum qemu_plugin_cb_flags flags,
					  void *userdata);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
					      enum qemu_plugin_op op,
					      void *ptr, uint64_t imm);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
						 size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
				    qemu_plugin_udata_cb_t cb, void *userdata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/*
 * One translated block: how often it started since the last segment, and
 * the address of each of its instructions.  Every start counts all of its
 * instructions, so a block left part way by an exception is over-counted;
 * the probe hit path takes no exceptions between its instructions.
 */
struct block {
	uint64_t count;
	struct block *next;
	size_t n;
	uint64_t pc[];
};

static struct block *blocks;
static uint64_t mark;
static const char *out = "seg";
static unsigned int segment;

struct sample {
	uint64_t pc;
	uint64_t count;
};

static int by_pc(const void *a, const void *b)
{
	const struct sample *x = a, *y = b;

	return x->pc < y->pc ? -1 : x->pc > y->pc;
}

/* Write the counts since the last segment to OUT<segment>, then zero them */
static void dump(void)
{
	struct sample *s;
	struct block *b;
	size_t n = 0, i, k;
	char name[4096];
	FILE *f;

	for (b = blocks; b; b = b->next)
		if (b->count)
			n += b->n;
	s = malloc((n + 1) * sizeof(*s));
	if (!s)
		abort();
	n = 0;
	for (b = blocks; b; b = b->next) {
		for (i = 0; b->count && i < b->n; i++)
			s[n++] = (struct sample){ b->pc[i], b->count };
		b->count = 0;
	}
	qsort(s, n, sizeof(*s), by_pc);
	snprintf(name, sizeof(name), "%s%u", out, segment++);
	f = fopen(name, "w");
	if (!f)
		abort();
	for (i = 0; i < n; i = k) {
		uint64_t sum = 0;

		for (k = i; k < n && s[k].pc == s[i].pc; k++)
			sum += s[k].count;
		fprintf(f, "%llx %llu\n", (unsigned long long)s[i].pc,
			(unsigned long long)sum);
	}
	fclose(f);
	free(s);
}

static void on_mark(unsigned int vcpu_index, void *userdata)
{
	dump();
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb), i;
	struct block *b = calloc(1, sizeof(*b) + n * sizeof(b->pc[0]));

	if (!b)
		abort();
	b->n = n;
	for (i = 0; i < n; i++)
		b->pc[i] = qemu_plugin_insn_vaddr(qemu_plugin_tb_get_insn(tb, i));
	b->next = blocks;
	blocks = b;
	/* the marker's segment ends before the marker's own instructions */
	if (mark && qemu_plugin_tb_vaddr(tb) == mark)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_mark,
						     QEMU_PLUGIN_CB_NO_REGS,
						     NULL);
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 &b->count, 1);
}

static void on_atexit(qemu_plugin_id_t id, void *userdata)
{
	dump();
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "mark=", 5))
			mark = strtoull(argv[i] + 5, NULL, 16);
		else if (!strncmp(argv[i], "out=", 4))
			out = argv[i] + 4;
	}
	if (!mark) {
		fprintf(stderr, "kpt_prof: mark=ADDR is required\n");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, on_atexit, NULL);
	return 0;
}
