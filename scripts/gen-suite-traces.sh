#!/bin/sh
# gen-suite-traces.sh - write the synthetic traces of the default validation suite
# (models/suites/default.json) under traces/synthetic/, each with the `hamm generate`
# command recorded in that suite's "generate" field.  Deterministic: the same files on
# every run and platform.  Multiply a -n by ten for a trace ten times larger whose first
# requests are these.
#
#   sh scripts/gen-suite-traces.sh [HAMM]      (HAMM defaults to build/src/cli/hamm)
#
# All on yuan09-baseline (8 channels x 4 banks, 4 KB rows per channel; address bits 8-10
# the channel, 15-16 the bank, 17-28 the row: see models/system/yuan09-baseline.json).
# Multi-stream entries use parts of 1052928 bytes (2^20 + 4096 + 256) per stream, so
# stream k starts on channel k mod 8 and bank floor(k * 0.133) mod 4 instead of every
# stream starting in the same bank (docs/GENERATE.md, "stream").
set -e
cd "$(dirname "$0")/.."
HAMM=${1:-build/src/cli/hamm}
out=traces/synthetic
mkdir -p "$out"

gen() {
    name=$1
    shift
    "$HAMM" generate "$@" -o "$out/$name.bin.zst"
    echo "$out/$name.bin.zst"
}

# one stream of consecutive 64-byte blocks: 64 requests per activate in every channel
gen stream-read         -p stream -n 200000 -S 1
# 16 interleaved streams, 25% writes
gen streams16-write25   -p stream --streams 16 -F 16846848 -w 0.25 -n 200000 -S 2
# uniformly random blocks of 256 MiB: about one request per activate
gen random-read         -p random -n 100000 -S 3
gen random-write50      -p random -w 0.5 -n 100000 -S 4
# stride 32 KiB + 256 B: every request on the next channel and the next bank
gen stride-banks        -p stride --stride 33024 -n 100000 -S 5
# 4 hot rows on 4 channels: nearly all row hits
gen hot-rows-4          -p hot-rows --hot-rows 4 -n 100000 -S 7
# 64 hot rows, 2 per bank over all 32 banks: FR-FCFS has hits to pick among conflicts
gen hot-rows-64-write25 -p hot-rows --hot-rows 64 -w 0.25 -n 100000 -S 8
# 2 rows of one bank in turn: an activate per request in trace order, one channel busy;
# a 32-entry FR-FCFS queue still finds 16 hits per row
gen bank-conflict-2rows  -p bank-conflict --conflict-rows 2 -n 20000 -S 9
# 64 rows of one bank in turn: a row's next request is 64 behind, beyond the queue
gen bank-conflict-64rows -p bank-conflict --conflict-rows 64 -n 20000 -S 6
# random blocks arriving at 0.05 requests per cycle: queues nearly empty (replay timed)
gen timed-random-low    -p random -n 50000 --rate 0.05 -S 10
# GPU-like: 64 streams plus 1 in 8 random, 30% writes (tests/bench/gentrace.c's mix)
gen gpu-mix-streams     --mix stream:0.875,random:0.125 --streams 64 -F 67387392 -w 0.3 -n 200000 -S 11
# GPU-like with a few hot rows (shared data) and some random traffic
gen gpu-mix-hot         --mix stream:0.6,random:0.3,hot-rows:0.1 --streams 32 -F 33693696 --hot-rows 8 -w 0.25 -n 200000 -S 12
