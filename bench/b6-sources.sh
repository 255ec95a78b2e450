#!/usr/bin/env bash
# Benchmark B6, the source path on large real code: retry-owner's scan with sources next to PMD 7
# (one XPath rule: a loop with a catch and a sleep) and javac parse-only, over the sources of
# lettuce-core 7.7.0.RELEASE, stripe-java 33.3.0 and guava 33.5.0-jre (about 2,900 files, 1.1 M
# lines) from Maven Central. One warm-up round, then RUNS rounds (default 5), the tools one after
# the other in each round; wall time and peak RSS by GNU time. Prints medians, ratios and RSS.
# Usage: bench/b6-sources.sh                 (from the repository root or anywhere)
#        RUNS=3 bench/b6-sources.sh
#        SKIP_BUILD=1 bench/b6-sources.sh    (reuse the plugin already in the scratch repository)
set -euo pipefail

RUNS="${RUNS:-5}"
source "$(cd "$(dirname "$0")" && pwd)/source-set.sh"
WORK="$BENCH/target/b6"
PMD_VERSION=7.27.0
ARTIFACTS=(
  io.lettuce:lettuce-core:7.7.0.RELEASE
  com.stripe:stripe-java:33.3.0
  com.google.guava:guava:33.5.0-jre
)

if [[ ! -x /usr/bin/time ]]; then
  echo "b6: /usr/bin/time (GNU time) is needed for peak RSS; install it (apt-get install time)" >&2
  exit 2
fi

build_into_scratch_repo
rm -rf "$WORK/jars" "$WORK/classes" "$WORK/src"
mkdir -p "$WORK/jars" "$WORK/classes" "$WORK/src" "$WORK/bin" "$WORK/runs"

echo "b6: fetching the input (jars and sources jars) and PMD $PMD_VERSION"
for artifact in "${ARTIFACTS[@]}"; do
  mvn -B -q dependency:copy -Dartifact="$artifact" -DoutputDirectory="$WORK/jars"
  mvn -B -q dependency:copy -Dartifact="$artifact:jar:sources" -DoutputDirectory="$WORK/jars"
done
for jar in "$WORK"/jars/*.jar; do
  case "$jar" in
    *-sources.jar) unzip -q -o "$jar" '*.java' -d "$WORK/src" ;;
    *) unzip -q -o "$jar" '*.class' -d "$WORK/classes" ;;
  esac
done
FILE_COUNT="$(find "$WORK/src" -name '*.java' | wc -l)"
LINE_COUNT="$(find "$WORK/src" -name '*.java' -print0 | xargs -0 cat | wc -l)"
CLASS_COUNT="$(find "$WORK/classes" -name '*.class' | wc -l)"
mkdir -p "$WORK/pmd"
cat > "$WORK/pmd/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>bench</groupId><artifactId>pmd</artifactId><version>1</version>
<dependencies>
<dependency><groupId>net.sourceforge.pmd</groupId><artifactId>pmd-cli</artifactId><version>$PMD_VERSION</version></dependency>
<dependency><groupId>net.sourceforge.pmd</groupId><artifactId>pmd-java</artifactId><version>$PMD_VERSION</version></dependency>
</dependencies></project>
POM
(cd "$WORK/pmd" && mvn -B -q dependency:build-classpath -Dmdep.outputFile=classpath.txt)
PMD_PATH="$(cat "$WORK/pmd/classpath.txt")"
javac -d "$WORK/bin" "$BENCH/src/JavacParseOnly.java"

run_retry_owner() {
  (cd "$WORK" && mvn -B -s "$SETTINGS" -Dmaven.repo.local="$SCRATCH_REPO" \
    "dev.retryowner:retry-owner-maven-plugin:$PLUGIN_VERSION:scan" \
    -Dretryowner.classes=classes -Dretryowner.sources=src -Dretryowner.jobsPackages=none \
    -Dretryowner.failOnViolation=false -Dretryowner.cache=false)
}
run_pmd() {
  # Exit code 4: violations found, the expected outcome. One lettuce file makes PMD's type
  # resolution fail without a class path; that file is reported and skipped, not fatal.
  java -cp "$PMD_PATH" net.sourceforge.pmd.cli.PmdCli check -d "$WORK/src" \
    -R "$BENCH/src/b6-pmd-ruleset.xml" -t 1 --no-cache --no-progress --no-fail-on-error \
    -f text || [[ $? -eq 4 ]]
}
run_javac_parse() {
  java -cp "$WORK/bin" JavacParseOnly "$WORK/src"
}

export -f run_retry_owner run_pmd run_javac_parse
export WORK SETTINGS SCRATCH_REPO PLUGIN_VERSION PMD_PATH BENCH

: > "$WORK/runs.tsv"
echo "b6: $FILE_COUNT source files, $LINE_COUNT lines, $CLASS_COUNT class files;" \
  "warm-up round, then $RUNS rounds (load now: $(load_now))"
for round in warmup $(seq 1 "$RUNS"); do
  for tool in retry_owner pmd javac_parse; do
    time_round b6 "$tool" "$round"
  done
done

echo
echo "retry-owner summary: $(grep -m1 -o 'retry-owner: .* checked class.*' \
  "$WORK/runs/retry_owner-1.log" || true)"
echo "PMD findings: $(grep -c 'SleepingRetryLoop' "$WORK/runs/pmd-1.log" || true)"
echo
awk -F'\t' '
  $2 != "warmup" { wall[$1] = wall[$1] " " $3; rss[$1] = rss[$1] " " $4 }
  function median(list,   n, a, i, j, t) {
    n = split(list, a, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  END {
    r = median(wall["retry_owner"]); p = median(wall["pmd"]); j = median(wall["javac_parse"])
    print "| tool | wall median (s) | peak RSS median (MB) | wall vs PMD | wall vs javac parse-only |"
    print "|---|---|---|---|---|"
    split("retry_owner pmd javac_parse", tools, " ")
    names["retry_owner"] = "retry-owner `scan` with sources"
    names["pmd"] = "PMD 7, one XPath rule, -t 1, no cache"
    names["javac_parse"] = "javac parse-only, one thread"
    for (i = 1; i <= 3; i++) {
      t = tools[i]; w = median(wall[t])
      printf "| %s | %.2f | %d | %.2fx | %.2fx |\n", names[t], w, median(rss[t]) / 1024, w / p, w / j
    }
  }' "$WORK/runs.tsv"
