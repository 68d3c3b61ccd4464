#!/usr/bin/env bash
# Builds and tests the libmpv engine package with warnings as errors.
# Installs what is missing first (Debian/Ubuntu): libmpv-dev and pkg-config to build; ffmpeg (makes the
# test clips) and python3 (the tests' local HTTP server) to test.
# Extra arguments go to every swift command, e.g. `./ci.sh --scratch-path /tmp/mpv-ci`.
set -euo pipefail
cd "$(dirname "$0")"

# Each command under a deadline: one that hangs fails with its processes' stacks printed (Scripts/deadline.sh).
bounded() {
    local limit="$1" began=$SECONDS
    shift
    bash ../../Scripts/deadline.sh "$limit" "$@"
    printf -- '--- ci.sh: %d s: %s\n' $((SECONDS - began)) "$*" >&2
}

missing=()
pkg-config --exists mpv 2>/dev/null || missing+=(libmpv-dev pkg-config)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
if [ ${#missing[@]} -gt 0 ]; then
    echo "ci.sh: installing ${missing[*]}" >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    bounded 600 $sudo env DEBIAN_FRONTEND=noninteractive apt-get update </dev/null
    bounded 900 $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" </dev/null
fi

# One debug build of everything (library, bench, tests), with warnings as errors, used by the tests and the bench.
bounded 900 swift build --build-tests -Xswiftc -warnings-as-errors "$@"
bounded 900 swift test --skip-build "$@"
# The seamless check on a short run (11 handoffs on real frames) again, with the machine to itself: then its
# cadence and sound are asserted too (see SeamlessRunTests).
bounded 300 env SEAMLESS_ALONE=1 swift test --skip-build --filter SeamlessRunTests "$@"
# The bench and the demo still run, on the plain debug build, which the TSan build below replaces (figures:
# swift run -c release mpv-bench, and --seamless for the 110-handoff proof). Their arguments come after the product.
bounded 300 swift run --skip-build "$@" mpv-bench --repetitions 1 >/dev/null
# A minute's soak: real engines through a small cache from a faulty origin, a feed scrolled with seeded gestures,
# detail pages, reclaims, dropped pages, trims and seeks; non-zero when a series grows or an invariant breaks.
# With two malloc arenas: with glibc's default (8 per core), the arenas of mpv's, URLSession's and the fetches' threads
# fill over the first two minutes (measured: to about 360 MiB, then level), and a minute's second half would judge
# that warm-up rather than a leak; with two, resident memory is about 180 MiB from 12 s on, with a step of up to a few
# tens of MiB at times (its floor, 40 MiB, is in SoakSample.judged). The 30-minute soak in BENCHMARKS.md runs with the
# default.
soak_out="$(mktemp -d)"
bounded 300 env MALLOC_ARENA_MAX=2 swift run --skip-build "$@" mpv-bench --soak --minutes 1 --json "$soak_out/soak.json" --svg "$soak_out/soak.svg" \
    2> >(grep -v '^\[' >&2)
rm -rf "$soak_out"
demo_out="$(mktemp -d)"
bounded 300 swift run --skip-build "$@" mpv-demo --frames 10 --out "$demo_out" >/dev/null
test -s "$demo_out/transition-mpv-renderer.png"
rm -rf "$demo_out"
# Under ThreadSanitizer the frame-rendering suites run on their own: among the other real-playback suites on two
# cores, TSan's cost starves mpv, and timing-bound tests fail for want of CPU (seen: 9 failures, none a race). The
# pure, single-threaded pixel and tone suites, which have nothing for TSan to watch and cost it most, ran above.
pure_pixels="FrameCodeTests|ToneCheckTests|ToneCheckMutesTests|TransitionCompositorTests|RGBImageTests|FilmstripTests|IndexedClipTests"
# MPVEngineSpeedTests guards against a heap corruption inside mpv's C code, which TSan does not watch; its six engines
# changing speed for eight seconds starved the real-time suites beside it under TSan (seen: a stall the pool heard
# too late to count). It ran above.
speed_jumps="MPVEngineSpeedTests"
# The same for the suites that play whole clips against wall-clock bounds (through the cache, a stalling origin, a
# dead link, a read-ahead window), the cache stream's byte checks and the 1,500-request regressions: together under
# TSan they starved one another (seen in CI: a 6 s clip ending before its pause, a seek test taking 77 s; each passes
# alone). They run under TSan in an invocation of their own, below.
# The forty brand-new engines of the muted-first-load check go there too.
apart="MPVEngineCacheTests|MPVEngineCacheReadAheadTests|PlayerPoolMPVQualityTests|CachedStreamTests|MPVEngineRegressionTests|aMutedPagesFirstLoadIsSilent"
# The dead-link feed run bounds each acquire by 3 s with engines made cold under TSan: beside the suites above it
# timed out for want of CPU (seen in CI twice: a first apply past the pool's 1 s, an acquire waiting 6 s for a player;
# it passes alone). It runs on its own.
dead_link="PlayerPoolMPVDeadLinkTests"
bounded 1200 swift test --sanitize=thread --skip "FrameHostTests|SeamlessRunTests|$pure_pixels|$speed_jumps|$apart|$dead_link" "$@"
bounded 600 swift test --sanitize=thread --skip-build --filter "$apart" "$@"
bounded 300 swift test --sanitize=thread --skip-build --filter "$dead_link" "$@"
bounded 600 swift test --sanitize=thread --skip-build --filter "FrameHostTests|SeamlessRunTests" "$@"
