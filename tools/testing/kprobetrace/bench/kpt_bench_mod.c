// SPDX-License-Identifier: GPL-2.0
/*
 * kpt_bench: the kernel side of `make bench` (harness/bench.sh).
 *
 * It gives the benchmark four things:
 *  - kpt_bench_target(), the probed function.  Its arguments point at a
 *    kernel object (a pointer chain, a bitfield word, a byte array), at a
 *    kernel string, at a user string, at the calling task and at this
 *    CPU's instance of a per-CPU counter, so every fetch argument of the
 *    matrix reads real data.  /dev/kpt_bench's KPT_BENCH_IOC_RUN calls it
 *    a given number of times: a measurement is one system call, and the
 *    cost of the call itself cancels against the unprobed baseline.
 *  - The trace event kpt_bench/kpt_bench_hit, which KPT_BENCH_IOC_EVENT
 *    fires a given number of times: what the eprobe row attaches to.
 *  - The floor: KPT_BENCH_IOC_FLOOR arms a bare kprobe, kretprobe, fprobe,
 *    uprobe or tracepoint probe with an empty handler, the least any
 *    probe event on the same spot costs.
 *  - kpt_bench_fn000() ... kpt_bench_fn999(), distinct functions that are
 *    never called, for the control-plane rows (1000 events).  They are
 *    generated at build time by gen_fns.sh (see Kbuild).
 */
#include <linux/build_bug.h>
#include <linux/fprobe.h>
#include <linux/fs.h>
#include <linux/kprobes.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/namei.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/uprobes.h>

#include "kpt_bench.h"

#define CREATE_TRACE_POINTS
#include "kpt_bench_trace.h"

/**
 * struct kpt_bench_obj - what the probed function's first argument points at
 * @next: another object (the dereference row reads +8(+0(%di)), the cast
 *	row the same through the struct's BTF)
 * @value: read through @next
 * @flags: the word the bitfield row cuts bits from
 * @bytes: the array row's u8[16]
 * @name: the kernel string, passed as the second argument
 */
struct kpt_bench_obj {
	struct kpt_bench_obj *next;
	u64 value;
	u32 flags;
	u8 bytes[16];
	char name[16];
};

static_assert(offsetof(struct kpt_bench_obj, next) == KPT_BENCH_OFF_NEXT);
static_assert(offsetof(struct kpt_bench_obj, value) == KPT_BENCH_OFF_VALUE);
static_assert(offsetof(struct kpt_bench_obj, flags) == KPT_BENCH_OFF_FLAGS);
static_assert(offsetof(struct kpt_bench_obj, bytes) == KPT_BENCH_OFF_BYTES);
static_assert(sizeof(KPT_BENCH_KSTR) == 16);

static struct kpt_bench_obj kpt_bench_obj2 = {
	.value = 0x1234,
	.flags = 0xa5a5a5a5,
	.name = KPT_BENCH_KSTR,
};

static struct kpt_bench_obj kpt_bench_obj = {
	.next = &kpt_bench_obj2,
	.value = 42,
	.flags = 0x5a5a5a5a,
	.bytes = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
	.name = KPT_BENCH_KSTR,
};

static unsigned long kpt_bench_sink;

/*
 * Calls of kpt_bench_target() on each CPU: what the percpu row reads.
 * Ours reads it as this_cpu_read(@kpt_bench_pcpu); stock, which has no
 * per-CPU fetch, through the pointer to this CPU's instance that
 * kpt_bench_target() gets as its sixth argument.
 */
static DEFINE_PER_CPU(u64, kpt_bench_pcpu);

/*
 * offsetof(struct task_struct, pid), which depends on the kernel's config:
 * stock has no $current, so its row of the comparison reads the pid
 * through the task kpt_bench_target() gets, and the guest driver builds
 * that row's +OFFS from this.  Set at load, whatever insmod was given, so
 * that the parameter can only tell the truth.
 */
static unsigned int task_pid_offset;
module_param(task_pid_offset, uint, 0444);
MODULE_PARM_DESC(task_pid_offset, "offsetof(struct task_struct, pid), read only");

/*
 * The probed function.  Not inlined and not cloned, so that its name in
 * kallsyms is the code the loop below calls, and so that every argument
 * stays in the register the calling convention gives it: the rows name
 * the first six as registers.  The body is straight-line arithmetic on
 * its arguments: the instructions after the __fentry__ call have no jump
 * targets among them, which a jump-optimized probe needs.
 */
static noinline __noclone unsigned long
kpt_bench_target(struct kpt_bench_obj *obj, const char *kstr,
		 const char __user *ustr, unsigned long seq,
		 struct task_struct *task, u64 *pcpu)
{
	unsigned long v = obj->value * 3 + seq;

	v ^= (unsigned long)kstr[0] << 8;
	v += (unsigned long)ustr >> 4;
	v ^= obj->flags;
	obj->next->value += v & 1;
	/* only the stock current row reads @task: make sure it is passed */
	barrier_data(task);
	(*pcpu)++;
	return v;
}

static long kpt_bench_run(const void __user *uarg)
{
	struct kpt_bench_run run;
	const char __user *ustr;
	u64 i;

	if (copy_from_user(&run, uarg, sizeof(run)))
		return -EFAULT;
	ustr = u64_to_user_ptr(run.ustr);
	/*
	 * raw_cpu_ptr(): the loop stays preemptible, as it was before the
	 * per-CPU argument, so that every row's probe still hits in the same
	 * context.  If the task moved between it and the call, stock's percpu
	 * row would read another CPU's counter than ours' this_cpu_read() at
	 * the same cost; the benchmark's guest has one CPU.
	 */
	for (i = 0; i < run.count; i++)
		kpt_bench_sink += kpt_bench_target(&kpt_bench_obj,
						   kpt_bench_obj.name, ustr, i,
						   current,
						   raw_cpu_ptr(&kpt_bench_pcpu));
	return 0;
}

static long kpt_bench_event(const void __user *uarg)
{
	struct kpt_bench_run run;
	u64 i;

	if (copy_from_user(&run, uarg, sizeof(run)))
		return -EFAULT;
	for (i = 0; i < run.count; i++)
		trace_kpt_bench_hit(&kpt_bench_obj, i);
	return 0;
}

/* The floor: one bare probe at a time, armed under kpt_bench_lock */
static DEFINE_MUTEX(kpt_bench_lock);
static char kpt_bench_floor_sym[64];
static struct kprobe kpt_bench_kp;
static struct kretprobe kpt_bench_rp;
static struct fprobe kpt_bench_fp;
static struct uprobe_consumer kpt_bench_uc;
static struct uprobe *kpt_bench_uprobe;
/* The probed file, held while the uprobe is on it (as uprobe events do) */
static struct path kpt_bench_upath;
static unsigned int kpt_bench_floor_kind;

static int kpt_bench_empty_pre(struct kprobe *kp, struct pt_regs *regs)
{
	return 0;
}

static int kpt_bench_empty_ret(struct kretprobe_instance *ri,
			       struct pt_regs *regs)
{
	return 0;
}

static int kpt_bench_empty_fentry(struct fprobe *fp, unsigned long entry_ip,
				  unsigned long ret_ip, struct pt_regs *regs,
				  void *entry_data)
{
	return 0;
}

static int kpt_bench_empty_uprobe(struct uprobe_consumer *uc,
				  struct pt_regs *regs)
{
	return 0;
}

static void kpt_bench_empty_tp(void *data, const void *obj,
			       unsigned long seq)
{
}

static int kpt_bench_uprobe_floor(const struct kpt_bench_floor *f)
{
	struct uprobe *uprobe;
	int ret;

	ret = kern_path(f->symbol, LOOKUP_FOLLOW, &kpt_bench_upath);
	if (ret)
		return ret;
	memset(&kpt_bench_uc, 0, sizeof(kpt_bench_uc));
	kpt_bench_uc.handler = kpt_bench_empty_uprobe;
	uprobe = uprobe_register(d_real_inode(kpt_bench_upath.dentry),
				 f->offset, 0, &kpt_bench_uc);
	if (IS_ERR(uprobe)) {
		path_put(&kpt_bench_upath);
		return PTR_ERR(uprobe);
	}
	kpt_bench_uprobe = uprobe;
	return 0;
}

static void kpt_bench_unfloor_locked(void)
{
	switch (kpt_bench_floor_kind) {
	case KPT_BENCH_FLOOR_KPROBE:
		unregister_kprobe(&kpt_bench_kp);
		break;
	case KPT_BENCH_FLOOR_KRETPROBE:
		unregister_kretprobe(&kpt_bench_rp);
		break;
	case KPT_BENCH_FLOOR_FPROBE:
		unregister_fprobe(&kpt_bench_fp);
		break;
	case KPT_BENCH_FLOOR_UPROBE:
		uprobe_unregister_nosync(kpt_bench_uprobe, &kpt_bench_uc);
		uprobe_unregister_sync();
		path_put(&kpt_bench_upath);
		break;
	case KPT_BENCH_FLOOR_TRACEPOINT:
		unregister_trace_kpt_bench_hit(kpt_bench_empty_tp, NULL);
		tracepoint_synchronize_unregister();
		break;
	}
	kpt_bench_floor_kind = 0;
}

static int kpt_bench_floor_locked(const struct kpt_bench_floor *f)
{
	int ret;

	kpt_bench_unfloor_locked();
	strscpy(kpt_bench_floor_sym, f->symbol);
	switch (f->kind) {
	case KPT_BENCH_FLOOR_KPROBE:
		memset(&kpt_bench_kp, 0, sizeof(kpt_bench_kp));
		kpt_bench_kp.symbol_name = kpt_bench_floor_sym;
		kpt_bench_kp.offset = f->offset;
		kpt_bench_kp.pre_handler = kpt_bench_empty_pre;
		ret = register_kprobe(&kpt_bench_kp);
		break;
	case KPT_BENCH_FLOOR_KRETPROBE:
		memset(&kpt_bench_rp, 0, sizeof(kpt_bench_rp));
		kpt_bench_rp.kp.symbol_name = kpt_bench_floor_sym;
		kpt_bench_rp.handler = kpt_bench_empty_ret;
		ret = register_kretprobe(&kpt_bench_rp);
		break;
	case KPT_BENCH_FLOOR_FPROBE:
		memset(&kpt_bench_fp, 0, sizeof(kpt_bench_fp));
		kpt_bench_fp.entry_handler = kpt_bench_empty_fentry;
		ret = register_fprobe(&kpt_bench_fp, kpt_bench_floor_sym, NULL);
		break;
	case KPT_BENCH_FLOOR_UPROBE:
		ret = kpt_bench_uprobe_floor(f);
		break;
	case KPT_BENCH_FLOOR_TRACEPOINT:
		ret = register_trace_kpt_bench_hit(kpt_bench_empty_tp, NULL);
		break;
	default:
		return -EINVAL;
	}
	if (!ret)
		kpt_bench_floor_kind = f->kind;
	return ret;
}

static long kpt_bench_floor(const void __user *uarg)
{
	struct kpt_bench_floor f;
	int ret;

	if (copy_from_user(&f, uarg, sizeof(f)))
		return -EFAULT;
	f.symbol[sizeof(f.symbol) - 1] = '\0';
	mutex_lock(&kpt_bench_lock);
	ret = kpt_bench_floor_locked(&f);
	mutex_unlock(&kpt_bench_lock);
	return ret;
}

/* What the probed function's code holds at an offset: a trap, jmp, call */
static long kpt_bench_peek(void __user *uarg)
{
	struct kpt_bench_peek peek;

	if (copy_from_user(&peek, uarg, sizeof(peek)))
		return -EFAULT;
	if (peek.offset > 256 - sizeof(peek.code))
		return -EINVAL;
	if (copy_from_kernel_nofault(peek.code,
				     (u8 *)kpt_bench_target + peek.offset,
				     sizeof(peek.code)))
		return -EFAULT;
	return copy_to_user(uarg, &peek, sizeof(peek)) ? -EFAULT : 0;
}

static long kpt_bench_ioctl(struct file *file, unsigned int cmd,
			    unsigned long arg)
{
	void __user *uarg = (void __user *)arg;

	switch (cmd) {
	case KPT_BENCH_IOC_RUN:
		return kpt_bench_run(uarg);
	case KPT_BENCH_IOC_FLOOR:
		return kpt_bench_floor(uarg);
	case KPT_BENCH_IOC_UNFLOOR:
		mutex_lock(&kpt_bench_lock);
		kpt_bench_unfloor_locked();
		mutex_unlock(&kpt_bench_lock);
		return 0;
	case KPT_BENCH_IOC_PEEK:
		return kpt_bench_peek(uarg);
	case KPT_BENCH_IOC_EVENT:
		return kpt_bench_event(uarg);
	default:
		return -ENOTTY;
	}
}

static const struct file_operations kpt_bench_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = kpt_bench_ioctl,
};

static struct miscdevice kpt_bench_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "kpt_bench",
	.fops = &kpt_bench_fops,
};

static int __init kpt_bench_init(void)
{
	task_pid_offset = offsetof(struct task_struct, pid);
	return misc_register(&kpt_bench_dev);
}

static void __exit kpt_bench_exit(void)
{
	misc_deregister(&kpt_bench_dev);
	mutex_lock(&kpt_bench_lock);
	kpt_bench_unfloor_locked();
	mutex_unlock(&kpt_bench_lock);
}

module_init(kpt_bench_init);
module_exit(kpt_bench_exit);
MODULE_DESCRIPTION("kprobetrace benchmark: probed function, trace event, floor probes, 1000 functions");
MODULE_LICENSE("GPL");
