/* mwp_queue.c - hamm's queueing variant of MWP/CWP (docs/MWP.md, "Queueing"): the warps
 * resident at once as a closed queueing network, solved by mean-value analysis. */
#include <math.h>

#include "mwp_queue.h"

/* One kind of queueing station: `count` identical servers, each visited by a warp once
 * every `count` periods, `demand` cycles of service a visit, served one at a time.  The
 * service is taken as deterministic (a DRAM burst, an issue slot): a warp arriving while
 * another is served waits for half a service on average, not a whole one as with
 * exponential service (the residual-life correction of approximate MVA). */
typedef struct station {
    double demand, count;
    double queue;       /* warps at one server, with n - 1 warps in the network */
    double utilization; /* of one server, with n - 1 warps */
    double residence;   /* cycles a period spends at the station (all its servers) */
} station;

enum { STATION_DRAM, STATION_SM, STATION_PORT, STATION_INLET, STATION_OUTLET, STATION_EJECT,
       STATION_COUNT };

static void visit(station *s)
{
    double per_server = s->demand / s->count; /* visit ratio 1 / count */
    s->residence = s->count * per_server * (1 + s->queue - s->utilization / 2);
}

static void settle(station *s, double throughput)
{
    s->queue = throughput * s->residence / s->count;
    s->utilization = throughput * s->demand / s->count;
}

/* Exact MVA recursion over the number of warps 1..G (Reiser & Lavenberg), with the
 * deterministic-service residual: the period's cycle time with G warps. */
static double mva_cycle(double warps, double latency, station *s, size_t ns)
{
    double cycle = latency;
    for (size_t i = 0; i < ns; i++) {
        s[i].residence = s[i].demand;
        cycle += s[i].demand;
    }
    for (double n = 1; n <= warps; n++) {
        cycle = latency;
        for (size_t i = 0; i < ns; i++) {
            visit(&s[i]);
            cycle += s[i].residence;
        }
        for (size_t i = 0; i < ns; i++)
            settle(&s[i], n / cycle);
    }
    /* The half-service residual slightly overstates what a saturated server delivers
     * (by up to half a service a period); no server can serve more than its capacity,
     * so the cycle is at least the busiest one's work for all warps, the excess charged
     * to it (the asymptotic bound of operational analysis). */
    size_t busiest = 0;
    for (size_t i = 1; i < ns; i++)
        if (s[i].demand / s[i].count > s[busiest].demand / s[busiest].count)
            busiest = i;
    double work = warps * s[busiest].demand / s[busiest].count;
    if (cycle < work) {
        s[busiest].residence += work - cycle;
        cycle = work;
    }
    return cycle;
}

/* The largest part of the cycle: the fixed latency or the memory port's departures
 * (latency, as Hong & Kim's MWP = Mem_L / Departure_delay), the DRAM and the crossbar
 * (bandwidth; stations not in the network have no residence), or the issue. */
static hamm_mwp_limiter largest(double latency, const station *s)
{
    double port = s[STATION_PORT].residence, lat = fmax(latency, port);
    double memory = s[STATION_DRAM].residence + s[STATION_INLET].residence +
                    s[STATION_OUTLET].residence + s[STATION_EJECT].residence;
    if (memory >= lat && memory >= s[STATION_SM].residence)
        return HAMM_MWP_LIMIT_BANDWIDTH;
    return s[STATION_SM].residence > lat ? HAMM_MWP_LIMIT_COMPUTE : HAMM_MWP_LIMIT_LATENCY;
}

/* The crossbar's stations, when the machine has one and the kernel its flits: a
 * partition's inlet takes a period's request flits (a read its header, a write its data
 * too), its outlet the reply flits (a read's data, a write's acknowledgement), and the
 * SM's eject port the same replies, one flit a port per crossbar cycle.  The inlets are
 * C / inlet_skew servers: SMs that send in step queue at one partition's inlet while the
 * others idle (docs/MWP.md, "The crossbar").  The outlets are spread as the DRAM's
 * channels (`outlets`).  0 when there is no crossbar. */
static int crossbar(const hamm_mwp_machine *m, const hamm_mwp_kernel *k,
                    const hamm_mwp_result *r, double outlets, station *s)
{
    if (m->icnt_flit_bytes == 0 || k->request_flits <= 0)
        return 0;
    double channels = m->channels > 0 ? m->channels : 1;
    double per_cycle = m->icnt_flits_per_cycle > 0 ? m->icnt_flits_per_cycle : 1;
    /* core cycles a port takes a flit */
    double flit = m->freq_ghz / hamm_mwp_icnt_ghz(m) / per_cycle;
    double inlets = channels / fmin(fmax(k->inlet_skew, 1), channels);
    double reply = k->reply_flits / r->queue_periods * flit;
    s[STATION_INLET] = (station){k->request_flits / r->queue_periods * flit, inlets, 0, 0, 0};
    s[STATION_OUTLET] = (station){reply, outlets, 0, 0, 0};
    s[STATION_EJECT] = (station){reply, r->queue_sms, 0, 0, 0};
    return 1;
}

hamm_status mwp_queue_apply(const hamm_mwp_machine *m, const hamm_mwp_kernel *k,
                            hamm_mwp_result *r, hamm_error *err)
{
    double mem_insts = k->coal_mem_insts + k->uncoal_mem_insts;
    double blocks = k->blocks;
    double resident = fmin(blocks, (double)r->active_blocks_per_sm * m->sms);
    r->queue_periods = k->mem_waits > 0 ? fmin(k->mem_waits, mem_insts) : mem_insts;
    r->queue_warps = ceil(resident) * r->warps_per_block;
    r->queue_sms = fmin(m->sms, blocks);
    r->queue_waves = fmax(r->rep, 1);
    if (r->queue_warps > HAMM_MWP_QUEUE_MAX_WARPS)
        return hamm_error_field(err, HAMM_ERR_CONFIG, "blocks",
                                "the queueing variant handles at most %.0f resident warps, "
                                "got %.0f", HAMM_MWP_QUEUE_MAX_WARPS, r->queue_warps);
    /* a period moves the bytes of all the warp's memory instructions over its loads */
    double moved = k->load_bytes_per_warp * mem_insts;
    if (k->merged_load_bytes > 0 && k->merged_load_bytes < moved)
        moved -= k->merged_load_bytes; /* merged loads cost the DRAM nothing */
    double bytes = moved / r->queue_periods;
    r->queue_dram_demand = bytes * m->freq_ghz / r->bandwidth_gbps;
    /* the SM's schedulers serve a period's instructions in their issue cycles: an SFU
     * instruction holds them longer than an ALU one (Comp_cycles counts each alike) */
    r->queue_sm_demand = r->issue_per_warp / r->queue_periods;
    /* a period's request is served by one channel, at 1/channels of the bandwidth, each
     * channel receiving 1/channels of the periods (the address map spreads them) */
    double channels = m->channels > 0 ? m->channels : 1;
    /* the SM's memory port sends a period's instructions out Departure_delay apart; the
     * last one's departure is the port's service, the rest of Mem_L the fixed delay */
    r->queue_port_demand = r->departure_delay * mem_insts / r->queue_periods;
    double delay = fmax(r->mem_l - r->departure_delay, 0);
    /* the requests a period's warps send together crowd one channel when they are skewed:
     * the busiest gets skew/channels of them, as if only channels/skew channels served */
    double skew = fmin(fmax(k->channel_skew, 1), channels);
    station s[STATION_COUNT] = {{r->queue_dram_demand * channels, channels / skew, 0, 0, 0},
                                {r->queue_sm_demand, r->queue_sms, 0, 0, 0},
                                {r->queue_port_demand, r->queue_sms, 0, 0, 0}};
    size_t ns = crossbar(m, k, r, channels / skew, s) ? STATION_COUNT : STATION_INLET;
    r->queue_cycle = mva_cycle(r->queue_warps, delay, s, ns);
    r->queue_dram_residence = s[STATION_DRAM].residence;
    r->queue_sm_residence = s[STATION_SM].residence;
    r->queue_port_residence = s[STATION_PORT].residence;
    /* stations left out of the network keep their zero residence */
    r->queue_icnt_residence = s[STATION_INLET].residence + s[STATION_OUTLET].residence +
                              s[STATION_EJECT].residence;
    r->queue_mem_l_loaded = delay + s[STATION_PORT].residence + s[STATION_DRAM].residence +
                            r->queue_icnt_residence;
    /* the kernel ends when its last stores are written, a write's trip after its last
     * warp's last period (the GPU drains its queues before the next kernel) */
    r->queue_tail_cycles = k->store_tail > 0 ? m->write_l_cycles : 0;
    r->queue_exec_cycles = r->queue_waves * r->queue_periods * r->queue_cycle +
                           r->queue_tail_cycles;
    r->exec_cycles = r->queue_exec_cycles;
    r->limiter = largest(delay, s);
    return HAMM_OK;
}
