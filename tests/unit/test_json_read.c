/* test_json_read.c - the JSON reading toolkit every loader uses (common/json_read.h): the
 * path of an error, its line when the reader holds the text, "--set" as the source of a
 * value set on the command line, unknown keys, the typed getters and the parser's
 * positions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/json_read.h"

static const char text[] = "{\n"
                           "  \"kernels\": [\n"
                           "    {\"name\": \"a\"},\n"
                           "    {\"name\": \"b\",\n"
                           "     \"grid\": 1.5}\n"
                           "  ]\n"
                           "}\n";

static json_t *parse(const char *s)
{
    json_t *v = json_loads(s, 0, NULL);
    assert_non_null(v);
    return v;
}

/* An error names the path below the reader's, and the line of its value in the text; the
 * reader's path is as it was afterwards. */
static void path_and_line(void **state)
{
    (void)state;
    hamm_error err;
    hamm_error_clear(&err);
    json_reader r;
    json_reader_init(&r, "k.json", &err);
    r.text = text;
    r.len = sizeof text - 1;
    size_t top = json_read_key(&r, "kernels");
    size_t at = json_read_index(&r, 1);
    assert_int_equal(json_read_fail(&r, "grid", "expects an integer, not %s", "x"),
                     HAMM_ERR_CONFIG);
    assert_string_equal(r.path, "kernels[1]");
    json_read_pop(&r, at);
    json_read_pop(&r, top);
    assert_string_equal(r.path, "");
    assert_string_equal(err.source, "k.json");
    assert_string_equal(err.field, "kernels[1].grid");
    assert_int_equal(err.line, 5);
    assert_string_equal(err.text, "expects an integer, not x");
    /* without the text, no line; at the top, no field */
    hamm_error_clear(&err);
    json_reader_init(&r, "s.json", &err);
    json_read_fail(&r, NULL, "a suite is a JSON object");
    assert_int_equal(err.line, 0);
    assert_string_equal(err.field, "");
    assert_string_equal(err.source, "s.json");
}

/* A path the command line set is blamed on "--set", not the file. */
static void set_paths_name_the_option(void **state)
{
    (void)state;
    static const char *const set[] = {"dram.timing.tRC"};
    hamm_error err;
    hamm_error_clear(&err);
    json_reader r;
    json_reader_init(&r, "system.json", &err);
    r.set_paths = set;
    r.nset = 1;
    assert_true(json_read_was_set(&r, "dram.timing.tRC"));
    assert_false(json_read_was_set(&r, "dram.timing"));
    size_t top = json_read_key(&r, "dram");
    json_read_fail(&r, "timing.tRC", "too short");
    json_read_pop(&r, top);
    assert_string_equal(err.source, JSON_READ_SET_SOURCE);
    assert_string_equal(err.field, "dram.timing.tRC");
    hamm_error_clear(&err);
    json_read_fail(&r, "timing.tRP", "too short");
    assert_string_equal(err.source, "system.json");
}

static void unknown_keys(void **state)
{
    (void)state;
    static const char *const allowed[] = {"name", "grid", NULL};
    json_t *obj = parse("{\"name\": \"a\", \"gird\": 1}");
    hamm_error err;
    hamm_error_clear(&err);
    json_reader r;
    json_reader_init(&r, "f.json", &err);
    assert_int_equal(json_read_known(&r, obj, allowed, NULL), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "gird");
    assert_string_equal(err.text, "unknown key");
    hamm_error_clear(&err);
    assert_int_equal(json_read_object(&r, obj, allowed), HAMM_ERR_CONFIG);
    assert_string_equal(err.text, "unknown key (the keys here are name, grid)");
    static const char *const all[] = {"name", "gird", NULL};
    assert_int_equal(json_read_known(&r, obj, all, NULL), HAMM_OK);
    json_t *arr = parse("[1]");
    hamm_error_clear(&err);
    assert_int_equal(json_read_object(&r, arr, allowed), HAMM_ERR_CONFIG);
    assert_string_equal(err.text, "expects an object, not an array");
    json_decref(arr);
    json_decref(obj);
}

static void getters(void **state)
{
    (void)state;
    json_t *obj = parse("{\"s\": \"x\", \"e\": \"\", \"b\": 1, \"t\": true, \"h\": \"0x10\","
                        " \"o\": \"010\", \"n\": -1, \"f\": 2.5, \"long\": \"abcd\"}");
    hamm_error err;
    json_reader r;
    json_reader_init(&r, "f.json", &err);
    const char *s;
    int b;
    uint64_t u;
    char buf[4];
    hamm_error_clear(&err);
    assert_int_equal(json_read_str(&r, obj, "s", 1, &s), HAMM_OK);
    assert_string_equal(s, "x");
    assert_int_equal(json_read_str(&r, obj, "absent", 0, &s), HAMM_OK);
    assert_null(s);
    assert_int_equal(json_read_str(&r, obj, "absent", 1, &s), HAMM_ERR_CONFIG);
    assert_string_equal(err.text, "missing (required)");
    hamm_error_clear(&err);
    assert_int_equal(json_read_str(&r, obj, "e", 0, &s), HAMM_ERR_CONFIG);
    assert_string_equal(err.text, "expects a non-empty string");
    hamm_error_clear(&err);
    assert_int_equal(json_read_bool(&r, obj, "t", 0, &b), HAMM_OK);
    assert_int_equal(b, 1);
    assert_int_equal(json_read_bool(&r, obj, "absent", 1, &b), HAMM_OK);
    assert_int_equal(b, 1);
    assert_int_equal(json_read_bool(&r, obj, "b", 0, &b), HAMM_ERR_CONFIG);
    assert_string_equal(err.text, "expects true or false");
    hamm_error_clear(&err);
    assert_int_equal(json_read_u64(&r, obj, "h", 1, 0, 100, 0, &u), HAMM_OK);
    assert_int_equal(u, 16);
    assert_int_equal(json_read_u64(&r, obj, "o", 1, 0, 100, 0, &u), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "o"); /* octal is not what a person means */
    hamm_error_clear(&err);
    assert_int_equal(json_read_u64(&r, obj, "n", 1, 0, 100, 0, &u), HAMM_ERR_CONFIG);
    assert_string_equal(err.text, "is -1; expects 0..100");
    hamm_error_clear(&err);
    assert_int_equal(json_read_u64(&r, obj, "f", 1, 0, 100, 0, &u), HAMM_ERR_CONFIG);
    assert_string_equal(err.text, "expects an integer, not a fractional number");
    hamm_error_clear(&err);
    assert_int_equal(json_read_u64(&r, obj, "absent", 1, 0, 100, 0, &u), HAMM_ERR_CONFIG);
    assert_string_equal(err.text, "is missing");
    hamm_error_clear(&err);
    assert_int_equal(json_read_strbuf(&r, obj, "s", 1, buf, sizeof buf, NULL), HAMM_OK);
    assert_string_equal(buf, "x");
    assert_int_equal(json_read_strbuf(&r, obj, "long", 1, buf, sizeof buf, NULL),
                     HAMM_ERR_CONFIG);
    assert_string_equal(err.text, "expects 1 to 3 characters (no NUL)");
    assert_string_equal(r.path, "");
    json_decref(obj);
}

/* Syntax errors keep jansson's line and column (the line alone when asked) but not its
 * excerpt of the text, a file that cannot be opened is an I/O error, and duplicate keys
 * are refused. */
static void parser_positions(void **state)
{
    (void)state;
    hamm_error err;
    json_t *root;
    hamm_error_clear(&err);
    assert_int_equal(json_parse_text("{\n \"a\": 1,,\n}", 13, "t.json", &root, &err),
                     HAMM_ERR_CONFIG);
    assert_null(root);
    assert_string_equal(err.source, "t.json");
    assert_int_equal(err.line, 2);
    assert_true(err.column > 0);
    hamm_error_clear(&err);
    assert_int_equal(json_parse_text("{\"a\": 1, \"a\": 2}", 16, "t.json", &root, &err),
                     HAMM_ERR_CONFIG);
    assert_non_null(strstr(err.text, "duplicate"));
    hamm_error_clear(&err); /* jansson's excerpt of the text is left out */
    assert_int_equal(json_parse_text("root:x:0:0", 10, "t.json", &root, &err),
                     HAMM_ERR_CONFIG);
    assert_null(strstr(err.text, "root"));
    assert_non_null(strstr(err.text, "expected"));
    char path[] = "/tmp/hamm-json-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "[\n1,,\n]", 7), 7);
    close(fd);
    hamm_error_clear(&err);
    hamm_status st = json_parse_file(path, JSON_PARSE_LINE, &root, &err);
    unlink(path);
    assert_int_equal(st, HAMM_ERR_CONFIG);
    assert_int_equal(err.line, 2);
    assert_int_equal(err.column, 0);
    hamm_error_clear(&err);
    assert_int_equal(json_parse_file(path, 0, &root, &err), HAMM_ERR_IO);
}

static void line_of_a_path(void **state)
{
    (void)state;
    size_t n = sizeof text - 1;
    assert_int_equal(json_locate_line(text, n, "kernels"), 2);
    assert_int_equal(json_locate_line(text, n, "kernels[1].name"), 4);
    assert_int_equal(json_locate_line(text, n, "kernels[1].grid"), 5);
    /* a path that is not there: its deepest parent that is */
    assert_int_equal(json_locate_line(text, n, "kernels[1].body"), 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(path_and_line),
        cmocka_unit_test(set_paths_name_the_option),
        cmocka_unit_test(unknown_keys),
        cmocka_unit_test(getters),
        cmocka_unit_test(parser_positions),
        cmocka_unit_test(line_of_a_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
