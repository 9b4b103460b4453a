#!/usr/bin/env bash
# Clears the given build folders of packages that reach the root package through a local
# path (Benchmarks/, Examples/NaiveSearch/, Fuzz/) when the root package's source files
# were added, removed or renamed since they were built.
#
#   Scripts/clear-stale-builds.sh FOLDER...
#
# SwiftPM does not notice such a change in a path dependency: the next build compiles
# the old list of files, and links without a new C file (an undefined reference) or
# looks for a removed one. The dependencies it fetched (checkouts/) stay.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sources=$(cd "$root" && find Sources -type f | LC_ALL=C sort | sha256sum | cut -d' ' -f1)
for scratch in "$@"; do
  stamp=$scratch/.tsb-source-list
  if [ -d "$scratch" ] && [ "$(cat "$stamp" 2>/dev/null || true)" != "$sources" ]; then
    if [ -f "$stamp" ]; then
      echo "clear-stale-builds: the root package's files changed since $scratch was built; clearing its builds"
    else
      echo "clear-stale-builds: $scratch does not record the root package's files it was built from; clearing its builds"
    fi
    rm -rf "$scratch"/*-unknown-* "$scratch"/debug "$scratch"/release "$scratch"/*.yaml \
      "$scratch"/build.db
  fi
  mkdir -p "$scratch"
  echo "$sources" > "$stamp"
done
