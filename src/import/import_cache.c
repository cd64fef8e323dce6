/* import_cache.c - the structured values of a GPGPU-Sim configuration: a cache string
 * ([N|S:]sets:line:assoc,rep:write:alloc:write_alloc[:index],mshr:entries:merge,mq...),
 * the DRAM timing string (nbk=16:CCD=2:...) and the checked decimal every option uses. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "import_internal.h"

hamm_status import_u32(imp_state *s, const char *text, uint32_t lo, uint32_t hi,
                       const char *what, uint32_t *out, hamm_error *err)
{
    char *end;
    errno = 0;
    unsigned long long v = text[0] >= '0' && text[0] <= '9' ? strtoull(text, &end, 10) : 0;
    if (!(text[0] >= '0' && text[0] <= '9') || *end != '\0' || errno == ERANGE)
        return import_fail(s, err, "%s: expected a whole number, got '%s'", what, text);
    if (v < lo || v > hi)
        return import_fail(s, err, "%s: %llu is outside [%u, %u]", what, v, (unsigned)lo,
                           (unsigned)hi);
    *out = (uint32_t)v;
    return HAMM_OK;
}

/* Split `text` at `sep` into at most `max` pieces (in place); their count. */
static size_t split(char *text, char sep, char **piece, size_t max)
{
    size_t n = 0;
    for (char *p = text; n < max;) {
        piece[n++] = p;
        p = strchr(p, sep);
        if (!p)
            return n;
        *p++ = '\0';
    }
    return n + 1; /* more pieces than max: the caller reports it */
}

static int is_pow2(uint32_t v)
{
    return v && !(v & (v - 1));
}

/* "[N|S:]sets:line:assoc" */
static hamm_status geometry(imp_state *s, char *text, imp_cache *c, hamm_error *err)
{
    char *f[5];
    size_t n = split(text, ':', f, 4);
    size_t at = 0;
    if (n == 4) {
        if (strlen(f[0]) != 1 || (f[0][0] != 'N' && f[0][0] != 'S'))
            return import_fail(s, err, "the cache kind is N (normal) or S (sectored), not '%s'",
                               f[0]);
        c->sectored = f[0][0] == 'S';
        at = 1;
    } else if (n != 3) {
        return import_fail(s, err, "expected [N|S:]sets:line_bytes:assoc before the first ','");
    }
    hamm_status st = import_u32(s, f[at], 1, 1u << 20, "sets", &c->sets, err);
    if (st == HAMM_OK)
        st = import_u32(s, f[at + 1], 1, 4096, "line bytes", &c->line_bytes, err);
    if (st == HAMM_OK)
        st = import_u32(s, f[at + 2], 1, 1024, "associativity", &c->ways, err);
    if (st == HAMM_OK && (!is_pow2(c->sets) || !is_pow2(c->line_bytes)))
        return import_fail(s, err, "hamm's caches need power-of-two sets and line bytes "
                                   "(%u sets of %u bytes)",
                           (unsigned)c->sets, (unsigned)c->line_bytes);
    if (st == HAMM_OK && c->line_bytes < 128)
        return import_fail(s, err, "hamm's cache lines are at least 128 bytes, not %u",
                           (unsigned)c->line_bytes);
    return st;
}

/* "rep:write:alloc:write_alloc[:index]": one letter each, checked against its choices. */
static hamm_status policies(imp_state *s, char *text, imp_cache *c, hamm_error *err)
{
    static const char *const what[] = {"replacement", "write policy", "allocation",
                                       "write allocation", "set index"};
    static const char *const allowed[] = {"LF", "RBTEL", "mfs", "NWFL", "LHPX"};
    char *f[6];
    size_t n = split(text, ':', f, 5);
    if (n < 4 || n > 5)
        return import_fail(s, err, "expected rep:write:alloc:write_alloc[:index] after the "
                                   "first ','");
    char *slot[] = {&c->replace, &c->write, &c->alloc, &c->write_alloc, &c->set_index};
    c->set_index = 'L';
    for (size_t i = 0; i < n; i++) {
        if (strlen(f[i]) != 1 || !strchr(allowed[i], f[i][0]))
            return import_fail(s, err, "%s '%s': expected one of %s", what[i], f[i],
                               allowed[i]);
        *slot[i] = f[i][0];
    }
    return HAMM_OK;
}

/* "kind:entries:merge" */
static hamm_status mshr(imp_state *s, char *text, imp_cache *c, hamm_error *err)
{
    char *f[4];
    if (split(text, ':', f, 3) != 3 || strlen(f[0]) != 1 || !strchr("ASTF", f[0][0]))
        return import_fail(s, err, "expected an MSHR kind:entries:merge (kind A, S, T or F) "
                                   "after the second ','");
    c->mshr_kind = f[0][0];
    hamm_status st = import_u32(s, f[1], 1, 4096, "MSHR entries", &c->mshr_entries, err);
    return st == HAMM_OK ? import_u32(s, f[2], 1, 64, "MSHR merge", &c->mshr_merge, err) : st;
}

hamm_status import_cache(imp_state *s, const char *value, imp_cache *c, hamm_error *err)
{
    char buf[512], *group[8];
    if (strlen(value) >= sizeof buf)
        return import_fail(s, err, "cache string longer than %zu bytes", sizeof buf - 1);
    strcpy(buf, value);
    size_t n = split(buf, ',', group, 7);
    if (n < 4 || n > 7)
        return import_fail(s, err, "expected geometry,policies,mshr,miss_queue "
                                   "(4 to 7 comma-separated groups), got %zu",
                           n);
    *c = (imp_cache){.given = 1};
    hamm_status st = geometry(s, group[0], c, err);
    if (st == HAMM_OK)
        st = policies(s, group[1], c, err);
    if (st == HAMM_OK)
        st = mshr(s, group[2], c, err);
    char *mq[4];
    split(group[3], ':', mq, 3); /* the FIFO entries and prefetch fields that follow: unused */
    return st == HAMM_OK ? import_u32(s, mq[0], 1, 4096, "miss queue", &c->miss_queue, err)
                         : st;
}

int import_cache_allocation(const imp_state *s, const imp_cache *c, json_t *j)
{
    const char *alloc = c->alloc == 'f' ? "on-fill" : c->alloc == 's' ? "streaming" : NULL;
    if (alloc && json_object_set_new(j, "allocate", json_string(alloc)))
        return -1;
    if (c != &s->l1 || !s->adaptive_l1 || !s->unified_kib)
        return 0;
    return json_object_set_new(j, "unified_bytes",
                               json_integer((json_int_t)s->unified_kib * 1024));
}

static const char *const timing_keys[IT_COUNT] = {
    [IT_NBK] = "nbk", [IT_CCD] = "CCD",   [IT_RRD] = "RRD",       [IT_RCD] = "RCD",
    [IT_RAS] = "RAS", [IT_RP] = "RP",     [IT_RC] = "RC",         [IT_CL] = "CL",
    [IT_WL] = "WL",   [IT_CDLR] = "CDLR", [IT_WR] = "WR",         [IT_NBKGRP] = "nbkgrp",
    [IT_CCDL] = "CCDL", [IT_RTPL] = "RTPL"};

static int timing_key(const char *key)
{
    for (int i = 0; i < IT_COUNT; i++)
        if (strcmp(key, timing_keys[i]) == 0)
            return i;
    return -1;
}

/* "nbk=16:CCD=2:...": every key up to WR is required; nbkgrp, CCDL and RTPL (GPGPU-Sim 3.x
 * files lack them) default to one group and no same-group delays. */
hamm_status import_timing(imp_state *s, const char *value, hamm_error *err)
{
    char buf[512], *f[IT_COUNT + 2];
    if (strlen(value) >= sizeof buf)
        return import_fail(s, err, "timing string longer than %zu bytes", sizeof buf - 1);
    strcpy(buf, value);
    size_t n = split(buf, ':', f, IT_COUNT + 1);
    uint32_t given = 0;
    for (size_t i = 0; i < n; i++) {
        char *eq = strchr(f[i], '=');
        int k = -1;
        if (eq) {
            *eq = '\0';
            k = timing_key(f[i]);
        }
        if (k < 0)
            return import_fail(s, err, "'%s' is not one of nbk, CCD, RRD, RCD, RAS, RP, RC, CL, "
                                       "WL, CDLR, WR, nbkgrp, CCDL, RTPL (as key=value)",
                               f[i]);
        hamm_status st = import_u32(s, eq + 1, k == IT_NBK || k == IT_NBKGRP ? 1 : 0, 10000,
                                    timing_keys[k], &s->timing[k], err);
        if (st != HAMM_OK)
            return st;
        given |= 1u << k;
    }
    for (int k = 0; k <= IT_WR; k++)
        if (!(given & (1u << k)))
            return import_fail(s, err, "lacks %s=", timing_keys[k]);
    if (!(given & (1u << IT_NBKGRP)))
        s->timing[IT_NBKGRP] = 1;
    return HAMM_OK;
}
