#!/usr/bin/env python3
"""The viewer's keystroke latency, read from its own latency line over a scripted typing run.

Usage: Scripts/bench-view.py TSBENCH DATASET RESULTS_DIR [MATCHER...]

For each matcher (default: folded, regex) the viewer runs in a private tmux server at 120x40
on DATASET. Each keyword is typed a key at a time, 150 ms apart (a quick typist), after the
field is cleared; after every key the script reads the line "#N highlights A ms · count B ms"
the viewer draws once the frame showing that keystroke's highlights (A) and count (B) is
on screen. Writes RESULTS_DIR/latency.md, latency.json and, for each matcher, the screen
after the first keyword (screen-MATCHER.ansi as capture-pane -e gives it, .txt and .svg).
"""
import json, os, re, statistics, subprocess, sys, time, uuid

tsbench, dataset, results = sys.argv[1:4]
matchers = sys.argv[4:] or ["folded", "regex"]
keywords = ["zephyr", "麒麟", "résumé"]
gap = 0.15
os.makedirs(results, exist_ok=True)
pattern = re.compile(r"#(\d+) highlights ([0-9.]+|…) ms · count ([0-9.]+|…)")


def tmux(socket, *args):
    return subprocess.run(["tmux", "-L", socket, *args], check=True, capture_output=True,
                          text=True).stdout


def latency_line(socket):
    lines = tmux(socket, "capture-pane", "-p").rstrip("\n").split("\n")
    return lines[-1] if lines else ""


def wait(socket, condition, seconds=120):
    deadline = time.time() + seconds
    while time.time() < deadline:
        line = latency_line(socket)
        found = condition(line)
        if found:
            return found
        time.sleep(0.005)
    raise SystemExit(f"bench-view: timed out; last line: {line}")


def screenshot(socket, matcher):
    """The screen as the terminal shows it: with its escape sequences, as text, as SVG."""
    screen = tmux(socket, "capture-pane", "-p", "-e")
    base = f"{results}/screen-{matcher}"
    with open(f"{base}.ansi", "w") as f:
        f.write(screen)
    with open(f"{base}.txt", "w") as f:
        f.write(re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen))
    subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "ansi-to-svg.py"),
                    f"{base}.ansi", f"{base}.svg"], check=True)


def run(matcher):
    socket = f"tsb-bench-view-{uuid.uuid4().hex[:8]}"
    subprocess.run(["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "120",
                    "-y", "40", f"{tsbench} view {dataset} --matcher {matcher}"], check=True)
    socket_path = tmux(socket, "display-message", "-p", "#{socket_path}").strip()
    try:
        wait(socket, lambda line: "rows 1–" in line)
        # The fold and the suggestions' index run in the background from the start, while a
        # person reads the first screen: typing starts after them, as it would.
        time.sleep(5)
        keystroke = -1
        samples = []
        for keyword in keywords:
            if keystroke >= 0:  # Ctrl-U clears the field: a keystroke of its own
                tmux(socket, "send-keys", "C-u")
                keystroke += 1
                wait(socket, lambda line: (m := pattern.search(line)) and int(m[1]) == keystroke
                     and m[3] != "…" and m)
            for count, character in enumerate(keyword, 1):
                tmux(socket, "send-keys", "-l", character)
                keystroke += 1
                last = count == len(keyword)
                found = wait(socket, lambda line: (m := pattern.search(line))
                             and int(m[1]) == keystroke and m[2] != "…"
                             and (not last or m[3] != "…") and m)
                samples.append({"keyword": keyword[:count], "keystroke": keystroke,
                                "highlights_ms": float(found[2]),
                                "count_ms": None if found[3] == "…" else float(found[3]),
                                "last": last})
                if not last:
                    time.sleep(gap)
            if keyword == keywords[0]:
                screenshot(socket, matcher)
        return samples
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)
        if os.path.exists(socket_path):  # tmux leaves its socket behind
            os.unlink(socket_path)


def quantile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


runs = {}
for matcher in matchers:
    print(f"bench-view: {matcher} …", flush=True)
    runs[matcher] = run(matcher)
with open(f"{results}/latency.json", "w") as f:
    json.dump({"dataset": dataset, "keywords": keywords, "gap_seconds": gap, "runs": runs}, f,
              ensure_ascii=False, indent=1)

rows = []
for matcher, samples in runs.items():
    visible = [s["highlights_ms"] for s in samples]
    complete = [s["count_ms"] for s in samples if s["last"]]
    rows.append(f"| {matcher} | {len(visible)} | {statistics.median(visible):.2f} | "
                f"{quantile(visible, 0.9):.2f} | {max(visible):.2f} | "
                f"{sum(v <= 16 for v in visible)}/{len(visible)} | "
                f"{statistics.median(complete):.1f} | {max(complete):.1f} |")
detail = []
for matcher, samples in runs.items():
    for s in samples:
        count = "…" if s["count_ms"] is None else f"{s['count_ms']:.1f}"
        detail.append(f"| {matcher} | `{s['keyword']}` | {s['highlights_ms']:.2f} | {count} |")
report = f"""# The viewer's keystroke latency at a million rows

Generated by `Scripts/bench-view.py` (`make bench-view`, part of `make bench`) on
`{os.path.basename(dataset)}`: `tsbench view` in a 120×40 tmux pane, the keywords
{", ".join(f"`{k}`" for k in keywords)} typed a key at a time, {int(gap * 1000)} ms apart, each
after the field is cleared. Every number is read from the viewer's own latency line: from
the moment the key was read to the moment the frame showing that keystroke's highlights
(first visible highlights) or its count (complete) was written to the terminal. A key
typed while the count of the one before is still running cancels it (`cancel-stale`), so
only the last key of each keyword has a count.

Target: keystroke to first visible highlights ≤ 16 ms (one frame at 60 Hz) for `folded`.

| matcher | keystrokes | highlights median (ms) | p90 | max | ≤ 16 ms | count, last key, median (ms) | max |
|---|---|---|---|---|---|---|---|
""" + "\n".join(rows) + """

Each keystroke:

| matcher | field | highlights (ms) | count (ms) |
|---|---|---|---|
""" + "\n".join(detail) + "\n"
with open(f"{results}/latency.md", "w") as f:
    f.write(report)
print(f"bench-view: wrote {results}/latency.md")

# The summary in the README, between its markers.
readme = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "README.md")
text = open(readme, encoding="utf-8").read()
begin, end = "<!-- view-latency -->", "<!-- /view-latency -->"
if begin in text and end in text:
    table = ("| on 1M rows (`mixed-1m`), typing | keystroke → first highlights, median (max) | "
             "last key → count, median |\n|---|---:|---:|\n")
    for matcher, samples in runs.items():
        visible = [s["highlights_ms"] for s in samples]
        complete = [s["count_ms"] for s in samples if s["last"]]
        table += (f"| `{matcher}` | {statistics.median(visible):.1f} ms ({max(visible):.1f}) | "
                  f"{statistics.median(complete):,.1f} ms |\n")
    head, rest = text.split(begin, 1)
    text = head + begin + "\n" + table + end + rest.split(end, 1)[1]
    open(readme, "w", encoding="utf-8").write(text)
