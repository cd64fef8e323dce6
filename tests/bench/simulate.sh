#!/usr/bin/env bash
# simulate.sh - the reference engine's speed: saturated replay of random and streaming
# traces on the baseline system (8 GDDR3 channels), one thread, in simulated requests per
# second, and the time ratio simulate / predict on the same trace.
# Usage: tests/bench/simulate.sh [REQUESTS]   (default 10^7)
set -euo pipefail

requests=${1:-10000000}
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$root/build-release
work=${BENCH_DIR:-$(mktemp -d)}
mkdir -p "$work"
trap '[ -n "${BENCH_DIR:-}" ] || rm -rf "$work"' EXIT

if [ ! -d "$build" ]; then
    meson setup "$build" "$root" --buildtype=release >/dev/null
fi
ninja -C "$build" >/dev/null
hamm=$build/src/cli/hamm

seconds() {
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >/dev/null
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'
}

for pattern in random stream; do
    trace=$work/sim-$pattern-$requests.bin.zst
    [ -f "$trace" ] || "$build/tests/bench/gentrace" "$requests" 1 "$pattern" | zstd -q -T1 -o "$trace"
    t_sim=$(seconds "$hamm" simulate --threads 1 "$trace")
    t_pred=$(seconds "$hamm" predict --threads 1 "$trace")
    rss=$(/usr/bin/time -v "$hamm" simulate --threads 1 "$trace" 2>&1 >/dev/null |
        awk -F: '/Maximum resident/ { printf "%.1f", $2 / 1024 }')
    awk -v p="$pattern" -v n="$requests" -v s="$t_sim" -v q="$t_pred" -v rss="$rss" 'BEGIN {
        printf "%-7s %d requests: simulate %.2f s (%.2f M requests/s, target >= 3), predict %.2f s, simulate/predict %.1f, peak RSS %s MB\n",
            p, n, s, n / s / 1e6, q, s / q, rss
    }'
done
