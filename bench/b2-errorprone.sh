#!/usr/bin/env bash
# Benchmark B2, Error Prone overhead: compiles the same real source set (commons-collections4
# 4.4, 326 files) three ways with javac 17 called directly (no Maven per run): plain javac;
# javac + Error Prone 2.42.0 with its default checks; the same plus retry-owner's checks, all of
# them enabled with the flags gated-parent uses. One warm-up round, then RUNS rounds (default 5);
# each round compiles the three ways one after the other, so load on the machine hits them alike.
# Prints wall time and peak RSS per way (medians) and what each adds to the one before. Then
# PROBE_RUNS compiles (default 3) of each Error Prone way with the EpCheckTimes probe
# (src/EpCheckTimes.java), which writes the time Error Prone measured in each check: what our
# checks cost inside one compile, beyond the reach of the run-to-run noise.
# Usage: bench/b2-errorprone.sh            (from the repository root or anywhere)
#        RUNS=7 bench/b2-errorprone.sh
#        SKIP_BUILD=1 bench/b2-errorprone.sh  (reuse the checks already in the scratch repository)
set -euo pipefail

RUNS="${RUNS:-5}"
PROBE_RUNS="${PROBE_RUNS:-3}"
# WARMUP=0 leaves the warm-up round out (only when time forces; say so with the figures).
WARMUP="${WARMUP:-1}"
source "$(cd "$(dirname "$0")" && pwd)/source-set.sh"
WORK="$BENCH/target/b2"
ERROR_PRONE_VERSION=2.42.0
# Our checks, each enabled as gated-parent enables them, plus the opt-in ThreadOutsideInfra.
OUR_CHECKS=(RetryOutsideJobs HandRolledRetry HttpClientRetries MeiliClientRetries
  SleepInRequestPath SchedulingOutsideJobs InvalidExemption ThreadOutsideInfra)
# Any packages of the input serve: the checks need a jobs package and, for ThreadOutsideInfra,
# the infrastructure packages.
OUR_OPTIONS="-XepOpt:RetryOwner:JobsPackages=org.apache.commons.collections4.functors"
OUR_OPTIONS+=" -XepOpt:RetryOwner:EnableRules=ThreadOutsideInfra"
OUR_OPTIONS+=" -XepOpt:RetryOwner:InfraPackages=org.apache.commons.collections4.map"

build_into_scratch_repo
mkdir -p "$WORK/runs"
echo "b2: fetching the source set and Error Prone"
unpack_source_set "$WORK"
EP_PATH="$(classpath_of "$WORK/ep" "com.google.errorprone:error_prone_core:$ERROR_PRONE_VERSION")"
OURS_PATH="$(classpath_of "$WORK/ours" \
  "com.google.errorprone:error_prone_core:$ERROR_PRONE_VERSION" \
  "dev.retryowner:retry-owner-errorprone-checks:$PLUGIN_VERSION")"

# The JDK-internal packages Error Prone needs on JDK 17 (docs: toolchain.md).
JDK_EXPORTS=()
for package in api file main model parser processing tree util; do
  JDK_EXPORTS+=("-J--add-exports=jdk.compiler/com.sun.tools.javac.$package=ALL-UNNAMED")
done
JDK_EXPORTS+=("-J--add-opens=jdk.compiler/com.sun.tools.javac.code=ALL-UNNAMED"
  "-J--add-opens=jdk.compiler/com.sun.tools.javac.comp=ALL-UNNAMED")
# Findings are warnings in all Error Prone runs so that every run also writes its class files
# (an error would stop javac before code generation and make that run cheaper).
EP_DEFAULTS="-Xplugin:ErrorProne -XepAllErrorsAsWarnings"
EP_OURS="$EP_DEFAULTS"
for check in "${OUR_CHECKS[@]}"; do
  EP_OURS+=" -Xep:$check:ERROR"
done
EP_OURS+=" $OUR_OPTIONS"

# The probe, a javac plugin found on the processor path by its service file.
PROBE="$WORK/probe"
rm -rf "$PROBE"
mkdir -p "$PROBE/META-INF/services" "$WORK/check-times"
javac --add-exports jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED \
  --add-exports jdk.compiler/com.sun.tools.javac.util=ALL-UNNAMED -cp "$EP_PATH" -d "$PROBE" \
  "$BENCH/src/EpCheckTimes.java"
echo EpCheckTimes > "$PROBE/META-INF/services/com.sun.source.util.Plugin"

# javac_args <way> <round>: the javac arguments of one way, into JAVAC_ARGS.
javac_args() {
  local out="$WORK/out/$1"
  JAVAC_ARGS=(-encoding UTF-8 -nowarn -d "$out" "@$WORK/files.txt")
  case "$1" in
    ep_defaults) JAVAC_ARGS=("${JDK_EXPORTS[@]}" -XDcompilePolicy=simple
      --should-stop=ifError=FLOW -processorpath "$EP_PATH" "$EP_DEFAULTS" "${JAVAC_ARGS[@]}") ;;
    ep_ours) JAVAC_ARGS=("${JDK_EXPORTS[@]}" -XDcompilePolicy=simple
      --should-stop=ifError=FLOW -processorpath "$OURS_PATH" "$EP_OURS" "${JAVAC_ARGS[@]}") ;;
    ep_defaults_probed) JAVAC_ARGS=("${JDK_EXPORTS[@]}" -XDcompilePolicy=simple
      --should-stop=ifError=FLOW -processorpath "$EP_PATH:$PROBE" "$EP_DEFAULTS"
      "-Xplugin:EpCheckTimes $WORK/check-times/ep_defaults-$2.tsv" "${JAVAC_ARGS[@]}") ;;
    ep_ours_probed) JAVAC_ARGS=("${JDK_EXPORTS[@]}" -XDcompilePolicy=simple
      --should-stop=ifError=FLOW -processorpath "$OURS_PATH:$PROBE" "$EP_OURS"
      "-Xplugin:EpCheckTimes $WORK/check-times/ep_ours-$2.tsv" "${JAVAC_ARGS[@]}") ;;
  esac
}

# measure <way> <round>: compiles into a fresh output directory and appends "way round wall_s
# peak_rss_kb load1 cpu_s" to runs.tsv (cpu_s: user + system time of javac, all its threads);
# the log keeps javac's output.
measure() {
  local way="$1" round="$2" log="$WORK/runs/$1-$2.log"
  rm -rf "$WORK/out/$way"
  mkdir -p "$WORK/out/$way"
  javac_args "$way" "$round"
  (cd "$WORK" && /usr/bin/time -f "%e %M %U %S" -o "$WORK/runs/time" javac "${JAVAC_ARGS[@]}") \
    > "$log" 2>&1 || { echo "b2: $way failed in round $round, see $log" >&2; exit 1; }
  read -r wall rss user system < "$WORK/runs/time"
  cpu="$(awk -v u="$user" -v s="$system" 'BEGIN {print u + s}')"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$way" "$round" "$wall" "$rss" \
    "$(cut -d' ' -f1 /proc/loadavg)" "$cpu" >> "$WORK/runs.tsv"
  printf 'b2: round %-6s %-12s %8.2f s wall %8.2f s CPU %6d MB  (load %s)\n' "$round" "$way" \
    "$wall" "$cpu" $((rss / 1024)) "$(load_now)"
}

: > "$WORK/runs.tsv"
echo "b2: $(wc -l < "$WORK/files.txt") source files; warm-up round, then $RUNS rounds" \
  "(load now: $(load_now))"
for round in $([[ "$WARMUP" == 0 ]] || echo warmup) $(seq 1 "$RUNS"); do
  for way in javac ep_defaults ep_ours; do
    measure "$way" "$round"
  done
done
rm -f "$WORK"/check-times/*.tsv
echo "b2: $PROBE_RUNS probed compiles of each Error Prone way"
for round in $(seq 1 "$PROBE_RUNS"); do
  for way in ep_defaults_probed ep_ours_probed; do
    measure "$way" "probe$round"
  done
done
"$BENCH/b2-report.sh" "$WORK"
