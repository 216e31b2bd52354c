#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# cmdline:
#
# The guest runs with both vCPUs online (QEMU -smp 2), so that the per-CPU
# paths of the tracer (ring buffers, scratch records, hit counts) run on
# two CPUs at once in every other test.
set -e
dmesg | grep -i -e 'smp' -e 'cpu' | head -n 20 || true
test "$(cat /sys/devices/system/cpu/online)" = 0-1
test "$(grep -c '^processor' /proc/cpuinfo)" -eq 2
echo OK
