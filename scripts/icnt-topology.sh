#!/usr/bin/env bash
# icnt-topology.sh [OUTDIR] - the Yuan thesis' topology study (seed 000, section 6.3.4,
# Figure 6.21; section 6.3.3, Figure 6.20) on hamm's GPU engine: the Yuan baseline GPU
# with the thesis' 28 cores and 8 channels (a 6 x 6 mesh, a ring of 36, or the crossbar),
# DRAM queues of 32, with FIFO, banked FIFO (BFIFO), BFIFO behind Hold-Grant (HG) and
# Hash-Matching Hold-Grant (HMHG4) arbitration, and FR-FCFS, on the memory-bound benchmark
# analogs.  The mesh has 1 VC, the ring 2 (its dateline) and a link twice as wide (the
# thesis' 512-bit ring datapath: 2 flits of 32 bytes a cycle).  Then the mesh with 2 and 4
# VCs, dynamic (DVCA) and static (SVCA) assignment (Figure 6.20, drawn there on the
# crossbar, which has no VCs in hamm).
# Writes OUTDIR/icnt-topology.dat (one row per run), OUTDIR/icnt-topology-hm.dat and,
# with gnuplot, OUTDIR/icnt-topology.png (harmonic-mean IPC per topology and scheduler),
# and prints markdown tables.  WORKLOADS overrides the list; QUEUE the queue size;
# VC_SWEEP=0 skips the VC runs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
HAMM=${HAMM:-$root/build/src/cli/hamm}
out=${1:-icnt-topology}
WORKLOADS=${WORKLOADS:-"fwt lib mum nn ray red sp wp"}
QUEUE=${QUEUE:-32}
VC_SWEEP=${VC_SWEEP:-1}
[ -x "$HAMM" ] || { echo "icnt-topology.sh: no hamm at $HAMM (build first or set HAMM)" >&2; exit 1; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# gpu NAME TOPOLOGY VCS ASSIGN HOLD: the baseline GPU with 28 cores and that network.
gpu() {
    python3 - "$root/models/gpu/yuan09-baseline.json" "$@" >"$tmp/gpu-$1.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
_, _, topo, vcs, assign, hold = sys.argv[1:]
m["cores"] = 28
i = m.setdefault("interconnect", {})
i.update(hold=hold, hold_hash_bits=4)
if topo != "crossbar":
    i.update(topology=topo, vcs=int(vcs), vc_assign=assign)
if topo == "ring":
    i["flits_per_cycle"] = 2 * i.get("flits_per_cycle", 1)
print(json.dumps(m))
PY
}

# run NETWORK GPUFILE: every workload under every scheduler configuration.
configs="FIFO:fcfs:none BFIFO:banked-fifo:none BFIFO+HG:banked-fifo:hg BFIFO+HMHG4:banked-fifo:hmhg FR-FCFS:fr-fcfs:none"
dat=$out/icnt-topology.dat
echo "# network workload config ipc dram_efficiency row_locality_before row_locality_after held_grants" >"$dat"
run() {
    local net=$1 topo=$2 vcs=$3 assign=$4 want=$5
    for c in $configs; do
        IFS=: read -r name sched hold <<<"$c"
        case " $want " in *" $name "*) ;; *) continue ;; esac
        gpu "$net-$hold" "$topo" "$vcs" "$assign" "$hold"
        for w in $WORKLOADS; do
            "$HAMM" simulate -m yuan09-baseline --gpu "$tmp/gpu-$net-$hold.json" \
                --workload "$root/models/workloads/$w.json" -s scheduler="$sched" \
                -s queue_size="$QUEUE" --json >"$tmp/run.json"
            python3 - "$tmp/run.json" "$net" "$w" "$name" >>"$dat" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["total"]
i = t["interconnect"]
print(sys.argv[2], sys.argv[3], sys.argv[4], t["ipc"], t["dram_efficiency"],
      i["row_locality_before"], i["row_locality_after"], i["held_grants"])
PY
        done
    done
}

all="FIFO BFIFO BFIFO+HG BFIFO+HMHG4 FR-FCFS"
run crossbar crossbar 1 dynamic "$all"
run mesh mesh 1 dynamic "$all"
run ring ring 2 static "$all"
if [ "$VC_SWEEP" = 1 ]; then
    for v in 2 4; do
        run "mesh-dvc$v" mesh "$v" dynamic "BFIFO+HG BFIFO+HMHG4 FR-FCFS"
        run "mesh-svc$v" mesh "$v" static "BFIFO+HG BFIFO+HMHG4 FR-FCFS"
    done
fi

python3 "$root/scripts/icnt-topology-table.py" "$dat" "$out"

if command -v gnuplot >/dev/null; then
    cat >"$out/icnt-topology.gp" <<EOF2
set terminal pngcairo size 800,500 font "sans,11"
set output "$out/icnt-topology.png"
set title "Harmonic-mean IPC by network (28 cores, 8 channels, DRAM queue $QUEUE; cf. Yuan Fig. 6.21)"
set ylabel "IPC (harmonic mean over the workloads)"
set style data histogram
set style histogram cluster gap 1
set style fill solid 0.8 border -1
set key top left
set yrange [0:*]
set grid ytics
plot for [i=2:6] "$out/icnt-topology-hm.dat" using i:xtic(1) title columnhead(i)
EOF2
    gnuplot "$out/icnt-topology.gp"
fi
