#!/bin/sh
# size_bars.sh SOURCE_ROOT - the code-size bars of DESIGN notes: no function over 60 lines
# and no file over 500 lines in src/ and tests/unit/, except the files named in
# docs/DESIGN-NOTES.md ("Files over 500 lines").  Prints every offender; fails on any.
root=${1:-.}
cd "$root" || exit 1
allowed=$(sed -n '/^## Files over 500 lines/,/^## /s/^- `\([^`]*\)`.*/\1/p' docs/DESIGN-NOTES.md)
status=0
for f in $(find src include tests/unit -name '*.[ch]' | sort); do
    n=$(wc -l <"$f")
    if [ "$n" -gt 500 ] && ! printf '%s\n' $allowed | grep -qx "$f"; then
        echo "$f: $n lines (over 500)"
        status=1
    fi
    # a function body: from a line that is "{" alone at column 0 to the next "}" at column 0
    awk -v f="$f" '
        /^[A-Za-z].*\)$/ || /^[A-Za-z].*\) *\{$/ { head = FNR; name = $0 }
        /^\{/ || /^[A-Za-z].*\) *\{$/ { start = FNR; if (!head) head = FNR }
        /^\}/ && start { if (FNR - head + 1 > 60) { printf "%s:%d: %d lines: %s\n", f, head, FNR - head + 1, name; bad = 1 } start = 0; head = 0 }
        END { exit bad }' "$f" || status=1
done
[ $status -eq 0 ] && echo "every function within 60 lines, every file within 500 (or named)"
exit $status
