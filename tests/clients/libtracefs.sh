#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# libtracefs (Debian libtracefs-dev): kprobe, kretprobe, uprobe, uretprobe
# and eprobe events made, listed, loaded, recorded in an instance and
# destroyed through the library's own API, the _alloc and the _raw forms,
# and the error log read back after a bad definition
# (tools/testing/kprobetrace/kpt_tracefs.c prints the transcript).
./kpt_tracefs
