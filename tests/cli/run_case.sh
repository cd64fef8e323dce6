#!/usr/bin/env bash
# run_case.sh HAMM CASE_DIR - run one CLI case and compare what it did with what it should.
#
# A case directory holds:
#   cmd       one shell line, run from the source root with $HAMM the binary under test
#             and $TMP a fresh scratch directory
#   status    the expected exit status (default 0)
#   stdout    the exact expected standard output (optional)
#   stderr    lines that must each appear in standard error (optional)
#   check     a shell line that must succeed afterwards, e.g. about files left in $TMP
set -u
HAMM=$1
case_dir=$2
root=${HAMM_SOURCE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export HAMM TMP

cd "$root" || exit 1
bash -c "$(cat "$case_dir/cmd")" >"$TMP/.out" 2>"$TMP/.err" </dev/null
status=$?
want=0
[ -f "$case_dir/status" ] && want=$(cat "$case_dir/status")
fail=0
if [ "$status" != "$want" ]; then
    echo "exit status $status, expected $want"
    fail=1
fi
if [ -f "$case_dir/stdout" ] && ! diff -u "$case_dir/stdout" "$TMP/.out"; then
    echo "standard output differs"
    fail=1
fi
if [ -f "$case_dir/stderr" ]; then
    while IFS= read -r line; do
        [ -z "$line" ] && continue
        if ! grep -qF -- "$line" "$TMP/.err"; then
            echo "standard error lacks: $line"
            fail=1
        fi
    done <"$case_dir/stderr"
fi
if [ -f "$case_dir/check" ] && ! bash -c "$(cat "$case_dir/check")"; then
    echo "check failed: $(cat "$case_dir/check")"
    fail=1
fi
if [ $fail -ne 0 ]; then
    echo "--- command: $(cat "$case_dir/cmd")"
    echo "--- stderr:"
    cat "$TMP/.err"
fi
exit $fail
