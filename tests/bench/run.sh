#!/usr/bin/env bash
# run.sh - hamm stats and hamm predict against `zstd -dc` on the same trace, same
# machine, same run.  Usage: tests/bench/run.sh [REQUESTS]   (default 10^8)
#
# Builds a release (-O3) tree in build-release/, generates a synthetic binary trace
# with tests/bench/gentrace (over all 8 channels of the baseline), compresses it with
# zstd, then reports the best of three wall-clock times of `zstd -dc TRACE >/dev/null`,
# `hamm stats TRACE` and `hamm predict TRACE` (all heuristics), their ratios to zstd,
# requests per second, and hamm's peak RSS from /usr/bin/time -v.  Then the bar of hamm
# issue 11: `hamm predict -H command-timed` against the paper's heuristics
# (`-H no-overlap,full-overlap`, the two profilers that average and locality-switch
# combine), target <= 2.0, with both threads and with one.
# HAMM_BIN=PATH times another hamm binary on the same trace (say, a build of main).
set -euo pipefail

requests=${1:-100000000}
. "$(dirname "$0")/common.sh"
hamm=${HAMM_BIN:-$hamm}

trace=$work/bench-$requests.bin.zst
if [ ! -f "$trace" ]; then
    echo "generating $requests requests..." >&2
    "$build/tests/bench/gentrace" "$requests" | zstd -q -3 -T1 -o "$trace"
fi

bytes=$(stat -c %s "$trace")
t_zstd=$(best_of 3 zstd -dc "$trace")
t_stats=$(best_of 3 "$hamm" stats "$trace")
t_pred=$(best_of 3 "$hamm" predict --heuristic all "$trace")
t_stats1=$(best_of 3 "$hamm" stats --threads 1 "$trace")
t_pred1=$(best_of 3 "$hamm" predict --threads 1 --heuristic all "$trace")
t_paper=$(best_of 3 "$hamm" predict --heuristic no-overlap,full-overlap "$trace")
t_timed=$(best_of 3 "$hamm" predict --heuristic command-timed "$trace")
t_paper1=$(best_of 3 "$hamm" predict --threads 1 --heuristic no-overlap,full-overlap "$trace")
t_timed1=$(best_of 3 "$hamm" predict --threads 1 --heuristic command-timed "$trace")
rss_stats=$(peak_rss_mb "$hamm" stats "$trace")
rss_pred=$(peak_rss_mb "$hamm" predict --heuristic all "$trace")
awk -v n="$requests" -v b="$bytes" -v z="$t_zstd" -v s="$t_stats" -v p="$t_pred" \
    -v rs="$rss_stats" -v rp="$rss_pred" -v s1="$t_stats1" -v p1="$t_pred1" \
    -v pa="$t_paper" -v ti="$t_timed" -v pa1="$t_paper1" -v ti1="$t_timed1" 'BEGIN {
    printf "trace            %d requests, %.1f MB zstd (%.2f bytes/request)\n", n, b / 1e6, b / n
    printf "zstd -dc         %.3f s\n", z
    printf "hamm stats       %.3f s  %6.1f M requests/s  ratio %.2f (target <= 1.5)  peak RSS %.1f MB\n", s, n / s / 1e6, s / z, rs
    printf "hamm predict     %.3f s  %6.1f M requests/s  ratio %.2f (target <= 2.0)  peak RSS %.1f MB\n", p, n / p / 1e6, p / z, rp
    printf "one thread (--threads 1):\n"
    printf "hamm stats       %.3f s  %6.1f M requests/s  ratio %.2f\n", s1, n / s1 / 1e6, s1 / z
    printf "hamm predict     %.3f s  %6.1f M requests/s  ratio %.2f\n", p1, n / p1 / 1e6, p1 / z
    printf "command-timed against the paper heuristics (-H no-overlap,full-overlap):\n"
    printf "two threads      paper %.3f s  command-timed %.3f s  ratio %.2f (target <= 2.0)\n", pa, ti, ti / pa
    printf "one thread       paper %.3f s  command-timed %.3f s  ratio %.2f\n", pa1, ti1, ti1 / pa1
}'
