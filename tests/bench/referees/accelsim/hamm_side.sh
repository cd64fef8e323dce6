#!/usr/bin/env bash
# hamm_side.sh FROM_DIR [WORKLOAD...] - rerun only hamm's side of run.sh against the
# Accel-Sim outputs of an earlier `BENCH_DIR=FROM_DIR run.sh` (they do not change unless
# the workloads or Accel-Sim do): the import of FROM_DIR's gpgpusim-trace.config, hamm's
# run with its tap on each of FROM_DIR's trace directories (default: all of them, in run.sh's order), then
# compare.py's tables and the request-for-request table, as run.sh prints them, without
# the speed (Accel-Sim is not rerun).  Seconds where run.sh takes minutes.
#
# Environment: BENCH_DIR keeps hamm's work (default a temporary directory removed at
# exit); HAMM_SETS as in run.sh.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 FROM_DIR [WORKLOAD...]" >&2; exit 2; }
from=$(cd "$1" && pwd)
shift
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../common.sh"
. "$here/same_requests.sh"
[ -f "$from/gpgpusim-trace.config" ] && [ -d "$from/traces" ] ||
    { echo "hamm_side.sh: $from is not a run.sh BENCH_DIR" >&2; exit 1; }

if [ $# -gt 0 ]; then
    names=("$@")
elif [ -s "$from/logs/times.txt" ]; then # run.sh's order
    mapfile -t names < <(awk '{ print $1 }' "$from/logs/times.txt")
else
    names=()
    for d in "$from"/traces/*/; do names+=("$(basename "$d")"); done
fi
sets=()
for s in ${HAMM_SETS:-}; do sets+=(--set "$s"); done
"$hamm" import-gpgpusim "$from/gpgpusim-trace.config" -o "$work/models" --name referee \
    >/dev/null 2>"$work/import.log"
model=$work/models/system/referee.json
mkdir -p "$work/logs"
args=()
for n in "${names[@]}"; do
    [ -f "$from/logs/$n.accelsim.log" ] || { echo "hamm_side.sh: no $from/logs/$n.accelsim.log" >&2; exit 1; }
    rm -rf "$work/logs/$n.tap"
    "$hamm" simulate -m "$model" "${sets[@]}" --workload "$from/traces/$n" --json \
        --tap "$work/logs/$n.tap" >"$work/logs/$n.hamm.json"
    args+=("$n" "$from/logs/$n.accelsim.log" "$work/logs/$n.hamm.json")
done
python3 "$here/compare.py" "${args[@]}"

# the request-for-request table, as run.sh builds it (Accel-Sim's side from FROM_DIR)
same_requests_header
for n in "${names[@]}"; do
    [ -f "$from/logs/$n.dramreq" ] || continue
    same_requests "$n" "$work/logs" "$from/logs"
done
