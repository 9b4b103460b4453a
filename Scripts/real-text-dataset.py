#!/usr/bin/env python3
"""Write a JSON Lines transcript of real text nobody here wrote: the manual pages Debian
installs in eleven languages (Latin: English, German, French, Spanish, Polish; Cyrillic:
Russian, Ukrainian; Han and kana: Japanese, simplified and traditional Chinese; and a few
pages of Greek), one row per line of running text.

Pages are taken in a fixed order, alternating between languages page by page, so the
same packages give the same file. The roff markup is removed; the text is not changed.

    Scripts/real-text-dataset.py --rows 1000000 --out datasets/manpages-1m.jsonl
"""

import argparse
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile

# (language, the Debian packages holding its pages): only their files are read, so the
# same package versions give the same rows whatever else the machine has installed.
LANGUAGES = [
    ("en", ["manpages", "manpages-dev"]),
    ("de", ["manpages-de", "manpages-de-dev"]),
    ("ru", ["manpages-ru", "manpages-ru-dev"]),
    ("ja", ["manpages-ja", "manpages-ja-dev"]),
    ("zh_CN", ["manpages-zh"]),
    ("el", ["manpages-el"]),
    ("fr", ["manpages-fr", "manpages-fr-dev"]),
    ("uk", ["manpages-uk", "manpages-uk-dev"]),
    ("zh_TW", ["manpages-zh"]),
    ("es", ["manpages-es", "manpages-es-dev"]),
    ("pl", ["manpages-pl", "manpages-pl-dev"]),
]
PACKAGES = sorted({package for _, packages in LANGUAGES for package in packages})

# Macros whose arguments are running text (man(7)); every other request is dropped.
TEXT_MACROS = {"SH", "SS", "B", "I", "BR", "RB", "IR", "RI", "BI", "IB", "SM", "SB", "TQ"}
NAMED = {
    "em": "—", "en": "–", "aq": "'", "dq": '"', "lq": "“", "rq": "”", "oq": "‘", "cq": "’",
    "bu": "•", "co": "©", "rg": "®", "tm": "™", "de": "°", "mu": "×", "di": "÷", "+-": "±",
    "<=": "≤", ">=": "≥", "!=": "≠", "->": "→", "<-": "←", "hy": "-", "ti": "~", "ha": "^",
    "rs": "\\", "ga": "`", "sl": "/", "ba": "|", "Fo": "«", "Fc": "»", "Do": "$", "sh": "#",
}
ESCAPE = re.compile(
    r"\\(?:"
    r"f(?:\[[^\]]*\]|\(..|.)"  # font changes
    r"|s[+-]?(?:\d+|\(\d\d|\[\d+\])"  # size changes
    r"|\*(?:\[[^\]]*\]|\(..|.)"  # strings
    r"|n[+-]?(?:\[[^\]]*\]|\(..|.)"  # registers
    r"|\((?P<two>..)"  # named characters
    r"|\[(?P<long>[^\]]*)\]"
    r"|(?P<one>.)"
    r")"
)


def unescape(text):
    def replace(match):
        if match.group("two") is not None:
            return NAMED.get(match.group("two"), "")
        if match.group("long") is not None:
            name = match.group("long")
            if re.fullmatch(r"u[0-9A-Fa-f]{4,6}", name):
                return chr(int(name[1:], 16))
            return NAMED.get(name, "")
        one = match.group("one")
        if one is None:
            return ""
        return {"-": "-", "e": "\\", " ": " ", "~": " ", "0": " ", "\\": "\\", "'": "'", "`": "`"}.get(
            one, ""
        )

    return ESCAPE.sub(replace, text)


def text_lines(source):
    """The lines of running text in a man(7) page; None for mdoc pages and links."""
    lines = source.split("\n")
    head = [line for line in lines[:40] if line.startswith(".")]
    if any(line.startswith((".so ", ".Dd")) for line in head):
        return None
    in_table = False
    out = []
    for line in lines:
        if line.startswith((".TS", "'TS")):
            in_table = True
            continue
        if line.startswith((".TE", "'TE")):
            in_table = False
            continue
        if in_table:
            continue
        comment = line.find('\\"')
        if comment >= 0:
            line = line[:comment]
        if line.startswith((".", "'")):
            parts = line[1:].strip().split(None, 1)
            if not parts or parts[0] not in TEXT_MACROS or len(parts) < 2:
                continue
            line = parts[1].replace('"', "")
        text = " ".join(unescape(line).split())
        if text:
            out.append(text)
    return out


def pages(language, packages):
    """The language's pages, in order: regular files only (a symbolic link repeats a page)."""
    folder = "/usr/share/man/" if language == "en" else f"/usr/share/man/{language}/"
    found = []
    for package in packages:
        listing = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True)
        if listing.returncode != 0:
            return []
        for path in listing.stdout.split("\n"):
            rest = path[len(folder):] if path.startswith(folder) else ""
            if rest.startswith("man") and path.endswith(".gz") and os.path.isfile(path) \
                    and not os.path.islink(path):
                found.append(path)
    return sorted(set(found))


def read_page(path):
    try:
        with gzip.open(path, "rb") as handle:
            return handle.read().decode("utf-8")
    except (OSError, UnicodeDecodeError, EOFError):
        return None  # a page in another encoding, or a broken link: skipped


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=1_000_000, help="rows to write (default: 1000000)")
    parser.add_argument("--out", required=True, help="the JSON Lines file to write")
    arguments = parser.parse_args()

    queues = []
    for language, packages in LANGUAGES:
        found = pages(language, packages)
        if not found:
            sys.exit(f"no manual pages for {language}: apt-get install {' '.join(PACKAGES)}")
        queues.append((language, found))

    directory = os.path.dirname(os.path.abspath(arguments.out))
    os.makedirs(directory, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=directory, suffix=".partial")
    written = 0
    per_language = {language: 0 for language, _ in queues}
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            start = 0
            position = 0
            while written < arguments.rows and any(found for _, found in queues):
                for language, found in queues:
                    if position >= len(found) or written >= arguments.rows:
                        continue
                    source = read_page(found[position])
                    for text in (text_lines(source) or []) if source else []:
                        if written >= arguments.rows:
                            break
                        out.write(json.dumps({"start": start, "speaker": language, "text": text}, ensure_ascii=False))
                        out.write("\n")
                        start += 1500
                        written += 1
                        per_language[language] += 1
                position += 1
                if all(position >= len(found) for _, found in queues):
                    break
        if written < arguments.rows:
            print(f"only {written} rows of text in the installed pages", file=sys.stderr)
        os.chmod(temporary, 0o644)
        os.replace(temporary, arguments.out)
    except BaseException:
        os.unlink(temporary)
        raise
    summary = ", ".join(f"{language} {count}" for language, count in per_language.items())
    print(f"{arguments.out}: {written} rows ({summary})")


if __name__ == "__main__":
    main()
