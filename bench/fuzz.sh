#!/usr/bin/env bash
# The hostile-input fuzz suite of the build (gate's HostileInputsFuzzTest: damaged class files,
# sources and jars beside a real retry, import filter on and off), run for longer and from a
# fresh seed. Prints the seed, the inputs tried, the failures and the slowest input; a failing
# input is kept under gate/target/fuzz-failures/ to run again by hand, and the seed repeats the
# whole run.
# Usage: bench/fuzz.sh                 (10 minutes from a random seed)
#        MINUTES=2 bench/fuzz.sh
#        SEED=20261208 bench/fuzz.sh   (repeat a run)
# The reactor builds gate and the modules it needs in place; nothing is installed into ~/.m2.
set -euo pipefail

BENCH="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(dirname "$BENCH")"
MINUTES="${MINUTES:-10}"
SEED="${SEED:-$(od -An -N6 -tu8 /dev/urandom | tr -d ' ')}"

cd "$ROOT"
rm -rf gate/target/fuzz-failures
mkdir -p gate/target
echo "fuzz: $MINUTES minute(s) from seed $SEED"
status=0
./mvnw -B -q -pl gate -am test -Dtest=HostileInputsFuzzTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Dretryowner.fuzz.seconds=$((MINUTES * 60)) -Dretryowner.fuzz.seed="$SEED" \
  > gate/target/fuzz.log 2>&1 || status=$?
grep -m1 '^fuzz: seed' gate/target/fuzz.log || true
if [[ $status -ne 0 ]]; then
  grep -A200 'hostile inputs that stopped the gate' gate/target/fuzz.log | head -60
  echo "fuzz: failures; inputs kept in gate/target/fuzz-failures/, full log gate/target/fuzz.log"
fi
exit $status
