#!/usr/bin/env python3
"""experiment_check.py HAMM SUITE - every experiment of SUITE, checked by other means:
`hamm report SUITE` writes experiment-NAME.json; for every x value, workload and
configuration this script merges the configuration's GPU overlay into the GPU model
itself, runs `hamm simulate --workload W --gpu MERGED --json` with the configuration's and
the x axis' --set, reads the measure, and computes the normalised values and the means
over the workloads (harmonic, geometric, arithmetic) itself; they must equal the
report's.  Prints how many experiments and runs it checked."""
import json
import math
import os
import subprocess
import sys
import tempfile


def merge(base, over):
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(base.get(k), dict):
            merge(base[k], v)
        else:
            base[k] = v


def gpu_model(root, exp):
    """The GPU model file: the experiment's, else the one its system model names."""
    if "gpu" in exp:
        return os.path.join(root, "models", "gpu", exp["gpu"] + ".json")
    system = os.path.join(root, "models", "system", exp["model"] + ".json")
    with open(system) as f:
        return os.path.join(os.path.dirname(system), json.load(f)["gpu"])


def measure(hamm, exp, gpu_file, workload, sets):
    args = [hamm, "simulate", "-m", exp["model"], "--gpu", gpu_file, "--workload", workload,
            "--json"]
    for s in sets:
        args += ["-s", s]
    doc = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    for key in exp.get("measure", "total.ipc").split("."):
        doc = doc[key]
    return doc


def mean(kind, values):
    if kind == "harmonic":
        return len(values) / sum(1 / v for v in values)
    if kind == "geometric":
        return math.exp(sum(math.log(v) for v in values) / len(values))
    return sum(values) / len(values)


def close(a, b):
    return abs(a - b) <= 1e-9 * max(1.0, abs(b))


def check(hamm, suite_dir, exp, doc, tmp):
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    base_file = gpu_model(root, exp)
    files = []
    for i, c in enumerate(exp["configurations"]):
        with open(base_file) as f:
            m = json.load(f)
        merge(m, c.get("gpu", {}))
        files.append(os.path.join(tmp, "gpu-%d.json" % i))
        with open(files[-1], "w") as f:
            json.dump(m, f)
    labels = [c["label"] for c in exp["configurations"]]
    ref = labels.index(exp["normalise"]) if "normalise" in exp else None
    xs = [str(v) for v in exp["x"]["values"]] if "x" in exp else [None]
    bad, runs = [], 0
    for k, x in enumerate(xs):
        point = doc["points"][k]
        norm = []
        for w, wl in enumerate(exp["workloads"]):
            path = os.path.join(suite_dir, wl)
            vals = []
            for i, c in enumerate(exp["configurations"]):
                sets = ["%s=%s" % kv for kv in c.get("set", {}).items()]
                if x is not None:
                    sets.append("%s=%s" % (exp["x"]["key"], x))
                vals.append(measure(hamm, exp, files[i], path, sets))
                runs += 1
            got = point["workloads"][w]
            n = [v / vals[ref] for v in vals] if ref is not None else vals
            norm.append(n)
            for i in range(len(vals)):
                if not close(got["values"][i], vals[i]) or \
                   (ref is not None and not close(got["normalised"][i], n[i])):
                    bad.append("%s x=%s %s %s: %s, simulate gives %s (normalised %s)" % (
                        exp["name"], x, wl, labels[i], got["values"][i], vals[i], n[i]))
        for i in range(len(labels)):
            m = mean(exp.get("mean", "harmonic"), [row[i] for row in norm])
            if not close(point["mean"][i], m):
                bad.append("%s x=%s mean %s: %s, expected %s" % (exp["name"], x, labels[i],
                                                                 point["mean"][i], m))
    return bad, runs


def main():
    hamm, suite = sys.argv[1], sys.argv[2]
    with open(suite) as f:
        spec = json.load(f)
    bad, runs = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "report")
        subprocess.run([hamm, "report", "--no-render", suite, "-o", out], check=True,
                       capture_output=True)
        for exp in spec["experiments"]:
            with open(os.path.join(out, "experiment-%s.json" % exp["name"])) as f:
                doc = json.load(f)
            if doc["schema"] != "hamm-experiment/1":
                bad.append("%s: schema %s" % (exp["name"], doc["schema"]))
            b, n = check(hamm, os.path.dirname(suite), exp, doc, tmp)
            bad += b
            runs += n
    for b in bad:
        print(b, file=sys.stderr)
    print("checked %d experiments, %d runs" % (len(spec["experiments"]), runs))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
