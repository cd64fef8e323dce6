"""Mutate one point's result of a finished sweep, one field at a time, and check that
`hamm merge` refuses every mutation, naming the point's file and the field's JSON path.

Each field of the result (the first element of each array, the first system model of
summary.per_model; an entry's model_config as a whole) is in turn deleted, given a value
of another type, and, when it is a number, given one no result can hold (-1 for a count,
-1e308 for a real).  Then a few fields of the plan, which merge copies too.  usage:
mutate.py HAMM DIR, DIR a sweep's jobs directory whose jobs have all run."""
import copy
import json
import subprocess
import sys

hamm, jobs = sys.argv[1], sys.argv[2]
point = jobs + "/point-0001.json"
with open(point) as f:
    original = json.load(f)


def nodes(value, path, skip_children=False):
    """(path, parent, key) of every node below value, as the module docstring says."""
    if skip_children:
        return
    if isinstance(value, dict):
        keys = list(value)
        if path.endswith("summary.per_model"):
            keys = keys[:1]
        for k in keys:
            sub = f"{path}.{k}" if path else k
            yield sub, value, k
            yield from nodes(value[k], sub, k == "model_config")
    elif isinstance(value, list) and value:
        sub = f"{path}[0]"
        yield sub, value, 0
        yield from nodes(value[0], sub)


def mutations(value, is_member):
    if is_member:
        yield "deleted", None
    if isinstance(value, bool) or value is None:
        yield "retyped", "x" if isinstance(value, bool) else True
    elif isinstance(value, str):
        yield "retyped", 7
    elif isinstance(value, int):
        yield "retyped", "x"
        yield "out of range", -1
    elif isinstance(value, float):
        yield "retyped", "x"
        yield "out of range", -1e308
    else:
        yield "retyped", "x"


def refused(doc, path, name=point):
    with open(name, "w") as f:
        json.dump(doc, f)
    run = subprocess.run([hamm, "merge", jobs], capture_output=True, text=True)
    return run.returncode == 1 and f"{name}: {path}: " in run.stderr, run.stderr


tried, missed = 0, []
for path, _, _ in list(nodes(original, "")):
    doc = copy.deepcopy(original)
    # the same node in the copy
    target = None
    for p, parent, key in nodes(doc, ""):
        if p == path:
            target = (parent, key)
            break
    parent, key = target
    for what, new in list(mutations(parent[key], isinstance(parent, dict))):
        mutated = copy.deepcopy(doc)
        for p, par, k in nodes(mutated, ""):
            if p == path:
                if new is None and what == "deleted":
                    del par[k]
                else:
                    par[k] = new
                break
        tried += 1
        ok, said = refused(mutated, path)
        if not ok:
            missed.append(f"{path} {what}: {said.strip()}")
with open(point, "w") as f:
    json.dump(original, f)

plan_file = jobs + "/plan.json"
with open(plan_file) as f:
    plan = json.load(f)
for path, change in [("suite.name", lambda p: p["suite"].update(name=7)),
                     ("sets", lambda p: p.update(sets="x")),
                     ("grid[0].values[1]", lambda p: p["grid"][0].update(values=["8", 16])),
                     ("points[1].set", lambda p: p["points"][1].update(set=7)),
                     ("points[0].output", lambda p: p["points"][0].pop("output"))]:
    mutated = copy.deepcopy(plan)
    change(mutated)
    tried += 1
    ok, said = refused(mutated, path, plan_file)
    if not ok:
        missed.append(f"plan {path}: {said.strip()}")
with open(plan_file, "w") as f:
    json.dump(plan, f)
print(f"{tried} mutations", file=sys.stderr)
for m in missed:
    print("accepted or misnamed:", m, file=sys.stderr)
print("every mutation refused" if tried > 100 and not missed else f"{len(missed)} not refused")
