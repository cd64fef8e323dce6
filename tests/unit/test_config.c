/* test_config.c - model files: every shipped model loads and holds the published values,
 * overrides work, the JSON dump loads back to the same model, and every case under
 * tests/data/config/invalid/ fails with the message its `error` file expects. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "hamm/config.h"

#define MODELS HAMM_SOURCE_ROOT "/models"
#define DATA HAMM_TEST_DATA "/config"

static hamm_status load(hamm_system_config *cfg, const char *path, const char *const *sets,
                        size_t nsets, hamm_error *err)
{
    hamm_error_clear(err);
    memset(cfg, 0, sizeof *cfg);
    return hamm_config_load(cfg, path, sets, nsets, err);
}

static void load_ok(hamm_system_config *cfg, const char *path, const char *const *sets,
                    size_t nsets)
{
    hamm_error err;
    if (load(cfg, path, sets, nsets, &err) != HAMM_OK) {
        char msg[512];
        hamm_error_format(&err, msg, sizeof msg);
        fail_msg("%s: %s", path, msg);
    }
}

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && strcmp(s + n - m, tail) == 0;
}

static void test_yuan09_baseline(void **state)
{
    (void)state;
    hamm_system_config c;
    load_ok(&c, MODELS "/system/yuan09-baseline.json", NULL, 0);
    assert_string_equal(c.name, "yuan09-baseline");
    assert_true(ends_with(c.source, "yuan09-baseline.json"));
    /* Table 1 of the paper */
    assert_int_equal(c.channels, 8);
    assert_int_equal(c.chips_per_channel, 2);
    assert_int_equal(c.queue_size, 32);
    assert_int_equal(c.scheduler, HAMM_SCHED_FRFCFS);
    assert_int_equal(c.request_size, 64);
    assert_int_equal(c.cores, 32);
    assert_int_equal(c.max_inflight_per_core, 64);
    assert_string_equal(c.address_xor, "");
    /* Table 2 */
    const hamm_dram_config *d = &c.dram;
    assert_string_equal(d->name, "gddr3-yuan09");
    assert_int_equal(d->banks, 4);
    assert_int_equal(d->bank_groups, 1);
    assert_int_equal(d->rows, 4096);
    assert_int_equal(d->bus_width_bits, 32);
    assert_int_equal(d->burst_length, 4);
    assert_int_equal(d->data_rate, 2);
    assert_true(d->clock_mhz == 800.0);
    const hamm_dram_timing *t = &d->timing;
    assert_int_equal(t->tCCD, 2);
    assert_int_equal(t->tRRD, 8);
    assert_int_equal(t->tRAS, 21);
    assert_int_equal(t->tRCD, 12);
    assert_int_equal(t->tRC, 34);
    assert_int_equal(t->tWTR, 5);
    assert_int_equal(t->tRP, 13);
    assert_int_equal(t->CL, 9);
    assert_int_equal(t->tCCD_L + t->tRRD_L + t->tFAW + t->tWTR_L + t->tRFC + t->tREFI, 0);
    /* 2 chips x 4 bytes: 8-byte columns, a 32-byte burst, 4 KB rows */
    hamm_geometry g;
    hamm_config_geometry(&c, &g);
    assert_int_equal(g.channels, 8);
    assert_int_equal(g.banks, 4);
    assert_int_equal(g.columns, 512);
    assert_int_equal(g.column_bytes, 8);
}

static void test_gtx480(void **state)
{
    (void)state;
    hamm_system_config c;
    load_ok(&c, MODELS "/system/gtx480.json", NULL, 0);
    assert_int_equal(c.channels, 6);
    assert_int_equal(c.dram.banks, 16);
    assert_int_equal(c.dram.bank_groups, 4);
    assert_int_equal(c.dram.data_rate, 4);
    assert_int_equal(c.dram.timing.tCCD_L, 3);
    assert_int_equal(c.dram.timing.tRC, 40);
    assert_true(c.dram.clock_mhz == 924.0);
    /* the map decodes with six channels */
    hamm_addrmap *m;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_config_addrmap(&c, &m, &err), HAMM_OK);
    hamm_dram_coord co;
    hamm_addrmap_decode(m, 0x500, &co); /* (0x500 >> 8) % 6 = 5 */
    assert_int_equal(co.channel, 5);
    hamm_addrmap_free(m);
}

/* Every system under models/system/ loads, builds its map, and survives a round trip
 * through hamm_config_to_json unchanged. */
static void round_trip(const hamm_system_config *a)
{
    char *text = hamm_config_to_json(a);
    assert_non_null(text);
    char path[] = "/tmp/hamm-test-config-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    size_t len = strlen(text);
    assert_int_equal(write(fd, text, len), (ssize_t)len);
    close(fd);
    free(text);
    hamm_system_config b;
    load_ok(&b, path, NULL, 0);
    unlink(path);
    assert_string_equal(a->name, b.name);
    assert_string_equal(a->address_map, b.address_map);
    assert_string_equal(a->address_xor, b.address_xor);
    assert_int_equal(a->channels, b.channels);
    assert_int_equal(a->chips_per_channel, b.chips_per_channel);
    assert_int_equal(a->queue_size, b.queue_size);
    assert_int_equal(a->request_size, b.request_size);
    assert_int_equal(a->cores, b.cores);
    assert_int_equal(a->max_inflight_per_core, b.max_inflight_per_core);
    assert_int_equal(a->scheduler, b.scheduler);
    assert_int_equal(a->write_queue_size, b.write_queue_size);
    assert_int_equal(a->write_drain_high, b.write_drain_high);
    assert_int_equal(a->write_drain_low, b.write_drain_low);
    assert_int_equal(a->page_policy, b.page_policy);
    assert_int_equal(a->page_timeout, b.page_timeout);
    assert_int_equal(a->row_hit_cap, b.row_hit_cap);
    assert_int_equal(a->ready_order, b.ready_order);
    assert_string_equal(a->dram.name, b.dram.name);
    assert_int_equal(a->dram.banks, b.dram.banks);
    assert_int_equal(a->dram.ranks, b.dram.ranks);
    assert_int_equal(a->dram.bank_groups, b.dram.bank_groups);
    assert_int_equal(a->dram.rows, b.dram.rows);
    assert_int_equal(a->dram.columns, b.dram.columns);
    assert_int_equal(a->dram.bus_width_bits, b.dram.bus_width_bits);
    assert_int_equal(a->dram.burst_length, b.dram.burst_length);
    assert_int_equal(a->dram.data_rate, b.dram.data_rate);
    assert_true(a->dram.clock_mhz == b.dram.clock_mhz);
    assert_memory_equal(&a->dram.timing, &b.dram.timing, sizeof a->dram.timing);
}

static void test_shipped_models(void **state)
{
    (void)state;
    DIR *dir = opendir(MODELS "/system");
    assert_non_null(dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(dir))) {
        if (!ends_with(e->d_name, ".json"))
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", MODELS "/system", e->d_name);
        hamm_system_config c;
        load_ok(&c, path, NULL, 0);
        hamm_addrmap *m;
        hamm_error err;
        hamm_error_clear(&err);
        assert_int_equal(hamm_config_addrmap(&c, &m, &err), HAMM_OK);
        hamm_addrmap_free(m);
        round_trip(&c);
        n++;
    }
    closedir(dir);
    assert_true(n >= 4);
}

static void test_overrides(void **state)
{
    (void)state;
    static const char *const sets[] = {
        "queue_size=16",         "dram.timing.tRCD=14", "scheduler=most-pending",
        "dram.clock_mhz=900.5",  "address_xor=bank^row", "dram.timing.tRC=40",
        "dram.timing.tRC=36", /* the last one wins */
        "name=\"quoted\"",
    };
    hamm_system_config c;
    load_ok(&c, MODELS "/system/yuan09-baseline.json", sets, sizeof sets / sizeof sets[0]);
    assert_int_equal(c.queue_size, 16);
    assert_int_equal(c.dram.timing.tRCD, 14);
    assert_int_equal(c.dram.timing.tRC, 36);
    assert_int_equal(c.scheduler, HAMM_SCHED_MOST_PENDING);
    assert_true(c.dram.clock_mhz == 900.5);
    assert_string_equal(c.address_xor, "bank^row");
    assert_string_equal(c.name, "quoted");
    /* untouched values stay */
    assert_int_equal(c.dram.timing.tRAS, 21);
    assert_int_equal(c.channels, 8);
}

/* --set dram=NAME swaps the DRAM model; a field-order map follows the new geometry. */
static void test_override_dram(void **state)
{
    (void)state;
    static const char *const sets[] = {"dram=gddr5-gtx480"};
    hamm_system_config c;
    load_ok(&c, DATA "/valid/fieldorder/system.json", NULL, 0);
    assert_string_equal(c.dram.name, "gddr3-yuan09");
    static const char *const dirs[] = {MODELS};
    const hamm_model_path models = {dirs, 1};
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_config_load_with(&c, DATA "/valid/fieldorder/system.json", sets, 1,
                                           &models, &err),
                     HAMM_OK);
    assert_string_equal(c.dram.name, "gddr5-gtx480");
    assert_int_equal(c.dram.banks, 16);
    /* the library has no models directory of its own: without one the name is unknown */
    assert_int_equal(load(&c, DATA "/valid/fieldorder/system.json", sets, 1, &err),
                     HAMM_ERR_CONFIG);
}

/* An inline DRAM object, with every optional key left out: the documented defaults. */
static void test_inline_and_defaults(void **state)
{
    (void)state;
    hamm_system_config c;
    load_ok(&c, DATA "/valid/inline/system.json", NULL, 0);
    assert_string_equal(c.name, "inline");
    assert_int_equal(c.dram.bank_groups, 1);
    assert_int_equal(c.dram.data_rate, 2);
    assert_int_equal(c.dram.timing.tFAW, 0);
    assert_int_equal(c.dram.timing.tREFI, 0);
    assert_int_equal(c.scheduler, HAMM_SCHED_FRFCFS);
    assert_string_equal(c.address_xor, "");
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = calloc(1, 4096);
    size_t n = buf ? fread(buf, 1, 4095, f) : 0;
    (void)n;
    fclose(f);
    return buf;
}

/* Split `text` into its non-empty lines, in place. */
static size_t lines(char *text, const char **out, size_t max)
{
    size_t n = 0;
    for (char *p = strtok(text, "\n"); p && n < max; p = strtok(NULL, "\n"))
        if (*p)
            out[n++] = p;
    return n;
}

static void run_invalid_case(const char *name)
{
    char dir[1024], path[1100];
    snprintf(dir, sizeof dir, "%s/invalid/%s", DATA, name);
    snprintf(path, sizeof path, "%s/error", dir);
    char *expected = read_text(path);
    if (!expected)
        fail_msg("%s: no error file", name);
    snprintf(path, sizeof path, "%s/sets", dir);
    char *sets_text = read_text(path);
    const char *sets[16], *want[8];
    size_t nsets = sets_text ? lines(sets_text, sets, 16) : 0;
    size_t nwant = lines(expected, want, 8);
    snprintf(path, sizeof path, "%s/system.json", dir);
    hamm_system_config c;
    hamm_error err;
    if (load(&c, path, sets, nsets, &err) == HAMM_OK)
        fail_msg("%s: loaded, expected \"%s\"", name, want[0]);
    char msg[600];
    hamm_error_format(&err, msg, sizeof msg);
    for (size_t i = 0; i < nwant; i++)
        if (!strstr(msg, want[i]))
            fail_msg("%s: got \"%s\", want \"%s\"", name, msg, want[i]);
    free(expected);
    free(sets_text);
}

static void test_invalid_cases(void **state)
{
    (void)state;
    DIR *dir = opendir(DATA "/invalid");
    assert_non_null(dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(dir))) {
        if (e->d_name[0] == '.')
            continue;
        run_invalid_case(e->d_name);
        n++;
    }
    closedir(dir);
    assert_true(n >= 11);
}

/* A syntax error keeps jansson's line and column; a duplicate key is refused. */
static void test_syntax_position(void **state)
{
    (void)state;
    hamm_system_config c;
    hamm_error err;
    assert_int_equal(load(&c, DATA "/invalid/syntax_error/system.json", NULL, 0, &err),
                     HAMM_ERR_CONFIG);
    assert_int_equal(err.line, 4);
    assert_true(err.column > 0);
    assert_int_equal(load(&c, DATA "/invalid/duplicate_key/system.json", NULL, 0, &err),
                     HAMM_ERR_CONFIG);
    assert_int_equal(err.line, 4);
    assert_int_equal(load(&c, DATA "/invalid/no-such-case/system.json", NULL, 0, &err),
                     HAMM_ERR_IO);
    /* the error record is optional */
    assert_int_equal(hamm_config_load(&c, DATA "/invalid/syntax_error/system.json", NULL, 0,
                                      NULL),
                     HAMM_ERR_CONFIG);
    assert_int_equal(hamm_config_load(&c, DATA "/invalid/trc_lt_tras_trp/system.json", NULL, 0,
                                      NULL),
                     HAMM_ERR_CONFIG);
}

/* A system file named without a directory finds its DRAM file relative to itself. */
static void test_relative_path(void **state)
{
    (void)state;
    char cwd[4096];
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(MODELS "/system"), 0);
    hamm_system_config c;
    hamm_error err;
    hamm_status st = load(&c, "yuan09-baseline.json", NULL, 0, &err);
    assert_int_equal(chdir(cwd), 0);
    assert_int_equal(st, HAMM_OK);
    assert_string_equal(c.dram.name, "gddr3-yuan09");
}

/* A DRAM model is not a system model. */
static void test_dram_file_as_system(void **state)
{
    (void)state;
    hamm_system_config c;
    hamm_error err;
    assert_int_equal(load(&c, MODELS "/dram/gddr3-yuan09.json", NULL, 0, &err),
                     HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "schema");
    assert_non_null(strstr(err.text, "hamm-system/1"));
}

static void test_scheduler_names(void **state)
{
    (void)state;
    for (int s = 0; s < HAMM_SCHED_COUNT; s++) {
        hamm_scheduler back;
        hamm_error err;
        hamm_error_clear(&err);
        assert_int_equal(hamm_scheduler_from_name(hamm_scheduler_name((hamm_scheduler)s), &back,
                                                  &err),
                         HAMM_OK);
        assert_int_equal(back, s);
    }
    assert_string_equal(hamm_scheduler_name(HAMM_SCHED_BANKED_FIFO), "banked-fifo");
    hamm_scheduler back;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_scheduler_from_name("FR-FCFS", &back, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "scheduler");
}

static void test_to_json(void **state)
{
    (void)state;
    hamm_system_config c;
    load_ok(&c, MODELS "/system/yuan09-baseline.json", NULL, 0);
    char *text = hamm_config_to_json(&c);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"schema\": \"hamm-system/1\""));
    assert_non_null(strstr(text, "\"schema\": \"hamm-dram/1\""));
    assert_non_null(strstr(text, "\"tRC\": 34"));
    assert_non_null(strstr(text, "\"scheduler\": \"fr-fcfs\""));
    assert_non_null(strstr(text, "\"request_size_bytes\": 64"));
    assert_non_null(strstr(text, "\"clock_mhz\": 800.0"));
    /* "dram" keeps its place after "notes" would be: right after the name */
    assert_true(strstr(text, "\"dram\"") < strstr(text, "\"channels\""));
    free(text);
}

/* The engine's controller options: defaults (left out of the dump, so dumps of models
 * without them do not change), and set values that the dump keeps and loads back. */
static void test_controller_options(void **state)
{
    (void)state;
    hamm_system_config c;
    load_ok(&c, MODELS "/system/yuan09-baseline.json", NULL, 0);
    assert_int_equal(c.write_queue_size + c.write_drain_high + c.write_drain_low, 0);
    assert_int_equal(c.page_policy, HAMM_PAGE_OPEN);
    assert_int_equal(c.row_hit_cap + c.page_timeout, 0);
    assert_int_equal(c.ready_order, HAMM_ORDER_COLUMN_FIRST);
    char *text = hamm_config_to_json(&c);
    assert_null(strstr(text, "write_queue_size"));
    assert_null(strstr(text, "page_policy"));
    free(text);
    static const char *const sets[] = {"write_queue_size=16", "write_drain_high=12",
                                       "write_drain_low=4", "page_policy=timeout",
                                       "page_timeout=100", "row_hit_cap=4",
                                       "ready_order=oldest-ready"};
    load_ok(&c, MODELS "/system/yuan09-baseline.json", sets, sizeof sets / sizeof sets[0]);
    text = hamm_config_to_json(&c);
    assert_non_null(strstr(text, "\"page_policy\": \"timeout\""));
    assert_non_null(strstr(text, "\"ready_order\": \"oldest-ready\""));
    assert_non_null(strstr(text, "\"write_drain_low\": 4"));
    free(text);
    round_trip(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_yuan09_baseline),
        cmocka_unit_test(test_gtx480),
        cmocka_unit_test(test_shipped_models),
        cmocka_unit_test(test_overrides),
        cmocka_unit_test(test_override_dram),
        cmocka_unit_test(test_inline_and_defaults),
        cmocka_unit_test(test_invalid_cases),
        cmocka_unit_test(test_syntax_position),
        cmocka_unit_test(test_relative_path),
        cmocka_unit_test(test_dram_file_as_system),
        cmocka_unit_test(test_scheduler_names),
        cmocka_unit_test(test_to_json),
        cmocka_unit_test(test_controller_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
