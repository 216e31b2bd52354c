#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The guest programs of a foreign architecture (KPT_ARCH=arm64) from
# Debian's archive: busybox-static and trace-cmd with every library they
# load, downloaded (apt-get download) and unpacked, not installed, into
# build/sysroot-ARCH/, where harness/initramfs.sh takes them from.  The
# host's own (amd64) packages of the same names stay as they are.
#   sysroot.sh        prints the sysroot's path; unpacks it the first time
set -euo pipefail
. "$(dirname "$0")/lib.sh"

debarch=$KPT_ARCH
[ "$debarch" != x86_64 ] || kpt_die "sysroot.sh is for foreign architectures (KPT_ARCH=arm64)"
root=$KPT_BUILD/sysroot-$debarch
pkgs="busybox-static trace-cmd"
stamp=$root/.kpt-packages

want() { # the packages and their versions, dependencies included
	# shellcheck disable=SC2046
	apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
		--no-breaks --no-replaces --no-enhances $(printf "%s:$debarch " $pkgs) |
		grep -E "^[a-z0-9]" | grep ":$debarch\$" | sort -u |
		while read -r p; do
			echo "$p=$(apt-cache policy "$p" | sed -n 's/^ *Candidate: //p')"
		done
}

list=$(want)
[ -n "$list" ] || kpt_die "no $debarch packages known to apt: make deps adds the architecture"
if [ "$(cat "$stamp" 2>/dev/null)" != "$list" ]; then
	kpt_log "sysroot-$debarch: unpacking $(echo "$list" | wc -l) packages of Debian's archive"
	rm -rf "$root" && mkdir -p "$root/.debs"
	# shellcheck disable=SC2086
	(cd "$root/.debs" && apt-get download -q -o APT::Sandbox::User=root $list >/dev/null) ||
		kpt_die "apt-get download failed"
	for d in "$root"/.debs/*.deb; do
		dpkg-deb -x "$d" "$root"
	done
	rm -rf "$root/.debs"
	echo "$list" >"$stamp"
fi
echo "$root"
