#!/usr/bin/env python3
"""compare.py [--times FILE] NAME ACCELSIM_LOG HAMM_JSON [NAME LOG JSON ...] - hamm's GPU
engine beside
Accel-Sim, one row a workload (run.sh's tables): Accel-Sim's figures are its own final
statistics (gpu_tot_sim_cycle, gpgpu_n_tot_w_icount, gpu_tot_sim_insn,
L1D_total_cache_miss_rate, L2_total_cache_miss_rate (per sector; hamm's too when its JSON has
the sector counts, for both caches), and per DRAM channel n_req, n_act,
n_activity and dram_eff from its DRAM[i] lines); hamm's come from `hamm simulate --json`
(schema hamm-gpu/1).  Prints Markdown: the totals, the channels, and the mean absolute
percentage error and Pearson correlation of each measure over the rows.  --times FILE
(lines `NAME ACCELSIM_SECONDS HAMM_SECONDS`, run.sh's wall-clock times) adds the speed:
each side's own simulated warp instructions and core cycles per second, and hamm's factor.
--summary FILE [--config NAME] writes the run in one JSON object for configs.sh's table:
cycles MAPE and largest error, L1D and L2 miss rates' largest difference in points, DRAM
requests' MAPE and largest error, and hamm's smallest and largest speed factor."""
import json
import math
import re
import sys

NUM = r"([-+0-9.eE]+|nan|-?inf)"


def last(pattern, text, conv=float):
    found = re.findall(pattern, text)
    return conv(found[-1]) if found else None


def accelsim(path):
    """The last value of each statistic (they accumulate over kernels); the DRAM lines of
    the last report, channel by channel."""
    text = open(path, errors="replace").read()
    if "GPGPU-Sim: *** exit detected ***" not in text and "gpu_tot_sim_cycle" not in text:
        raise SystemExit(f"{path}: no statistics (did Accel-Sim finish?)")
    chan = {}
    for m in re.finditer(r"DRAM\[(\d+)\]:.*?\n(n_cmd=.*?)\n(n_activity=.*?)\n", text, re.S):
        f = dict(kv.split("=") for kv in (m.group(2) + " " + m.group(3)).split())
        chan[int(m.group(1))] = {k: float(v) for k, v in f.items()}
    return {
        "cycles": last(r"gpu_tot_sim_cycle = (\d+)", text, int),
        "warp_insts": last(r"gpgpu_n_tot_w_icount = (\d+)", text, int),
        "thread_insts": last(r"gpu_tot_sim_insn = (\d+)", text, int),
        "l1_miss": last(r"L1D_total_cache_miss_rate = " + NUM, text),
        "l2_miss": last(r"L2_total_cache_miss_rate = " + NUM, text),
        "channels": [chan[c] for c in sorted(chan)],
    }


def ratio(a, b):
    return a / b if b else None


def miss_rate(caches):
    """Sector by sector, as GPGPU-Sim counts a sectored cache, L1D or L2 (each sector an
    access, a sector neither valid nor pending a miss), when hamm's JSON has the sector
    counts (for a cache without sectors they are its line counts); else hamm's own rate
    (line accesses that needed the level below)."""
    if caches and "sector_accesses" in caches[0]:
        return ratio(sum(c["missed_sectors"] for c in caches),
                     sum(c["sector_accesses"] for c in caches))
    return ratio(sum(c["misses"] for c in caches), sum(c["accesses"] for c in caches))


def hamm(path):
    g = json.load(open(path))
    l1 = [c["l1"] for c in g["cores"] if c.get("l1")]
    l2 = [c["l2"] for c in g["channels"] if c.get("l2")]
    return {
        "cycles": g["total"]["core_cycles"],
        "warp_insts": g["total"]["warp_instructions"],
        "thread_insts": g["total"]["thread_instructions"],
        "l1_miss": miss_rate(l1),
        "l2_miss": miss_rate(l2),
        "channels": g["channels"],
    }


def dram(side, which):
    """requests, efficiency (busy / active, over the channels), row locality (requests
    per activate); per channel when `which` is a channel number."""
    ch = side["channels"] if which is None else [side["channels"][which]]
    if "n_req" in ch[0]:  # Accel-Sim's counters
        req = sum(c["n_req"] for c in ch)
        busy = sum(c["dram_eff"] * c["n_activity"] for c in ch if c["n_activity"])
        active = sum(c["n_activity"] for c in ch)
        acts = sum(c["n_act"] for c in ch)
    else:
        req = sum(c["requests"] for c in ch)
        # per channel, efficiency = busy / active and utilization = busy / cycles
        busy = sum(c["utilization"] * c["dram_cycles"] for c in ch)
        active = sum(c["utilization"] * c["dram_cycles"] / c["dram_efficiency"]
                     for c in ch if c["dram_efficiency"])
        acts = sum(c["requests"] / c["row_locality"] for c in ch if c["row_locality"])
    return req, ratio(busy, active), ratio(req, acts)


def pct(h, a):
    if h is None or a is None or a == 0:
        return "-"
    return f"{100.0 * (h - a) / a:+.1f}%"


def fmt(v, digits=3):
    if v is None:
        return "-"
    return f"{v:.{digits}f}" if isinstance(v, float) else str(v)


def stats(pairs):
    pairs = [(h, a) for h, a in pairs if h is not None and a is not None and a != 0]
    if not pairs:
        return "-", "-"
    mape = 100.0 * sum(abs(h - a) / abs(a) for h, a in pairs) / len(pairs)
    n = len(pairs)
    if n < 3:
        return f"{mape:.1f}%", "-"
    mh = sum(h for h, _ in pairs) / n
    ma = sum(a for _, a in pairs) / n
    sh = math.sqrt(sum((h - mh) ** 2 for h, _ in pairs))
    sa = math.sqrt(sum((a - ma) ** 2 for _, a in pairs))
    r = sum((h - mh) * (a - ma) for h, a in pairs) / (sh * sa) if sh and sa else float("nan")
    return f"{mape:.1f}%", f"{r:.3f}"


def read_times(path):
    times = {}
    for line in open(path):
        f = line.split()
        if len(f) == 3 and not f[0].startswith("#"):
            times[f[0]] = (float(f[1]), float(f[2]))
    return times


def per_s(n, secs):
    return n / secs if n is not None and secs > 0 else None


def speed(rows, times):
    """Simulated warp instructions and core cycles per wall-clock second, each side's own."""
    print("\n| workload | Accel-Sim s | hamm s | warp insts/s hamm | Accel-Sim | x | "
          "cycles/s hamm | Accel-Sim | x |\n|---|---|---|---|---|---|---|---|---|")
    for name, a, h in rows:
        if name not in times:
            continue
        ta, th = times[name]
        wh, wa = per_s(h["warp_insts"], th), per_s(a["warp_insts"], ta)
        ch, ca = per_s(h["cycles"], th), per_s(a["cycles"], ta)
        print(f"| {name} | {ta:.2f} | {th:.3f} | {fmt(wh, 0)} | {fmt(wa, 0)} | "
              f"{fmt(ratio(wh, wa), 1)} | {fmt(ch, 0)} | {fmt(ca, 0)} | {fmt(ratio(ch, ca), 1)} |")


def summary(rows, times, config):
    """The bars of issue 30, over the rows: percentages, points and factors."""
    def errs(pairs):
        return [100.0 * (h - a) / a for h, a in pairs if h is not None and a]
    cyc = errs([(h["cycles"], a["cycles"]) for _, a, h in rows])
    req = errs([(dram(h, None)[0], dram(a, None)[0]) for _, a, h in rows])
    def points(k):
        d = [abs(h[k] - a[k]) * 100.0 for _, a, h in rows
             if h[k] is not None and a[k] is not None]
        return max(d) if d else None
    speeds = [ratio(per_s(h["warp_insts"], times[n][1]), per_s(a["warp_insts"], times[n][0]))
              for n, a, h in rows if times and n in times]
    speeds = [x for x in speeds if x is not None]
    return {"config": config, "workloads": len(rows),
            "cycles_mape": sum(map(abs, cyc)) / len(cyc) if cyc else None,
            "cycles_max": max(cyc, key=abs) if cyc else None,
            "l1_miss_max_points": points("l1_miss"), "l2_miss_max_points": points("l2_miss"),
            "dram_req_mape": sum(map(abs, req)) / len(req) if req else None,
            "dram_req_max": max(req, key=abs) if req else None,
            "speed_min": min(speeds) if speeds else None,
            "speed_max": max(speeds) if speeds else None}


def option(args, name):
    """(value of `name VALUE` in args or None, args without it)"""
    if name in args[:-1]:
        i = args.index(name)
        return args[i + 1], args[:i] + args[i + 2:]
    return None, args


def main(args):
    times = None
    if args[:1] == ["--times"] and len(args) > 1:
        times = read_times(args[1])
        args = args[2:]
    summary_path, args = option(args, "--summary")
    config, args = option(args, "--config")
    if len(args) % 3 or not args:
        raise SystemExit("usage: compare.py [--times FILE] NAME ACCELSIM_LOG HAMM_JSON ...")
    rows = [(args[i], accelsim(args[i + 1]), hamm(args[i + 2])) for i in range(0, len(args), 3)]
    measures = {k: [] for k in ("cycles", "warp_insts", "l1_miss", "l2_miss", "req", "eff",
                                "loc", "chan_eff")}
    print("| workload | cycles hamm | Accel-Sim | diff | warp insts hamm | Accel-Sim | "
          "L1D miss hamm | Accel-Sim | L2 miss hamm | Accel-Sim | DRAM req hamm | Accel-Sim | "
          "diff | DRAM eff hamm | Accel-Sim | row loc hamm | Accel-Sim |")
    print("|---" * 17 + "|")
    for name, a, h in rows:
        hr, he, hl = dram(h, None)
        ar, ae, al = dram(a, None)
        for k in ("cycles", "warp_insts", "l1_miss", "l2_miss"):
            measures[k].append((h[k], a[k]))
        measures["req"].append((hr, ar))
        measures["eff"].append((he, ae))
        measures["loc"].append((hl, al))
        print(f"| {name} | {h['cycles']} | {a['cycles']} | {pct(h['cycles'], a['cycles'])} | "
              f"{h['warp_insts']} | {a['warp_insts']} | {fmt(h['l1_miss'])} | "
              f"{fmt(a['l1_miss'])} | {fmt(h['l2_miss'])} | {fmt(a['l2_miss'])} | {hr} | "
              f"{int(ar)} | {pct(hr, ar)} | {fmt(he)} | {fmt(ae)} | {fmt(hl, 2)} | "
              f"{fmt(al, 2)} |")
    print("\nDRAM efficiency per channel (hamm / Accel-Sim):\n")
    nch = max(len(a["channels"]) for _, a, _ in rows)
    print("| workload |" + "".join(f" ch{c} |" for c in range(nch)))
    print("|---" * (nch + 1) + "|")
    for name, a, h in rows:
        cells = []
        for c in range(min(len(a["channels"]), len(h["channels"]))):
            he, ae = dram(h, c)[1], dram(a, c)[1]
            measures["chan_eff"].append((he, ae))
            cells.append(f" {fmt(he)} / {fmt(ae)} |")
        print(f"| {name} |" + "".join(cells))
    print("\n| measure | MAPE (hamm vs Accel-Sim) | correlation |\n|---|---|---|")
    names = {"cycles": "core cycles", "warp_insts": "warp instructions",
             "l1_miss": "L1D miss rate", "l2_miss": "L2 miss rate", "req": "DRAM requests",
             "eff": "DRAM efficiency", "loc": "row locality (requests per activate)",
             "chan_eff": "DRAM efficiency per channel"}
    for k, label in names.items():
        mape, r = stats(measures[k])
        print(f"| {label} | {mape} | {r} |")
    if times is not None:
        speed(rows, times)
    if summary_path:
        with open(summary_path, "w") as f:
            json.dump(summary(rows, times, config), f)


if __name__ == "__main__":
    main(sys.argv[1:])
