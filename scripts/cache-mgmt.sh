#!/usr/bin/env bash
# cache-mgmt.sh [OUTDIR] - the Khairy thesis' chapter 5 cache management on hamm's GPU
# engine (docs/CACHE-MGMT.md): each mechanism's speed-up over the gtx480 baseline on
# streaming, contention and cache-friendly workloads, next to the thesis' numbers.
#   base      models/gpu/gtx480.json as it is
#   PRIC      l1.index "pmod" (Poly(37) for its 32 sets), l1.index_latency 1
#   DBSA      l1 and l2 bypass_period 1000 reads, bypass_threshold 0.9 (the thesis' 90%),
#             resampling on
#   DWT-CS    dwt.period 10000 core cycles (the thesis' 10K), mpki_threshold 10 (its
#             Table 6.1), one detection and one sampling period
#   SWT       the best of core.max_active_warps 2, 4, 8, 12, 16, 24, 32 (per core; the
#             model has 2 schedulers), found by running them all
#   DWT-PRIC  PRIC + DBSA + DWT-CS together (the thesis' Figure 5.14)
# Writes OUTDIR/table.md (the table), OUTDIR/ipc.dat, OUTDIR/ipc.gp and, with gnuplot,
# OUTDIR/ipc.png (IPC normalised to the baseline).  Default OUTDIR: build/cache-mgmt.
# HAMM: the binary (default build-release/src/cli/hamm, else build/src/cli/hamm).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
HAMM=${HAMM:-$root/build-release/src/cli/hamm}
[ -x "$HAMM" ] || HAMM=$root/build/src/cli/hamm
[ -x "$HAMM" ] || { echo "cache-mgmt.sh: no hamm (build first or set HAMM)" >&2; exit 1; }
out=${1:-$root/build/cache-mgmt}
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

gpu=$root/models/gpu/gtx480.json
pric='.l1.index = "pmod" | .l1.index_latency = 1'
dbsa='.l1.bypass_period = 1000 | .l2.bypass_period = 1000 | .l1.bypass_threshold = 0.9 | .l2.bypass_threshold = 0.9'
dwt='.dwt = {"period": 10000, "mpki_threshold": 10, "detect_periods": 1, "sample_periods": 1}'
jq '.name = "gtx480-pric" | '"$pric" "$gpu" >"$tmp/pric.json"
jq '.name = "gtx480-dbsa" | '"$dbsa" "$gpu" >"$tmp/dbsa.json"
jq '.name = "gtx480-dwt" | '"$dwt" "$gpu" >"$tmp/dwt.json"
jq '.name = "gtx480-dwt-pric" | '"$pric | $dbsa | $dwt" "$gpu" >"$tmp/dwt-pric.json"
swt_limits="2 4 8 12 16 24 32"
for n in $swt_limits; do
    jq ".name = \"gtx480-swt-$n\" | .core.max_active_warps = $n" "$gpu" >"$tmp/swt-$n.json"
done

# workload class: streaming, contention (thrashing, conflicts) and cache-friendly
workloads="cm-stream:streaming stream-copy:streaming cm-thrash:contention
cm-conflict:contention cm-friendly:friendly mmc:friendly"

# ipc GPU WORKLOAD: the run's IPC (thread instructions per core cycle)
ipc() {
    local f=$root/models/workloads/$2.json
    [ -f "$f" ] || f=$root/models/workloads/cache-mgmt/$2.json
    "$HAMM" simulate -m gtx480 --gpu "$1" --workload "$f" --json | jq .total.ipc
}

echo "# workload class base_ipc PRIC DBSA DWT-CS SWT DWT-PRIC swt_best" >"$out/ipc.dat"
for wc in $workloads; do
    w=${wc%%:*} class=${wc#*:}
    base=$(ipc "$gpu" "$w")
    row="$w $class $base"
    for v in pric dbsa dwt; do
        row="$row $(ipc "$tmp/$v.json" "$w" | awk -v b="$base" '{ printf "%.4f", $1 / b }')"
    done
    best=0 bestn=0
    for n in $swt_limits; do
        r=$(ipc "$tmp/swt-$n.json" "$w")
        if awk -v r="$r" -v b="$best" 'BEGIN { exit !(r > b) }'; then best=$r bestn=$n; fi
    done
    row="$row $(awk -v r="$best" -v b="$base" 'BEGIN { printf "%.4f", r / b }')"
    row="$row $(ipc "$tmp/dwt-pric.json" "$w" | awk -v b="$base" '{ printf "%.4f", $1 / b }')"
    echo "$row $bestn" >>"$out/ipc.dat"
    echo "cache-mgmt.sh: $row $bestn" >&2
done

# The table: speed-ups per workload, harmonic means per class, and the thesis' figures.
awk '
function hm(s, n) { return n ? n / s : 0 }
!/^#/ {
    printf "| %s | %s | %.2f | %.2fx | %.2fx | %.2fx | %.2fx (%d warps) | %.2fx |\n",
           $1, $2, $3, $4, $5, $6, $7, $9, $8
    for (i = 4; i <= 8; i++) { inv[$2, i] += 1 / $i; all[i] += 1 / $i }
    n[$2]++; total++
}
BEGIN {
    print "| workload | class | base IPC | PRIC | DBSA | DWT-CS | SWT (best limit) | DWT-PRIC |"
    print "|---|---|---|---|---|---|---|---|"
}
END {
    split("streaming contention friendly", cls, " ")
    for (c = 1; c <= 3; c++) {
        k = cls[c]
        printf "| **%s, harmonic mean** | | | %.2fx | %.2fx | %.2fx | %.2fx | %.2fx |\n", k,
               hm(inv[k, 4], n[k]), hm(inv[k, 5], n[k]), hm(inv[k, 6], n[k]),
               hm(inv[k, 7], n[k]), hm(inv[k, 8], n[k])
    }
    printf "| **all, harmonic mean** | | | %.2fx | %.2fx | %.2fx | %.2fx | %.2fx |\n",
           hm(all[4], total), hm(all[5], total), hm(all[6], total), hm(all[7], total),
           hm(all[8], total)
    print "| *thesis: streaming* | | | | *1.2x* | | | *1.2x* |"
    print "| *thesis: contention* | | | | | | | *2.3x (SYRK 21x, GESUMMV 16.8x)* |"
    print "| *thesis: friendly* | | | | | | | *no loss* |"
    print "| *thesis: all* | | | *1.3x* | *1.2x* | *1.1x* | | *1.5x (1.54x hmean)* |"
}' "$out/ipc.dat" >"$out/table.md"
cat "$out/table.md"

# The figure: IPC normalised to the baseline, one cluster of bars per workload.
cat >"$out/ipc.gp" <<EOF
set terminal pngcairo size 900,420 font "sans,10"
set output "$out/ipc.png"
set title "Khairy thesis ch. 5 mechanisms on hamm's gtx480 model (IPC / baseline IPC)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set logscale y 2
set yrange [0.5:*]
set ylabel "normalised IPC (log scale)"
set grid ytics
set key top left
set xtics rotate by -20
plot "$out/ipc.dat" using 4:xtic(1) title "PRIC", \
     "" using 5 title "DBSA", "" using 6 title "DWT-CS", \
     "" using 7 title "SWT (best)", "" using 8 title "DWT-PRIC", \
     1 with lines lt -1 notitle
EOF
if command -v gnuplot >/dev/null; then
    gnuplot "$out/ipc.gp"
    echo "cache-mgmt.sh: wrote $out/ipc.png" >&2
fi
