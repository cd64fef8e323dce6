#!/usr/bin/env bash
# check_no_paths.sh SOURCE_ROOT BUILD_ROOT FILE... - fail when `strings` finds the source or
# the build directory in any FILE (the library, its archive, the hamm executable): a
# binary that carries the tree it was built in breaks once installed or moved.
set -u
src=$1 build=$2
shift 2
fail=0
for f in "$@"; do
    if [ ! -s "$f" ]; then
        echo "$f: missing or empty"
        fail=1
        continue
    fi
    for dir in "$src" "$build"; do
        hits=$(strings -a "$f" | grep -F -- "$dir" | sort -u | head -5)
        if [ -n "$hits" ]; then
            echo "$f names $dir:"
            echo "$hits"
            fail=1
        fi
    done
done
exit $fail
