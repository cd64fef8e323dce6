# same_requests.sh - the request-for-request table of run.sh and hamm_side.sh: the
# (channel, R/W, address) multiset entering the DRAM controllers on each side, the
# instruction fetches (both read code at 0xf0000000 and up, 8 hex digits) set apart.
# Sourced, not run; needs $hamm (common.sh).

same_requests_header() {
    printf '\n| workload | hamm requests | Accel-Sim requests | the same (channel, R/W, address) | hamm instruction fetches | Accel-Sim instruction fetches |\n|---|---|---|---|---|---|\n'
}

# same_requests NAME HAMM_LOGS ACCELSIM_LOGS: one row, from HAMM_LOGS/NAME.tap (hamm's
# tap) and ACCELSIM_LOGS/NAME.dramreq (GPGPU-Sim's request log); writes its sorted lists
# into HAMM_LOGS.
same_requests() {
    local n=$1 h=$2 a=$3 c
    for c in "$h/$n.tap"/channel-*.bin.zst; do
        c=${c##*/channel-}
        local text
        if ! text=$("$hamm" convert "$h/$n.tap/channel-$c" --to text 2>"$h/$n.convert.err"); then
            # a channel no request reached has an empty tap, which hamm's readers refuse
            grep -q "holds no requests" "$h/$n.convert.err" && continue
            cat "$h/$n.convert.err" >&2
            return 1
        fi
        printf '%s\n' "$text" | awk -v c="${c%%.*}" '!/^#/ { print c, $1, $2 }'
    done | sort >"$h/$n.hamm.all"
    awk '!($3 ~ /^0xf0/ && length($3) == 10)' "$h/$n.hamm.all" >"$h/$n.hamm.req"
    awk '!/^#/ && !($8 ~ /^0xf0/ && length($8) == 10) { print $3, $7, $8 }' "$a/$n.dramreq" |
        sort >"$h/$n.accelsim.req"
    printf '| %s | %s | %s | %s | %s | %s |\n' "$n" "$(wc -l <"$h/$n.hamm.req")" \
        "$(wc -l <"$h/$n.accelsim.req")" \
        "$(comm -12 "$h/$n.hamm.req" "$h/$n.accelsim.req" | wc -l)" \
        "$(awk '$3 ~ /^0xf0/ && length($3) == 10' "$h/$n.hamm.all" | wc -l)" \
        "$(awk '!/^#/ && $8 ~ /^0xf0/ && length($8) == 10' "$a/$n.dramreq" | wc -l)"
}
