#!/usr/bin/env python3
"""The StringZilla peer of `tsbench compare`: counts UTF-8 case-insensitive matches of
a keyword in a file with StringZilla's utf8_uncased_matches, timed inside Python with
perf_counter (interpreter start-up and reading the file excluded).

It serves one search at a time, so that `tsbench compare` can interleave it with its own
strategies, round by round: a machine whose pace drifts then tilts neither side.

StringZilla's Python API has no uncased count: its matches come as an iterator of views.
The cheapest way to count them is len(list(...)), which iterates in C, not in Python
bytecode. What each match still costs (a view object made and listed) is measured apart,
on a haystack that is one match after another, and printed so reports can state it.

Usage: Scripts/peer_stringzilla.py FILE
Prints {"ready": true} once FILE is read. Then reads one JSON object per line from
standard input and answers each with one line:
  {"keyword": K}     -> {"count": N, "seconds": S}   (one search, timed)
  {"keyword": K, "repeat": R, "warm": W}
                     -> the same, S the seconds of one search out of R timed together,
                        after one untimed search when W is true
  {"perMatch": true} -> {"perMatchSeconds": S}
It exits at the end of its input.
"""
import json
import sys
import time

import stringzilla as sz


def count(haystack, needle):
    return len(list(sz.utf8_uncased_matches(haystack, needle)))


def per_match_seconds():
    """The best of five: seconds per match where finding the next match is nearly free."""
    matches = 100_000
    haystack = b"zq " * matches
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        found = count(haystack, b"ZQ")
        best = min(best, time.perf_counter() - start)
        assert found == matches
    return best / matches


def answer(line):
    print(json.dumps(line), flush=True)


def main():
    with open(sys.argv[1], "rb") as f:
        data = f.read()
    answer({"ready": True})
    # Bytes, not text: the requests are UTF-8 whatever the locale says.
    for line in sys.stdin.buffer:
        request = json.loads(line)
        if request.get("perMatch"):
            answer({"perMatchSeconds": per_match_seconds()})
            continue
        needle = request["keyword"].encode("utf-8")
        repeats = max(1, int(request.get("repeat", 1)))
        if request.get("warm"):
            count(data, needle)
        start = time.perf_counter()
        for _ in range(repeats):
            found = count(data, needle)
        answer({"count": found, "seconds": (time.perf_counter() - start) / repeats})


main()
