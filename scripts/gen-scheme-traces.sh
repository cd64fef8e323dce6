#!/bin/sh
# gen-scheme-traces.sh - write the power-of-two strided traces of the schemes suite
# (models/suites/schemes.json) under traces/schemes/, each with the `hamm generate`
# command recorded in that suite's "generate" field.  Deterministic.  The suite's other
# traces are the default suite's (scripts/gen-suite-traces.sh).
#
#   sh scripts/gen-scheme-traces.sh [HAMM]      (HAMM defaults to build/src/cli/hamm)
#
# On yuan09-baseline's bit map (address bits 8-10 the channel, 15-16 the bank, 17-28 the
# row) each stride is one of the thesis' stride families (docs/BANKED.md): the channel's
# unit address (addr >> 8) moves by 2^3, 2^7 and 2^9 units per request; the bank's (32 KiB
# of address) by 1/16, 1 and 4 units.
set -e
cd "$(dirname "$0")/.."
HAMM=${1:-build/src/cli/hamm}
out=traces/schemes
mkdir -p "$out"

gen() {
    name=$1
    shift
    "$HAMM" generate "$@" -o "$out/$name.bin.zst"
    echo "$out/$name.bin.zst"
}

# 2 KiB: one channel; 16 requests in a row, then the next bank
gen stride-2k   -p stride --stride 2048 -n 50000 -S 21
# 32 KiB: one channel; the next bank every request, the next row every 4
gen stride-32k  -p stride --stride 32768 -n 50000 -S 22
# 128 KiB: one channel, one bank, a new row every request
gen stride-128k -p stride --stride 131072 -n 50000 -S 23
