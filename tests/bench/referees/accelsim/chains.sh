#!/usr/bin/env bash
# chains.sh ACCELSIM_BUILD - the issue-to-issue distance of dependent instructions on
# Accel-Sim's GTX480 and on hamm's import of it: one warp runs a chain of N dependent FFMA
# (ALU), MUFU (SFU) or LDS (shared load) instructions, N = 100 and 200; the difference of
# the two runs' cycles over 100 is the cycles an instruction (the kernel's start, its
# instruction fetch included, cancels out).  The import's 6 pipeline cycles
# (src/import/import_emit.c) come from this: 8, 26 and 32 cycles against latencies 2, 20, 26.
# Not run in CI; each Accel-Sim run takes about a second.  BENCH_DIR keeps the work.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 ACCELSIM_BUILD" >&2; exit 2; }
asim_build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../common.sh"
asim=$asim_build/accel-sim-framework/gpu-simulator/bin/release/accel-sim.out
cfg=$asim_build/configs/SM2_GTX480
libdir=$(dirname "$(find "$asim_build/accel-sim-framework/gpu-simulator/gpgpu-sim/lib" \
    -name 'libcudart.so*' | head -1)")
cat "$cfg/gpgpusim.config" "$cfg/trace.config" >"$work/gpgpusim-trace.config"
"$hamm" import-gpgpusim "$work/gpgpusim-trace.config" -o "$work/models" --name chains \
    >/dev/null 2>&1
cycles() { # KIND N -> "accelsim hamm"
    local kind=$1 n=$2 body name=$1$2
    case $kind in
    alu) body='{"alu": 1, "src": ["x"], "dst": "x"}' ;;
    sfu) body='{"sfu": 1, "src": ["x"], "dst": "x"}' ;;
    lds) body='{"shared_load": "4 * tid.x", "src": ["x"], "dst": "x"}' ;;
    esac
    printf '{"format": "hamm-workload/1", "name": "%s", "arrays": {}, "kernels": [{"name": "k",
 "grid": 1, "block": 32, "regs_per_thread": 8, "shared_bytes": 1024,
 "body": [{"loop": "i", "count": %s, "body": [%s]}]}]}\n' "$name" "$n" "$body" \
        >"$work/$name.json"
    rm -rf "$work/$name"
    "$hamm" export-traceg "$work/$name.json" -o "$work/$name" >/dev/null
    local a h
    a=$(cd "$cfg" && LD_LIBRARY_PATH=$libdir "$asim" -trace "$work/$name/kernelslist.g" \
        -config gpgpusim.config -config trace.config | awk '/^gpu_tot_sim_cycle/ { v = $3 } END { print v }')
    h=$("$hamm" simulate -m "$work/models/system/chains.json" --workload "$work/$name" --json |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["total"]["core_cycles"])')
    echo "$a $h"
}
printf '| chain | Accel-Sim cycles an instruction | hamm |\n|---|---|---|\n'
for kind in alu sfu lds; do
    read -r a1 h1 < <(cycles "$kind" 100)
    read -r a2 h2 < <(cycles "$kind" 200)
    echo "| $kind | $(((a2 - a1) / 100)) | $(((h2 - h1) / 100)) |"
done
