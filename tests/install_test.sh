#!/usr/bin/env bash
# install_test.sh MESON BUILD_ROOT SOURCE_ROOT - install into a scratch directory
# (meson install --destdir) and run the installed hamm there: it finds its models by name
# relative to itself (also after the installed tree is moved), then HAMM_MODEL_PATH and
# --model-path in their order, and never the source tree's models.
set -u
meson=$1 build=$2 src=$3
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
fail() { echo "install_test: $*"; exit 1; }

"$meson" install -C "$build" --destdir "$D/root" --no-rebuild --quiet >"$D/install.log" 2>&1 ||
    { cat "$D/install.log"; fail "meson install failed"; }
hamm=$(find "$D/root" -path '*/bin/hamm' -type f | head -1)
[ -n "$hamm" ] || fail "no bin/hamm installed"
lib=$(find "$D/root" -name 'libhamm.so*' | head -1)
[ -n "$lib" ] || fail "no libhamm.so installed"
prefix=$(dirname "$(dirname "$hamm")")
[ -f "$prefix/share/hamm/models/system/gtx480.json" ] || fail "no models under $prefix/share"
[ -z "$(find "$D/root" -name 'hamm-data.path')" ] || fail "the build tree's pointer file was installed"
export LD_LIBRARY_PATH=$(dirname "$lib")
unset HAMM_MODEL_PATH
cp "$src/traces/sample/vectoradd.bin.zst" "$D/t.bin.zst"
cd "$D" || exit 1

# model_file of `hamm stats --json` run with the given hamm and arguments
model_file() {
    local h=$1
    shift
    "$h" stats --json "$@" t.bin.zst >out.json 2>err.txt || { cat err.txt; return 1; }
    python3 -c "import json,sys; print(json.load(open('out.json'))['input']['model_file'])"
}

got=$(model_file "$hamm" -m gtx480) || fail "installed hamm cannot load gtx480 by name"
[ "$got" = "$prefix/share/hamm/models/system/gtx480.json" ] || fail "gtx480 came from $got"
got=$(model_file "$hamm") || fail "installed hamm cannot load its default model"
[ "$got" = "$prefix/share/hamm/models/system/yuan09-baseline.json" ] || fail "default from $got"

# relocatable: move the whole installed tree
mv "$prefix" "$D/moved"
got=$(model_file "$D/moved/bin/hamm" -m hbm2-4stack) || fail "moved hamm cannot load hbm2-4stack"
[ "$got" = "$D/moved/share/hamm/models/system/hbm2-4stack.json" ] || fail "moved: $got"

# HAMM_MODEL_PATH and --model-path come first, in that order: --model-path, then the variable
mkdir -p a/system b/system
cp "$D/moved/share/hamm/models/system/yuan09-baseline.json" a/system/mine.json
cp "$D/moved/share/hamm/models/system/yuan09-baseline.json" b/system/mine.json
ln -s "$D/moved/share/hamm/models/dram" a/dram
ln -s "$D/moved/share/hamm/models/dram" b/dram
got=$(HAMM_MODEL_PATH="$D/nowhere::$D/a" model_file "$D/moved/bin/hamm" -m mine) ||
    fail "HAMM_MODEL_PATH not searched"
[ "$got" = "$D/a/system/mine.json" ] || fail "HAMM_MODEL_PATH gave $got"
got=$(HAMM_MODEL_PATH="$D/a" model_file "$D/moved/bin/hamm" --model-path "$D/b" -m mine) ||
    fail "--model-path not searched"
[ "$got" = "$D/b/system/mine.json" ] || fail "--model-path gave $got"

# without its installed models it finds none: no source-tree fallback
rm -rf "$D/moved/share/hamm/models"
if "$D/moved/bin/hamm" stats -m gtx480 t.bin.zst >out.txt 2>err.txt; then
    fail "found gtx480 with no installed models: $(cat out.txt)"
fi
grep -q "no model of that name" err.txt || fail "unexpected error: $(cat err.txt)"
grep -qF "$src" err.txt && fail "the error names the source tree: $(cat err.txt)"
echo "ok"
