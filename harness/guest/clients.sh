#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kpt.mode=clients: Debian's own clients of probe events (perf, bpftrace,
# bpftool, trace-cmd, libtracefs), unmodified, against this kernel.
#
# The host's root, shared read-only over virtio-9p (harness/qemu.sh -s,
# tag kpt_host), becomes a chroot where every client finds its libraries
# as installed.  The chroot gets this guest's /proc, /sys (tracefs,
# debugfs), /dev, a private /tmp and, at /boot/vmlinux-RELEASE where perf
# looks, this kernel's DWARF vmlinux (its host path: kpt.vmlinux=; the
# kernel tree's, kpt.src=, is in the clients' KPT_SRC).  Each
# client of /kpt/tests.list (tests/clients/NAME.sh) runs there from
# /tmp/kpt, with the guest-built helpers next to it, bounded by
# kpt.timeout=; its transcript goes to the writable share (tag kpt_out)
# as NAME.out and ends with its exit status.  One "RESULT NAME STATUS
# SECS" line per client goes to the results port (/dev/kpt-res), then
# DONE.

. /kpt/lib.sh

RES=/dev/kpt-res
ROOT=/host
timeout=600 vmlinux= src=
for w in $(cat /proc/cmdline); do
	case "$w" in
	kpt.timeout=*) timeout=${w#kpt.timeout=} ;;
	kpt.vmlinux=*) vmlinux=${w#kpt.vmlinux=} ;;
	kpt.src=*) src=${w#kpt.src=} ;;
	esac
done

report() {
	echo "$*" >$RES
}

# A writable /tmp of the chroot's own.  A kernel build or tree under the
# host's /tmp (a clone there) would be hidden by it, and perf reads the
# DWARF and the sources at their build paths: those two stay visible,
# bound from the host's /tmp as it was before the tmpfs covered it.
private_tmp() {
	local p
	mkdir -p /host-tmp
	mount -o bind $ROOT/tmp /host-tmp || return 1
	mount -t tmpfs tmpfs $ROOT/tmp || return 1
	for p in "${vmlinux%/*}" "$src"; do
		case "$p" in
		/tmp/?*)
			mkdir -p "$ROOT$p" &&
			mount -o bind "/host-tmp/${p#/tmp/}" "$ROOT$p" || return 1 ;;
		esac
	done
}

# The chroot: the host's files, this guest's kernel interfaces
setup_root() {
	mkdir -p $ROOT /out
	mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose \
		kpt_host $ROOT || return 1
	mount -t 9p -o trans=virtio,version=9p2000.L kpt_out /out || return 1
	mount -t proc proc $ROOT/proc &&
	mount -t sysfs sysfs $ROOT/sys &&
	mount -t tracefs nodev $ROOT/sys/kernel/tracing &&
	mount -t debugfs nodev $ROOT/sys/kernel/debug &&
	mount -t devtmpfs devtmpfs $ROOT/dev || return 1
	private_tmp || return 1
	mount -t tmpfs tmpfs $ROOT/boot || return 1
	[ -z "$vmlinux" ] || ln -s "$vmlinux" "$ROOT/boot/vmlinux-$(uname -r)"
	mkdir -p $ROOT/tmp/kpt
	cp -a /kpt/clients/. $ROOT/tmp/kpt/
	cp /usr/bin/kpt_uprobe /usr/bin/kpt_uprobe_dyn $ROOT/tmp/kpt/
}

# Run one client script in the chroot; its transcript to /out/NAME.out
run_client() { # name
	log=/tmp/client-$1.log
	start=$(date +%s)
	run_bounded "$timeout" "$log" chroot $ROOT /usr/bin/env -i \
		PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/tmp/kpt KPT_SRC="$src" \
		/bin/sh -c "cd /tmp/kpt && exec /bin/sh ./$1.sh"
	rc=$?
	secs=$(($(date +%s) - start))
	echo "exit $rc" >>"$log"
	cp "$log" "/out/$1.out"
	# trace files a client made, for the host-side ones (KernelShark)
	cp $ROOT/tmp/kpt/*.dat /out/ 2>/dev/null
	echo "=== $1 (exit $rc, ${secs}s)"
	cat "$log"
	report "RESULT $1 $rc $secs"
}

report "BEGIN $(cat /kpt/variant) $(uname -r)"
if setup_root; then
	for c in $(cat /kpt/tests.list); do
		# host-side clients (tests/clients/NAME.host) run after the guest
		[ -f "/kpt/clients/$c.sh" ] && run_client "$c"
	done
else
	echo "clients: cannot set up the chroot of the host's root"
fi
sync
umount /out
report "DONE"
