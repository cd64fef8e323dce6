/* scan.h - the tokens and numbers of one line (a line of lines.h): what the text trace
 * readers, the command log reader and the Accel-Sim recordings' reader parse lines with.
 * Nothing here allocates; every number parser detects overflow. */
#ifndef HAMM_IO_SCAN_H
#define HAMM_IO_SCAN_H

#include <stddef.h>
#include <stdint.h>

/* A token: a run of non-blank bytes inside a line. */
typedef struct scan_token {
    const char *p;
    size_t len;
} scan_token;

/* A cursor over one line (without its newline). */
typedef struct scan_line {
    const char *p;
    const char *end;
} scan_line;

/* Next blank-separated token (blanks: space, tab, CR); 0 at end of line. */
int scan_next(scan_line *s, scan_token *tok);
/* Next token split at any byte in `seps` (blanks are also skipped). */
int scan_next_sep(scan_line *s, const char *seps, scan_token *tok);
/* 1 when only blanks remain. */
int scan_at_end(const scan_line *s);

/* Token equals the NUL-terminated word (case-sensitive). */
int scan_is(scan_token tok, const char *word);

typedef enum scan_result {
    SCAN_OK = 0,
    SCAN_EMPTY,    /* no digits */
    SCAN_BADCHAR,  /* a byte that is not a digit of the base */
    SCAN_OVERFLOW, /* the value does not fit */
} scan_result;

/* Hex with an optional 0x/0X prefix. */
scan_result scan_hex_u64(scan_token tok, uint64_t *out);
/* Hex that must carry the 0x prefix. */
scan_result scan_hex_u64_prefixed(scan_token tok, uint64_t *out);
/* Decimal. */
scan_result scan_dec_u64(scan_token tok, uint64_t *out);
/* Hex when prefixed with 0x, else decimal. */
scan_result scan_auto_u64(scan_token tok, uint64_t *out);
/* Why a scan failed, for error text: "not a hex number", "overflows 64 bits". */
const char *scan_result_text(scan_result r, int hex);

#endif
