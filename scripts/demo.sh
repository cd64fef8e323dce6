#!/bin/sh
# demo.sh - install, build, and run hamm's main job on the bundled sample traces:
# the predicted DRAM efficiency of a real GPU kernel's trace (CUDA vectorAdd, recorded
# with NVBit), the same trace on the cycle-accurate engine with its command log checked,
# and the statistics of a real CPU trace.
set -e
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
[ -d build ] || meson setup build >/dev/null
ninja -C build >/dev/null
set -x
./build/src/cli/hamm predict traces/sample/vectoradd.bin.zst
./build/src/cli/hamm predict --json -o build/vectoradd.predict.json traces/sample/vectoradd.bin.zst
./build/src/cli/hamm stats traces/real/mase_art.trc.gz
./build/src/cli/hamm simulate --command-log build/vectoradd.log.zst traces/sample/vectoradd.bin.zst
./build/src/cli/hamm check-log build/vectoradd.log.zst
