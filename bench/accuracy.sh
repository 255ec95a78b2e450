#!/usr/bin/env bash
# The gate's accuracy on real code: runs retry-owner's scan goal on every artifact of the labelled
# corpus (corpus/artifacts.txt: its jar, its sources jar and its class path from Maven Central),
# once with jobsPackages=none and once with each library's own job layer as the jobs packages,
# and prints recall and precision per rule and per category, with every miss and every false
# positive (the scorer, corpus/src/main/java/dev/retryowner/corpus/AccuracyReport.java).
# Every reported site must lie on a labelled row: the scorer lists those on none and exits 1.
# Usage: bench/accuracy.sh              (from the repository root or anywhere)
#        SKIP_BUILD=1 bench/accuracy.sh (reuse the plugin already in the scratch repository)
#        BATCH=cold-2 bench/accuracy.sh (scan and score one batch of artifacts.txt only)
# Nothing is installed into ~/.m2: the plugin goes into the scratch repository bench/target/m2.
set -euo pipefail

BENCH="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(dirname "$BENCH")"
WORK="$BENCH/target/accuracy"
SCRATCH_REPO="$BENCH/target/m2"
SETTINGS="$BENCH/target/settings.xml"
LOCAL_REPO="$HOME/.m2/repository"

mkdir -p "$WORK"
# The outer local repository serves as a remote one, as in the invoker ITs; ~/.m2 is only read.
sed "s#@localRepositoryUrl@#file://$LOCAL_REPO#" "$ROOT/test-fixtures/it-settings.xml" \
  > "$SETTINGS"
if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  echo "accuracy: building the plugin and the scorer into the scratch repository $SCRATCH_REPO"
  (cd "$ROOT" && ./mvnw -B -q -s "$SETTINGS" -Dmaven.repo.local="$SCRATCH_REPO" install \
    -pl corpus -am -DskipTests -Dinvoker.skip)
fi
PLUGIN_VERSION="$(grep -m1 -oP '(?<=<version>)[^<]+' "$ROOT/pom.xml")"
PLUGIN="dev.retryowner:retry-owner-maven-plugin:$PLUGIN_VERSION"

rm -rf "$WORK/none" "$WORK/job-layer" "$WORK/scan"
mkdir -p "$WORK/none" "$WORK/job-layer" "$WORK/scan" "$WORK/classpath"
grep -v '^#' "$ROOT/corpus/artifacts.txt" | while IFS=$'\t' read -r gav classes jar_sha1 sources_sha1 job_layer batch; do
  [[ -z "$gav" ]] && continue
  [[ -n "${BATCH:-}" && "$batch" != "$BATCH" ]] && continue
  IFS=: read -r group artifact version <<< "$gav"
  echo "accuracy: $gav ($classes classes)"
  mvn -B -q dependency:get -Dtransitive=false -Dartifact="$gav:jar:sources"
  # The artifact's class path: a throwaway project that depends on it, with the exclusions
  # corpus/pom.xml gives its jar (modules published only outside Maven Central).
  project="$WORK/classpath/$artifact"
  mkdir -p "$project"
  exclusions="$(python3 - "$ROOT/corpus/pom.xml" "$group" "$artifact" <<'PY'
import sys, xml.etree.ElementTree as tree
ns = {"m": "http://maven.apache.org/POM/4.0.0"}
for dependency in tree.parse(sys.argv[1]).getroot().iterfind(".//m:dependency", ns):
    if (dependency.findtext("m:groupId", namespaces=ns) == sys.argv[2]
            and dependency.findtext("m:artifactId", namespaces=ns) == sys.argv[3]
            and dependency.find("m:classifier", ns) is None):
        for exclusion in dependency.iterfind("m:exclusions/m:exclusion", ns):
            print("<exclusion><groupId>%s</groupId><artifactId>%s</artifactId></exclusion>" % (
                exclusion.findtext("m:groupId", namespaces=ns),
                exclusion.findtext("m:artifactId", namespaces=ns)))
PY
)"
  cat > "$project/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>accuracy</groupId><artifactId>$artifact-classpath</artifactId><version>1</version>
  <dependencies><dependency>
    <groupId>$group</groupId><artifactId>$artifact</artifactId><version>$version</version>
    <exclusions>$exclusions</exclusions>
  </dependency></dependencies>
</project>
POM
  mvn -B -q -f "$project/pom.xml" dependency:build-classpath -Dmdep.outputFile=classpath.txt \
    -Dmdep.includeScope=runtime
  classpath="$(tr ':' ',' < "$project/classpath.txt")"
  jar="$LOCAL_REPO/${group//.//}/$artifact/$version/$artifact-$version.jar"
  sources="${jar%.jar}-sources.jar"
  for setting in none job-layer; do
    packages=none
    if [[ "$setting" == job-layer && "$job_layer" != - ]]; then
      packages="$job_layer"
    fi
    run="$WORK/scan/$setting-$artifact"
    mkdir -p "$run"
    (cd "$run" && mvn -B -q -s "$SETTINGS" -Dmaven.repo.local="$SCRATCH_REPO" \
      "$PLUGIN:scan" -Dretryowner.classes="$jar" -Dretryowner.sources="$sources" \
      -Dretryowner.classpath="$classpath" -Dretryowner.jobsPackages="$packages" \
      -Dretryowner.failOnViolation=false -Dretryowner.cache=false > "$run/scan.log" 2>&1) \
      || { echo "accuracy: the scan of $gav failed, see $run/scan.log" >&2; exit 1; }
    cp "$run/target/retry-owner/retry-owner.json" "$WORK/$setting/$artifact.json"
  done
done

echo "accuracy: scoring"
(cd "$ROOT/corpus" && mvn -B -q -s "$SETTINGS" -Dmaven.repo.local="$SCRATCH_REPO" \
  dependency:build-classpath -Dmdep.outputFile="$WORK/scorer-classpath.txt" -Dmdep.includeScope=runtime)
java -cp "$ROOT/corpus/target/classes:$(cat "$WORK/scorer-classpath.txt")" \
  dev.retryowner.corpus.AccuracyReport "$ROOT/corpus" "$LOCAL_REPO" "$WORK" ${BATCH:+"$BATCH"} \
  | tee "$WORK/report.md"
