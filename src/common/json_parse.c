/* json_parse.c - an input JSON file or text into a tree (json_read.h): duplicate keys
 * refused, and jansson's error turned into hamm's, keeping its position. */
#include <stdio.h>
#include <string.h>

#include "json_read.h"

/* jansson's error: out of memory says so, or (its first buffer) leaves the text empty: not
 * a syntax error; jansson counts from 1 and says -1 (or 0) where it does not know. */
static hamm_status parse_error(const json_error_t *jerr, const char *source, unsigned flags,
                               hamm_error *err)
{
    if (!jerr->text[0] || json_error_code(jerr) == json_error_out_of_memory)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(source), NULL, "out of memory");
    if (json_error_code(jerr) == json_error_cannot_open_file)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(source), NULL, "%s", jerr->text);
    /* jansson ends a syntax error with up to 20 bytes of the text ("near 'root:x:0'"):
     * left out, since the file may be one an input named (a suite's model, a system
     * model's DRAM model); the line and column say where */
    char text[sizeof jerr->text];
    snprintf(text, sizeof text, "%s", jerr->text);
    char *near = strstr(text, " near '");
    size_t len = strlen(text);
    if (near && len > 0 && text[len - 1] == '\'')
        *near = '\0';
    uint64_t line = jerr->line > 0 ? (uint64_t)jerr->line : 0;
    hamm_pos pos = flags & JSON_PARSE_LINE
                       ? HAMM_AT_LINE(source, line)
                       : HAMM_AT(source, line, jerr->column > 0 ? (uint64_t)jerr->column : 0,
                                 jerr->position >= 0 ? (uint64_t)jerr->position
                                                     : HAMM_NO_OFFSET);
    return hamm_error_at(err, HAMM_ERR_CONFIG, pos, NULL, "%s", text);
}

hamm_status json_parse_file(const char *path, unsigned flags, json_t **out, hamm_error *err)
{
    json_error_t jerr;
    *out = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
    return *out ? HAMM_OK : parse_error(&jerr, path, flags, err);
}

hamm_status json_parse_text(const char *text, size_t len, const char *source, json_t **out,
                            hamm_error *err)
{
    json_error_t jerr;
    *out = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    return *out ? HAMM_OK : parse_error(&jerr, source, 0, err);
}
