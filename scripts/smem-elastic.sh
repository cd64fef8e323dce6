#!/usr/bin/env bash
# smem-elastic.sh [OUTDIR] - Gou's thesis, chapter 5, on hamm's GPU engine (docs/SMEM.md):
# the shared-memory workloads of models/workloads/smem/ on the yuan09-baseline and
# gtx480 GPU models, each run four ways:
#   default   the model as it is (hamm's decoupled LSU: no pipeline model)
#   baseline  core.inorder_pipeline: the thesis' baseline in-order pipeline
#   elastic   core.elastic_pipeline (PREMEM 3, NONMEM 4 entries), round-robin/GTO as the
#             model says
#   elast+CA  elastic with core.conflict_aware (history cache 256 sets x 2 ways)
# and one row with core.shared_scheme "xor:s=5" (baseline pipeline) for the transpose.
# Prints a table (cycles, speed-up over baseline, pipeline stall cycles and their
# reduction, shared-conflict stalls, writeback conflicts, history underpredictions:
# each summed over the cores) and writes it to OUTDIR/table.md (default build/smem).
# HAMM: the binary (default build-release/src/cli/hamm, else build/src/cli/hamm).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
HAMM=${HAMM:-$root/build-release/src/cli/hamm}
[ -x "$HAMM" ] || HAMM=$root/build/src/cli/hamm
[ -x "$HAMM" ] || { echo "smem-elastic.sh: no hamm (build first or set HAMM)" >&2; exit 1; }
out=${1:-$root/build/smem}
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

systems="yuan09-baseline gtx480"
workloads="smem-transpose smem-reduction smem-histogram"
for s in $systems; do
    g=$root/models/gpu/$s.json
    cp "$g" "$tmp/$s-default.json"
    jq '.core.inorder_pipeline = true' "$g" >"$tmp/$s-baseline.json"
    jq '.core.elastic_pipeline = true' "$g" >"$tmp/$s-elastic.json"
    jq '.core.elastic_pipeline = true | .core.conflict_aware = true' "$g" >"$tmp/$s-elast+CA.json"
    jq '.core.inorder_pipeline = true | .core.shared_scheme = "xor:s=5"' "$g" \
        >"$tmp/$s-xor-base.json"
done

# row SYSTEM WORKLOAD CONFIG BASE_CYCLES BASE_STALLS: one table row; sets cycles, stalls
row() {
    local j
    j=$("$HAMM" simulate -m "$1" --gpu "$tmp/$1-$3.json" \
        --workload "$root/models/workloads/smem/$2.json" --json)
    read -r cycles stalls shared wb under < <(jq -r '[.total.core_cycles,
        ([.cores[].pipeline_stall_cycles // 0] | add), ([.cores[].shared_stall_cycles // 0] | add),
        ([.cores[].writeback_conflicts // 0] | add), ([.cores[].chc_underpredictions // 0] | add)]
        | @tsv' <<<"$j")
    awk -v s="$1" -v w="$2" -v c="$3" -v cy="$cycles" -v b="$4" -v st="$stalls" -v bs="$5" \
        -v sh="$shared" -v wb="$wb" -v u="$under" 'BEGIN {
        sp = b > 0 ? sprintf("%+.1f%%", 100 * (b / cy - 1)) : "-"
        red = (bs > 0 && c != "default") ? sprintf("%.1f%%", 100 * (1 - st / bs)) : "-"
        if (c == "default") { st = "-"; sh = "-"; wb = "-"; u = "-" }
        printf "| %s | %s | %s | %d | %s | %s | %s | %s | %s | %s |\n",
               s, w, c, cy, sp, st, red, sh, wb, u }'
}

{
    echo "| system | workload | pipeline | core cycles | speed-up over baseline | stall cycles | stall reduction | shared stalls | writeback conflicts | CHC underpredictions |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
    for s in $systems; do
        for w in $workloads; do
            base=$("$HAMM" simulate -m "$s" --gpu "$tmp/$s-baseline.json" \
                --workload "$root/models/workloads/smem/$w.json" --json)
            bc=$(jq .total.core_cycles <<<"$base")
            bs=$(jq '[.cores[].pipeline_stall_cycles] | add' <<<"$base")
            for c in default baseline elastic elast+CA; do
                row "$s" "$w" "$c" "$bc" "$bs"
            done
            [ "$w" = smem-transpose ] && row "$s" "$w" xor-base "$bc" "$bs"
        done
    done
} | tee "$out/table.md"
