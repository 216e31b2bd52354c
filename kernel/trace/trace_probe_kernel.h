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
#include <linux/unaligned.h>
#include <asm/word-at-a-time.h>

/* Length of a user string, NUL included; 0 or -errno on fault */
static nokprobe_inline int fetch_store_strlen_user(unsigned long addr)
{
	const void __user *uaddr = (__force const void __user *)addr;

	return strnlen_user_nofault(uaddr, MAX_STRING_SIZE);
}

/*
 * The bytes of @word from its @i-th on (0 < @i < sizeof(long), in memory
 * order), moved to its start; the bytes after them set to 0xff, which no
 * NUL search stops at.
 */
static nokprobe_inline unsigned long probe_word_from(unsigned long word,
						     unsigned int i)
{
#ifdef __BIG_ENDIAN
	return (word << 8 * i) | ((1UL << 8 * i) - 1);
#else
	return (word >> 8 * i) | (~0UL << (BITS_PER_LONG - 8 * i));
#endif
}

/*
 * Store the string bytes of @word (those from its @i-th on) whole at
 * @dst + *@len, which has room for a whole word, the bytes after a NUL
 * zeroed (as strscpy() does).  The 0xff bytes after a first word's share
 * are overwritten by the string's next bytes, or lie in the room past its
 * end.  True if the string ended in it.
 */
static nokprobe_inline bool probe_string_word(char *dst, unsigned long word,
					      unsigned int i, long *len)
{
	const struct word_at_a_time constants = WORD_AT_A_TIME_CONSTANTS;
	unsigned long bits;

	if (i)
		word = probe_word_from(word, i);
	if (has_zero(word, &bits, &constants)) {
		bits = prep_zero_mask(word, bits, &constants);
		bits = create_zero_mask(bits);
		if (dst)
			put_unaligned(word & zero_bytemask(bits),
				      (unsigned long *)(dst + *len));
		*len += find_zero(bits) + 1;
		return true;
	}
	if (dst)
		put_unaligned(word, (unsigned long *)(dst + *len));
	*len += sizeof(long) - i;
	return false;
}

/* As probe_string_word(), byte by byte up to the end of the room, @count */
static nokprobe_inline bool probe_string_bytes(char *dst, unsigned long word,
					       unsigned int i, long *len,
					       long count)
{
	u8 c;

	for (; i < sizeof(long) && *len < count; i++) {
		c = ((u8 *)&word)[i];
		if (dst)
			dst[*len] = c;
		++*len;
		if (!c)
			return true;
	}
	return false;
}

/*
 * Copy the kernel string at @src into @dst, or with @dst NULL only measure
 * it: at most @count bytes with its NUL, a longer string is cut there and
 * NUL-terminated.  Returns the bytes it takes, NUL included, or -errno.
 *
 * This is strncpy_from_kernel_nofault() and gives its results, reading
 * one aligned word per access instead of one byte: an aligned word never
 * crosses a page, so it faults exactly when the string's first byte in it
 * would.
 */
static nokprobe_inline long probe_kernel_string(char *dst, unsigned long src,
						long count)
{
	unsigned long waddr = src & ~(sizeof(long) - 1);
	unsigned int i = src - waddr;
	unsigned long word;
	long len = 0;
	bool end;

	if (unlikely(count <= 0))
		return 0;
	if (!copy_from_kernel_nofault_allowed((void *)src, count))
		return -ERANGE;
	pagefault_disable();
	for (; len < count; waddr += sizeof(long), i = 0) {
		__get_kernel_nofault(&word, (void *)waddr, unsigned long, fault);
		if (count - len >= sizeof(long))
			end = probe_string_word(dst, word, i, &len);
		else
			end = probe_string_bytes(dst, word, i, &len, count);
		if (end)
			goto out;
	}
	/* cut at @count */
	if (dst)
		dst[count - 1] = '\0';
out:
	pagefault_enable();
	return len;
fault:
	pagefault_enable();
	if (dst)
		dst[len] = '\0';
	return -EFAULT;
}

/* Length of a kernel string, NUL included, at most MAX_STRING_SIZE */
static nokprobe_inline int fetch_store_strlen(unsigned long addr)
{
#ifdef CONFIG_ARCH_HAS_NON_OVERLAPPING_ADDRESS_SPACE
	if (addr < TASK_SIZE)
		return fetch_store_strlen_user(addr);
#endif
	return probe_kernel_string(NULL, addr, MAX_STRING_SIZE);
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
 * The room is either what fetch_store_strlen() measured, and the string
 * may have changed since, or all that is left of a bounded record built
 * without measuring.  The copy is capped at the room and a cut copy is
 * NUL-terminated, so a string that grew in between never overruns the
 * record; one that shrank just uses less room.
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
	ret = probe_kernel_string(__dest, addr, maxlen);
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
