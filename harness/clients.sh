#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Real clients: Debian's perf, bpftrace, bpftool, trace-cmd and libtracefs
# run unmodified in the guest (harness/guest/clients.sh, one script per
# client in tests/clients) on a built kernel; each client's transcript is
# compared with the stock kernel's (tests/clients/golden/NAME.out).
#   clients.sh [-a] VARIANT     compare with the goldens
#   clients.sh [-a] -g stock    record the goldens from the stock kernel
#   -a  every client (make clients); without it, those of
#       tests/clients/check.list (make check)
#   -c "NAME..."  those clients only
#   -m  measure: the clients' transcripts are figures, not compared with
#       a golden (the clients of tests/clients/measure.list, which -a
#       leaves out; harness/tracecmd-race.sh)
#   -T SECS  bound of each client in the guest (600)
#   -f FLAVOUR  boot that flavour of the kernel (dump: config/dump.config,
#       built by harness/kbuild.sh ours dump)
# A client passes when its normalised transcript equals the golden one.
# A golden is only recorded from a run where the client's own checks
# passed (exit 0).  Prints a diff per differing client and ends with
# "N passed, N failed".  Outputs: build/out/VARIANT/clients/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

golden_mode=0 all=0 only='' measure=0 client_bound=600 flavour=0
while getopts "gac:mT:f:" o; do
	case $o in
	g) golden_mode=1 ;;
	a) all=1 ;;
	c) only=$OPTARG ;;
	m) measure=1 ;;
	T) client_bound=$OPTARG ;;
	f) flavour=$OPTARG ;;
	*) kpt_die "bad option" ;;
	esac
done
shift $((OPTIND - 1))
variant=${1:?usage: clients.sh [-a] [-g] stock|ours}
kpt_variant_check "$variant"
[ "$golden_mode" = 1 ] && [ "$variant" != stock ] && kpt_die "-g records the goldens from stock only"

out=$(kpt_outdir "$variant" "$flavour")
run=$out/clients
dir=$KPT_ROOT/tests/clients
[ -f "$(kpt_image "$out")" ] || kpt_die "no kernel in $out (build first)"

rm -rf "$run" && mkdir -p "$run"
if [ -n "$only" ]; then
	printf '%s\n' $only >"$run/tests.list"
elif [ "$all" = 1 ]; then
	# lib.sh is the clients' shared helpers, not a client
	(cd "$dir" && ls -- *.sh *.host | sed -E 's/\.(sh|host)$//' |
		grep -vx lib | grep -vxFf measure.list) >"$run/tests.list"
else
	grep -v '^#' "$dir/check.list" >"$run/tests.list"
fi
KPT_STAGE=$run/initramfs "$KPT_ROOT/harness/initramfs.sh" "$variant" "$flavour" \
	"$run/tests.list" "$run/initramfs.cpio.gz"
rm -rf "$run/initramfs"
n=$(wc -l <"$run/tests.list")
# Each client is bounded in the guest (kpt.timeout); this only stops a
# guest that is stuck.
bound=$((300 + n * (client_bound + 60)))
kpt_log "real clients on $variant: $(xargs <"$run/tests.list")"
rc=0
"$KPT_ROOT/harness/qemu.sh" -q -s -m clients -k "$(kpt_image "$out")" \
	-i "$run/initramfs.cpio.gz" \
	-r "$run" -t "$bound" -a "kpt.vmlinux=$out/vmlinux kpt.src=$KPT_SRC/$variant kpt.timeout=$client_bound" \
	"$variant" || rc=$?
[ "$rc" = 0 ] || kpt_log "guest exit status $rc (see ${run#$KPT_ROOT/}/console.log)"
tr -d '\r' <"$run/results.txt" >"$run/raw.txt"
grep -aq '^DONE' "$run/raw.txt" || kpt_die "guest did not finish (see ${run#$KPT_ROOT/}/console.log)"
kpt_reports "$run/console.log" >"$run/kernel-reports.txt" || true

# Host-side clients (tests/clients/NAME.host, KernelShark): after the
# guest, on the files its clients left in the share; their transcripts
# go next to the guest clients' ones.
run_host_clients() {
	local c log
	mkdir -p "$run/tools"
	# shellcheck disable=SC2046
	gcc -O2 -Wall -Werror -o "$run/tools/kpt_kshark" \
		"$KPT_ROOT/tools/testing/kprobetrace/kpt_kshark.c" \
		$(pkg-config --cflags --libs libkshark) || kpt_die "kpt_kshark does not build"
	for c in $(cat "$run/tests.list"); do
		[ -f "$dir/$c.host" ] || continue
		log=$run/share/$c.out
		kpt_log "host-side client $c"
		KPT_SHARE=$run/share KPT_TOOLS=$run/tools KPT_SHOT=$run/$c.png \
			timeout -k 10 600 bash "$dir/$c.host" >"$log" 2>&1
		echo "exit $?" >>"$log"
	done
}
run_host_clients

# What changes from boot to boot or build to build: the kernel release
# (bpftrace names /boot/vmlinux-RELEASE), time stamps, kernel
# text and module addresses (0xffffffff80000000 to 0xfffffffffeffffff:
# a negative value printed in hex, such as an errno in $retval, is above
# that and compared), %p's hashed pointers where a probe place is
# printed (a uprobe's offset, which looks the same, follows a ':' and is
# compared), user addresses that ASLR places, the paths of the kernel tree
# and of its build (perf prints source paths, sometimes cut at the front),
# perf's _text offsets (the layouts differ), task ids (ours runs its KUnit
# suite at boot: a kthread per case), the size of trace-cmd's compressed
# pages, and where trace-cmd extract put a CPU's data in its file (after
# the kernel's symbols, whose size differs from kernel to kernel).
release=$(kpt_release_re "$run/raw.txt")
normalise() {
	sed -E \
		${release:+-e "s/$release/<release>/g"} \
		-e "s|$KPT_SRC/$variant|<src>|g" -e "s|$out|<out>|g" \
		-e "s|src/$variant/|src/<tree>/|g" \
		-e 's|@[^ ]*src/<tree>/|@<src>/|g' \
		-e 's/_text\+[0-9]+/_text+<offs>/g' \
		-e 's/\b7[ef][0-9a-f]{10}\b/7f<aslr>/g' \
		-e 's/\b5[56][0-9a-f]{10}\b/55<aslr>/g' \
		-e 's/\[ *[0-9]+\.[0-9]+\]/[<time>]/g' \
		-e 's/ +[0-9]+\.[0-9]{6}:/ <time>:/g' \
		-e 's/\b(0x)?ffffffff([89a-e][0-9a-f]|f[0-e])[0-9a-f]{6}\b/\1ffffffff<addr>/g' \
		-e 's/(^|[^:])0x00000000[0-9a-f]{8}\b/\10x<hash>/g' \
		-e 's/0x7[ef][0-9a-f]{10}/0x7f<aslr>/g' \
		-e 's/0x5[56][0-9a-f]{10}/0x55<aslr>/g' \
		-e 's/\b(old_)?pid=[0-9]+/\1pid=<pid>/g' \
		-e 's/-[0-9]+ +(\[[0-9]+\])/-<pid> \1/g' \
		-e 's/[0-9]+ bytes in size/<n> bytes in size/' \
		-e 's/data recorded at offset=0x[0-9a-f]+/data recorded at offset=<offs>/'
}

# Measurements: their figures, and whether they ran to the end
if [ "$measure" = 1 ]; then
	rc=0
	for c in $(cat "$run/tests.list"); do
		grep -a '^FIGURE ' "$run/share/$c.out" 2>/dev/null || true
		tail -n 1 "$run/share/$c.out" 2>/dev/null | grep -qx 'exit 0' || {
			echo "FAIL measurement $c (see ${run#$KPT_ROOT/}/share/$c.out)"
			rc=1
		}
	done
	if [ -s "$run/kernel-reports.txt" ]; then
		echo "FAIL kernel log: $(head -n 1 "$run/kernel-reports.txt" | cut -c 1-120)"
		rc=1
	fi
	exit $rc
fi

mkdir -p "$run/norm"
# A golden transcript's header: SPDX, two lines of what it is, its stamp
golden_head=4
passed=0 failed=0
for c in $(cat "$run/tests.list"); do
	got=$run/share/$c.out
	norm=$run/norm/$c.out
	if [ ! -f "$got" ]; then
		failed=$((failed + 1))
		echo "FAIL client $c: no transcript (see ${run#$KPT_ROOT/}/console.log)"
		continue
	fi
	normalise <"$got" >"$norm"
	status=$(tail -n 1 "$norm")
	if [ "$golden_mode" = 1 ]; then
		if [ "$status" != "exit 0" ]; then
			failed=$((failed + 1))
			echo "FAIL client $c: its own checks failed on stock ($status); no golden written"
			grep -a 'NOT OK\|FAIL' "$norm" | head -n 20 || true
			continue
		fi
		{
			echo "# SPDX-License-Identifier: GPL-2.0"
			echo "# Transcript of tests/clients/$(cd "$dir" && ls -- "$c".sh "$c".host 2>/dev/null | head -n 1) on the stock kernel, normalised."
			echo "# Generated by harness/clients.sh -g stock (make clients-golden); do not edit."
			kpt_stamp_line
			cat "$norm"
		} >"$dir/golden/$c.out"
		passed=$((passed + 1))
		kpt_log "wrote tests/clients/golden/$c.out"
		continue
	fi
	golden=$dir/golden/$c.out
	if [ -f "$golden" ] && ! kpt_ref_current "$golden"; then
		failed=$((failed + 1))
		continue
	fi
	if [ -f "$golden" ] && tail -n +$((golden_head + 1)) "$golden" | cmp -s - "$norm"; then
		passed=$((passed + 1))
		echo "PASS client $c"
		continue
	fi
	failed=$((failed + 1))
	echo "FAIL client $c ($status)"
	if [ -f "$golden" ]; then
		tail -n +$((golden_head + 1)) "$golden" | diff -a -u --label "stock (golden)" \
			--label "$variant" - "$norm" | tail -n +3 | head -n 80 || true
	else
		echo "  no golden: make clients-golden"
	fi
done
# Kernel reports during the run fail it whatever the transcripts say
# (stock's, when recording the goldens, are shown: stock's own bugs).
if [ -s "$run/kernel-reports.txt" ]; then
	head -n 20 "$run/kernel-reports.txt"
	if [ "$golden_mode" = 1 ]; then
		kpt_log "NOTE: stock printed kernel reports (${run#$KPT_ROOT/}/kernel-reports.txt)"
	else
		failed=$((failed + 1))
		echo "FAIL kernel log: $(kpt_reports_summary "$run/kernel-reports.txt")"
	fi
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
