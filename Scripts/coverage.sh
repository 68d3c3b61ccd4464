#!/usr/bin/env bash
# Line coverage of the library targets (Sources/) under the package's tests, measured with the toolchain's own
# llvm-cov (an older system llvm-cov cannot read the profile Swift 6.3 writes).
#
#   bash Scripts/coverage.sh            # runs the tests with coverage, prints the per-file report and the total
#   bash Scripts/coverage.sh --no-test  # reports on the profile of the last coverage run
#   bash Scripts/coverage.sh --sanitize=thread  # the same run under ThreadSanitizer, in .build/tsan (CI: one run
#                                               # of the tests checks both, and the stress tool shares its build)
#
# Fails when the line coverage of Sources/ drops more than one point below BASELINE, the figure measured when
# this script was written (and stated in the README). Raise BASELINE when coverage rises.
set -euo pipefail
cd "$(dirname "$0")/.."

BASELINE=97.46  # per cent of the lines of Sources/ run by the tests, measured 2026-12-01 (runs vary by ±0.1)

swift_bin=$(dirname "$(command -v swift)")
llvm_cov="$swift_bin/llvm-cov"
[[ -x "$llvm_cov" ]] || { echo "coverage: no llvm-cov next to $(command -v swift)" >&2; exit 1; }

# A build of its own: coverage instrumentation in the ordinary .build would make the next plain build recompile
# everything.
scratch=.build/coverage
flags=(--enable-code-coverage)
case "${1:-}" in
    --sanitize=thread) scratch=.build/tsan; flags+=(--sanitize=thread) ;;
    --no-test|"") ;;
    *) echo "coverage: unknown option $1" >&2; exit 2 ;;
esac

if [[ "${1:-}" != "--no-test" ]]; then
    swift test --scratch-path "$scratch" "${flags[@]}" --parallel
fi

codecov_json=$(swift test --scratch-path "$scratch" "${flags[@]}" --show-codecov-path)
profdata="$(dirname "$codecov_json")/default.profdata"
bin_path=$(swift build --scratch-path "$scratch" --show-bin-path)
binary="$bin_path/SeamlessPlaybackPackageTests.xctest"
[[ -f "$profdata" && -f "$binary" ]] || { echo "coverage: no profile at $profdata or no test binary $binary" >&2; exit 1; }

# The library targets: every file under Sources/ except the demo executable's main.swift (Stress/ and Tests/ are
# not under Sources/). DemoStory counts: it is a library target that a test replays.
report=$("$llvm_cov" report "$binary" -instr-profile="$profdata" \
    -ignore-filename-regex='(\.build|/Tests/|/Stress/|/Sources/demo/)' \
    "$PWD/Sources")
echo "$report"

total=$(awk '$1 == "TOTAL" { print $10 }' <<<"$report" | tr -d '%')
[[ -n "$total" ]] || { echo "coverage: could not read the TOTAL line" >&2; exit 1; }
echo
echo "line coverage of Sources/: $total % (baseline $BASELINE %, fails below $(awk -v b="$BASELINE" 'BEGIN { printf "%.2f", b - 1 }') %)"
if awk -v t="$total" -v b="$BASELINE" 'BEGIN { exit !(t < b - 1) }'; then
    echo "coverage: $total % is more than one point below the baseline $BASELINE %" >&2
    exit 1
fi
