#!/usr/bin/env python3
"""Writes the fuzzers' starting corpora: Fuzz/Corpus/Matchers from the conformance cases
(text, a zero byte, keyword) and Fuzz/Corpus/Importers from small transcripts in every
format. libFuzzer adds the inputs it finds interesting beside them.

Usage: Scripts/make-fuzz-seeds.py
"""
import hashlib
import json
import os

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def write(folder, data):
    path = os.path.join(root, "Fuzz", "Corpus", folder)
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, hashlib.sha1(data).hexdigest()[:16]), "wb") as f:
        f.write(data)


for case in json.load(open(os.path.join(root, "datasets", "conformance.json"))):
    data = case["text"].encode() + b"\0" + case["keyword"].encode()
    if len(data) <= 2048:
        write("Matchers", data)

samples = [
    "1\r\n00:00:01,000 --> 00:00:02,500\r\nHello <i>there</i>\r\n\r\n2\n00:00:03,000 --> 00:00:04,000\nthe --> arrow\n",
    "WEBVTT\n\nNOTE a comment\n\nSTYLE\n::cue {}\n\nid\n00:01.000 --> 00:02.000 align:start\n<v Ada>Hi &amp; bye\n",
    '{"start":1,"speaker":"Ada","text":"Stra\\u00dfe"}\n{"text":"no start"}\n',
    "plain line\nsecond line without newline",
]
for sample in samples:
    write("Importers", sample.encode())
write("Importers", b"\xff\xfe" + "WEBVTT\n\n00:01.000 --> 00:02.000\nZo\u00eb\n".encode("utf-16-le"))
write("Importers", b"\xef\xbb\xbf1\n00:00:01,000 --> 00:00:02,000\n\xff bad utf-8\n")
print("make-fuzz-seeds: wrote Fuzz/Corpus/Matchers and Fuzz/Corpus/Importers")
