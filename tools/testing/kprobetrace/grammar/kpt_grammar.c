// SPDX-License-Identifier: GPL-2.0
/*
 * kpt_grammar: data for the guest tests of the probe grammar that 6.12
 * lacks (typecasts, container_of casts, this_cpu_read()/this_cpu_ptr(),
 * $current; test.d/kprobetrace/grammar_*.tc).
 *
 * Writing N to /sys/module/kpt_grammar/parameters/run fills two linked
 * objects from N and calls kpt_grammar_hit() with pointers into them, of
 * the types a typecast must restore: a pointer to a member embedded in
 * the object (container_of), the object as void *, the object as an
 * integer, and a per-CPU pointer.  Every value the tests read is a
 * function of N, of the CPU or of the task, so a test can say exactly
 * what each record must hold.
 */
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/string.h>

/**
 * struct kpt_grammar_inner - embedded in &struct kpt_grammar_outer
 * @id: N + 1
 * @value: N * 1000
 */
struct kpt_grammar_inner {
	u32 id;
	u64 value;
};

/**
 * struct kpt_grammar_outer - the object the typecasts reach
 * @tag: 0x6b707400 + N (the other object: + 0x100)
 * @inner: what kpt_grammar_hit()'s first argument points into
 * @pair: a nested anonymous-free struct, for ".MEMBER" after a cast
 * @pair.lo: N
 * @pair.hi: N + 2
 * @name: "obj-N" (the other object: "peer-N")
 * @link: the other object, untyped: a nested cast restores its type
 * @peer: the other object, typed
 */
struct kpt_grammar_outer {
	u64 tag;
	struct kpt_grammar_inner inner;
	struct {
		u16 lo;
		u16 hi;
	} pair;
	char name[16];
	void *link;
	struct kpt_grammar_outer *peer;
};

/**
 * struct kpt_grammar_pcpu - a per-CPU object
 * @hits: calls of kpt_grammar_hit() on this CPU
 * @cpu: this CPU's number
 */
struct kpt_grammar_pcpu {
	u64 hits;
	u32 cpu;
};

static DEFINE_PER_CPU(struct kpt_grammar_pcpu, kpt_grammar_pcpu);
/* a per-CPU scalar, for this_cpu_read() of a symbol without a cast */
static DEFINE_PER_CPU(unsigned long, kpt_grammar_counter);

static struct kpt_grammar_outer kpt_grammar_obj, kpt_grammar_peer;

/**
 * kpt_grammar_hit - the probed function
 * @inner: &obj.inner
 * @valuep: &obj.inner.value (container_of through a nested member)
 * @opaque: &obj, as void *
 * @addr: &obj, as an integer
 * @pcp: the per-CPU object, as a per-CPU pointer
 *
 * Return: the number of hits on this CPU, so that the call is not elided.
 */
noinline u64 kpt_grammar_hit(struct kpt_grammar_inner *inner, u64 *valuep,
			     void *opaque, unsigned long addr,
			     struct kpt_grammar_pcpu __percpu *pcp)
{
	struct kpt_grammar_pcpu *p = this_cpu_ptr(pcp);

	/* keep every argument live, in the registers the ABI gives them */
	barrier_data(inner);
	barrier_data(valuep);
	barrier_data(opaque);
	barrier_data((void *)addr);
	return p->hits;
}

static void kpt_grammar_fill(struct kpt_grammar_outer *o, u32 n, u32 shift,
			     const char *prefix, struct kpt_grammar_outer *other)
{
	o->tag = 0x6b707400 + n + shift;
	o->inner.id = n + 1;
	o->inner.value = (u64)n * 1000;
	o->pair.lo = n;
	o->pair.hi = n + 2;
	snprintf(o->name, sizeof(o->name), "%s-%u", prefix, n);
	o->link = other;
	o->peer = other;
}

static int kpt_grammar_run(const char *val, const struct kernel_param *kp)
{
	struct kpt_grammar_pcpu *p;
	u32 n;
	int ret;

	ret = kstrtou32(val, 0, &n);
	if (ret)
		return ret;
	kpt_grammar_fill(&kpt_grammar_obj, n, 0, "obj", &kpt_grammar_peer);
	kpt_grammar_fill(&kpt_grammar_peer, n, 0x100, "peer", &kpt_grammar_obj);

	/* the CPU must not change between the update and the hit */
	preempt_disable();
	p = this_cpu_ptr(&kpt_grammar_pcpu);
	p->hits++;
	p->cpu = smp_processor_id();
	this_cpu_write(kpt_grammar_counter, n * 3);
	kpt_grammar_hit(&kpt_grammar_obj.inner, &kpt_grammar_obj.inner.value,
			&kpt_grammar_obj, (unsigned long)&kpt_grammar_obj,
			&kpt_grammar_pcpu);
	preempt_enable();
	return 0;
}

static const struct kernel_param_ops kpt_grammar_run_ops = {
	.set = kpt_grammar_run,
};
module_param_cb(run, &kpt_grammar_run_ops, NULL, 0200);
MODULE_PARM_DESC(run, "fill the objects from N and call kpt_grammar_hit()");

MODULE_DESCRIPTION("kprobetrace: data for the probe grammar tests");
MODULE_LICENSE("GPL");
