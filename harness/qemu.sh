#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Boot a built kernel under QEMU (TCG, 2 vCPUs): x86-64, or with
# KPT_ARCH=arm64 the virt machine of qemu-system-aarch64.
#   qemu.sh [options] VARIANT
#   -d            the debug flavour
#   -m MODE       guest mode: check, demo or shell (default shell)
#   -i INITRD     initramfs to boot (default: the variant's last one)
#   -k IMAGE      kernel image to boot (default: the variant's); its
#                 modules must be the variant's (the dump flavour's are)
#   -r RUNDIR     where console.log and results.txt go
#   -t SECONDS    wall-clock bound for the whole run (default 3600)
#   -a ARGS       extra kernel command line
#   -q            do not copy the console to stdout
#   -p PIDFILE    (with -q) write there the pid that stops the guest when
#                 sent SIGTERM (its bound's timeout), for a watchdog
#   -s            share the host's root read-only (9p tag kpt_host) and
#                 RUNDIR/share writable (tag kpt_out): the real clients'
#                 runs (harness/guest/clients.sh)
# Non-interactive modes: the console goes to RUNDIR/console.log (and stdout),
# results to RUNDIR/results.txt through the second serial port.  Exit status
# 124 when the bound was hit.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

debug=0 mode=shell initrd= rundir= bound=3600 extra= quiet=0 share=0 pidfile=
image=
while getopts "dm:i:k:r:t:a:qp:s" o; do
	case $o in
	d) debug=1 ;;
	m) mode=$OPTARG ;;
	i) initrd=$OPTARG ;;
	k) image=$OPTARG ;;
	r) rundir=$OPTARG ;;
	t) bound=$OPTARG ;;
	a) extra=$OPTARG ;;
	q) quiet=1 ;;
	p) pidfile=$OPTARG ;;
	s) share=1 ;;
	*) kpt_die "bad option" ;;
	esac
done
shift $((OPTIND - 1))
variant=${1:?usage: qemu.sh [options] stock|ours}
kpt_variant_check "$variant"
out=$(kpt_outdir "$variant" "$debug")
initrd=${initrd:-$out/initramfs.cpio.gz}
image=${image:-$(kpt_image "$out")}
rundir=${rundir:-$out/run-$mode}
mem=1G
# the debug allocators' shadow; the clients' DWARF and LLVM
[ "$debug" = 1 ] || [ "$share" = 1 ] && mem=3G
mkdir -p "$rundir"
rm -f "$rundir/console.log" "$rundir/results.txt"

# Never quiet: a kernel warning must reach the console, where the host
# looks for reports (kpt_reports).
case " $extra " in
*" quiet "*) kpt_die "no guest boots quiet: its warnings would not reach the console" ;;
esac
cmdline="console=$KPT_CONSOLE,115200 loglevel=6 panic=-1 oops=panic kpt.mode=$mode $extra"
# The debug kernel runs fully preemptible (Debian's is voluntary, and
# PREEMPT_DYNAMIC lets one kernel be both): a probe handler that uses
# per-CPU data while preemptible is then a DEBUG_PREEMPT report, and a
# race between two tasks on one CPU can happen at all.
[ "$debug" = 0 ] || cmdline="$cmdline preempt=full"
# The boot-time ftrace self tests (CONFIG_FTRACE_STARTUP_TEST) take 40 of
# the 45 guest seconds of a boot under TCG (the function and function
# graph tracers patched in and out of the whole kernel, again and again):
# 50 s of a test run's wall time per boot.  The test runs skip them with
# a boot-up tracer, ftrace=nop (the kernel then leaves the self tests
# out, as they would break a running tracer; the only other effect is a
# ring buffer of full size from boot, which the first event enabled gives
# it anyway); a boot that tests them says kpt.selftests on its command
# line (tests/boot/startup_selftest.sh).  Bench, demo and shell boots
# keep them.
case $mode in
check | diff | stress | clients)
	case " $extra " in
	*" kpt.selftests "*) ;;
	*) cmdline="$cmdline ftrace=nop" ;;
	esac ;;
esac
kpt_qemu_machine "$rundir/results.txt"
qemu=("${kpt_machine[@]}")
# Two vCPUs online; on x86-64 as two sockets, because the only CPU list a
# kernel without ACPI reads is SeaBIOS's MP table, which has one entry per
# socket.  Both run on one host thread: with a thread per vCPU, QEMU 7.2
# lets the other vCPU run into the int3 of a text_poke_bp() in progress
# and the kernel oopses ("Oops: int3", stock and ours alike, in the
# boot-time ftrace self tests: 3 of 12 boots), which never happens with
# one thread (0 of 10).
case "$KPT_ARCH" in
x86_64)	qemu+=(-smp 2,sockets=2,cores=1,threads=1) ;;
arm64)	qemu+=(-smp 2) ;;
esac
qemu+=(-m "$mem" -kernel "$image" -initrd "$initrd"
	-append "$cmdline" -display none -no-reboot -monitor none)

# multidevs=remap: the host's root spans several file systems, whose
# inode numbers would otherwise collide in the guest.  RDRAND: the
# clients (bpftrace, perf) call getrandom(), which blocks until the
# kernel's random pool is ready; without a CPU source of randomness that
# takes minutes under TCG.
if [ "$share" = 1 ]; then
	[ "$KPT_ARCH" = x86_64 ] || kpt_die "the real clients run on x86-64 only"
	qemu+=(-cpu qemu64,+rdrand)
	rm -rf "$rundir/share"
	mkdir -p "$rundir/share"
	qemu+=(-fsdev local,id=host,path=/,security_model=none,readonly=on,multidevs=remap
		-device virtio-9p-pci,fsdev=host,mount_tag=kpt_host
		-fsdev local,id=out,path="$rundir/share",security_model=none
		-device virtio-9p-pci,fsdev=out,mount_tag=kpt_out)
fi

if [ "$mode" = shell ]; then
	exec "${qemu[@]}" -serial mon:stdio
fi

rc=0
if [ "$quiet" = 1 ]; then
	timeout -k 10 "$bound" "${qemu[@]}" -serial "file:$rundir/console.log" \
		"${kpt_results[@]}" </dev/null &
	[ -z "$pidfile" ] || echo $! >"$pidfile"
	wait $! || rc=$?
else
	set +e
	timeout -k 10 "$bound" "${qemu[@]}" -serial stdio \
		"${kpt_results[@]}" </dev/null 2>&1 |
		tee "$rundir/console.log"
	rc=${PIPESTATUS[0]}
	set -e
fi
[ "$rc" = 124 ] && kpt_log "guest run hit the ${bound}s bound"
exit "$rc"
