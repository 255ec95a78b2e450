#!/usr/bin/env bash
# Prints B5's table from a run's measurements: medians of the measured rounds (the warm-up is
# left out) of the re-run's wall time and the check goal's own time, per variant, and what the
# goal adds to a re-run that skips it.
# Usage: bench/b5-report.sh [bench/target/b5]
set -euo pipefail
source "$(cd "$(dirname "$0")" && pwd)/source-set.sh"
WORK="${1:-$BENCH/target/b5}"

column_of() { awk -F'\t' -v v="$1" -v col="$2" '$1 == v && $2 != "warmup" {print $col}' \
  "$WORK/runs.tsv"; }
# round_diffs <variant>: per measured round, the variant's wall time minus the skipped run's.
round_diffs() { awk -F'\t' -v v="$1" '$2 != "warmup" {wall[$1, $2] = $3; rounds[$2]}
  END {for (r in rounds) if ((v, r) in wall && ("skipped", r) in wall)
    print wall[v, r] - wall["skipped", r]}' "$WORK/runs.tsv"; }

rounds="$(column_of skipped 2 | wc -l)"
cached_wall="$(column_of cached 3 | median)"
uncached_wall="$(column_of uncached 3 | median)"
skipped_wall="$(column_of skipped 3 | median)"
cached_goal="$(column_of cached 4 | median)"
uncached_goal="$(column_of uncached 4 | median)"
cached_added="$(round_diffs cached | median)"
uncached_added="$(round_diffs uncached | median)"
loads="$(column_of skipped 5 | sort -n | sed -n '1p;$p' | paste -sd-)"
# The goal's whole span in the log (column 6; runs before it was recorded have none: "-").
span_of() { column_of "$1" 6 | { grep -E '^[0-9.]+$' || true; } | median; }
cached_span="$(span_of cached)"
uncached_span="$(span_of uncached)"
skipped_span="$(span_of skipped)"

awk -v r="$rounds" -v cw="$cached_wall" -v uw="$uncached_wall" -v sw="$skipped_wall" \
  -v cg="$cached_goal" -v ug="$uncached_goal" -v ca="$cached_added" -v ua="$uncached_added" \
  -v loads="$loads" -v cs="$cached_span" -v us="$uncached_span" -v ss="$skipped_span" '
function span(value, width) {
  return value == "nan" ? sprintf("%" width "s", "-") : sprintf("%" width ".2f", value)}
BEGIN {
  printf "B5, medians of %d rounds after a warm-up (1-min load %s)\n", r, loads
  printf "| %-40s | %13s | %14s | %16s | %22s |\n", "no-change mvn verify", "wall (s)", "check goal (s)", "whole goal (s)", "wall added vs skipped (s)"
  printf "|%s|%s|%s|%s|%s|\n", "------------------------------------------", "---------------", "----------------", "------------------", "------------------------"
  printf "| %-40s | %13.2f | %14.2f | %s | %22.2f |\n", "gate, cache on (default)", cw, cg, span(cs, 16), ca
  printf "| %-40s | %13.2f | %14.2f | %s | %22.2f |\n", "gate, -Dretryowner.cache=false", uw, ug, span(us, 16), ua
  printf "| %-40s | %13.2f | %14s | %s | %22s |\n", "gate skipped (-Dretryowner.skip)", sw, "-", span(ss, 16), "-"
  printf "goal: a no-change re-run of the gate <= 0.20 s (check goal, cache on: %.2f s;", cg
  printf " the whole goal from Maven starting it to its last line: %s s)\n", span(cs, 1)
}'
