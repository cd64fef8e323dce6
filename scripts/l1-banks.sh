#!/usr/bin/env bash
# l1-banks.sh [OUTDIR] - banked L1 data caches (docs/SMEM.md, "L1 banks"): every bundled
# workload (models/workloads/*.json) on models/gpu/gtx480.json (the bundled GPU model
# with an L1) with its L1 as it is (1 bank: one access a cycle) and with 4 banks under
# low-order and XOR interleaving, at GPGPU-Sim's 32-byte interleave and at line (128-byte)
# interleave.  Per run: core cycles, and the L1's passes and conflict cycles summed over
# the cores.  Writes OUTDIR/table.md (default OUTDIR: build/l1-banks).
# HAMM: the binary (default build-release/src/cli/hamm, else build/src/cli/hamm).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
HAMM=${HAMM:-$root/build-release/src/cli/hamm}
[ -x "$HAMM" ] || HAMM=$root/build/src/cli/hamm
[ -x "$HAMM" ] || { echo "l1-banks.sh: no hamm (build first or set HAMM)" >&2; exit 1; }
out=${1:-$root/build/l1-banks}
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

gpu=$root/models/gpu/gtx480.json
configs=(base low32 xor32 low128 xor128)
jq . "$gpu" >"$tmp/base.json"
for c in low32 xor32 low128 xor128; do
    scheme=low-order
    [ "${c:0:3}" = xor ] && scheme=xor
    jq --arg s "$scheme" --argjson b "${c:3}" \
        '.name += "-l1banks" | .l1.banks = 4 | .l1.bank_bytes = $b | .l1.bank_scheme = $s' \
        "$gpu" >"$tmp/$c.json"
done

# run WORKLOAD CONFIG: "cycles passes conflict_cycles"; unbanked, the passes are the L1's
# accesses (one a cycle)
run() {
    "$HAMM" simulate -m gtx480 --gpu "$tmp/$2.json" --workload "$1" --json |
        jq -r '[.total.core_cycles,
                ([.cores[] | .l1_bank_passes // .l1.accesses] | add),
                ([.cores[].l1_bank_conflict_cycles // 0] | add)] | @tsv'
}

# pct NEW BASE: the change in percent, one decimal
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.1f%%", 100 * (a - b) / b }'; }

# Cells: 1 bank "cycles / L1 passes"; 4 banks "cycle change / passes (conflict cycles)".
{
    echo "| workload | 1 bank | 4 x 32 B low-order | 4 x 32 B XOR | 4 x 128 B low-order | 4 x 128 B XOR |"
    echo "|---|---:|---:|---:|---:|---:|"
    for w in "$root"/models/workloads/*.json; do
        name=$(basename "$w" .json)
        read -r base bpasses _ < <(run "$w" base)
        row="| $name | $base / $bpasses"
        for c in low32 xor32 low128 xor128; do
            read -r cyc passes conf < <(run "$w" "$c")
            row+=" | $(pct "$cyc" "$base") / $passes ($conf)"
        done
        echo "$row |"
    done
} >"$out/table.md"
cat "$out/table.md"
