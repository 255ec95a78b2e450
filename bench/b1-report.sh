#!/usr/bin/env bash
# Prints B1's table from a run's measurements: medians of the measured rounds (the warm-up is
# left out) of wall time and peak RSS per tool, and the ratios of the gate to its peers.
# Usage: bench/b1-report.sh [bench/target/b1]
set -euo pipefail
WORK="${1:-$(cd "$(dirname "$0")" && pwd)/target/b1}"

median() { sort -n | awk '{v[NR] = $1} END {if (NR == 0) {print "nan"; exit}
  print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
column_of() { awk -F'\t' -v tool="$1" -v col="$2" '$1 == tool && $2 != "warmup" {print $col}' \
  "$WORK/runs.tsv"; }

rounds="$(column_of asm_floor 2 | wc -l)"
java_options="$(cat "$WORK/java-options" 2>/dev/null || true)"
gate_wall="$(column_of gate 3 | median)"
gate_rss="$(column_of gate 4 | median)"
fa_wall="$(column_of forbidden_apis 3 | median)"
fa_rss="$(column_of forbidden_apis 4 | median)"
asm_wall="$(column_of asm_floor 3 | median)"
asm_rss="$(column_of asm_floor 4 | median)"
# The same scan of one class: what every scan costs whatever its input (absent in older runs).
one_wall="$(column_of gate_one_class 3 | median)"
# The same scan drawing the retry amplification map (absent in older runs).
amp_wall="$(column_of gate_amplification 3 | median)"
amp_rss="$(column_of gate_amplification 4 | median)"
# The gate's own time (import, rules, reports), as its summary line prints it, without Maven.
gate_own="$(for log in "$WORK"/runs/gate-[0-9]*.log; do
  grep -oP 'retry-owner: .* in \K[0-9.]+(?= s)' "$log" | tail -1; done | median)"

awk -v r="$rounds" -v gw="$gate_wall" -v gr="$gate_rss" -v go="$gate_own" -v fw="$fa_wall" \
  -v fr="$fa_rss" -v aw="$asm_wall" -v ar="$asm_rss" -v ow="$one_wall" -v mw="$amp_wall" \
  -v mr="$amp_rss" \
  -v jo="${java_options:-none}" 'BEGIN {
  printf "B1, medians of %d rounds after a warm-up; JVM options of every tool: %s\n", r, jo
  printf "| %-36s | %9s | %13s | %11s | %12s |\n", "tool", "wall (s)", "peak RSS (MB)", "wall vs FA", "wall vs ASM"
  printf "|%s|%s|%s|%s|%s|\n", "--------------------------------------", "-----------", "---------------", "-------------", "--------------"
  printf "| %-36s | %9.2f | %13d | %10.2fx | %11.2fx |\n", "retry-owner scan (mvn, whole run)", gw, gr / 1024, gw / fw, gw / aw
  printf "| %-36s | %9.2f | %13s | %10.2fx | %11.2fx |\n", "retry-owner gate alone (its summary)", go, "-", go / fw, go / aw
  printf "| %-36s | %9.2f | %13d | %10.2fx | %11.2fx |\n", "forbidden-apis CLI", fw, fr / 1024, 1, fw / aw
  printf "| %-36s | %9.2f | %13d | %10.2fx | %11.2fx |\n", "ASM floor (read + parse)", aw, ar / 1024, aw / fw, 1
  if (ow != "nan") {
    printf "| %-36s | %9.2f | %13s | %10.2fx | %11.2fx |\n", "retry-owner scan of one class", ow, "-", ow / fw, ow / aw
  }
  if (mw != "nan") {
    printf "| %-36s | %9.2f | %13d | %10.2fx | %11.2fx |\n", "scan with the amplification map", mw, mr / 1024, mw / fw, mw / aw
  }
  printf "peak RSS: scan %.2fx forbidden-apis, %.2fx the ASM floor\n", gr / fr, gr / ar
  if (mw != "nan") {
    printf "the amplification map adds %+.1f %% to the wall time of the scan (goal: at most +20 %%), %+.1f %% to its peak RSS\n", (mw / gw - 1) * 100, (mr / gr - 1) * 100
  }
}'
