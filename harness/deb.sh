#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Debian kernel packages of the ours tree (make deb):
#   deb.sh [CONFIG]
# CONFIG is a kernel .config (plain or .xz); by default the running
# kernel's /boot/config-$(uname -r) when it is a 6.12 one, else Debian's
# amd64 config (package linux-config-6.12).  The packages are the
# kernel's own bindeb-pkg of that config, made with "-kprobetrace" as the
# local version, so that the kernel ("6.12.N-kprobetrace"), its modules
# folder and its packages ("linux-image-6.12.N-kprobetrace",
# "linux-headers-6.12.N-kprobetrace") cannot be mistaken for, or replace,
# Debian's own.  The linux-image and linux-headers packages (and
# linux-image-...-dbg, the debug symbols, when the config has debug info)
# are moved to build/deb/; linux-libc-dev, which bindeb-pkg also makes, is
# left out: it would replace Debian's.  The build is in build/out/deb-NAME
# (NAME from the config's checksum), so a second run with the same config
# is incremental.  dpkg-buildpackage runs with -d (no build-dependency
# check: the generated debian/control names debhelper-compat and
# packages this harness does not need; dh_listpackages, which the rules
# call, comes from debhelper, harness/deps.sh).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

localversion=-kprobetrace

# The config to build with: the argument, the running kernel's when it is
# 6.12, or Debian's.
pick_config() { # [path]
	local running
	running=/boot/config-$(uname -r)
	if [ -n "${1:-}" ]; then
		[ -f "$1" ] || kpt_die "no config $1"
		echo "$1"
	elif [ -f "$running" ] && grep -q '^# Linux/[a-z0-9_]* 6\.12\.' "$running"; then
		echo "$running"
	else
		[ -f "$KPT_DEBIAN_CONFIG" ] || kpt_die "$KPT_DEBIAN_CONFIG missing (make deps)"
		echo "$KPT_DEBIAN_CONFIG"
	fi
}

# The config as a plain file.
read_config() { # path
	case $1 in
	*.xz) xzcat "$1" ;;
	*) cat "$1" ;;
	esac
}

# Debian's version of the packages: the kernel's, then where in the
# repository's history they come from, so that a newer build upgrades an
# older one.
pkg_version() { # kernelversion
	local n sha
	n=$(git -C "$KPT_ROOT" rev-list --count HEAD 2>/dev/null || echo 0)
	sha=$(git -C "$KPT_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
	echo "$1-1kprobetrace$n+g$sha"
}

main() {
	local config name out src=$KPT_SRC/ours kver t0 deb n=0
	config=$(pick_config "${1:-}")
	name=$(read_config "$config" | sha256sum | cut -c1-12)
	out=$KPT_BUILD/out/deb-$name
	[ -f "$src/Makefile" ] || kpt_die "no ours tree (make tree)"
	mkdir -p "$out" "$KPT_BUILD/deb"
	kpt_log "deb: $config -> ${out#"$KPT_ROOT"/}"
	if ! cmp -s <(read_config "$config") "$out/.kpt-config.in"; then
		read_config "$config" >"$out/.kpt-config.in"
		cp "$out/.kpt-config.in" "$out/.config"
		"$src/scripts/config" --file "$out/.config" \
			--set-str LOCALVERSION "$localversion" \
			--disable LOCALVERSION_AUTO \
			--set-str SYSTEM_TRUSTED_KEYS "" \
			--set-str SYSTEM_REVOCATION_KEYS ""
		make -C "$src" O="$out" olddefconfig >/dev/null
	fi
	kver=$(make -s -C "$src" O="$out" kernelversion)
	rm -f "$KPT_BUILD"/out/*.deb "$KPT_BUILD"/out/*.buildinfo "$KPT_BUILD"/out/*.changes
	t0=$(date +%s)
	nice make -C "$src" O="$out" -j"$KPT_JOBS" \
		KDEB_PKGVERSION="$(pkg_version "$kver")" KDEB_SOURCENAME=linux-kprobetrace \
		KDEB_CHANGELOG_DIST="$(. /etc/os-release && echo "${VERSION_CODENAME:-unstable}")" \
		KBUILD_BUILD_USER=kprobetrace KBUILD_BUILD_HOST=kprobetrace \
		DPKG_FLAGS=-d \
		bindeb-pkg >"$out/deb.log" 2>&1 ||
		{ tail -n 30 "$out/deb.log"; kpt_die "deb: the build failed (${out#"$KPT_ROOT"/}/deb.log)"; }
	rm -f "$KPT_BUILD"/deb/*.deb
	for deb in "$KPT_BUILD"/out/linux-image-*"$localversion"*.deb \
		   "$KPT_BUILD"/out/linux-headers-*"$localversion"*.deb; do
		[ -f "$deb" ] || continue
		mv "$deb" "$KPT_BUILD/deb/"
		n=$((n + 1))
	done
	[ "$n" -ge 1 ] || kpt_die "deb: bindeb-pkg made no linux-image package"
	kpt_log "deb: $n packages in build/deb/ ($(($(date +%s) - t0)) s):"
	ls -l "$KPT_BUILD"/deb/*.deb >&2
}

main "$@"
