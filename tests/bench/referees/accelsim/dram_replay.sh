#!/usr/bin/env bash
# dram_replay.sh BENCH_DIR [WORKLOAD...] - hamm's DRAM engine and model on GPGPU-Sim's own
# DRAM request streams, channel by channel, beside GPGPU-Sim's per-channel dram_eff (the Yuan
# & Aamodt paper's Figure 7 experiment against the paper's simulator).  Not run in CI.
#
# BENCH_DIR is a run.sh work directory (BENCH_DIR=... run.sh): it holds models/ (`hamm
# import-gpgpusim` of the GTX480 gpgpusim.config) and, per workload W, logs/W.dramreq
# (GPGPU-Sim's request log, gpgpu-sim-dramtrace.patch) and logs/W.accelsim.log.  Default
# workloads: every logs/*.dramreq.  Each channel's requests become a hamm trace
# (dramreq2trace.py --encode: addresses built from the log's bank, row and column, bank
# numbers rotated so hamm's bank groups are GPGPU-Sim's low-bit ones; arrival = GPGPU-Sim's
# DRAM command cycle), replayed with `hamm simulate --replay timed` on the imported model
# reduced to that one channel, once more with hamm's own (high-bit) bank groups, and given
# to `hamm predict` (saturated, and command-timed with the arrival cycles).  Instruction
# fetches (0xf0000000) stay in: GPGPU-Sim's dram_eff counts them.  dram_compare.py prints
# the table.  OUT_DIR (default: a temporary directory) keeps the per-channel traces,
# command logs and JSON.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 BENCH_DIR [WORKLOAD...]" >&2; exit 2; }
bench=$(cd "$1" && pwd)
shift
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../common.sh"
out=${OUT_DIR:-$work/replay}
model=$bench/models/system/referee.json
[ -f "$model" ] || { echo "dram_replay.sh: no $model (run run.sh with BENCH_DIR)" >&2; exit 1; }
if [ $# -gt 0 ]; then
    workloads=("$@")
else
    workloads=()
    for f in "$bench"/logs/*.dramreq; do workloads+=("$(basename "$f" .dramreq)"); done
fi
map=00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBBCCCC.CCSSSSSS
one=(-m "$model" --set channels=1 --set "address_map=$map")
groups=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["organization"]["bank_groups"])' \
    "$bench/models/dram/referee.json")
args=()
for w in "${workloads[@]}"; do
    d=$out/$w
    mkdir -p "$d"
    nch=$(awk '!/^#/ { if ($3 + 1 > n) n = $3 + 1 } END { print n + 0 }' "$bench/logs/$w.dramreq")
    for ((c = 0; c < nch; c++)); do
        python3 "$here/dramreq2trace.py" "$bench/logs/$w.dramreq" "$d/ch$c.txt" --channel "$c" \
            --encode "$groups"
        python3 "$here/dramreq2trace.py" "$bench/logs/$w.dramreq" "$d/ch$c.hi.txt" --channel "$c" \
            --encode 1
        "$hamm" simulate "${one[@]}" --replay timed --json -c "$d/ch$c.cmd" "$d/ch$c.txt" \
            >"$d/ch$c.sim.json" 2>/dev/null
        "$hamm" simulate "${one[@]}" --replay timed --json "$d/ch$c.hi.txt" >"$d/ch$c.hi.json" 2>/dev/null
        "$hamm" predict "${one[@]}" --json "$d/ch$c.txt" >"$d/ch$c.pred.json" 2>/dev/null
        "$hamm" predict "${one[@]}" -R timed -H command-timed --json "$d/ch$c.txt" \
            >"$d/ch$c.predt.json" 2>/dev/null
    done
    args+=("$w" "$bench/logs/$w.accelsim.log" "$d")
done
python3 "$here/dram_compare.py" "${args[@]}"
