#!/usr/bin/env python3
"""icnt-topology-table.py DAT OUTDIR - the tables of scripts/icnt-topology.sh: harmonic
mean IPC per network and scheduler, its share of the same network's FR-FCFS, HMHG4's
speed-up over BFIFO, and the row locality preserved (after / before the network)."""
import sys

rows = [l.split() for l in open(sys.argv[1]) if not l.startswith("#")]
names = ["FIFO", "BFIFO", "BFIFO+HG", "BFIFO+HMHG4", "FR-FCFS"]
nets = []
for r in rows:
    if r[0] not in nets:
        nets.append(r[0])
works = sorted({r[1] for r in rows})
ipc = {(r[0], r[1], r[2]): float(r[3]) for r in rows}
pres = {(r[0], r[1], r[2]): float(r[6]) / float(r[5]) for r in rows}
eff = {(r[0], r[1], r[2]): float(r[4]) for r in rows}


def hmean(v):
    return len(v) / sum(1.0 / x for x in v)


def have(net, n):
    return all((net, w, n) in ipc for w in works)


def hm(net, n):
    return hmean([ipc[net, w, n] for w in works])


def share(net, n):
    return hmean([ipc[net, w, n] / ipc[net, w, "FR-FCFS"] for w in works])


main = [n for n in nets if have(n, "FIFO")]
with open(sys.argv[2] + "/icnt-topology-hm.dat", "w") as f:
    f.write("network " + " ".join(names) + "\n")
    for net in main:
        f.write(net + " " + " ".join("%.3f" % hm(net, n) for n in names) + "\n")
print("Harmonic-mean IPC, its ratio to the same network's FR-FCFS harmonic mean (the bars of"
      " the thesis' Figure 6.21), and in brackets the harmonic mean of each workload's IPC"
      " over its FR-FCFS IPC:\n")
print("| network | " + " | ".join(names) + " | HMHG4 over BFIFO |")
print("|---" * (len(names) + 2) + "|")
for net in nets:
    cells = ["%.1f, %.1f%% (%.1f%%)" % (hm(net, n), 100 * hm(net, n) / hm(net, "FR-FCFS"),
                                        100 * share(net, n)) if have(net, n) else "-"
             for n in names]
    up = "%+.1f%%" % (100 * (hm(net, "BFIFO+HMHG4") / hm(net, "BFIFO") - 1)) \
        if have(net, "BFIFO") else "-"
    print("| %s | " % net + " | ".join(cells) + " | %s |" % up)
print("\nMean over the workloads of DRAM efficiency / row locality after the network over"
      " before it:\n")
print("| network | " + " | ".join(names) + " |")
print("|---" * (len(names) + 1) + "|")
for net in nets:
    cells = ["%.0f%% / %.2f" % (100 * sum(eff[net, w, n] for w in works) / len(works),
                                sum(pres[net, w, n] for w in works) / len(works))
             if have(net, n) else "-" for n in names]
    print("| %s | " % net + " | ".join(cells) + " |")
