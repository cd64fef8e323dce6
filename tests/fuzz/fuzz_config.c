/* fuzz_config.c - fuzzing the model-file loader: the bytes are written to a file and
 * loaded with hamm_config_load as a system model.
 *
 * Input: the model file's text up to the first NUL byte; after it, up to 8 overrides
 * ("path=value", as for --set) separated by NUL bytes.  The file lives in a temporary
 * directory laid out like models/ (system/FILE, and dram/ linking to the source tree's
 * DRAM models), so "dram": "../dram/gddr3-yuan09.json" resolves as in the real tree.
 *
 * A load must succeed or fail with a filled-in error record.  A model that loads must
 * give an address map that decodes any address inside the geometry, and must survive a
 * round trip: hamm_config_to_json, written out and loaded again, gives the same model. */
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "hamm/addrmap.h"
#include "hamm/config.h"
#include "hamm/dram_model.h"
#include "hamm_build_config.h"

#define MAX_SETS 8

static char dir[512];       /* the temporary models directory */
static char sys_dir[600];   /* dir/system */
static char dram_link[600]; /* dir/dram -> the source tree's models/dram */
static char sys_path[700];  /* dir/system/fuzz.json: the input */
static char trip_path[700]; /* dir/system/roundtrip.json: hamm_config_to_json's output */

static void cleanup(void)
{
    unlink(sys_path);
    unlink(trip_path);
    unlink(dram_link);
    rmdir(sys_dir);
    rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/hamm-fuzz-config-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    FUZZ_CHECK(mkdtemp(dir) != NULL, "cannot make a temporary directory from %s", dir);
    snprintf(sys_dir, sizeof sys_dir, "%s/system", dir);
    snprintf(dram_link, sizeof dram_link, "%s/dram", dir);
    snprintf(sys_path, sizeof sys_path, "%s/fuzz.json", sys_dir);
    snprintf(trip_path, sizeof trip_path, "%s/roundtrip.json", sys_dir);
    FUZZ_CHECK(mkdir(sys_dir, 0700) == 0, "cannot make %s", sys_dir);
    FUZZ_CHECK(symlink(HAMM_SOURCE_MODELDIR "/dram", dram_link) == 0, "cannot link %s",
               dram_link);
    atexit(cleanup);
    /* A model may name "/dev/stdin" as its DRAM file: let that read end at once. */
    FUZZ_CHECK(freopen("/dev/null", "r", stdin) != NULL, "cannot reopen stdin");
    return 0;
}

static void write_file(const char *path, const void *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    FUZZ_CHECK(f != NULL, "cannot write %s", path);
    FUZZ_CHECK(fwrite(p, 1, n, f) == n && fclose(f) == 0, "cannot write %s", path);
}

static void check_failure(hamm_status st, const hamm_error *err)
{
    FUZZ_CHECK(st > HAMM_OK && st < HAMM_STATUS_COUNT, "status %d", (int)st);
    FUZZ_CHECK(err->status == st, "returned %s, the record says %s", hamm_status_text(st),
               hamm_status_text(err->status));
    FUZZ_CHECK(err->text[0] != '\0', "a %s with no text", hamm_status_text(st));
    char line[1024];
    hamm_error_format(err, line, sizeof line);
}

static void check_map(const hamm_system_config *cfg)
{
    hamm_addrmap *map = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_status st = hamm_config_addrmap(cfg, &map, &err);
    FUZZ_CHECK(st == HAMM_OK, "a loaded model's map fails: %s", err.text);
    hamm_geometry g;
    hamm_config_geometry(cfg, &g);
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 70; i++) {
        uint64_t addr = i == 0 ? 0 : i == 1 ? UINT64_MAX : (x = x * 6364136223846793005ull + 1);
        if (i >= 2 && i < 6)
            addr >>= 16 * (i - 2) + 8; /* small addresses too */
        hamm_dram_coord c;
        hamm_addrmap_decode(map, addr, &c);
        FUZZ_CHECK(c.channel < g.channels && c.bank_group < g.bank_groups &&
                       c.bank < g.banks && c.row < g.rows && c.column < g.columns,
                   "0x%llx -> channel %u group %u bank %u row %u column %u, outside %u/%u/%u/%u/%u",
                   (unsigned long long)addr, c.channel, c.bank_group, c.bank, c.row, c.column,
                   g.channels, g.bank_groups, g.banks, g.rows, g.columns);
        FUZZ_CHECK(c.bank / (g.banks / g.bank_groups) == c.bank_group,
                   "bank %u is not in group %u", c.bank, c.bank_group);
    }
    hamm_addrmap_free(map);
}

static void same_model(const hamm_system_config *a, const hamm_system_config *b)
{
    const hamm_dram_config *x = &a->dram, *y = &b->dram;
    FUZZ_CHECK(strcmp(a->name, b->name) == 0 && strcmp(x->name, y->name) == 0 &&
                   strcmp(a->address_map, b->address_map) == 0 &&
                   strcmp(a->address_xor, b->address_xor) == 0,
               "names or maps differ after the round trip");
    FUZZ_CHECK(a->channels == b->channels && a->chips_per_channel == b->chips_per_channel &&
                   a->queue_size == b->queue_size && a->request_size == b->request_size &&
                   a->cores == b->cores &&
                   a->max_inflight_per_core == b->max_inflight_per_core &&
                   a->scheduler == b->scheduler,
               "system values differ after the round trip");
    FUZZ_CHECK(x->banks == y->banks && x->bank_groups == y->bank_groups && x->rows == y->rows &&
                   x->columns == y->columns && x->bus_width_bits == y->bus_width_bits &&
                   x->burst_length == y->burst_length && x->data_rate == y->data_rate &&
                   x->clock_mhz == y->clock_mhz &&
                   memcmp(&x->timing, &y->timing, sizeof x->timing) == 0,
               "DRAM values differ after the round trip (clock %.17g vs %.17g)", x->clock_mhz,
               y->clock_mhz);
}

static void check_loaded(const hamm_system_config *cfg)
{
    check_map(cfg);
    hamm_model_params p;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_status st = hamm_model_params_from_config(cfg, &p, &err);
    if (st != HAMM_OK)
        check_failure(st, &err);
    char *text = hamm_config_to_json(cfg);
    FUZZ_CHECK(text != NULL, "hamm_config_to_json of a loaded model");
    write_file(trip_path, text, strlen(text));
    hamm_system_config back;
    hamm_error_clear(&err);
    st = hamm_config_load(&back, trip_path, NULL, 0, &err);
    FUZZ_CHECK(st == HAMM_OK, "the round trip does not load: %s: %s\n%s", err.field, err.text,
               text);
    free(text);
    same_model(cfg, &back);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, 0, size);
    size_t file_len = nul ? (size_t)(nul - data) : size;
    write_file(sys_path, data, file_len);
    const char *sets[MAX_SETS];
    size_t nsets = 0;
    char *rest = NULL;
    if (nul) {
        size_t n = size - file_len - 1;
        rest = malloc(n + 1);
        FUZZ_CHECK(rest != NULL, "out of memory in the harness");
        memcpy(rest, nul + 1, n);
        rest[n] = '\0';
        for (char *p = rest; p < rest + n && nsets < MAX_SETS; p += strlen(p) + 1)
            if (*p)
                sets[nsets++] = p;
    }
    hamm_system_config cfg;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_status st = hamm_config_load(&cfg, sys_path, sets, nsets, &err);
    if (st == HAMM_OK)
        check_loaded(&cfg);
    else
        check_failure(st, &err);
    free(rest);
    return 0;
}
