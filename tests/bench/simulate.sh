#!/usr/bin/env bash
# simulate.sh - the reference engine's speed: saturated replay of random and streaming
# traces on the baseline system (8 GDDR3 channels), one thread, in simulated requests per
# second, and the time ratio simulate / predict on the same trace.
# Usage: tests/bench/simulate.sh [REQUESTS]   (default 10^7)
set -euo pipefail

requests=${1:-10000000}
. "$(dirname "$0")/common.sh"

for pattern in random stream; do
    trace=$work/sim-$pattern-$requests.bin.zst
    [ -f "$trace" ] || "$build/tests/bench/gentrace" "$requests" 1 "$pattern" | zstd -q -T1 -o "$trace"
    t_sim=$(best_of 1 "$hamm" simulate --threads 1 "$trace")
    t_pred=$(best_of 1 "$hamm" predict --threads 1 "$trace")
    rss=$(peak_rss_mb "$hamm" simulate --threads 1 "$trace")
    awk -v p="$pattern" -v n="$requests" -v s="$t_sim" -v q="$t_pred" -v rss="$rss" 'BEGIN {
        printf "%-7s %d requests: simulate %.2f s (%.2f M requests/s, target >= 3), predict %.2f s, simulate/predict %.1f, peak RSS %s MB\n",
            p, n, s, n / s / 1e6, q, s / q, rss
    }'
done
