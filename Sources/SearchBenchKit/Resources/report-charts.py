#!/usr/bin/env python3
"""Draws the report's charts from report.json with matplotlib:

- throughput.svg: per script at the report's largest size, every strategy's and peer's throughput
  (GB/s of text) per keyword class, every round's sample as a dot and the median as a bar,
  with the memchr ceiling as a line;
- ratios.svg: each strategy's time ÷ the fastest conforming one's, by class;
- scaling.svg: time per row against rows, log-log, with per-query costs (strategies) and
  per-operation costs (the session's) on separate panels.

Usage: report-charts.py [results] [--png FOLDER]   (--png also writes PNG previews)
"""
import json
import math
import os
import sys
import tempfile

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: E402
except ImportError:
    # Exit code 2 tells tsbench compare that the optional chart library is not installed.
    print("report-charts: matplotlib is missing (pip install matplotlib)", file=sys.stderr)
    sys.exit(2)

arguments = [a for a in sys.argv[1:]]
png = None
if "--png" in arguments:
    png = arguments[arguments.index("--png") + 1]
    del arguments[arguments.index("--png"):arguments.index("--png") + 2]
results = arguments[0] if arguments else os.path.join(os.path.dirname(__file__), "..", "results")
report = json.load(open(os.path.join(results, "report.json")))
classes = ["frequent", "rare", "absent"]
drawn = []


def save(figure, name):
    fd, tmp = tempfile.mkstemp(dir=results, suffix=".svg")
    os.close(fd)
    umask = os.umask(0)
    os.umask(umask)
    try:
        os.chmod(tmp, 0o666 & ~umask)  # as a plain write would create it, not mkstemp's 0600
        figure.savefig(tmp, format="svg", bbox_inches="tight")
        os.replace(tmp, os.path.join(results, name))
    except BaseException:
        # A full disk or an interrupt leaves no half-drawn chart behind.
        os.unlink(tmp)
        raise
    if png:
        figure.savefig(os.path.join(png, name.replace(".svg", ".png")), format="png",
                       bbox_inches="tight", dpi=90)
    plt.close(figure)
    drawn.append(name)


def ordered(names):
    seen = []
    for name in names:
        if name not in seen:
            seen.append(name)
    return seen


def draw_throughput():
    """One panel per script measured at the report's largest size."""
    largest = {}
    for dataset in report["datasets"]:
        key = dataset.get("script") or dataset["name"]
        if key not in largest or dataset["rows"] > largest[key]["rows"]:
            largest[key] = dataset
    # The scripts measured at the largest size (1M rows in the standard run).
    most = max(d["rows"] for d in largest.values())
    panels = [largest[k] for k in sorted(largest) if largest[k]["rows"] == most]
    if not panels:
        return
    figure, axes = plt.subplots(len(panels), 1, figsize=(11, 3.9 * len(panels)), squeeze=False)
    origins = {c["strategy"]: c.get("origin") for c in report["conformance"]}
    kinds = set()
    for axis, dataset in zip(axes[:, 0], panels):
        gigabytes = dataset["textBytes"] / 1e9
        series = []  # (name, kind, {label: [samples]})
        for strategy in ordered(c["strategy"] for c in dataset["cells"]):
            samples = {c["label"]: c["samples"] for c in dataset["cells"]
                       if c["strategy"] == strategy and c["samples"]}
            series.append((strategy, origins.get(strategy) or "project", samples))
        for peer in ordered(p["peer"] for p in dataset["peers"]):
            samples = {p["label"]: p.get("samples") or ([p["seconds"]["median"]] if p.get("seconds") else [])
                       for p in dataset["peers"] if p["peer"] == peer}
            series.append((peer + " (peer)", "peer", {k: v for k, v in samples.items() if v}))
        colours = {"project": "tab:blue", "stock": "tab:orange", "user": "tab:green", "peer": "tab:purple"}
        kinds.update(kind for _, kind, _ in series)
        width = 0.85 / max(len(series), 1)
        for index, (name, kind, samples) in enumerate(series):
            for position, label in enumerate(classes):
                values = [gigabytes / s for s in samples.get(label, []) if s > 0]
                x = position + (index - (len(series) - 1) / 2) * width
                if not values:
                    # Skipped (over budget, failed, not installed): named, not left blank.
                    axis.annotate(f"{name}: not measured", (x, 0), xycoords=("data", "axes fraction"),
                                  textcoords="offset points", xytext=(0, 3), rotation=90,
                                  fontsize=6.5, ha="center", va="bottom", color="grey")
                    continue
                median = sorted(values)[len(values) // 2]
                axis.bar(x, median, width * 0.9, color=colours[kind], alpha=0.35)
                axis.scatter([x] * len(values), values, s=9, color=colours[kind], zorder=3)
                axis.annotate(name, (x, median), textcoords="offset points", xytext=(0, 3),
                              rotation=90, fontsize=6.5, ha="center", va="bottom")
        if dataset.get("ceilingSeconds"):
            ceiling = gigabytes / dataset["ceilingSeconds"]["median"]
            axis.axhline(ceiling, color="black", linestyle="--", linewidth=1)
            axis.annotate(f"memchr ceiling {ceiling:.1f} GB/s", (-0.5, ceiling),
                          textcoords="offset points", xytext=(4, 4), ha="left", fontsize=8)
        axis.set_yscale("log")
        axis.set_xticks(range(len(classes)))
        axis.set_xticklabels(classes)
        axis.set_xlim(-0.5, len(classes) - 0.5)
        axis.set_ylabel("GB/s of text (log)")
        axis.set_title(f"{dataset['name']}: {dataset['rows']:,} rows, "
                       f"{dataset['textBytes'] / 1e6:.0f} MB (higher is better)", fontsize=10)
        axis.grid(True, axis="y", which="both", alpha=0.25)
        _, top = axis.get_ylim()
        axis.set_ylim(top=top * 6)  # room for the labels above the tallest bars
    names = {"project": "this project", "stock": "stock engine", "user": "yours",
             "peer": "peer (another program)"}
    present = [k for k in names if k in kinds]
    handles = [plt.Rectangle((0, 0), 1, 1, color=colours[k], alpha=0.6) for k in present]
    axes[0, 0].legend(handles, [names[k] for k in present], fontsize=8, loc="upper right",
                      ncol=len(present))
    figure.suptitle("Throughput per keyword class: bars are medians, dots every round", y=1.0)
    figure.tight_layout()
    save(figure, "throughput.svg")


def draw_ratios():
    """Geometric mean over datasets of time ÷ best, per strategy and class, divided by the
    class's fastest conforming strategy's (as in the report's summary)."""
    strategies = [c["strategy"] for c in report["conformance"]]
    conforming = {c["strategy"] for c in report["conformance"] if c["passed"] == c["total"]}
    figure, axis = plt.subplots(figsize=(9, 4.5))
    width = 0.8 / len(classes)
    for index, label in enumerate(classes):
        values = []
        for strategy in strategies:
            ratios = [c["ratioToBest"]["ratio"] for d in report["datasets"] for c in d["cells"]
                      if c["strategy"] == strategy and c["label"] == label and c.get("ratioToBest")]
            values.append(math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else float("nan"))
        best = min([v for s, v in zip(strategies, values) if s in conforming and not math.isnan(v)],
                   default=1)
        values = [v / best for v in values]
        axis.bar([i + index * width for i in range(len(strategies))], values, width, label=label)
    axis.set_xticks([i + width for i in range(len(strategies))])
    axis.set_xticklabels(strategies)
    axis.set_yscale("log")
    axis.set_ylabel("time ÷ fastest conforming (log)")
    axis.set_title("Strategies side by side (lower is better)")
    axis.legend()
    save(figure, "ratios.svg")


def draw_scaling():
    """Per-query costs and per-operation costs on separate panels: never one axis."""
    scaling = report["scaling"]
    scripts = [s["script"] for s in scaling]
    script = "mixed" if "mixed" in scripts else scripts[0]
    queries = [e for e in scaling if e["script"] == script and "(frequent)" in e["what"]]
    operations = [e for e in scaling if e["script"] == script and "(" not in e["what"]]
    panels = [(queries, "One query, frequent keyword (per strategy)"),
              (operations, "One session operation")]
    panels = [p for p in panels if p[0]]
    figure, axes = plt.subplots(1, len(panels), figsize=(6.5 * len(panels), 4.8), squeeze=False)
    for axis, (entries, title) in zip(axes[0], panels):
        for entry in entries:
            rows = [p[0] for p in entry["points"]]
            per_row = [p[1] / p[0] for p in entry["points"]]
            axis.plot(rows, per_row, marker="o", label=f"{entry['what']} (slope {entry['slope']:.2f})")
        axis.set_xscale("log")
        axis.set_yscale("log")
        axis.set_xlabel("rows")
        axis.set_ylabel("seconds per row (log)")
        axis.set_title(f"{title}, {script}", fontsize=10)
        axis.grid(True, which="both", alpha=0.3)
        axis.legend(fontsize=7)
    figure.suptitle("Time per row against rows: flat is linear, falling is sublinear")
    figure.tight_layout()
    save(figure, "scaling.svg")


try:
    draw_throughput()
    draw_ratios()
    # A report on one file of the user's has one size: no scaling to draw.
    if report["scaling"]:
        draw_scaling()
except OSError as error:
    print(f"report-charts: cannot write the charts in {results}: {error.strerror or error}",
          file=sys.stderr)
    sys.exit(1)
print(f"report-charts: wrote {', '.join(os.path.join(results, name) for name in drawn)}")
