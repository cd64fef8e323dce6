#!/usr/bin/env python3
"""validate_gpu_check.py HAMM SUITE - each "workload" entry of SUITE, checked through the
other commands: its measured per-channel efficiency (and their mean) equals what
`hamm simulate --workload` reports for the same workload and model, the requests the
model saw equal the GPU's DRAM requests, and its predictions equal `hamm predict` on the
tap `hamm simulate --tap FILE` writes."""
import json
import os
import subprocess
import sys
import tempfile


def run_json(*args):
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def close(a, b):
    return abs(a - b) <= 1e-9


def check_entry(hamm, suite, entry, tmp):
    workload = os.path.join(os.path.dirname(suite), entry["trace"])
    tap = os.path.join(tmp, entry["name"] + ".bin.zst")
    gpu = run_json(hamm, "simulate", "-m", entry["model"], "--workload", workload, "--tap", tap,
                   "--json")
    bad = []
    gpu_ch = [c for c in gpu["channels"] if c["requests"] > 0]
    if entry["requests"] != sum(c["requests"] for c in gpu["channels"]):
        bad.append("requests %d, the GPU's DRAM had %d"
                   % (entry["requests"], sum(c["requests"] for c in gpu["channels"])))
    if [c["channel"] for c in entry["channels"]] != [c["channel"] for c in gpu_ch]:
        bad.append("channels differ")
    for v, g in zip(entry["channels"], gpu_ch):
        if v["requests"] != g["requests"] or not close(v["measured_dram_efficiency"],
                                                      g["dram_efficiency"]):
            bad.append("channel %d: %r vs %r" % (g["channel"], v, g))
    mean = sum(c["dram_efficiency"] for c in gpu_ch) / len(gpu_ch)
    if not close(entry["measured"]["dram_efficiency"], mean):
        bad.append("mean efficiency %r, simulate's channels %r"
                   % (entry["measured"]["dram_efficiency"], mean))
    pred = run_json(hamm, "predict", "-m", entry["model"], "--json", tap)
    want = pred["total"]["efficiency_channel_mean"]
    for h, v in entry["predicted"].items():
        if not close(v, want[h]):
            bad.append("predicted %s %r, hamm predict on the tap %r" % (h, v, want[h]))
    return bad


def main():
    hamm, suite = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        res = run_json(hamm, "validate", "--json", suite)
        failed = 0
        for entry in res["entries"]:
            if entry["format"] != "workload":
                continue
            for why in check_entry(hamm, suite, entry, tmp):
                print("%s: %s" % (entry["name"], why))
                failed = 1
            print("%s: %d requests checked" % (entry["name"], entry["requests"]))
    return failed


if __name__ == "__main__":
    sys.exit(main())
