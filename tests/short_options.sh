#!/bin/sh
# short_options.sh HAMM - one meaning per short option across every subcommand: walks the
# --help of each subcommand `hamm --help` lists and fails when one letter stands for two
# different long options anywhere (like -c for --command-log in one and --compress in
# another).  Prints every clash.
hamm=${1:?usage: short_options.sh HAMM}
subs=$("$hamm" --help | awk '/^subcommands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { on = 0 }')
[ -n "$subs" ] || { echo "no subcommand in 'hamm --help'"; exit 1; }
pairs=$(mktemp)
trap 'rm -f "$pairs"' EXIT
n=0
for s in $subs; do
    [ "$s" = help ] && continue
    # "  -c, --command-log FILE   ...": letter, long option, subcommand
    "$hamm" "$s" --help | sed -n "s/^ *-\([A-Za-z0-9]\), --\([A-Za-z0-9-]*\).*/\1 \2 $s/p" >>"$pairs"
    n=$((n + 1))
done
[ -s "$pairs" ] || { echo "no short option in any subcommand's help"; exit 1; }
# a letter whose long options differ: print each of its meanings and where
status=0
for letter in $(cut -d' ' -f1 "$pairs" | sort -u); do
    longs=$(awk -v l="$letter" '$1 == l { print $2 }' "$pairs" | sort -u)
    if [ "$(printf '%s\n' "$longs" | wc -l)" -gt 1 ]; then
        echo "-$letter means more than one option:"
        awk -v l="$letter" '$1 == l { printf "  --%s (hamm %s)\n", $2, $3 }' "$pairs"
        status=1
    fi
done
[ $status -eq 0 ] && echo "$n subcommands, $(wc -l <"$pairs") short options: one meaning each"
exit $status
