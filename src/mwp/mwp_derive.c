/* mwp_derive.c - an MWP/CWP kernel's counts from a workload (hamm/mwp_counts.h): the
 * kernel chosen from a description or an Accel-Sim recording, streamed (mwp_counts.c),
 * its totals averaged per warp (docs/MWP.md, "Counts from a workload"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "workload/traceg.h"
#include "hamm/workload.h"
#include "mwp_counts.h"

/* The kernel `sel` names among n (NULL: 0; digits: an index; else the name name_of
 * gives), or n when none. */
typedef void (*name_fn)(void *self, size_t i, char *buf, size_t size);

static size_t pick(const char *sel, size_t n, name_fn name_of, void *self)
{
    char name[128];
    if (!sel)
        return 0;
    char *end;
    unsigned long v = strtoul(sel, &end, 10);
    if (*sel && !*end)
        return v < n ? (size_t)v : n;
    for (size_t i = 0; i < n; i++) {
        name_of(self, i, name, sizeof name);
        if (strcmp(name, sel) == 0)
            return i;
    }
    return n;
}

static hamm_status no_kernel(const char *path, const char *sel, size_t n, hamm_error *err)
{
    return hamm_error_at(err, HAMM_ERR_ARG, HAMM_IN(path), NULL,
                         "no kernel '%s' (%zu kernel%s: give an index from 0 or a name)",
                         sel ? sel : "0", n, n == 1 ? "" : "s");
}

static void description_name(void *self, size_t i, char *buf, size_t size)
{
    snprintf(buf, size, "%s", hamm_workload_kernel_name(self, i));
}

static hamm_status derive_description(const char *path, const char *sel,
                                      const hamm_mwp_machine *m, hamm_mwp_derived *d,
                                      gpu_kernel_info *info, hamm_error *err)
{
    hamm_workload *wl = NULL;
    hamm_status st = hamm_workload_open(path, &wl, err);
    if (st != HAMM_OK)
        return st;
    d->kernels = hamm_workload_kernels(wl);
    d->kernel_index = pick(sel, d->kernels, description_name, wl);
    if (d->kernel_index >= d->kernels) {
        st = no_kernel(path, sel, d->kernels, err);
    } else {
        gpu_kernel_source src;
        workload_source(wl, d->kernel_index, &src);
        *info = *src.info(src.self);
        st = mwp_stream_all(&src, m, d, err);
    }
    hamm_workload_free(wl);
    return st;
}

/* A recording's kernel names, read from each kernel file's header. */
static void recording_name(void *self, size_t i, char *buf, size_t size)
{
    gpu_traceg *t = NULL;
    hamm_error e;
    hamm_error_clear(&e);
    buf[0] = '\0';
    if (gpu_traceg_open(gpu_traceg_list_kernel(self, i), &t, &e) == HAMM_OK) {
        gpu_kernel_source src = gpu_traceg_source(t);
        snprintf(buf, size, "%s", src.info(src.self)->name);
    }
    gpu_traceg_free(t);
}

static hamm_status derive_traceg(const char *file, const hamm_mwp_machine *m,
                                 hamm_mwp_derived *d, gpu_kernel_info *info, hamm_error *err)
{
    gpu_traceg *t = NULL;
    hamm_status st = gpu_traceg_open(file, &t, err);
    if (st == HAMM_OK) {
        gpu_kernel_source src = gpu_traceg_source(t);
        *info = *src.info(src.self);
        st = mwp_stream_all(&src, m, d, err);
    }
    gpu_traceg_free(t);
    return st;
}

static hamm_status derive_recording(const char *path, const char *sel, const hamm_mwp_machine *m,
                                    hamm_mwp_derived *d, gpu_kernel_info *info,
                                    hamm_error *err)
{
    d->recording = 1;
    if (workload_is_kernel_file(path)) {
        d->kernels = 1;
        hamm_status st = derive_traceg(path, m, d, info, err);
        if (st == HAMM_OK && sel && strcmp(sel, "0") != 0 && strcmp(sel, info->name) != 0)
            st = no_kernel(path, sel, 1, err);
        return st;
    }
    gpu_traceg_list *l = NULL;
    hamm_status st = gpu_traceg_list_open(path, &l, err);
    if (st != HAMM_OK)
        return st;
    d->kernels = gpu_traceg_list_count(l);
    d->kernel_index = pick(sel, d->kernels, recording_name, l);
    st = d->kernel_index < d->kernels
             ? derive_traceg(gpu_traceg_list_kernel(l, d->kernel_index), m, d, info, err)
             : no_kernel(path, sel, d->kernels, err);
    gpu_traceg_list_free(l);
    return st;
}

/* The totals as the model's counts per warp. */
static void to_kernel(const hamm_mwp_derived *d, const gpu_kernel_info *info,
                      hamm_mwp_kernel *k)
{
    double w = d->warps ? (double)d->warps : 1, mem = (double)(d->coalesced + d->uncoalesced);
    snprintf(k->name, sizeof k->name, "%s", info->name);
    k->comp_insts = (double)(d->alu + d->sfu + d->shared) / w;
    k->coal_mem_insts = (double)d->coalesced / w;
    k->uncoal_mem_insts = (double)d->uncoalesced / w;
    k->synch_insts = (double)d->barriers / w;
    k->sfu_insts = (double)d->sfu / w;
    k->shared_insts = (double)d->shared / w;
    /* the load/store unit takes a global instruction's transactions one a cycle (one
     * access each: a segment, or a line through the L1) and a shared one's passes */
    k->lsu_cycles = (double)(d->transactions + d->shared_passes) / w;
    k->mem_waits = (double)d->load_waits / w;
    k->barrier_waits = (double)d->barrier_waits / w;
    k->barrier_issue_share = d->issue_cycles > 0 ? d->barrier_issue_cycles / d->issue_cycles
                                                 : 0;
    k->merged_load_bytes = (double)d->merged_bytes / w;
    k->store_tail = d->store_tail ? 1 : 0;
    /* the busiest channel's share of each period's requests, times the channels: 1 when
     * they spread evenly, the channels when they all go to one */
    k->channel_skew = d->skew_requests ? (double)d->skew_busiest * d->channels /
                                             (double)d->skew_requests
                                       : 0;
    k->request_flits = (double)d->request_flits / w;
    k->reply_flits = (double)d->reply_flits / w;
    k->inlet_skew = d->inlet_least_cycles
                        ? (double)d->inlet_cycles / (double)d->inlet_least_cycles
                        : 0;
    k->uncoal_per_mw = d->uncoalesced ? (double)d->uncoal_transactions / (double)d->uncoalesced
                                      : 0;
    k->load_bytes_per_warp = mem > 0 ? (double)d->memory_bytes / mem : 0;
    k->threads_per_block = gpu_kernel_threads_per_cta(info);
    k->blocks = d->ctas > UINT32_MAX ? UINT32_MAX : (uint32_t)d->ctas;
    k->active_blocks_per_sm = 0;
    k->regs_per_thread = info->regs_per_thread;
    k->shared_per_block = info->shared_per_cta;
}

hamm_status hamm_mwp_derive(const char *path, const char *kernel, const hamm_mwp_machine *m,
                            hamm_mwp_kernel *k, hamm_mwp_derived *d, hamm_error *err)
{
    *k = (hamm_mwp_kernel){0};
    *d = (hamm_mwp_derived){0};
    d->coalescing = m->coalescing < HAMM_MWP_COAL_COUNT ? (hamm_mwp_coalescing)m->coalescing
                                                        : HAMM_MWP_COAL_SEGMENTS;
    d->memory_line_bytes = m->memory_line_bytes;
    d->shared_banks = m->shared_banks;
    d->channels = m->channel_bytes ? m->channels : 0;
    d->flit_bytes = m->icnt_flit_bytes;
    d->ctrl_bytes = m->icnt_ctrl_bytes;
    gpu_kernel_info info = {0};
    hamm_status st = workload_is_recording(path) ? derive_recording(path, kernel, m, d, &info, err)
                                        : derive_description(path, kernel, m, d, &info, err);
    if (st == HAMM_OK)
        to_kernel(d, &info, k);
    return st;
}
