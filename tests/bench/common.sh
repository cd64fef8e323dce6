# common.sh - what the benchmark scripts share; sourced, not run.
# Sets root, build (a release tree, built), hamm, work (BENCH_DIR or a temporary
# directory removed at exit), and defines best_of and peak_rss_mb.

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=$root/build-release
work=${BENCH_DIR:-$(mktemp -d)}
mkdir -p "$work"
trap '[ -n "${BENCH_DIR:-}" ] || rm -rf "$work"' EXIT

if [ ! -d "$build" ]; then
    meson setup "$build" "$root" --buildtype=release >/dev/null
fi
ninja -C "$build" >/dev/null
hamm=$build/src/cli/hamm

# best_of N CMD...: the shortest of N wall-clock times, in seconds.
best_of() {
    local n=$1 best=
    shift
    for _ in $(seq "$n"); do
        local t0 t1
        t0=$(date +%s.%N)
        "$@" >/dev/null
        t1=$(date +%s.%N)
        best=$(awk -v a="$t0" -v b="$t1" -v best="$best" \
            'BEGIN { t = b - a; if (best == "" || t < best) best = t; printf "%.3f", best }')
    done
    echo "$best"
}

# peak_rss_mb CMD...: the command's maximum resident set size, in MB.
peak_rss_mb() {
    /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F: '/Maximum resident/ { printf "%.1f", $2 / 1024 }'
}
