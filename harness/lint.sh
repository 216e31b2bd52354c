#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Lint gate for the kernel files the repository owns and the guest test
# program (tools/testing/kprobetrace): checkpatch --strict and kernel-doc
# -Wall, from the stock tree's scripts.  The only findings allowed are
# those of harness/checkpatch.allow, each with its reason; anything else
# fails.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

scripts=$KPT_SRC/stock/scripts
[ -x "$scripts/checkpatch.pl" ] || kpt_die "no stock tree yet (make tree KERNEL=stock)"

# "TYPE FILE": the checkpatch findings allowed, each with its reason in
# the file (shared with the series check, harness/series.sh).
ALLOW=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$KPT_ROOT/harness/checkpatch.allow")

# Both scripts run in a fixed environment, so that the verdict depends on
# the files alone: checkpatch reads a .checkpatch.conf from $HOME (and
# perl warns on every file when HOME is unset), kernel-doc takes KCFLAGS,
# KDOC_WERROR and KBUILD_BUILD_TIMESTAMP from the environment, and perl
# warns on every start when the locale is missing.
lint_home=$(mktemp -d) || exit 1
out=$lint_home/lint.out
trap 'rm -rf "$lint_home"' EXIT
clean_env() {
	env -i PATH="$PATH" HOME="$lint_home" LC_ALL=C "$@"
}

cd "$KPT_ROOT" || exit 1
bad=0
for f in $(git ls-files -co --exclude-standard -- 'kernel/*.c' 'kernel/*.h' \
		'tools/testing/kprobetrace/*.c' 'tools/testing/kprobetrace/*.h'); do
	clean_env "$scripts/checkpatch.pl" --strict --no-tree --terse \
		--show-types --no-summary -f "$f" 2>&1 |
	while IFS= read -r line; do
		type=$(echo "$line" | sed -n 's/^[^:]*:[0-9]*: [A-Z]*:\([A-Z_0-9]*\):.*/\1/p')
		if [ -n "$type" ] && grep -qxF "$type $f" <<<"$ALLOW"; then
			continue
		fi
		echo "$line"
	done >"$out"
	if [ -s "$out" ]; then
		cat "$out"
		bad=1
	fi
	if ! clean_env "$scripts/kernel-doc" -none -Wall "$f" >"$out" 2>&1 ||
	   [ -s "$out" ]; then
		cat "$out"
		bad=1
	fi
done
# The patches to the kernel trees, as patches (their context and mail
# header included; an absolute path, as checkpatch misreads a Kconfig
# hunk of a patch named by the relative path "patches/...").
for f in patches/*.patch; do
	if ! clean_env "$scripts/checkpatch.pl" --strict --no-tree --terse \
		--no-summary "$KPT_ROOT/$f" >"$out" 2>&1 || [ -s "$out" ]; then
		cat "$out"
		bad=1
	fi
done
[ $bad = 0 ] && echo "lint: checkpatch --strict and kernel-doc -Wall clean"
exit $bad
