# SPDX-License-Identifier: GPL-2.0
# Common settings for the kprobetrace harness scripts (sourced, not run).

KPT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KPT_BUILD=${KPT_BUILD:-$KPT_ROOT/build}
KPT_TARBALL=/usr/src/linux-source-6.12.tar.xz
# Debian's own 6.12 amd64 kernel config (package linux-config-6.12): make
# distro, distro-boot, deb and the series check build with it.
KPT_DEBIAN_CONFIG=/usr/src/linux-config-6.12/config.amd64_none_amd64.xz
KPT_SRC=$KPT_BUILD/src
KPT_JOBS=${KPT_JOBS:-$(nproc)}

# The Debian version of the linux-source-6.12 package installed now
# ("6.12.118-1~deb12u1"), empty when it is not installed.
kpt_package_version() {
	dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || true
}

# kpt_source_version: the Debian version of the source the trees were
# unpacked from (harness/tree.sh records it), or of the installed package
# before the first unpack.  Every stock reference of tests/ says which
# version and config fragments it was recorded from (kpt_stamp_line), and
# a reference recorded from others is recorded again before it is compared
# with (harness/refs.sh): the point release and the code layout show in
# what stock does.
kpt_source_version() {
	cat "$KPT_SRC/stock/.kpt/source-version" 2>/dev/null || kpt_package_version
}

# kpt_config_digest DEBUG [ARCH]: a digest of the config fragments of
# ours that ARCH's (KPT_ARCH's) test kernels are built with, the debug
# flavour's (DEBUG=1) or the plain one's (harness/kbuild.sh): an option
# changes the code layout as a point release does.
kpt_config_digest() {
	local f=(kprobetrace.config "${2:-$KPT_ARCH}.config")
	[ "$1" = 1 ] && f+=(debug.config)
	(cd "$KPT_ROOT/config" && cat "${f[@]}") | sha256sum | cut -c 1-12
}

# kpt_stamp [FLAVOUR [ARCH]]: what the stamp of a stock reference names:
# the source version and the digest of the config fragments of the stock
# kernel it is recorded from, of FLAVOUR 0 (plain, the default) or 1
# (debug), or none for FLAVOUR "-" (the distribution configs, which are
# not ours: harness/distro.sh).
kpt_stamp() {
	local s
	s=$(kpt_source_version)
	[ "${1:-0}" = - ] || s="$s, config $(kpt_config_digest "${1:-0}" "${2:-}")"
	echo "$s"
}

# The stamp line of a stock reference, and what a reference's stamp
# names (empty when it has none).
KPT_STAMP_KEY='# Recorded from: linux-source-6.12 '
kpt_stamp_line() { # [flavour [arch]]
	echo "$KPT_STAMP_KEY$(kpt_stamp "$@")"
}

kpt_stamp_of() { # file
	sed -n "s/^$KPT_STAMP_KEY//p" "$1" 2>/dev/null | head -n 1
}

# kpt_ref_current FILE [FLAVOUR [ARCH]]: whether a stock reference was
# recorded from stock built from the source and the config fragments the
# test kernels are made from; if not, a FAIL line that says so: no result
# is compared with stock of another build (harness/refs.sh).
kpt_ref_current() {
	local s want
	s=$(kpt_stamp_of "$1")
	want=$(kpt_stamp "${2:-0}" "${3:-}")
	[ "$s" = "$want" ] && return 0
	echo "FAIL ${1#$KPT_ROOT/}: recorded from linux-source-6.12 ${s:-(no stamp)}, stock of this tree is $want: record it again (make check does, through harness/refs.sh -u; or its make ...-golden target)"
	return 1
}

# kpt_release_re RAW: the kernel release a guest reported in its BEGIN
# line ("BEGIN VARIANT RELEASE"), as an extended regular expression, for
# the normalisations that mask it (the differential test, the clients):
# the release is the point release's, not a behaviour.
kpt_release_re() { # raw-results-file
	sed -n 's/^BEGIN [^ ]* //p' "$1" | head -n 1 | sed 's/[.+]/\\&/g'
}

# Folders of the repository that mirror kernel paths; their tracked files
# are overlaid onto the "ours" tree.
KPT_OVERLAY_DIRS="kernel include lib Documentation tools samples arch"

# kpt_overlay_files: the kernel-path files of the repository that the
# ours tree takes (harness/tree.sh), sorted: all of them but those
# harness/overlay.hold keeps out of the build for now (one path per line,
# '#' comments).
kpt_overlay_files() {
	local hold=$KPT_ROOT/harness/overlay.hold
	(cd "$KPT_ROOT" &&
	 # shellcheck disable=SC2086
	 git ls-files -co --exclude-standard -- $KPT_OVERLAY_DIRS |
	 while read -r f; do [ -f "$f" ] && echo "$f"; done) |
	grep -vxF -f <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$hold" 2>/dev/null) |
	sort
}

kpt_log() {
	printf '[kpt %s] %s\n' "$(date +%T)" "$*" >&2
}

# kpt_timed NAME COMMAND...: run COMMAND and, when KPT_TIMELINE names a
# file, add a line to it: "NAME START WALL CPU", the start in seconds
# since the epoch, the wall clock and the CPU time (user and system, of
# every process the command waited for) in seconds.  make check prints
# these as its time table: where a run's minutes go, from the run itself.
# Returns COMMAND's status.
kpt_timed() {
	local name=$1 t0 rc
	shift
	[ -n "${KPT_TIMELINE:-}" ] || { "$@"; return; }
	t0=$(date +%s)
	(
		"$@"
		rc=$?
		# user and system ticks, this shell's and its children's
		# (fields 14 to 17)
		read -r -a st <"/proc/$BASHPID/stat"
		echo "$name $t0 $(($(date +%s) - t0)) $(((st[13] + st[14] + st[15] + st[16]) / $(getconf CLK_TCK)))" \
			>>"$KPT_TIMELINE"
		exit "$rc"
	)
	rc=$?
	return "$rc"
}

kpt_die() {
	printf '[kpt] error: %s\n' "$*" >&2
	exit 1
}

# kpt_variant_check VARIANT: only the two known kernel variants exist.
kpt_variant_check() {
	case "$1" in
	stock|ours) ;;
	*) kpt_die "unknown kernel variant '$1' (want stock or ours)" ;;
	esac
}

# The architecture of the kernels built and booted: x86_64 (the default)
# or arm64 (make ... ARCH=arm64; the Makefile passes it as KPT_ARCH).
KPT_ARCH=${KPT_ARCH:-x86_64}
case "$KPT_ARCH" in
x86_64)	KPT_KARCH=x86 KPT_CROSS= KPT_IMAGE=arch/x86/boot/bzImage
	KPT_QEMU=qemu-system-x86_64 KPT_CC=gcc KPT_CONSOLE=ttyS0
	KPT_MACHINE=x86_64 KPT_BASELINE=$KPT_ROOT/tests/baseline KPT_ARCH_SUFFIX= ;;
arm64)	KPT_KARCH=arm64 KPT_CROSS=aarch64-linux-gnu- KPT_IMAGE=arch/arm64/boot/Image
	KPT_QEMU=qemu-system-aarch64 KPT_CC=aarch64-linux-gnu-gcc KPT_CONSOLE=ttyAMA0
	KPT_MACHINE=aarch64 KPT_BASELINE=$KPT_ROOT/tests/baseline/arm64
	KPT_ARCH_SUFFIX=-arm64 ;;
*)	echo "[kpt] error: unknown architecture '$KPT_ARCH' (x86_64 or arm64)" >&2
	exit 1 ;;
esac
# KPT_MACHINE: the guest's uname -m.  KPT_BASELINE: the folder of the
# architecture's stock pass list and notes (stock.pass, stock.notes,
# ours.pass).  KPT_ARCH_SUFFIX: what the names of a build folder, golden
# or results folder of an architecture other than x86-64 end with.

# kpt_arch_expand: stdin to stdout with every ${KPT_NAME} of
# tools/testing/selftests/ftrace/test.d/kprobetrace/kpt_arch (the
# architecture's register and function names, which the guest tests
# source) replaced by its value for the guest's architecture: for what
# the host writes for a guest, a boot test's command line or bootconfig.
kpt_arch_expand() {
	(
		. "$KPT_ROOT/tools/testing/selftests/ftrace/test.d/kprobetrace/kpt_arch"
		# shellcheck disable=SC2086 # one word per name
		export $KPT_NAMES
		awk '{
			while (match($0, /\$\{KPT_[A-Z0-9_]+\}/)) {
				n = substr($0, RSTART + 2, RLENGTH - 3)
				if (!(n in ENVIRON) || ENVIRON[n] == "") {
					print "kpt_arch_expand: no " n " on this architecture" > "/dev/stderr"
					exit 1
				}
				$0 = substr($0, 1, RSTART - 1) ENVIRON[n] substr($0, RSTART + RLENGTH)
			}
			print
		}'
	)
}

# kpt_qemu_machine RESULTS: set the arrays kpt_machine (QEMU and the
# machine of KPT_ARCH: no vCPU count, memory, kernel or console) and
# kpt_results (the guest's results port, written to the file RESULTS),
# for every boot of the harness.  One host thread runs the vCPUs on both
# architectures (thread=single; see qemu.sh for why x86-64 needs it), so
# that the two architectures' guests take the same share of the machine.
# arm64: a Neoverse N1 (ARMv8.2, as in arm64 servers), which has PAN, the
# kernel's fetches from user addresses depend on (config/arm64.config).
# The results port is the second serial port on x86-64 (ttyS1); the virt
# machine has one UART, so a virtio console there (hvc0).  The guest's
# init links /dev/kpt-res to whichever it has.
kpt_qemu_machine() {
	case "$KPT_ARCH" in
	x86_64)
		kpt_machine=("$KPT_QEMU" -accel tcg,thread=single)
		kpt_results=(-serial "file:$1") ;;
	arm64)
		kpt_machine=("$KPT_QEMU" -M virt -cpu neoverse-n1
			-accel tcg,thread=single)
		kpt_results=(-device virtio-serial-device
			-chardev "file,id=kptres,path=$1"
			-device virtconsole,chardev=kptres) ;;
	esac
}

# Output folder of a build: variant plus flavour (0 plain, 1 debug; dump
# or debug-dump: either with config/dump.config), and the architecture
# when it is not x86-64.
kpt_outdir() { # variant flavour(0|1|dump|debug-dump)
	local d=$KPT_BUILD/out/$1$KPT_ARCH_SUFFIX
	case ${2:-0} in
	1) d=$d-debug ;;
	dump) d=$d-dump ;;
	debug-dump) d=$d-debug-dump ;;
	esac
	echo "$d"
}

# kpt_build_stamp: the user, host and date every test kernel's version
# string shows, so that two builds of a tree are alike (exported for make).
kpt_build_stamp() {
	export KBUILD_BUILD_USER=kprobetrace KBUILD_BUILD_HOST=qemu
	export KBUILD_BUILD_TIMESTAMP="2026-01-01"
}

# kpt_list FILE: the entries of a list of tests/ (tests/baseline/*,
# tests/selftests.list): the first word of each line that is neither
# blank nor a comment.
kpt_list() {
	grep -v -e '^#' -e '^[[:space:]]*$' "$1" 2>/dev/null | cut -d' ' -f1
}

# kpt_selftest_patterns isolate|main: the test patterns of
# tests/selftests.list, of its "isolate:" lines (tests that crash some
# kernel: a boot each) or of the others.
kpt_selftest_patterns() {
	local line
	grep -v -e '^#' -e '^[[:space:]]*$' "$KPT_ROOT/tests/selftests.list" |
	while read -r line; do
		case $line in
		isolate:*)
			if [ "$1" = isolate ]; then
				line=${line#isolate:}
				echo "${line# }"
			fi ;;
		*) if [ "$1" = main ]; then echo "$line"; fi ;;
		esac
	done
}

# The bootable kernel image of a build folder
kpt_image() { # outdir
	echo "$1/$KPT_IMAGE"
}

# kpt_pack_plain RUNNAME DEBUG VARIANT: pack an initramfs with no tests to
# run (for the demo and the shell) in build/out/VARIANT/RUNNAME/ and print
# its path.
kpt_pack_plain() {
	local run
	run=$(kpt_outdir "$3" "$2")/$1
	mkdir -p "$run"
	: >"$run/tests.list"
	"$KPT_ROOT/harness/initramfs.sh" "$3" "$2" "$run/tests.list" \
		"$run/initramfs.cpio.gz" >&2
	echo "$run/initramfs.cpio.gz"
}

# Kernel reports: console lines that fail a guest run whatever its tests
# said.  One pattern for every boot (the guest suite, boot tests, the
# differential test, the clients, stress, bench, demo).  The hung-task and
# RCU stall detectors are in it: a stall is a kernel bug, not slowness.
KPT_REPORTS='BUG:|WARNING:|KASAN:|UBSAN:|possible recursive locking|possible circular locking|inconsistent lock state|unreferenced object|Kernel panic|Oops:|general protection fault|rcu: INFO|self-detected stall|blocked for more than'

# kpt_reports CONSOLE...: the kernel report lines of guest consoles.
# Exit status 0 when there is at least one.
kpt_reports() {
	cat "$@" | tr -d '\r' | grep -aE "$KPT_REPORTS"
}

# kpt_reports_summary FILE: "N report lines, first: LINE" of kpt_reports'
# output in FILE, for a failure's summary line (the end of the output is
# all a CI log shows, so it names the first report).
kpt_reports_summary() {
	echo "$(wc -l <"$1") report lines, first: $(head -n 1 "$1" | cut -c 1-120)"
}
