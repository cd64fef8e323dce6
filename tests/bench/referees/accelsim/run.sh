#!/usr/bin/env bash
# run.sh ACCELSIM_BUILD [WORKLOAD...] - hamm's GPU engine against Accel-Sim (trace-driven
# GPGPU-Sim 4.2) on the same instruction streams and the same configuration (CONFIG,
# default SM2_GTX480; configs.sh runs several).  Not run in CI: it needs an Accel-Sim
# build (README.md says how it was made).
#
# ACCELSIM_BUILD is the directory /work/shared/referees/accelsim/build.sh made: it holds
# accel-sim-framework/gpu-simulator/bin/release/accel-sim.out and configs/CONFIG/
# (GPGPU-Sim's gpgpusim.config with its interconnect file, and a trace.config).
# Each WORKLOAD (a name under models/workloads/ or a kernel description's path; default:
# every bundled workload) is written as an Accel-Sim trace directory by `hamm export-traceg`, and
# the bundled vectorAdd recording is added (decompressed: Accel-Sim reads only .traceg and
# .traceg.xz).  Accel-Sim runs each on CONFIG; hamm runs each on the model
# `hamm import-gpgpusim` makes of that same gpgpusim.config, reading the same trace
# directory.  compare.py prints the table: cycles, warp instructions, L1D and L2 miss
# rates, DRAM requests, DRAM efficiency and row locality, per channel too, with the
# differences, their mean absolute percentage error and correlation; and the speed of each
# (wall-clock seconds of each run, one after the other on this machine: simulated warp
# instructions and core cycles per second; each the best of SPEED_RUNS runs, default 3,
# without the request taps).
#
# Environment: BENCH_DIR keeps the work (traces, logs, JSON; default a temporary
# directory removed at exit), ACCELSIM_TIMEOUT limits each Accel-Sim run (seconds,
# default 1800), HAMM_SETS adds --set options to hamm's runs ("queue_size=64 ..."),
# SUMMARY=FILE writes the run's one-line summary as JSON (compare.py --summary).
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 ACCELSIM_BUILD [WORKLOAD...]" >&2; exit 2; }
asim_build=$(cd "$1" && pwd)
shift
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../common.sh"
. "$here/same_requests.sh"

asim=$asim_build/accel-sim-framework/gpu-simulator/bin/release/accel-sim.out
config=${CONFIG:-SM2_GTX480}
cfg=$asim_build/configs/$config
[ -x "$asim" ] || { echo "run.sh: no $asim (build Accel-Sim first)" >&2; exit 1; }
[ -f "$cfg/gpgpusim.config" ] && [ -f "$cfg/trace.config" ] ||
    { echo "run.sh: no $config configuration in $cfg" >&2; exit 1; }
# GPGPU-Sim's own libcudart, or the toolkit's real one is loaded
libdir=$(dirname "$(find "$asim_build/accel-sim-framework/gpu-simulator/gpgpu-sim/lib" \
    -name 'libcudart.so*' | head -1)")
timeout_s=${ACCELSIM_TIMEOUT:-1800}

if [ $# -gt 0 ]; then
    workloads=("$@")
else
    # every bundled workload (models/workloads/*.json), the first ten the GTX480 tables'
    # order in docs/REFEREES.md
    workloads=(stream-copy bs red sla lps sp mwp-coalesced mwp-uncoalesced fwt mmc)
    for f in "$root"/models/workloads/*.json; do
        w=$(basename "$f" .json)
        [[ " ${workloads[*]} " == *" $w "* ]] || workloads+=("$w")
    done
fi
sets=()
for s in ${HAMM_SETS:-}; do sets+=(--set "$s"); done

# hamm's model of the same configuration (its notes list what was left out): both files
# Accel-Sim reads, in its order (trace.config holds the SP and SFU units' latencies)
cat "$cfg/gpgpusim.config" "$cfg/trace.config" >"$work/gpgpusim-trace.config"
"$hamm" import-gpgpusim "$work/gpgpusim-trace.config" -o "$work/models" --name referee \
    >/dev/null 2>"$work/import.log"
model=$work/models/system/referee.json

# name -> trace directory
declare -A traces
mkdir -p "$work/traces"
for w in "${workloads[@]}"; do
    f=$w
    [ -f "$f" ] || f=$root/models/workloads/$w.json
    name=$(basename "$f" .json)
    rm -rf "$work/traces/$name"
    "$hamm" export-traceg "$f" -o "$work/traces/$name" >/dev/null
    traces[$name]=$work/traces/$name
done
va=$work/traces/vectoradd
rm -rf "$va" && mkdir -p "$va"
cp "$root/traces/real/accelsim-vectoradd/kernelslist.g" "$va/"
gzip -dc "$root/traces/real/accelsim-vectoradd/kernel-1.traceg.gz" >"$va/kernel-1.traceg"
traces[vectoradd]=$va

mkdir -p "$work/logs"
times=$work/logs/times.txt
: >"$times"
runs=${SPEED_RUNS:-3}
# accelsim NAME [TAP]: one Accel-Sim run into logs/NAME.accelsim.log (the configuration names
# its interconnect file relative to the working directory), with GPGPU-Sim's request tap
# (gpgpu-sim-dramtrace.patch) when TAP is given
accelsim() {
    local dir=${traces[$1]} log=$work/logs/$1.accelsim.log
    (cd "$cfg" && GPGPUSIM_DRAM_REQ_TRACE=${2:-} \
        LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
        timeout "$timeout_s" "$asim" -trace "$dir/kernelslist.g" -config gpgpusim.config \
        -config trace.config) >"$log" 2>&1 || { echo "run.sh: Accel-Sim failed on $1 (see $log)" >&2; exit 1; }
}
hamm_gpu() { # NAME [--tap DIR]
    local dir=${traces[$1]}
    shift
    "$hamm" simulate -m "$model" "${sets[@]}" --workload "$dir" --json "$@"
}
args=()
for name in "${workloads[@]##*/}" vectoradd; do
    name=${name%.json}
    json=$work/logs/$name.hamm.json
    accelsim "$name" "$work/logs/$name.dramreq"
    rm -rf "$work/logs/$name.tap"
    hamm_gpu "$name" --tap "$work/logs/$name.tap" >"$json"
    # speed: the best of SPEED_RUNS wall-clock times each, taps off, one after the other
    ta=$(best_of "$runs" accelsim "$name")
    th=$(best_of "$runs" hamm_gpu "$name")
    echo "$name $ta $th" >>"$times"
    echo "$name: Accel-Sim $ta s, hamm $th s" >&2
    args+=("$name" "$work/logs/$name.accelsim.log" "$json")
done
summary=()
[ -n "${SUMMARY:-}" ] && summary=(--summary "$SUMMARY" --config "$config")
python3 "$here/compare.py" --times "$times" "${summary[@]}" "${args[@]}"

# Request for request (same_requests.sh).
if [ -f "$work/logs/vectoradd.dramreq" ]; then
    same_requests_header
    for ((i = 0; i < ${#args[@]}; i += 3)); do same_requests "${args[i]}" "$work/logs" "$work/logs"; done
fi
