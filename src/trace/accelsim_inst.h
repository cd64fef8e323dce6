/* accelsim_inst.h - one Accel-Sim instruction line, parsed: what the trace reader
 * (fmt_accelsim.c) turns into DRAM requests and what the GPU engine's .traceg source
 * (src/workload/traceg_source.c) turns into a warp instruction.  One parser, so the two
 * never disagree about a line.
 *
 * The line (gpu-simulator/trace-parser/trace_parser.cc, parse_from_string):
 *   [LINE] PC MASK NDEST DEST.. OPCODE NSRC SRC.. MEM_WIDTH [MODE ADDRESSES] [IMM]
 * with LINE when "-enable lineinfo = 1" (the "X Y Z W" prefix of tracer versions below 3
 * is the caller's).  MEM_WIDTH > 0 marks a memory instruction; MODE 0 lists one address
 * per active lane, 1 gives a base and a stride over contiguous active lanes, 2 a base and
 * one delta from the previous active lane for each further one. */
#ifndef HAMM_TRACE_ACCELSIM_INST_H
#define HAMM_TRACE_ACCELSIM_INST_H

#include <stdint.h>

#include "gpu_trace.h"

#define ACCELSIM_MAX_REGS 32    /* register operands per instruction: far above any SASS */
#define ACCELSIM_MAX_WIDTH 1024 /* bytes per lane access: a sanity bound */

typedef struct accelsim_inst {
    uint64_t pc;
    uint32_t mask;                          /* bit i: lane i executed it */
    uint32_t ndst, nsrc;                    /* register operands, as written */
    scan_token dst[ACCELSIM_MAX_REGS];      /* "R4", "P0", "UR6", ... */
    scan_token src[ACCELSIM_MAX_REGS];
    scan_token opcode;                      /* "LDG.E.64" */
    uint64_t width;                         /* MEM_WIDTH: 0 for a non-memory instruction */
    int tma;                                /* a TMA bulk copy: its addresses not parsed */
    size_t naddr;                           /* active lanes with an address (width > 0) */
    uint64_t addr[GPU_WARP_SIZE];           /* their addresses, in lane order */
} accelsim_inst;

/* Parse the rest of an instruction line (after any version-2 prefix) into *in, up to and
 * including the optional immediate and the end of the line.  A TMA bulk copy
 * (GPU_ACCESS_UNSUPPORTED with MEM_WIDTH > 0) stops after MEM_WIDTH with in->tma set: its
 * address syntax is its own, and the caller refuses it. */
hamm_status accelsim_inst_parse(const trace_line_ctx *ctx, int lineinfo, scan_line *l,
                                accelsim_inst *in, hamm_error *err);

/* The next token as a number in `base` no greater than `max`, failing with `field`. */
hamm_status accelsim_inst_need_number(const trace_line_ctx *ctx, hamm_error *err, scan_line *l,
                                      const char *field, trace_base base, uint64_t max,
                                      uint64_t *v);

#endif
