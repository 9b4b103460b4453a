#!/usr/bin/env bash
# make fuzz: builds the libFuzzer targets in Fuzz/ and runs each for FUZZ_SECONDS
# (default 60). New interesting inputs go to Fuzz/Corpus/<target>/; a crash is written
# to Fuzz/Regressions/<target>/, where the test suite replays it from then on.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${FUZZ_SECONDS:-60}
cd "$root/Fuzz"
echo "fuzz: building the targets with -sanitize=fuzzer,address"
swift build -c debug --scratch-path .build-fuzz \
  -Xswiftc -sanitize=fuzzer,address >/dev/null
status=0
for target in Matchers Importers; do
  mkdir -p "Corpus/$target" "Regressions/$target"
  echo "fuzz: $target for $seconds s"
  if ! ".build-fuzz/debug/Fuzz$target" -max_total_time="$seconds" -max_len=2048 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="Regressions/$target/" -print_final_stats=1 \
    "Corpus/$target" 2> "/tmp/tsb-fuzz-$target.log"; then
    echo "fuzz: $target FOUND A FAILURE; the input is in Fuzz/Regressions/$target/:" >&2
    grep -E "Fatal error|ERROR|SUMMARY" "/tmp/tsb-fuzz-$target.log" | head -5 >&2
    status=1
  fi
  grep -E "stat::number_of_executed_units|Done [0-9]+ runs" "/tmp/tsb-fuzz-$target.log" | tail -1 || true
  # Keep the corpus small: only inputs that add coverage.
  mkdir -p "Corpus/$target.min"
  ".build-fuzz/debug/Fuzz$target" -merge=1 "Corpus/$target.min" "Corpus/$target" >/dev/null 2>&1 &&
    rm -rf "Corpus/$target" && mv "Corpus/$target.min" "Corpus/$target"
done
exit $status
