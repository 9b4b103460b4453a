#!/usr/bin/env python3
"""Copies the "Which strategy should I ship" table of results/REPORT.md into the README,
between its `<!-- ship-table -->` and `<!-- /ship-table -->` markers, so the README's
results at a glance are the last report's, never written by hand.

Usage: readme-results.py [REPORT.md] [README.md]
"""
import sys


def ship_table(report: str) -> list[str]:
    lines = report.split("\n")
    try:
        start = lines.index("## Which strategy should I ship") + 1
    except ValueError:
        raise SystemExit("readme-results: the report has no 'Which strategy should I ship' section")
    table = []
    for line in lines[start:]:
        if line.startswith("## "):
            break
        if line.startswith("|"):
            table.append(line)
        elif table:
            break
    if not table:
        raise SystemExit("readme-results: the report's 'Which strategy should I ship' has no table")
    return table


def main() -> int:
    report_path = sys.argv[1] if len(sys.argv) > 1 else "results/REPORT.md"
    readme_path = sys.argv[2] if len(sys.argv) > 2 else "README.md"
    with open(report_path, encoding="utf-8") as file:
        table = ship_table(file.read())
    with open(readme_path, encoding="utf-8") as file:
        readme = file.read()
    begin, end = "<!-- ship-table -->", "<!-- /ship-table -->"
    if begin not in readme or end not in readme:
        print(f"readme-results: {readme_path} has no {begin} ... {end} markers", file=sys.stderr)
        return 1
    head, rest = readme.split(begin, 1)
    _, tail = rest.split(end, 1)
    updated = head + begin + "\n" + "\n".join(table) + "\n" + end + tail
    if updated != readme:
        with open(readme_path, "w", encoding="utf-8") as file:
            file.write(updated)
        print(f"readme-results: updated the table in {readme_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
