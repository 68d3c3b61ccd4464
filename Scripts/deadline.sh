#!/usr/bin/env bash
# Runs a command with a deadline, so that a hang in CI fails its step and says where it hung instead of running the
# whole job past its limit.
#
#     Scripts/deadline.sh SECONDS command [arguments...]
#
# The command runs in a session of its own. Past SECONDS, every process of that session that is not a shell, a
# compiler or SwiftPM's driver (the test binaries, the stress tool, mpv-bench) has its threads' stacks printed with
# gdb (when gdb is there), then the session is ended (TERM, then KILL ten seconds later) and the script exits 124.
# Otherwise it exits with the command's status.
set -uo pipefail
limit="$1"
shift
flag="$(mktemp)"
rm -f "$flag"

setsid "$@" &
leader=$!

dump_and_end() {
    touch "$flag"
    echo "deadline.sh: '$*' ran past ${limit} s; its processes:" >&2
    ps -o pid=,etime=,args= -s "$leader" >&2 || true
    if command -v gdb >/dev/null 2>&1; then
        for pid in $(ps -o pid= -s "$leader"); do
            comm="$(ps -o comm= -p "$pid" 2>/dev/null || true)"
            case "$comm" in
                ""|bash|sh|env|setsid|swift|swift-build|swift-test|swift-run|swift-frontend|swiftc|clang*|ld*|sleep) continue ;;
            esac
            echo "deadline.sh: threads of $pid ($comm):" >&2
            timeout 60 gdb -p "$pid" -batch -nx -ex "set pagination off" -ex "thread apply all bt 16" 2>&1 \
                | grep -E '^(Thread|#)' | head -400 >&2 || true
        done
    fi
    kill -TERM -- "-$leader" 2>/dev/null || true
    sleep 10
    kill -KILL -- "-$leader" 2>/dev/null || true
}

(
    # The watcher: sleeps in slices so that it ends soon after the command does.
    waited=0
    while [ "$waited" -lt "$limit" ]; do
        sleep 5
        waited=$((waited + 5))
        kill -0 "$leader" 2>/dev/null || exit 0
    done
    dump_and_end "$@"
) &
watcher=$!

wait "$leader"
status=$?
kill "$watcher" 2>/dev/null
wait "$watcher" 2>/dev/null
if [ -e "$flag" ]; then
    rm -f "$flag"
    exit 124
fi
exit "$status"
