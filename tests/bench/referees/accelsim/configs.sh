#!/usr/bin/env bash
# configs.sh ACCELSIM_BUILD [CONFIG...] - run.sh on each GPGPU-Sim configuration, then one
# table: per configuration the bars of issue 30 (cycles MAPE and largest error over the
# workloads, the L1D and L2 miss rates' largest difference in points, DRAM requests' MAPE
# and largest error, hamm's speed factor over Accel-Sim).  Not run in CI.
#
# CONFIG names a directory of ACCELSIM_BUILD/configs (default: SM2_GTX480 SM7_QV100
# SM86_RTX3070 SM90_H100, the four build.sh prepares); one that is missing is made from
# the build's own GPGPU-Sim and Accel-Sim trees (configs/tested-cfgs/CONFIG: gpgpusim.config,
# its interconnect file and Accel-Sim's trace.config, with what build.sh adds to QV100 and
# GTX480 where the configuration lacks it: a UDP unit, generic operand collectors).  WORKLOADS="a b ..." narrows
# run.sh's list; BENCH_DIR keeps each run in BENCH_DIR/CONFIG; SPEED_RUNS and
# ACCELSIM_TIMEOUT pass to run.sh.  Per-configuration tables: BENCH_DIR/CONFIG.md; a
# configuration whose run fails is said so on standard error and in the table.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 ACCELSIM_BUILD [CONFIG...]" >&2; exit 2; }
asim_build=$(cd "$1" && pwd)
shift
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../common.sh"
configs=("$@")
[ ${#configs[@]} -gt 0 ] || configs=(SM2_GTX480 SM7_QV100 SM86_RTX3070 SM90_H100)
gsim=$asim_build/accel-sim-framework/gpu-simulator/gpgpu-sim/configs/tested-cfgs
asim_cfgs=$asim_build/accel-sim-framework/gpu-simulator/configs/tested-cfgs
read -r -a workloads <<<"${WORKLOADS:-}"
out=${BENCH_DIR:-$work}
for c in "${configs[@]}"; do
    d=$asim_build/configs/$c
    if [ ! -f "$d/gpgpusim.config" ]; then
        [ -f "$gsim/$c/gpgpusim.config" ] && [ -f "$asim_cfgs/$c/trace.config" ] ||
            { echo "configs.sh: no $c in $gsim or $asim_cfgs" >&2; exit 1; }
        mkdir -p "$d"
        cp "$gsim/$c/gpgpusim.config" "$gsim/$c"/*.icnt "$asim_cfgs/$c/trace.config" "$d/"
        # what build.sh adds to QV100 and GTX480: the uniform-datapath unit that sm_80+
        # recordings (vectorAdd's ULDC, ...) need, and generic operand collectors for the
        # specialized units where the configuration has none (else Accel-Sim aborts or
        # deadlocks at the first such instruction)
        grep -q '^-specialized_unit_4' "$d/trace.config" ||
            printf '%s\n' '' '# configs.sh: the uniform-datapath unit, as build.sh adds it to QV100' \
                '-specialized_unit_4 1,4,4,4,4,UDP' \
                '-trace_opcode_latency_initiation_spec_op_4 4,1' >>"$d/trace.config"
        grep -q '^-gpgpu_operand_collector_num_units_gen' "$d/gpgpusim.config" ||
            printf '%s\n' '' '# configs.sh: generic operand collectors, as build.sh adds them to GTX480' \
                '-gpgpu_operand_collector_num_units_gen 8' \
                '-gpgpu_operand_collector_num_in_ports_gen 8' \
                '-gpgpu_operand_collector_num_out_ports_gen 8' >>"$d/trace.config"
    fi
    mkdir -p "$out/$c"
    echo "configs.sh: $c" >&2
    # one configuration that fails (Accel-Sim refusing a trace, say) does not stop the rest
    BENCH_DIR=$out/$c CONFIG=$c SUMMARY=$out/$c.summary.json \
        "$here/run.sh" "$asim_build" "${workloads[@]}" >"$out/$c.md" ||
        echo "configs.sh: $c failed (its log: $out/$c)" >&2
done
python3 - "$out" "${configs[@]}" <<'PY'
import json, sys
out, configs = sys.argv[1], sys.argv[2:]
f = lambda v, fmt: '-' if v is None else format(v, fmt)
print('| config | workloads | cycles MAPE | largest | L1D miss max (points) | L2 miss max '
      '(points) | DRAM requests MAPE | largest | hamm x Accel-Sim (min to max) |')
print('|---' * 9 + '|')
for c in configs:
    try:
        s = json.load(open(f'{out}/{c}.summary.json'))
    except OSError:
        print(f'| {c} | failed |' + ' |' * 7)
        continue
    print(f"| {c} | {s['workloads']} | {f(s['cycles_mape'], '.1f')}% | "
          f"{f(s['cycles_max'], '+.1f')}% | {f(s['l1_miss_max_points'], '.1f')} | "
          f"{f(s['l2_miss_max_points'], '.1f')} | {f(s['dram_req_mape'], '.1f')}% | "
          f"{f(s['dram_req_max'], '+.1f')}% | {f(s['speed_min'], '.1f')} to "
          f"{f(s['speed_max'], '.1f')} |")
PY
