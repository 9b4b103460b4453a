#!/usr/bin/env bash
# History and bisection shown on this package: a clone of HEAD with 15 commits on top, 14
# that change only a text file and one (the 9th) that adds a known cost to a benchmarked
# path (FoldedMatcher.matches searches twice). Then:
#   1. tsbench history backfill + report over the 16 commits: one step, at the 9th;
#   2. tsbench bisect with the two ends recorded, as CI records main: it names the 9th;
#   3. tsbench bisect with nothing recorded: the same commit, two builds more.
# Writes results/history/demo/ (the page, its charts, both bisections). Takes about half an
# hour on 2 cores: each build crossing the costly commit recompiles the core in release.
#
#   Scripts/bench-bisect-demo.sh TSBENCH
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tsbench=${1:?usage: Scripts/bench-bisect-demo.sh TSBENCH}
out=$root/results/history/demo
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
say() { echo "bisect-demo: $*"; }

repo=$work/repo
git clone --quiet "$root" "$repo"
git -C "$repo" config user.email demo@example.com
git -C "$repo" config user.name "bisect demo"
matcher=Sources/TranscriptSearch/Matchers/Folded/FoldedMatcher.swift
grep -q 'return folded.matches(' "$repo/$matcher" || { echo "bisect-demo: $matcher has changed; update the demo's patch" >&2; exit 1; }
for number in $(seq 1 15); do
  if [ "$number" = 9 ]; then
    python3 - "$repo/$matcher" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
line = "    return folded.matches(\n"
patched = text.replace(line, "    _ = folded.matches(\n      of: keyword, inRows: 0..<folded.rowCount, kernel: kernel, originals: forms.corpus)\n" + line, 1)
assert patched != text
open(path, "w").write(patched)
PY
    git -C "$repo" commit --quiet -am "demo 9: search twice in FoldedMatcher.matches (the known cost)"
  else
    echo "demo commit $number" >> "$repo/docs/bisect-demo.txt"
    git -C "$repo" add docs/bisect-demo.txt
    git -C "$repo" commit --quiet -m "demo $number: a text file only"
  fi
done
costly=$(git -C "$repo" rev-parse --short=12 HEAD~6)
say "16 commits made; the costly one is $costly"

builds=$work/build
rm -rf "$out" && mkdir -p "$out"
start=$(date +%s)
"$tsbench" history backfill --repository "$repo" --commits 16 --history "$work/history" --build-folder "$builds"
"$tsbench" history report --history "$work/history" --out "$out" | tee "$work/report.log"
cp "$work/history/"*.jsonl "$out/"
say "history: $(( $(date +%s) - start )) s"

# The ends only, as a history that recorded main before and after would hold them.
mkdir -p "$work/ends"
for file in "$work/history/"*.jsonl; do
  { head -2 "$file"; tail -1 "$file"; } > "$work/ends/$(basename "$file")"
done
start=$(date +%s)
"$tsbench" bisect --repository "$repo" --good HEAD~15 --bad HEAD --history "$work/ends" \
  --build-folder "$builds" --report "$out/bisect-ends-recorded.md"
say "bisect with the ends recorded: $(( $(date +%s) - start )) s"
start=$(date +%s)
"$tsbench" bisect --repository "$repo" --good HEAD~15 --bad HEAD --history '' \
  --build-folder "$builds" --report "$out/bisect-nothing-recorded.md"
say "bisect with nothing recorded: $(( $(date +%s) - start )) s"
grep -q "$costly" "$out/bisect-ends-recorded.md" && grep -q "$costly" "$out/bisect-nothing-recorded.md" ||
  { echo "bisect-demo: a bisection did not name $costly" >&2; exit 1; }
say "wrote $out"
