#!/usr/bin/env bash
# run.sh DRAMSIM3_SRC RAMULATOR_SRC [REQUESTS] - hamm's engine against DRAMsim3 and
# Ramulator 1 on the same requests, with matched configurations (the files beside this
# script; README.md says what was matched and why).  Not run in CI: it builds both
# referees from source checkouts (a directory holding the source tree; `git archive` of
# DRAMsim3 2981759 and Ramulator 214f635 was used), patched as the .patch files here say.
#
# For each trace (synthetic random, streaming and 70/30 read-write mixes of REQUESTS
# requests, default 200000, made by `hamm generate`; the two SPEC traces in traces/real)
# it converts the trace with `hamm convert`, replays it on all three, and prints the
# cycles to serve it and hamm's difference from each referee.  hamm runs twice against
# DRAMsim3: with its defaults, and with DRAMsim3's controller (hamm-ddr4-dramsim3.sets:
# its command queue's order with the 4-hit limit on holding a row, and its same-address
# merging; when the engine has `ready_order: first-ready`).  It runs three times against
# Ramulator: with its default single shared queue, with separate read and write queues
# drained between watermarks as Ramulator's controller does, and with that controller's
# order too (when the engine has those fields).  Build outputs and traces go to BENCH_DIR (default: a temporary
# directory, removed at exit).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 DRAMSIM3_SRC RAMULATOR_SRC [REQUESTS]" >&2; exit 2; }
ds3_src=$(cd "$1" && pwd)
ram_src=$(cd "$2" && pwd)
requests=${3:-200000}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"

# A patched copy of a source tree, built once per BENCH_DIR.
build_dramsim3() {
    local dir=$work/dramsim3
    if [ ! -x "$dir/build/dramsim3main" ]; then
        rm -rf "$dir" && cp -r "$ds3_src" "$dir"
        patch -d "$dir" -p1 -s <"$here/dramsim3-run-to-completion.patch"
        cmake -S "$dir" -B "$dir/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
        make -C "$dir/build" -j2 dramsim3main >/dev/null
    fi
    ds3=$dir/build/dramsim3main
}

build_ramulator() {
    local dir=$work/ramulator
    if [ ! -x "$dir/ramulator" ]; then
        rm -rf "$dir" && cp -r "$ram_src" "$dir"
        patch -d "$dir" -p1 -s <"$here/ramulator1-refresh-off.patch"
        make -C "$dir" -j2 CXX=g++ >/dev/null
    fi
    ram=$dir/ramulator
}

# The cycles each side needs to serve trace $1.
hamm_cycles() { # TRACE [--set ...]
    local t=$1
    shift
    "$hamm" simulate --json -m "$here/hamm-ddr4.json" --replay saturated "$@" "$t" |
        jq '.total.measured.cycles'
}
dramsim3_cycles() { # its library is built into its source root; its statistics files
    # go to the -o directory, which must exist (else to the working directory)
    mkdir -p "$work/ds3-out"
    LD_LIBRARY_PATH=$work/dramsim3 "$ds3" "$here/dramsim3-ddr4.ini" -c 0 -t "$1" -o "$work/ds3-out" |
        awk '/^referee_cycles/ { print $2 }'
}
ramulator_cycles() {
    "$ram" "$here/ramulator-ddr4.cfg" --mode=dram --stats "$work/ram.stats" "$1" >/dev/null
    awk '$1 == "ramulator.dram_cycles" { print $2 }' "$work/ram.stats"
}

# hamm's settings for Ramulator: its compiled-in 16-16-16 timings; then (when the engine
# has them) its controller's 32-entry write queue, drained from above 80% (26 of 32:
# Ramulator drains when more than int(0.8 x 32) wait) until below 20% (at most 5);
# then also its controller's order with its scheduler, FRFCFS_Cap (queue-head: the
# activated requests first, then the oldest ready request, a row's hits past 16 no longer
# counting as ready; only that head may issue; docs/ENGINE.md).
printf 'W 0x0\n' >"$work/one.txt"
ds3_sets=()
while read -r line; do [ -n "$line" ] && ds3_sets+=(--set "$line"); done \
    <"$here/hamm-ddr4-dramsim3.sets"
"$hamm" simulate -m "$here/hamm-ddr4.json" "${ds3_sets[@]}" "$work/one.txt" >/dev/null 2>&1 ||
    ds3_sets=() # an engine without first-ready: the column is left out
ram_sets=()
while read -r line; do [ -n "$line" ] && ram_sets+=(--set "$line"); done \
    <"$here/hamm-ddr4-ramulator1.sets"
drain_sets=(--set write_queue_size=32 --set write_drain_high=26 --set write_drain_low=5)
sched_sets=(--set ready_order=queue-head --set row_hit_cap=16)
# and its activate queue: a request whose ACT has gone leaves the read or write queue's
# count, and the activated requests go first in either drain mode
actq_sets=(--set activate_queue=true)
if ! "$hamm" simulate -m "$here/hamm-ddr4.json" "${drain_sets[@]}" "$work/one.txt" >/dev/null 2>&1
then
    drain_sets=() # an engine without write queues
    sched_sets=()
    actq_sets=()
elif ! "$hamm" simulate -m "$here/hamm-ddr4.json" "${sched_sets[@]}" "$work/one.txt" >/dev/null 2>&1
then
    sched_sets=(--set ready_order=oldest-ready --set row_hit_cap=16) # no queue-head yet
    actq_sets=()
elif ! "$hamm" simulate -m "$here/hamm-ddr4.json" "${sched_sets[@]}" "${actq_sets[@]}" \
    "$work/one.txt" >/dev/null 2>&1
then
    actq_sets=() # no activate queue yet
fi

make_traces() {
    local g=$work/traces
    mkdir -p "$g"
    "$hamm" generate -p random -n "$requests" -S 1 -o "$g/random.bin.zst"
    "$hamm" generate -p stream -n "$requests" -S 2 -o "$g/stream.bin.zst"
    "$hamm" generate -p random -w 0.3 -n "$requests" -S 3 -o "$g/random-70-30.bin.zst"
    "$hamm" generate --mix stream:0.5,random:0.5 --streams 8 -w 0.3 -n "$requests" -S 4 \
        -o "$g/mix-70-30.bin.zst"
    cp "$root/traces/real/spec2006-403.gcc.cputrace.gz" "$root/traces/real/mase_art.trc.gz" "$g/"
    for t in "$g"/*; do
        local b=${t##*/}
        # every request at cycle 0: the referees then feed their queues as fast as they
        # accept requests, as hamm's saturated replay does
        "$hamm" convert "$t" --to dramsim3 -o "$g/${b%%.*}.timed"
        awk '/^0x/ { print $1, $2, 0 }' "$g/${b%%.*}.timed" >"$g/${b%%.*}.ds3"
        rm "$g/${b%%.*}.timed"
        "$hamm" convert "$t" --to ramulator -o "$g/${b%%.*}.ram"
    done
}

pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.1f%%", 100 * (a - b) / b }'; }

build_dramsim3
build_ramulator
make_traces
printf '| trace | hamm | DRAMsim3 | hamm vs DRAMsim3 |'
[ ${#ds3_sets[@]} -gt 0 ] && printf ' hamm, DRAMsim3 order | vs DRAMsim3 |'
printf ' hamm (Ramulator timings) | Ramulator 1 | hamm vs Ramulator |'
[ ${#drain_sets[@]} -gt 0 ] &&
    printf ' hamm, write drain | vs Ramulator | hamm, drain + queue-head + cap 16 | vs Ramulator |'
[ ${#actq_sets[@]} -gt 0 ] && printf ' hamm, + activate queue | vs Ramulator |'
printf '\n|---|---|---|---|%s---|---|---|%s%s\n' "$([ ${#ds3_sets[@]} -gt 0 ] && echo '---|---|')" \
    "$([ ${#drain_sets[@]} -gt 0 ] && echo '---|---|---|---|')" \
    "$([ ${#actq_sets[@]} -gt 0 ] && echo '---|---|')"
for t in "$work"/traces/*.ds3; do
    name=${t##*/}
    name=${name%.ds3}
    src=$(ls "$work"/traces/"$name".* | grep -v '\.ds3$\|\.ram$' | head -1)
    h=$(hamm_cycles "$src")
    d=$(dramsim3_cycles "$t")
    hr=$(hamm_cycles "$src" "${ram_sets[@]}")
    r=$(ramulator_cycles "$work/traces/$name.ram")
    printf '| %s | %s | %s | %s |' "$name" "$h" "$d" "$(pct "$h" "$d")"
    if [ ${#ds3_sets[@]} -gt 0 ]; then
        hd=$(hamm_cycles "$src" "${ds3_sets[@]}")
        printf ' %s | %s |' "$hd" "$(pct "$hd" "$d")"
    fi
    printf ' %s | %s | %s |' "$hr" "$r" "$(pct "$hr" "$r")"
    if [ ${#drain_sets[@]} -gt 0 ]; then
        hw=$(hamm_cycles "$src" "${ram_sets[@]}" "${drain_sets[@]}")
        hs=$(hamm_cycles "$src" "${ram_sets[@]}" "${drain_sets[@]}" "${sched_sets[@]}")
        printf ' %s | %s | %s | %s |' "$hw" "$(pct "$hw" "$r")" "$hs" "$(pct "$hs" "$r")"
    fi
    if [ ${#actq_sets[@]} -gt 0 ]; then
        ha=$(hamm_cycles "$src" "${ram_sets[@]}" "${drain_sets[@]}" "${sched_sets[@]}" \
            "${actq_sets[@]}")
        printf ' %s | %s |' "$ha" "$(pct "$ha" "$r")"
    fi
    printf '\n'
done
