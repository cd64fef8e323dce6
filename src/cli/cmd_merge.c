/* cmd_merge.c - `hamm merge DIR`: join the results of a sweep's emitted jobs into the
 * hamm-sweep/1 document the in-process sweep would have written, or say which are missing. */
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sweep.h"

void cmd_merge_help(FILE *out)
{
    fprintf(out,
            "usage: hamm merge [options] DIR\n\n"
            "Join the point-NNNN.json results that the jobs of `hamm sweep --emit-jobs DIR`\n"
            "wrote into one hamm-sweep/1 document, byte for byte what `hamm sweep --json`\n"
            "gives for the same suite and grid.  When a job has no result, name it (and its\n"
            "command), write nothing and exit 1.\n\n"
            "options:\n"
            "  -o, --output FILE        write the result to FILE (atomically; default stdout)\n"
            "  -h, --help               this help\n");
}

static json_t *load_plan(const char *dir)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, SWEEP_PLAN);
    json_error_t jerr;
    json_t *plan = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
    const char *schema = json_string_value(json_object_get(plan, "schema"));
    if (!plan)
        fprintf(stderr, "hamm: %s:%d: %s\n", path, jerr.line, jerr.text);
    else if (!schema || strcmp(schema, HAMM_SWEEP_PLAN_SCHEMA) != 0 ||
             !json_is_array(json_object_get(plan, "points")) ||
             !json_is_object(json_object_get(plan, "suite")))
        fprintf(stderr, "hamm: %s: schema: not a " HAMM_SWEEP_PLAN_SCHEMA " plan\n", path);
    else
        return plan;
    json_decref(plan);
    return NULL;
}

/* Why `doc` is not the result of plan point `pt` (NULL when it is): a result of this
 * sweep names the plan's suite and holds the point's overrides; the fields the sweep
 * document and its table use must be there.  `field` gets the JSON path. */
static const char *point_mismatch(const json_t *plan, const json_t *pt, const json_t *doc,
                                  const json_t *first, char *field, size_t size)
{
    const json_t *want = json_object_get(plan, "suite"), *got = json_object_get(doc, "suite");
    const json_t *over = json_object_get(doc, "overrides");
    static const char *const keys[] = {"path", "name"};
    for (int i = 0; i < 2; i++) {
        snprintf(field, size, "suite.%s", keys[i]);
        if (!json_is_string(json_object_get(got, keys[i])))
            return "missing, or not a string";
        if (!json_equal(json_object_get(got, keys[i]), json_object_get(want, keys[i])))
            return "not this sweep's suite (a result of another sweep?)";
    }
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)json_object_get(pt, "set"), key, v) {
        snprintf(field, size, "overrides.%s", key);
        if (!json_equal(json_object_get(over, key), v))
            return "not this point's value (a result of another sweep or point?)";
    }
    snprintf(field, size, "%s", !json_is_array(json_object_get(doc, "heuristics")) ? "heuristics"
                                : !json_is_array(json_object_get(doc, "entries"))  ? "entries"
                                                                                   : "summary");
    if (!json_is_array(json_object_get(doc, "heuristics")) ||
        !json_is_array(json_object_get(doc, "entries")))
        return "missing, or not an array";
    if (!json_is_object(json_object_get(json_object_get(doc, "summary"), "per_entry"))) {
        snprintf(field, size, "summary.per_entry");
        return "missing, or not an object";
    }
    return merge_global_mismatch(plan, pt, doc, first, field, size);
}

/* The result of one plan point, or NULL after saying why (missing: *missing is set);
 * `first` is the first result loaded (NULL: none yet), which every other must agree with. */
static json_t *load_point(const char *dir, const json_t *plan, const json_t *pt,
                          const json_t *first, int *missing)
{
    const char *name = json_string_value(json_object_get(pt, "output"));
    char path[PATH_MAX + 64], field[160];
    snprintf(path, sizeof path, "%s/%s", dir, name ? name : "?");
    json_error_t jerr;
    json_t *doc = name && !strchr(name, '/') ? json_load_file(path, 0, &jerr) : NULL;
    const char *schema = json_string_value(json_object_get(doc, "schema"));
    const char *why = NULL;
    if (doc && schema && strcmp(schema, HAMM_VALIDATE_SCHEMA) == 0 &&
        !(why = point_mismatch(plan, pt, doc, first, field, sizeof field)))
        return doc;
    if (why) {
        fprintf(stderr, "hamm: %s: %s: %s\n", path, field, why);
    } else if (!doc && json_error_code(&jerr) == json_error_cannot_open_file) {
        *missing = 1;
        fprintf(stderr, "hamm: missing job %lld: %s: no result; its command:\n  %s\n",
                (long long)json_integer_value(json_object_get(pt, "index")), path,
                json_string_value(json_object_get(pt, "command")));
    } else if (!doc) {
        fprintf(stderr, "hamm: %s:%d:%d: not a " HAMM_VALIDATE_SCHEMA " result: %s\n", path,
                jerr.line, jerr.column, jerr.text);
    } else {
        fprintf(stderr, "hamm: %s: schema: not a " HAMM_VALIDATE_SCHEMA " result\n", path);
    }
    json_decref(doc);
    return NULL;
}

/* The sweep document from the plan and the results; NULL after printing why. */
static json_t *merge(const char *dir, const json_t *plan)
{
    const json_t *plan_points = json_object_get(plan, "points");
    json_t *points = json_array();
    size_t i, missing = 0, bad = 0;
    json_t *pt, *first = NULL;
    json_array_foreach(plan_points, i, pt) {
        int miss = 0;
        json_t *result = load_point(dir, plan, pt, first, &miss);
        if (result && !first)
            first = json_incref(result);
        missing += miss;
        bad += !result && !miss;
        json_t *entry = result ? sweep_point(i, json_incref(json_object_get(pt, "set")), result)
                               : NULL;
        if (entry && points)
            json_array_append_new(points, entry);
        else
            json_decref(entry);
    }
    json_decref(first);
    if (missing || bad) {
        fprintf(stderr, "hamm: merge: %zu of %zu jobs have no result, %zu a bad one; "
                        "nothing written\n", missing, json_array_size(plan_points), bad);
        json_decref(points);
        return NULL;
    }
    const json_t *suite = json_object_get(plan, "suite");
    json_t *doc = points ? sweep_doc(json_string_value(json_object_get(suite, "path")),
                                     json_string_value(json_object_get(suite, "name")),
                                     json_incref(json_object_get(plan, "grid")), points)
                         : NULL;
    if (!doc)
        fprintf(stderr, "hamm: out of memory\n");
    return doc;
}

int cmd_merge(int argc, char **argv)
{
    static const struct option longopts[] = {{"output", required_argument, NULL, 'o'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    const char *out_path = NULL;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
        if (c == 'o') {
            out_path = optarg;
        } else if (c == 'h') {
            cmd_merge_help(stdout);
            return CLI_OK;
        } else {
            return cli_usage("merge", "unknown option");
        }
    }
    if (optind != argc - 1)
        return cli_usage("merge", "needs exactly one DIR argument");
    const char *dir = argv[optind];
    int rc = cli_check_paths("merge", &(cli_path){out_path, "-o", 1}, 1);
    if (rc != CLI_OK)
        return rc;
    json_t *plan = load_plan(dir);
    json_t *doc = plan ? merge(dir, plan) : NULL;
    char *text = doc ? hamm_json_text(doc) : NULL;
    json_decref(plan);
    if (!text)
        return CLI_FAIL;
    cli_outfile out;
    rc = cli_outfile_open(&out, out_path, 0);
    if (rc == CLI_OK) {
        cli_fputs(text, out.fp);
        rc = cli_outfile_commit(&out);
    }
    free(text);
    return rc;
}
