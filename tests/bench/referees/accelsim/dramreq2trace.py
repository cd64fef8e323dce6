#!/usr/bin/env python3
"""dramreq2trace.py LOG OUT [--channel N] [--no-ifetch] [--encode GROUPS] - GPGPU-Sim's DRAM request log
(gpgpu-sim-dramtrace.patch: `core_cycle dram_cycle channel bank row col R/W addr size`, one
line per request entering a channel's DRAM controller queue) as hamm's native text trace
(traces/FORMAT.md): `R|W ADDR SIZE CYCLE`, CYCLE being GPGPU-Sim's DRAM command cycle at the
push (its n_cmd), so `hamm simulate --replay timed` sees the same arrivals.  --channel keeps
one channel's requests; --no-ifetch drops the instruction fetches (GPGPU-Sim's code lives at
0xf0000000 and up), which hamm's GPU engine does not make.  OUT `-` is standard output.

--encode GROUPS writes, instead of the address, one built from the log's own bank, row and
column for the one-channel map ENCODE_MAP (row above bank above GPGPU-Sim's byte column),
so hamm's banks and rows are GPGPU-Sim's by construction.  GPGPU-Sim's GTX480 takes a
bank's group from its low bits (-dram_bnkgrp_indexing_policy 1), hamm from its high bits:
the bank number is rotated so that hamm's group of it is GPGPU-Sim's (GROUPS 1: as is)."""
import sys


def is_ifetch(addr):
    return addr.startswith("0xf") and len(addr) == 10


ENCODE_MAP = ("00000000.00000000.00000000.00000000."
              "0000RRRR.RRRRRRRR.BBBBCCCC.CCSSSSSS")


def hamm_bank(bank, groups, banks=16):
    """The bank number whose high bits (hamm's group) are `bank`'s low bits (GPGPU-Sim's)."""
    if groups <= 1:
        return bank
    per_group = banks // groups
    return (bank % groups) * per_group + bank // groups


def encode(bank, row, col, groups):
    return (row << 16) | (hamm_bank(bank, groups) << 12) | col


def convert(lines, channel=None, ifetch=True, groups=None):
    """Yield hamm trace lines from the log's lines."""
    for line in lines:
        f = line.split()
        if not f or f[0].startswith("#"):
            continue
        if len(f) != 9 or f[6] not in ("R", "W"):
            raise ValueError(f"not a request line: {line.strip()!r}")
        if channel is not None and int(f[2]) != channel:
            continue
        if not ifetch and is_ifetch(f[7]):
            continue
        addr = f[7]
        if groups is not None:
            addr = hex(encode(int(f[3]), int(f[4]), int(f[5]), groups))
        yield f"{f[6]} {addr} {f[8]} {f[1]}\n"


def main(args):
    channel, ifetch, groups = None, True, None
    pos = []
    i = 0
    while i < len(args):
        if args[i] == "--channel":
            channel = int(args[i + 1])
            i += 1
        elif args[i] == "--encode":
            groups = int(args[i + 1])
            i += 1
        elif args[i] == "--no-ifetch":
            ifetch = False
        else:
            pos.append(args[i])
        i += 1
    if len(pos) != 2:
        raise SystemExit("usage: dramreq2trace.py LOG OUT [--channel N] [--no-ifetch] "
                         "[--encode GROUPS]")
    with open(pos[0]) as src:
        out = sys.stdout if pos[1] == "-" else open(pos[1], "w")
        out.write("# hamm trace v1: OP ADDR SIZE CYCLE (GPGPU-Sim DRAM command cycle)\n")
        out.writelines(convert(src, channel, ifetch, groups))
        if out is not sys.stdout:
            out.close()


if __name__ == "__main__":
    main(sys.argv[1:])
