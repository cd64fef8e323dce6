/* partition.c - a memory partition: L2 slice, DRAM channel, return and reply queues
 * (partition.h). */
#include <stdlib.h>

#include "common/alloc.h"
#include "partition.h"

#define NO_TAG UINT64_MAX

typedef struct timed_packet {
    gpu_packet p;
    uint64_t ready;
} timed_packet;

/* A request on its way into the DRAM queue through the DRAM latency queue. */
typedef struct dram_delayed {
    uint64_t addr, tag, ready; /* ready: the DRAM cycle it may enter the DRAM queue */
    uint64_t origin; /* streak.h */
    uint32_t bytes;
    uint16_t core;
    uint8_t write;
} dram_delayed;

typedef struct dram_return {
    uint64_t tag;      /* the held request (no L2) or the sector's address (L2) */
    uint64_t data_end; /* DRAM cycle its data has arrived */
} dram_return;

struct gpu_partition {
    gpu_partition_params p;
    gpu_cache *l2;
    channel *dram;
    const hamm_addrmap *map;
    gpu_packet *held;     /* [p.held]: requests waiting for DRAM data */
    uint32_t *free_held, nfree;
    uint32_t *waits;      /* [p.held]: sector fills a held request still needs (L2) */
    timed_packet *reply;  /* ring of p.reply_queue */
    uint32_t reply_head, reply_size;
    dram_return *ret;     /* ring of p.return_slots */
    uint32_t ret_head, ret_size;
    timed_packet *rop;    /* ring of p.rop_latency + 1 (ready: the L2 cycle it leaves) */
    uint32_t rop_head, rop_size;
    dram_delayed *dlq;    /* ring of p.dram_latency + 1 */
    uint32_t dlq_head, dlq_size;
    uint64_t dram_now;
    gpu_partition_stats st;
    gpu_streaks streaks;
};

static hamm_status check_params(const gpu_partition_params *p, hamm_error *err)
{
    const char *bad = !p->reply_queue    ? "reply_queue"
                      : !p->return_slots ? "return_slots"
                      : !p->held         ? "held"
                      : p->has_l2 && p->l2.mshr_max_merge > p->reply_queue
                          ? "l2.mshr_max_merge"
                          : NULL;
    if (!bad && (p->rop_latency > GPU_PARTITION_MAX_DELAY ||
                 p->dram_latency > GPU_PARTITION_MAX_DELAY))
        return hamm_error_field(err, HAMM_ERR_CONFIG,
                                p->rop_latency > GPU_PARTITION_MAX_DELAY ? "rop_latency"
                                                                         : "dram_latency",
                                "memory partition: a fixed delay of at most %u cycles",
                                (unsigned)GPU_PARTITION_MAX_DELAY);
    if (!bad)
        return HAMM_OK;
    return hamm_error_field(err, HAMM_ERR_CONFIG, bad,
                            "memory partition: queues need at least one entry, and the reply "
                            "queue room for every request one L2 fill can answer");
}

static void on_dram_done(void *user, uint64_t tag, int write, uint64_t data_end)
{
    gpu_partition *t = user;
    if (write || tag == NO_TAG)
        return; /* writes were acknowledged when taken */
    /* Reads hold a return slot from their first burst, so the ring has room. */
    t->ret[(t->ret_head + t->ret_size++) % t->p.return_slots] = (dram_return){tag, data_end};
}

static uint64_t channel_local(const void *map, uint64_t addr)
{
    return hamm_addrmap_channel_local(map, addr);
}

uint64_t gpu_partition_bytes(const gpu_partition_params *p)
{
    const gpu_partition *t = NULL; /* for the sizes of its arrays' elements */
    return sizeof *t + (uint64_t)p->held * (sizeof *t->held + sizeof *t->free_held +
                                            sizeof *t->waits) +
           (uint64_t)p->reply_queue * sizeof *t->reply +
           (uint64_t)p->return_slots * sizeof *t->ret +
           (p->rop_latency ? p->rop_latency + UINT64_C(1) : 0) * sizeof *t->rop +
           (p->dram_latency ? p->dram_latency + UINT64_C(1) : 0) * sizeof *t->dlq;
}

hamm_status gpu_partition_new(gpu_partition **out, const gpu_partition_params *p,
                              channel *dram, const hamm_addrmap *map, hamm_error *err)
{
    *out = NULL;
    hamm_status st = check_params(p, err);
    if (st)
        return st;
    gpu_partition *t = calloc(1, sizeof *t);
    if (!t)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for a memory partition");
    t->p = *p;
    t->dram = dram;
    t->map = map;
    t->held = hamm_calloc_array(p->held, sizeof *t->held);
    t->free_held = hamm_calloc_array(p->held, sizeof *t->free_held);
    t->waits = hamm_calloc_array(p->held, sizeof *t->waits);
    t->reply = hamm_calloc_array(p->reply_queue, sizeof *t->reply);
    t->ret = hamm_calloc_array(p->return_slots, sizeof *t->ret);
    /* One request enters the ROP queue an L2 cycle and stays rop_latency cycles, so
     * rop_latency + 1 entries never push back unless the L2 does; the DRAM latency queue
     * of dram_latency + 1 passes one request a DRAM cycle, GPGPU-Sim's rate. */
    t->rop = p->rop_latency ? hamm_calloc_array(p->rop_latency + 1u, sizeof *t->rop) : NULL;
    t->dlq = p->dram_latency ? hamm_calloc_array(p->dram_latency + 1u, sizeof *t->dlq) : NULL;
    if (!t->held || !t->free_held || !t->waits || !t->reply || !t->ret ||
        (p->rop_latency && !t->rop) || (p->dram_latency && !t->dlq)) {
        gpu_partition_free(t);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for a memory partition");
    }
    for (uint32_t i = 0; i < p->held; i++)
        t->free_held[t->nfree++] = p->held - 1 - i;
    /* the slice's sets are indexed by the address within its channel, as GPGPU-Sim's L2
     * by the partition address: with the global address a channel's lines would fall in
     * only the sets whose index bits leave the channel bits alone; its sub-partitions
     * are chosen by the channel's lowest bank bits, taken out of that address */
    gpu_cache_params l2 = p->l2;
    l2.set_key = channel_local;
    l2.set_key_ctx = map;
    if (p->has_l2 && ((st = gpu_set_part_mask(map, l2.sub_partitions, &l2.part_mask, err)) ||
                      (st = gpu_cache_new(&t->l2, &l2, err)))) {
        gpu_partition_free(t);
        return st;
    }
    channel_close_loop(dram, on_dram_done, t, p->return_slots);
    if (!channel_observe_streaks(dram, gpu_streaks_see, &t->streaks)) {
        gpu_partition_free(t);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for a memory partition");
    }
    *out = t;
    return HAMM_OK;
}

void gpu_partition_free(gpu_partition *t)
{
    if (!t)
        return;
    gpu_cache_free(t->l2);
    free(t->held);
    free(t->free_held);
    free(t->waits);
    free(t->reply);
    free(t->ret);
    free(t->rop);
    free(t->dlq);
    free(t);
}

/* ---- replies ---------------------------------------------------------------------- */

static uint32_t reply_room(const gpu_partition *t)
{
    return t->p.reply_queue - t->reply_size;
}

/* The answer to request q: data for a read, an acknowledgement for a write. */
static void reply_push(gpu_partition *t, const gpu_packet *q, uint64_t ready)
{
    gpu_packet r = *q;
    r.reply = 1;
    t->reply[(t->reply_head + t->reply_size++) % t->p.reply_queue] = (timed_packet){r, ready};
}

int gpu_partition_reply_peek(const gpu_partition *t, uint64_t now, gpu_packet *out)
{
    if (!t->reply_size || t->reply[t->reply_head].ready > now)
        return 0;
    *out = t->reply[t->reply_head].p;
    return 1;
}

void gpu_partition_reply_pop(gpu_partition *t)
{
    if (!t->reply_size)
        return;
    t->reply_head = (t->reply_head + 1) % t->p.reply_queue;
    t->reply_size--;
}

/* ---- the DRAM side ---------------------------------------------------------------- */

static void enqueue(gpu_partition *t, uint64_t addr, uint32_t bytes, int write, uint16_t core,
                    uint64_t tag, uint64_t origin)
{
    hamm_dram_coord c;
    hamm_addrmap_decode(t->map, addr, &c);
    uint32_t bank = hamm_dram_coord_channel_bank(&c, hamm_addrmap_geometry(t->map)->banks);
    channel_enqueue(t->dram, bank, c.row, c.column, bytes, write, tag, origin);
    t->st.dram_reads += !write;
    t->st.dram_writes += write != 0;
    if (t->p.tap) {
        hamm_request r = {.addr = addr, .cycle = channel_now(t->dram), .size = bytes,
                          .core = core, .op = write ? HAMM_OP_WRITE : HAMM_OP_READ,
                          .flags = HAMM_REQ_HAS_CYCLE | HAMM_REQ_HAS_CORE};
        t->p.tap(t->p.tap_user, t->p.id, &r);
    }
}

/* Room on the way into the DRAM queue: the queue itself, and the latency queue if any
 * (GPGPU-Sim lets a request into its DRAM latency queue only while the DRAM queue is not
 * full, and into the DRAM queue only then too). */
static int dram_room(const gpu_partition *t, int write)
{
    if (t->p.dram_latency && t->dlq_size > t->p.dram_latency)
        return 0;
    return channel_can_accept(t->dram, write);
}

/* Into the DRAM queue now, or into the latency queue for dram_latency DRAM cycles. */
static void to_dram(gpu_partition *t, uint64_t addr, uint32_t bytes, int write, uint16_t core,
                    uint64_t tag, uint64_t origin)
{
    if (!t->p.dram_latency) {
        enqueue(t, addr, bytes, write, core, tag, origin);
        return;
    }
    t->dlq[(t->dlq_head + t->dlq_size++) % (t->p.dram_latency + 1u)] =
        (dram_delayed){.addr = addr, .tag = tag, .ready = t->dram_now + t->p.dram_latency,
                       .origin = origin, .bytes = bytes, .core = core, .write = write != 0};
}

/* The latency queue's head into the DRAM queue, one a DRAM cycle, when its time has come
 * and the queue has room. */
static void dlq_drain(gpu_partition *t, uint64_t dram_now)
{
    if (!t->dlq_size)
        return;
    const dram_delayed *d = &t->dlq[t->dlq_head];
    if (d->ready > dram_now || !channel_can_accept(t->dram, d->write))
        return;
    enqueue(t, d->addr, d->bytes, d->write, d->core, d->tag, d->origin);
    t->dlq_head = (t->dlq_head + 1) % (t->p.dram_latency + 1u);
    t->dlq_size--;
}

/* The L2's fetches and write-backs, into the DRAM queue while it has room. */
static void l2_to_dram(gpu_partition *t)
{
    gpu_mem_req r;
    while (t->l2 && gpu_cache_miss_peek(t->l2, &r) && dram_room(t, r.write)) {
        to_dram(t, r.addr, r.bytes, r.write, 0, r.write ? NO_TAG : r.addr, GPU_ORIGIN_NONE);
        gpu_cache_miss_pop(t->l2);
    }
}

/* Data that has arrived: fill the L2 and answer what waited for it, or answer the held
 * read; each frees a return slot.  Stops when the reply queue could not take them all. */
static void take_returns(gpu_partition *t, uint64_t now)
{
    while (t->ret_size && t->ret[t->ret_head].data_end <= t->dram_now) {
        uint64_t tag = t->ret[t->ret_head].tag;
        if (t->l2) {
            if (reply_room(t) < t->p.l2.mshr_max_merge)
                return;
            uint32_t ids[64], n = gpu_cache_fill(t->l2, tag, ids, 64);
            for (uint32_t i = 0; i < n && i < 64; i++) {
                /* a request missing several sectors waits in as many MSHR entries */
                if (t->waits[ids[i]] > 1) {
                    t->waits[ids[i]]--;
                    continue;
                }
                reply_push(t, &t->held[ids[i]], now);
                t->free_held[t->nfree++] = ids[i];
            }
        } else {
            if (!reply_room(t))
                return;
            reply_push(t, &t->held[tag], now);
            t->free_held[t->nfree++] = (uint32_t)tag;
        }
        t->ret_head = (t->ret_head + 1) % t->p.return_slots;
        t->ret_size--;
        channel_return_taken(t->dram);
    }
}

static int take(gpu_partition *t, const gpu_packet *q, uint64_t now);

/* The ROP queue's head to the L2 or the DRAM queue once its time has come; one an L2
 * cycle, as requests enter. */
static void rop_drain(gpu_partition *t, uint64_t now)
{
    if (t->rop_size && t->rop[t->rop_head].ready <= now && take(t, &t->rop[t->rop_head].p, now)) {
        t->rop_head = (t->rop_head + 1) % (t->p.rop_latency + 1u);
        t->rop_size--;
    }
}

void gpu_partition_l2_cycle(gpu_partition *t, uint64_t now, uint64_t dram_now)
{
    t->dram_now = dram_now;
    take_returns(t, now);
    rop_drain(t, now);
    l2_to_dram(t);
}

void gpu_partition_dram_cycle(gpu_partition *t, uint64_t dram_now)
{
    dlq_drain(t, dram_now);
    t->st.reply_stall_cycles += channel_reads_stalled(t->dram);
    channel_advance(t->dram, dram_now + 1);
    t->dram_now = dram_now + 1;
}

/* ---- taking requests -------------------------------------------------------------- */

static int accept_l2(gpu_partition *t, const gpu_packet *q, uint64_t now)
{
    if (!reply_room(t) || (!q->write && !t->nfree))
        return 0;
    uint32_t id = q->write ? UINT32_MAX : t->free_held[t->nfree - 1];
    uint32_t sectors = gpu_cache_sectors_of(t->l2, q->addr, q->sectors);
    gpu_cache_outcome o = gpu_cache_access(t->l2, q->addr, sectors, q->write, id);
    if (o == GPU_CACHE_FAIL)
        return 0;
    if (q->write || o == GPU_CACHE_HIT) {
        reply_push(t, q, now + (q->write ? 0 : t->p.l2_latency));
        return 1;
    }
    t->waits[id] = gpu_cache_last_waits(t->l2);
    t->held[t->free_held[--t->nfree]] = *q; /* answered by the fill of its last sector */
    return 1;
}

static int accept_direct(gpu_partition *t, const gpu_packet *q, uint64_t now)
{
    if (!dram_room(t, q->write))
        return 0;
    if (q->write) {
        if (!reply_room(t))
            return 0;
        to_dram(t, q->addr, q->bytes, 1, q->core, NO_TAG, gpu_origin_of(q->core, q->cta));
        reply_push(t, q, now);
        return 1;
    }
    if (!t->nfree)
        return 0;
    uint32_t id = t->free_held[--t->nfree];
    t->held[id] = *q;
    to_dram(t, q->addr, q->bytes, 0, q->core, id, gpu_origin_of(q->core, q->cta));
    return 1;
}

/* The L2 or, without one, the DRAM queue takes request q: 1 when taken. */
static int take(gpu_partition *t, const gpu_packet *q, uint64_t now)
{
    int taken = t->l2 ? accept_l2(t, q, now) : accept_direct(t, q, now);
    if (taken && t->l2)
        l2_to_dram(t);
    return taken;
}

int gpu_partition_accept(gpu_partition *t, const gpu_packet *req, uint64_t now)
{
    int taken;
    if (t->p.rop_latency) {
        taken = t->rop_size <= t->p.rop_latency;
        if (taken)
            t->rop[(t->rop_head + t->rop_size++) % (t->p.rop_latency + 1u)] =
                (timed_packet){*req, now + t->p.rop_latency};
    } else {
        taken = take(t, req, now);
    }
    if (!taken) {
        t->st.blocked_cycles++;
        return 0;
    }
    t->st.reads += !req->write;
    t->st.writes += req->write != 0;
    return 1;
}

int gpu_partition_quiet(const gpu_partition *t)
{
    gpu_mem_req r;
    return t->nfree == t->p.held && !t->reply_size && !t->ret_size && !t->rop_size &&
           !t->dlq_size && channel_quiet(t->dram) && !(t->l2 && gpu_cache_miss_peek(t->l2, &r));
}

const gpu_partition_stats *gpu_partition_stats_of(const gpu_partition *t)
{
    return &t->st;
}

const gpu_streaks *gpu_partition_streaks(const gpu_partition *t)
{
    return &t->streaks;
}

const gpu_cache_stats *gpu_partition_l2_stats(const gpu_partition *t)
{
    return t->l2 ? gpu_cache_stats_of(t->l2) : NULL;
}
