#!/usr/bin/env bash
# The CI performance gate (make bench-check) and its baseline refresh (make bench-baseline).
#
#   Scripts/bench-gate.sh check      fail on a regression, pass on equal or better
#   Scripts/bench-gate.sh baseline   measure again and rewrite the committed baselines
#
# The verdict rests only on what repeats whatever else the machine is doing:
#   1. instructions and allocations, per phase: the fixed workload Benchmarks/GateWorkload
#      under callgrind (`tsbench instructions`), against results/gate/instructions.json;
#      a phase fails when its instructions grow past its threshold (from the baseline's
#      A/A runs) or its allocations by more than 1% or 2. A failure names the functions
#      whose own instructions grew most.
#   2. allocations: the Gate suite's malloc counts (package-benchmark), against
#      Benchmarks/Thresholds/ (1% or 2 allocations).
# Wall clock is measured too (the same workload run natively, median of 5) and printed
# beside the counts; it never fails: on a shared machine it swings by 2× and more.
# An improvement passes and says to refresh the baseline.
#
# The verdict is also written as Markdown to TSB_GATE_SUMMARY (default: none) and appended
# to $GITHUB_STEP_SUMMARY when GitHub Actions sets it; TSB_GATE_EXPORTS names a folder for
# the head's counts as Bencher (bmf.json), Google Benchmark (google-benchmark.json) and
# github-action-benchmark (github-action-benchmark.json) JSON.
#
# TSB_GATE_SCRATCH and TSB_GATE_SWIFTFLAGS select another build folder and extra
# compiler flags (to gate a build made otherwise). TSB_GATE_REGRESSION=1 reaches the
# workload, which then does every folded search twice (Scripts/bench-gate-demo.sh).
set -euo pipefail
mode=${1:-check}
root=$(cd "$(dirname "$0")/.." && pwd)
# The build folder Benchmarks/ shares with the example (make example): see the Makefile.
scratch=${TSB_GATE_SCRATCH:-$root/.build-dependents}
read -r -a flags <<< "${TSB_GATE_SWIFTFLAGS:-}"
baseline=$root/results/gate/instructions.json

say() { echo "bench-gate: $*"; }
fail_early() { echo "bench-gate: $*" >&2; exit 1; }

case $mode in
  check | baseline) ;;
  *) fail_early "unknown mode '$mode': use 'check' or 'baseline'" ;;
esac
command -v valgrind >/dev/null ||
  fail_early "valgrind is not installed, so no verdict: run 'apt-get install valgrind' (make bench-check does it as root)"
command -v swift >/dev/null ||
  fail_early "swift is not on PATH, so no verdict: add /opt/swift/usr/bin (or your toolchain) to PATH"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'echo "bench-gate: interrupted before a verdict: nothing was checked; run make bench-check again" >&2; exit 130' INT TERM

"$root/Scripts/clear-stale-builds.sh" "$scratch"
say "building tsbench and the gate workload"
{ (cd "$root" && swift build -c release --product tsbench --scratch-path "$scratch" "${flags[@]}") &&
  (cd "$root/Benchmarks" && swift build -c release --product GateWorkload --scratch-path "$scratch" "${flags[@]}"); } \
  >"$work/build.log" 2>&1 || {
  tail -20 "$work/build.log" >&2
  fail_early "the gate workload or tsbench did not build, so no verdict"
}
tsbench=$scratch/release/tsbench
workload=(--workload "$scratch/release/GateWorkload" --build-flags "${TSB_GATE_SWIFTFLAGS:-}")

if [ "$mode" = baseline ]; then
  "$tsbench" instructions baseline "${workload[@]}" --out "$baseline" | sed 's/^/bench-gate: /'
  (cd "$root/Benchmarks" && swift package --scratch-path "$scratch" --allow-writing-to-package-directory benchmark \
    thresholds update --target Gate --no-progress --quiet)
  say "instruction baseline rewritten in results/gate/, malloc thresholds in Benchmarks/Thresholds/; review with git diff"
  exit 0
fi

[ -f "$baseline" ] ||
  fail_early "no baseline at results/gate/instructions.json, so no verdict: run 'make bench-baseline' and commit it"
summary=${TSB_GATE_SUMMARY:-$work/summary.md}
exports=()
if [ -n "${TSB_GATE_EXPORTS:-}" ]; then
  mkdir -p "$TSB_GATE_EXPORTS"
  exports=(--bmf "$TSB_GATE_EXPORTS/bmf.json" --google-benchmark "$TSB_GATE_EXPORTS/google-benchmark.json"
    --github-action-benchmark "$TSB_GATE_EXPORTS/github-action-benchmark.json")
fi
failed=0
set +e
"$tsbench" instructions check --base "$baseline" "${workload[@]}" --summary "$summary" "${exports[@]}" \
  --head-label "this build ($(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo 'not a git checkout'))" \
  2>"$work/measure.log" | sed 's/^/bench-gate: /'
status=${PIPESTATUS[0]}
set -e
[ -z "${GITHUB_STEP_SUMMARY:-}" ] || [ ! -f "$summary" ] || cat "$summary" >> "$GITHUB_STEP_SUMMARY"
case $status in
  0) ;;
  2) failed=1 ;;
  3) fail_early "no verdict (see above): run 'make bench-baseline' on this kind of machine and commit results/gate/ and Benchmarks/Thresholds/" ;;
  *) cat "$work/measure.log" >&2; fail_early "the instruction count did not run to a verdict (exit $status), so no verdict" ;;
esac

cd "$root/Benchmarks"
say "running the Gate suite's malloc counts against Benchmarks/Thresholds/"
set +e
swift package --scratch-path "$scratch" benchmark thresholds check --target Gate --no-progress \
  > "$work/thresholds.log" 2>&1
status=$?
set -e
# package-benchmark exits 1 for every outcome but success; its text says which.
grep -vE '^\[|^Building|^Build |Compiling|Write |Warning: running|Note: skipping' "$work/thresholds.log" | sed '/^$/d' | tail -40
if [ $status -eq 0 ] && grep -q "EQUAL to the defined thresholds" "$work/thresholds.log"; then
  say "allocations: every Gate benchmark equal to its threshold"
elif grep -q "benchmarkThresholdImprovement" "$work/thresholds.log" && ! grep -q "benchmarkThresholdRegression" "$work/thresholds.log"; then
  say "allocations improved; refresh with 'make bench-baseline'"
elif grep -q "benchmarkThresholdRegression" "$work/thresholds.log"; then
  say "allocations regressed (the tables above say which benchmark and by how much)"
  failed=1
else
  fail_early "the malloc threshold check did not run to a verdict (exit $status); see the output above"
fi
if [ $failed -ne 0 ]; then
  echo "bench-gate: FAILED. If the change is intended, run 'make bench-baseline' and commit results/gate/ and Benchmarks/Thresholds/." >&2
  exit 1
fi
say "passed"
