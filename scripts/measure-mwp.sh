#!/usr/bin/env bash
# measure-mwp.sh [SYSTEM...] - the MWP/CWP machine parameters of the GPU engine's models
# (docs/MWP.md, "Machine files for the GPU engine"), measured with the probes
# models/mwp/probes/mwp-probe-*.json:
#   Mem_LD               the load round trip (core cycles) of one warp loading once through
#                        an idle GPU (mwp-probe-latency; the core's load_latency_cycles)
#   Departure_del_coal   the spacing, at the DRAM queues (the tap's arrival cycles), of the
#                        first transactions of 16 warps of one core each loading once,
#                        coalesced: (last - first) / 15, DRAM cycles x core / DRAM clock
#   Departure_del_uncoal the spacing of the 32 transactions of one warp's uncoalesced load
#                        (lanes 128 bytes apart): (last - first) / 31, converted the same way
#   Mem_Bandwidth        channels x chips x bus bytes x data rate x DRAM clock
#   Write_L              a store's trip until the DRAM has written it: the core cycles of
#                        one warp storing once (mwp-probe-store) less the cycles the latency
#                        probe spends outside its load (its kernel cycles - Mem_LD)
# SYSTEM: system model names (default: yuan09-baseline gtx480).  HAMM: the binary.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
HAMM=${HAMM:-$root/build/src/cli/hamm}
[ -x "$HAMM" ] || { echo "measure-mwp.sh: no hamm at $HAMM (build first or set HAMM)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ $# -gt 0 ] || set -- yuan09-baseline gtx480

# run SYSTEM PROBE: the probe's JSON in $tmp/PROBE.json and its tap's arrival cycles, one
# line per request "cycle core", sorted, in $tmp/PROBE.arrivals.
run() {
    rm -rf "$tmp/tap"
    "$HAMM" simulate -m "$1" --workload "$root/models/mwp/probes/mwp-probe-$2.json" \
        --tap "$tmp/tap" --json >"$tmp/$2.json"
    for f in "$tmp"/tap/channel-*.bin.zst; do
        "$HAMM" convert "$f" --to text 2>/dev/null | awk '!/^#/ { print $4, $5 }' || true
    done | sort -n >"$tmp/$2.arrivals"
}

# The clocks and the bandwidth from the system model and the GPU and DRAM models it names.
params() {
    python3 - "$root/models/system/$1.json" <<'EOF'
import json, os, sys
sysf = sys.argv[1]
s = json.load(open(sysf))
d = os.path.dirname(sysf)
g = json.load(open(os.path.join(d, s["gpu"])))
m = json.load(open(os.path.join(d, s["dram"])))
bus = m["organization"]["bus_width_bits"] / 8
rate = m["organization"]["data_rate"]
bw = s["channels"] * s["chips_per_channel"] * bus * rate * m["clock_mhz"] / 1000
print(g["clocks"]["core_mhz"], m["clock_mhz"], g["cores"], bw)
EOF
}

printf '%-16s %6s %6s %9s %8s %12s %14s %8s\n' system SMs MHz "BW GB/s" Mem_LD Dep_coal Dep_uncoal \
    Write_L
for sys in "$@"; do
    read -r core_mhz dram_mhz sms bw < <(params "$sys")
    run "$sys" latency
    memld=$(python3 -c "import json; print(json.load(open('$tmp/latency.json'))['cores'][0]['load_latency_cycles'])")
    lat_cycles=$(python3 -c "import json; print(json.load(open('$tmp/latency.json'))['total']['core_cycles'])")
    run "$sys" store
    writel=$(python3 -c "import json; print(json.load(open('$tmp/store.json'))['total']['core_cycles'] - ($lat_cycles - $memld))")
    run "$sys" coalesced
    # each warp's first transaction: 16 warps, the arrivals in pairs (half-warps) or one
    # each (lines); take every (n / 16)-th arrival
    coal=$(awk -v c="$core_mhz" -v m="$dram_mhz" '
        { a[NR] = $1 } END { step = NR / 16; first = a[1]; last = a[1 + 15 * step];
                             printf "%.3f", (last - first) / 15 * c / m }' "$tmp/coalesced.arrivals")
    run "$sys" uncoalesced
    uncoal=$(awk -v c="$core_mhz" -v m="$dram_mhz" '
        { a[NR] = $1 } END { printf "%.3f", (a[NR] - a[1]) / (NR - 1) * c / m }' \
        "$tmp/uncoalesced.arrivals")
    printf '%-16s %6s %6s %9.3f %8.3f %12s %14s %8.3f\n' "$sys" "$sms" "$core_mhz" "$bw" "$memld" \
        "$coal" "$uncoal" "$writel"
done
