/* test_alloc_fail_engine.c - the allocation-failure sweep (alloc_sweep.h) over the
 * reference engine, the timing checker and the command log, through their public APIs
 * (hamm/engine.h, hamm/command.h): simulating with refresh, checking each command as it
 * is issued, writing the log (plain and zstd), reading a log back with hamm_check_log,
 * and the simulate JSON report.  Each run must end cleanly: success with exactly the
 * result of an undisturbed run, or a non-OK status with the error record filled in;
 * every allocation freed; no crash; no hang. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "alloc_sweep.h"
#include "hamm/checker.h"
#include "hamm/config.h"
#include "hamm/engine.h"
#include "hamm/io.h"
#include "hamm/report.h"

/* DDR4 with refresh and bank groups: every kind of command */
#define DDR4 HAMM_SOURCE_ROOT "/models/system/ddr4-2400-2ch.json"

typedef struct fixture {
    hamm_request *reqs;
    size_t nreqs;
    hamm_engine_params params;
    hamm_addrmap *map;
    unsigned char *sink_buf;
    unsigned char *log; /* a command log of the whole run, plain text */
    size_t log_len;
    hamm_engine *done;  /* finished over reqs, for the report */
} fixture;

static fixture fx;

/* What an engine run does with each command: check it, log it, or both. */
typedef struct consumer {
    hamm_checker *checker;
    hamm_command_log *log;
    hamm_status st; /* the first failure of the log */
    hamm_error *err;
    uint64_t violations;
} consumer;

static void on_command(void *user, const hamm_command *cmd)
{
    consumer *c = user;
    if (c->checker)
        c->violations += hamm_checker_check(c->checker, cmd, NULL, NULL);
    if (c->log && c->st == HAMM_OK)
        c->st = hamm_command_log_write(c->log, cmd, 1, c->err);
}

static void digest_engine(digest *d, const hamm_engine *e)
{
    hamm_channel_result total;
    hamm_engine_total(e, &total);
    digest_bytes(d, total.stat, sizeof total.stat);
    for (uint32_t c = 0; c < hamm_engine_channels(e); c++)
        digest_bytes(d, hamm_engine_channel(e, c)->stat, sizeof total.stat);
}

/* Simulate fx.reqs; then `e` is finished (the caller frees it). */
static hamm_status simulate(hamm_engine **e, consumer *c, hamm_error *err)
{
    hamm_status st = hamm_engine_new(e, &fx.params, fx.map, on_command, c, err);
    for (size_t i = 0; st == HAMM_OK && i < fx.nreqs; i += 500)
        st = hamm_engine_add(*e, fx.reqs + i, fx.nreqs - i < 500 ? fx.nreqs - i : 500, err);
    if (st == HAMM_OK) {
        hamm_engine_finish(*e);
        st = c->st;
    }
    return st;
}

typedef struct engine_arg {
    int check;                   /* run the checker on every command */
    int log;                     /* write the command log */
    hamm_compression compression; /* of the log */
} engine_arg;

static hamm_status op_engine(const void *varg, digest *d, hamm_error *err)
{
    const engine_arg *a = varg;
    hamm_command_device dev;
    hamm_engine_command_device(&fx.params, &dev);
    consumer c = {NULL, NULL, HAMM_OK, err, 0};
    sink s = {fx.sink_buf, 0};
    hamm_output *out = NULL;
    hamm_engine *e = NULL;
    hamm_status st = HAMM_OK;
    if (a->check)
        st = hamm_checker_new(&c.checker, &dev, err);
    if (st == HAMM_OK && a->log)
        st = hamm_output_new(&out, sink_write, &s, "sink", a->compression, 0, err);
    if (st == HAMM_OK && a->log)
        st = hamm_command_log_new(&c.log, out, &dev, err);
    if (st == HAMM_OK)
        st = simulate(&e, &c, err);
    if (st == HAMM_OK && c.checker)
        c.violations += hamm_checker_finish(c.checker, NULL, NULL);
    if (st == HAMM_OK && c.log)
        st = hamm_command_log_flush(c.log, err);
    if (st == HAMM_OK && out)
        st = hamm_output_finish(out, err);
    if (st == HAMM_OK) {
        digest_engine(d, e);
        digest_u64(d, c.violations);
        digest_u64(d, c.checker ? hamm_checker_commands(c.checker) : 0);
        digest_bytes(d, s.p, s.len);
    }
    hamm_engine_free(e);
    hamm_command_log_free(c.log);
    hamm_output_free(out);
    hamm_checker_free(c.checker);
    return st;
}

static hamm_status op_check_log(const void *arg, digest *d, hamm_error *err)
{
    (void)arg;
    mem_src src = {fx.log, fx.log_len, 0};
    hamm_input *in = NULL;
    uint64_t commands = 0, violations = 0;
    hamm_status st = hamm_input_from_callback(&in, mem_read, &src, "mem.log", err);
    if (st == HAMM_OK) /* takes `in` */
        st = hamm_check_log(in, NULL, NULL, &commands, &violations, err);
    digest_u64(d, commands);
    digest_u64(d, violations);
    return st;
}

static hamm_status op_report(const void *arg, digest *d, hamm_error *err)
{
    (void)arg;
    hamm_report_input in = {.trace_path = "mem.trace", .format = HAMM_FORMAT_BINARY,
                            .compression = HAMM_COMPRESSION_ZSTD, .model = &fx.params.cfg,
                            .trace_id = {1, 10, 11}};
    char *text = hamm_report_simulate_json(&in, fx.done);
    if (!text)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN("sweep"), NULL,
                             "the report returned NULL");
    digest_bytes(d, text, strlen(text));
    free(text);
    return HAMM_OK;
}

/* The log of a whole run, kept for op_check_log; and a finished engine for op_report. */
static int make_log(void)
{
    hamm_error err;
    hamm_error_clear(&err);
    hamm_command_device dev;
    hamm_engine_command_device(&fx.params, &dev);
    sink s = {fx.sink_buf, 0};
    hamm_output *out = NULL;
    consumer c = {NULL, NULL, HAMM_OK, &err, 0};
    if (hamm_output_new(&out, sink_write, &s, "sink", HAMM_COMPRESSION_NONE, 0, &err) !=
            HAMM_OK ||
        hamm_command_log_new(&c.log, out, &dev, &err) != HAMM_OK ||
        simulate(&fx.done, &c, &err) != HAMM_OK ||
        hamm_command_log_flush(c.log, &err) != HAMM_OK || hamm_output_finish(out, &err) != HAMM_OK) {
        print_error("setup: %s\n", err.text);
        return -1;
    }
    hamm_command_log_free(c.log);
    hamm_output_free(out);
    fx.log = malloc(s.len);
    if (!fx.log)
        return -1;
    memcpy(fx.log, s.p, s.len);
    fx.log_len = s.len;
    return 0;
}

static int setup(void **state)
{
    (void)state;
    hamm_error err;
    hamm_error_clear(&err);
    fx.nreqs = 2000;
    fx.reqs = sweep_requests(fx.nreqs);
    fx.sink_buf = malloc(SINK_CAP);
    if (!fx.reqs || !fx.sink_buf)
        return -1;
    fx.params = (hamm_engine_params){.replay = HAMM_REPLAY_SATURATED, .refresh = 1};
    if (hamm_config_load(&fx.params.cfg, DDR4, NULL, 0, &err) != HAMM_OK ||
        hamm_config_addrmap(&fx.params.cfg, &fx.map, &err) != HAMM_OK) {
        print_error("setup: %s: %s\n", err.field, err.text);
        return -1;
    }
    if (make_log() != 0)
        return -1;
    return sweep_prepare();
}

static int teardown(void **state)
{
    (void)state;
    hamm_engine_free(fx.done);
    free(fx.log);
    hamm_addrmap_free(fx.map);
    free(fx.sink_buf);
    free(fx.reqs);
    return 0;
}

static void engine(void **state)
{
    (void)state;
    need_interposition();
    engine_arg plain = {0, 0, HAMM_COMPRESSION_NONE};
    sweep("engine", op_engine, &plain);
}

static void engine_checker(void **state)
{
    (void)state;
    need_interposition();
    engine_arg check = {1, 0, HAMM_COMPRESSION_NONE};
    sweep("engine + checker", op_engine, &check);
}

static void command_log(void **state)
{
    (void)state;
    need_interposition();
    engine_arg log = {0, 1, HAMM_COMPRESSION_NONE};
    sweep("engine + command log", op_engine, &log);
    engine_arg zst = {1, 1, HAMM_COMPRESSION_ZSTD};
    sweep("engine + checker + zstd log", op_engine, &zst);
    sweep("check log", op_check_log, NULL);
}

static void simulate_report(void **state)
{
    (void)state;
    need_interposition();
    sweep("simulate json", op_report, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(engine),
        cmocka_unit_test(engine_checker),
        cmocka_unit_test(command_log),
        cmocka_unit_test(simulate_report),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
