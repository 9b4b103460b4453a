#!/usr/bin/env python3
"""Lists the core's public symbols that have no documentation, from the symbol graph
the DocC build extracts; exits 1 if there is any.

A symbol counts as documented when it has a doc comment of its own, or when it
implements a protocol requirement or overrides a member that has one (DocC shows that
documentation in its place). Members the compiler synthesises or that come from the
standard library's protocols are not the core's to document and are skipped.

Usage: doc-coverage.py SYMBOLS.json [--summary FILE]
"""
import json
import sys


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    path = sys.argv[1]
    try:
        with open(path, encoding="utf-8") as file:
            graph = json.load(file)
    except (OSError, ValueError) as error:
        print(f"doc-coverage: cannot read {path}: {error}", file=sys.stderr)
        return 2
    symbols = {symbol["identifier"]["precise"]: symbol for symbol in graph["symbols"]}
    # What a symbol stands in for: the requirement it implements or the member it overrides.
    stands_for = {}
    for relation in graph.get("relationships", []):
        origin = relation.get("sourceOrigin")
        if origin and relation["kind"] == "memberOf":
            stands_for.setdefault(relation["source"], origin["identifier"])
        if relation["kind"] in ("requirementOf", "optionalRequirementOf"):
            continue
        if relation["kind"] in ("defaultImplementationOf", "overrides"):
            stands_for.setdefault(relation["source"], relation["target"])
    documented, missing = 0, []
    for identifier, symbol in symbols.items():
        location = symbol.get("location", {}).get("uri", "")
        if "/Sources/TranscriptSearch/" not in location:
            continue  # synthesised, or from another module's protocol
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        has_own = bool(symbol.get("docComment", {}).get("lines"))
        target = stands_for.get(identifier)
        inherited = target is not None and (
            target not in symbols or bool(symbols[target].get("docComment", {}).get("lines")))
        if has_own or inherited:
            documented += 1
        else:
            line = symbol["location"]["position"]["line"] + 1
            file = location.split("/Sources/", 1)[1]
            missing.append(f"Sources/{file}:{line}: {'.'.join(symbol['pathComponents'])}")
    total = documented + len(missing)
    share = 100.0 * documented / total if total else 100.0
    summary = f"{documented} of {total} public symbols of TranscriptSearch documented ({share:.1f}%)"
    for entry in sorted(missing):
        print(f"undocumented: {entry}")
    print(summary)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
