/* scheme_parse.c - a scheme spec "NAME[:KEY=VALUE,...]" into a hamm_banked_scheme: the
 * defaults of each scheme for the module count, each key checked against its range, then
 * the conditions between the fields; every error names the field. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "banked_internal.h"
#include "common/ipoly.h"

#define MAX_MODULES 4096u
#define MAX_FAMILY 32u

/* One key a scheme takes: where it goes in the scheme, and its range. */
typedef struct key_def {
    const char *name;
    size_t offset; /* of a uint32_t, or of a uint64_t when wide */
    int wide;
    uint64_t min, max;
} key_def;

#define K32(name, field, lo, hi) {name, offsetof(hamm_banked_scheme, field), 0, lo, hi}
#define K64(name, field, lo, hi) {name, offsetof(hamm_banked_scheme, field), 1, lo, hi}

static const key_def keys_high[] = {K64("rows", rows, 1, 1ull << 40)};
static const key_def keys_skew[] = {K32("skew", skew, 0, 1u << 20)};
static const key_def keys_prime[] = {K32("p", modules, 2, MAX_MODULES)};
static const key_def keys_xor[] = {K32("s", s, 0, MAX_FAMILY)};
static const key_def keys_sams[] = {K32("q", q, 0, 10), K32("s", s, 0, MAX_FAMILY)};
static const key_def keys_2d[] = {K32("p", p, 1, 9), K32("q", q, 1, 9),
                                  K32("vs", vs, 0, MAX_FAMILY), K32("hs", hs, 0, MAX_FAMILY),
                                  K64("width", width, 2, 1ull << 40)};
static const key_def keys_ipoly[] = {K32("sub", sub, 0, IPOLY_MAX_LOG2_BUCKETS)};

static const struct {
    const key_def *keys;
    size_t nkeys;
    const char *usage;
} kinds[HAMM_BANKED_KIND_COUNT] = {
    {NULL, 0, "low-order"},
    {keys_high, 1, "high-order:rows=R"},
    {keys_skew, 1, "skewed:skew=K"},
    {keys_prime, 1, "prime:p=P"},
    {keys_xor, 1, "xor:s=S"},
    {keys_sams, 2, "sams:q=Q,s=S"},
    {keys_2d, 5, "2dsmm:p=P,q=Q,vs=V,hs=H,width=N"},
    {keys_ipoly, 1, "ipoly:sub=K"},
};

static int log2_exact(uint32_t v)
{
    int n = 0;
    while (v > 1 && (v & 1) == 0) {
        v >>= 1;
        n++;
    }
    return v == 1 ? n : -1;
}

static int is_prime(uint32_t v)
{
    if (v < 2)
        return 0;
    for (uint32_t d = 2; d * d <= v; d++)
        if (v % d == 0)
            return 0;
    return 1;
}

static hamm_status parse_name(const char *name, size_t len, hamm_banked_kind *k, hamm_error *err)
{
    for (int i = 0; i < HAMM_BANKED_KIND_COUNT; i++) {
        const char *n = hamm_banked_kind_name((hamm_banked_kind)i);
        if (strlen(n) == len && strncmp(n, name, len) == 0) {
            *k = (hamm_banked_kind)i;
            return HAMM_OK;
        }
    }
    return hamm_error_field(err, HAMM_ERR_ARG, "scheme",
                            "unknown scheme '%.*s' (low-order, high-order, skewed, prime, "
                            "xor, sams, 2dsmm, ipoly)", (int)len, name);
}

/* The defaults of kind k for `lanes` parallel accesses (lanes >= 1). */
static void set_defaults(hamm_banked_scheme *s, hamm_banked_kind k, uint32_t lanes)
{
    memset(s, 0, sizeof *s);
    s->kind = k;
    s->lanes = s->modules = lanes;
    s->rows = 1024;
    s->skew = 1;
    s->width = 1024;
    int l = log2_exact(lanes);
    s->q = s->s = l < 0 ? 0 : (uint32_t)l;
    if (k == HAMM_BANKED_PRIME) {
        s->modules = lanes < 2 ? 2 : lanes;
        while (!is_prime(s->modules))
            s->modules++;
    }
}

/* One "key=value" of scheme k: which key, its value in range. */
static hamm_status parse_pair(hamm_banked_scheme *s, const char *pair, size_t len,
                              unsigned *given, hamm_error *err)
{
    const char *kname = hamm_banked_kind_name(s->kind);
    const char *eq = memchr(pair, '=', len);
    size_t klen = eq ? (size_t)(eq - pair) : len;
    char field[64];
    snprintf(field, sizeof field, "%s.%.*s", kname, (int)(klen < 32 ? klen : 32), pair);
    for (size_t i = 0; i < kinds[s->kind].nkeys; i++) {
        const key_def *kd = &kinds[s->kind].keys[i];
        if (strlen(kd->name) != klen || strncmp(kd->name, pair, klen) != 0)
            continue;
        if (*given & (1u << i))
            return hamm_error_field(err, HAMM_ERR_ARG, field, "given twice");
        char text[32];
        size_t vlen = eq ? len - klen - 1 : 0;
        if (!eq || vlen == 0 || vlen >= sizeof text)
            return hamm_error_field(err, HAMM_ERR_ARG, field, "needs a value: %s", kd->name);
        memcpy(text, eq + 1, vlen);
        text[vlen] = '\0';
        char *end;
        errno = 0;
        unsigned long long v = strtoull(text, &end, 10);
        if (*end || errno || text[0] < '0' || text[0] > '9' || v < kd->min || v > kd->max)
            return hamm_error_field(err, HAMM_ERR_ARG, field,
                                    "'%s' is not a whole number from %llu to %llu", text,
                                    (unsigned long long)kd->min, (unsigned long long)kd->max);
        if (kd->wide)
            *(uint64_t *)((char *)s + kd->offset) = v;
        else
            *(uint32_t *)((char *)s + kd->offset) = (uint32_t)v;
        *given |= 1u << i;
        return HAMM_OK;
    }
    if (kinds[s->kind].nkeys == 0)
        return hamm_error_field(err, HAMM_ERR_ARG, field, "%s takes no parameters", kname);
    return hamm_error_field(err, HAMM_ERR_ARG, field, "unknown parameter (%s)",
                            kinds[s->kind].usage);
}

static hamm_status need_pow2(const hamm_banked_scheme *s, hamm_error *err)
{
    if (log2_exact(s->lanes) >= 0)
        return HAMM_OK;
    return hamm_error_field(err, HAMM_ERR_ARG, "modules",
                            "%s needs a power-of-two module count, not %u",
                            hamm_banked_kind_name(s->kind), s->lanes);
}

/* 2DSMM: p + q = log2 M with 1 <= p <= q; the one not given follows from the other. */
static hamm_status check_2dsmm(hamm_banked_scheme *s, unsigned given, hamm_error *err)
{
    int l = log2_exact(s->lanes);
    if (l < 2)
        return hamm_error_field(err, HAMM_ERR_ARG, "modules",
                                "2dsmm needs 2^(p+q) modules, p, q >= 1: 4, 8, 16, ..., not %u",
                                s->lanes);
    if (!(given & 3u)) {
        s->p = (uint32_t)l / 2;
        s->q = (uint32_t)l - s->p;
    } else if (!(given & 2u))
        s->q = (uint32_t)l - s->p;
    else if (!(given & 1u))
        s->p = (uint32_t)l - s->q;
    if (s->p + s->q != (uint32_t)l || s->p < 1 || s->p > s->q)
        return hamm_error_field(err, HAMM_ERR_ARG, "2dsmm.p",
                                "p=%u, q=%u: needs 1 <= p <= q and p + q = %d (%u modules)",
                                s->p, s->q, l, s->lanes);
    if (s->width % (1ull << s->q))
        return hamm_error_field(err, HAMM_ERR_ARG, "2dsmm.width",
                                "%llu is not a multiple of 2^q = %u",
                                (unsigned long long)s->width, 1u << s->q);
    return HAMM_OK;
}

/* IPOLY: a polynomial for M * 2^sub buckets (16, 32 or 64: GPGPU-Sim has no other). */
static hamm_status check_ipoly(const hamm_banked_scheme *s, hamm_error *err)
{
    hamm_status st = need_pow2(s, err);
    if (st != HAMM_OK || ipoly_has_buckets(s->q + s->sub))
        return st;
    return hamm_error_field(err, HAMM_ERR_ARG, s->sub ? "ipoly.sub" : "modules",
                            "ipoly needs 16, 32 or 64 buckets (the count x 2^sub; GPGPU-Sim "
                            "has polynomials for no others), not %u x 2^%u = %llu", s->lanes,
                            s->sub, (unsigned long long)s->lanes << s->sub);
}

/* The conditions between fields, once every key is read. */
static hamm_status check(hamm_banked_scheme *s, unsigned given, hamm_error *err)
{
    switch (s->kind) {
    case HAMM_BANKED_LOW_ORDER:
    case HAMM_BANKED_HIGH_ORDER:
        return HAMM_OK;
    case HAMM_BANKED_SKEWED:
        return HAMM_OK;
    case HAMM_BANKED_PRIME:
        if (!is_prime(s->modules))
            return hamm_error_field(err, HAMM_ERR_ARG, "prime.p", "%u is not prime", s->modules);
        return HAMM_OK;
    case HAMM_BANKED_XOR:
        return need_pow2(s, err);
    case HAMM_BANKED_SAMS:
        if (need_pow2(s, err) != HAMM_OK)
            return err ? err->status : HAMM_ERR_ARG;
        if ((given & 1u) && (1u << s->q) != s->lanes)
            return hamm_error_field(err, HAMM_ERR_ARG, "sams.q",
                                    "q=%u means %u modules, but there are %u (--modules)", s->q,
                                    1u << s->q, s->lanes);
        if (!(given & 2u))
            s->s = s->q; /* the matched scheme */
        return HAMM_OK;
    case HAMM_BANKED_2DSMM:
        return check_2dsmm(s, given, err);
    case HAMM_BANKED_IPOLY:
        return check_ipoly(s, err);
    case HAMM_BANKED_KIND_COUNT:
        break;
    }
    return hamm_error_set(err, HAMM_ERR_ARG, "no such scheme");
}

static void write_spec(hamm_banked_scheme *s)
{
    const char *n = hamm_banked_kind_name(s->kind);
    char *b = s->spec;
    size_t z = sizeof s->spec;
    switch (s->kind) {
    case HAMM_BANKED_LOW_ORDER: snprintf(b, z, "%s", n); break;
    case HAMM_BANKED_HIGH_ORDER: snprintf(b, z, "%s:rows=%llu", n, (unsigned long long)s->rows); break;
    case HAMM_BANKED_SKEWED: snprintf(b, z, "%s:skew=%u", n, s->skew); break;
    case HAMM_BANKED_PRIME: snprintf(b, z, "%s:p=%u", n, s->modules); break;
    case HAMM_BANKED_XOR: snprintf(b, z, "%s:s=%u", n, s->s); break;
    case HAMM_BANKED_SAMS: snprintf(b, z, "%s:q=%u,s=%u", n, s->q, s->s); break;
    case HAMM_BANKED_2DSMM:
        snprintf(b, z, "%s:p=%u,q=%u,vs=%u,hs=%u,width=%llu", n, s->p, s->q, s->vs, s->hs,
                 (unsigned long long)s->width);
        break;
    case HAMM_BANKED_IPOLY: snprintf(b, z, "%s:sub=%u", n, s->sub); break;
    case HAMM_BANKED_KIND_COUNT: break;
    }
}

hamm_status hamm_banked_parse(const char *spec, uint32_t lanes, hamm_banked_scheme *out,
                              hamm_error *err)
{
    if (!spec || !out)
        return hamm_error_set(err, HAMM_ERR_ARG, "hamm_banked_parse: no spec");
    if (lanes < 1 || lanes > HAMM_BANKED_MAX_LANES)
        return hamm_error_field(err, HAMM_ERR_ARG, "modules", "%u is not from 1 to %u", lanes,
                                HAMM_BANKED_MAX_LANES);
    const char *colon = strchr(spec, ':');
    hamm_banked_kind k = HAMM_BANKED_LOW_ORDER;
    hamm_status st = parse_name(spec, colon ? (size_t)(colon - spec) : strlen(spec), &k, err);
    if (st != HAMM_OK)
        return st;
    set_defaults(out, k, lanes);
    unsigned given = 0;
    for (const char *p = colon; p && st == HAMM_OK;) {
        const char *start = p + 1, *comma = strchr(start, ',');
        size_t len = comma ? (size_t)(comma - start) : strlen(start);
        st = parse_pair(out, start, len, &given, err);
        p = comma;
    }
    if (st == HAMM_OK)
        st = check(out, given, err);
    if (st == HAMM_OK)
        write_spec(out);
    return st;
}
