#!/usr/bin/env bash
# Prints B2's table from a run's measurements: medians of the measured rounds (the warm-up is
# left out) of wall time, CPU time (user + system, less sensitive to other load than wall time)
# and peak RSS per way, what Error Prone adds to plain javac, and what our
# checks add on top of Error Prone's defaults, both as a ratio of medians and as the median of the
# per-round ratios (the more robust figure when the machine's load changes during the run).
# Usage: bench/b2-report.sh [bench/target/b2]
set -euo pipefail
source "$(cd "$(dirname "$0")" && pwd)/source-set.sh"
WORK="${1:-$BENCH/target/b2}"

column_of() { awk -F'\t' -v way="$1" -v col="$2" '$1 == way && $2 != "warmup" {print $col}' \
  "$WORK/runs.tsv"; }
# round_ratios <way> <base way> <column>: per measured round, the way's figure over the base's.
round_ratios() { awk -F'\t' -v way="$1" -v base="$2" -v col="$3" '$2 != "warmup" {
  v[$1, $2] = $col; rounds[$2]}
  END {for (r in rounds) if ((way, r) in v && (base, r) in v) print v[way, r] / v[base, r]}' \
  "$WORK/runs.tsv"; }

rounds="$(column_of javac 2 | wc -l)"
javac_wall="$(column_of javac 3 | median)"
defaults_wall="$(column_of ep_defaults 3 | median)"
ours_wall="$(column_of ep_ours 3 | median)"
javac_rss="$(column_of javac 4 | median)"
defaults_rss="$(column_of ep_defaults 4 | median)"
ours_rss="$(column_of ep_ours 4 | median)"
loads="$(column_of javac 5 | sort -n | sed -n '1p;$p' | paste -sd-)"
javac_cpu="$(column_of javac 6 | median)"
defaults_cpu="$(column_of ep_defaults 6 | median)"
ours_cpu="$(column_of ep_ours 6 | median)"
defaults_ratio="$(round_ratios ep_defaults javac 3 | median)"
ours_ratio="$(round_ratios ep_ours ep_defaults 3 | median)"
defaults_cpu_ratio="$(round_ratios ep_defaults javac 6 | median)"
ours_cpu_ratio="$(round_ratios ep_ours ep_defaults 6 | median)"

awk -v r="$rounds" -v jw="$javac_wall" -v dw="$defaults_wall" -v ow="$ours_wall" \
  -v jr="$javac_rss" -v dr="$defaults_rss" -v or="$ours_rss" -v dq="$defaults_ratio" \
  -v oq="$ours_ratio" -v loads="$loads" -v jc="$javac_cpu" -v dc="$defaults_cpu" \
  -v oc="$ours_cpu" -v dcq="$defaults_cpu_ratio" -v ocq="$ours_cpu_ratio" 'BEGIN {
  printf "B2, medians of %d rounds after a warm-up (1-min load %s)\n", r, loads
  printf "| %-41s | %8s | %10s | %13s | %14s | %13s |\n", "compile", "wall (s)", "CPU (s)", "peak RSS (MB)", "wall vs above", "CPU vs above"
  printf "|%s|%s|%s|%s|%s|%s|\n", "-------------------------------------------", "----------", "------------", "---------------", "----------------", "---------------"
  printf "| %-41s | %8.2f | %10.2f | %13d | %14s | %13s |\n", "javac", jw, jc, jr / 1024, "-", "-"
  printf "| %-41s | %8.2f | %10.2f | %13d | %+13.1f%% | %+12.1f%% |\n", "javac + Error Prone defaults", dw, dc, dr / 1024, (dw / jw - 1) * 100, (dc / jc - 1) * 100
  printf "| %-41s | %8.2f | %10.2f | %13d | %+13.1f%% | %+12.1f%% |\n", "javac + Error Prone defaults + our checks", ow, oc, or / 1024, (ow / dw - 1) * 100, (oc / dc - 1) * 100
  printf "median of per-round ratios: Error Prone defaults %+.1f%% wall, %+.1f%% CPU on javac;\n", (dq - 1) * 100, (dcq - 1) * 100
  printf "our checks %+.1f%% wall, %+.1f%% CPU on Error Prone defaults (goal <= +3%%)\n", (oq - 1) * 100, (ocq - 1) * 100
}'

# The probed compiles (absent in older runs): the time Error Prone measured in each check. Our
# checks are the ones only the compiles with them name.
probes="$(ls "$WORK"/check-times/ep_ours-*.tsv 2>/dev/null | wc -l)"
if [[ "$probes" -gt 0 ]]; then
  # The checks Error Prone ran without ours, as an awk array's keys are read below.
  default_checks="$(cut -f1 "$WORK"/check-times/ep_defaults-*.tsv | sort -u | paste -sd' ')"
  # per_file <files>: "init_ms<TAB>checks_ms<TAB>ours_ms" of each file (ours: not in defaults).
  per_file() { awk -F'\t' -v defaults="$default_checks" '
    BEGIN {n = split(defaults, d, " "); for (i = 1; i <= n; i++) known[d[i]]}
    FNR == 1 && NR > 1 {print init "\t" all "\t" ours; all = 0; ours = 0}
    $1 == "(initialization)" {init = $2; next}
    {all += $2; if (!($1 in known)) ours += $2}
    END {print init "\t" all "\t" ours}' "$@"; }
  ours_files="$(per_file "$WORK"/check-times/ep_ours-*.tsv)"
  ours_init="$(cut -f1 <<< "$ours_files" | median)"
  ours_all="$(cut -f2 <<< "$ours_files" | median)"
  ours_match="$(cut -f3 <<< "$ours_files" | median)"
  defaults_init="$(per_file "$WORK"/check-times/ep_defaults-*.tsv | cut -f1 | median)"
  each="$(cat "$WORK"/check-times/ep_ours-*.tsv | awk -F'\t' -v defaults="$default_checks" \
    -v n="$probes" 'BEGIN {k = split(defaults, d, " "); for (i = 1; i <= k; i++) known[d[i]]}
    !($1 in known) && $1 != "(initialization)" {sum[$1] += $2}
    END {for (c in sum) printf "%s %.0f\n", c, sum[c] / n}' | sort -k2 -rn | paste -sd, |
    sed 's/,/, /g')"
  awk -v n="$probes" -v oi="$ours_init" -v oa="$ours_all" -v om="$ours_match" \
    -v di="$defaults_init" -v dw="$defaults_wall" -v each="$each" 'BEGIN {
    printf "Inside the compile (EpCheckTimes, medians of %d probed compiles of each way):\n", n
    printf "our checks matched for %d ms of the %d ms in all checks (mean ms: %s);\n", om, oa, each
    printf "setting up the checks took %d ms with ours, %d ms without (%+d ms);\n", oi, di, oi - di
    printf "together %+d ms = %+.1f%% of the Error Prone defaults compile (%.2f s wall)\n", om + oi - di, (om + oi - di) / (dw * 10), dw
  }'
fi
