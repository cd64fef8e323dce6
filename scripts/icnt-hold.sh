#!/usr/bin/env bash
# icnt-hold.sh [OUTDIR] - the Yuan thesis' complexity-effective scheduling (seed 000,
# chapter 4 and section 6.3) on hamm's GPU engine: the Yuan baseline GPU with an in-order
# FIFO, a banked FIFO (BFIFO), BFIFO behind a Hold-Grant crossbar (HG), BFIFO behind a
# Hash-Matching Hold-Grant crossbar with 4-bit row hashes (HMHG4), and FR-FCFS, at DRAM
# queue sizes 8, 16, 32 and 64, on the memory-bound benchmark analogs the thesis uses.
# Writes OUTDIR/icnt-hold.dat (one row per workload, scheduler and queue size), the
# harmonic mean IPC normalised to FR-FCFS against queue size (the thesis' Figure 6.22) as
# OUTDIR/icnt-hold.gp and .png when gnuplot is installed, and prints a markdown table.
# WORKLOADS overrides the list; QUEUES the queue sizes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
HAMM=${HAMM:-$root/build/src/cli/hamm}
out=${1:-icnt-hold}
WORKLOADS=${WORKLOADS:-"fwt lib mum nn ray red sp wp"}
QUEUES=${QUEUES:-"8 16 32 64"}
[ -x "$HAMM" ] || { echo "icnt-hold.sh: no hamm at $HAMM (build first or set HAMM)" >&2; exit 1; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The baseline GPU model with the request crossbar's hold policy set.
for hold in none hg hmhg; do
    python3 - "$root/models/gpu/yuan09-baseline.json" "$hold" >"$tmp/gpu-$hold.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m.setdefault("interconnect", {})["hold"] = sys.argv[2]
m["interconnect"]["hold_hash_bits"] = 4
print(json.dumps(m))
PY
done

# name scheduler hold
configs="FIFO:fcfs:none BFIFO:banked-fifo:none BFIFO+HG:banked-fifo:hg BFIFO+HMHG4:banked-fifo:hmhg FR-FCFS:fr-fcfs:none"
dat=$out/icnt-hold.dat
echo "# workload config queue ipc dram_efficiency row_locality_before row_locality_after held_grants" >"$dat"
for w in $WORKLOADS; do
    for q in $QUEUES; do
        for c in $configs; do
            IFS=: read -r name sched hold <<<"$c"
            "$HAMM" simulate -m yuan09-baseline --gpu "$tmp/gpu-$hold.json" \
                --workload "$root/models/workloads/$w.json" -s scheduler="$sched" \
                -s queue_size="$q" --json >"$tmp/run.json"
            python3 - "$tmp/run.json" "$w" "$name" "$q" >>"$dat" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["total"]
i = t["interconnect"]
print(sys.argv[2], sys.argv[3], sys.argv[4], t["ipc"], t["dram_efficiency"],
      i["row_locality_before"], i["row_locality_after"], i["held_grants"])
PY
        done
    done
done

python3 - "$dat" "$out" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1]) if not l.startswith("#")]
names = ["FIFO", "BFIFO", "BFIFO+HG", "BFIFO+HMHG4", "FR-FCFS"]
queues = sorted({int(r[2]) for r in rows})
works = sorted({r[0] for r in rows})
ipc = {(r[0], r[1], int(r[2])): float(r[3]) for r in rows}
eff = {(r[0], r[1], int(r[2])): float(r[4]) for r in rows}
pres = {(r[0], r[1], int(r[2])): float(r[6]) / float(r[5]) for r in rows}
def hmean(v):
    return len(v) / sum(1.0 / x for x in v)
with open(sys.argv[2] + "/icnt-hold-hm.dat", "w") as f:
    f.write("# queue " + " ".join(names) + "  (harmonic mean over workloads of IPC / FR-FCFS IPC)\n")
    for q in queues:
        f.write(str(q) + " " + " ".join("%.4f" % hmean([ipc[w, n, q] / ipc[w, "FR-FCFS", q] for w in works]) for n in names) + "\n")
print("Harmonic mean IPC normalised to FR-FCFS (the thesis' Figure 6.22):\n")
print("| queue | " + " | ".join(names) + " |")
print("|---" * (len(names) + 1) + "|")
for q in queues:
    print("| %d | " % q + " | ".join("%.1f%%" % (100 * hmean([ipc[w, n, q] / ipc[w, "FR-FCFS", q] for w in works])) for n in names) + " |")
q = 32 if 32 in queues else queues[-1]
print("\nAt queue size %d, per workload: DRAM efficiency, and row locality after the crossbar over before it:\n" % q)
print("| workload | " + " | ".join(names) + " |")
print("|---" * (len(names) + 1) + "|")
for w in works:
    print("| %s | " % w + " | ".join("%.0f%% / %.2f" % (100 * eff[w, n, q], pres[w, n, q]) for n in names) + " |")
print("| mean | " + " | ".join("%.0f%% / %.2f" % (100 * sum(eff[w, n, q] for w in works) / len(works), sum(pres[w, n, q] for w in works) / len(works)) for n in names) + " |")
PY

if command -v gnuplot >/dev/null; then
    cat >"$out/icnt-hold.gp" <<EOF2
set terminal pngcairo size 800,500 font "sans,11"
set output "$out/icnt-hold.png"
set title "Harmonic-mean IPC normalised to FR-FCFS (Yuan baseline GPU, crossbar)"
set xlabel "DRAM controller queue size (entries)"
set ylabel "IPC / IPC of FR-FCFS"
set logscale x 2
set xtics (8, 16, 32, 64)
set xrange [6:80]
set yrange [0:110]
set format y "%.0f%%"
set key bottom right
set grid ytics
set linetype 5 lc rgb "black"
plot for [i=2:6] "$out/icnt-hold-hm.dat" using 1:(column(i)*100) with linespoints lw 2 pt i title columnhead(i)
EOF2
    sed -i 's/^# queue /queue /' "$out/icnt-hold-hm.dat"
    gnuplot "$out/icnt-hold.gp"
fi
