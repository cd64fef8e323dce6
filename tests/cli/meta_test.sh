#!/usr/bin/env bash
# meta_test.sh CASES_DIR - the CLI cases can fail: run every case with /bin/true and with
# /bin/false in place of hamm, and fail when any case passes with either.  A comparison
# (help = help, one thread = two) must check that what it compares is there and well
# formed, or two empty outputs would agree.
set -u
cases=$1
runner=$(dirname "$0")/run_case.sh
fail=0
n=0
for dir in "$cases"/*/; do
    name=$(basename "$dir")
    for fake in /bin/true /bin/false; do
        n=$((n + 1))
        if bash "$runner" "$fake" "$dir" >/dev/null 2>&1; then
            echo "$name passes with HAMM=$fake"
            fail=1
        fi
    done
done
[ "$n" -gt 0 ] || { echo "no cases under $cases"; exit 1; }
[ $fail -eq 0 ] && echo "all $n runs failed, as they must"
exit $fail
