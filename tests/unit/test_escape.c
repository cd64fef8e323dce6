/* test_escape.c - every escaper of common/escape.h on the texts that break emitted
 * formats (newlines, quotes, $( ), backticks, \, %, <script>, &, #, {}, _, ^, ~): the exact
 * output, no control character ever written, ordinary names unchanged. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/escape.h"

/* What an escaper wrote, and how many times it was called. */
typedef struct sink {
    char text[4096];
    size_t len;
    int calls;
} sink;

static void put(void *ctx, const char *s, size_t n)
{
    sink *k = ctx;
    assert_true(k->len + n < sizeof k->text);
    memcpy(k->text + k->len, s, n);
    k->len += n;
    k->text[k->len] = '\0';
    k->calls++;
}

static sink out_of(void (*escape)(escape_out, const char *), const char *s)
{
    sink k = {{0}, 0, 0};
    escape((escape_out){put, &k}, s);
    return k;
}

#define ESCAPES(fn, in, want) assert_string_equal(out_of(fn, in).text, want)

/* No byte below 0x20 and no DEL in what was written. */
static void assert_no_control(const char *s)
{
    for (; *s; s++)
        assert_false((unsigned char)*s < 0x20 || (unsigned char)*s == 0x7f);
}

/* Texts with every byte that matters somewhere, and every control character. */
static const char *const hostile[] = {
    "t\nsystem(\"touch X\")\n#",
    "a'b\"c`d`$(rm -rf ~)\\e%f<script>alert(1)</script>&g#h{i}_j^k~l",
    "\\input{/etc/hostname}\r\n\\write18{id}",
    "x\\",
    "\x01\x02\t\x1b[31m\x7f end",
};

static void (*const all[])(escape_out, const char *) = {
    escape_line, escape_gp_string, escape_gp_label, escape_latex,
    escape_markdown, escape_csv, escape_html};

static void no_control_character_passes(void **state)
{
    (void)state;
    for (size_t f = 0; f < sizeof all / sizeof all[0]; f++)
        for (size_t i = 0; i < sizeof hostile / sizeof hostile[0]; i++)
            assert_no_control(out_of(all[f], hostile[i]).text);
    char every[128];
    for (int c = 1; c < 128; c++)
        every[c - 1] = (char)c;
    every[127] = '\0';
    for (size_t f = 0; f < sizeof all / sizeof all[0]; f++)
        assert_no_control(out_of(all[f], every).text);
}

static void ordinary_names_unchanged(void **state)
{
    (void)state;
    const char *name = "rows-gtx480_q8 (1.5%, 2/3: x)";
    ESCAPES(escape_line, name, name);
    ESCAPES(escape_markdown, name, name);
    ESCAPES(escape_html, name, name);
    ESCAPES(escape_gp_label, name, "\"rows-gtx480_q8 (1.5%, 2/3: x)\"");
    ESCAPES(escape_gp_string, name, "'rows-gtx480_q8 (1.5%, 2/3: x)'");
    ESCAPES(escape_csv, "rows-gtx480_q8 (1.5% 2/3: x)", "rows-gtx480_q8 (1.5% 2/3: x)");
    ESCAPES(escape_latex, "rows-gtx480 (1.5, 2/3: x)", "rows-gtx480 (1.5, 2/3: x)");
    /* NULL is empty; unchanged text goes out in one piece */
    ESCAPES(escape_line, NULL, "");
    assert_int_equal(out_of(escape_html, name).calls, 1);
}

static void line_and_comment(void **state)
{
    (void)state;
    ESCAPES(escape_line, hostile[0], "t system(\"touch X\") #");
    ESCAPES(escape_line, "a\r\nb\tc\x7f", "a  b c ");
    /* gnuplot continues a comment that ends in a backslash */
    ESCAPES(escape_line, "x\\", "x\\ ");
    ESCAPES(escape_line, "a\\b $(x) `y` <script>", "a\\b $(x) `y` <script>");
}

static void gnuplot_string(void **state)
{
    (void)state;
    ESCAPES(escape_gp_string, hostile[0], "'t system(\"touch X\") #'");
    ESCAPES(escape_gp_string, "it's", "'it''s'");
    ESCAPES(escape_gp_string, "'", "''''");
    ESCAPES(escape_gp_string, "", "''");
    /* nothing else is special inside '...' */
    ESCAPES(escape_gp_string, "@x `id` $(id) \\n %s #", "'@x `id` $(id) \\n %s #'");
}

static void gnuplot_label(void **state)
{
    (void)state;
    ESCAPES(escape_gp_label, hostile[0], "\"t_system(_touch X_)_#\"");
    ESCAPES(escape_gp_label, "a\\\"b'c", "\"a__b'c\"");
    ESCAPES(escape_gp_label, "\x7f", "\"_\"");
}

static void latex(void **state)
{
    (void)state;
    ESCAPES(escape_latex, "\\input{/etc/hostname}\n\\write18{id}",
            "\\textbackslash{}input\\{/etc/hostname\\} \\textbackslash{}write18\\{id\\}");
    ESCAPES(escape_latex, "&%$#_{}", "\\&\\%\\$\\#\\_\\{\\}");
    ESCAPES(escape_latex, "~^", "\\textasciitilde{}\\textasciicircum{}");
    ESCAPES(escape_latex, "<script>|", "\\textless{}script\\textgreater{}\\textbar{}");
    ESCAPES(escape_latex, "`$(x)`'\"", "`\\$(x)`'\"");
}

static void markdown(void **state)
{
    (void)state;
    ESCAPES(escape_markdown, "<script>alert(1)</script>", "\\<script\\>alert(1)\\</script\\>");
    ESCAPES(escape_markdown, "[x](javascript:y) ![i](u)", "\\[x\\](javascript:y) !\\[i\\](u)");
    ESCAPES(escape_markdown, "a|b `c` *d* ~e~ \\", "a\\|b \\`c\\` \\*d\\* \\~e\\~ \\\\");
    ESCAPES(escape_markdown, "s\n# h\n", "s # h ");
    /* left as they are: '_' (names hold it), '&', '#', '{}', '^', '%', '$( )' */
    ESCAPES(escape_markdown, "a_b & # {} ^ % $(x)", "a_b & # {} ^ % $(x)");
}

static void csv(void **state)
{
    (void)state;
    ESCAPES(escape_csv, "a,b", "\"a,b\"");
    ESCAPES(escape_csv, "say \"hi\"", "\"say \"\"hi\"\"\"");
    ESCAPES(escape_csv, "two\r\nlines", "two  lines");
    ESCAPES(escape_csv, "m,\"q\nx", "\"m,\"\"q x\"");
    ESCAPES(escape_csv, "", "");
    /* a spreadsheet would run these as formulas */
    ESCAPES(escape_csv, "=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0");
    ESCAPES(escape_csv, "+1", "'+1");
    ESCAPES(escape_csv, "-1", "'-1");
    ESCAPES(escape_csv, "@SUM(1,2)", "\"'@SUM(1,2)\"");
    ESCAPES(escape_csv, "<script> $(x) `y` \\ % # {} _ ^ ~ &",
            "<script> $(x) `y` \\ % # {} _ ^ ~ &");
}

static void html(void **state)
{
    (void)state;
    ESCAPES(escape_html, "<script>alert(\"x\")</script>",
            "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    ESCAPES(escape_html, "a & b\nc", "a &amp; b c");
    ESCAPES(escape_html, "&amp;", "&amp;amp;");
    ESCAPES(escape_html, "`$(x)` \\ % # {} _ ^ ~ '", "`$(x)` \\ % # {} _ ^ ~ '");
}

static sink sh(const char *s, int want_rc)
{
    sink k = {{0}, 0, 0};
    assert_int_equal(escape_sh_word((escape_out){put, &k}, s), want_rc);
    return k;
}

static void sh_word(void **state)
{
    (void)state;
    assert_string_equal(sh("/abs/dir/point-0001.json", 0).text, "/abs/dir/point-0001.json");
    assert_string_equal(sh("queue_size=8,a@b:c+d%e", 0).text, "queue_size=8,a@b:c+d%e");
    assert_string_equal(sh("", 0).text, "''");
    assert_string_equal(sh("a b", 0).text, "'a b'");
    assert_string_equal(sh("it's", 0).text, "'it'\\''s'");
    assert_string_equal(sh("$(touch P) `id` ; rm *", 0).text, "'$(touch P) `id` ; rm *'");
    assert_string_equal(sh("\\ # ~ {} ^ & <script>", 0).text, "'\\ # ~ {} ^ & <script>'");
    /* a control character cannot be quoted on one line: refused, nothing written */
    assert_int_equal(sh("name=x\ntouch P\n#", -1).len, 0);
    assert_int_equal(sh("a\rb", -1).len, 0);
    assert_int_equal(sh("tab\there", -1).len, 0);
    assert_int_equal(sh("del\x7f", -1).len, 0);
    assert_int_equal(sh(NULL, 0).len, 2);
}

static void to_a_file(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    assert_non_null(fp);
    escape_csv(escape_to_file(fp), "a,b");
    assert_int_equal(fclose(fp), 0);
    assert_string_equal(buf, "\"a,b\"");
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_control_character_passes),
        cmocka_unit_test(ordinary_names_unchanged),
        cmocka_unit_test(line_and_comment),
        cmocka_unit_test(gnuplot_string),
        cmocka_unit_test(gnuplot_label),
        cmocka_unit_test(latex),
        cmocka_unit_test(markdown),
        cmocka_unit_test(csv),
        cmocka_unit_test(html),
        cmocka_unit_test(sh_word),
        cmocka_unit_test(to_a_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
