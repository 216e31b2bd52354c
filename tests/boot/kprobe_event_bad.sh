#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# cmdline: kprobe_event=p:kpt/bad,kpt_no_such_function,a=${KPT_ARG1};p:kpt/good,do_sys_openat2,dfd=${KPT_ARG1}:s32,path=+0(${KPT_ARG2}):ustring
#
# A bad definition in kprobe_event= (a function that does not exist) is
# reported and skipped: the kernel log says which one failed and with what
# errno, error_log holds the parser's message with its caret, and the
# definitions after it are created and enabled as if it were not there.
set -e
. /selftests/ftrace/test.d/kprobetrace/kpt_arch
cd /sys/kernel/tracing

# The kernel log: one line for the bad definition (',' already a space),
# with -EINVAL; none for the good one.
dmesg | grep 'trace_kprobe: ' || true
test "$(dmesg | grep -c 'trace_kprobe: Failed to add event')" -eq 1
dmesg | grep -q "trace_kprobe: Failed to add event(-22): p:kpt/bad kpt_no_such_function a=$KPT_ARG1\$"

# error_log: the message, the command, the caret under the symbol
cat error_log
test "$(wc -l < error_log)" -eq 3
test "$(sed -n 1p error_log | sed 's/^\[[^]]*\] //')" = 'trace_kprobe: error: Invalid probed address or symbol'
test "$(sed -n 2p error_log)" = "  Command: p:kpt/bad kpt_no_such_function a=$KPT_ARG1"
test "$(sed -n 3p error_log)" = '                     ^'

# The bad event does not exist; the good one does, enabled since boot.
cat kprobe_events
test "$(cat kprobe_events)" = "p:kpt/good do_sys_openat2 dfd=$KPT_ARG1:s32 path=+0($KPT_ARG2):ustring"
test ! -d events/kpt/bad
test "$(cat events/kpt/good/enable)" = 1
awk '$1 == "good" && $2 > 0 { ok = 1 } END { exit !ok }' kprobe_profile
test "$(grep -c ' bad' kprobe_profile)" -eq 0
grep -q ' good: (do_sys_openat2+0x0/0x[0-9a-f]*) dfd=-100 path="/kpt/' trace

# It records as any event does, and goes like one.
echo 0 > events/kpt/good/enable
echo > trace
echo 1 > events/kpt/good/enable
cat /kpt/variant > /dev/null
echo 0 > events/kpt/good/enable
grep -q ' good: (do_sys_openat2+0x0/0x[0-9a-f]*) dfd=-100 path="/kpt/variant"$' trace
echo '-:kpt/good' >> kprobe_events
test -z "$(cat kprobe_events)"
echo OK
