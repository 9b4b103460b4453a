#!/usr/bin/env bash
# Shows that the CI gate (Scripts/bench-gate.sh) catches a regression and passes the
# unmodified code, twice each, with the same verdict every time: the regressed build
# compiles `folded` with TSB_GATE_REGRESSION, which runs every folded search twice.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
gate=$root/Scripts/bench-gate.sh
failures=0

for run in 1 2; do
  if "$gate" check > /tmp/tsb-gate-demo.log 2>&1; then
    echo "gate-demo: unmodified code, run $run: passed (as it must)"
  else
    echo "gate-demo: unmodified code, run $run: FAILED; it must pass:" >&2
    tail -20 /tmp/tsb-gate-demo.log >&2
    failures=$((failures + 1))
  fi
done

for run in 1 2; do
  if TSB_GATE_SCRATCH=$root/Benchmarks/.build-regression \
    TSB_GATE_SWIFTFLAGS="-Xswiftc -DTSB_GATE_REGRESSION" "$gate" check > /tmp/tsb-gate-demo.log 2>&1; then
    echo "gate-demo: folded made 2x slower, run $run: PASSED; it must fail" >&2
    failures=$((failures + 1))
  else
    echo "gate-demo: folded made 2x slower, run $run: failed (as it must): $(grep -m1 'instructions grew' /tmp/tsb-gate-demo.log | sed 's/^bench-gate: //')"
  fi
done

if [ $failures -ne 0 ]; then
  echo "gate-demo: $failures verdicts were wrong" >&2
  exit 1
fi
echo "gate-demo: the gate passes unmodified code and fails the regression, twice each"
