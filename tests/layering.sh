#!/usr/bin/env bash
# layering.sh [ROOT] - no two folders under src/ import each other, directly or round a
# longer loop.  Builds the folder graph from the #include "..." lines of src/*/ and of
# the public headers (each include/hamm/X.h belongs to the folder that implements it),
# prints it, and fails when it has a cycle (tsort finds it) or when a public header has
# no folder here.
set -euo pipefail
root=${1:-${HAMM_SOURCE_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}}
cd "$root"

# The folder each public header belongs to.
owner() {
    case $1 in
    error.h | export.h) echo common ;;
    io.h) echo io ;;
    trace.h) echo trace ;;
    addrmap.h) echo addrmap ;;
    config.h) echo config ;;
    stream.h) echo stream ;;
    stats.h) echo stats ;;
    banked.h) echo banked ;;
    dram_model.h) echo model ;;
    engine.h) echo engine ;;
    command.h) echo engine ;;
    checker.h) echo check ;;
    report.h | errstats.h) echo report ;;
    generate.h) echo generate ;;
    plot.h | report_run.h) echo plot ;;
    validate.h | sweep.h) echo validate ;;
    workload.h) echo workload ;;
    gpu.h) echo gpu ;;
    mwp.h | mwp_sweep.h | mwp_counts.h | mwp_efficiency.h | mwp_doc.h | mwp_validate.h) echo mwp ;;
    import.h) echo import ;;
    *) echo "layering.sh: include/hamm/$1 belongs to no folder; add it to owner()" >&2
       return 1 ;;
    esac
}

# The folder an include line of a file in folder $2 lands in (nothing: the same folder or
# a generated header).
target() {
    local inc=$1 from=$2
    case $inc in
    hamm_build_config.h) ;;
    hamm/*) owner "${inc#hamm/}" ;;
    ../*/*) inc=${inc#../}; echo "${inc%%/*}" ;;
    */*) echo "${inc%%/*}" ;;
    *) echo "$from" ;;
    esac
}

edges=$(mktemp)
trap 'rm -f "$edges" "$edges.err"' EXIT
scan() { # scan FOLDER FILE...
    local from=$1
    shift
    local inc to
    local pattern='s/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p'
    for inc in $(sed -n "$pattern" "$@"); do
        to=$(target "$inc" "$from")
        [ -z "$to" ] || [ "$to" = "$from" ] || echo "$from $to" >>"$edges"
    done
}
for dir in src/*/; do
    folder=$(basename "$dir")
    files=$(ls "$dir"*.[ch] 2>/dev/null || true)
    [ -z "$files" ] || scan "$folder" $files
done
for h in include/hamm/*.h; do
    folder=$(owner "$(basename "$h")")
    scan "$folder" "$h"
done

sort -u "$edges" -o "$edges"
echo "folder -> folders it includes:"
awk '{ deps[$1] = deps[$1] " " $2 }
     END { for (f in deps) print "  " f ":" deps[f] }' "$edges" | sort
if ! tsort "$edges" >/dev/null 2>"$edges.err"; then
    echo "layering.sh: the folders include each other in a loop (tsort says):" >&2
    sed 's/^tsort: /  /' "$edges.err" >&2
    exit 1
fi
echo "no loop"
