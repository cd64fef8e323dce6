#!/usr/bin/env bash
# conflicts.sh - `hamm stats --conflicts SCHEME` against `hamm stats` on the same trace,
# same machine, same run: the conflict analysis must stream at no less than half the
# speed of the statistics (hamm issue 15).  Usage: tests/bench/conflicts.sh [REQUESTS]
# (default 2x10^7).
#
# Builds a release (-O3) tree in build-release/, generates a synthetic binary trace with
# tests/bench/gentrace (zstd-compressed), then takes the best of three wall-clock times of
# `hamm stats TRACE` and of `hamm stats --conflicts S TRACE` for the matched SAMS scheme
# (the costliest module function) and for low-order, and prints speed = t_stats /
# t_conflicts for each (target >= 0.5) and the peak RSS of each run.
set -euo pipefail

requests=${1:-20000000}
. "$(dirname "$0")/common.sh"

trace=$work/conflicts-$requests.bin.zst
if [ ! -f "$trace" ]; then
    echo "generating $requests requests..." >&2
    "$build/tests/bench/gentrace" "$requests" | zstd -q -3 -T1 -o "$trace"
fi

# (stats warns that gentrace's addresses go beyond the model's capacity: not of interest)
t_stats=$(best_of 3 "$hamm" stats "$trace" 2>/dev/null)
t_sams=$(best_of 3 "$hamm" stats --conflicts sams "$trace")
t_low=$(best_of 3 "$hamm" stats --conflicts low-order "$trace")
rss_stats=$(peak_rss_mb "$hamm" stats "$trace" 2>/dev/null)
rss_sams=$(peak_rss_mb "$hamm" stats --conflicts sams "$trace")
awk -v n="$requests" -v s="$t_stats" -v a="$t_sams" -v l="$t_low" -v rs="$rss_stats" \
    -v ra="$rss_sams" 'BEGIN {
    printf "%d requests\n", n
    printf "hamm stats                       %7.3f s  %6.1f M requests/s  peak RSS %s MB\n", s, n / s / 1e6, rs
    printf "hamm stats --conflicts sams      %7.3f s  %6.1f M requests/s  peak RSS %s MB\n", a, n / a / 1e6, ra
    printf "hamm stats --conflicts low-order %7.3f s  %6.1f M requests/s\n", l, n / l / 1e6
    printf "speed against stats: sams %.2f, low-order %.2f (target >= 0.5)\n", s / a, s / l
    exit (s / a >= 0.5 && s / l >= 0.5) ? 0 : 1
}'
