#!/usr/bin/env bash
# Jobs throughput (issues 6 and 20): jobs per second end to end with no-op handlers, for the
# in-memory store and the PostgreSQL store (embedded PostgreSQL from zonky's binaries, as the tests
# start it, behind a HikariCP pool), and for the peer, graphile-worker (npm, a PostgreSQL job queue
# built on SKIP LOCKED), on the same server with the same jobs enqueued beforehand and the same
# concurrency, round by round right after ours. Each: one warm-up round, then RUNS rounds on a
# fresh database; prints the medians and "PG vs graphile-worker: X.XXx" (the ratio of the median
# jobs/s). Needs Node 20 and npm; graphile-worker is installed into bench/target/.
# Usage: bench/jobs-throughput.sh                 (from the repository root or anywhere)
#        RUNS=7 MEMORY_JOBS=200000 PG_JOBS=20000 MEMORY_WORKERS=8 PG_WORKERS=32 BATCH=100 \
#          bench/jobs-throughput.sh
#        SKIP_BUILD=1 bench/jobs-throughput.sh   (reuse the jars and class path of the last build)
# Builds the reactor's jobs and jobs-postgres jars into their target/ (nothing is installed).
set -euo pipefail

RUNS="${RUNS:-5}"
MEMORY_JOBS="${MEMORY_JOBS:-200000}"
PG_JOBS="${PG_JOBS:-20000}"
MEMORY_WORKERS="${MEMORY_WORKERS:-8}"
# More workers than cores: each PostgreSQL worker mostly waits for its round trip.
PG_WORKERS="${PG_WORKERS:-32}"
BATCH="${BATCH:-100}"
HIKARI=com.zaxxer:HikariCP:5.1.0
GRAPHILE_WORKER=graphile-worker@0.18.0
BENCH="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(dirname "$BENCH")"
WORK="$BENCH/target/jobs-throughput"
CLASSPATH_FILE="$ROOT/jobs-postgres/target/bench-classpath.txt"

mkdir -p "$WORK/bin" "$WORK/lib"
if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  echo "jobs-throughput: building jobs and jobs-postgres (package, tests skipped)"
  (cd "$ROOT" && ./mvnw -B -q -pl jobs-postgres -am package dependency:build-classpath \
    -DskipTests -Dinvoker.skip -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt)
  mvn -B -q dependency:copy -Dartifact="$HIKARI" -DoutputDirectory="$WORK/lib"
  echo "jobs-throughput: installing $GRAPHILE_WORKER from the npm registry into $WORK/graphile"
  mkdir -p "$WORK/graphile"
  (cd "$WORK/graphile" && { [[ -f package.json ]] || echo '{"private": true}' > package.json; } \
    && npm install --no-audit --no-fund --silent "$GRAPHILE_WORKER")
fi
cp "$BENCH/src/graphile-throughput.mjs" "$WORK/graphile/"
JOBS_POSTGRES_JAR="$(ls "$ROOT"/jobs-postgres/target/retry-owner-jobs-postgres-*.jar | grep -vE -- "-(tests|sources|javadoc)\.jar$" | head -1)"
CP="$(cat "$CLASSPATH_FILE"):$JOBS_POSTGRES_JAR:$(ls "$WORK"/lib/HikariCP-*.jar)"
javac -d "$WORK/bin" -cp "$CP" "$BENCH/src/JobsThroughput.java"

load() { cut -d' ' -f1-3 /proc/loadavg; }
: > "$WORK/runs.tsv"
echo "jobs-throughput: $(nproc) cores, load now $(load); claim batch at most $BATCH"
echo "jobs-throughput: in-memory, $MEMORY_JOBS jobs a round, $MEMORY_WORKERS workers, warm-up + $RUNS rounds"
java -cp "$WORK/bin:$CP" JobsThroughput memory "$MEMORY_JOBS" "$MEMORY_WORKERS" "$BATCH" "$RUNS" \
  | tee -a "$WORK/runs.tsv"
echo "jobs-throughput: PostgreSQL and graphile-worker, $PG_JOBS jobs a round, $PG_WORKERS workers (concurrent jobs), warm-up + $RUNS rounds (load now $(load))"
java -cp "$WORK/bin:$CP" JobsThroughput postgres-vs-graphile "$PG_JOBS" "$PG_WORKERS" "$BATCH" \
  "$RUNS" "$WORK/graphile/graphile-throughput.mjs" | tee -a "$WORK/runs.tsv"
echo "jobs-throughput: load at the end $(load)"

median() { sort -n | awk '{v[NR] = $1} END {if (NR == 0) {print "nan"; exit}
  print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
rate_of() { awk -F'\t' -v store="$1" '$1 == store && $2 != "warmup" {print $7}' "$WORK/runs.tsv"; }
memory_rate="$(rate_of memory | median)"
pg_rate="$(rate_of postgres | median)"
graphile_rate="$(rate_of graphile-worker | median)"
awk -v m="$memory_rate" -v p="$pg_rate" -v g="$graphile_rate" -v r="$RUNS" 'BEGIN {
  printf "Jobs throughput, medians of %d rounds after a warm-up\n", r
  printf "| %-10s | %12s | %12s | %8s |\n", "store", "jobs/s", "goal", "of goal"
  printf "|------------|--------------|--------------|----------|\n"
  printf "| %-10s | %12.0f | %12s | %7.0f%% |\n", "in-memory", m, ">= 50,000", 100 * m / 50000
  printf "| %-10s | %12.0f | %12s | %7.0f%% |\n", "PostgreSQL", p, ">= 5,000", 100 * p / 5000
  printf "| %-10s | %12.0f | %12s | %8s |\n", "graphile-worker", g, "(peer)", "-"
  printf "PG vs graphile-worker: %.2fx (goal >= 1.00x)\n", p / g
}'
