#!/usr/bin/env bash
# validate.sh - the cost of `hamm validate` (release build): --jobs 1 against --jobs 2 on
# the same suite (the speed-up of running entries in parallel), and --jobs 1 against
# running `hamm predict` and `hamm simulate` by hand on the same entries (target: at most
# 1.1x; validate reads each trace once where the two commands read it twice).
# Usage: tests/bench/validate.sh [REQUESTS]   (default 10^6 per synthetic trace)
#
# Two suites: models/suites/default.json (the real traces, small: process start-up weighs),
# and a generated one, four entries of REQUESTS requests (mixed and random patterns from
# tests/bench/gentrace on yuan09-baseline and gtx480), where the work dominates.
set -euo pipefail

requests=${1:-1000000}
. "$(dirname "$0")/common.sh"

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

# The predict and simulate commands of every entry, as validate runs them (one thread each).
by_hand() {
    local suite=$1 dir
    dir=$(dirname "$suite")
    jq -r '.entries[] | [.trace, .model, (.format // "auto"), (.request_size // 64),
           (.replay // "saturated"), ((.set // {}) | to_entries | map("--set \(.key)=\(.value)") | join(" "))] | @tsv' "$suite" |
    while IFS=$'\t' read -r trace model format size replay sets; do
        case $model in */*|*.json) model=$dir/$model ;; esac
        # shellcheck disable=SC2086
        "$hamm" predict --threads 1 -m "$model" -f "$format" -r "$size" $sets "$dir/$trace" >/dev/null
        # shellcheck disable=SC2086
        "$hamm" simulate --threads 1 -m "$model" -f "$format" -r "$size" -R "$replay" $sets "$dir/$trace" >/dev/null
    done
}

for suite in "$root/models/suites/default.json" "$work/bench.json"; do
    t1=$(best_of 3 "$hamm" validate --jobs 1 "$suite")
    t2=$(best_of 3 "$hamm" validate --jobs 2 "$suite")
    th=$(best_of 3 by_hand "$suite")
    rss=$(peak_rss_mb "$hamm" validate --jobs 2 "$suite")
    awk -v s="$(basename "$suite")" -v a="$t1" -v b="$t2" -v h="$th" -v r="$rss" 'BEGIN {
        printf "%-13s validate --jobs 1 %.3f s, --jobs 2 %.3f s (speed-up %.2f); predict + simulate by hand %.3f s, validate/by-hand %.2f (target <= 1.1); peak RSS %s MB\n",
            s, a, b, a / b, h, a / h, r
    }'
done
