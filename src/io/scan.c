/* scan.c - blank-separated tokens and overflow-checked numbers. */
#include "scan.h"

#include <string.h>

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

int scan_next(scan_line *s, scan_token *tok)
{
    return scan_next_sep(s, "", tok);
}

int scan_next_sep(scan_line *s, const char *seps, scan_token *tok)
{
    const char *p = s->p;
    while (p < s->end && (is_blank(*p) || (*p && strchr(seps, *p))))
        p++;
    const char *start = p;
    while (p < s->end && !is_blank(*p) && !(*p && strchr(seps, *p)))
        p++;
    s->p = p;
    tok->p = start;
    tok->len = (size_t)(p - start);
    return tok->len != 0;
}

int scan_at_end(const scan_line *s)
{
    for (const char *p = s->p; p < s->end; p++)
        if (!is_blank(*p))
            return 0;
    return 1;
}

int scan_is(scan_token tok, const char *word)
{
    size_t n = strlen(word);
    return tok.len == n && memcmp(tok.p, word, n) == 0;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int has_hex_prefix(scan_token tok)
{
    return tok.len >= 2 && tok.p[0] == '0' && (tok.p[1] == 'x' || tok.p[1] == 'X');
}

static scan_result hex_digits(const char *p, size_t len, uint64_t *out)
{
    if (len == 0)
        return SCAN_EMPTY;
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        int d = hex_digit(p[i]);
        if (d < 0)
            return SCAN_BADCHAR;
        if (v >> 60)
            return SCAN_OVERFLOW;
        v = (v << 4) | (uint64_t)d;
    }
    *out = v;
    return SCAN_OK;
}

scan_result scan_hex_u64(scan_token tok, uint64_t *out)
{
    if (has_hex_prefix(tok))
        return hex_digits(tok.p + 2, tok.len - 2, out);
    return hex_digits(tok.p, tok.len, out);
}

scan_result scan_hex_u64_prefixed(scan_token tok, uint64_t *out)
{
    if (!has_hex_prefix(tok))
        return tok.len ? SCAN_BADCHAR : SCAN_EMPTY;
    return hex_digits(tok.p + 2, tok.len - 2, out);
}

scan_result scan_dec_u64(scan_token tok, uint64_t *out)
{
    if (tok.len == 0)
        return SCAN_EMPTY;
    uint64_t v = 0;
    for (size_t i = 0; i < tok.len; i++) {
        char c = tok.p[i];
        if (c < '0' || c > '9')
            return SCAN_BADCHAR;
        uint64_t d = (uint64_t)(c - '0');
        if (v > (UINT64_MAX - d) / 10)
            return SCAN_OVERFLOW;
        v = v * 10 + d;
    }
    *out = v;
    return SCAN_OK;
}

scan_result scan_auto_u64(scan_token tok, uint64_t *out)
{
    if (has_hex_prefix(tok))
        return hex_digits(tok.p + 2, tok.len - 2, out);
    return scan_dec_u64(tok, out);
}

const char *scan_result_text(scan_result r, int hex)
{
    switch (r) {
    case SCAN_OK:
        return "ok";
    case SCAN_EMPTY:
        return hex ? "missing hex digits" : "missing digits";
    case SCAN_BADCHAR:
        return hex ? "not a hex number" : "not a decimal number";
    case SCAN_OVERFLOW:
        return "overflows 64 bits";
    }
    return "bad number";
}
