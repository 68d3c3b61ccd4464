#!/usr/bin/env bash
# Checks the house style (.swift-format at the root) on every Swift file of Sources, Tests, Stress and Engines, with
# the toolchain's swift-format. Changes nothing; prints one line per finding and a count by rule, and fails on any.
#
#   bash Scripts/lint.sh                 # every file
#   bash Scripts/lint.sh Sources/Foo.swift …   # only these files
#
# To format a file in place: swift-format format --in-place FILE (the whole tree is formatted once, in a commit of
# its own, when nobody else is editing; until then this script is not part of .ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

swift_bin=$(dirname "$(command -v swift)")
swift_format="$swift_bin/swift-format"
[[ -x "$swift_format" ]] || swift_format=$(command -v swift-format)

if [[ $# -gt 0 ]]; then
    files=("$@")
else
    # Not `--recursive` on the folders: Engines/MPV/.build holds generated Swift files.
    mapfile -t files < <(find Sources Tests Stress Engines -name '*.swift' -not -path '*/.build/*' | sort)
fi

findings=$(mktemp)
trap 'rm -f "$findings"' EXIT
status=0
"$swift_format" lint --strict --parallel --configuration .swift-format "${files[@]}" 2>"$findings" || status=$?
# Some rules report one finding several times; count each place and rule once.
sort -u "$findings" -o "$findings"
cat "$findings"
count=$(grep -c 'error: \[' "$findings" || true)
if [[ $status -ne 0 || $count -gt 0 ]]; then
    echo
    echo "swift-format: $count findings in ${#files[@]} files, by rule:"
    grep -oE 'error: \[[A-Za-z]+\]' "$findings" | sort | uniq -c | sort -rn
    exit 1
fi
echo "swift-format: ${#files[@]} files, no findings"
