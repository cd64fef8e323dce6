#!/bin/sh
# demo.sh - install, build, and run hamm's main job on the bundled data: the model against
# the cycle-accurate engine over the default validation suite (real traces and synthetic
# ones, four memory systems), the paper's sensitivity sweeps, and every figure, written as
# a report: build/report/index.html (open it in a browser) and index.md.
set -e
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
[ -d build ] || meson setup build >/dev/null
ninja -C build >/dev/null
set -x
./build/src/cli/hamm report -o build/report
