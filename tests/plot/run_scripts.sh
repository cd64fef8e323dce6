#!/usr/bin/env bash
# run_scripts.sh HAMM - every figure script hamm plot writes runs through gnuplot, in its
# directory, with exit status 0 and nothing printed (no warning); the images appear and
# the report page loads nothing from elsewhere.  Skipped (77) without gnuplot.
set -u
HAMM=$1
root=${HAMM_SOURCE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
command -v gnuplot >/dev/null 2>&1 || { echo "gnuplot not installed: skipped"; exit 77; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$root" || exit 1
fail=0
inputs=(tests/data/plot/*.json)
for cmd in predict simulate stats; do
    "$HAMM" "$cmd" --json traces/sample/vectoradd.bin.zst >"$TMP/$cmd.json" || exit 1
    inputs+=("$TMP/$cmd.json")
done
# an MWP/CWP curve crossing from the memory to the compute case and back, with E
"$HAMM" mwp --machine paper-example models/mwp/kernels/paper-example.json --json \
    --sweep comp_insts=0:2000:100 --dram-efficiency 0.5 >"$TMP/mwp-sweep.json" || exit 1
inputs+=("$TMP/mwp-sweep.json")
for json in "${inputs[@]}"; do
    out="$TMP/out-$(basename "$json" .json)"
    # data and scripts only; then run each script the way a user would
    if ! "$HAMM" plot --no-render "$json" -o "$out" 2>"$TMP/err"; then
        echo "hamm plot $json failed: $(cat "$TMP/err")"
        fail=1
        continue
    fi
    for gp in "$out"/*.gp; do
        name=$(basename "$gp" .gp)
        said=$(cd "$out" && gnuplot "$name.gp" 2>&1)
        status=$?
        if [ $status -ne 0 ] || [ -n "$said" ]; then
            echo "gnuplot $name.gp: status $status, said: $said"
            fail=1
        fi
        for ext in png svg; do
            [ -s "$out/$name.$ext" ] || { echo "$name.$ext missing"; fail=1; }
        done
    done
    # rendered by hamm itself: the page shows the SVGs inline and loads nothing
    "$HAMM" plot "$json" -o "$out-r" 2>"$TMP/err" || { echo "render $json: $(cat "$TMP/err")"; fail=1; }
    grep -q "<svg" "$out-r/index.html" || { echo "$out-r/index.html: no inline SVG"; fail=1; }
    if grep -n -E 'https?:|//|<script|<link|src=|@import' "$out-r/index.html" | head -3 | grep .; then
        echo "$out-r/index.html refers to something outside itself"
        fail=1
    fi
done
exit $fail
