#!/usr/bin/env bash
# The CI performance gate (make bench-check) and its baseline refresh (make bench-baseline).
#
#   Scripts/bench-gate.sh check      fail on a regression, pass on equal or better
#   Scripts/bench-gate.sh baseline   measure again and rewrite the committed baselines
#
# Two deterministic checks, so the gate does not cry wolf on a noisy, shared machine:
#   1. instructions: the fixed workload Benchmarks/GateWorkload under callgrind, against
#      results/gate/instructions.json; more than 2% growth fails.
#   2. allocations: the Gate suite's malloc counts (package-benchmark), against
#      Benchmarks/Thresholds/; its wall-clock thresholds are wide (2×).
# An improvement passes (package-benchmark's exit code 4 means "only improvements").
#
# TSB_GATE_SCRATCH and TSB_GATE_SWIFTFLAGS select another build folder and extra
# compiler flags; the regression demonstration (Scripts/bench-gate-demo.sh) uses them.
set -euo pipefail
mode=${1:-check}
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${TSB_GATE_SCRATCH:-$root/Benchmarks/.build}
read -r -a flags <<< "${TSB_GATE_SWIFTFLAGS:-}"
baseline=$root/results/gate/instructions.json
tolerance=2

command -v valgrind >/dev/null || {
  echo "bench-gate: valgrind is not installed; run 'apt-get install valgrind' (make bench-check does it as root)" >&2
  exit 1
}
cd "$root/Benchmarks"

echo "bench-gate: building the gate workload"
swift build -c release --product GateWorkload --scratch-path "$scratch" "${flags[@]}" >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read the DWARF 5 debug information Swift emits: strip a copy.
cp "$scratch/release/GateWorkload" "$work/GateWorkload"
strip --strip-debug "$work/GateWorkload"
# Swift seeds its hash tables per process unless told otherwise.
SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
  "$work/GateWorkload" > "$work/workload.log" 2> "$work/valgrind.log" || {
  echo "bench-gate: the workload failed under valgrind:" >&2
  tail -20 "$work/valgrind.log" >&2
  exit 1
}
instructions=$(awk '/^summary:/ { print $2 }' "$work/callgrind.out")
echo "bench-gate: gate workload: $instructions instructions ($(cat "$work/workload.log"))"

toolchain=$(swift --version 2>/dev/null | head -1)
if [ "$mode" = baseline ]; then
  previous=$( [ -f "$baseline" ] && python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['instructions'])" "$baseline" || echo none)
  python3 - "$baseline" "$instructions" "$toolchain" "$(valgrind --version)" <<'PY'
import json, sys, os, tempfile
path, count, toolchain, valgrind = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
data = {"workload": "Benchmarks/GateWorkload (10k mixed rows)", "instructions": count,
        "tolerancePercent": 2, "toolchain": toolchain, "valgrind": valgrind}
fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path))
with os.fdopen(fd, "w") as f:
    json.dump(data, f, indent=2)
    f.write("\n")
os.replace(tmp, path)
PY
  echo "bench-gate: instructions baseline: $previous -> $instructions (results/gate/instructions.json)"
  swift package --allow-writing-to-package-directory benchmark thresholds update --target Gate \
    --no-progress --quiet
  echo "bench-gate: malloc and wall-clock thresholds rewritten in Benchmarks/Thresholds/; review with git diff"
  exit 0
fi

[ -f "$baseline" ] || {
  echo "bench-gate: no baseline at results/gate/instructions.json; run 'make bench-baseline' and commit it" >&2
  exit 1
}
verdict=$(python3 - "$baseline" "$instructions" "$tolerance" "$toolchain" <<'PY'
import json, sys
base = json.load(open(sys.argv[1]))
count, tolerance, toolchain = int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
change = (count - base["instructions"]) / base["instructions"] * 100
note = "" if base.get("toolchain") == toolchain else f" (baseline from {base.get('toolchain')})"
if change > tolerance:
    print(f"fail instructions grew {change:.2f}% ({base['instructions']} -> {count}), over the {tolerance:g}% limit{note}")
elif change < -tolerance:
    print(f"pass instructions improved {-change:.2f}% ({base['instructions']} -> {count}); refresh with 'make bench-baseline'{note}")
else:
    print(f"pass instructions within {tolerance:g}%: {change:+.2f}% ({base['instructions']} -> {count}){note}")
PY
)
echo "bench-gate: ${verdict#* }"
failed=0
[ "${verdict%% *}" = pass ] || failed=1

echo "bench-gate: checking malloc counts and wall clock against Benchmarks/Thresholds/"
set +e
swift package benchmark thresholds check --target Gate --no-progress > "$work/thresholds.log" 2>&1
status=$?
set -e
grep -vE '^\[|^Building|^Build |Compiling|Write |Warning: running|Note: skipping' "$work/thresholds.log" | sed '/^$/d' | tail -40
case $status in
  0) echo "bench-gate: allocations equal to the thresholds" ;;
  4) echo "bench-gate: allocations improved; refresh with 'make bench-baseline'" ;;
  2) echo "bench-gate: allocations regressed (see above)"; failed=1 ;;
  *) echo "bench-gate: the threshold check could not run (exit $status)"; failed=1 ;;
esac
if [ $failed -ne 0 ]; then
  echo "bench-gate: FAILED. If the change is intended, run 'make bench-baseline' and commit results/gate/ and Benchmarks/Thresholds/." >&2
  exit 1
fi
echo "bench-gate: passed"
