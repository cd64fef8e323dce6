/* accelsim_block.h - the structure of an Accel-Sim kernel file (kernel-N.traceg), line by
 * line: what the trace reader (fmt_accelsim.c) and the GPU engine's recording source
 * (src/workload/traceg_cta.c) both read it with, so that the two never disagree about
 * which files are well formed.
 *
 * The file (gpu-simulator/trace-parser/trace_parser.cc: parse_kernel_info,
 * get_next_threadblock_traces):
 *   -key = value                    header lines, before the first block
 *   #BEGIN_TB
 *   thread block = X,Y,Z
 *   [cluster ...]                   Hopper's cluster lines: nothing hamm uses
 *   warp = W
 *   insts = N
 *   N instruction lines             parsed by accelsim_inst.h
 *   warp = ...                      the block's further warps
 *   #END_TB
 * Other '#' lines are comments.  A state machine fed every line in file order says what
 * each line is and checks the order rules: nothing but a header line or #BEGIN_TB outside
 * a block (Accel-Sim asserts as much), no header line once the first block began, no
 * block inside a block, an instruction only after its block's "thread block =" and
 * "warp =", and a warp's instruction lines as many as its "insts =" said (fewer are found
 * at the next "warp =" or #END_TB, the first one more at that line).  What a header
 * value or an instruction line means is the reader's. */
#ifndef HAMM_TRACE_ACCELSIM_BLOCK_H
#define HAMM_TRACE_ACCELSIM_BLOCK_H

#include <stdint.h>

#include "gpu_trace.h"

typedef enum accelsim_line_kind {
    ACCELSIM_LINE_NONE,    /* blank, or a '#' comment */
    ACCELSIM_LINE_HEADER,  /* "-key = value" */
    ACCELSIM_LINE_BEGIN,   /* #BEGIN_TB */
    ACCELSIM_LINE_END,     /* #END_TB */
    ACCELSIM_LINE_BLOCK,   /* thread block = X,Y,Z */
    ACCELSIM_LINE_CLUSTER, /* cluster ... */
    ACCELSIM_LINE_WARP,    /* warp = W */
    ACCELSIM_LINE_INSTS,   /* insts = N */
    ACCELSIM_LINE_INST,    /* anything else: an instruction line */
} accelsim_line_kind;

/* One line, as the state machine saw it. */
typedef struct accelsim_line {
    accelsim_line_kind kind;
    scan_token first;  /* its first token: where errors about the line point */
    scan_line whole;   /* the line from its first token on */
    scan_token key;    /* HEADER: the text before '=', trimmed ("-grid dim"); empty when
                        * the line has no '=' */
    scan_token value;  /* HEADER: the text after '=', trimmed; BLOCK, WARP, INSTS: the
                        * value token */
} accelsim_line;

/* The structure read so far.  Zero it, then set the two fields the reader knows. */
typedef struct accelsim_block {
    gpu_grid grid;         /* the header's grid, to number blocks (known == 0: 1-D only) */
    int loose_insts;       /* instruction lines may stand outside a block: tracer versions
                            * below 3 start each with its block and warp, and the trace
                            * reader takes their raw .trace files, which have no blocks */
    int begun;             /* a #BEGIN_TB was seen: the header is over */
    int in_tb;             /* between #BEGIN_TB and #END_TB */
    int have_block;        /* the block's "thread block =" line was good (kept after
                            * #END_TB, for a reader that requires it) */
    int have_warp;         /* a good "warp =" line leads the lines that follow; a reader
                            * that refuses the warp's id clears it, so that the warp's
                            * instructions fail too rather than land on another warp */
    int have_insts;        /* the warp's "insts =" line was good */
    uint64_t id[3];        /* "thread block = X,Y,Z" */
    uint16_t core;         /* its CTA index in the grid, modulo 65536 */
    uint64_t warp;         /* "warp = W" */
    uint64_t insts;        /* "insts = N" */
    uint64_t seen;         /* the warp's instruction lines since its "insts =" */
} accelsim_block;

/* Take the next line (blank lines included): classify it into *line and check it against
 * the structure so far.  On a failure *line is still classified and the state has moved
 * on as the line says (a #BEGIN_TB opens a block, a #END_TB closes it, a failed "warp ="
 * leaves no current warp), so that a reader that skips bad lines stays in step. */
hamm_status accelsim_block_line(accelsim_block *b, const trace_line_ctx *ctx, scan_line l,
                                accelsim_line *line, hamm_error *err);

/* 1 when `line` is a header line with `key` ("-grid dim") before its '=' (blanks between
 * the words need not match). */
int accelsim_header_is(const accelsim_line *line, const char *key);

#endif
