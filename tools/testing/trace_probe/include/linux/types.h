/* SPDX-License-Identifier: GPL-2.0 */
/* Host build: the kernel types come from the userspace gateway header. */
#ifndef __TP_HOST_LINUX_TYPES_H
#define __TP_HOST_LINUX_TYPES_H
#include "../../trace_probe_internal.h"
#endif
