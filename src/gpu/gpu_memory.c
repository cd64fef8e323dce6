/* gpu_memory.c - the memory a GPU will take, added up from its parameters before anything
 * is allocated (each part's size is its module's own count of what its constructor
 * allocates), and a GPU that would take more than HAMM_GPU_MAX_BYTES refused, naming the
 * model keys of its largest part: a model of a few hundred bytes (65,535 cores with large
 * in-flight tables) must not allocate until malloc fails. */
#include <stdio.h>

#include "common/saturate.h"
#include "gpu_internal.h"

/* One part of the GPU: `count` of `what` (NULL: one), `each` bytes, sized by `keys`. */
typedef struct memory_part {
    const char *field; /* the error's field when it is the largest */
    const char *keys;
    const char *what;
    uint64_t count, each;
} memory_part;

/* "12.0 GiB", "190.1 KiB", ... */
static void human(uint64_t bytes, char *out, size_t size)
{
    static const char *const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = (double)bytes;
    size_t u = 0;
    while (v >= 1024 && u + 1 < sizeof units / sizeof units[0])
        v /= 1024, u++;
    snprintf(out, size, u ? "%.1f %s" : "%.0f %s", v, units[u]);
}

/* The parts of a GPU of p over `channels` channels of `banks` banks each (gpu.c's
 * wiring: the request network from the cores to the channels, the reply network back). */
static size_t parts_of(const gpu_params *p, uint32_t channels, uint32_t banks,
                       memory_part *part)
{
    gpu_icnt_params rq = p->request_net, rp = p->reply_net;
    rq.inputs = rp.outputs = p->cores;
    rq.outputs = rp.inputs = channels;
    const memory_part all[] = {
        {"core", "core.max_threads, core.max_inflight x core.max_merge, core.max_ctas and "
                 "core.icache_lines", "cores", p->cores, gpu_core_bytes(&p->core)},
        {"l1", "l1.sets x l1.ways, l1.mshr_entries x l1.mshr_max_merge and l1.miss_queue",
         "cores' L1s", p->core.has_l1 ? p->cores : 0, gpu_cache_bytes(&p->core.l1)},
        {"partition", "partition.held, partition.reply_queue, partition.return_queue, "
                      "partition.rop_latency and partition.dram_latency",
         "channels", channels, gpu_partition_bytes(&p->partition)},
        {"l2", "l2.sets x l2.ways, l2.mshr_entries x l2.mshr_max_merge and l2.miss_queue",
         "channels' L2s", p->partition.has_l2 ? channels : 0, gpu_cache_bytes(&p->partition.l2)},
        {"interconnect", "interconnect.input_flits, interconnect.output_flits and "
                         "interconnect.vcs at each of the cores' and channels' ports",
         NULL, 1, saturate_add(gpu_icnt_bytes(&rq), gpu_icnt_bytes(&rp))},
        {"cores", "cores x channels x banks (row locality counters)", NULL, 1,
         saturate_add(gpu_locality_bytes(p->cores * channels, banks),
              saturate_add(gpu_locality_bytes(channels, banks), gpu_horizontal_bytes(channels, banks)))},
    };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        part[i] = all[i];
    return sizeof all / sizeof all[0];
}

uint64_t gpu_memory_bytes(const gpu_params *p, uint32_t channels, uint32_t banks)
{
    memory_part part[8];
    uint64_t total = 0;
    for (size_t i = 0, n = parts_of(p, channels, banks, part); i < n; i++)
        total = saturate_add(total, saturate_mul(part[i].count, part[i].each));
    return total;
}

hamm_status gpu_memory_check(const gpu_params *p, uint32_t channels, uint32_t banks,
                             hamm_error *err)
{
    memory_part part[8];
    size_t n = parts_of(p, channels, banks, part), largest = 0;
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        total = saturate_add(total, saturate_mul(part[i].count, part[i].each));
        if (saturate_mul(part[i].count, part[i].each) > saturate_mul(part[largest].count, part[largest].each))
            largest = i;
    }
    if (total <= HAMM_GPU_MAX_BYTES)
        return HAMM_OK;
    const memory_part *big = &part[largest];
    char need[32], most[32], share[32], each[64] = "";
    human(total, need, sizeof need);
    human(HAMM_GPU_MAX_BYTES, most, sizeof most);
    human(saturate_mul(big->count, big->each), share, sizeof share);
    if (big->what) {
        char one[32];
        human(big->each, one, sizeof one);
        snprintf(each, sizeof each, " (%llu %s x %s)", (unsigned long long)big->count,
                 big->what, one);
    }
    return hamm_error_field(err, HAMM_ERR_CONFIG, big->field,
                            "the GPU would take %s of memory, more than the %s a GPU may "
                            "take; %s of it%s grows with %s",
                            need, most, share, each, big->keys);
}
