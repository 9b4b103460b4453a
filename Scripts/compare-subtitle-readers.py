#!/usr/bin/env python3
"""Reads the subtitle files that ship with two widely used readers (pysrt 1.1.2's
tests/static/ and webvtt-py 0.6.0's tests/samples/, from their PyPI source
distributions) with those readers and with `tsbench import`, and writes
results/subtitle-readers.md: per file, the cue counts and whether the texts agree.
Needs the network once (pip download); the test suite does not use it.

Usage: Scripts/compare-subtitle-readers.py [tsbench] [results]
"""
import html
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile

tsbench = sys.argv[1] if len(sys.argv) > 1 else ".build-dependents/release/tsbench"
results = sys.argv[2] if len(sys.argv) > 2 else "results"
work = tempfile.mkdtemp(prefix="tsbench-readers-")
subprocess.run([sys.executable, "-m", "pip", "install", "-q", "pysrt==1.1.2", "webvtt-py==0.6.0"], check=True)
subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
                "-d", work, "pysrt==1.1.2", "webvtt-py==0.6.0"], check=True)
for name in os.listdir(work):
    if name.endswith(".tar.gz"):
        with tarfile.open(os.path.join(work, name)) as archive:
            archive.extractall(work, filter="data")
import pysrt  # noqa: E402
import webvtt  # noqa: E402

TAG = re.compile(r"<[^>]*>|\{\\[^}]*\}")


def clean(text):
    lines = [line.strip(" \t") for line in TAG.sub("", text).split("\n")]
    return " ".join(line for line in lines if line)


# Why tsbench reads these files differently from the peer, on purpose.
WHY = {
    "non_padded_timestamps.vtt": "the W3C algorithm requires two-digit minutes and seconds and "
        "three-digit milliseconds (\"collect a WebVTT timestamp\", steps 10, 12.3, 16): a browser "
        "drops every cue of this file, and tsbench says so and stops",
    "styles_colours.vtt": "the cue text parser decodes character references (&lt; is <); the peer "
        "keeps them encoded",
    "missing_caption_text.srt": "a cue with no text is kept as an empty row (as pysrt does), so cue "
        "and row counts agree; webvtt-py drops it",
    "missing_timeframe.srt": "the block without a timing line is skipped and reported; the peer "
        "merges it into the previous cue, which must never happen",
    "invalid_format4.srt": "the stray line before the first timing line is skipped and reported, and "
        "the cue with no text kept; the peer rejects the whole file",
}

# Files whose text a peer keeps encoded or whose encoding must be named.
ENCODINGS = {"windows-1252.srt": "windows-1252"}


def peer(path, origin):
    name = os.path.basename(path)
    try:
        if origin == "pysrt":
            items = pysrt.open(path, encoding=ENCODINGS.get(name))
            return "pysrt", [clean(item.text) for item in items]
        reader = webvtt.read if path.endswith(".vtt") else webvtt.from_srt
        return "webvtt-py", [clean(caption.raw_text if hasattr(caption, "raw_text") else caption.text)
                             for caption in reader(path)]
    except Exception as error:  # the peer rejects the file
        return ("pysrt" if origin == "pysrt" else "webvtt-py"), f"rejects it ({type(error).__name__})"


def ours(path):
    out = os.path.join(work, "out.jsonl")
    command = [tsbench, "import", path, "--out", out]
    if os.path.basename(path) in ENCODINGS:
        command += ["--encoding", ENCODINGS[os.path.basename(path)]]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        return f"rejects it: {run.stderr.strip().splitlines()[-1].replace(path, os.path.basename(path))}", run.stderr
    with open(out, encoding="utf-8") as f:
        return [json.loads(line)["text"] for line in f], run.stderr


files = []
for origin, folder in [("pysrt", "pysrt-1.1.2/tests/static"), ("webvtt-py", "webvtt_py-0.6.0/tests/samples")]:
    for name in sorted(os.listdir(os.path.join(work, folder))):
        if name.endswith((".srt", ".vtt")):
            files.append((origin, os.path.join(work, folder, name)))

rows = []
same = 0
for origin, path in files:
    peer_name, theirs = peer(path, origin)
    mine, stderr = ours(path)
    if isinstance(theirs, list) and isinstance(mine, list):
        verdict = "same cues and text" if theirs == mine else (
            f"{len(mine)} cues, the peer {len(theirs)}" if len(mine) != len(theirs)
            else "same cue count, text differs: " + next(
                f"{a!r} vs {b!r}" for a, b in zip(mine, theirs) if a != b)[:120])
    else:
        verdict = f"ours: {mine if isinstance(mine, str) else f'{len(mine)} cues'}; " \
                  f"peer: {theirs if isinstance(theirs, str) else f'{len(theirs)} cues'}"
    unusable = lambda result: isinstance(result, str) or result == []
    agree = theirs == mine or (unusable(theirs) and unusable(mine))
    same += agree
    skipped = len([l for l in stderr.splitlines() if l.startswith("  ")])
    rows.append(f"| {origin} | {os.path.basename(path)} | "
                f"{len(mine) if isinstance(mine, list) else '–'} | "
                f"{len(theirs) if isinstance(theirs, list) else '–'} | {skipped} | "
                f"{'yes' if agree else '**no**'}: {verdict}"
                f"{' — ' + WHY[os.path.basename(path)] if not agree and os.path.basename(path) in WHY else ''} |")

os.makedirs(results, exist_ok=True)
report = os.path.join(results, "subtitle-readers.md")
with open(report + ".tmp", "w") as f:
    f.write("# Subtitle files as their own readers read them\n\n"
            "Generated by `Scripts/compare-subtitle-readers.py`: every .srt and .vtt file in the test "
            "folders of pysrt 1.1.2 and webvtt-py 0.6.0 (PyPI source distributions), read by that "
            "reader and by `tsbench import`. Texts are compared with tags removed and lines joined "
            "by a space. \"skipped\" counts the blocks tsbench reported as skipped.\n\n"
            f"**{same} of {len(files)} files read as the peer reads them.**\n\n"
            "| reader | file | tsbench cues | peer cues | skipped | agree |\n|---|---|---:|---:|---:|---|\n")
    f.write("\n".join(rows) + "\n")
os.replace(report + ".tmp", report)
print(f"compare-subtitle-readers: {same}/{len(files)} agree; wrote {report}")
