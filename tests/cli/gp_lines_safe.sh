#!/usr/bin/env bash
# gp_lines_safe.sh DIR... - no line of a figure script hamm wrote into DIR can run text from
# an input: every line of every DIR/*.gp is empty, a line of a template in plots/ (copied
# verbatim), a `#` comment that does not end in a backslash (gnuplot would continue it onto
# the next line), `name = 'string'` (quotes doubled inside, closed on the line) or
# `name = number` with an optional comment.  Prints each other line; fails on any, and
# when DIR holds no script.
set -u
root=${HAMM_SOURCE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
scripts=0
bad=0
for dir in "$@"; do
    for gp in "$dir"/*.gp; do
        [ -f "$gp" ] || continue
        scripts=$((scripts + 1))
        cat "$root"/plots/*.gp | awk -v q="'" -v script="$gp" '
            NR == FNR { template[$0] = 1; next }
            BEGIN {
                string = "^[A-Za-z_][A-Za-z0-9_]* = " q "([^" q "]|" q q ")*" q "$"
                number = "^[A-Za-z_][A-Za-z0-9_]* = -?[0-9]+(\\.[0-9]+)?( +#.*)?$"
            }
            $0 in template || $0 == "" { next }
            /\\$/ { print script ":" FNR ": ends in a backslash: " $0; bad = 1; next }
            /^#/ || $0 ~ string || $0 ~ number { next }
            { print script ":" FNR ": " $0; bad = 1 }
            END { exit bad }' - "$gp" || bad=1
    done
done
if [ "$scripts" -eq 0 ]; then
    echo "gp_lines_safe.sh: no .gp script in $*"
    exit 1
fi
exit $bad
