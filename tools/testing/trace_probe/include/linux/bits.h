/* SPDX-License-Identifier: GPL-2.0 */
/* Host build: BIT() and GENMASK() come from the userspace gateway header. */
#ifndef __TP_HOST_LINUX_BITS_H
#define __TP_HOST_LINUX_BITS_H
#include "../../trace_probe_internal.h"
#endif
