#!/usr/bin/env bash
# Benchmark B5, the no-change re-run: a sample project holding a real source set
# (commons-collections4 4.4, 326 files, 516 classes) with the check goal bound to verify, built
# once; then `mvn verify` again and again with nothing changed. What the gate adds is read two
# ways: the check goal's own time as its summary line logs it, and the wall time of the whole
# re-run with the goal against the same re-run with -Dretryowner.skip. Each round runs three
# measured re-runs one after the other: the goal as configured (its cache on, the default), the
# goal with -Dretryowner.cache=false (the gate's full work), and the goal skipped. The cached
# re-run follows an unmeasured one with the cache on, as a user's second build follows the first:
# a run without the cache writes reports it cannot vouch for by key, so the next cached run
# writes them again (that re-run after a cache=false build is not a no-change re-run of the
# same build). One warm-up round, then
# RUNS rounds (default 5). The log's time stamps also give the goal's whole span, from Maven
# starting it (loading the plugin, the settings, the catalog) to its last line (the reports
# written), which the summary line's time (the gate or the cache alone) leaves out.
# Usage: bench/b5-rerun.sh            (from the repository root or anywhere)
#        RUNS=7 bench/b5-rerun.sh
#        SKIP_BUILD=1 bench/b5-rerun.sh  (reuse the plugin already in the scratch repository)
set -euo pipefail

RUNS="${RUNS:-5}"
# WARMUP=0 leaves the warm-up round out (only when time forces; say so with the figures).
WARMUP="${WARMUP:-1}"
source "$(cd "$(dirname "$0")" && pwd)/source-set.sh"
WORK="$BENCH/target/b5"
PROJECT="$WORK/project"
# Any package of the input serves as the jobs package the goal needs.
JOBS_PACKAGE=org.apache.commons.collections4.functors

build_into_scratch_repo
mkdir -p "$WORK/runs"
echo "b5: the sample project $PROJECT"
unpack_source_set "$WORK"
rm -rf "$PROJECT"
mkdir -p "$PROJECT/src/main"
cp -r "$WORK/src" "$PROJECT/src/main/java"
cat > "$PROJECT/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>bench</groupId>
  <artifactId>b5-sample</artifactId>
  <version>1</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <build>
    <pluginManagement>
      <plugins>
        <plugin><artifactId>maven-compiler-plugin</artifactId><version>3.14.0</version></plugin>
        <plugin><artifactId>maven-surefire-plugin</artifactId><version>3.5.4</version></plugin>
        <plugin><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
        <plugin><artifactId>maven-jar-plugin</artifactId><version>3.4.2</version></plugin>
      </plugins>
    </pluginManagement>
    <plugins>
      <plugin>
        <groupId>dev.retryowner</groupId>
        <artifactId>retry-owner-maven-plugin</artifactId>
        <version>$PLUGIN_VERSION</version>
        <configuration>
          <jobsPackages><jobsPackage>$JOBS_PACKAGE</jobsPackage></jobsPackages>
        </configuration>
        <executions><execution><goals><goal>check</goal></goals></execution></executions>
      </plugin>
    </plugins>
  </build>
</project>
EOF

run_verify() {
  (cd "$PROJECT" && mvn -B -s "$SETTINGS" -Dmaven.repo.local="$SCRATCH_REPO" verify \
    -Dorg.slf4j.simpleLogger.showDateTime=true \
    -Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS "$@")
}

# goal_span <log>: seconds from the check goal's "--- retry-owner-maven-plugin" line to the
# separator line Maven prints after the goal's last line.
goal_span() {
  awk 'function secs(stamp, t) {split(stamp, t, /[:.]/)
      return t[1] * 3600 + t[2] * 60 + t[3] + t[4] / 1000}
    /--- retry-owner-maven-plugin:.*:check / {start = secs($1); next}
    start != "" && index($0, "------------------------------------------------") {span = secs($1) - start; if (span < 0) span += 86400
      printf "%.3f\n", span; exit}' "$1"
}
echo "b5: the first build (compiles, runs the gate, stores its result)"
run_verify > "$WORK/runs/first-build.log" 2>&1 \
  || { echo "b5: the first build failed, see $WORK/runs/first-build.log" >&2; exit 1; }

# measure <variant> <round> <mvn args...>: appends "variant round wall_s goal_s load1 span_s"
# to runs.tsv; goal_s is the time the check goal's summary line gives (empty when skipped),
# span_s the goal's whole span in the log.
measure() {
  local variant="$1" round="$2" log="$WORK/runs/$1-$2.log"
  shift 2
  /usr/bin/time -f "%e" -o "$WORK/runs/time" bash -c 'source "$0"; run_verify "$@"' \
    "$WORK/run-verify.sh" "$@" > "$log" 2>&1 \
    || { echo "b5: $variant failed in round $round, see $log" >&2; exit 1; }
  local wall goal span
  wall="$(cat "$WORK/runs/time")"
  goal="$(grep -oP 'retry-owner: .* in \K[0-9.]+(?= s)' "$log" | tail -1 || true)"
  span="$(goal_span "$log")"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$variant" "$round" "$wall" "${goal:--}" \
    "$(cut -d' ' -f1 /proc/loadavg)" "${span:--}" >> "$WORK/runs.tsv"
  printf 'b5: round %-6s %-8s %7.2f s wall, goal %s s%s, whole goal %s s  (load %s)\n' \
    "$round" "$variant" "$wall" "${goal:--}" "$(grep -q 'nothing changed since the last run' \
    "$log" && echo ' (result reused)')" "${span:--}" "$(load_now)"
}
{
  declare -p PROJECT SETTINGS SCRATCH_REPO
  declare -f run_verify
} > "$WORK/run-verify.sh"

: > "$WORK/runs.tsv"
echo "b5: warm-up round, then $RUNS rounds (load now: $(load_now))"
for round in $([[ "$WARMUP" == 0 ]] || echo warmup) $(seq 1 "$RUNS"); do
  run_verify > "$WORK/runs/previous-$round.log" 2>&1 \
    || { echo "b5: the unmeasured cached run failed in round $round" >&2; exit 1; }
  measure cached "$round"
  measure uncached "$round" -Dretryowner.cache=false
  measure skipped "$round" -Dretryowner.skip
done
"$BENCH/b5-report.sh" "$WORK"
