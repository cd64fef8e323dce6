#!/usr/bin/env bash
# timed_identical.sh - check that two hamm binaries predict exactly the same thing with
# command-timed: every bundled trace under every policy, both replays, one and two
# threads, the four system models, and the default suite's validate JSON (which holds
# every heuristic and the engine).  A check for speed-ups of the profiler, run by hand:
#   tests/bench/timed_identical.sh OLD_HAMM NEW_HAMM   (exit 0: identical)
# (a build of main, copied aside, against the worktree's build-release/src/cli/hamm).
set -uo pipefail

old=$1 new=$2
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$root" || exit 2
export HAMM_MODEL_PATH=$root/models

n=0 bad=0
same() { # name, then the arguments of one hamm command
    local name=$1
    shift
    "$old" "$@" >"$out/old" 2>&1
    local so=$?
    "$new" "$@" >"$out/new" 2>&1
    local sn=$?
    n=$((n + 1))
    [ $so = 0 ] || echo "fails: $name: $(head -1 "$out/old")"
    if [ $so != $sn ] || ! cmp -s "$out/old" "$out/new"; then
        bad=$((bad + 1))
        echo "DIFFERS: $name ($*)"
        diff "$out/old" "$out/new" | head -5
    fi
}

# Besides the bundled traces, two generated ones of 2x10^5 requests (tests/bench/gentrace,
# built in build-release/ by the benchmarks), where decisions number in the hundreds of
# thousands.
gen=$root/build-release/tests/bench/gentrace
extra=
if [ -x "$gen" ]; then
    "$gen" 200000 7 mixed | zstd -q -o "$out/gen-mixed.bin.zst"
    "$gen" 200000 7 random | zstd -q -o "$out/gen-random.bin.zst"
    extra="$out/gen-mixed.bin.zst $out/gen-random.bin.zst"
fi
for t in $(find traces -type f \( -name '*.zst' -o -name '*.gz' \) | sort) $extra; do
    f=auto
    case $t in *.traceg.gz) f=accelsim ;; esac
    for pol in fr-fcfs most-pending fcfs; do
        for rep in saturated timed; do
            same "$t $pol $rep" predict -f "$f" --json -H command-timed --policy "$pol" -R "$rep" "$t"
        done
    done
    same "$t threads 1" predict -f "$f" --json -H command-timed -T 1 "$t"
    same "$t all" predict -f "$f" --json -H all "$t"
    for sys in gtx480 hbm2-4stack ddr4-2400-2ch; do
        same "$t $sys" predict -f "$f" --json -H command-timed -m "$sys" "$t"
    done
    same "$t q8" predict -f "$f" --json -H command-timed -s queue_size=8 "$t"
done
same "validate default" validate --json --jobs 2 models/suites/default.json
echo "$n comparisons, $bad differ"
[ $bad = 0 ]
