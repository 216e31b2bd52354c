#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The kernel tree's own perf shell tests of probe events
# (tools/perf/tests/shell: the base_probe suite, the vfs_getname and the
# uprobe tests), run with Debian's perf: each test's exit status (0 pass,
# 1 fail, 2 skip) and its per-check verdict lines are the transcript, so
# the pass list is compared with stock's.

[ -d "$KPT_SRC/tools/perf/tests/shell" ] || { echo "no perf tests in '$KPT_SRC'"; exit 1; }
# The tests write next to themselves: a private, writable copy.
cp -a "$KPT_SRC/tools/perf/tests/shell" ./shell
cd shell || exit 1
for t in base_probe/test_*.sh probe_vfs_getname.sh \
	 record+script_probe_vfs_getname.sh trace+probe_vfs_getname.sh \
	 record+probe_libc_inet_pton.sh test_uprobe_from_different_cu.sh; do
	echo "=== $t"
	(cd "$(dirname "$t")" && PERFSUITE_RUN_DIR=$(mktemp -d) \
		timeout 300 bash "./$(basename "$t")") >out.txt 2>&1
	rc=$?
	grep -E '^-- \[ (PASS|FAIL|SKIP) \] --|^## \[ (PASS|FAIL|SKIP) \] ##' out.txt |
		sed -E 's/ +/ /g'
	echo "exit $rc"
done
exit 0
