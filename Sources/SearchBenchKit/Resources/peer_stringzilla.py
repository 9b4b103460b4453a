#!/usr/bin/env python3
"""The StringZilla peer of `tsbench compare`: counts UTF-8 case-insensitive matches of
each keyword in a file with StringZilla's utf8_uncased_matches, timed inside Python with
perf_counter (interpreter start-up and reading the file excluded).

StringZilla's Python API has no uncased count: its matches come as an iterator of views.
The cheapest way to count them is len(list(...)), which iterates in C, not in Python
bytecode. What each match still costs (a view object made and listed) is measured apart,
on a haystack that is one match after another, and printed so reports can state it.

Usage: Scripts/peer_stringzilla.py FILE --rounds N -- KEYWORD...
Prints one JSON object per keyword: {"keyword", "count", "seconds": [...]}, then
{"perMatchSeconds": S}.
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


def main():
    args = sys.argv[1:]
    path = args[0]
    rounds = int(args[args.index("--rounds") + 1])
    keywords = args[args.index("--") + 1:]
    with open(path, "rb") as f:
        data = f.read()
    samples = {k: [] for k in keywords}
    counts = {}
    for _ in range(rounds):
        for keyword in keywords:  # interleaved: each round visits every keyword
            needle = keyword.encode("utf-8")
            start = time.perf_counter()
            found = count(data, needle)
            samples[keyword].append(time.perf_counter() - start)
            counts[keyword] = found
    for keyword in keywords:
        print(json.dumps({"keyword": keyword, "count": counts[keyword], "seconds": samples[keyword]}))
    print(json.dumps({"perMatchSeconds": per_match_seconds()}))


main()
