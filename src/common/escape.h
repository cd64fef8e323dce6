/* escape.h - text from inputs (suite files, JSON results, file names, --set values)
 * written into a format that something reads line by line or runs: the one place every
 * writer of a gnuplot script or data file, an sh word, LaTeX, Markdown, CSV or HTML goes
 * through, so that a name can never end a comment or a string and start a line of its
 * own.
 *
 * A control character is a C0 byte (0x00-0x1f: newline, carriage return, tab, ...) or DEL
 * (0x7f).  No escaper lets one through; what each does instead:
 *
 *   escape_line         free text on one line: a `#` comment of a gnuplot script or data
 *                       file, a `%` comment of LaTeX, a line of a Markdown code block.
 *                       Control characters become spaces.  A backslash that ends the text
 *                       is followed by a space: gnuplot continues a comment line that ends
 *                       in one onto the next, which would swallow the script's next line.
 *   escape_gp_string    a gnuplot single-quoted string, quotes included: ' is doubled
 *                       (gnuplot expands nothing else inside '...': no backslash escape,
 *                       no macro, no backquote); control characters become spaces.
 *   escape_gp_label     a double-quoted label in a gnuplot data file, quotes included:
 *                       ", \ and control characters become '_' (gnuplot reads the label to
 *                       the next quote, and a row must stay one line).
 *   escape_sh_word      one word of a POSIX sh command line: as it is when every byte is
 *                       in [A-Za-z0-9/._=,:+@%-] (so that xargs, which strips quotes, passes
 *                       it unchanged), else inside '...' with ' written '\''.  A control
 *                       character is refused (returns -1, writes nothing): inside quotes a
 *                       newline would split a line of jobs.txt in two, and POSIX sh before
 *                       2024 (dash) has no $'\n'; the caller reports it.
 *   escape_latex        LaTeX text: & % $ # _ { } written \&, \%, ...; \ ~ ^ < > | as
 *                       \textbackslash{}, \textasciitilde{}, \textasciicircum{},
 *                       \textless{}, \textgreater{}, \textbar{}; control characters become
 *                       spaces (a newline would end the `%` comment a name sits in).
 *   escape_markdown     Markdown text (paragraphs, headings, table cells, link text):
 *                       \ ` * [ ] < > | ~ get a backslash (no raw HTML, link, code span
 *                       or table cell can start inside); control characters become
 *                       spaces.  '_' is left as it is: names hold it, and CommonMark
 *                       does not emphasise inside a word; '&' too: an entity only ever
 *                       yields text.
 *   escape_csv          one RFC 4180 field: control characters become spaces, a field
 *                       that starts with = + - or @ gets a leading ' (a spreadsheet would
 *                       run it as a formula), and a field holding , or " is written inside
 *                       "..." with " doubled.
 *   escape_html         HTML text and double-quoted attribute values: & < > " as
 *                       entities; control characters become spaces.
 *
 * Text that needs no change is written unchanged, byte for byte; a NULL text is empty. */
#ifndef HAMM_COMMON_ESCAPE_H
#define HAMM_COMMON_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/* Where escaped text goes: put(ctx, bytes, n), called once per run of bytes. */
typedef struct escape_out {
    void (*put)(void *ctx, const char *s, size_t n);
    void *ctx;
} escape_out;

/* An escape_out writing to a stdio stream. */
escape_out escape_to_file(FILE *fp);

/* 1 for a control character (C0 or DEL). */
int escape_is_control(unsigned char c);

void escape_line(escape_out out, const char *s);
void escape_gp_string(escape_out out, const char *s);
void escape_gp_label(escape_out out, const char *s);
/* 0, or -1 (nothing written) when s holds a control character. */
int escape_sh_word(escape_out out, const char *s);
void escape_latex(escape_out out, const char *s);
void escape_markdown(escape_out out, const char *s);
void escape_csv(escape_out out, const char *s);
void escape_html(escape_out out, const char *s);

#endif
