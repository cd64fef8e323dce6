#!/usr/bin/env bash
# streak-breakers.sh [OUTDIR] - the Yuan thesis' row streak breakers (seed 000, section
# 6.3.2, Figure 6.19) on hamm's GPU engine: the Yuan baseline GPU (queue 32) with a banked
# FIFO (BFIFO), BFIFO behind a Hold-Grant crossbar (HG), BFIFO behind a Hash-Matching
# Hold-Grant crossbar with 4-bit row hashes (HMHG4), and FR-FCFS, on the memory-bound
# benchmark analogs the thesis uses.  Keeps each run's hamm-gpu/1 result in OUTDIR and
# prints the table of docs/ICNT-HOLD.md ("Row streak breakers"): the switches crediting
# each class as a percentage of the BFIFO run's row streaks (the thesis' normalisation).
# WORKLOADS overrides the list.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
HAMM=${HAMM:-$root/build/src/cli/hamm}
out=${1:-streak-breakers}
WORKLOADS=${WORKLOADS:-"fwt lib mum nn ray red sp wp"}
[ -x "$HAMM" ] || { echo "streak-breakers.sh: no hamm at $HAMM (build first or set HAMM)" >&2; exit 1; }
mkdir -p "$out"

for hold in none hg hmhg; do
    python3 - "$root/models/gpu/yuan09-baseline.json" "$hold" >"$out/gpu-$hold.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m.setdefault("interconnect", {})["hold"] = sys.argv[2]
m["interconnect"]["hold_hash_bits"] = 4
print(json.dumps(m))
PY
done

# name scheduler hold
configs="BFIFO:banked-fifo:none BFIFO+HG:banked-fifo:hg BFIFO+HMHG4:banked-fifo:hmhg FR-FCFS:fr-fcfs:none"
for w in $WORKLOADS; do
    for c in $configs; do
        IFS=: read -r name sched hold <<<"$c"
        "$HAMM" simulate -m yuan09-baseline --set scheduler="$sched" --set queue_size=32 \
            --gpu "$out/gpu-$hold.json" --workload "$root/models/workloads/$w.json" --json \
            >"$out/$w-$name.json"
    done
done

python3 - "$out" $WORKLOADS <<'PY'
import json, sys
out, wls = sys.argv[1], sys.argv[2:]
keys = ["different_core", "same_core_other_cta", "same_cta"]
held = ["BFIFO", "BFIFO+HG", "BFIFO+HMHG4"]
def streaks(w, c):
    return json.load(open(f"{out}/{w}-{c}.json"))["total"]["interconnect"]["streak_breakers"]
print("| workload | BFIFO row streaks | " + " | ".join(held) + " | FR-FCFS stranded |")
print("|---|---|---|---|---|---|")
mean = {c: [0.0] * 3 for c in held}
for w in wls:
    base = streaks(w, "BFIFO")["row_streaks"]
    cells = []
    for c in held:
        v = [100.0 * streaks(w, c)["credited"][k] / base if base else 0.0 for k in keys]
        mean[c] = [m + x / len(wls) for m, x in zip(mean[c], v)]
        cells.append(" / ".join(f"{x:.1f}" for x in v))
    print(f"| {w} | {base} | " + " | ".join(cells) + f" | {streaks(w, 'FR-FCFS')['stranded']} |")
print("| mean | | " + " | ".join(" / ".join(f"{x:.1f}" for x in mean[c]) for c in held) + " | |")
PY
