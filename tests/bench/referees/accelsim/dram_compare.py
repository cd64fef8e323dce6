#!/usr/bin/env python3
"""dram_compare.py NAME ACCELSIM_LOG DIR [NAME LOG DIR ...] - GPGPU-Sim's per-channel DRAM
efficiency beside hamm's engine replaying GPGPU-Sim's own request stream (dram_replay.sh).

DIR holds, per channel N: chN.txt (the channel's requests, dramreq2trace.py), chN.sim.json
(`hamm simulate --replay timed --json`, bank groups as GPGPU-Sim's), chN.cmd (its command
log), chN.hi.json (the same replay with hamm's own high-bit bank groups) and chN.pred.json
(`hamm predict --json`), chN.predt.json (`hamm predict -R timed -H command-timed --json`); the last three may be absent.
Per channel it prints GPGPU-Sim's dram_eff (bwutil / n_activity,
from the log's DRAM[N] lines) beside: hamm's measured efficiency (busy / active, hamm's
definition); the same replay's efficiency under GPGPU-Sim's definition, computed here from
hamm's command log and the arrivals (gpgpusim_eff); the replay with hamm's bank groups; and
the model's locality-switch and command-timed predictions (command-timed also with the
arrival cycles).  Then the mean absolute error
and the largest error, in points, per workload and over all channels."""
import json
import os
import re
import sys


def accelsim_channels(path):
    """dram_eff of each DRAM[i] line of the log's last report."""
    text = open(path, errors="replace").read()
    eff = {}
    for m in re.finditer(r"DRAM\[(\d+)\]:.*?\nn_activity=(\d+) dram_eff=([-+0-9.eE]+|nan)", text,
                         re.S):
        eff[int(m.group(1))] = float(m.group(3))
    return [eff[c] for c in sorted(eff)]


def read_header(line):
    return {k: int(v) for k, v in (kv.split("=") for kv in line.lstrip("# ").split())}


def gpgpusim_eff(trace_lines, cmd_lines, burst_bytes=64):
    """hamm's replay measured as GPGPU-Sim measures: n_activity counts the cycles in which a
    bank holds a request not yet fully issued, or one of the timers CCD, RRD, RTW, WTR, RCD,
    RAS, RC, RP (and RCDWR) still runs; a timer set by a command at cycle t runs t .. t+N-1.
    Of those ACT's tRC covers RRD, RCD, RAS; a read's tRTW covers tCCD; a write's window is
    GPGPU-Sim's tWTR, WL + burst + CDLR; a precharge's tRP.  bwutil is BL / data_rate per RD or WR.  A request
takes one burst per `burst_bytes` (GTX480: 2 chips x 4 bytes x BL 8 = 64)."""
    h = read_header(cmd_lines[1])
    burst = h["BL"] // h["data_rate"]
    # GPGPU-Sim's WTR timer is WL + burst + CDLR (hamm's tWTR is CDLR)
    window = {"ACT": h["tRC"], "PRE": h["tRP"], "RD": max(h["tCCD"], h["tRTW"]),
              "WR": max(h["tCCD"], h["WL"] + burst + h["tWTR"]), "REF": h["tRFC"]}
    events = {}  # cycle -> [bursts arrived, columns issued, window end]
    for line in trace_lines:
        f = line.split()
        if not f or f[0].startswith("#"):
            continue
        ev = events.setdefault(int(f[3]), [0, 0, 0])
        ev[0] += max(1, -(-int(f[2]) // burst_bytes))
    columns = 0
    for line in cmd_lines[2:]:
        f = line.split()
        t = int(f[0])
        ev = events.setdefault(t, [0, 0, 0])
        if f[2] in ("RD", "WR"):
            ev[1] += 1
            columns += 1
        ev[2] = max(ev[2], t + window[f[2]])
    pending, until, active, last = 0, 0, 0, None
    for t in sorted(events):
        if last is not None and (pending > 0 or until > last + 1):
            # cycles last+1 .. t-1: nothing happens, so pending and the timers carry on
            active += (t - last - 1) if pending > 0 else min(t, until) - (last + 1)
        a, c, w = events[t]
        pending += a - c
        until = max(until, w)
        if pending > 0 or c or until > t:
            active += 1
        last = t
    if last is not None and pending <= 0 and until > last + 1:
        active += until - (last + 1)
    busy = columns * burst
    return busy / active if active else None


def channel0(path, part):
    """channel 0's `part` of a hamm JSON result; {} when the file is absent"""
    if not os.path.exists(path):
        return {}
    return json.load(open(path))["channels"][0][part]


def channel_row(d, c):
    """chN.sim.json, chN.txt and chN.cmd are required; the others may be absent (`-`)."""
    sim = json.load(open(f"{d}/ch{c}.sim.json"))["channels"][0]["measured"]
    hi = channel0(f"{d}/ch{c}.hi.json", "measured")
    pred = channel0(f"{d}/ch{c}.pred.json", "efficiency")
    timed = channel0(f"{d}/ch{c}.predt.json", "efficiency")
    g = gpgpusim_eff(open(f"{d}/ch{c}.txt").readlines(), open(f"{d}/ch{c}.cmd").readlines())
    return {"hamm": sim["dram_efficiency"], "gpgpusim_def": g,
            "hi": hi.get("dram_efficiency"), "ls": pred.get("locality-switch"),
            "ct": pred.get("command-timed"), "ctt": timed.get("command-timed")}


COLS = (("hamm", "hamm engine"), ("gpgpusim_def", "hamm engine, GPGPU-Sim's definition"),
        ("hi", "hamm engine, hamm's bank groups"), ("ls", "model locality-switch"),
        ("ct", "model command-timed"), ("ctt", "model command-timed, timed"))


def errors(pairs):
    """mean absolute error and largest absolute error, in points"""
    d = [abs(100 * (h - a)) for h, a in pairs if h is not None and a is not None]
    return (sum(d) / len(d), max(d)) if d else (None, None)


def pt(v):
    return "-" if v is None else f"{100 * v:.1f}"


def main(args):
    if len(args) % 3 or not args:
        raise SystemExit("usage: dram_compare.py NAME ACCELSIM_LOG DIR ...")
    print("| workload | ch | GPGPU-Sim dram_eff | " + " | ".join(l for _, l in COLS) + " |")
    print("|---" * (3 + len(COLS)) + "|")
    per = []
    for i in range(0, len(args), 3):
        name, log, d = args[i:i + 3]
        for c, a in enumerate(accelsim_channels(log)):
            r = channel_row(d, c)
            per.append((name, a, r))
            print(f"| {name} | {c} | {pt(a)} | " + " | ".join(pt(r[k]) for k, _ in COLS) + " |")
    print("\nError in points (mean absolute over a workload's channels / largest):\n")
    print("| workload | " + " | ".join(l for _, l in COLS) + " |")
    print("|---" * (1 + len(COLS)) + "|")
    names = list(dict.fromkeys(n for n, _, _ in per)) + ["all"]
    for n in names:
        rows = [(a, r) for m, a, r in per if n in ("all", m)]
        cells = []
        for k, _ in COLS:
            mae, mx = errors([(r[k], a) for a, r in rows])
            cells.append("-" if mae is None else f"{mae:.1f} / {mx:.1f}")
        print(f"| {n} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
