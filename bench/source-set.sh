# Shared by the benchmarks (sourced, not run): the scratch repository with the reactor's
# artifacts, the timing of one round, and the real source set B2, B3 and B5 use,
# commons-collections4 4.4 from Maven Central (326 .java files, no dependencies beyond the JDK,
# compiles cleanly with javac 17).
# Defines BENCH, ROOT, SCRATCH_REPO, SETTINGS, PLUGIN_VERSION and the functions below.
# Nothing is installed into ~/.m2: the reactor's artifacts go into bench/target/m2.

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
SCRATCH_REPO="$BENCH/target/m2"
SETTINGS="$BENCH/target/settings.xml"
SOURCE_SET_ARTIFACT=org.apache.commons:commons-collections4:4.4
# The project's version is the first <version> of the root pom (after the parent-less header).
PLUGIN_VERSION="$(grep -m1 -oP '(?<=<version>)[^<]+' "$ROOT/pom.xml")"

# Builds the plugin and the Error Prone checks with their reactor modules into the scratch
# repository, unless SKIP_BUILD=1. The outer local repository serves as a remote one, as in the
# invoker ITs; ~/.m2 is only read.
build_into_scratch_repo() {
  mkdir -p "$BENCH/target"
  sed "s#@localRepositoryUrl@#file://$HOME/.m2/repository#" \
    "$ROOT/test-fixtures/it-settings.xml" > "$SETTINGS"
  if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    echo "bench: building the plugin and the checks into the scratch repository $SCRATCH_REPO"
    (cd "$ROOT" && ./mvnw -B -q -s "$SETTINGS" -Dmaven.repo.local="$SCRATCH_REPO" install \
      -pl maven-plugin,errorprone-checks -am -Dmaven.test.skip=true -Dinvoker.skip)
  fi
}

# unpack_source_set <dir>: the source set's .java files under <dir>/src, their list in
# <dir>/files.txt (package-info.java included, as a build compiles them).
unpack_source_set() {
  local dir="$1"
  rm -rf "$dir/src" "$dir/jars"
  mkdir -p "$dir/src" "$dir/jars"
  mvn -B -q dependency:copy -Dartifact="$SOURCE_SET_ARTIFACT:jar:sources" \
    -DoutputDirectory="$dir/jars"
  unzip -q -o "$dir"/jars/*-sources.jar '*.java' -d "$dir/src"
  (cd "$dir" && find src -name '*.java' | sort > files.txt)
}

# classpath_of <dir> <groupId:artifactId:version>...: writes a pom depending on the artifacts
# into <dir> and prints their resolved class path (dependencies included), from the scratch
# repository.
classpath_of() {
  local dir="$1"
  shift
  mkdir -p "$dir"
  {
    echo '<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>'
    echo '<groupId>bench</groupId><artifactId>classpath</artifactId><version>1</version>'
    echo '<dependencies>'
    local artifact
    for artifact in "$@"; do
      IFS=: read -r group id version <<< "$artifact"
      echo "<dependency><groupId>$group</groupId><artifactId>$id</artifactId>"
      echo "<version>$version</version></dependency>"
    done
    echo '</dependencies></project>'
  } > "$dir/pom.xml"
  (cd "$dir" && mvn -B -q -s "$SETTINGS" -Dmaven.repo.local="$SCRATCH_REPO" \
    dependency:build-classpath -Dmdep.outputFile="$dir/classpath.txt" > /dev/null)
  cat "$dir/classpath.txt"
}

# load_now: the 1, 5 and 15 minute load averages.
load_now() {
  cut -d' ' -f1-3 /proc/loadavg
}

# time_round <bench> <tool> <round>: runs the function run_<tool> under GNU time, its output in
# $WORK/runs/<tool>-<round>.log; appends "tool round wall_s peak_rss_kb" to $WORK/runs.tsv and
# prints the round. Stops the benchmark when the tool fails.
time_round() {
  local bench="$1" tool="$2" round="$3" log="$WORK/runs/$2-$3.log" wall rss
  /usr/bin/time -f "%e %M" -o "$WORK/runs/time" bash -c "run_$tool" > "$log" 2>&1 \
    || { echo "$bench: $tool failed in round $round, see $log" >&2; exit 1; }
  read -r wall rss < "$WORK/runs/time"
  printf '%s\t%s\t%s\t%s\n' "$tool" "$round" "$wall" "$rss" >> "$WORK/runs.tsv"
  printf '%s: round %-6s %-15s %8.2f s %8d MB  (load %s)\n' "$bench" "$round" "$tool" "$wall" \
    $((rss / 1024)) "$(load_now)"
}

# median: the median of the numbers on stdin, one a line.
median() {
  sort -n | awk '{v[NR] = $1} END {if (NR == 0) {print "nan"; exit}
    print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}
