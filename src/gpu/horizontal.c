/* horizontal.c - horizontal locality at the channels: row followers and interleaved
 * returns by core (horizontal.h). */
#include <stdlib.h>

#include "common/alloc.h"
#include "horizontal.h"

#define NO_ROW UINT32_MAX
#define SLOTS (HORIZ_DEPTH + 1)

uint64_t gpu_horizontal_bytes(uint32_t channels, uint32_t banks)
{
    const gpu_horizontal *h = NULL; /* for the sizes of its arrays' elements */
    return (uint64_t)channels * banks * SLOTS * (sizeof *h->row + sizeof *h->core);
}

int gpu_horizontal_init(gpu_horizontal *h, uint32_t channels, uint32_t banks)
{
    size_t n = (size_t)channels * banks * SLOTS;
    *h = (gpu_horizontal){.banks = banks};
    h->row = hamm_calloc_array(n, sizeof *h->row);
    h->core = hamm_calloc_array(n, sizeof *h->core);
    if (!h->row || !h->core) {
        gpu_horizontal_free(h);
        return 0;
    }
    for (size_t i = 0; i < n; i++)
        h->row[i] = NO_ROW;
    return 1;
}

void gpu_horizontal_free(gpu_horizontal *h)
{
    free(h->row);
    free(h->core);
    h->row = NULL;
    h->core = NULL;
}

void gpu_horizontal_see(gpu_horizontal *h, uint32_t channel, uint32_t bank, uint32_t row,
                        uint32_t core, uint32_t bytes)
{
    size_t base = ((size_t)channel * h->banks + bank) * SLOTS;
    uint32_t *r = &h->row[base], *k = &h->core[base];
    uint64_t more = bytes > HORIZ_PIECE_BYTES ? (bytes - 1) / HORIZ_PIECE_BYTES : 0;
    h->st.pieces += 1 + more;
    h->st.followers += more; /* its own pieces after the first: the same core, the same row */
    if (r[0] == row) {
        h->st.followers++;
        h->st.followers_other_core += k[0] != core;
        k[0] = core;
        return;
    }
    uint32_t found = SLOTS;
    for (uint32_t i = 1; i < SLOTS && found == SLOTS; i++)
        found = r[i] == row ? i : SLOTS;
    if (found < SLOTS) {
        h->st.interleaved++;
        h->st.interleaved_other_core += k[found] != core;
    }
    /* the new run goes in front; the returned-to run (or the oldest) drops out */
    uint32_t drop = found < SLOTS ? found : SLOTS - 1;
    for (uint32_t i = drop; i > 0; i--) {
        r[i] = r[i - 1];
        k[i] = k[i - 1];
    }
    r[0] = row;
    k[0] = core;
}
