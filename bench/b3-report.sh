#!/usr/bin/env bash
# Prints B3's table from a run's measurements: medians of the measured rounds (the warm-up is
# left out) of the engine's and parse-only's wall and CPU times, the ratio of medians and the median of the
# per-round ratios (the more robust figure when the machine's load changes during the run).
# Usage: bench/b3-report.sh [bench/target/b3]
set -euo pipefail
source "$(cd "$(dirname "$0")" && pwd)/source-set.sh"
WORK="${1:-$BENCH/target/b3}"

column_of() { awk -F'\t' -v mode="$1" -v col="$2" '$1 == mode && $2 != "warmup" {print $col}' \
  "$WORK/runs.tsv"; }
# round_ratios <column>: per measured round, the engine's figure over parse-only's.
round_ratios() { awk -F'\t' -v col="$1" '$2 != "warmup" {ms[$1, $2] = $col; rounds[$2]}
  END {for (r in rounds) if (("engine", r) in ms && ("parse", r) in ms)
    print ms["engine", r] / ms["parse", r]}' "$WORK/runs.tsv"; }

rounds="$(column_of parse 2 | wc -l)"
parse_ms="$(column_of parse 3 | median)"
engine_ms="$(column_of engine 3 | median)"
files="$(column_of parse 4 | head -1)"
findings="$(column_of engine 4 | head -1)"
loads="$(column_of parse 5 | sort -n | sed -n '1p;$p' | paste -sd-)"
ratio="$(round_ratios 3 | median)"
parse_cpu="$(column_of parse 6 | median)"
engine_cpu="$(column_of engine 6 | median)"
cpu_ratio="$(round_ratios 6 | median)"

awk -v r="$rounds" -v p="$parse_ms" -v e="$engine_ms" -v f="$files" -v n="$findings" \
  -v q="$ratio" -v loads="$loads" -v pc="$parse_cpu" -v ec="$engine_cpu" \
  -v cq="$cpu_ratio" 'BEGIN {
  printf "B3, medians of %d rounds after a warm-up (1-min load %s); %d files parse\n", r, loads, f
  printf "| %-44s | %9s | %8s | %10s | %9s |\n", "run", "wall (ms)", "CPU (ms)", "wall ratio", "CPU ratio"
  printf "|%s|%s|%s|%s|%s|\n", "----------------------------------------------", "-----------", "----------", "------------", "-----------"
  printf "| %-44s | %9d | %8d | %9.2fx | %8.2fx |\n", "parse-only (JavaParser, plugin config)", p, pc, 1, 1
  printf "| %-44s | %9d | %8d | %9.2fx | %8.2fx |\n", "source engine (" n " findings)", e, ec, e / p, ec / pc
  printf "median of per-round ratios: %.2fx parse-only wall, %.2fx CPU (goal <= 1.3x)\n", q, cq
}'
