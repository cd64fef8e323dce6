#!/usr/bin/env bash
# validate.sh - the cost of `hamm validate` (release build): --jobs 1 against --jobs 2 on
# the same suite (the speed-up of running entries in parallel; target on 2 cores: at
# least 1.7), and --jobs 1 against running `hamm predict` and `hamm simulate` by hand on
# the same entries (target: at most 1.1x; validate reads each trace once where the two
# commands read it twice).
# Usage: tests/bench/validate.sh [REQUESTS [REPS]]
#   REQUESTS per trace of the large suite (default 10^6; 0 skips it), REPS repetitions
#   of each timing, taken in turn, the best kept (default 7).
#
# Suites:
#   grown    models/suites/default.json with the synthetic traces of
#            scripts/gen-suite-traces.sh (generated when missing) as entries on
#            yuan09-baseline, unless the default suite lists them already: the default
#            suite as it is meant to grow (about 28 entries of 10^4 to 2x10^5 requests).
#   bench    four entries of REQUESTS requests (mixed and random patterns from
#            tests/bench/gentrace on yuan09-baseline and gtx480), where the work dominates
#            and four entries on two workers cannot balance exactly.
# The machine's load (uptime) is printed before and after: on a shared machine the
# speed-up is only as good as the second core was free.
set -euo pipefail

requests=${1:-1000000}
reps=${2:-7}
. "$(dirname "$0")/common.sh"

# The grown suite, trace paths absolute so that it can live in $work.
grown_suite() {
    local default=$root/models/suites/default.json out=$work/grown.json
    if jq -e '[.entries[].trace | test("synthetic/")] | any' "$default" >/dev/null; then
        echo "$default"
        return
    fi
    ls "$root"/traces/synthetic/*.bin.zst >/dev/null 2>&1 ||
        sh "$root/scripts/gen-suite-traces.sh" "$hamm" >/dev/null
    local synth
    synth=$(for f in "$root"/traces/synthetic/*.bin.zst; do basename "$f" .bin.zst; done |
        jq -R . | jq -s .)
    jq --arg dir "$root/models/suites" --arg syn "$root/traces/synthetic" --argjson names "$synth" '
        .name = "grown"
        | .entries = [.entries[] | .trace = ($dir + "/" + .trace) | del(.description)]
          + [$names[] | {name: ("synthetic-" + .), trace: ($syn + "/" + . + ".bin.zst"),
                         model: "yuan09-baseline",
                         replay: (if startswith("timed-") then "timed" else "saturated" end)}]
        ' "$default" >"$out"
    echo "$out"
}

bench_suite() {
    for pattern in mixed random; do
        t=$work/val-$pattern-$requests.bin.zst
        [ -f "$t" ] || "$build/tests/bench/gentrace" "$requests" 1 "$pattern" | zstd -q -T1 -o "$t"
    done
    cat >"$work/bench.json" <<JSON
{"schema": "hamm-suite/1", "name": "bench", "entries": [
  {"name": "mixed-baseline", "trace": "val-mixed-$requests.bin.zst", "model": "yuan09-baseline"},
  {"name": "mixed-gtx480", "trace": "val-mixed-$requests.bin.zst", "model": "gtx480"},
  {"name": "random-baseline", "trace": "val-random-$requests.bin.zst", "model": "yuan09-baseline"},
  {"name": "random-gtx480", "trace": "val-random-$requests.bin.zst", "model": "gtx480"}]}
JSON
    echo "$work/bench.json"
}

# The predict and simulate commands of every entry, as validate runs them (one thread each).
by_hand() {
    local suite=$1 dir
    dir=$(dirname "$suite")
    jq -r '.entries[] | [.trace, .model, (.format // "auto"), (.request_size // 64),
           (.replay // "saturated"), ((.set // {}) | to_entries | map("--set \(.key)=\(.value)") | join(" "))] | @tsv' "$suite" |
    while IFS=$'\t' read -r trace model format size replay sets; do
        case $model in */*|*.json) model=$dir/$model ;; esac
        case $trace in /*) ;; *) trace=$dir/$trace ;; esac
        # shellcheck disable=SC2086
        "$hamm" predict --threads 1 -m "$model" -f "$format" -r "$size" $sets "$trace" >/dev/null
        # shellcheck disable=SC2086
        "$hamm" simulate --threads 1 -m "$model" -f "$format" -r "$size" -R "$replay" $sets "$trace" >/dev/null
    done
}

# The same document whatever --jobs is: a timing of a wrong result is no timing.
same_output() {
    cmp -s <("$hamm" validate --jobs 1 --json "$1") <("$hamm" validate --jobs 2 --json "$1") ||
        { echo "validate.sh: --jobs 1 and --jobs 2 differ on $1" >&2; exit 1; }
}

# Seconds one run of CMD... takes.
time_once() {
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >/dev/null
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'
}

# best_interleaved SUITE: the best of $reps times of --jobs 1, --jobs 2 and by hand, the
# three taken in turn in each repetition, so that a burst of load elsewhere on the
# machine falls on all three rather than on one.
best_interleaved() {
    local a b h best1='' best2='' besth=''
    for _ in $(seq "$reps"); do
        a=$(time_once "$hamm" validate --jobs 1 "$1")
        b=$(time_once "$hamm" validate --jobs 2 "$1")
        h=$(time_once by_hand "$1")
        best1=$(awk -v x="$a" -v m="$best1" 'BEGIN { print (m == "" || x < m) ? x : m }')
        best2=$(awk -v x="$b" -v m="$best2" 'BEGIN { print (m == "" || x < m) ? x : m }')
        besth=$(awk -v x="$h" -v m="$besth" 'BEGIN { print (m == "" || x < m) ? x : m }')
    done
    echo "$best1 $best2 $besth"
}

suites=$(grown_suite)
[ "$requests" -gt 0 ] && suites="$suites $(bench_suite)"
echo "load before: $(uptime)"
for suite in $suites; do
    same_output "$suite"
    n=$(jq '.entries | length' "$suite")
    read -r t1 t2 th < <(best_interleaved "$suite")
    rss=$(peak_rss_mb "$hamm" validate --jobs 2 "$suite")
    awk -v s="$(basename "$suite") ($n entries)" -v a="$t1" -v b="$t2" -v h="$th" -v r="$rss" 'BEGIN {
        printf "%-22s validate --jobs 1 %.3f s, --jobs 2 %.3f s (speed-up %.2f, target >= 1.7); predict + simulate by hand %.3f s, validate/by-hand %.2f (target <= 1.1); peak RSS %s MB\n",
            s, a, b, a / b, h, a / h, r
    }'
done
echo "load after:  $(uptime)"
