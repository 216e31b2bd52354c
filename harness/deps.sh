#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Install, from Debian's archive only, what building and booting the test
# kernels, the real clients the tests run (tests/clients) and the cross
# compilers of the other Debian architectures (harness/distro.sh) and the
# arm64 guest (qemu-system-arm, harness/sysroot.sh) need, and python3-ply
# and python3-git for checkpatch's SPDX check of the patch series
# (scripts/spdxcheck.py reads LICENSES/ from the git repository of
# harness/series.sh), and
# debhelper, whose dh_listpackages the kernel's bindeb-pkg calls (make deb).
# Idempotent: asks apt only for packages that are missing.
set -euo pipefail

PKGS="linux-source-6.12 build-essential bc bison flex libelf-dev libssl-dev
dwarves cpio kmod xz-utils gzip rsync python3 perl qemu-system-x86
busybox-static trace-cmd clang libclang-rt-14-dev linux-config-6.12
linux-perf bpftrace bpftool libtracefs-dev libtraceevent-dev pkg-config
gnuplot-nox libkshark-dev libtracecmd-dev libjson-c-dev kernelshark xvfb xauth
x11-utils imagemagick
gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf gcc-i686-linux-gnu
gcc-powerpc64le-linux-gnu gcc-riscv64-linux-gnu gcc-s390x-linux-gnu
qemu-system-arm libc6-dev-arm64-cross python3-ply python3-git debhelper"

# arm64 as a foreign architecture: harness/sysroot.sh downloads the arm64
# guest's busybox and trace-cmd from Debian's archive
foreign=
dpkg --print-foreign-architectures | grep -qx arm64 || foreign=arm64

missing=
for p in $PKGS; do
	st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	[ "$st" = "install ok installed" ] || missing="$missing $p"
done
[ -z "$missing$foreign" ] && exit 0

[ "$(id -u)" = 0 ] || { echo "deps: need root to install:$missing${foreign:+ (and add the arm64 architecture)}" >&2; exit 1; }
echo "deps: installing:$missing${foreign:+ (adding the arm64 architecture)}" >&2
export DEBIAN_FRONTEND=noninteractive
[ -z "$foreign" ] || dpkg --add-architecture "$foreign"
apt-get update -qq
[ -n "$missing" ] || exit 0
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
