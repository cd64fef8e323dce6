#!/usr/bin/env bash
# import-field-models.sh [HAMM] [DIR] - the bundled models of the GPUs the field simulates
# today, made by `hamm import-gpgpusim` from GPGPU-Sim's tested configurations
# (tests/data/gpgpusim/tested: option values, with Accel-Sim's trace.config): qv100
# (SM7_QV100), rtx3070 (SM86_RTX3070) and h100 (SM90_H100, the h100-test branches), each
# a system, DRAM and GPU model in DIR (default models/), so `-m qv100` works out of the
# box.  Each model's notes name the configuration and its commits (`source`).  The CLI
# case field-models-current checks that models/ holds what this makes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
hamm=${1:-$root/build/src/cli/hamm}
out=${2:-$root/models}
cd "$root"
for pair in SM7_QV100:qv100 SM86_RTX3070:rtx3070 SM90_H100:h100; do
    config=${pair%%:*} name=${pair#*:}
    src=tests/data/gpgpusim/tested/$config.config
    "$hamm" import-gpgpusim "$src" -o "$out" --name "$name" 2>/dev/null >/dev/null
    # the configuration's provenance: the header of the test data file, as one note
    python3 - "$src" "$out" "$name" <<'PY'
import json, sys
src, out, name = sys.argv[1:4]
head = []
for line in open(src):
    if not line.startswith('#'):
        break
    head.append(line[1:].strip())
source = ' '.join(head).split(' written out')[0].rstrip(',').replace('Test data: the', 'The')
for kind in ('gpu', 'dram', 'system'):
    path = f'{out}/{kind}/{name}.json'
    m = json.load(open(path))
    m.setdefault('notes', {})['source'] = source
    with open(path, 'w') as f:
        json.dump(m, f, indent=2)
        f.write('\n')
PY
done
