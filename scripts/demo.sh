#!/bin/sh
# demo.sh - install, build, and run hamm's main job on the bundled sample traces.
set -e
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
[ -d build ] || meson setup build >/dev/null
ninja -C build >/dev/null
set -x
./build/src/cli/hamm stats traces/sample/vectoradd.bin.zst
./build/src/cli/hamm stats --json traces/real/mase_art.trc.gz -o build/mase_art.stats.json
