#!/bin/sh
# make_corpus.sh - rebuild the seed corpora under tests/fuzz/corpus/ from the test data,
# the models and a few made-up cases.  Usage: tests/fuzz/make_corpus.sh BUILD_DIR
# (a configured and built directory: its hamm writes the binary and compressed seeds and
# the JSON results).  Needs xz and jq.  Files named crash-* or regress-* (inputs the
# fuzzers found) are kept.
set -eu
cd "$(dirname "$0")/../.."
hamm="$1/src/cli/hamm"
[ -x "$hamm" ] || { echo "make_corpus.sh: no $hamm; build first" >&2; exit 2; }
t=tests/fuzz/corpus/trace
c=tests/fuzz/corpus/config
mkdir -p "$t" "$c"
find "$t" "$c" -type f ! -name 'crash-*' ! -name 'regress-*' -exec rm -f {} +
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ---- traces: the data-driven cases, as they are ----
for d in tests/data/trace/valid/* tests/data/trace/invalid/*; do
    kind=$(basename "$(dirname "$d")")
    cp "$d/input" "$t/$kind-$(basename "$d")"
done

# ---- native text, binary and compressed ----
cat > "$tmp/native.txt" <<'EOF'
# a native text trace: every optional field, comments, CRLF
R 0x1000
w 2040 128
W 0xFFFFFFFFFFFFFFC0 64 77

R 0x40 32 - 3 9
R 0x80 64 5 - 2
W 0x7fff0000 4096 6 65535 65535
EOF
cp "$tmp/native.txt" "$t/text-all-fields"
printf 'R 0x10\nX 0x20\nW 0x30\nR zz\n' > "$t/text-bad-lines"
printf 'R 0x10 0\n' > "$t/text-size-zero"
printf 'R 0x10000000000000000\n' > "$t/text-overflow"
printf '' > "$t/empty"
printf '# only a comment\n\n' > "$t/no-requests"
"$hamm" convert --to binary "$tmp/native.txt" -o "$t/binary"
"$hamm" convert --to binary -z zstd "$tmp/native.txt" -o "$t/binary.zst"
"$hamm" convert --to text -z gzip "$tmp/native.txt" -o "$t/text.gz"
"$hamm" convert --to text "$tmp/native.txt" | xz -c > "$t/text.xz"
cat "$t/binary.zst" "$t/binary.zst" > "$t/binary-two-frames.zst"
head -c 30 "$t/binary.zst" > "$t/binary-truncated.zst"
head -c 20 "$t/text.gz" > "$t/text-truncated.gz"
head -c 40 "$t/binary" > "$t/binary-truncated-record"
# version 2 in the header; then reserved bits set in the first record's meta word
{ head -c 8 "$t/binary"; printf '\002'; tail -c +10 "$t/binary"; } > "$t/binary-bad-version"
{ head -c 35 "$t/binary"; printf '\377'; tail -c +37 "$t/binary"; } > "$t/binary-reserved-bits"
printf 'R 0x1000 64 1\nW 0x2040 64 2\nR 0x7fffffc0 64 9\n' > "$tmp/simple.txt"
for f in dramsim3 ramulator ramulator2 usimm; do
    "$hamm" convert --to "$f" "$tmp/simple.txt" -o "$t/$f-converted"
done

# ---- explicit formats: the first byte picks format and options (fuzz_trace.c) ----
# format numbers: 1 text, 2 binary, 3 dramsim3, 4 dramsim2, 5 ramulator, 6 ramulator2,
# 7 ramulator-cpu, 8 nvbit, 9 accelsim, 10 usimm; +16 skip_bad, +32/64/96 request size 32/128/48,
# +128 read ahead.
sel() { printf "\\$(printf '%03o' "$1")"; cat "$2"; }
sel 1 "$tmp/native.txt" > "$t/x-text"
sel 145 "$t/text-bad-lines" > "$t/x-text-skip-bad-ahead"
sel 130 "$t/binary.zst" > "$t/x-binary-zst-ahead"
sel 2 "$t/binary-reserved-bits" > "$t/x-binary-reserved"
sel 3 tests/data/trace/valid/dramsim3-no-final-newline/input > "$t/x-dramsim3"
sel 4 tests/data/trace/valid/dramsim2-k6/input > "$t/x-dramsim2"
sel 5 tests/data/trace/valid/ramulator-upper-hex/input > "$t/x-ramulator"
sel 6 tests/data/trace/valid/ramulator2-decimal/input > "$t/x-ramulator2"
sel 7 tests/data/trace/valid/ramulator-cpu-writebacks/input > "$t/x-ramulator-cpu"
sel 136 tests/data/trace/valid/nvbit-interleaved-launches/input > "$t/x-nvbit-ahead"
sel 40 tests/data/trace/valid/nvbit-interleaved-launches/input > "$t/x-nvbit-32"
sel 9 tests/data/trace/valid/accelsim-list-and-deltas/input > "$t/x-accelsim"
sel 105 tests/data/trace/valid/accelsim-list-and-deltas/input > "$t/x-accelsim-48"
sel 10 tests/data/trace/valid/usimm-msc/input > "$t/x-usimm"
sel 0 "$t/text.xz" > "$t/x-auto-xz"

# ---- models: the shipped systems, and the data-driven cases with their DRAM inline ----
for f in models/system/*.json; do cp "$f" "$c/system-$(basename "$f" .json)"; done
for f in models/dram/*.json; do cp "$f" "$c/dram-$(basename "$f" .json)"; done
for d in tests/data/config/valid/* tests/data/config/invalid/*; do
    out="$c/$(basename "$(dirname "$d")")-$(basename "$d")"
    if [ -f "$d/dram.json" ] && grep -q '"dram": "dram.json"' "$d/system.json"; then
        # inline the case's own DRAM file (a broken one stays broken)
        awk -v dram="$d/dram.json" '
            i = index($0, "\"dram.json\"") {
                printf "%s", substr($0, 1, i - 1)
                while ((getline l < dram) > 0) print l
                print substr($0, i + 11); next }
            { print }' "$d/system.json" > "$out"
    else
        sed 's#"\(\.\./\)*models/dram/#"../dram/#' "$d/system.json" > "$out"
    fi
    if [ -f "$d/sets" ]; then
        while IFS= read -r s; do printf '\000%s' "$s"; done < "$d/sets" >> "$out"
    fi
done
printf '\000queue_size=16\000dram.timing.tRCD=14\000scheduler=most-pending\000cores=16' |
    cat models/system/yuan09-baseline.json - > "$c/sets-several"
# ---- plot: hamm's JSON results, and the same with names that try to end a line ----
p=tests/fuzz/corpus/plot
mkdir -p "$p"
find "$p" -type f ! -name 'crash-*' ! -name 'regress-*' -exec rm -f {} +
vec=traces/sample/vectoradd.bin.zst
"$hamm" validate --json tests/data/validate/tiny.json | jq -c . > "$p/validate"
"$hamm" validate --json tests/data/validate/mwp.json | jq -c . > "$p/validate-mwp"
"$hamm" sweep --json tests/data/validate/single.json --grid queue_size=8,32 | jq -c . > "$p/sweep"
"$hamm" mwp --machine paper-example models/mwp/kernels/paper-example.json --json \
    --sweep comp_insts=0:2000:500 --dram-efficiency 0.5 | jq -c . > "$p/mwp-sweep"
"$hamm" stats --conflicts low-order --conflicts prime --modules 4 --strides 8 \
    -o "$tmp/conflicts.json" "$vec"
jq -c . "$tmp/conflicts.json" > "$p/conflicts"
for cmd in predict simulate stats; do
    "$hamm" "$cmd" --json "$vec" 2>/dev/null | jq -c . > "$p/$cmd"
done
for d in bars lines; do jq -c . "tests/data/experiment/doc-$d.json" > "$p/experiment-$d"; done
bad=$(printf 'x\nsystem("touch X")\n%s#/../../y\\' "'")
jq -c --arg b "$bad" '.name = $b | .caption = $b | .ylabel = $b | .x.label = $b
    | .configurations[0].label = $b | .points[].workloads[0].name = $b | .points[0].x = $b' \
    "$p/experiment-lines" > "$p/hostile-experiment"
jq -c --arg b "$bad" '(.. | objects | select(has("name")) | .name) |= $b
    | .heuristics[0] as $h | .heuristics[0] = $b
    | walk(if type == "object" and has($h) then .[$b] = .[$h] | del(.[$h]) else . end)' \
    "$p/validate-mwp" > "$p/hostile-validate"
jq -c --arg b "$bad" '.grid[0].key = $b | .points[].set[$b] = $b' "$p/sweep" > "$p/hostile-sweep"
jq -c --arg b "$bad" '.analyses[].scheme = $b | .input.path = $b' "$p/conflicts" \
    > "$p/hostile-conflicts"
jq -c --arg b "$bad" '.kernel.name = $b | .machine.name = $b | .parameter.name = $b
    | .parameter.unit = $b' "$p/mwp-sweep" > "$p/hostile-mwp-sweep"

ls "$t" | wc -l | sed 's/^/trace seeds: /'
ls "$c" | wc -l | sed 's/^/config seeds: /'
ls "$p" | wc -l | sed 's/^/plot seeds: /'
