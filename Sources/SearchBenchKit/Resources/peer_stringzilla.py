#!/usr/bin/env python3
"""The StringZilla peer of `tsbench compare`: counts UTF-8 case-insensitive matches of
each keyword in a file with StringZilla's utf8_uncased_matches, timed inside Python with
perf_counter (interpreter start-up and reading the file excluded).

Usage: Scripts/peer_stringzilla.py FILE --rounds N -- KEYWORD...
Prints one JSON object per keyword: {"keyword", "count", "seconds": [...]}.
"""
import json
import sys
import time

import stringzilla as sz


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
            count = sum(1 for _ in sz.utf8_uncased_matches(data, needle))
            samples[keyword].append(time.perf_counter() - start)
            counts[keyword] = count
    for keyword in keywords:
        print(json.dumps({"keyword": keyword, "count": counts[keyword], "seconds": samples[keyword]}))


main()
