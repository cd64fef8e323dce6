#!/usr/bin/env bash
# gpu.sh - the GPU engine's speed (release build), issue 12's targets: simulated warp
# instructions and core cycles per second on the 32-core Yuan baseline for a
# memory-bound and a compute-bound workload (target: at least 100,000 warp instructions a
# second on one core, memory-bound), the whole bundled workload suite on both GPU models
# with 2 jobs (target: under 5 minutes), and the peak RSS of the largest run (bounded by
# the configuration, not the workload's length).  The ratio beside each rate is against
# a baseline run in the same run: the DRAM engine alone replaying the same run's tap
# (hamm simulate --replay timed on each channel's trace), i.e. what the GPU's upper half
# costs over its DRAM.
# Usage: tests/bench/gpu.sh [REPS]   (best of REPS timings, default 5)
set -euo pipefail

reps=${1:-5}
. "$(dirname "$0")/common.sh"
wl=$root/models/workloads

# rate WORKLOAD: warp instructions/s, core cycles/s, and the ratio to the tap replay.
rate() {
    local w=$1 json=$work/$1.json
    "$hamm" simulate -m yuan09-baseline --workload "$wl/$w.json" --json --tap "$work/tap-$w" \
        >"$json"
    local t insts cycles
    t=$(best_of "$reps" "$hamm" simulate -m yuan09-baseline --workload "$wl/$w.json" --json)
    insts=$(jq .total.warp_instructions "$json")
    cycles=$(jq .total.core_cycles "$json")
    local replay=0
    for f in "$work/tap-$w"/channel-*.bin.zst; do
        local r
        r=$(best_of "$reps" "$hamm" simulate -m yuan09-baseline --replay timed "$f")
        replay=$(awk -v a="$replay" -v b="$r" 'BEGIN { printf "%.3f", a + b }')
    done
    awk -v w="$w" -v t="$t" -v i="$insts" -v c="$cycles" -v r="$replay" 'BEGIN {
        printf "%-16s %9d warp insts %9d core cycles  %6.3f s  %9.0f insts/s  %9.0f cycles/s  %5.1fx the tap replay (%.3f s)\n",
               w, i, c, t, i / t, c / t, t / r, r }'
}

echo "load: $(uptime)"
rate nn            # memory-bound: scattered neighbour reads
rate mwp-uncoalesced
rate mwp-compute-32 # compute-bound: 32 ALU instructions per load
echo
start=$(date +%s.%N)
for w in "$wl"/*.json; do for m in yuan09-baseline gtx480; do echo "$m $w"; done; done |
    xargs -P 2 -n 2 sh -c '"$0" simulate -m "$1" --workload "$2" --json >/dev/null' "$hamm"
end=$(date +%s.%N)
awk -v a="$start" -v b="$end" -v n="$(ls "$wl"/*.json | wc -l)" \
    'BEGIN { printf "suite: %d workloads x 2 GPU models, 2 jobs: %.1f s\n", n, b - a }'
echo "peak RSS (nn on the baseline): $(peak_rss_mb "$hamm" simulate -m yuan09-baseline --workload "$wl/nn.json" --json) MB"
echo "load: $(uptime)"
