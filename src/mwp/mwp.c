/* mwp.c - the MWP/CWP equations of Hong & Kim (ISCA 2009) as docs/MWP.md writes them:
 * pure functions of a machine, a kernel and the options. */
#include <math.h>
#include <string.h>

#include "hamm/mwp.h"
#include "mwp_queue.h"

static const char *const rounding_names[] = {"none", "paper", "ceil"};
static const char *const synch_names[] = {"n", "block"};
static const char *const case_names[] = {"few-warps", "memory", "compute"};
static const char *const limiter_names[] = {"warps", "latency", "bandwidth", "compute"};
static const char *const occupancy_names[] = {"given", "threads", "blocks", "registers",
                                              "shared"};

const char *hamm_mwp_rounding_name(hamm_mwp_rounding r)
{
    return (unsigned)r < HAMM_MWP_ROUND_COUNT ? rounding_names[r] : "?";
}

const char *hamm_mwp_synch_name(hamm_mwp_synch s)
{
    return (unsigned)s < HAMM_MWP_SYNCH_COUNT ? synch_names[s] : "?";
}

const char *hamm_mwp_case_name(hamm_mwp_case c)
{
    return (unsigned)c < HAMM_MWP_CASE_COUNT ? case_names[c] : "?";
}

const char *hamm_mwp_limiter_name(hamm_mwp_limiter l)
{
    return (unsigned)l < HAMM_MWP_LIMIT_COUNT ? limiter_names[l] : "?";
}

const char *hamm_mwp_occupancy_name(hamm_mwp_occupancy o)
{
    return (unsigned)o < HAMM_MWP_OCC_COUNT ? occupancy_names[o] : "?";
}

static int find_name(const char *const *names, int count, const char *name)
{
    for (int i = 0; name && i < count; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

int hamm_mwp_rounding_parse(const char *name)
{
    return find_name(rounding_names, HAMM_MWP_ROUND_COUNT, name);
}

int hamm_mwp_synch_parse(const char *name)
{
    return find_name(synch_names, HAMM_MWP_SYNCH_COUNT, name);
}

void hamm_mwp_options_init(hamm_mwp_options *o)
{
    *o = (hamm_mwp_options){HAMM_MWP_ROUND_NONE, HAMM_MWP_SYNCH_N, 1.0, 0, 0};
}

/* Keep the tightest limit; on a tie the earlier one, in the order of the enum. */
static void tighter(uint32_t limit, hamm_mwp_occupancy what, uint32_t *best,
                    hamm_mwp_occupancy *why)
{
    if (limit < *best) {
        *best = limit;
        *why = what;
    }
}

double hamm_mwp_icnt_ghz(const hamm_mwp_machine *m)
{
    return m->icnt_freq_ghz > 0 ? m->icnt_freq_ghz : m->freq_ghz;
}

double hamm_mwp_sfu_issue(const hamm_mwp_machine *m)
{
    return m->sfu_issue_cycles > 0 ? m->sfu_issue_cycles : m->issue_cycles;
}

double hamm_mwp_mem_issue(const hamm_mwp_machine *m)
{
    return m->mem_issue_cycles > 0 ? m->mem_issue_cycles : m->issue_cycles;
}

hamm_status hamm_mwp_occupancy_compute(const hamm_mwp_machine *m, const hamm_mwp_kernel *k,
                                       uint32_t *blocks, hamm_mwp_occupancy *why,
                                       hamm_error *err)
{
    if (k->active_blocks_per_sm > 0) {
        *blocks = k->active_blocks_per_sm;
        *why = HAMM_MWP_OCC_GIVEN;
        return HAMM_OK;
    }
    if (k->threads_per_block == 0)
        return hamm_error_field(err, HAMM_ERR_CONFIG, "threads_per_block", "must be at least 1");
    /* an SM holds whole warps: a block's threads are counted up to a multiple of 32 */
    uint64_t warps = (k->threads_per_block + HAMM_MWP_WARP_SIZE - 1) / HAMM_MWP_WARP_SIZE;
    uint64_t threads = warps * HAMM_MWP_WARP_SIZE;
    uint32_t best = m->max_threads_per_sm / (uint32_t)threads;
    *why = HAMM_MWP_OCC_THREADS;
    tighter(m->max_blocks_per_sm, HAMM_MWP_OCC_BLOCKS, &best, why);
    if (k->regs_per_thread > 0) {
        uint64_t regs = threads * k->regs_per_thread;
        tighter((uint32_t)(m->registers_per_sm / regs), HAMM_MWP_OCC_REGISTERS, &best, why);
    }
    if (k->shared_per_block > 0)
        tighter(m->shared_per_sm / k->shared_per_block, HAMM_MWP_OCC_SHARED, &best, why);
    *blocks = best;
    if (best == 0)
        return hamm_error_field(err, HAMM_ERR_CONFIG, "active_blocks_per_sm",
                                "one block does not fit on an SM of %s (its %s limit); give "
                                "fewer threads, registers or shared memory per block",
                                m->name, hamm_mwp_occupancy_name(*why));
    return HAMM_OK;
}

/* The divisions the equations make, refused before any is made. */
static hamm_status check_inputs(const hamm_mwp_machine *m, const hamm_mwp_kernel *k,
                                const hamm_mwp_options *o, hamm_error *err)
{
    if (!(o->dram_efficiency > 0 && o->dram_efficiency <= 1))
        return hamm_error_field(err, HAMM_ERR_ARG, "dram_efficiency",
                                "must be above 0 and at most 1, got %g", o->dram_efficiency);
    if ((unsigned)o->rounding >= HAMM_MWP_ROUND_COUNT || (unsigned)o->synch >= HAMM_MWP_SYNCH_COUNT)
        return hamm_error_set(err, HAMM_ERR_ARG, "unknown MWP/CWP variant");
    const struct {
        double v;
        const char *key;
    } positive[] = {{m->sms, "sms"}, {m->freq_ghz, "freq_ghz"},
                    {m->mem_bandwidth_gbps, "mem_bandwidth_gbps"},
                    {m->mem_ld_cycles, "mem_ld_cycles"},
                    {m->departure_del_coal, "departure_del_coal"},
                    {m->departure_del_uncoal, "departure_del_uncoal"},
                    {m->issue_cycles, "issue_cycles"},
                    {k->load_bytes_per_warp, "load_bytes_per_warp"},
                    {k->threads_per_block, "threads_per_block"}, {k->blocks, "blocks"}};
    for (size_t i = 0; i < sizeof positive / sizeof positive[0]; i++)
        if (!(positive[i].v > 0 && isfinite(positive[i].v)))
            return hamm_error_field(err, HAMM_ERR_CONFIG, positive[i].key,
                                    "must be above 0, got %g", positive[i].v);
    const double counts[] = {k->comp_insts, k->coal_mem_insts, k->uncoal_mem_insts,
                             k->synch_insts};
    const char *const count_keys[] = {"comp_insts", "coal_mem_insts", "uncoal_mem_insts",
                                      "synch_insts"};
    for (size_t i = 0; i < 4; i++)
        if (!(counts[i] >= 0 && isfinite(counts[i])))
            return hamm_error_field(err, HAMM_ERR_CONFIG, count_keys[i],
                                    "must be 0 or more, got %g", counts[i]);
    if (!(k->sfu_insts >= 0 && k->shared_insts >= 0 && k->lsu_cycles >= 0 &&
          k->sfu_insts + k->shared_insts <= k->comp_insts))
        return hamm_error_field(err, HAMM_ERR_CONFIG, "sfu_insts",
                                "sfu_insts + shared_insts must be 0 or more and at most "
                                "comp_insts, lsu_cycles 0 or more");
    if (!(k->coal_mem_insts + k->uncoal_mem_insts > 0))
        return hamm_error_field(err, HAMM_ERR_CONFIG, "coal_mem_insts",
                                "the kernel has no memory instruction (coal_mem_insts + "
                                "uncoal_mem_insts is 0): the model divides by their count");
    if (k->uncoal_mem_insts > 0 && !(k->uncoal_per_mw >= 1))
        return hamm_error_field(err, HAMM_ERR_CONFIG, "uncoal_per_mw",
                                "must be at least 1 when there are uncoalesced memory "
                                "instructions, got %g", k->uncoal_per_mw);
    return HAMM_OK;
}

static double round2(double x)
{
    return floor(x * 100.0 + 0.5) / 100.0;
}

/* Mem_L, Departure_delay, MWP. */
static void memory_parallelism(const hamm_mwp_machine *m, const hamm_mwp_kernel *k,
                               const hamm_mwp_options *o, hamm_mwp_result *r)
{
    double uncoal_per_mw = k->uncoal_mem_insts > 0 ? k->uncoal_per_mw : 1;
    r->mem_l_uncoal = m->mem_ld_cycles + (uncoal_per_mw - 1) * m->departure_del_uncoal;
    r->mem_l_coal = m->mem_ld_cycles;
    r->weight_uncoal = k->uncoal_mem_insts / (k->uncoal_mem_insts + k->coal_mem_insts);
    r->weight_coal = 1 - r->weight_uncoal;
    r->mem_l = r->mem_l_uncoal * r->weight_uncoal + r->mem_l_coal * r->weight_coal;
    r->departure_delay = m->departure_del_uncoal * uncoal_per_mw * r->weight_uncoal +
                         m->departure_del_coal * r->weight_coal;
    r->mwp_without_bw_full = r->mem_l / r->departure_delay;
    if (o->rounding == HAMM_MWP_ROUND_CEIL)
        r->mwp_without_bw_full = ceil(r->mwp_without_bw_full);
    r->mwp_without_bw = fmin(r->mwp_without_bw_full, r->n);
    r->bandwidth_gbps = m->mem_bandwidth_gbps * o->dram_efficiency;
    r->bw_per_warp_gbps = m->freq_ghz * k->load_bytes_per_warp / r->mem_l;
    r->mwp_peak_bw = r->bandwidth_gbps / (r->bw_per_warp_gbps * m->sms);
    r->mwp = fmin(fmin(r->mwp_without_bw, r->mwp_peak_bw), r->n);
    if (o->rounding == HAMM_MWP_ROUND_PAPER)
        r->mwp = round2(r->mwp);
}

/* Comp_cycles, Mem_cycles, CWP, #Rep. */
static void compute_parallelism(const hamm_mwp_machine *m, const hamm_mwp_kernel *k,
                                const hamm_mwp_options *o, hamm_mwp_result *r)
{
    double mem_insts = k->coal_mem_insts + k->uncoal_mem_insts;
    r->comp_cycles = m->issue_cycles * (k->comp_insts + mem_insts);
    r->mem_cycles = r->mem_l_uncoal * k->uncoal_mem_insts + r->mem_l_coal * k->coal_mem_insts;
    r->cwp_full = (r->mem_cycles + r->comp_cycles) / r->comp_cycles;
    if (o->rounding == HAMM_MWP_ROUND_CEIL)
        r->cwp_full = ceil(r->cwp_full);
    r->cwp = fmin(r->cwp_full, r->n);
    if (o->rounding == HAMM_MWP_ROUND_PAPER)
        r->cwp = round2(r->cwp);
    r->rep = (double)k->blocks / ((double)r->active_blocks_per_sm * m->sms);
    if (o->rounding == HAMM_MWP_ROUND_CEIL)
        r->rep = ceil(r->rep);
}

/* A warp's cycles of its SM's schedulers: Issue_cycles for each computation instruction
 * and barrier, the SFU's cycles for each SFU instruction and the memory issue cycles for
 * each global or shared one (the machine's keys; absent, all Issue_cycles: Comp_cycles
 * plus the barriers); and of its load/store unit.  The issue bound and the queueing
 * variant's SM station both charge them. */
static void warp_issue(const hamm_mwp_machine *m, const hamm_mwp_kernel *k, hamm_mwp_result *r)
{
    double sfu_c = hamm_mwp_sfu_issue(m), mem_c = hamm_mwp_mem_issue(m);
    double alu = k->comp_insts - k->sfu_insts - k->shared_insts + k->synch_insts;
    double mem = k->coal_mem_insts + k->uncoal_mem_insts + k->shared_insts;
    r->issue_per_warp = m->issue_cycles * alu + sfu_c * k->sfu_insts + mem_c * mem;
    r->lsu_per_warp = k->lsu_cycles;
}

/* The issue-time bound (option issue_bound): an SM's warps share its schedulers and its
 * load/store unit, so the busiest SM (the kernel ends when it does) needs at least the
 * sum over its warps of either (warp_issue), plus the latency of its last load.  Hong &
 * Kim take Comp_cycles x N as Exec only in the compute case (MWP > CWP); when CWP >= MWP
 * the memory case counts computation only between memory periods, which misses it when
 * issue time exceeds memory time.  The busiest SM holds ceil(#Blocks / #Active_SMs)
 * blocks, where #Rep averages over SMs: the two agree on a grid that fills the GPU. */
static void issue_bound(const hamm_mwp_machine *m, const hamm_mwp_kernel *k,
                        const hamm_mwp_options *o, hamm_mwp_result *r)
{
    r->busiest_sm_warps = ceil((double)k->blocks / m->sms) * r->warps_per_block;
    r->issue_bound_cycles =
        r->mem_l + fmax(r->issue_per_warp, r->lsu_per_warp) * r->busiest_sm_warps;
    if (!o->issue_bound || r->issue_bound_cycles <= r->exec_cycles)
        return;
    r->exec_cycles = r->issue_bound_cycles;
    r->issue_bound_applied = 1;
    r->limiter = HAMM_MWP_LIMIT_COMPUTE;
}

/* The case, Exec and what limits the kernel, by Hong & Kim's equations. */
static void execution(const hamm_mwp_kernel *k, hamm_mwp_result *r)
{
    double mem_insts = k->coal_mem_insts + k->uncoal_mem_insts;
    double overlap = r->comp_cycles / mem_insts * (r->mwp - 1);
    if (r->mwp == r->n && r->cwp == r->n) {
        r->mwp_case = HAMM_MWP_CASE_FEW_WARPS;
        r->exec_cycles = (r->mem_cycles + r->comp_cycles + overlap) * r->rep;
        r->limiter = HAMM_MWP_LIMIT_WARPS;
    } else if (r->cwp >= r->mwp || r->comp_cycles > r->mem_cycles) {
        r->mwp_case = HAMM_MWP_CASE_MEMORY;
        r->exec_cycles = (r->mem_cycles * r->n / r->mwp + overlap) * r->rep;
        if (r->mwp_peak_bw < fmin(r->mwp_without_bw, r->n))
            r->limiter = HAMM_MWP_LIMIT_BANDWIDTH;
        else if (r->mwp == r->n)
            r->limiter = HAMM_MWP_LIMIT_WARPS;
        else
            r->limiter = HAMM_MWP_LIMIT_LATENCY;
    } else {
        r->mwp_case = HAMM_MWP_CASE_COMPUTE;
        r->exec_cycles = (r->mem_l + r->comp_cycles * r->n) * r->rep;
        r->limiter = HAMM_MWP_LIMIT_COMPUTE;
    }
}

/* Synch_cost and the total. */
static void synchronisation(const hamm_mwp_machine *m, const hamm_mwp_kernel *k,
                            const hamm_mwp_options *o, hamm_mwp_result *r)
{
    r->synch_warps = r->mwp;
    if (o->synch == HAMM_MWP_SYNCH_BLOCK)
        r->synch_warps = fmin(r->mwp, r->warps_per_block);
    r->synch_cycles = r->departure_delay * (r->synch_warps - 1) * k->synch_insts *
                      r->active_blocks_per_sm * r->rep;
    r->total_cycles = r->exec_cycles + r->synch_cycles;
    r->total_seconds = r->total_cycles / (m->freq_ghz * 1e9);
}

hamm_status hamm_mwp_predict(const hamm_mwp_machine *m, const hamm_mwp_kernel *k,
                             const hamm_mwp_options *o, hamm_mwp_result *r, hamm_error *err)
{
    memset(r, 0, sizeof *r);
    hamm_status st = check_inputs(m, k, o, err);
    if (st == HAMM_OK)
        st = hamm_mwp_occupancy_compute(m, k, &r->active_blocks_per_sm, &r->occupancy, err);
    if (st != HAMM_OK)
        return st;
    r->warps_per_block = (k->threads_per_block + HAMM_MWP_WARP_SIZE - 1) / HAMM_MWP_WARP_SIZE;
    r->n = (double)r->active_blocks_per_sm * r->warps_per_block;
    memory_parallelism(m, k, o, r);
    compute_parallelism(m, k, o, r);
    execution(k, r);
    warp_issue(m, k, r);
    if (o->queueing && (st = mwp_queue_apply(m, k, r, err)) != HAMM_OK)
        return st;
    issue_bound(m, k, o, r);
    synchronisation(m, k, o, r);
    if (!isfinite(r->total_cycles))
        return hamm_error_set(err, HAMM_ERR_CONFIG, "the inputs give no finite execution time");
    return HAMM_OK;
}
