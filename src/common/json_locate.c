/* json_locate.c - the line of a JSON path in a file's text: jansson keeps no positions
 * for values, so errors found after parsing walk the text again (which jansson has
 * already accepted as JSON) to say where the value the path names begins. */
#include <stdio.h>
#include <string.h>

#include "json_read.h"

#define MAX_DEPTH 64 /* deeper values are never named by the reader's paths */

struct walk {
    const char *p, *end;
    uint64_t line;
    const char *target;
    size_t tlen;
    uint64_t found;  /* line of the path, or of its deepest parent seen */
    int exact;
};

static void skip_space(struct walk *w)
{
    for (; w->p < w->end; w->p++) {
        if (*w->p == '\n')
            w->line++;
        else if (*w->p != ' ' && *w->p != '\t' && *w->p != '\r')
            return;
    }
}

/* Past a string starting at its '"'; *s and *n give its raw contents. */
static void skip_string(struct walk *w, const char **s, size_t *n)
{
    w->p++;
    *s = w->p;
    while (w->p < w->end && *w->p != '"') {
        if (*w->p == '\\' && w->p + 1 < w->end)
            w->p++;
        w->p++;
    }
    *n = (size_t)(w->p - *s);
    if (w->p < w->end)
        w->p++;
}

static void value(struct walk *w, char *path, size_t plen, int depth);

/* Enter a child named by path[0..plen) + suffix, then walk its value. */
static void child(struct walk *w, char *path, size_t plen, int depth, const char *s,
                  size_t n, size_t i)
{
    int len = s ? snprintf(path + plen, JSON_READ_PATH - plen, "%s%.*s", plen ? "." : "", (int)n, s)
                : snprintf(path + plen, JSON_READ_PATH - plen, "[%zu]", i);
    if (len < 0 || plen + (size_t)len >= JSON_READ_PATH || depth >= MAX_DEPTH) {
        path[plen] = '\0'; /* too deep to be named: walk on without matching */
        value(w, path, JSON_READ_PATH - 1, depth + 1);
        return;
    }
    value(w, path, plen + (size_t)len, depth + 1);
    path[plen] = '\0';
}

static void compound(struct walk *w, char *path, size_t plen, int depth, char close)
{
    w->p++;
    for (size_t i = 0; !w->exact; i++) {
        skip_space(w);
        if (w->p >= w->end || *w->p == close)
            break;
        if (close == '}') {
            const char *s = "";
            size_t n = 0;
            if (*w->p == '"')
                skip_string(w, &s, &n);
            skip_space(w);
            if (w->p < w->end && *w->p == ':')
                w->p++;
            child(w, path, plen, depth, s, n, 0);
        } else {
            child(w, path, plen, depth, NULL, 0, i);
        }
        skip_space(w);
        if (w->p < w->end && *w->p == ',')
            w->p++;
        else
            break;
    }
    if (w->p < w->end && *w->p == close)
        w->p++;
}

static void value(struct walk *w, char *path, size_t plen, int depth)
{
    skip_space(w);
    if (w->p >= w->end || w->exact)
        return;
    if (plen < JSON_READ_PATH - 1 && strncmp(path, w->target, plen) == 0) {
        char next = w->target[plen];
        if (!next) {
            w->found = w->line;
            w->exact = 1;
            return;
        }
        if (next == '.' || next == '[' || plen == 0)
            w->found = w->line;
    }
    if (*w->p == '{' || *w->p == '[') {
        compound(w, path, plen, depth, *w->p == '{' ? '}' : ']');
    } else if (*w->p == '"') {
        const char *s;
        size_t n;
        skip_string(w, &s, &n);
    } else {
        while (w->p < w->end && !strchr(",]} \t\r\n", *w->p))
            w->p++;
    }
}

uint64_t json_locate_line(const char *text, size_t len, const char *path)
{
    struct walk w = {text, text + len, 1, path, strlen(path), 0, 0};
    char buf[JSON_READ_PATH] = "";
    value(&w, buf, 0, 0);
    return w.found;
}
