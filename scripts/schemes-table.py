#!/usr/bin/env python3
"""schemes-table.py - the tables of docs/BANKED.md, "Schemes in the DRAM address map".

    python3 scripts/schemes-table.py [HAMM]      (HAMM defaults to build/src/cli/hamm)

Runs `hamm validate models/suites/schemes.json` (measured and predicted DRAM efficiency
per entry) and, per entry, `hamm simulate --json` with the entry's model, sets and replay
(the engine's total cycles: a scheme that spreads a trace over more channels shortens the
run even where each channel's efficiency stays), then prints Markdown tables: per trace
and scheme, the engine's efficiency and its speed-up over the bit map, and the model's
error (the `average` heuristic, predicted - measured, pp); and per scheme the MAE of each
heuristic over the traces.
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUITE = os.path.join(ROOT, "models", "suites", "schemes.json")


def run(args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def cycles(hamm, entry):
    args = [hamm, "simulate", "--json", "-m", entry["model"]]
    for key, value in entry.get("set", {}).items():
        args += ["-s", "%s=%s" % (key, value)]
    args += ["--replay", entry.get("replay", "saturated")]
    args.append(os.path.join(os.path.dirname(SUITE), entry["trace"]))
    return json.loads(run(args))["total"]["measured"]["cycles"]


def split(name, schemes):
    for s in schemes:
        if name.endswith("-" + s):
            return name[: -len(s) - 1], s
    raise SystemExit("entry %s: no scheme suffix" % name)


def main():
    hamm = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build/src/cli/hamm")
    suite = json.load(open(SUITE))
    # scheme names are what follows the trace name; the first entry's trace is the first
    # trace, so the schemes are the suffixes of the entries sharing its trace
    first = suite["entries"][0]["trace"]
    schemes = [e["name"][len(os.path.basename(first).split(".")[0]) + 1:]
               for e in suite["entries"] if e["trace"] == first]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "v.json")
        run([hamm, "validate", SUITE, "-o", out])
        result = json.load(open(out))
    by_entry = {e["name"]: e for e in suite["entries"]}
    table, traces = {}, []
    for r in result["entries"]:
        trace, scheme = split(r["name"], schemes)
        if trace not in traces:
            traces.append(trace)
        table[(trace, scheme)] = (r, cycles(hamm, by_entry[r["name"]]))
    print("| trace | " + " | ".join(schemes) + " |")
    print("|---|" + "---|" * len(schemes))
    for t in traces:
        base = table[(t, schemes[0])][1]
        cells = []
        for s in schemes:
            r, c = table[(t, s)]
            cells.append("%.1f ×%.2g %+.1f" % (100 * r["measured"]["dram_efficiency"],
                                               base / c, r["error_pct"]["average"]))
        print("| %s | %s |" % (t, " | ".join(cells)))
    print()
    heur = result["heuristics"]
    print("| scheme | " + " | ".join(heur) + " |")
    print("|---|" + "---|" * len(heur))
    for s in schemes:
        errs = [table[(t, s)][0]["error_pct"] for t in traces]
        print("| %s | %s |" % (s, " | ".join(
            "%.2f" % (sum(abs(e[h]) for e in errs) / len(errs)) for h in heur)))


if __name__ == "__main__":
    main()
