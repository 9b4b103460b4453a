#!/usr/bin/env bash
# The CI performance gate (make bench-check) and its baseline refresh (make bench-baseline).
#
#   Scripts/bench-gate.sh check      fail on a regression, pass on equal or better
#   Scripts/bench-gate.sh baseline   measure again and rewrite the committed baselines
#
# The verdict rests only on what repeats whatever else the machine is doing:
#   1. instructions: the fixed workload Benchmarks/GateWorkload under callgrind, against
#      results/gate/instructions.json; more than 2% growth fails.
#   2. allocations: the Gate suite's malloc counts (package-benchmark), against
#      Benchmarks/Thresholds/ (1% or 2 allocations).
# Wall clock is measured too (the same workload run natively, median of 5) and printed
# beside the counts; it can warn, never fail: on a shared machine it swings by 2× and more.
# An improvement passes and says to refresh the baseline.
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
tolerance=2
wall_warning=1.5

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

# What a baseline is valid for: the same toolchain, valgrind and architecture. valgrind's
# virtual CPU is the same on every host of an architecture, so the host CPU does not count.
toolchain=$(swift --version 2>/dev/null | head -1)
machine_kind="$(uname -m), $toolchain, $(valgrind --version)"

cd "$root/Benchmarks"
say "building the gate workload"
"$root/Scripts/clear-stale-builds.sh" "$scratch"
swift build -c release --product GateWorkload --scratch-path "$scratch" "${flags[@]}" >"$work/build.log" 2>&1 || {
  tail -20 "$work/build.log" >&2
  fail_early "the gate workload did not build, so no verdict"
}
# valgrind 3.19 cannot read the DWARF 5 debug information Swift emits: strip a copy.
cp "$scratch/release/GateWorkload" "$work/GateWorkload"
strip --strip-debug "$work/GateWorkload"
# Swift seeds its hash tables per process unless told otherwise.
SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
  "$work/GateWorkload" > "$work/workload.log" 2> "$work/valgrind.log" || {
  tail -20 "$work/valgrind.log" >&2
  fail_early "the workload failed under valgrind, so no verdict"
}
instructions=$(awk '/^summary:/ { print $2 }' "$work/callgrind.out")
[ -n "$instructions" ] || fail_early "callgrind wrote no instruction count, so no verdict"
say "ran Benchmarks/GateWorkload under callgrind: $instructions instructions ($(cat "$work/workload.log"))"
kernel=$(sed -n 's/.*scan kernel \([a-z0-9]*\).*/\1/p' "$work/workload.log")
[ -n "$kernel" ] || fail_early "the workload did not say which scan kernel it ran, so no verdict"

# Wall clock, natively: reported, never a verdict.
wall=$(python3 - "$work/GateWorkload" <<'PY'
import subprocess, sys, time
samples = []
for _ in range(5):
    start = time.perf_counter()
    subprocess.run([sys.argv[1]], check=True, stdout=subprocess.DEVNULL)
    samples.append(time.perf_counter() - start)
print(f"{sorted(samples)[2]:.4f}")
PY
)

if [ "$mode" = baseline ]; then
  previous=$( [ -f "$baseline" ] && python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['instructions'])" "$baseline" || echo none)
  python3 - "$baseline" "$instructions" "$toolchain" "$(valgrind --version)" "$(uname -m)" "$wall" "$kernel" <<'PY'
import json, sys, os, tempfile
path, count, toolchain, valgrind, arch, wall, kernel = sys.argv[1:8]
data = {"workload": "Benchmarks/GateWorkload (10k mixed rows)", "instructions": int(count),
        "tolerancePercent": 2, "toolchain": toolchain, "valgrind": valgrind,
        "architecture": arch, "scanKernel": kernel, "wallClockSeconds": float(wall)}
fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path))
with os.fdopen(fd, "w") as f:
    json.dump(data, f, indent=2)
    f.write("\n")
umask = os.umask(0)
os.umask(umask)
os.chmod(tmp, 0o666 & ~umask)
os.replace(tmp, path)
PY
  say "instructions baseline: $previous -> $instructions; wall clock ${wall} s (results/gate/instructions.json)"
  swift package --scratch-path "$scratch" --allow-writing-to-package-directory benchmark \
    thresholds update --target Gate \
    --no-progress --quiet
  say "malloc thresholds rewritten in Benchmarks/Thresholds/; review with git diff"
  exit 0
fi

[ -f "$baseline" ] ||
  fail_early "no baseline at results/gate/instructions.json, so no verdict: run 'make bench-baseline' and commit it"
verdict=$(python3 - "$baseline" "$instructions" "$tolerance" "$machine_kind, scan kernel $kernel" "$wall" "$wall_warning" <<'PY'
import json, sys
base = json.load(open(sys.argv[1]))
count, tolerance, kind = int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
wall, warn_at = float(sys.argv[5]), float(sys.argv[6])
base_kind = (f"{base.get('architecture', 'x86_64')}, {base.get('toolchain')}, {base.get('valgrind')}, "
             f"scan kernel {base.get('scanKernel')}")
if base_kind != kind:
    print(f"kind the baseline was measured on {base_kind}; this machine is {kind}: "
          "instruction counts are not comparable, so no verdict; run 'make bench-baseline' "
          "on this kind of machine and commit results/gate/ and Benchmarks/Thresholds/")
    sys.exit()
change = (count - base["instructions"]) / base["instructions"] * 100
if change > tolerance:
    print(f"fail instructions grew {change:.2f}% ({base['instructions']} -> {count}), over the {tolerance:g}% limit")
elif change < -tolerance:
    print(f"pass instructions improved {-change:.2f}% ({base['instructions']} -> {count}); refresh with 'make bench-baseline'")
else:
    print(f"pass instructions within {tolerance:g}%: {change:+.2f}% ({base['instructions']} -> {count})")
reference = base.get("wallClockSeconds")
if reference:
    ratio = wall / reference
    flag = "WARNING (not a verdict: wall clock depends on the machine's load)" if ratio > warn_at else "for information"
    print(f"wall wall clock {wall:.3f} s, {ratio:.2f}x the baseline's {reference:.3f} s: {flag}")
else:
    print(f"wall wall clock {wall:.3f} s (no baseline wall clock; 'make bench-baseline' records one)")
PY
)
failed=0
while IFS= read -r line; do
  case ${line%% *} in
    pass) say "${line#* }" ;;
    fail) say "${line#* }"; failed=1 ;;
    wall) say "${line#* }" ;;
    kind) fail_early "${line#* }" ;;
  esac
done <<< "$verdict"

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
