#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# cmdline: kprobe_event=p:kpt/bootopen,do_sys_openat2,dfd=${KPT_ARG1}:s32,path=+0(${KPT_ARG2}):ustring;r:kpt/bootret,do_sys_openat2,ret=$retval:s64
#
# The kprobe_event= boot parameter: ';' separates definitions and ','
# stands for a space.  The events are created during boot and enabled in
# the top trace instance before init runs, so the opens that init and this
# script make are already in the trace.
set -e
. /selftests/ftrace/test.d/kprobetrace/kpt_arch
cd /sys/kernel/tracing

echo 0 > events/kpt/enable
cat kprobe_events
grep -qx "p:kpt/bootopen do_sys_openat2 dfd=$KPT_ARG1:s32 path=+0($KPT_ARG2):ustring" kprobe_events
grep -qx 'r[0-9]*:kpt/bootret do_sys_openat2 ret=$retval:s64' kprobe_events

# Both were enabled at boot (and only switched off just above).
grep -q 'bootopen.*path="/kpt/boot/' trace
grep -q 'bootret: (.*<- do_sys_openat2) ret=' trace
awk '$1 == "bootopen" && $2 > 0 { ok = 1 } END { exit !ok }' kprobe_profile
awk '$1 == "bootret" && $2 > 0 { ok = 1 } END { exit !ok }' kprobe_profile

# They are ordinary events afterwards: re-enable, trigger, delete.
echo > trace
echo 1 > events/kpt/bootopen/enable
cat /kpt/variant > /dev/null
echo 0 > events/kpt/bootopen/enable
grep -q 'bootopen: .*path="/kpt/variant"' trace
echo '-:kpt/bootopen' >> kprobe_events
echo '-:kpt/bootret' >> kprobe_events
test "$(grep -c bootopen kprobe_events)" -eq 0
