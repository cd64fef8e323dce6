/* gpu.h - the GPU engine's wiring: cores, the request and reply crossbars, the memory
 * partitions (L2 slices and DRAM channels), and the four clock domains (docs/GPU.md).
 *
 * Each domain ticks at its own frequency; at each instant the due domains tick in the
 * order core, interconnect, L2, DRAM.  Cores send requests into the request network
 * (routed to the partition the address map names); partitions answer into the reply
 * network (routed to the core that asked).  A kernel runs until every CTA has finished
 * and the memory system is empty; kernels run one after another on the same state
 * (caches stay warm, DRAM rows stay open), as on a GPU, each launched when the one before
 * has ended and its CTAs held back for the launch latency. */
#ifndef HAMM_GPU_GPU_H
#define HAMM_GPU_GPU_H

#include <stdint.h>

#include "carveout.h"
#include "core.h"
#include "hamm/addrmap.h"
#include "hamm/engine.h"
#include "horizontal.h"
#include "icnt.h"
#include "kernel.h"
#include "kernel_runs.h"
#include "partition.h"

typedef struct gpu_params {
    char name[128];                   /* the GPU model's */
    uint32_t cores;
    gpu_core_params core;             /* id set per core */
    gpu_carveout_params carveout;     /* the L1's size per kernel (unified_bytes 0: fixed) */
    gpu_icnt_params request_net;      /* inputs = cores, outputs = channels, set here */
    gpu_icnt_params reply_net;        /* inputs = channels, outputs = cores, set here */
    gpu_partition_params partition;   /* id set per partition */
    double core_mhz, icnt_mhz, l2_mhz; /* the DRAM's clock is dram.cfg.dram.clock_mhz */
    uint32_t ctrl_bytes;              /* a read request's or write ack's network size */
    hamm_engine_params dram;          /* the memory system: channels, DRAM, controller */
    hamm_command_fn on_command;       /* each DRAM command issued; may be NULL */
    void *command_user;
    uint64_t stall_limit;             /* core cycles without progress before giving up */
    /* Core cycles from a kernel's launch (the previous kernel's end; 0 for the first) to
     * the first cycle its CTAs may go to the cores: GPGPU-Sim's
     * -gpgpu_kernel_launch_latency, counted down once a core cycle. */
    uint64_t kernel_launch_latency;
} gpu_params;

typedef struct gpu gpu;

/* `map` is borrowed and must match dram.cfg's geometry. */
hamm_status gpu_new(gpu **out, const gpu_params *p, const hamm_addrmap *map, hamm_error *err);
void gpu_free(gpu *g);

/* Run one kernel to completion.  HAMM_ERR_CONFIG when one of its CTAs cannot fit on a
 * core; HAMM_ERR_ARG when the machine stops making progress (stall_limit); the
 * source's errors as they come. */
hamm_status gpu_run_kernel(gpu *g, gpu_kernel_source *src, hamm_error *err);
/* The kernels run so far, in launch order, each with its span and counts (kernel_runs.h);
 * a kernel that failed has no record. */
size_t gpu_kernel_run_count(const gpu *g);
const gpu_kernel_run *gpu_kernel_run_at(const gpu *g, size_t i);
/* No more kernels: the DRAM channels close at the last cycle (their results final). */
void gpu_finish(gpu *g);

uint64_t gpu_core_cycles(const gpu *g); /* core cycles simulated so far */
uint32_t gpu_cores(const gpu *g);
const gpu_core *gpu_core_at(const gpu *g, uint32_t i);
uint32_t gpu_partitions(const gpu *g);
const gpu_partition *gpu_partition_at(const gpu *g, uint32_t i);
const hamm_engine *gpu_dram(const gpu *g);
const gpu_icnt *gpu_request_net(const gpu *g);
const gpu_params *gpu_params_of(const gpu *g); /* what it was built with */
/* The row locality of the requests entering and leaving the request crossbar
 * (requests per activate; -1 when none was seen). */
double gpu_locality_before_icnt(const gpu *g);
double gpu_locality_after_icnt(const gpu *g);
/* How rows shared by cores arrived at the channels (horizontal.h). */
const gpu_horizontal_stats *gpu_horizontal_stats_of(const gpu *g);

#endif
