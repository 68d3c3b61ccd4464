#!/usr/bin/env python3
"""Fails when a public function of a module documents some of its parameters, or none, but not all.

DocC (with --warnings-as-errors) already fails on a documented parameter that does not exist and on a
`- Parameters:` list that misses one; it says nothing about a function that has no parameter list at all. This
check closes that gap on the symbol graph `swift build -emit-symbol-graph` wrote, with the same rules:
every named parameter of every public function, initializer and subscript of the module has a
`- Parameter name:` or `- Parameters:` entry, and a throwing one a `- Throws:` line.

Not checked, because their meaning is fixed by the protocol they implement: operators (`lhs`, `rhs`),
`hash(into:)`, and symbols whose documentation comes from another module (default implementations such as
`Actor.withSerialExecutor`, or `RandomNumberGenerator.next(upperBound:)`).

    Scripts/check-doc-parameters.py SYMBOL_GRAPH [--baseline FILE]

A baseline file lists known gaps, one `path: symbol: text` finding a line (no line number, so that edits
elsewhere in the file do not move it), in files whose owners fix them; a
listed finding is printed as known and does not fail; a finding not listed fails, and so does a listed one
that is gone (remove its line).
"""
import json
import re
import sys
from pathlib import Path

SKIPPED_NAMES = {"hash(into:)"}


def throws_itself(symbol):
    """Whether the function itself throws: a `throws` outside its parameter list (not a closure parameter's)."""
    depth = 0
    for fragment in symbol.get("declarationFragments", []):
        if fragment["kind"] == "keyword" and fragment["spelling"] == "throws" and depth == 0:
            return True
        if fragment["kind"] == "text":
            depth += fragment["spelling"].count("(") - fragment["spelling"].count(")")
    return False


def findings(graph_path):
    graph = json.loads(Path(graph_path).read_text())
    module = graph["module"]["name"]
    root = Path.cwd()
    for symbol in graph["symbols"]:
        if symbol["accessLevel"] not in ("public", "open"):
            continue
        if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
            continue  # a protocol's default implementation, documented where it is declared
        kind = symbol["kind"]["identifier"]
        name = "/".join(symbol["pathComponents"])
        doc = symbol.get("docComment")
        if doc is None:
            yield f"{module}: {name} has no documentation comment", 0
            continue
        if doc.get("module", module) != module or "uri" not in doc:
            continue  # inherited from another module
        if kind == "swift.func.op" or symbol["pathComponents"][-1] in SKIPPED_NAMES:
            continue
        text = "\n".join(line["text"] for line in doc["lines"])
        path = doc["uri"].removeprefix("file://")
        try:
            path = str(Path(path).relative_to(root))
        except ValueError:
            pass
        line = doc["lines"][0]["range"]["start"]["line"] + 1 if doc["lines"] and "range" in doc["lines"][0] else 0
        signature = symbol.get("functionSignature", {})
        for parameter in signature.get("parameters", []):
            internal = parameter.get("internalName", parameter["name"])
            if internal == "_":
                continue
            pattern = rf"^\s*-\s+(Parameter\s+)?{re.escape(internal)}\s*:"
            if not re.search(pattern, text, re.MULTILINE | re.IGNORECASE):
                yield f"{path}: {name}: parameter '{internal}' is not documented", line
        if throws_itself(symbol) and not re.search(r"^\s*-\s+Throws:", text, re.MULTILINE):
            yield f"{path}: {name}: throws, but has no '- Throws:'", line


def main():
    args = sys.argv[1:]
    baseline = set()
    if "--baseline" in args:
        index = args.index("--baseline")
        for entry in Path(args[index + 1]).read_text().splitlines():
            if entry.strip() and not entry.startswith("#"):
                baseline.add(entry.strip())
        del args[index:index + 2]
    found = {}
    for graph in args:
        for key, line in findings(graph):
            found[key] = line

    def located(key):
        path, rest = key.split(": ", 1)
        return f"{path}:{found[key]}: {rest}" if found.get(key) else key

    new = sorted(set(found) - baseline)
    known = sorted(set(found) & baseline)
    gone = sorted(baseline - set(found))
    for message in known:
        print(f"known (listed in the baseline): {located(message)}")
    for message in new:
        print(f"error: {located(message)}")
    for message in gone:
        print(f"error: fixed, remove it from the baseline: {message}")
    print(f"documentation parameters: {len(new)} new, {len(known)} known, {len(gone)} fixed but still listed")
    return 1 if new or gone else 0


if __name__ == "__main__":
    sys.exit(main())
