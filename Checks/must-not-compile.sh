#!/usr/bin/env bash
# Checks that the Apple stand-ins are strict: every file of Checks/MustNotCompile must fail to type-check against the
# stand-in modules of Checks/AppleSDK, with the diagnostic its first line names (`// expect: …`), and
# Checks/MustCompile.swift (the same imports and flags, written correctly) must type-check. A stand-in loosened (a
# `@Sendable` dropped, an enum frozen, an actor annotation lost) lets one of those files compile, and this fails.
#
#   swift build --package-path Checks/AppleSDK [--scratch-path DIR]   # the stand-ins, first
#   bash Checks/must-not-compile.sh [DIR]                               # DIR: the same scratch path, if any
#
# Each file is type-checked only (swiftc -typecheck, Swift 6 mode, -warnings-as-errors): about a second each.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${1:-Checks/AppleSDK/.build}
bin=$(swift build --package-path Checks/AppleSDK --scratch-path "$scratch" --show-bin-path)
modules="$bin/Modules"
[[ -d "$modules" ]] || modules="$bin"
if [[ ! -f "$modules/AVFoundation.swiftmodule" && ! -d "$modules/AVFoundation.swiftmodule" ]]; then
    echo "must-not-compile: no stand-in modules in $modules; build Checks/AppleSDK first" >&2
    exit 1
fi

typecheck() {
    swiftc -typecheck -swift-version 6 -warnings-as-errors -I "$modules" "$1" 2>&1
}

status=0
if ! output=$(typecheck Checks/MustCompile.swift); then
    echo "FAIL Checks/MustCompile.swift does not type-check: the check itself is broken"
    echo "$output"
    exit 1
fi
echo "ok   Checks/MustCompile.swift type-checks"

for file in Checks/MustNotCompile/*.swift; do
    expected=$(sed -n '1s|^// expect: ||p' "$file")
    if [[ -z "$expected" ]]; then
        echo "FAIL $file has no '// expect: …' first line"
        status=1
        continue
    fi
    if output=$(typecheck "$file"); then
        echo "FAIL $file compiled; expected: $expected"
        status=1
    elif grep -qF -- "error: $expected" <<<"$output"; then
        echo "ok   $file fails with: $expected"
    else
        echo "FAIL $file failed, but not with: $expected"
        echo "$output" | grep -E 'error:' | head -5
        status=1
    fi
done
exit $status
