#!/usr/bin/env bash
# Builds and tests the libmpv engine package with warnings as errors.
# Installs libmpv (Debian/Ubuntu: libmpv-dev, pkg-config) first when pkg-config cannot find it.
# Extra arguments go to both swift commands, e.g. `./ci.sh --scratch-path /tmp/mpv-ci`.
set -euo pipefail
cd "$(dirname "$0")"

if ! pkg-config --exists mpv 2>/dev/null; then
    echo "ci.sh: libmpv not found, installing libmpv-dev and pkg-config" >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y libmpv-dev pkg-config
fi

swift build -Xswiftc -warnings-as-errors "$@"
swift test -Xswiftc -warnings-as-errors "$@"
swift test --sanitize=thread "$@"
