#!/usr/bin/env bash
# Sets the version of retry-owner everywhere it is written, from the root POM's <version> (the one
# place it lives) to the one given: every module of the reactor with versions:set, then the
# places that name the plugin by its coordinates outside the reactor (README.md, docs/, the legacy
# example and the sample projects the README runs directly). DocsVersionTest fails a build in
# which one of those drifts from the root POM.
#
#   release/set-version.sh 0.1.0            # before building a release
#   release/set-version.sh 0.2.0-SNAPSHOT   # after it
set -euo pipefail
cd "$(dirname "$0")/.."

new=${1:-}
if [[ ! $new =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[A-Za-z0-9.]+)?$ ]]; then
  echo "usage: release/set-version.sh VERSION, e.g. 0.1.0 or 0.2.0-SNAPSHOT (got '${new}')" >&2
  exit 2
fi
# The root POM has no parent, so its first <version> is the project's.
old=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -1)
if [[ -z $old ]]; then
  echo "release/set-version.sh: no <version> of the project found in pom.xml" >&2
  exit 2
fi
if [[ $old == "$new" ]]; then
  echo "retry-owner is already at ${new}"
  exit 0
fi

./mvnw -B -q versions:set -DnewVersion="$new" -DgenerateBackupPoms=false -DprocessAllModules=true

old_pattern=$(printf '%s' "$old" | sed 's/[.]/\\./g')
files=$(grep -rlF --include='*.md' --include='pom.xml' --include='*.groovy' -e "$old" \
  README.md docs examples/legacy-app test-fixtures/samples)
for file in $files; do
  # The version as a whole word: 0.1.0 must not touch 10.1.0, nor 0.1.0-SNAPSHOT.
  sed -E -i "s/(^|[^0-9A-Za-z.-])${old_pattern}([^0-9A-Za-z.-]|$)/\\1${new}\\2/g" "$file"
done
echo "retry-owner ${old} -> ${new}: the reactor's POMs and" $(echo "$files" | wc -w) "docs and examples"
