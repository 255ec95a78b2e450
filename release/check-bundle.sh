#!/usr/bin/env bash
# The release-bundle test that .ci/run runs: on a copy of this checkout, sets a release version,
# checks that the release profile refuses to run without its metadata (naming every missing
# property), builds the bundle with sample metadata, and checks it against Maven Central's rules
# (CheckBundle.java), and that the check fails on a bundle that breaks them. The checkout is left
# as it was, but for a copy of the bundle in target/checked-release-bundle to look at.
#
#   release/check-bundle.sh [VERSION]     (default 0.1.0)
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$(pwd)

version=${1:-0.1.0}
published=(retry-owner-annotations retry-owner-catalog retry-owner-archrules
  retry-owner-source-checks retry-owner-gate retry-owner-errorprone-checks retry-owner-maven-plugin
  retry-owner-cli retry-owner-jobs retry-owner-jobs-postgres retry-owner-jobs-panel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== copying the checkout to ${work}"
tar --exclude=./.git --exclude='./target' --exclude='*/target' --exclude='*/node_modules' \
  -cf - . | tar -C "$work" -xf -
cd "$work"

echo "== release/set-version.sh ${version}"
release/set-version.sh "$version"

echo "== the release profile without its metadata must fail, naming each missing property"
if ./mvnw -B -Prelease validate -N > missing.log 2>&1; then
  echo "the release profile ran without release.url and the other metadata" >&2
  exit 1
fi
for property in release.url release.developer.id release.developer.name \
    release.developer.email release.scm.connection release.scm.developerConnection \
    release.scm.url; do
  grep -q "${property} is not set" missing.log \
    || { cat missing.log >&2; echo "the failure does not name ${property}" >&2; exit 1; }
done

echo "== building the bundle at ${version}"
./mvnw -B -Prelease deploy -DskipTests -Dinvoker.skip -Dmaven.install.skip=true \
  -Drelease.url=https://example.org/retry-owner \
  -Drelease.developer.id=releaser \
  -Drelease.developer.name="Sample Releaser" \
  -Drelease.developer.email=releaser@example.org \
  -Drelease.scm.connection=scm:git:https://example.org/retry-owner.git \
  -Drelease.scm.developerConnection=scm:git:ssh://git@example.org/retry-owner.git \
  -Drelease.scm.url=https://example.org/retry-owner

echo "== checking target/release-bundle against Maven Central's rules"
java release/CheckBundle.java target/release-bundle dev.retryowner "$version" "${published[@]}"
rm -rf "$checkout/target/checked-release-bundle"
mkdir -p "$checkout/target"
cp -r target/release-bundle "$checkout/target/checked-release-bundle"

echo "== the check must fail on a bundle that breaks the rules, naming each break"
cp -r target/release-bundle broken-bundle
catalog="broken-bundle/dev/retryowner/retry-owner-catalog/${version}/retry-owner-catalog-${version}"
rm "${catalog}-javadoc.jar"
echo 0 > "${catalog}.jar.sha1"
sed -i 's#<developerConnection>[^<]*</developerConnection>##' "${catalog}.pom"
rm -r "broken-bundle/dev/retryowner/retry-owner-annotations"
mkdir -p "broken-bundle/dev/retryowner/retry-owner-test-fixtures/${version}"
touch "broken-bundle/dev/retryowner/retry-owner-test-fixtures/${version}/retry-owner-test-fixtures-${version}.jar"
if java release/CheckBundle.java broken-bundle dev.retryowner "$version" "${published[@]}" \
    > broken.log 2>&1; then
  echo "CheckBundle passed a bundle without a javadoc jar" >&2
  exit 1
fi
for expected in "missing .*retry-owner-catalog-${version}-javadoc.jar" \
    "retry-owner-catalog-${version}.jar.sha1 says 0" "has no <developerConnection>" \
    "not meant to be published: .*retry-owner-test-fixtures" \
    "depends on dev.retryowner:retry-owner-annotations, which the bundle does not publish"; do
  grep -q "$expected" broken.log \
    || { cat broken.log >&2; echo "CheckBundle's report lacks: ${expected}" >&2; exit 1; }
done
echo "CheckBundle refuses the broken bundle: $(grep -c '^- ' broken.log) problem(s) named"
