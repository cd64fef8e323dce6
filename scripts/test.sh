#!/bin/sh
# test.sh - install, build, and run every test suite (unit, cli).
set -e
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
[ -d build ] || meson setup build >/dev/null
ninja -C build
meson test -C build --print-errorlogs
