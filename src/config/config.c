/* config.c - loading a system model: the system file, the DRAM model it names, the
 * command-line overrides, then validation in stages (each key alone by the tables,
 * rules across keys, the address map built once); also the geometry, the map and the
 * JSON dump of a loaded model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/alloc.h"
#include "config_internal.h"
#include "config_json.h"

#define DRAM_KEY "dram"
#define PATH_BUF 4096

/* What one load holds while it runs. */
struct load {
    const char *path;            /* the system file */
    const hamm_model_path *models; /* where "dram=NAME" is looked up */
    json_set *sets;
    const char **set_paths;
    size_t nsets;
    json_t *sys;                 /* the system file's tree */
    json_t *dram_file;           /* the DRAM file's tree, when "dram" names a file */
    char dram_path[PATH_BUF];
    json_reader sys_reader;      /* the system file's errors ("--set" for the overrides) */
    json_reader dram_reader;     /* the DRAM model's: its file, or the system's inline */
};

static void load_free(struct load *ld)
{
    for (size_t i = 0; ld->sets && i < ld->nsets; i++)
        json_decref(ld->sets[i].value);
    free(ld->sets);
    free(ld->set_paths);
    json_decref(ld->sys);
    json_decref(ld->dram_file);
}

static hamm_status parse_sets(struct load *ld, const char *const *sets, size_t nsets,
                              hamm_error *err)
{
    ld->sets = hamm_calloc_array(nsets, sizeof *ld->sets);
    ld->set_paths = hamm_calloc_array(nsets, sizeof *ld->set_paths);
    if (!ld->sets || !ld->set_paths)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    for (size_t i = 0; i < nsets; i++) {
        hamm_status st = config_set_parse(sets[i], &ld->sets[i], err);
        ld->nsets = i + 1; /* so load_free releases the values parsed so far */
        if (st != HAMM_OK)
            return st;
        ld->set_paths[i] = ld->sets[i].path;
    }
    return HAMM_OK;
}

static int is_dram_path(const char *path)
{
    return strncmp(path, CONFIG_DRAM_PREFIX, sizeof CONFIG_DRAM_PREFIX - 1) == 0;
}

/* Apply the overrides of one file: the system's keys, or (dram != 0) the DRAM's. */
static hamm_status apply_sets(struct load *ld, json_t *root, int dram, hamm_error *err)
{
    for (size_t i = 0; i < ld->nsets; i++) {
        const char *p = ld->sets[i].path;
        if (is_dram_path(p) != dram)
            continue;
        hamm_status st = json_set_apply(root, dram ? p + sizeof CONFIG_DRAM_PREFIX - 1 : p,
                                        ld->sets[i].value, err);
        if (st != HAMM_OK)
            return st;
    }
    return HAMM_OK;
}

/* Parse a model file; syntax errors keep jansson's line and column. */
static hamm_status read_json(const char *path, json_t **out, hamm_error *err)
{
    hamm_status st = json_parse_file(path, 0, out, err);
    if (st != HAMM_OK || json_is_object(*out))
        return st;
    return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), NULL,
                         "a model file holds one JSON object");
}

/* `name` relative to the directory of file `base` (as written when absolute) into
 * out[size]; 0 when it does not fit. */
static int beside(const char *base, const char *name, char *out, size_t size)
{
    const char *slash = strrchr(base, '/');
    int dir_len = name[0] == '/' || !slash ? 0 : (int)(slash - base + 1);
    int n = snprintf(out, size, "%.*s%s", dir_len, base, name);
    return n >= 0 && (size_t)n < size;
}

hamm_status hamm_config_inputs(const hamm_system_config *cfg, hamm_input_set *set,
                               hamm_error *err)
{
    hamm_status st = HAMM_OK;
    if (cfg->source[0])
        st = hamm_input_set_add(set, cfg->source, "the system model", err);
    if (st == HAMM_OK && cfg->dram_source[0])
        st = hamm_input_set_add(set, cfg->dram_source, "the DRAM model", err);
    return st;
}

int hamm_config_gpu_path(const hamm_system_config *cfg, char *out, size_t size)
{
    return cfg->gpu[0] && beside(cfg->source, cfg->gpu, out, size);
}

/* "dram" names a file relative to the system file (or, from --set, any model name). */
static hamm_status locate_dram(struct load *ld, const char *name)
{
    if (json_read_was_set(&ld->sys_reader, DRAM_KEY)) {
        hamm_error local;
        hamm_error_clear(&local);
        if (hamm_config_find(name, ld->models, ld->dram_path, sizeof ld->dram_path, &local) == HAMM_OK)
            return HAMM_OK;
        return json_read_fail(&ld->sys_reader, DRAM_KEY, "%s", local.text);
    }
    if (!beside(ld->path, name, ld->dram_path, sizeof ld->dram_path))
        return json_read_fail(&ld->sys_reader, DRAM_KEY, "the file name is too long");
    return HAMM_OK;
}

/* `path` fits hamm_system_config's record of it. */
static int path_fits(const char *path)
{
    return strlen(path) < sizeof ((hamm_system_config *)0)->dram_source;
}

/* The DRAM model's tree: inline, or read from its file (whose errors then name it). */
static hamm_status resolve_dram(struct load *ld, json_t **root, hamm_error *err)
{
    json_t *v = json_object_get(ld->sys, DRAM_KEY);
    ld->dram_reader = ld->sys_reader;
    if (json_is_object(v)) {
        *root = v;
        return HAMM_OK;
    }
    if (!json_is_string(v))
        return json_read_fail(&ld->sys_reader, DRAM_KEY,
                              "expects a DRAM model file name or an inline DRAM object");
    hamm_status st = locate_dram(ld, json_string_value(v));
    if (st != HAMM_OK)
        return st;
    if (!path_fits(ld->dram_path))
        return json_read_fail(&ld->sys_reader, DRAM_KEY, "the DRAM model's path is too long");
    hamm_error local;
    hamm_error_clear(&local);
    st = read_json(ld->dram_path, &ld->dram_file, &local);
    if (st == HAMM_ERR_IO) /* a missing file is the system file's mistake */
        return json_read_fail(&ld->sys_reader, DRAM_KEY, "%s", local.text);
    if (st != HAMM_OK) {
        if (err && err->status == HAMM_OK)
            *err = local;
        return st;
    }
    ld->dram_reader.source = ld->dram_path;
    *root = ld->dram_file;
    return HAMM_OK;
}

/* Build the address map once: a map that does not fit the geometry fails here, and so
 * does one with a channel or bank bit inside a request (unless address_map_allow_split). */
static hamm_status check_map(const hamm_system_config *c, json_reader *r)
{
    hamm_addrmap *m;
    hamm_error local;
    hamm_error_clear(&local);
    if (hamm_config_addrmap(c, &m, &local) == HAMM_OK) {
        hamm_status st = c->address_map_allow_split
                             ? HAMM_OK
                             : hamm_addrmap_check_request(m, c->request_size, &local);
        hamm_addrmap_free(m);
        if (st == HAMM_OK)
            return HAMM_OK;
    }
    if (local.status != HAMM_ERR_CONFIG)
        return hamm_error_at(r->err, local.status, HAMM_IN(r->source), local.field, "%s",
                             local.text);
    return json_read_fail(r, local.field, "%s", local.text);
}

static hamm_status load_stages(struct load *ld, hamm_system_config *c, hamm_error *err)
{
    json_t *dram_root = NULL;
    hamm_status st = ld->sys ? HAMM_OK : read_json(ld->path, &ld->sys, err);
    if (st == HAMM_OK)
        st = apply_sets(ld, ld->sys, 0, err);
    if (st == HAMM_OK)
        st = schema_read(&config_system_table, ld->sys, c, &ld->sys_reader);
    if (st == HAMM_OK)
        st = resolve_dram(ld, &dram_root, err);
    if (st == HAMM_OK)
        st = apply_sets(ld, dram_root, 1, err);
    if (st == HAMM_OK) {
        size_t top = json_read_key(&ld->dram_reader, DRAM_KEY);
        st = schema_read(&config_dram_table, dram_root, &c->dram, &ld->dram_reader);
        json_read_pop(&ld->dram_reader, top);
    }
    if (st == HAMM_OK)
        st = config_check_dram(&c->dram, &ld->dram_reader);
    if (st == HAMM_OK)
        st = config_check_system(c, &ld->sys_reader);
    if (st == HAMM_OK)
        st = check_map(c, &ld->sys_reader);
    return st;
}

hamm_status hamm_config_load(hamm_system_config *cfg, const char *path,
                             const char *const *sets, size_t nsets, hamm_error *err)
{
    return hamm_config_load_with(cfg, path, sets, nsets, NULL, err);
}

/* The load of the system model file `path`, or of `doc` (its parsed contents, copied)
 * named `path` in errors. */
static hamm_status load_model(hamm_system_config *cfg, const char *path, json_t *doc,
                              const char *const *sets, size_t nsets,
                              const hamm_model_path *models, hamm_error *err)
{
    if (!cfg || !path || (nsets && !sets))
        return hamm_error_set(err, HAMM_ERR_ARG, "hamm_config_load: NULL argument");
    if (strlen(path) >= sizeof cfg->source)
        return hamm_error_at(err, HAMM_ERR_ARG, HAMM_IN(path), NULL,
                             "the model file's path is too long");
    if (doc && !json_is_object(doc))
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), NULL,
                             "a model file holds one JSON object");
    hamm_system_config *c = hamm_calloc_array(1, sizeof *c);
    struct load ld;
    memset(&ld, 0, sizeof ld);
    ld.path = path;
    ld.models = models;
    ld.sys = doc ? json_deep_copy(doc) : NULL;
    hamm_status st = c && (!doc || ld.sys) ? parse_sets(&ld, sets, nsets, err)
                                           : hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    json_reader_init(&ld.sys_reader, path, err);
    ld.sys_reader.set_paths = ld.set_paths;
    ld.sys_reader.nset = ld.nsets;
    if (st == HAMM_OK)
        st = load_stages(&ld, c, err);
    if (st == HAMM_OK) {
        snprintf(c->source, sizeof c->source, "%s", path);
        snprintf(c->dram_source, sizeof c->dram_source, "%s", ld.dram_file ? ld.dram_path : "");
        *cfg = *c;
    }
    load_free(&ld);
    free(c);
    return st;
}

hamm_status hamm_config_load_with(hamm_system_config *cfg, const char *path,
                                  const char *const *sets, size_t nsets,
                                  const hamm_model_path *models, hamm_error *err)
{
    return load_model(cfg, path, NULL, sets, nsets, models, err);
}

hamm_status hamm_config_from_json(hamm_system_config *cfg, json_t *doc, const char *source,
                                  hamm_error *err)
{
    return load_model(cfg, source, doc, NULL, 0, NULL, err);
}

void hamm_config_geometry(const hamm_system_config *cfg, hamm_geometry *g)
{
    g->channels = cfg->channels;
    g->bank_groups = cfg->dram.bank_groups;
    g->banks = cfg->dram.banks;
    g->rows = cfg->dram.rows;
    g->columns = cfg->dram.columns;
    g->column_bytes = cfg->chips_per_channel * cfg->dram.bus_width_bits / 8;
    g->ranks = cfg->dram.ranks;
}

hamm_status hamm_config_addrmap(const hamm_system_config *cfg, hamm_addrmap **out,
                                hamm_error *err)
{
    hamm_geometry g;
    hamm_config_geometry(cfg, &g);
    hamm_status st = hamm_addrmap_new(out, cfg->address_map, cfg->address_xor, &g, err);
    if (st == HAMM_OK)
        st = hamm_addrmap_set_scheme(*out, HAMM_ADDRMAP_BANK, cfg->address_bank_scheme, err);
    if (st == HAMM_OK)
        st = hamm_addrmap_set_scheme(*out, HAMM_ADDRMAP_CHANNEL, cfg->address_channel_scheme,
                                     err);
    if (st != HAMM_OK && *out) {
        hamm_addrmap_free(*out);
        *out = NULL;
    }
    if (st != HAMM_OK && cfg->source[0])
        hamm_error_locate(err, HAMM_IN(cfg->source));
    return st;
}

json_t *config_to_json_value(const hamm_system_config *cfg)
{
    json_t *root = schema_write(&config_system_table, cfg);
    json_t *dram = schema_write(&config_dram_table, &cfg->dram);
    /* json_object_set_new replaces the null placeholder in place, keeping the key order */
    if (root && dram && json_object_set_new(root, DRAM_KEY, dram) == 0) /* takes dram */
        return root;
    if (!root)
        json_decref(dram);
    json_decref(root);
    return NULL;
}

char *hamm_config_to_json(const hamm_system_config *cfg)
{
    json_t *root = config_to_json_value(cfg);
    char *text = root ? json_dumps(root, JSON_INDENT(2)) : NULL;
    json_decref(root);
    return text;
}
