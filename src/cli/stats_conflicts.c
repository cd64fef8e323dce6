/* stats_conflicts.c - `hamm stats --conflicts SCHEME`: the trace's accesses grouped into
 * parallel accesses and their bank conflicts under each scheme given (hamm/banked.h),
 * with each scheme's stride table; a table for people or schema hamm-conflicts/1. */
#include <stdlib.h>
#include <string.h>

#include "hamm/banked.h"
#include "hamm/report.h"
#include "stats_conflicts.h"

typedef struct run_data {
    hamm_conflicts *list[CLI_MAX_SCHEMES];
    size_t n;
    uint32_t max_stride;
} run_data;

void cli_conflicts_init(cli_conflicts_opts *c)
{
    memset(c, 0, sizeof *c);
    c->lanes = 32;
    c->word_bytes = 4;
    c->max_stride = 64;
}

void cli_conflicts_help(FILE *out)
{
    fprintf(out,
            "      --conflicts SCHEME   bank conflicts under SCHEME instead of the statistics\n"
            "                           (repeatable, up to %d; JSON schema hamm-conflicts/1):\n"
            "                           low-order, high-order[:rows=R], skewed[:skew=K],\n"
            "                           prime[:p=P], xor[:s=S], sams[:q=Q,s=S],\n"
            "                           2dsmm[:p=P,q=Q,vs=V,hs=H,width=N], ipoly[:sub=K]\n"
            "                           (docs/BANKED.md)\n"
            "      --modules M          accesses per parallel access, and modules (default 32)\n"
            "      --group K            windows of K accesses (default: one group per warp\n"
            "                           instruction where records name the warp, else M)\n"
            "      --word-size BYTES    bytes per module word (default 4)\n"
            "      --strides S          the stride table's strides, 1 to S (default 64)\n",
            CLI_MAX_SCHEMES);
}

static int parse_u32(const char *opt, const char *arg, uint64_t lo, uint64_t hi, uint32_t *out)
{
    uint64_t v;
    if (cli_parse_u64("stats", opt, arg, lo, hi, &v) != 0)
        return -1;
    *out = (uint32_t)v;
    return 1;
}

int cli_conflicts_option(int opt, const char *arg, cli_conflicts_opts *c)
{
    if (opt >= CLI_OPT_MODULES && opt <= CLI_OPT_STRIDES)
        c->given = 1;
    switch (opt) {
    case CLI_OPT_CONFLICTS:
        if (c->nschemes == CLI_MAX_SCHEMES) {
            cli_usage("stats", "--conflicts: at most %d schemes", CLI_MAX_SCHEMES);
            return -1;
        }
        c->schemes[c->nschemes++] = arg;
        return 1;
    case CLI_OPT_MODULES:
        return parse_u32("--modules", arg, 1, HAMM_BANKED_MAX_LANES, &c->lanes);
    case CLI_OPT_GROUP:
        return parse_u32("--group", arg, 1, HAMM_BANKED_MAX_GROUP, &c->group);
    case CLI_OPT_WORD:
        return parse_u32("--word-size", arg, 1, 1u << 20, &c->word_bytes);
    case CLI_OPT_STRIDES:
        return parse_u32("--strides", arg, 1, 1024, &c->max_stride);
    default:
        return 0;
    }
}

/* Parse every scheme and make its analysis; a bad spec is a usage error naming it. */
static int make(const cli_conflicts_opts *c, run_data *d)
{
    hamm_conflicts_options o = {c->word_bytes, c->group};
    for (size_t i = 0; i < c->nschemes; i++) {
        hamm_banked_scheme s;
        hamm_error err;
        hamm_error_clear(&err);
        if (hamm_banked_parse(c->schemes[i], c->lanes, &s, &err) != HAMM_OK) {
            char buf[1024];
            hamm_error_format(&err, buf, sizeof buf);
            fprintf(stderr, "hamm stats: --conflicts %s: %s\nTry 'hamm stats --help'.\n",
                    c->schemes[i], buf);
            return CLI_USAGE;
        }
        if (hamm_conflicts_new(&d->list[d->n], &s, &o, &err) != HAMM_OK)
            return cli_report(&err);
        d->n++;
    }
    return CLI_OK;
}

static hamm_status add_batch(void *ctx, const hamm_request *reqs, size_t n, hamm_error *err)
{
    (void)err;
    run_data *d = ctx;
    for (size_t i = 0; i < d->n; i++)
        hamm_conflicts_add(d->list[i], reqs, n);
    return HAMM_OK;
}

static char *conflicts_json(const hamm_report_input *in, const void *data)
{
    const run_data *d = data;
    return hamm_report_conflicts_json(in, d->list, d->n, d->max_stride);
}

/* The degree distribution: each degree that occurred, its groups and their share. */
static void print_degrees(FILE *out, const hamm_conflict_stats *st)
{
    fprintf(out, "%8s %12s %7s\n", "degree", "groups", "share");
    for (uint32_t d = 1; d <= st->max_degree; d++)
        if (st->degree_groups[d])
            fprintf(out, "%8u %12llu %6.1f%%\n", d, (unsigned long long)st->degree_groups[d],
                    100.0 * (double)st->degree_groups[d] / (double)st->groups);
}

/* The stride table, 16 strides a line: the worst degree over base addresses. */
static void print_strides(FILE *out, hamm_conflicts *c, uint32_t max)
{
    fprintf(out, "worst conflict degree of %u accesses at stride S (over base addresses "
                 "0..%u):\n", hamm_conflicts_scheme(c)->lanes, HAMM_BANKED_STRIDE_BASES - 1);
    for (uint32_t s = 1; s <= max; s++) {
        if ((s - 1) % 16 == 0)
            fprintf(out, "  S=%-4u", s);
        fprintf(out, "%4u", hamm_conflicts_stride_worst(c, s));
        if (s % 16 == 0 || s == max)
            fputc('\n', out);
    }
}

static void print_one(FILE *out, hamm_conflicts *c, uint32_t max_stride)
{
    const hamm_banked_scheme *s = hamm_conflicts_scheme(c);
    const hamm_conflict_stats *st = hamm_conflicts_result(c);
    fprintf(out, "\nscheme     %s (%u modules)\n", s->spec, s->modules);
    fprintf(out, "groups     %llu (%llu warp instructions, %llu windows) of %llu accesses\n",
            (unsigned long long)st->groups, (unsigned long long)st->warp_groups,
            (unsigned long long)st->window_groups, (unsigned long long)st->accesses);
    fprintf(out, "cycles     %llu, conflict-free %llu (%.3fx)\n",
            (unsigned long long)st->cycles, (unsigned long long)st->conflict_free_cycles,
            st->conflict_free_cycles
                ? (double)st->cycles / (double)st->conflict_free_cycles : 0.0);
    print_degrees(out, st);
    print_strides(out, c, max_stride);
}

static void print_table(FILE *out, const cli_result *res)
{
    const run_data *d = res->data;
    const hamm_trace_reader *r = res->reader;
    const hamm_conflicts_options *o = hamm_conflicts_options_of(d->list[0]);
    fprintf(out, "trace      %s (%s, %s)\n", res->trace_path,
            hamm_trace_format_name(hamm_trace_reader_format(r)),
            hamm_compression_name(hamm_input_compression(hamm_trace_reader_input(r))));
    fprintf(out, "access     %u words of %u bytes at once (word address = byte address / %u)\n",
            hamm_conflicts_scheme(d->list[0])->lanes, o->word_bytes, o->word_bytes);
    if (o->group)
        fprintf(out, "grouping   windows of %u accesses\n", o->group);
    else
        fprintf(out, "grouping   one warp instruction (core, warp, cycle) where the records "
                     "name the warp, else windows of %u accesses\n",
                hamm_conflicts_scheme(d->list[0])->lanes);
    for (size_t i = 0; i < d->n; i++)
        print_one(out, d->list[i], d->max_stride);
}

int cli_stats_conflicts(const char *path, const char *out_path, int json,
                        const cli_trace_opts *o, const hamm_system_config *cfg,
                        const cli_conflicts_opts *c)
{
    run_data d = {{NULL}, 0, c->max_stride};
    int rc = make(c, &d);
    hamm_trace_reader *r = NULL;
    if (rc == CLI_OK) {
        hamm_error err;
        hamm_error_clear(&err);
        if (hamm_trace_reader_open(&r, path, &o->trace, &err) != HAMM_OK ||
            cli_stream(r, NULL, add_batch, &d, &err) != HAMM_OK) {
            rc = cli_report(&err);
        } else {
            cli_report_skipped(r);
            cli_result res = {path, r, cfg, &d, o, NULL};
            rc = cli_write_result(out_path, json, &res, print_table, conflicts_json);
        }
    }
    hamm_trace_reader_free(r);
    for (size_t i = 0; i < d.n; i++)
        hamm_conflicts_free(d.list[i]);
    return rc;
}
