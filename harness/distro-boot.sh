#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Debian's own kernel configuration, booted (make distro-boot):
#   distro-boot.sh
# Builds the stock and the ours tree with Debian's amd64 config (package
# linux-config-6.12) as it is, except for modules: every module option is
# turned off but the test modules the guest tests load (the "=m" lines of
# config/kprobetrace.config), so that a build takes minutes, not hours, on
# two cores, and the guest, which boots from an initramfs, needs nothing
# from a disk.  Boots each under QEMU with the guest suite's initramfs
# (harness/initramfs.sh, with this build's modules) and runs the stock
# probe selftests (test.d/kprobe, test.d/dynevent) on both, and the
# project's tests (test.d/kprobetrace) on ours.  The tests marked
# "isolate:" in tests/selftests.list get a boot each, as in make check.
# Verdicts, one test each:
#   a stock selftest  ours passes it exactly when stock does, but for the
#                     tests of tests/baseline/ours.pass (must pass on ours)
#                     and ours.widened (7.3's wider limits: must not)
#   a project test    passes on ours; UNSUPPORTED is a skip, with the
#                     reason ftracetest gave
#   kernel reports    none on ours (lib.sh's KPT_REPORTS)
# Builds in build/out/distro-boot-VARIANT, runs and the two pass lists in
# build/out/distro-boot/.  Ends with "N passed, N failed, N skipped".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

[ "$KPT_ARCH" = x86_64 ] || kpt_die "distro-boot: Debian's amd64 config, x86-64 only"
runs=$KPT_BUILD/out/distro-boot
selftests="test.d/kprobe/*.tc test.d/dynevent/*.tc"
per_test=${KPT_TEST_TIMEOUT:-240}
boot_timeout=${KPT_BOOT_TIMEOUT:-300}
passed=0 failed=0 skipped=0

kpt_build_stamp

# The test modules: what config/kprobetrace.config builds as modules, and
# CONFIG_SAMPLES, which the samples among them depend on.
test_modules() {
	grep -E '^CONFIG_[A-Z0-9_]+=m$|^CONFIG_SAMPLES=y$' "$KPT_ROOT/config/kprobetrace.config"
}

# Debian's config, every "=m" off, the test modules on, no certificate of
# Debian's signing infrastructure (which is not in the source package).
configure() { # variant out
	local src=$KPT_SRC/$1 out=$2 want line
	want=$({ xzcat "$KPT_DEBIAN_CONFIG"; test_modules; } | sha256sum)
	[ "$(cat "$out/.kpt-config" 2>/dev/null)" = "$want" ] && return 0
	mkdir -p "$out"
	xzcat "$KPT_DEBIAN_CONFIG" |
		sed -E 's/^(CONFIG_[A-Za-z0-9_]+)=m$/# \1 is not set/' >"$out/.config"
	test_modules >>"$out/.config"
	"$src/scripts/config" --file "$out/.config" \
		--set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS ""
	make -C "$src" O="$out" olddefconfig >/dev/null || return 1
	while read -r line; do
		grep -qxF "$line" "$out/.config" ||
			{ echo "$1: $line did not stick" >&2; return 1; }
	done < <(test_modules)
	echo "$want" >"$out/.kpt-config"
}

# Build one variant: the boot image, the test modules in modroot/.
build() { # variant
	local src=$KPT_SRC/$1 out=$KPT_BUILD/out/distro-boot-$1 t0
	t0=$(date +%s)
	configure "$1" "$out" || return 1
	kpt_log "distro-boot: building $1 with Debian's config (log: ${out#"$KPT_ROOT"/}/build.log)"
	nice make -C "$src" O="$out" -j"$KPT_JOBS" bzImage modules >"$out/build.log" 2>&1 ||
		{ tail -n 30 "$out/build.log"; return 1; }
	rm -rf "$out/modroot"
	make -C "$src" O="$out" modules_install INSTALL_MOD_PATH="$out/modroot" \
		INSTALL_MOD_STRIP=1 >>"$out/build.log" 2>&1 || return 1
	echo "build $1 $(($(date +%s) - t0))" >>"$runs/times"
}

# The tests of a variant: the stock selftests from its own tree, the
# project's on ours.
list_tests() { # variant
	# shellcheck disable=SC2086 # the globs
	(cd "$KPT_SRC/$1/tools/testing/selftests/ftrace" && ls -1 $selftests)
	[ "$1" = stock ] ||
		(cd "$KPT_ROOT/tools/testing/selftests/ftrace" && ls -1 test.d/kprobetrace/*.tc)
}

# One boot of a variant's kernel running the tests of LIST; its results
# are appended to $runs/results-VARIANT.txt.
boot() { # variant tag list
	local v=$1 out=$KPT_BUILD/out/distro-boot-$1 dir=$runs/$1-$2 n
	n=$(wc -l <"$3")
	mkdir -p "$dir"
	KPT_OUT=$out KPT_STAGE=$dir/stage "$KPT_ROOT/harness/initramfs.sh" "$v" 0 "$3" \
		"$dir/initramfs.cpio.gz" || return 1
	rm -rf "$dir/stage" "$dir/stage.grammar"
	kpt_log "distro-boot: $v, $n tests ($2)"
	"$KPT_ROOT/harness/qemu.sh" -q -m check -k "$out/arch/x86/boot/bzImage" \
		-i "$dir/initramfs.cpio.gz" -r "$dir" -t $((n * per_test + boot_timeout)) \
		-a "kpt.timeout=$per_test" "$v"
	tr -d '\r' <"$dir/results.txt" >>"$runs/results-$v.txt"
	grep -q '^DONE' "$dir/results.txt" && return 0
	# stock crashes in a test of its own that make check isolates: its
	# tests there have no result, which the comparison sees
	if [ "$v" = ours ]; then
		verdict FAIL "boot $v $2" "did not finish (see ${dir#"$KPT_ROOT"/}/console.log)"
	else
		kpt_log "distro-boot: the $v boot $2 did not finish (see ${dir#"$KPT_ROOT"/}/console.log)"
	fi
}

# Every test of a variant: the main boot, then a boot per isolated test.
run_variant() { # variant
	local v=$1 t n=0 t0
	t0=$(date +%s)
	: >"$runs/results-$v.txt"
	list_tests "$v" | grep -vxF -f <(kpt_selftest_patterns isolate) >"$runs/$v.list"
	boot "$v" main "$runs/$v.list" || return 1
	for t in $(list_tests "$v" | grep -xF -f <(kpt_selftest_patterns isolate)); do
		n=$((n + 1))
		echo "$t" >"$runs/$v-isolated-$n.list"
		boot "$v" "isolated-$n" "$runs/$v-isolated-$n.list" || return 1
	done
	echo "boot $v $(($(date +%s) - t0))" >>"$runs/times"
}

verdict() { # PASS|FAIL|SKIP test why
	case $1 in
	PASS) passed=$((passed + 1)); return ;;
	FAIL) failed=$((failed + 1)) ;;
	SKIP) skipped=$((skipped + 1)) ;;
	esac
	printf '%-4s %s: %s\n' "$1" "$2" "$3"
}

result_of() { # variant test
	awk -v t="$2" '$1 == "RESULT" && $2 == t { print $3; exit }' "$runs/results-$1.txt"
}

in_baseline() { # list test
	kpt_list "$KPT_BASELINE/$1" | grep -qxF "$2"
}

# What ours must give for a stock selftest, from stock's result.
expected_of() { # test stock-result
	if in_baseline ours.pass "$1"; then
		echo PASS
	elif in_baseline ours.widened "$1"; then
		echo "not PASS"
	elif [ "$2" = PASS ]; then
		echo PASS
	else
		echo "not PASS"
	fi
}

compare() {
	local t s o want got
	for t in $(list_tests stock); do
		s=$(result_of stock "$t") o=$(result_of ours "$t")
		want=$(expected_of "$t" "${s:-NORESULT}")
		got="not PASS"
		[ "$o" = PASS ] && got=PASS
		if [ "$got" = "$want" ]; then
			verdict PASS "$t"
		else
			verdict FAIL "$t" "ours ${o:-NORESULT}, stock ${s:-NORESULT} (want $want)"
		fi
	done
	for t in $(list_tests ours | grep '^test.d/kprobetrace/'); do
		o=$(result_of ours "$t")
		case ${o:-NORESULT} in
		PASS) verdict PASS "$t" ;;
		UNSUPPORTED) verdict SKIP "$t" "UNSUPPORTED: $(unsupported_why "$t")" ;;
		*) verdict FAIL "$t" "${o:-NORESULT} (project test)" ;;
		esac
	done
	if kpt_reports "$runs"/ours-*/console.log >"$runs/kernel-reports.txt"; then
		verdict FAIL "kernel reports on ours" "$(head -n 1 "$runs/kernel-reports.txt")"
	else
		verdict PASS "kernel reports on ours"
	fi
}

# ftracetest's line of an unsupported test: what it tests.
unsupported_why() { # test
	grep -haF -A 40 "=== $1" "$runs"/ours-*/console.log | tr -d '\r' |
		grep -m 1 -F '[UNSUPPORTED]' | cut -c 1-100
}

pass_lists() {
	local v
	for v in stock ours; do
		awk '$1 == "RESULT" && $3 == "PASS" && $2 !~ /kprobetrace/ { print $2 }' \
			"$runs/results-$v.txt" | sort >"$runs/pass-$v.txt"
	done
	kpt_log "distro-boot: stock selftests passed: stock $(wc -l <"$runs/pass-stock.txt"), ours $(wc -l <"$runs/pass-ours.txt") of $(list_tests stock | wc -l)"
	diff "$runs/pass-stock.txt" "$runs/pass-ours.txt" >"$runs/pass.diff" ||
		sed 's/^/    /' "$runs/pass.diff"
}

[ -f "$KPT_DEBIAN_CONFIG" ] || kpt_die "$KPT_DEBIAN_CONFIG missing (make deps installs linux-config-6.12)"
"$KPT_ROOT/harness/tree.sh" stock >/dev/null && "$KPT_ROOT/harness/tree.sh" ours >/dev/null ||
	kpt_die "could not prepare the trees"
rm -rf "$runs"
mkdir -p "$runs"
# Stock's guest (one core: QEMU runs both vCPUs on one host thread)
# beside ours's build.
build stock || kpt_die "distro-boot: stock does not build with Debian's config"
run_variant stock &
stock_run=$!
build ours || kpt_die "distro-boot: ours does not build with Debian's config"
wait "$stock_run" || kpt_die "distro-boot: could not boot stock"
run_variant ours || kpt_die "distro-boot: could not boot ours"
compare
pass_lists
kpt_log "distro-boot: times (s): $(awk '{ printf "%s %s %s; ", $1, $2, $3 }' "$runs/times")"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
