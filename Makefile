# SPDX-License-Identifier: GPL-2.0
#
# kprobetrace: the probe-event front ends of Linux 6.12 (kprobe, uprobe,
# eprobe, fprobe and tracepoint probe events) on one library, built into
# a real kernel and tested under QEMU side by side with the stock
# implementation.
#
#   make demo                  build, boot, show probe events at work; draws
#                              an open latency histogram (build/out/KERNEL/demo/)
#   make check                 every test (host, then guest); ends "N passed, N failed"
#                              and prints where its time went
#   make check ARM64=1         and the arm64 part: the arm64 kernel, its kprobe
#                              and dynevent selftests, KUnit, differential
#                              (make check ARCH=arm64: the whole arm64 suite)
#   make check KERNEL=stock    the same suite on the pristine kernel (baseline)
#   make check DEBUG=1         on the KASAN/UBSAN/lockdep/kmemleak kernel
#   make check-dump            the boot tests of the "dump" flavour of ours
#                              (CONFIG_PROBE_EVENTS_DUMP_FETCHARG, built from a
#                              copy of the plain build): tests/boot/dump_*.sh
#   make check TESTS=profile   only guest tests whose path matches
#   make shell                 interactive guest shell (tracefs at /sys/kernel/tracing)
#   make baseline              rerun the stock suite, rewrite tests/baseline/stock.pass
#   make kernel                just build (KERNEL, DEBUG as above)
#   make diff                  differential test: tests/diff/corpus.txt vs stock.golden (KERNEL as above)
#   make diff-golden           rewrite tests/diff/stock.golden from the stock kernel
#                              (ARCH=arm64: tests/diff/stock-arm64.golden)
#   make bench                 probe-hit and control-plane costs, stock and ours,
#                              under QEMU -icount; writes BENCHMARKS.md
#   make bench PROFILE=1       where each row's instructions go, per function
#                              (ARCH=arm64: the arm64 kernels, BENCHMARKS.md's
#                              arm64 section)
#   make bench MASS=1          1000 fprobe events, one write each (an hour: 6.12
#                              registers an fprobe per event); own section
#   make distro                kernel/trace/ of ours under Debian's 6.12 config
#                              and allmodconfig, W=1, against stock's recorded
#                              diagnostics (part of make check)
#   make distro-golden         rebuild stock under both, rewrite its record
#                              (tests/baseline/distro-*.stock)
#   make stress                reliability under load and hostile input, stock
#                              and ours: 10 minutes of concurrent load and
#                              100,000 fuzzed definitions per kernel (DEBUG as
#                              above; STRESS_SECONDS, FUZZ_WRITES, FUZZ_SEED,
#                              FUZZ_FIRST: the first write's index, to run a
#                              long fuzz in ranges); writes RELIABILITY.md
#   make stress-golden         rewrite tests/stress/fuzz[-arm64].golden (the short
#                              fuzz run make check compares with) from stock
#                              (DEBUG=1: fuzz-debug.golden, for make check DEBUG=1)
#   make clients               Debian's perf, bpftrace, bpftool, trace-cmd and
#                              libtracefs on the kernel (KERNEL as above), each
#                              compared with stock's tests/clients/golden
#                              (make check runs those of tests/clients/check.list)
#   make clients-golden        rewrite tests/clients/golden from the stock kernel
#   make tracecmd-race         trace-cmd's lost records of a short command,
#                              measured on stock and ours side by side
#   make series                the patch series of kprobetrace against the stock
#                              6.12 tree (series/list), with a cover letter, in
#                              build/series/out/
#   make series-check          make series, then check it: git am onto a git
#                              repository of the stock tree, checkpatch --strict,
#                              the ours tree at the end, and every patch built in
#                              order, all of kernel/trace/ under the test config
#                              and Debian's (make check runs a short form)
#
# Build output lives in build/ (git-ignored).

KERNEL ?= ours
DEBUG ?= 0
# The kernels' architecture: x86_64, or arm64 (cross-built with Debian's
# aarch64-linux-gnu- compiler, booted under qemu-system-aarch64)
ARCH ?= x86_64
export KPT_ARCH := $(ARCH)
TESTS ?=
H := harness

CHECK_FLAGS := $(if $(filter 1,$(DEBUG)),-d) $(if $(TESTS),-t '$(TESTS)') \
	$(if $(filter 1,$(NO_HOST)),-H) $(if $(filter 1,$(GUEST_ONLY)),-G) \
	$(if $(filter 1,$(ARM64)),-A)
QEMU_FLAGS := $(if $(filter 1,$(DEBUG)),-d)

.PHONY: all deps tree kernel check check-dump demo shell baseline diff diff-golden bench distro distro-golden \
	stress stress-golden clients clients-golden tracecmd-race series series-check deb distro-boot \
	host-test fuzz clean distclean

all: kernel

deps:
	@$(H)/deps.sh

tree: deps
	@$(H)/tree.sh $(KERNEL)

kernel: tree
	@$(H)/kbuild.sh $(KERNEL) $(DEBUG)

check: tree
	@$(H)/check.sh -b $(CHECK_FLAGS) $(KERNEL)

check-dump: kernel
	@$(H)/check.sh -H -D -t 'boot/dump' $(if $(filter 1,$(DEBUG)),-d) $(KERNEL)

demo: kernel
	@$(H)/demo.sh $(QEMU_FLAGS) $(KERNEL)

shell: kernel
	@$(H)/shell.sh $(QEMU_FLAGS) $(KERNEL)

baseline:
	@$(MAKE) --no-print-directory check KERNEL=stock GUEST_ONLY=1 || true
	@$(H)/baseline.sh

diff: kernel
	@$(H)/diff.sh $(KERNEL)

diff-golden:
	@$(MAKE) --no-print-directory kernel KERNEL=stock DEBUG=0
	@$(H)/diff.sh -g stock

# Both kernels, whatever KERNEL says: the table compares them.
bench:
	@$(MAKE) --no-print-directory kernel KERNEL=stock DEBUG=0
	@$(MAKE) --no-print-directory kernel KERNEL=ours DEBUG=0
	@$(H)/bench.sh $(if $(HITS),-n $(HITS)) $(if $(filter 1,$(PROFILE)),-p) \
		$(if $(filter 1,$(MASS)),-m)

# kernel/trace/ of both trees under Debian's config and allmodconfig
distro: deps
	@$(H)/distro.sh

# Rebuild the stock tree under both configs and rewrite
# tests/baseline/distro-CONFIG.stock, what make distro compares ours with.
distro-golden: deps
	@$(H)/distro.sh -g

# Both kernels, whatever KERNEL says: the figures compare them.
STRESS_SECONDS ?= 600
FUZZ_WRITES ?= 100000
FUZZ_SEED ?= 1
FUZZ_FIRST ?= 0
stress:
	@$(MAKE) --no-print-directory kernel KERNEL=stock
	@$(MAKE) --no-print-directory kernel KERNEL=ours
	@$(H)/stress.sh $(QEMU_FLAGS) -t $(STRESS_SECONDS) -n $(FUZZ_WRITES) \
		-s $(FUZZ_SEED) -f $(FUZZ_FIRST)

# The short fuzz run of make check (harness/check.sh: its -n and -s).
stress-golden:
	@$(MAKE) --no-print-directory kernel KERNEL=stock
	@$(H)/stress.sh $(QEMU_FLAGS) -g -t 0 -n 5000 -s 1

clients: kernel
	@$(H)/clients.sh -a $(KERNEL)

clients-golden:
	@$(MAKE) --no-print-directory kernel KERNEL=stock DEBUG=0
	@$(H)/clients.sh -a -g stock

tracecmd-race:
	@$(MAKE) --no-print-directory kernel KERNEL=stock DEBUG=0
	@$(MAKE) --no-print-directory kernel KERNEL=ours DEBUG=0
	@$(H)/tracecmd-race.sh

series: tree
	@$(H)/series.sh

# The ours kernel's build gives the test config the patches are built with.
series-check:
	@$(MAKE) --no-print-directory kernel KERNEL=ours DEBUG=0 ARCH=x86_64
	@$(H)/series.sh -c -f

# Debian kernel packages (linux-image, linux-headers) of the ours tree with
# the config KCONFIG: by default the running kernel's when it is a 6.12
# one, else Debian's amd64 config.
deb: tree
	@$(H)/deb.sh $(KCONFIG)

# Debian's amd64 config (modules off but the test modules), stock and ours
# built and booted, the probe selftests' pass lists compared; not in make
# check (README: its time).
distro-boot: deps
	@$(H)/distro-boot.sh

host-test:
	@$(MAKE) -C tools/testing/trace_probe test

fuzz:
	@$(MAKE) -C tools/testing/trace_probe fuzz

clean:
	rm -rf build/out

distclean:
	rm -rf build
