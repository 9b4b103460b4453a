#!/usr/bin/env python3
"""Draws the report's charts from results/report.json with matplotlib:
results/scaling.svg (time per row against rows, log-log, per strategy and for the
session's costs) and results/ratios.svg (each strategy's time ÷ the best, by class).

Usage: Scripts/report-charts.py [results]
"""
import json
import math
import os
import sys
import tempfile

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

results = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "results")
report = json.load(open(os.path.join(results, "report.json")))


def save(figure, name):
    fd, tmp = tempfile.mkstemp(dir=results, suffix=".svg")
    os.close(fd)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)  # as a plain write would create it, not mkstemp's 0600
    figure.savefig(tmp, format="svg", bbox_inches="tight")
    os.replace(tmp, os.path.join(results, name))
    plt.close(figure)


# Scaling: the mixed script where measured, else the first script with several sizes.
scaling = report["scaling"]
scripts = [s["script"] for s in scaling]
script = "mixed" if "mixed" in scripts else (scripts[0] if scripts else None)
drawn = []


def draw_scaling():
    figure, axis = plt.subplots(figsize=(8, 5))
    for entry in scaling:
        if entry["script"] != script or not ("(frequent)" in entry["what"] or "(" not in entry["what"]):
            continue
        rows = [p[0] for p in entry["points"]]
        per_row = [p[1] / p[0] for p in entry["points"]]
        axis.plot(rows, per_row, marker="o", label=f"{entry['what']} (slope {entry['slope']:.2f})")
    axis.set_xscale("log")
    axis.set_yscale("log")
    axis.set_xlabel("rows")
    axis.set_ylabel("seconds per row")
    axis.set_title(f"Time per row against rows ({script}; flat = linear, falling = sublinear)")
    axis.grid(True, which="both", alpha=0.3)
    axis.legend(fontsize=7)
    save(figure, "scaling.svg")
    drawn.append("scaling.svg")


# A report on one file of the user's has one size: no scaling to draw.
if scaling:
    draw_scaling()

# Ratios: geometric mean over datasets of time ÷ best, per strategy and class, divided by
# the class's fastest conforming strategy's (as in the report's summary).
classes = ["frequent", "rare", "absent"]
strategies = [c["strategy"] for c in report["conformance"]]
conforming = {c["strategy"] for c in report["conformance"] if c["passed"] == c["total"]}
figure, axis = plt.subplots(figsize=(8, 4.5))
width = 0.8 / len(classes)
for index, label in enumerate(classes):
    values = []
    for strategy in strategies:
        ratios = [c["ratioToBest"]["ratio"] for d in report["datasets"] for c in d["cells"]
                  if c["strategy"] == strategy and c["label"] == label and c.get("ratioToBest")]
        values.append(math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else float("nan"))
    best = min([v for s, v in zip(strategies, values) if s in conforming and not math.isnan(v)], default=1)
    values = [v / best for v in values]
    axis.bar([i + index * width for i in range(len(strategies))], values, width, label=label)
axis.set_xticks([i + width for i in range(len(strategies))])
axis.set_xticklabels(strategies)
axis.set_yscale("log")
axis.set_ylabel("time ÷ fastest conforming (log)")
axis.set_title("Strategies side by side (lower is better)")
axis.legend()
save(figure, "ratios.svg")
drawn.append("ratios.svg")
print(f"report-charts: wrote {', '.join(os.path.join(results, name) for name in drawn)}")
