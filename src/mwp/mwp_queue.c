/* mwp_queue.c - hamm's queueing variant of MWP/CWP (docs/MWP.md, "Queueing"): the warps
 * resident at once as a closed queueing network, solved by mean-value analysis. */
#include <math.h>
#include <string.h>

#include "mwp_queue.h"

/* The fixed-point iterations of the MVA at most; the suite's kernels settle in 700. */
#define MVA_ITERATIONS 10000

/* One kind of queueing station: `count` identical servers, each visited by a customer
 * (a warp, or a CTA: "Barriers") once every `count` periods, `demand` cycles of service a
 * visit, served one at a time.  The service is taken as deterministic (a DRAM burst, an
 * issue slot): a customer arriving while another is served waits for half a service on
 * average, not a whole one as with exponential service (the residual-life correction of
 * approximate MVA).  `own`: the servers are the SMs' own (an SM's issue, memory port,
 * eject port), each visited only by the customers resident on it. */
typedef struct station {
    double demand, count;
    int own;
    double queue;       /* customers at one server */
    double utilization; /* of one server */
    double residence;   /* cycles a period spends at the station (all its servers) */
} station;

enum { STATION_DRAM, STATION_SM, STATION_PORT, STATION_INLET, STATION_OUTLET, STATION_EJECT,
       STATION_COUNT };

/* The residence of a customer arriving at the station: its own service and the queue it
 * finds.  It finds the others' share of the queue: at a shared station all customers
 * but itself, (G - 1) / G of it; at an SM's own station its SM's customers but itself,
 * (G/count - 1) / (G/count) (Bard and Schweitzer's estimate of the queue a customer
 * sees, per class: the customers of one SM are a class of their own there). */
static void visit(station *s, double customers)
{
    double mine = s->own ? customers / s->count : customers;
    double others = mine > 1 ? (mine - 1) / mine : 0;
    s->residence = s->demand * (1 + others * (s->queue - s->utilization / 2));
}

static void settle(station *s, double throughput)
{
    s->queue = throughput * s->residence / s->count;
    s->utilization = throughput * s->demand / s->count;
}

/* Approximate MVA (Bard-Schweitzer): the residences and the cycle of `customers`
 * circulating through the fixed latency and the stations, iterated to their fixed point. */
static double mva_cycle(double customers, double latency, station *s, size_t ns)
{
    double cycle = latency;
    for (size_t i = 0; i < ns; i++) {
        s[i].queue = s[i].utilization = 0;
        cycle += s[i].demand;
    }
    for (int it = 0; it < MVA_ITERATIONS; it++) {
        for (size_t i = 0; i < ns; i++)
            settle(&s[i], customers / cycle);
        double next = latency;
        for (size_t i = 0; i < ns; i++) {
            visit(&s[i], customers);
            next += s[i].residence;
        }
        int settled = fabs(next - cycle) <= 1e-12 * next;
        cycle = next;
        if (settled)
            break;
    }
    /* The half-service residual slightly overstates what a saturated server delivers
     * (by up to half a service a period); no server can serve more than its capacity,
     * so the cycle is at least the busiest one's work for all customers, the excess
     * charged to it (the asymptotic bound of operational analysis). */
    size_t busiest = 0;
    for (size_t i = 1; i < ns; i++)
        if (s[i].demand / s[i].count > s[busiest].demand / s[busiest].count)
            busiest = i;
    double work = customers * s[busiest].demand / s[busiest].count;
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
    s[STATION_INLET] = (station){.demand = k->request_flits / r->queue_periods * flit,
                                 .count = inlets};
    s[STATION_OUTLET] = (station){.demand = reply, .count = outlets};
    s[STATION_EJECT] = (station){.demand = reply, .count = r->queue_sms, .own = 1};
    return 1;
}

/* The same stations with a CTA's warps as one customer: in a period whose computation
 * follows a barrier the CTA's warps wait for all their loads together, then compute
 * together (docs/MWP.md, "Barriers").  A station every SM shares (the DRAM, the
 * partitions' inlets and outlets) serves the CTA's requests on all its servers at once:
 * one server with their capacity, the CTA's work over them (at least one request's); an
 * SM's own station (its issue, its memory port, its eject port) the warps one by one. */
static void cta_stations(station *s, size_t ns, double warps, double issue)
{
    for (size_t i = 0; i < ns; i++) {
        double demand = s[i].own ? warps * s[i].demand
                                 : fmax(warps * s[i].demand / s[i].count, s[i].demand);
        s[i] = (station){.demand = demand, .count = s[i].own ? s[i].count : 1,
                         .own = s[i].own};
    }
    s[STATION_SM].demand = warps * issue;
}

/* The periods' mean: `a` periods of one network's residences, `b` of the other's. */
static void mean_residences(station *s, const station *other, size_t ns, double a, double b)
{
    for (size_t i = 0; i < ns; i++)
        s[i].residence = (a * s[i].residence + b * other[i].residence) / (a + b);
}

/* The warps' network: the DRAM's channels, each SM's issue and memory port, and the
 * crossbar's stations when the machine has one; the number of stations in it. */
static size_t stations(const hamm_mwp_machine *m, const hamm_mwp_kernel *k,
                       hamm_mwp_result *r, double mem_insts, station *s)
{
    /* a period's request is served by one channel, at 1/channels of the bandwidth, each
     * channel receiving 1/channels of the periods (the address map spreads them) */
    double channels = m->channels > 0 ? m->channels : 1;
    /* the SM's memory port sends a period's instructions out Departure_delay apart; the
     * last one's departure is the port's service, the rest of Mem_L the fixed delay */
    r->queue_port_demand = r->departure_delay * mem_insts / r->queue_periods;
    /* the requests a period's warps send together crowd one channel when they are skewed:
     * the busiest gets skew/channels of them, as if only channels/skew channels served */
    double skew = fmin(fmax(k->channel_skew, 1), channels);
    memset(s, 0, STATION_COUNT * sizeof *s); /* stations left out have no residence */
    s[STATION_DRAM] = (station){.demand = r->queue_dram_demand * channels,
                                .count = channels / skew};
    s[STATION_SM] = (station){.demand = r->queue_sm_demand, .count = r->queue_sms, .own = 1};
    s[STATION_PORT] = (station){.demand = r->queue_port_demand, .count = r->queue_sms,
                                .own = 1};
    return crossbar(m, k, r, channels / skew, s) ? STATION_COUNT : STATION_INLET;
}

/* A period's mean cycle over the two kinds ("Barriers"): those after a barrier have the
 * CTA's warps as one customer, the others each warp.  The SM's schedulers serve each
 * kind the issue cycles spent in it (an SFU instruction holds them longer than an ALU
 * one, though Comp_cycles counts each alike).  s: the periods' mean residences. */
static double periods(const hamm_mwp_machine *m, const hamm_mwp_kernel *k, hamm_mwp_result *r,
                      double resident, double delay, station *s)
{
    double mem_insts = k->coal_mem_insts + k->uncoal_mem_insts;
    double ctas = r->warps_per_block > 1 ? fmin(k->barrier_waits, r->queue_periods) : 0;
    double warps = r->queue_periods - ctas;
    double share = warps <= 0 ? 1 : ctas > 0 ? k->barrier_issue_share : 0;
    r->queue_barrier_periods = ctas;
    r->queue_sm_demand = warps > 0 ? r->issue_per_warp * (1 - share) / warps : 0;
    size_t ns = stations(m, k, r, mem_insts, s);
    station cta[STATION_COUNT];
    memcpy(cta, s, sizeof cta);
    r->queue_warp_cycle = warps > 0 ? mva_cycle(r->queue_warps, delay, s, ns) : 0;
    r->queue_cta_cycle = 0;
    if (ctas > 0) {
        cta_stations(cta, ns, r->warps_per_block, r->issue_per_warp * share / ctas);
        r->queue_cta_cycle = mva_cycle(resident, delay, cta, ns);
        mean_residences(s, cta, ns, warps, ctas);
    }
    return (warps * r->queue_warp_cycle + ctas * r->queue_cta_cycle) / r->queue_periods;
}

hamm_status mwp_queue_apply(const hamm_mwp_machine *m, const hamm_mwp_kernel *k,
                            hamm_mwp_result *r, hamm_error *err)
{
    double mem_insts = k->coal_mem_insts + k->uncoal_mem_insts;
    double blocks = k->blocks;
    double resident = ceil(fmin(blocks, (double)r->active_blocks_per_sm * m->sms));
    r->queue_periods = k->mem_waits > 0 ? fmin(k->mem_waits, mem_insts) : mem_insts;
    r->queue_warps = resident * r->warps_per_block;
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
    double delay = fmax(r->mem_l - r->departure_delay, 0);
    station s[STATION_COUNT];
    r->queue_cycle = periods(m, k, r, resident, delay, s);
    r->queue_dram_residence = s[STATION_DRAM].residence;
    r->queue_sm_residence = s[STATION_SM].residence;
    r->queue_port_residence = s[STATION_PORT].residence;
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
