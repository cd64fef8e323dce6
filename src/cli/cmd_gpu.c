/* cmd_gpu.c - `hamm simulate --workload W`: run a workload on the GPU engine over the
 * system model's memory, write the tap (one trace per channel) when asked, and report
 * per core and per channel (docs/GPU.md).  The table is printed from the JSON, so the
 * two never disagree. */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "hamm/gpu.h"
#include "hamm/report.h"
#include "hamm/workload.h"

#define TAP_MAX_CHANNELS 128 /* out_temp.c holds as many temporaries (H100: 80 channels) */

/* One native binary zstd trace per channel, or one trace of every channel (single); the
 * first write error waits here. */
typedef struct tap_set {
    uint32_t channels;
    int single;
    cli_outfile file[TAP_MAX_CHANNELS];
    hamm_output *out[TAP_MAX_CHANNELS];
    hamm_trace_writer *w[TAP_MAX_CHANNELS];
    char path[TAP_MAX_CHANNELS][4096];
    hamm_error err;
} tap_set;

static void tap_write(void *user, uint32_t channel, const hamm_request *r)
{
    tap_set *t = user;
    if (t->err.status == HAMM_OK)
        hamm_trace_write(t->w[t->single ? 0 : channel], r, 1, &t->err);
}

static int tap_dir(const char *dir)
{
    struct stat sb;
    if (mkdir(dir, 0777) == 0 || (errno == EEXIST && stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode)))
        return CLI_OK;
    fprintf(stderr, "hamm: %s: --tap needs a directory: %s\n", dir,
            errno == EEXIST ? "a file has that name" : strerror(errno));
    return CLI_FAIL;
}

/* Whether --tap names one file (every channel's requests in arrival order) rather than a
 * directory: it ends in .zst, .gz, .bin or .txt. */
static int tap_is_file(const char *arg)
{
    size_t n = strlen(arg);
    static const char *const ends[] = {".zst", ".gz", ".bin", ".txt"};
    for (size_t i = 0; i < sizeof ends / sizeof *ends; i++) {
        size_t k = strlen(ends[i]);
        if (n > k && strcmp(arg + n - k, ends[i]) == 0)
            return 1;
    }
    return 0;
}

/* Channel c's trace in the tap directory `dir`. */
static void tap_channel_file(char *out, size_t size, const char *dir, uint32_t c)
{
    snprintf(out, size, "%s/channel-%u.bin.zst", dir, c);
}

static int tap_open(tap_set *t, const char *dir, uint32_t channels)
{
    hamm_error_clear(&t->err);
    t->single = tap_is_file(dir);
    if (channels > TAP_MAX_CHANNELS)
        return cli_usage("simulate", "--tap: at most %d channels", TAP_MAX_CHANNELS);
    if (!t->single && tap_dir(dir) != CLI_OK)
        return CLI_FAIL;
    uint32_t files = t->single ? 1 : channels;
    for (t->channels = 0; t->channels < files; t->channels++) {
        uint32_t c = t->channels;
        if (t->single)
            snprintf(t->path[c], sizeof t->path[c], "%s", dir);
        else
            tap_channel_file(t->path[c], sizeof t->path[c], dir, c);
        hamm_compression z = t->single ? hamm_compression_for_name(dir) : HAMM_COMPRESSION_ZSTD;
        hamm_trace_format f = t->single && strstr(dir, ".txt") ? HAMM_FORMAT_TEXT
                                                                : HAMM_FORMAT_BINARY;
        if (cli_outfile_open(&t->file[c], t->path[c], 1) != CLI_OK)
            return CLI_FAIL;
        if (hamm_output_to_file(&t->out[c], t->file[c].fp, t->path[c], z, 0, &t->err) !=
                HAMM_OK ||
            hamm_trace_writer_new(&t->w[c], f, t->out[c], &t->err) != HAMM_OK) {
            cli_outfile_abort(&t->file[c]);
            hamm_output_free(t->out[c]);
            return cli_report(&t->err);
        }
    }
    return CLI_OK;
}

/* Finish every trace (committing the files) or, after a failure, remove them all. */
static int tap_close(tap_set *t, int ok)
{
    int rc = ok && t->err.status != HAMM_OK ? cli_report(&t->err) : CLI_OK;
    for (uint32_t c = 0; c < t->channels; c++) {
        hamm_error err;
        hamm_error_clear(&err);
        int good = ok && rc == CLI_OK && hamm_trace_writer_flush(t->w[c], &err) == HAMM_OK &&
                   hamm_output_finish(t->out[c], &err) == HAMM_OK;
        if (ok && rc == CLI_OK && !good)
            rc = cli_report(&err);
        hamm_trace_writer_free(t->w[c]);
        hamm_output_free(t->out[c]);
        if (good && rc == CLI_OK)
            rc = cli_outfile_commit(&t->file[c]);
        else
            cli_outfile_abort(&t->file[c]);
    }
    return ok ? rc : CLI_FAIL;
}

/* The GPU model: --gpu as a file, or a name looked up in gpu/ of the model path as -m's
 * is (--model-path, HAMM_MODEL_PATH, the models that came with hamm); else the system
 * model's own (relative to the system file). */
static int gpu_model_path(const cli_gpu_opts *o, const hamm_system_config *cfg, char *out,
                          size_t size)
{
    if (o->gpu) {
        cli_model_path *mp = malloc(sizeof *mp);
        if (!mp) {
            fprintf(stderr, "hamm: out of memory\n");
            return CLI_FAIL;
        }
        cli_model_path_init(mp, o->in->model_dirs, o->in->nmodel_dirs);
        hamm_error err;
        hamm_error_clear(&err);
        hamm_status st = hamm_model_find(HAMM_MODEL_GPU, o->gpu, &mp->path, out, size, &err);
        free(mp);
        return st == HAMM_OK ? CLI_OK
                             : cli_usage("simulate", "--gpu %s: no such file or GPU model",
                                         o->gpu);
    }
    if (!cfg->gpu[0])
        return cli_usage("simulate", "the system model %s names no GPU model (its \"gpu\" "
                         "key); give one with --gpu", cfg->name);
    if (!hamm_config_gpu_path(cfg, out, size))
        return cli_usage("simulate", "the GPU model's path is too long");
    return CLI_OK;
}

static double num(const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    return json_is_number(v) ? json_number_value(v) : 0.0;
}

static void print_table(FILE *out, const char *json)
{
    json_t *root = json_loads(json, 0, NULL), *tot = json_object_get(root, "total");
    fprintf(out, "workload   %s (%lld kernels)\n",
            json_string_value(json_object_get(root, "workload")),
            json_integer_value(json_object_get(root, "kernels")));
    fprintf(out, "gpu        %s over %s\n", json_string_value(json_object_get(root, "gpu")),
            json_string_value(json_object_get(root, "system")));
    fprintf(out, "cycles     %.0f core cycles, %.0f DRAM cycles; IPC %.2f; %.0f warp "
            "instructions\n\n", num(tot, "core_cycles"), num(tot, "dram_cycles"), num(tot, "ipc"),
            num(tot, "warp_instructions"));
    fprintf(out, "%-8s %10s %8s %8s %8s %9s %13s %8s\n", "channel", "requests", "dram_eff",
            "bw_util", "req/act", "queue", "reply_stall", "l2_miss");
    size_t i;
    json_t *ch;
    json_array_foreach(json_object_get(root, "channels"), i, ch) {
        const json_t *l2 = json_object_get(ch, "l2");
        fprintf(out, "%-8zu %10.0f %7.1f%% %7.1f%% %8.2f %9.2f %13.0f %7.1f%%\n", i,
                num(ch, "requests"), 100 * num(ch, "dram_efficiency"),
                100 * num(ch, "utilization"), num(ch, "row_locality"),
                num(ch, "queue_occupancy"), num(ch, "reply_stall_dram_cycles"),
                100 * num(l2, "miss_rate"));
    }
    fprintf(out, "%-8s %10s %7.1f%% %7.1f%% %8.2f\n", "total", "",
            100 * num(tot, "dram_efficiency"), 100 * num(tot, "utilization"),
            num(tot, "row_locality"));
    json_decref(root);
}

static int write_result(const cli_gpu_opts *o, const char *json)
{
    cli_outfile out;
    int rc = cli_outfile_open(&out, o->out_path, 0);
    if (rc != CLI_OK)
        return rc;
    if (o->json)
        cli_fputs(json, out.fp);
    else
        print_table(out.fp, json);
    return cli_outfile_commit(&out);
}

/* The GPU, and the command log of its DRAM channels when asked: the log's header is the
 * device the GPU's DRAM engine was built with. */
static int start(const cli_gpu_opts *o, const hamm_system_config *cfg,
                 const hamm_gpu_model *model, tap_set *taps, cli_command_log *log, hamm_gpu **g)
{
    hamm_gpu_hooks hooks = {.tap = o->tap ? tap_write : NULL, .tap_user = taps,
                            .command = o->log_path ? cli_command_log_write : NULL,
                            .command_user = log};
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_gpu_new_with(g, cfg, model, !o->no_refresh, &hooks, &err) != HAMM_OK)
        return cli_report(&err);
    if (!o->log_path)
        return CLI_OK;
    return cli_command_log_open(log, o->log_path, hamm_engine_params_of(hamm_gpu_dram(*g)));
}

/* The GPU model file `path` is named in the JSON; `model` is what it gave, after the
 * --set overrides of GPU model keys. */
static int run(const cli_gpu_opts *o, const hamm_system_config *cfg, const char *path,
               const hamm_gpu_model *model, tap_set *taps)
{
    hamm_error err;
    hamm_error_clear(&err);
    hamm_gpu *g = NULL;
    cli_command_log log = {0};
    size_t kernels = 0;
    int rc = start(o, cfg, model, taps, &log, &g);
    int ok = rc == CLI_OK && hamm_workload_run(g, o->workload, &kernels, &err) == HAMM_OK;
    if (ok)
        hamm_gpu_finish(g);
    else if (rc == CLI_OK)
        rc = cli_report(&err);
    if (o->tap) {
        int tap_rc = tap_close(taps, ok);
        rc = rc != CLI_OK ? rc : tap_rc;
    }
    if (o->log_path && log.log) {
        int log_rc = cli_command_log_close(&log, ok);
        rc = rc != CLI_OK ? rc : log_rc;
    }
    hamm_report_gpu_input in = {.workload = o->workload, .kernels = kernels, .system = cfg,
                                .gpu_model = path, .sets = o->in->sets,
                                .nsets = o->in->nsets};
    if (rc == CLI_OK && hamm_report_gpu_identify(&in, &err) != HAMM_OK)
        rc = cli_report(&err);
    char *json = rc == CLI_OK ? hamm_report_gpu_json(g, &in) : NULL;
    if (rc == CLI_OK && !json) {
        fprintf(stderr, "hamm: out of memory\n");
        rc = CLI_FAIL;
    }
    if (rc == CLI_OK)
        rc = write_result(o, json);
    free(json);
    hamm_gpu_free(g);
    return rc;
}

/* The files a run writes into paths[]: -o, the command log, the tap (one file, or one
 * per channel, named into names[]); returns how many. */
static size_t outputs(const cli_gpu_opts *o, uint32_t channels, char (*names)[4096],
                      cli_path *paths)
{
    size_t n = 0;
    paths[n++] = (cli_path){o->out_path, "-o", 1};
    paths[n++] = (cli_path){o->log_path, "--command-log", 1};
    if (o->tap && tap_is_file(o->tap))
        paths[n++] = (cli_path){o->tap, "--tap", 1};
    for (uint32_t c = 0; o->tap && !tap_is_file(o->tap) && c < channels; c++) {
        tap_channel_file(names[c], sizeof names[c], o->tap, c);
        paths[n++] = (cli_path){names[c], "a --tap trace", 1};
    }
    return n;
}

/* Before any work: no output names another, nor a file the run reads (the models, the
 * workload's files). */
static int check_paths(const cli_gpu_opts *o, const hamm_system_config *cfg, const char *model)
{
    uint32_t channels = cfg->channels < TAP_MAX_CHANNELS ? cfg->channels : TAP_MAX_CHANNELS;
    char(*names)[4096] = calloc(channels ? channels : 1, sizeof *names);
    hamm_input_set *read = hamm_input_set_new();
    if (!names || !read) {
        free(names);
        hamm_input_set_free(read);
        fprintf(stderr, "hamm: out of memory\n");
        return CLI_FAIL;
    }
    hamm_error err;
    hamm_error_clear(&err);
    cli_path paths[3 + TAP_MAX_CHANNELS];
    size_t n = outputs(o, channels, names, paths);
    int rc = hamm_config_inputs(cfg, read, &err) != HAMM_OK ||
                     hamm_input_set_add(read, model, "the GPU model", &err) != HAMM_OK ||
                     hamm_workload_inputs(o->workload, read, &err) != HAMM_OK
                 ? cli_report(&err)
                 : cli_check_paths("simulate", paths, n, read);
    free(names);
    hamm_input_set_free(read);
    return rc;
}

/* The system model with the --sets of its own keys, and the GPU model's file. */
static int load_system(const cli_gpu_opts *o, hamm_system_config *cfg, char *gpu_path,
                       size_t size)
{
    cli_trace_opts *system = malloc(sizeof *system);
    if (!system) {
        fprintf(stderr, "hamm: out of memory\n");
        return CLI_FAIL;
    }
    *system = *o->in;
    system->nsets = hamm_sets_pick(o->in->sets, o->in->nsets, 0, system->sets);
    int rc = cli_load_model(system, cfg);
    free(system);
    return rc == CLI_OK ? gpu_model_path(o, cfg, gpu_path, size) : rc;
}

/* The GPU model with the --sets of its keys (gpu.PATH=VALUE). */
static int load_gpu(const cli_gpu_opts *o, const char *path, hamm_gpu_model **model)
{
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_gpu_model_load_with(model, path, o->in->sets, o->in->nsets, &err) != HAMM_OK)
        return cli_report(&err);
    return CLI_OK;
}

int cli_gpu_simulate(const cli_gpu_opts *o)
{
    hamm_system_config cfg;
    hamm_gpu_model *model = NULL;
    char path[4096];
    int rc;
    if ((rc = load_system(o, &cfg, path, sizeof path)) != CLI_OK ||
        (rc = load_gpu(o, path, &model)) != CLI_OK ||
        (rc = check_paths(o, &cfg, path)) != CLI_OK) {
        hamm_gpu_model_free(model);
        return rc;
    }
    if (o->policy)
        cfg.scheduler = *o->policy;
    tap_set *taps = calloc(1, sizeof *taps);
    if (!taps)
        fprintf(stderr, "hamm: out of memory\n");
    if (taps && o->tap && (rc = tap_open(taps, o->tap, cfg.channels)) != CLI_OK)
        tap_close(taps, 0);
    else if (taps)
        rc = run(o, &cfg, path, model, taps);
    free(taps);
    hamm_gpu_model_free(model);
    return taps ? rc : CLI_FAIL;
}
