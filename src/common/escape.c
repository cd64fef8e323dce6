/* escape.c - text from inputs made safe for each emitted format (escape.h says what each
 * escaper does with which bytes). */
#include <string.h>

#include "escape.h"

/* What a byte becomes in a format: NULL to keep it, else the text written instead. */
typedef const char *replace_fn(unsigned char c);

/* s with every byte `replace` changes replaced; unchanged runs go out whole. */
static void put_replaced(escape_out out, const char *s, replace_fn *replace)
{
    const char *run = s;
    for (; *s; s++) {
        const char *r = replace((unsigned char)*s);
        if (!r)
            continue;
        if (s > run)
            out.put(out.ctx, run, (size_t)(s - run));
        out.put(out.ctx, r, strlen(r));
        run = s + 1;
    }
    if (s > run)
        out.put(out.ctx, run, (size_t)(s - run));
}

static void put_text(escape_out out, const char *s)
{
    out.put(out.ctx, s, strlen(s));
}

static void put_file(void *fp, const char *s, size_t n)
{
    fwrite(s, 1, n, fp);
}

escape_out escape_to_file(FILE *fp)
{
    return (escape_out){put_file, fp};
}

int escape_is_control(unsigned char c)
{
    return c < 0x20 || c == 0x7f;
}

static const char *control_to_space(unsigned char c)
{
    return escape_is_control(c) ? " " : NULL;
}

void escape_line(escape_out out, const char *s)
{
    s = s ? s : "";
    put_replaced(out, s, control_to_space);
    size_t n = strlen(s);
    if (n > 0 && s[n - 1] == '\\')
        put_text(out, " ");
}

static const char *gp_string_byte(unsigned char c)
{
    return c == '\'' ? "''" : control_to_space(c);
}

void escape_gp_string(escape_out out, const char *s)
{
    put_text(out, "'");
    put_replaced(out, s ? s : "", gp_string_byte);
    put_text(out, "'");
}

static const char *gp_label_byte(unsigned char c)
{
    return c == '"' || c == '\\' || escape_is_control(c) ? "_" : NULL;
}

void escape_gp_label(escape_out out, const char *s)
{
    put_text(out, "\"");
    put_replaced(out, s ? s : "", gp_label_byte);
    put_text(out, "\"");
}

static const char *sh_quoted_byte(unsigned char c)
{
    return c == '\'' ? "'\\''" : NULL;
}

int escape_sh_word(escape_out out, const char *s)
{
    s = s ? s : "";
    for (const char *p = s; *p; p++)
        if (escape_is_control((unsigned char)*p))
            return -1;
    static const char plain[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                "0123456789/._=,:+@%-";
    if (*s && strspn(s, plain) == strlen(s)) {
        put_text(out, s);
        return 0;
    }
    put_text(out, "'");
    put_replaced(out, s, sh_quoted_byte);
    put_text(out, "'");
    return 0;
}

static const char *latex_byte(unsigned char c)
{
    switch (c) {
    case '&': return "\\&";
    case '%': return "\\%";
    case '$': return "\\$";
    case '#': return "\\#";
    case '_': return "\\_";
    case '{': return "\\{";
    case '}': return "\\}";
    case '\\': return "\\textbackslash{}";
    case '~': return "\\textasciitilde{}";
    case '^': return "\\textasciicircum{}";
    case '<': return "\\textless{}";
    case '>': return "\\textgreater{}";
    case '|': return "\\textbar{}";
    default: return control_to_space(c);
    }
}

void escape_latex(escape_out out, const char *s)
{
    put_replaced(out, s ? s : "", latex_byte);
}

static const char *markdown_byte(unsigned char c)
{
    switch (c) {
    case '\\': return "\\\\";
    case '`': return "\\`";
    case '*': return "\\*";
    case '[': return "\\[";
    case ']': return "\\]";
    case '<': return "\\<";
    case '>': return "\\>";
    case '|': return "\\|";
    case '~': return "\\~";
    default: return control_to_space(c);
    }
}

void escape_markdown(escape_out out, const char *s)
{
    put_replaced(out, s ? s : "", markdown_byte);
}

static const char *csv_byte(unsigned char c)
{
    return c == '"' ? "\"\"" : control_to_space(c);
}

void escape_csv(escape_out out, const char *s)
{
    s = s ? s : "";
    int quoted = strpbrk(s, ",\"") != NULL;
    if (quoted)
        put_text(out, "\"");
    if (*s && strchr("=+-@", *s))
        put_text(out, "'");
    put_replaced(out, s, csv_byte);
    if (quoted)
        put_text(out, "\"");
}

static const char *html_byte(unsigned char c)
{
    switch (c) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return "&quot;";
    default: return control_to_space(c);
    }
}

void escape_html(escape_out out, const char *s)
{
    put_replaced(out, s ? s : "", html_byte);
}
