#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make bench: guest instructions per probe hit, and the control-plane costs,
# on the stock kernel and on ours, in one run; KPT_ARCH=arm64 (make bench
# ARCH=arm64) on the arm64 kernels, into BENCHMARKS.md's arm64 section.
#   bench.sh [-n HITS] [-v VARIANTS] [-R] [-p|-m]
#   -n HITS      calls of the probed function per measurement (default 10000)
#   -v VARIANTS  which kernels to boot (default "stock ours")
#   -R           only rebuild the table from the last run's results
#   -p           profile instead: boot with the kpt_prof QEMU plugin, run
#                the per-hit matrix only, and print where each row's
#                instructions go, function by function (bench-profile.sh);
#                outputs under build/out/bench/profile, BENCHMARKS.md untouched
#   -m           mass instead (make bench MASS=1): 1000 fprobe events, one
#                write(2) each, into BENCHMARKS.md's section of its own;
#                outputs under build/out/bench/mass.  Apart from the rest
#                because 6.12 takes most of an hour of wall time over it
# Both kernels must be built (make kernel KERNEL=stock, KERNEL=ours).  For
# each: build the benchmark module against it and the static guest driver
# (tools/testing/kprobetrace/bench), pack a small initramfs, boot it under
# QEMU with -icount shift=0 (one guest nanosecond per instruction), and
# collect kpt_bench's result lines.  Then print the table and write it,
# with how it was made, to BENCHMARKS.md.
# Outputs go to $KPT_BENCH_OUT (default build/out/bench, bench-arm64).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

hits=10000 variants="stock ours" report_only=0 mode=probes
while getopts "n:v:Rpm" o; do
	case $o in
	n) hits=$OPTARG ;;
	v) variants=$OPTARG ;;
	R) report_only=1 ;;
	p) mode=profile ;;
	m) mode=mass ;;
	*) kpt_die "bad option" ;;
	esac
done
bench=${KPT_BENCH_OUT:-$KPT_BUILD/out/bench$KPT_ARCH_SUFFIX}
[ "$mode" = probes ] || bench=$bench/$mode
src=$KPT_ROOT/tools/testing/kprobetrace/bench
md=$KPT_ROOT/BENCHMARKS.md
# One guest run's bound; a run takes a few minutes (mass: an hour).
bound=${KPT_BENCH_TIMEOUT:-2400}
[ "$mode" != mass ] || bound=${KPT_BENCH_TIMEOUT:-10800}
mkdir -p "$bench"

# Build kpt_bench.ko against VARIANT's kernel, in a copy of the sources
# (an out-of-tree build writes next to them), and print its path.
build_module() { # variant
	local out dir
	out=$(kpt_outdir "$1" 0)
	dir=$bench/$1/mod
	rm -rf "$dir"
	mkdir -p "$dir"
	cp "$src"/{Kbuild,kpt_bench_mod.c,kpt_bench.h,kpt_bench_trace.h,gen_fns.sh} \
		"$dir/"
	make -s -C "$out" ARCH="$KPT_KARCH" ${KPT_CROSS:+CROSS_COMPILE=$KPT_CROSS} \
		M="$dir" modules >"$bench/$1/mod.log" 2>&1 ||
		{ cat "$bench/$1/mod.log" >&2; kpt_die "kpt_bench.ko does not build for $1"; }
	echo "$dir/kpt_bench.ko"
}

# Offset of the mid-function probe: the third instruction of
# kpt_bench_target() (after x86-64's __fentry__ call and one more; after
# arm64's two patchable NOPs of ftrace), so that the probe is not on
# ftrace's site.
mid_offset() { # module
	local hex
	# (addresses are the section's: the function need not be first)
	hex=$("${KPT_CROSS}objdump" -d --no-show-raw-insn "$1" |
		awk '/<kpt_bench_target>:$/ { f = 1; n = 0; start = $1; next }
		     f && /^$/ { exit }
		     f && /^ *[0-9a-f]+:/ { if (++n == 3) { sub(":", "", $1);
			print start, $1; exit } }')
	[ -n "$hex" ] && echo $((16#${hex#* } - 16#${hex% *}))
}

pack() { # variant module midoff
	local stage=$bench/$1/initramfs a sysroot=
	rm -rf "$stage"
	mkdir -p "$stage"/{bin,sbin,etc,proc,sys,dev,tmp,root,kpt,usr/bin,usr/sbin}
	# another architecture's busybox from its Debian package
	[ "$KPT_ARCH" = x86_64 ] || sysroot=$("$KPT_ROOT/harness/sysroot.sh")
	cp "$sysroot/bin/busybox" "$stage/bin/busybox"
	for a in $(/bin/busybox --list-full); do
		[ -e "$stage/$a" ] || ln -s /bin/busybox "$stage/$a"
	done
	cp "$KPT_ROOT/harness/guest/init" "$stage/init"
	cp "$KPT_ROOT/harness/guest/bench.sh" "$stage/kpt/bench.sh"
	chmod 755 "$stage/init" "$stage/kpt/bench.sh"
	cp "$bench/kpt_bench" "$stage/usr/bin/kpt_bench"
	cp "$2" "$stage/kpt/kpt_bench.ko"
	echo "$hits $3 $mode" >"$stage/kpt/bench.conf"
	echo "$1" >"$stage/kpt/variant"
	echo "root:x:0:0:root:/root:/bin/sh" >"$stage/etc/passwd"
	echo "root:x:0:" >"$stage/etc/group"
	(cd "$stage" && find . -print0 | LC_ALL=C sort -z |
		cpio --null -o -H newc -R 0:0 --quiet) |
		gzip -1 >"$bench/$1/initramfs.cpio.gz"
}

# Boot VARIANT: one vCPU, TCG with -icount shift=0,sleep=off so that guest
# time is the instruction count and idle time does not follow the host
# clock; the RTC runs on the same virtual clock from a fixed date, and
# nokaslr and norandmaps keep addresses the same from run to run.
# The kpt_prof plugin's QEMU arguments in profile mode: its segments go to
# $run/prof/segN, cut at each call of getpgid's system call (see
# kpt_bench.c), __x64_sys_getpgid or __arm64_sys_getpgid.
plugin_args() { # variant run-dir
	local mark sym
	[ "$mode" = profile ] || return 0
	# shellcheck disable=SC2016 # a name for kpt_arch_expand to replace
	sym=$(echo '${KPT_SYS}getpgid' | kpt_arch_expand)
	mark=$(awk -v s="$sym" '$3 == s { print $1 }' \
		"$(kpt_outdir "$1" 0)/System.map")
	[ -n "$mark" ] || kpt_die "no $sym in the $1 System.map"
	rm -rf "$2/prof"
	mkdir -p "$2/prof"
	echo "-plugin $bench/kpt_prof.so,mark=$mark,out=$2/prof/seg"
}

boot() { # variant
	local out run=$bench/$1 rc=0 plugin
	out=$(kpt_outdir "$1" 0)
	plugin=$(plugin_args "$1" "$run")
	# The last run's results stay, for the report's run-to-run comparison.
	if [ -f "$run/results" ]; then
		mv "$run/results" "$run/results.prev"
		mv "$run/ident" "$run/ident.prev" 2>/dev/null || true
	fi
	# What the guest runs; the module without its BTF, which pahole does
	# not generate byte for byte the same from one build to the next.
	"${KPT_CROSS}objcopy" --remove-section=.BTF \
		"$run/initramfs/kpt/kpt_bench.ko" "$run/ko.nobtf"
	sha256sum "$(kpt_image "$out")" "$run/ko.nobtf" \
		"$run"/initramfs/kpt/{bench.conf,bench.sh,variant} \
		"$run/initramfs/usr/bin/kpt_bench" | cut -d' ' -f1 >"$run/ident"
	rm -f "$run/console.log" "$run/results.txt"
	kpt_qemu_machine "$run/results.txt"
	# shellcheck disable=SC2086 # $plugin: none, or two words
	timeout -k 10 "$bound" "${kpt_machine[@]}" \
		-icount shift=0,sleep=off -rtc base=2024-01-01T00:00:00,clock=vm \
		-smp 1 -m 1G $plugin \
		-kernel "$(kpt_image "$out")" \
		-initrd "$run/initramfs.cpio.gz" \
		-append "console=$KPT_CONSOLE,115200 loglevel=5 panic=-1 oops=panic kpt.mode=bench nokaslr norandmaps" \
		-display none -no-reboot -monitor none \
		-serial "file:$run/console.log" "${kpt_results[@]}" \
		</dev/null || rc=$?
	tr -d '\r' <"$run/results.txt" >"$run/results"
	[ "$rc" = 0 ] || kpt_die "$1 guest run failed ($rc), see $run/console.log"
	grep -q '^bench done' "$run/results" ||
		kpt_die "$1 guest run did not finish, see $run/console.log"
	if grep '^error' "$run/results" >&2; then
		kpt_die "$1: kpt_bench reported errors (above)"
	fi
	if kpt_reports "$run/console.log" >&2; then
		kpt_die "$1: kernel reports in the bench run (above)"
	fi
}

run_all() {
	local v ko off t0 t1
	for v in $variants; do
		kpt_variant_check "$v"
		[ -f "$(kpt_image "$(kpt_outdir "$v" 0)")" ] ||
			kpt_die "no $v kernel (make kernel KERNEL=$v)"
	done
	"$KPT_CC" -static -O2 -Wall -Werror -o "$bench/kpt_bench" "$src/kpt_bench.c" ||
		kpt_die "kpt_bench does not build"
	if [ "$mode" = profile ]; then
		gcc -shared -fPIC -O2 -Wall -Werror -o "$bench/kpt_prof.so" \
			"$src/kpt_prof.c" || kpt_die "kpt_prof.so does not build"
	fi
	for v in $variants; do
		mkdir -p "$bench/$v"
		ko=$(build_module "$v")
		off=$(mid_offset "$ko")
		[ -n "$off" ] || kpt_die "no kpt_bench_target in $ko"
		pack "$v" "$ko" "$off"
		kpt_log "bench: booting $v (icount; a few minutes)"
		t0=$(date +%s)
		boot "$v"
		t1=$(date +%s)
		echo "$((t1 - t0))" >"$bench/$v/wall"
		kpt_log "bench: $v done in $((t1 - t0)) s"
	done
}

[ "$report_only" = 1 ] || run_all
case "$mode" in
profile)
	"$KPT_ROOT/harness/bench-profile.sh" "$bench" $variants |
		tee "$bench/profile.txt" ;;
*)
	"$KPT_ROOT/harness/bench-report.sh" "$bench" "$md" "$mode" ;;
esac
