/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Memory primitives of the probe-event hot path: fault-tolerant reads of
 * kernel and user memory, string measuring and copying into a record.
 *
 * Users include trace_probe.h first (for the data_loc helpers).  Synthetic
 * events use fetch_store_strlen() and fetch_store_string() too.
 */
#ifndef __TRACE_PROBE_KERNEL_H_
#define __TRACE_PROBE_KERNEL_H_

#include <linux/uaccess.h>

/* Length of a user string, NUL included; 0 or -errno on fault */
static nokprobe_inline int fetch_store_strlen_user(unsigned long addr)
{
	const void __user *uaddr = (__force const void __user *)addr;

	return strnlen_user_nofault(uaddr, MAX_STRING_SIZE);
}

/*
 * Length of a kernel string, NUL included, at most MAX_STRING_SIZE.
 *
 * The string is read one aligned word at a time: an aligned word never
 * crosses a page, so it is readable whenever the string's first byte in it
 * is, and a word costs one nofault access instead of eight.
 */
static nokprobe_inline int fetch_store_strlen(unsigned long addr)
{
	unsigned long word_addr = addr & ~(sizeof(long) - 1);
	unsigned int i = addr - word_addr;
	int len = -(int)i;
	unsigned long word;

#ifdef CONFIG_ARCH_HAS_NON_OVERLAPPING_ADDRESS_SPACE
	if (addr < TASK_SIZE)
		return fetch_store_strlen_user(addr);
#endif
	while (len < MAX_STRING_SIZE) {
		if (copy_from_kernel_nofault(&word, (void *)word_addr,
					     sizeof(word)))
			return -EFAULT;
		for (; i < sizeof(word); i++)
			if (!((u8 *)&word)[i])
				return min(len + (int)i + 1, MAX_STRING_SIZE);
		len += sizeof(word);
		word_addr += sizeof(word);
		i = 0;
	}
	return MAX_STRING_SIZE;
}

/* Write the final data_loc: @ret bytes at @__dest (0 when it faulted) */
static nokprobe_inline void set_data_loc(int ret, void *dest, void *__dest,
					 void *base)
{
	if (ret < 0)
		ret = 0;
	*(u32 *)dest = make_data_loc(ret, __dest - base);
}

/*
 * Copy a user string into the room that the data_loc at @dest describes,
 * then make that data_loc describe the copy.  Returns bytes written.
 */
static nokprobe_inline int fetch_store_string_user(unsigned long addr,
						   void *dest, void *base)
{
	const void __user *uaddr = (__force const void __user *)addr;
	int maxlen = get_loc_len(*(u32 *)dest);
	void *__dest;
	long ret;

	if (unlikely(!maxlen))
		return -ENOMEM;
	__dest = get_loc_data(dest, base);
	ret = strncpy_from_user_nofault(__dest, uaddr, maxlen);
	set_data_loc(ret, dest, __dest, base);
	return ret;
}

/*
 * Kernel flavour of fetch_store_string_user().
 *
 * The string was measured by fetch_store_strlen() and may have changed
 * since.  The copy is capped at the room the data_loc gives (maxlen), and
 * strncpy_from_kernel_nofault() NUL-terminates a truncated copy, so a
 * string that grew in between is cut and never overruns the record; one
 * that shrank just uses less room.
 */
static nokprobe_inline int fetch_store_string(unsigned long addr, void *dest,
					      void *base)
{
	int maxlen = get_loc_len(*(u32 *)dest);
	void *__dest;
	long ret;

#ifdef CONFIG_ARCH_HAS_NON_OVERLAPPING_ADDRESS_SPACE
	if (addr < TASK_SIZE)
		return fetch_store_string_user(addr, dest, base);
#endif
	if (unlikely(!maxlen))
		return -ENOMEM;
	__dest = get_loc_data(dest, base);
	ret = strncpy_from_kernel_nofault(__dest, (void *)addr, maxlen);
	set_data_loc(ret, dest, __dest, base);
	return ret;
}

static nokprobe_inline int probe_mem_read_user(void *dest, void *src,
					       size_t size)
{
	const void __user *uaddr = (__force const void __user *)src;

	return copy_from_user_nofault(dest, uaddr, size);
}

static nokprobe_inline int probe_mem_read(void *dest, void *src, size_t size)
{
#ifdef CONFIG_ARCH_HAS_NON_OVERLAPPING_ADDRESS_SPACE
	if ((unsigned long)src < TASK_SIZE)
		return probe_mem_read_user(dest, src, size);
#endif
	return copy_from_kernel_nofault(dest, src, size);
}

#endif /* __TRACE_PROBE_KERNEL_H_ */
