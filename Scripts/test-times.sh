#!/usr/bin/env bash
# make test-times: where the time of `make test` goes on a fresh clone, by phase:
#   resolve       fetching the dependencies
#   build         building the dependencies, this package and its tests (debug), in one
#                 build as make test does (built product by product, the dependencies
#                 took a minute longer than within the whole build, which overlaps them)
#   tests         the suite as `make test` runs it (in parallel, one process)
#   one-line change   the build and the suite again after a statement is added to a core
#                 source, what a developer waits for (fresh clone only)
#   each target   each test target alone, serially (--no-parallel), so that its time is its own
#   slowest 20    the slowest tests of those serial runs
# and, when given a CI log with the step times .ci/run prints, CI's time by step.
# Writes results/test-times.md (or $TSB_TEST_TIMES_OUT).
#
#   Scripts/test-times.sh [--ci-log FILE] [--tree]
#     --tree     measure this work tree's .build as it is (not a fresh clone): after a
#                one-line change, what a developer waits for
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${TSB_TEST_TIMES_OUT:-$root/results/test-times.md}
ci_log=""
fresh=1
while [ $# -gt 0 ]; do
  case $1 in
    --ci-log) ci_log=$2; shift 2 ;;
    --tree) fresh=0; shift ;;
    *) echo "test-times: unknown argument '$1'" >&2; exit 64 ;;
  esac
done

work=$(mktemp -d)
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
trap 'echo "test-times: interrupted: no report written" >&2; exit 130' INT TERM

if [ "$fresh" = 1 ]; then
  echo "test-times: cloning $(git -C "$root" rev-parse --short HEAD) into $work/clone"
  git clone -q "$root" "$work/clone"
  tree=$work/clone
else
  tree=$root
fi
cd "$tree"

now() { date +%s.%N; }
elapsed() { python3 -c "print(f'{$2 - $1:.1f}')"; }
phases=()
phase() {  # phase NAME COMMAND...: runs it, records its wall time, fails with its output
  local name=$1; shift
  local start; start=$(now)
  if ! "$@" >"$work/phase.log" 2>&1; then
    # The failures first (a suite's tail seldom holds them), then how it ended.
    grep -E '^✘|error:|Fatal error' "$work/phase.log" | head -20 | cut -c1-2000 >&2 || true
    tail -30 "$work/phase.log" >&2
    echo "test-times: $name failed" >&2
    exit 1
  fi
  local seconds; seconds=$(elapsed "$start" "$(now)")
  echo "test-times: $name: $seconds s"
  phases+=("| $name | $seconds |")
  printf '%s\t%s\n' "$name" "$seconds" >>"$work/phases.txt"
}

# make test's build: the libraries under test optimized (TSB_OPTIMIZE_TESTED, as the
# Makefile sets it), the rest in debug.
export TSB_OPTIMIZE_TESTED=${TSB_OPTIMIZE_TESTED:-1}
if [ "$fresh" = 1 ]; then
  phase "resolve (fetch the dependencies)" swift package resolve
  phase "build: dependencies, package and tests (debug)" swift build --build-tests
else
  phase "build: what changed (debug)" swift build --build-tests
fi
phase "tests, as make test runs them" swift test --skip-build

# What a developer waits for after changing one line of the core: a statement added to a
# function every search calls, then make test's build and suite again.
if [ "$fresh" = 1 ]; then
  changed=Sources/TranscriptSearch/Matchers/Match.swift
  python3 - "$changed" <<'PY'
import sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
anchor = "  public init(row: Int, start: Int, end: Int) {\n"
assert anchor in text, f"{path}: the changed line's place is gone"
text = text.replace(anchor, anchor + '    assert(row >= 0, "a row is never negative")\n', 1)
open(path, "w", encoding="utf-8").write(text)
PY
  phase "after a one-line change: build" swift build --build-tests
  phase "after a one-line change: tests" swift test --skip-build
  git checkout -q -- "$changed"
fi

# The test targets: Tests/ also holds a C target the test binaries link.
targets=$(ls Tests | grep 'Tests$')
rows=()
: >"$work/serial.log"
for target in $targets; do
  start=$(now)
  swift test --skip-build --no-parallel --filter "^$target\." >"$work/target.log" 2>&1 || {
    grep -E '^✘|error:|Fatal error' "$work/target.log" | head -20 | cut -c1-2000 >&2 || true
    tail -30 "$work/target.log" >&2
    echo "test-times: $target failed" >&2
    exit 1
  }
  seconds=$(elapsed "$start" "$(now)")
  count=$(grep -cE '^✔ Test .*passed after|^Test Case .* passed' "$work/target.log" || true)
  echo "test-times: $target alone: $seconds s ($count tests)"
  rows+=("| $target | $count | $seconds |")
  cat "$work/target.log" >>"$work/serial.log"
done

# Swift Testing: "✔ Test name() passed after 1.234 seconds."; XCTest: "... passed (1.234 seconds)."
slowest=$(python3 - "$work/serial.log" <<'PY'
import re, sys
times = []
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    m = re.match(r"^✔ Test (.+?) passed after ([0-9.]+) seconds", line)
    # "Test run with N tests …" is the whole run's line, not a test's.
    if m and not m.group(1).startswith("run with "):
        times.append((float(m.group(2)), m.group(1)))
        continue
    m = re.match(r"^Test Case '(.+?)' passed \(([0-9.]+) seconds\)", line)
    if m:
        times.append((float(m.group(2)), m.group(1)))
for seconds, name in sorted(times, reverse=True)[:20]:
    escaped = name.replace("|", "\\|")
    print(f"| {escaped} | {seconds:.2f} |")
PY
)

ci_rows=""
if [ -n "$ci_log" ]; then
  ci_rows=$(sed -n 's/^ci-step: \(.*\): \([0-9.]*\) s$/| \1 | \2 |/p' "$ci_log")
fi

{
  echo "# Where the test time goes"
  echo
  echo "Generated by \`make test-times\` on $(date -u +%Y-%m-%d) at $(git -C "$root" rev-parse --short HEAD)"
  if [ "$fresh" = 1 ]; then echo "from a fresh clone"; else echo "in the work tree as it was"; fi
  echo "on $(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1))."
  echo
  echo "| phase | seconds |"
  echo "|---|---:|"
  printf '%s\n' "${phases[@]}"
  echo
  echo "Each test target alone, its tests one at a time (\`--no-parallel\`):"
  echo
  echo "| target | tests | seconds |"
  echo "|---|---:|---:|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "The 20 slowest tests of those runs:"
  echo
  echo "| test | seconds |"
  echo "|---|---:|"
  echo "$slowest"
  if [ -n "$ci_rows" ]; then
    echo
    echo "CI (\`bash .ci/run\`) by step, from the step times it prints:"
    echo
    echo "| step | seconds |"
    echo "|---|---:|"
    echo "$ci_rows"
  fi
} >"$out.tmp"
mv "$out.tmp" "$out"
echo "test-times: wrote $out"

# The README's row for make test comes from this measurement, not from memory.
if [ "$fresh" = 1 ] && [ "$out" = "$root/results/test-times.md" ]; then
  python3 - "$root/README.md" "$work/phases.txt" <<'PY'
import re, sys
readme, phases = sys.argv[1], dict(line.rstrip("\n").split("\t") for line in open(sys.argv[2]))
fresh = {k: float(v) for k, v in phases.items() if not k.startswith("after")}
build = sum(v for k, v in fresh.items() if not k.startswith("tests"))
tests = fresh["tests, as make test runs them"]
again = sum(float(v) for k, v in phases.items() if k.startswith("after"))
row = (f"| `make test` | {(build + tests) / 60:.1f} min from a fresh clone ({build / 60:.1f} building, "
       f"{tests / 60:.1f} testing), {again:.0f} s after a one-line change to the core "
       "(`make test-times` measures both: results/test-times.md) | "
       "about 0.8 GB of build products in `.build/` |")
text = open(readme, encoding="utf-8").read()
text, count = re.subn(r"^\| `make test` \|.*$", lambda _: row, text, count=1, flags=re.M)
if count:
    open(readme, "w", encoding="utf-8").write(text)
    print("test-times: updated the README's make test row")
PY
fi
