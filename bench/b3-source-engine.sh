#!/usr/bin/env bash
# Benchmark B3, the source engine: the plugin's JavaParser source checks over a real source set
# (commons-collections4 4.4, 326 files) against parse-only (JavaParser, configured as the plugin
# configures it, parsing every file and nothing else). Each measurement is one fresh JVM running
# bench/src/SourceEngineBench.java, which times the work itself (JVM start and, for the engine,
# the class import that gives it type relations stay outside). One warm-up round, then RUNS
# rounds (default 5); a round runs parse-only and then the engine. Wall time and the
# process CPU time are both recorded; on a busy machine the CPU time is the figure to read.
# Usage: bench/b3-source-engine.sh            (from the repository root or anywhere)
#        RUNS=7 bench/b3-source-engine.sh
#        SKIP_BUILD=1 bench/b3-source-engine.sh  (reuse the plugin already in the scratch repository)
set -euo pipefail

RUNS="${RUNS:-5}"
# WARMUP=0 leaves the warm-up round out (only when time forces; say so with the figures).
WARMUP="${WARMUP:-1}"
source "$(cd "$(dirname "$0")" && pwd)/source-set.sh"
WORK="$BENCH/target/b3"
# Any package of the input serves as the jobs package the engine needs.
JOBS_PACKAGE=org.apache.commons.collections4.functors

build_into_scratch_repo
mkdir -p "$WORK/runs" "$WORK/classes" "$WORK/bin"
echo "b3: fetching the source set, compiling it for the engine's type relations"
unpack_source_set "$WORK"
rm -rf "$WORK/classes"
(cd "$WORK" && javac -encoding UTF-8 -nowarn -d classes @files.txt > /dev/null 2>&1)
PLUGIN_PATH="$(classpath_of "$WORK/plugin" \
  "dev.retryowner:retry-owner-maven-plugin:$PLUGIN_VERSION")"
javac -d "$WORK/bin" -cp "$PLUGIN_PATH" "$BENCH/src/SourceEngineBench.java"

# measure <mode> <round>: appends "mode round millis count load1 cpu_millis" to runs.tsv.
measure() {
  local mode="$1" round="$2" log="$WORK/runs/$1-$2.log"
  java -cp "$WORK/bin:$PLUGIN_PATH" SourceEngineBench "$mode" "$WORK/src" "$WORK/classes" \
    "$JOBS_PACKAGE" > "$log" 2>&1 || { echo "b3: $mode failed in round $round, see $log" >&2; exit 1; }
  read -r _ millis _ count _ cpu < <(grep -E "^$mode [0-9]+ " "$log")
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$mode" "$round" "$millis" "$count" \
    "$(cut -d' ' -f1 /proc/loadavg)" "$cpu" >> "$WORK/runs.tsv"
  printf 'b3: round %-6s %-7s %7d ms wall %7d ms CPU  (%s: %s; load %s)\n' "$round" "$mode" \
    "$millis" "$cpu" \
    "$([[ $mode == parse ]] && echo files parsed || echo findings)" "$count" "$(load_now)"
}

: > "$WORK/runs.tsv"
echo "b3: $(wc -l < "$WORK/files.txt") source files; warm-up round, then $RUNS rounds" \
  "(load now: $(load_now))"
for round in $([[ "$WARMUP" == 0 ]] || echo warmup) $(seq 1 "$RUNS"); do
  for mode in parse engine; do
    measure "$mode" "$round"
  done
done
"$BENCH/b3-report.sh" "$WORK"
