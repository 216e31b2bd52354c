#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The table of `make bench`, from the guest results of harness/bench.sh:
#   bench-report.sh BENCHDIR MARKDOWN [MODE]
# BENCHDIR/{stock,ours}/results hold kpt_bench's lines (see kpt_bench.c).
# Prints the tables and puts them into MARKDOWN between the markers
# "<!-- bench:begin -->" and "<!-- bench:end -->" (KPT_ARCH=arm64:
# "bench-arm64:"); text outside them is kept, so the file can carry
# hand-written notes.  Without the markers they are added at the end of
# the file, under a heading of their own (without the file, a new one).
# MODE mass (bench.sh -m): the table of the 1000 fprobe events instead,
# between "<!-- bench-mass:begin -->" and its end ("bench-mass-arm64:").
set -euo pipefail
# a failing awk in a table, inside $(...), fails the report
shopt -s inherit_errexit
. "$(dirname "$0")/lib.sh"

bench=${1:?usage: bench-report.sh BENCHDIR MARKDOWN}
md=${2:?usage: bench-report.sh BENCHDIR MARKDOWN}
mode=${3:-probes}
files=
for v in stock ours; do
	[ -f "$bench/$v/results" ] && files="${files:+$files }$bench/$v/results"
done
[ -n "$files" ] || kpt_die "no results in $bench (run harness/bench.sh)"
# The architecture's section of MARKDOWN, and its name for a kprobe's trap
case "$KPT_ARCH" in
x86_64)	marker=bench trap=int3 heading= ;;
arm64)	marker=bench-arm64 trap=BRK heading="## Results on arm64" ;;
esac
if [ "$mode" = mass ]; then
	heading="## 1000 fprobe events (make bench MASS=1)"
	[ "$KPT_ARCH" = x86_64 ] || heading="$heading on $KPT_ARCH"
	marker=bench-mass$KPT_ARCH_SUFFIX
fi

# An awk function for both tables of control-plane steps: a row of the
# step TEXT with stock's and ours' guest times A and B (ns), ours/stock
# to DIGITS decimals (default 2), and the target T of ours/stock when
# there is one (1: no slower than stock).
awk_cprow='
	function cprow(text, a, b, t, digits,   r, tg) {
		if (digits == "")
			digits = 2
		r = a > 0 ? sprintf("%." digits "f", b / a) : "-"
		if (t != "")
			tg = sprintf("≤%.2f (%gx faster) %s", t, 1 / t,
				     (a > 0 && b / a <= t ? "met" : "**missed**"))
		if (t == 1)
			tg = "≤1.00 " (a > 0 && b <= a ? "met" : "**missed**")
		printf "| %s | %.1f ms | %.1f ms | %s | %s |\n", text, a / 1e6, b / 1e6, r, tg
	}'

# The per-hit matrix and the control-plane rows, as Markdown tables.  A
# row's value is the smaller of its two reps (noise here only adds: a
# timer tick that has more housekeeping to do in one rep than the other).
tables() {
	awk "$awk_cprow"'
	function per(ns) { return ns / hits }
	function f1(x) { return sprintf("%.1f", x) }
	function keep(a, k, x) { if (!(k in a) || x < a[k]) a[k] = x }
	function have(v, id) { return ((v SUBSEP id) in rw) }
	# a row of the 7.3 grammar runs another definition on stock: show both
	function defn(id) {
		if (!(("stock" SUBSEP id) in vdef) || !(("ours" SUBSEP id) in vdef) ||
		    vdef["stock", id] == vdef["ours", id])
			return "`" def[id] "`"
		return "ours `" vdef["ours", id] "`, stock `" vdef["stock", id] "`"
	}
	function floors(s) {
		if (f1(fl["stock", s]) == f1(fl["ours", s]))
			return f1(fl["stock", s])
		return f1(fl["stock", s]) " / " f1(fl["ours", s])
	}
	FNR == 1 { v = FILENAME ~ /\/stock\/results$/ ? "stock" : "ours" }
	$1 == "hits" { hits = $2 }
	$1 == "cpdef" && $2 == "glob" { glob_def = $0; sub(/^cpdef glob /, "", glob_def) }
	$1 == "na" && $2 == "cp" && $3 == "glob" {
		glob_na = $0; sub(/^na cp glob /, "", glob_na)
	}
	$1 == "def" || ($1 == "na" && $2 != "floor" && $2 != "cp") {
		if (!($2 in site)) order[++nrows] = $2
		site[$2] = $3
		d = $0; sub(/^[a-z]+ [^ ]+ [^ ]+ /, "", d); sub(/ +$/, "", d)
		if ($1 == "na") na[$2] = d; else { def[$2] = d; vdef[v, $2] = d }
	}
	$1 == "floor" { keep(fl, v SUBSEP $2, per($8 - $6)) }
	$1 == "row" { keep(rw, v SUBSEP $2, per($8 - $6)) }
	$1 == "cp" { keep(cp, v SUBSEP $2, $6) }
	$1 == "mem" && $4 == 0 { mem[v, $2] = $6 }
	$1 == "mem" && $4 == 1 { mem1[v, $2] = $6 }
	END {
		# The front-end rows (uprobe, fprobe, eprobe): the target of issue 11
		split("noargs 0.85 args 0.6 string 0.35 two 0.5 front 0.85", t, " ")
		for (i = 1; i < 10; i += 2) target[t[i]] = t[i + 1]
		n = split("noargs:noargs:entry, no arguments|" \
			  "regs4:args:four register arguments|" \
			  "deref:args:dereference chain|" \
			  "kstring:string:kernel string|" \
			  "comm:string:$comm|" \
			  "ustring:string:user string (syscall argument)|" \
			  "array:args:u8[16] array|" \
			  "bitfield:args:bitfield|" \
			  "cast:grammar:typecast chain through BTF (ours) vs +OFFS chain (stock)|" \
			  "current:grammar:$current->pid (ours) vs +OFFS of a task argument (stock)|" \
			  "percpu:grammar:this_cpu_read() of a per-CPU variable (ours) vs +0 of a this-CPU pointer argument (stock)|" \
			  "ret_noargs:noargs:kretprobe, no arguments|" \
			  "ret_retval:args:kretprobe, $retval|" \
			  "ret_arg:args:kretprobe, entry $arg4|" \
			  "mid_int3:noargs:mid-function, " trap "|" \
			  "mid_opt:noargs:mid-function, jump-optimized|" \
			  "two_regs4:two:two instances, four registers|" \
			  "two_kstring:two:two instances, kernel string|" \
			  "filtered:args:filter rejects the record|" \
			  "tracing_off:args:hit while tracing_on is 0|" \
			  "getppid:noargs:getppid() reference, no arguments|" \
			  "u_noargs:front:uprobe, no arguments|" \
			  "u_regs2:front:uprobe, two register arguments|" \
			  "u_ustring:front:uprobe, user string|" \
			  "f_noargs:front:fprobe, no arguments|" \
			  "f_args4:front:fprobe, four $argN|" \
			  "f_disabled:disabled:fprobe defined, never enabled|" \
			  "e_fields:front:eprobe, a field and a dereference", c, "|")
		for (i = 1; i <= n; i++) {
			split(c[i], kv, ":")
			cls[kv[1]] = kv[2]; label[kv[1]] = kv[3]
		}
		print "| Row | Definition | Stock | Ours | Floor | Stock above floor | Ours above floor | Ours/stock | Target |"
		print "|---|---|---:|---:|---:|---:|---:|---:|---|"
		for (i = 1; i <= nrows; i++) {
			id = order[i]; s = site[id]
			if (id in na && !(id in def)) {
				printf "| %s | n/a: %s | | | | | | | |\n", label[id], na[id]
				continue
			}
			if (!have("stock", id) || !have("ours", id)) {
				printf "| %s | %s | %s | %s | | | | | |\n", label[id], defn(id),
					(have("stock", id) ? f1(rw["stock", id]) : "-"),
					(have("ours", id) ? f1(rw["ours", id]) : "-")
				continue
			}
			if (cls[id] == "disabled") {
				# what a defined event costs: the hit over the baseline
				printf "| %s | `%s` | %s | %s | | | | | 0 (≤0.5) %s |\n",
					label[id], def[id], f1(rw["stock", id]), f1(rw["ours", id]),
					(rw["ours", id] <= 0.5 ? "met" : "**missed**")
				continue
			}
			ss = rw["stock", id] - fl["stock", s]
			so = rw["ours", id] - fl["ours", s]
			ratio = ss > 0 ? so / ss : 0
			# the grammar rows: no issue sets them a target
			tg = ""
			if (cls[id] in target)
				tg = "≤" target[cls[id]] " " \
				     (ratio <= target[cls[id]] + 0 ? "met" : "**missed**")
			printf "| %s | %s | %s | %s | %s | %s | %s | %.2f | %s |\n",
				label[id], defn(id), f1(rw["stock", id]), f1(rw["ours", id]),
				floors(s), f1(ss), f1(so), ratio, tg
		}
		print ""
		print "| Control plane, 1000 events | Stock | Ours | Ours/stock | Target |"
		print "|---|---:|---:|---:|---|"
		# KEY=LABEL=TARGET (ours/stock at most; none: no target)
		n = split("create=create, one write(2) per definition=|" \
			  "enable=enable (events/kptcp/enable)=0.10|" \
			  "disable=disable (events/kptcp/enable)=0.10|" \
			  "delete=delete, one write(2) per -:event=0.05|" \
			  "create_bulk=create, all in one write(2)=|" \
			  "delete_trunc=delete all, truncating kprobe_events=|" \
			  "delete_busy=delete, one write(2) per -:event, a trace_marker line written before each=", st, "|")
		for (i = 1; i <= n; i++) {
			split(st[i], kv, "=")
			cprow(kv[2], cp["stock", kv[1]], cp["ours", kv[1]], kv[3])
			if (kv[1] != "create" && kv[1] != "enable" &&
			    kv[1] != "disable" && kv[1] != "delete")
				continue
			e2e["stock"] += cp["stock", kv[1]]
			e2e["ours"] += cp["ours", kv[1]]
		}
		cprow("create + delete (one write each)",
		      cp["stock", "create"] + cp["stock", "delete"],
		      cp["ours", "create"] + cp["ours", "delete"], 0.50)
		cprow("end to end: create, enable, disable, delete (one write each)",
		      e2e["stock"], e2e["ours"], 0.10)
		if (glob_na != "") {
			printf "| one fprobe event over the 1000 functions | n/a: %s | | | |\n", glob_na
		} else {
			n = split("glob_create=create=|glob_enable=enable=|" \
				  "glob_disable=disable=|glob_delete=delete=", st, "|")
			for (i = 1; i <= n; i++) {
				split(st[i], kv, "=")
				cprow("one fprobe event over the 1000 (`" glob_def "`): " kv[2],
				      cp["stock", kv[1]], cp["ours", kv[1]], kv[3])
				g["stock"] += cp["stock", kv[1]]; g["ours"] += cp["ours", kv[1]]
			}
			cprow("the one fprobe event, end to end", g["stock"], g["ours"], 1.00)
			cprow("the one fprobe event, end to end (ours), against the 1000 kprobe events end to end (stock)",
			      e2e["stock"], g["ours"], 0.02)
		}
		a = mem["stock", "Slab"] * 1024 / 1000
		b = mem["ours", "Slab"] * 1024 / 1000
		printf "| slab memory per event | %.0f B | %.0f B | %s | ≤1.00 %s |\n",
			a, b, (a > 0 ? sprintf("%.2f", b / a) : "-"),
			(b <= a ? "met" : "**missed**")
		a = mem1["stock", "Slab"] * 1024 / 1000
		b = mem1["ours", "Slab"] * 1024 / 1000
		printf "| slab memory per event, second rep | %.0f B | %.0f B | %s | |\n",
			a, b, (a > 0 ? sprintf("%.2f", b / a) : "-")
		a = mem["stock", "Percpu"] * 1024 / 1000
		b = mem["ours", "Percpu"] * 1024 / 1000
		printf "| per-CPU memory per event | %.0f B | %.0f B | | |\n", a, b
	}' trap="$trap" $files
}

# The table of make bench MASS=1: 1000 fprobe events, one write(2) each;
# last, the memory of 1000 exit events with an argument on one function
# (issue 45: at most stock's)
mass_table() {
	awk "$awk_cprow"'
	function memrow(text, a, b, t,   r, tg) {
		r = (a > 0) ? sprintf("%.3f", b / a) : "-"
		tg = t ? "≤1.00 " ((b <= a) ? "met" : "**missed**") : ""
		printf "| %s | %d kB | %d kB | %s | %s |\n", text, a, b, r, tg
	}
	function mass_args(d) {
		print ""
		print "| 1000 fprobe exit events with an argument on one function (`" d "`), enabled as a group, one vCPU | Stock | Ours | Ours/stock | Target |"
		print "|---|---:|---:|---:|---|"
		cprow("create", cp["stock", "fa_create"], cp["ours", "fa_create"], "", 3)
		cprow("enable (events/kptfa/enable)", cp["stock", "fa_enable"],
		      cp["ours", "fa_enable"], "", 3)
		cprow("delete, one write(2) per -:event", cp["stock", "fa_delete"],
		      cp["ours", "fa_delete"], "", 3)
		memrow("memory enabled: vmalloc (the rethook pools)",
		       memfa["stock", "VmallocUsed"], memfa["ours", "VmallocUsed"], 1)
		memrow("memory enabled: slab", memfa["stock", "Slab"],
		       memfa["ours", "Slab"], 0)
		memrow("memory enabled: per-CPU", memfa["stock", "Percpu"],
		       memfa["ours", "Percpu"], 0)
		memrow("memory enabled: all (MemFree drop)", memfa["stock", "MemFree"],
		       memfa["ours", "MemFree"], 1)
	}

	FNR == 1 { v = FILENAME ~ /\/stock\/results$/ ? "stock" : "ours" }
	$1 == "cp" { cp[v, $2] = $6 }
	$1 == "cpdef" && $2 == "mass" { d = $0; sub(/^cpdef mass /, "", d) }
	$1 == "cpdef" && $2 == "massret" { dr = $0; sub(/^cpdef massret /, "", dr) }
	$1 == "cpdef" && $2 == "massarg" { da = $0; sub(/^cpdef massarg /, "", da) }
	$1 == "memfa" { memfa[v, $2] = $4 }
	$1 == "na" && $2 == "cp" { na = $0; sub(/^na cp [^ ]+ /, "", na) }
	END {
		if (na != "") {
			print "n/a: " na "."
			exit
		}
		print "| 1000 fprobe events (`" d "`), one write(2) each | Stock | Ours | Ours/stock | Target |"
		print "|---|---:|---:|---:|---|"
		n = split("f_create=create|f_enable=enable (events/kptfp/enable)|" \
			  "f_disable=disable (events/kptfp/enable)|" \
			  "f_delete=delete, one write(2) per -:event|" \
			  "f_create_again=create again|" \
			  "f_delete_trunc=delete all, truncating dynamic_events", st, "|")
		for (i = 1; i <= n; i++) {
			split(st[i], kv, "=")
			cprow(kv[2], cp["stock", kv[1]], cp["ours", kv[1]], "", 3)
			if (i <= 4) {
				a += cp["stock", kv[1]]; b += cp["ours", kv[1]]
			}
		}
		cprow("end to end: create, enable, disable, delete", a, b, 0.02, 3)
		if (dr == "")
			exit
		print ""
		print "| 1000 fprobe exit events (`" dr "`), one write(2) each | Stock | Ours | Ours/stock | Target |"
		print "|---|---:|---:|---:|---|"
		n = split("fr_create=create|fr_enable=enable (events/kptfr/enable)|" \
			  "fr_disable=disable (events/kptfr/enable)|" \
			  "fr_delete=delete, one write(2) per -:event", st, "|")
		a = b = 0
		for (i = 1; i <= n; i++) {
			split(st[i], kv, "=")
			cprow(kv[2], cp["stock", kv[1]], cp["ours", kv[1]], "", 3)
			a += cp["stock", kv[1]]; b += cp["ours", kv[1]]
		}
		cprow("end to end: create, enable, disable, delete", a, b, 0.02, 3)
		if (da != "")
			mass_args(da)
	}' $files
}

# The armed probes, as kprobes/list showed them, with the code at the
# probed address: evidence of ftrace-based, trap and jump-optimized probes.
probes() {
	awk '$1 == "probe" && $2 ~ /^floor_/ {
		line = $0
		if ($3 ~ /^[0-9a-f]+$/)
			sub(/^probe [^ ]+ [0-9a-f]+ +/, "", line)
		else
			sub(/^probe [^ ]+ +/, "", line)
		gsub(/ +/, " ", line)
		printf "- %s: `%s`\n", substr($2, 7), line
	}
	$1 == "na" && $2 == "floor" {
		line = $0; sub(/^na floor [^ ]+ /, "", line)
		printf "- %s: n/a, %s\n", $3, line
	}' "$1"
}

# How far rep 0 and rep 1 of each row agree, per kernel; and, when the
# previous run booted the same kernel, module and driver, how far the two
# runs agree, raw and as the table prints them.
determinism() {
	local v f
	for v in stock ours; do
		f=$bench/$v/results
		[ -f "$f" ] || continue
		awk -v v="$v" '
		$1 == "hits" { hits = $2 }
		$1 == "row" || $1 == "floor" {
			x[$1 " " $2, $4] = ($8 - $6) / hits; k[$1 " " $2] = 1
		}
		$1 == "cp" { c[$2, $4] = $6 / 1e6; ck[$2] = 1 }
		END {
			for (id in k) {
				d = x[id, 1] - x[id, 0]; if (d < 0) d = -d
				n++
				if (d == 0) same++
				if (d > max) { max = d; mid = id }
			}
			for (id in ck) {
				d = c[id, 1] - c[id, 0]; if (d < 0) d = -d
				if (d > cmax) { cmax = d; cid = id }
			}
			printf "- %s, rep 0 against rep 1 of one boot: %d of %d per-hit measurements " \
			       "identical to the nanosecond; largest difference %.4f instructions per hit " \
			       "(%s). Control-plane steps within %.2f ms (%s).\n",
			       v, same, n, max, mid, cmax, cid
		}' "$f"
		if [ -f "$f.prev" ] && [ -f "$bench/$v/ident.prev" ] &&
		   cmp -s "$bench/$v/ident" "$bench/$v/ident.prev"; then
			awk -v v="$v" '
			function keep(a, k, x) { if (!(k in a) || x < a[k]) a[k] = x }
			$1 == "hits" { hits = $2 }
			$1 == "row" || $1 == "floor" {
				val = ($8 - $6) / hits; id = $1 " " $2
				if (FILENAME ~ /prev$/) { p[id, $4] = val; keep(pm, id, val) }
				else { c[id, $4] = val; keep(cm, id, val); ids[id] = 1 }
			}
			END {
				for (id in ids) {
					for (r = 0; r < 2; r++) {
						n++; d = c[id, r] - p[id, r]; if (d < 0) d = -d
						if (d == 0) same++
						if (d > max) max = d
					}
					rows++
					if (sprintf("%.1f", cm[id]) == sprintf("%.1f", pm[id])) tsame++
				}
				printf "- %s, this boot against the previous one (same kernel, module and driver): " \
				       "%d of %d per-hit measurements identical to the nanosecond, largest " \
				       "difference %.4f instructions per hit; %d of %d table values identical.\n",
				       v, same, n, max, tsame, rows
			}' "$f.prev" "$f"
		fi
	done
}

about() {
	local v total=0 w
	echo "Kernels: $(for v in stock ours; do
		[ -f "$bench/$v/results" ] &&
			printf '%s %s; ' "$v" "$(awk '$1 == "kernel" { print $2 }' "$bench/$v/results")"
		done)$("$KPT_QEMU" --version | head -n 1)."
	for v in stock ours; do
		[ -f "$bench/$v/wall" ] || continue
		w=$(cat "$bench/$v/wall")
		total=$((total + w))
		printf 'Wall time of the %s boot: %d s. ' "$v" "$w"
	done
	echo "Both: $total s on the 2-core build host (niced, alongside other jobs)."
	# The options set must be the same; ours' Kconfig knows options that
	# stock's does not (patches/, ours only), listed as not set.
	if cmp -s <(grep '^CONFIG_' "$(kpt_outdir stock 0)/.config") \
		  <(grep '^CONFIG_' "$(kpt_outdir ours 0)/.config"); then
		echo "The two kernels were built with the same options set$(cmp -s \
			"$(kpt_outdir stock 0)/.config" "$(kpt_outdir ours 0)/.config" ||
			echo " (ours also knows options stock has not: $(diff \
				"$(kpt_outdir stock 0)/.config" "$(kpt_outdir ours 0)/.config" |
				sed -n 's/^> # CONFIG_\(.*\) is not set$/\1/p' | xargs | sed 's/ /, /g'), off)")."
	else
		echo "**The two kernels' .config files differ.**"
	fi
}

mass_body() {
	echo "<!-- $marker:begin -->"
	echo "<!-- Generated by harness/bench.sh -m ($(date -u +%Y-%m-%d)); edit outside the markers. -->"
	echo
	echo "Guest time (\`-icount shift=0\`: one nanosecond per instruction, idle"
	echo "time included) of each step, one rep."
	echo
	mass_table
	echo
	about
	echo "<!-- $marker:end -->"
}

probes_body() {
	echo "<!-- $marker:begin -->"
	echo "<!-- Generated by harness/bench.sh ($(date -u +%Y-%m-%d)); edit outside the markers. -->"
	echo
	echo "Guest instructions per probe hit: with \`-icount shift=0\` one guest"
	echo "nanosecond is one executed instruction.  $(awk '$1 == "hits" { print $2; exit }' $files)"
	echo "calls of the probed function per measurement, baseline (event defined,"
	echo "disabled) subtracted; the smaller of two reps.  Floor: a bare kprobe,"
	echo "kretprobe, fprobe, uprobe or tracepoint probe (as the row's event is),"
	echo "with an empty handler on the same spot."
	echo "Ours/stock compares the cost above the floor."
	echo "The typecast, \$current and per-CPU rows measure upstream 7.3's"
	echo "fetch-argument grammar, which 6.12 does not accept: stock runs the"
	echo "classic \`+OFFS(...)\` chain that reads the same memory into the same"
	echo "type (the task and the per-CPU pointer passed to the probed function"
	echo "as arguments); the Definition column shows both.  No target is set"
	echo "for them."
	echo
	tables
	echo
	echo "The floors' probes, from /sys/kernel/debug/kprobes/list for the kprobes"
	echo "(stock; ours alike), with the code at the probed address (x86-64: its"
	echo "first byte; arm64: the instruction):"
	echo
	probes "${files%% *}"
	echo
	echo "Determinism:"
	echo
	determinism
	echo
	about
	echo "<!-- $marker:end -->"
}

body=$("${mode}_body")
echo "$body" | sed '/^<!--/d'
if [ -f "$md" ] && grep -q "^<!-- $marker:begin -->" "$md"; then
	awk -v body="$body" -v m="$marker" '
		$0 == "<!-- " m ":begin -->" { print body; skip = 1; next }
		$0 == "<!-- " m ":end -->" { skip = 0; next }
		!skip' "$md" >"$md.tmp"
elif [ -f "$md" ]; then
	{
		cat "$md"
		echo
		echo "$heading"
		echo
		echo "$body"
	} >"$md.tmp"
else
	{
		echo "# Benchmarks"
		echo
		echo "Reproduce with \`make bench\` (see harness/bench.sh)."
		echo
		echo "$body"
	} >"$md.tmp"
fi
mv "$md.tmp" "$md"
kpt_log "bench: table written to ${md#$KPT_ROOT/}"
