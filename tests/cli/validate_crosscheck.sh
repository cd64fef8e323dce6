#!/usr/bin/env bash
# validate_crosscheck.sh HAMM SUITE RESULT - check a hamm-validate/1 RESULT of SUITE against
# `hamm predict` and `hamm simulate` run separately on every entry's trace with the same
# model, overrides and replay, and recompute its error statistics with jq.
set -euo pipefail
hamm=$1 suite=$2 result=$3
dir=$(dirname "$suite")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tol=1e-9
n=$(jq '.entries | length' "$suite")
for i in $(seq 0 $((n - 1))); do
    e=$(jq -c ".entries[$i]" "$suite")
    trace=$dir/$(jq -r .trace <<<"$e")
    model=$(jq -r .model <<<"$e")
    case $model in */*|*.json) model=$dir/$model ;; esac
    args=(-m "$model" -r "$(jq -r '.request_size // 64' <<<"$e")" -f "$(jq -r '.format // "auto"' <<<"$e")")
    while IFS= read -r s; do [ -n "$s" ] && args+=(--set "$s"); done \
        < <(jq -r '(.set // {}) | to_entries[] | "\(.key)=\(.value)"' <<<"$e")
    "$hamm" predict --json "${args[@]}" -R "$(jq -r '.replay // "saturated"' <<<"$e")" "$trace" >"$tmp/p.json"
    "$hamm" simulate --json "${args[@]}" -R "$(jq -r '.replay // "saturated"' <<<"$e")" "$trace" >"$tmp/s.json"
    jq -e --argjson i "$i" --argjson tol "$tol" --slurpfile p "$tmp/p.json" --slurpfile s "$tmp/s.json" '
        def close(a; b): (a == null and b == null) or (a != null and b != null and ((a - b) | fabs) <= $tol);
        .entries[$i] as $v | $p[0] as $p | $s[0] as $s
        | ($s.channels | map(select(.requests > 0))) as $sc
        | ($v.requests == $p.total.requests and $v.requests == $s.total.requests)
        and ($v.channels | length) == ($sc | length)
        and ([range(0; $sc | length)] | all(. as $k | $v.channels[$k] as $c | $sc[$k] as $m
              | $c.channel == $m.channel and $c.requests == $m.requests
              and close($c.measured_dram_efficiency; $m.measured.dram_efficiency)
              and close($c.measured_row_locality_requests_per_activate; $m.measured.row_locality_requests_per_activate)
              and close($c.queue_occupancy_avg_requests; $m.measured.queue_occupancy_avg_requests)
              and ($c.predicted | to_entries | all(close(.value; $p.channels[$m.channel].efficiency[.key])))
              and ($c.error_pct | to_entries | all(close(.value; 100 * ($c.predicted[.key] - $c.measured_dram_efficiency))))))
        and close($v.measured.dram_efficiency; ($sc | map(.measured.dram_efficiency) | add / length))
        and ($v.predicted | to_entries | all(close(.value; $p.total.efficiency_channel_mean[.key])))
        and close($v.predicted_row_locality_requests_per_activate; $p.total.row_locality_requests_per_activate)
    ' "$result" >/dev/null || { echo "entry $i disagrees with predict/simulate"; exit 1; }
done
# The statistics, recomputed: per entry, per channel and per system model, every heuristic.
jq -e --argjson tol "$tol" '
    def close(a; b): (a == null and b == null) or (a != null and b != null and ((a - b) | fabs) <= $tol);
    def stats(pts): (pts | length) as $n | (pts | map(.p - .m) | map(. * 100)) as $e
        | ($e | map(fabs) | add / $n) as $mae | ($e | add / $n) as $ms
        | (pts | map(.m) | add / $n) as $mx | (pts | map(.p) | add / $n) as $my
        | (pts | map((.m - $mx) * (.p - $my)) | add) as $sxy
        | (pts | map((.m - $mx) * (.m - $mx)) | add) as $sxx
        | (pts | map((.p - $my) * (.p - $my)) | add) as $syy
        | {points: $n, mae_pct: $mae, rmse_pct: ($e | map(. * .) | add / $n | sqrt),
           max_abs_error_pct: ($e | map(fabs) | max), mean_signed_error_pct: $ms,
           polarity: (if $mae == 0 then null else $ms / $mae end), over_predicted_fraction: (($e | map(select(. > 0)) | length) / $n),
           pearson_r: (if $n < 2 or $sxx * $syy == 0 then null else $sxy / (($sxx * $syy) | sqrt) end)};
    def same(a; b): [b | to_entries[] | .key as $k | close(a[$k]; .value)] | all;
    . as $d | $d.heuristics | all(. as $h
        | same($d.summary.per_entry[$h]; stats([$d.entries[] | {m: .measured.dram_efficiency, p: .predicted[$h]}]))
        and same($d.summary.per_channel[$h]; stats([$d.entries[].channels[] | {m: .measured_dram_efficiency, p: .predicted[$h]}]))
        and ([$d.entries[].model] | unique | all(. as $mo
              | same($d.summary.per_model[$mo][$h]; stats([$d.entries[] | select(.model == $mo) | {m: .measured.dram_efficiency, p: .predicted[$h]}])))))
' "$result" >/dev/null || { echo "summary statistics disagree with jq's"; exit 1; }
echo "$n entries agree with predict and simulate"
