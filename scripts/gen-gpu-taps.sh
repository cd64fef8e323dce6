#!/bin/sh
# gen-gpu-taps.sh - write traces/gpu/<workload>.bin.zst for every bundled kernel
# description (models/workloads/*.json): the requests the GPU engine's memory partitions
# put into the DRAM controllers' queues (the tap, docs/GPU.md), every channel in one native
# binary trace in arrival order, with arrival cycles (DRAM clock) and source cores.  The
# hybrid model reads them without the GPU engine:
#
#   hamm predict -m yuan09-baseline traces/gpu/nn.bin.zst
#
# Deterministic: the engine has no randomness, so the same files on every run.
#
#   sh scripts/gen-gpu-taps.sh [HAMM [MODEL]]   (build/src/cli/hamm, yuan09-baseline)
set -e
cd "$(dirname "$0")/.."
HAMM=${1:-build/src/cli/hamm}
MODEL=${2:-yuan09-baseline}
out=traces/gpu
mkdir -p "$out"
for w in models/workloads/*.json; do
    name=$(basename "$w" .json)
    "$HAMM" simulate -m "$MODEL" --workload "$w" --tap "$out/$name.bin.zst" -o /dev/null
    echo "$out/$name.bin.zst"
done
