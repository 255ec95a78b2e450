#!/usr/bin/env bash
# Benchmark B1, the gate on real bytecode: retry-owner's scan goal, forbidden-apis and an ASM
# floor over the same unpacked classes, and the same scan of a single class (what Maven's start,
# the plugin's set-up, ArchUnit's first import and the reports cost whatever the input), and the
# scan again with the retry amplification map drawn (RetryAmplification on: its cost must stay
# within 20 % of the scan's). One warm-up round, then RUNS rounds (default 5); each round runs the
# five one after the other, so load on the machine hits them alike.
# Prints wall time and peak RSS per tool (medians) side by side with the ratios.
# Usage: bench/b1-bytecode.sh            (from the repository root or anywhere)
#        RUNS=7 bench/b1-bytecode.sh
#        SKIP_BUILD=1 bench/b1-bytecode.sh  (reuse the plugin already in the scratch repository)
#        JAVA_OPTIONS=-XX:TieredStopAtLevel=1 bench/b1-bytecode.sh
#                                (the same JVM options for every tool: Maven's MAVEN_OPTS for the
#                                 scan, the java command of the others)
# Nothing is installed into ~/.m2: the plugin goes into the scratch repository bench/target/m2.
set -euo pipefail

RUNS="${RUNS:-5}"
JAVA_OPTIONS="${JAVA_OPTIONS:-}"
BENCH="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(dirname "$BENCH")"
WORK="$BENCH/target/b1"
SCRATCH_REPO="$BENCH/target/m2"
SETTINGS="$BENCH/target/settings.xml"
FORBIDDEN_APIS_VERSION=3.9
ASM_VERSION=9.9
JOBS_PACKAGE=com.google.common.util.concurrent
# The input: pinned artifacts from Maven Central, 29,370 class files together.
ARTIFACTS=(
  com.stripe:stripe-java:33.3.0
  co.elastic.clients:elasticsearch-java:9.5.6
  org.apache.kafka:kafka-clients:4.4.0
  com.google.guava:guava:33.5.0-jre
  io.lettuce:lettuce-core:7.7.0.RELEASE
)
TOOLS=(org.ow2.asm:asm:$ASM_VERSION de.thetaphi:forbiddenapis:$FORBIDDEN_APIS_VERSION)

if [[ ! -x /usr/bin/time ]]; then
  echo "b1: /usr/bin/time (GNU time) is needed for peak RSS; install it (apt-get install time)" >&2
  exit 2
fi

rm -rf "$WORK/jars"
mkdir -p "$WORK/jars" "$WORK/tools" "$WORK/bin" "$WORK/runs"

# The outer local repository serves as a remote one, as in the invoker ITs; ~/.m2 is only read.
sed "s#@localRepositoryUrl@#file://$HOME/.m2/repository#" "$ROOT/test-fixtures/it-settings.xml" \
  > "$SETTINGS"
if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  echo "b1: building the plugin and installing it into the scratch repository $SCRATCH_REPO"
  (cd "$ROOT" && ./mvnw -B -q -s "$SETTINGS" -Dmaven.repo.local="$SCRATCH_REPO" install \
    -pl maven-plugin -am -Dmaven.test.skip=true -Dinvoker.skip)
fi
# The project's version is the first <version> of the root pom (after the parent-less header).
PLUGIN_VERSION="$(grep -m1 -oP '(?<=<version>)[^<]+' "$ROOT/pom.xml")"
# time_round, load_now
source "$BENCH/source-set.sh"

echo "b1: fetching the input artifacts and the tools"
for artifact in "${ARTIFACTS[@]}"; do
  mvn -B -q dependency:copy -Dartifact="$artifact" -DoutputDirectory="$WORK/jars"
done
for artifact in "${TOOLS[@]}"; do
  mvn -B -q dependency:copy -Dartifact="$artifact" -DoutputDirectory="$WORK/tools"
done

echo "b1: unpacking the class files into $WORK/classes"
rm -rf "$WORK/classes"
mkdir -p "$WORK/classes"
for jar in "$WORK"/jars/*.jar; do
  unzip -q -o "$jar" '*.class' -d "$WORK/classes"
done
CLASS_COUNT="$(find "$WORK/classes" -name '*.class' | wc -l)"
# The fixed-cost reference: one class of the jobs package, alone.
rm -rf "$WORK/one-class"
mkdir -p "$WORK/one-class/${JOBS_PACKAGE//.//}"
cp "$WORK/classes/${JOBS_PACKAGE//.//}/Uninterruptibles.class" \
  "$WORK/one-class/${JOBS_PACKAGE//.//}/"

echo "b1: forbidden-apis signatures from the bundled retry-helpers catalog"
java "$BENCH/src/ForbiddenApisSignatures.java" "$WORK/signatures.txt" \
  "$ROOT/catalog/src/main/resources/dev/retryowner/catalog/retry-helpers.catalog"
javac -d "$WORK/bin" -cp "$WORK/tools/asm-$ASM_VERSION.jar" "$BENCH/src/AsmFloor.java"

# Every round is a full check: the no-change cache (B5's subject) would reuse the first result.
scan() {
  (cd "$WORK" && MAVEN_OPTS="${MAVEN_OPTS:-} $JAVA_OPTIONS" mvn -B -s "$SETTINGS" \
    -Dmaven.repo.local="$SCRATCH_REPO" \
    "dev.retryowner:retry-owner-maven-plugin:$PLUGIN_VERSION:scan" \
    -Dretryowner.classes="$1" -Dretryowner.jobsPackages="$JOBS_PACKAGE" \
    -Dretryowner.failOnViolation=false -Dretryowner.cache=false "${@:2}")
}
run_gate() {
  scan classes
}
run_gate_amplification() {
  scan classes -Dretryowner.enableRules=RetryAmplification
}
run_gate_one_class() {
  scan one-class
}
run_forbidden_apis() {
  # Exit code 1 means violations were found; only a crash or bad usage (other codes) is an error.
  java $JAVA_OPTIONS -jar "$WORK/tools/forbiddenapis-$FORBIDDEN_APIS_VERSION.jar" \
    -d "$WORK/classes" -f "$WORK/signatures.txt" --allowmissingclasses || [[ $? -eq 1 ]]
}
run_asm_floor() {
  java $JAVA_OPTIONS -cp "$WORK/tools/asm-$ASM_VERSION.jar:$WORK/bin" AsmFloor "$WORK/classes"
}

export -f scan run_gate run_gate_amplification run_gate_one_class run_forbidden_apis run_asm_floor
export WORK SETTINGS SCRATCH_REPO PLUGIN_VERSION JOBS_PACKAGE FORBIDDEN_APIS_VERSION ASM_VERSION \
  JAVA_OPTIONS

: > "$WORK/runs.tsv"
printf '%s\n' "$JAVA_OPTIONS" > "$WORK/java-options"
echo "b1: $CLASS_COUNT class files; warm-up round, then $RUNS rounds (load now: $(cut -d' ' -f1-3 /proc/loadavg))"
for round in warmup $(seq 1 "$RUNS"); do
  for tool in gate forbidden_apis asm_floor gate_one_class gate_amplification; do
    time_round b1 "$tool" "$round"
  done
done

"$BENCH/b1-report.sh" "$WORK"
