#!/usr/bin/env python3
"""Prints, per keyword class of a bench-matchers run, the median of each round's time
ratio of two of its matchers (both timed in the same interleaved round) and its range.

    Scripts/paired-ratio.py results/arm64/portable-vs-avx2/matchers.json \\
        "folded (portable)" "folded (avx2)"
"""
import json
import statistics
import sys

if len(sys.argv) != 4:
    sys.exit(__doc__)
path, numerator, denominator = sys.argv[1:]
try:
    cells = json.load(open(path))["result"]["cells"]
except (OSError, ValueError, KeyError) as error:
    sys.exit(f"paired-ratio: cannot read {path}: {error}")
rounds = {(cell["label"], cell["matcher"]): cell["roundSeconds"] for cell in cells}
print(f"| class | {numerator} ÷ {denominator}, median of paired rounds | range | rounds |")
print("|---|---:|---:|---:|")
for label in dict.fromkeys(cell["label"] for cell in cells):
    top, bottom = rounds.get((label, numerator)), rounds.get((label, denominator))
    if not top or not bottom:
        sys.exit(f"paired-ratio: {path} has no rounds of {numerator!r} or {denominator!r} for {label}")
    ratios = sorted(a / b for a, b in zip(top, bottom))
    print(f"| {label} | {statistics.median(ratios):.2f}× | {ratios[0]:.2f}–{ratios[-1]:.2f} | {len(ratios)} |")
