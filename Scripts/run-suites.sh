#!/usr/bin/env bash
# make bench-suites: runs package-benchmark suites and fails, saying so, when the target
# or filter selects no benchmark (package-benchmark itself would print nothing and pass).
#   Scripts/run-suites.sh [SUITE] [FILTER]
set -uo pipefail
suite=${1:-}
filter=${2:-}
cd "$(dirname "$0")/../Benchmarks"
args=()
[ -n "$suite" ] && args+=(--target "$suite")
[ -n "$filter" ] && args+=(--filter "$filter")
listing=$(swift package benchmark list "${args[@]}" 2>/dev/null | grep -vE '^\[|^Build|^Building' || true)
if ! grep -qE '^[A-Za-z0-9]+-[A-Za-z0-9-]+' <<< "$listing"; then
  echo "run-suites: no benchmark matches${suite:+ suite '$suite'}${filter:+ filter '$filter'}." >&2
  echo "run-suites: the suites are Matchers, Index, Session and Gate; list them with" >&2
  echo "  cd Benchmarks && swift package benchmark list" >&2
  exit 1
fi
exec swift package benchmark "${args[@]}"
