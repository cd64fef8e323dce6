/* formats.c - the table of trace formats: names, summaries, readers, writers.
 * Adding a format is one file and one line here.  Order matters for detection:
 * when two formats claim the same number of sample lines, the earlier one wins. */
#include <string.h>

#include "format.h"

extern const trace_format trace_format_text;
extern const trace_format trace_format_binary;
extern const trace_format trace_format_dramsim3;
extern const trace_format trace_format_dramsim2;
extern const trace_format trace_format_ramulator;
extern const trace_format trace_format_ramulator2;
extern const trace_format trace_format_ramulator_cpu;
extern const trace_format trace_format_nvbit;
extern const trace_format trace_format_accelsim;
extern const trace_format trace_format_usimm;

static const trace_format *const formats[HAMM_FORMAT_COUNT] = {
    [HAMM_FORMAT_TEXT] = &trace_format_text,
    [HAMM_FORMAT_BINARY] = &trace_format_binary,
    [HAMM_FORMAT_DRAMSIM3] = &trace_format_dramsim3,
    [HAMM_FORMAT_DRAMSIM2] = &trace_format_dramsim2,
    [HAMM_FORMAT_RAMULATOR] = &trace_format_ramulator,
    [HAMM_FORMAT_RAMULATOR2] = &trace_format_ramulator2,
    [HAMM_FORMAT_RAMULATOR_CPU] = &trace_format_ramulator_cpu,
    [HAMM_FORMAT_NVBIT] = &trace_format_nvbit,
    [HAMM_FORMAT_ACCELSIM] = &trace_format_accelsim,
    [HAMM_FORMAT_USIMM] = &trace_format_usimm,
};

const trace_format *trace_format_get(hamm_trace_format id)
{
    if ((unsigned)id >= HAMM_FORMAT_COUNT)
        return NULL;
    return formats[id];
}

const char *hamm_trace_format_name(hamm_trace_format f)
{
    const trace_format *tf = trace_format_get(f);
    return tf ? tf->name : f == HAMM_FORMAT_AUTO ? "auto" : "unknown";
}

const char *hamm_trace_format_summary(hamm_trace_format f)
{
    const trace_format *tf = trace_format_get(f);
    return tf ? tf->summary : f == HAMM_FORMAT_AUTO ? "detect from the content" : "";
}

int hamm_trace_format_writable(hamm_trace_format f)
{
    const trace_format *tf = trace_format_get(f);
    return tf && (tf->write || f == HAMM_FORMAT_BINARY);
}

hamm_status hamm_trace_format_from_name(const char *name, hamm_trace_format *out,
                                        hamm_error *err)
{
    if (strcmp(name, "auto") == 0) {
        *out = HAMM_FORMAT_AUTO;
        return HAMM_OK;
    }
    for (int f = HAMM_FORMAT_AUTO + 1; f < HAMM_FORMAT_COUNT; f++) {
        const trace_format *tf = trace_format_get((hamm_trace_format)f);
        if (tf && strcmp(tf->name, name) == 0) {
            *out = (hamm_trace_format)f;
            return HAMM_OK;
        }
    }
    return hamm_error_field(err, HAMM_ERR_ARG, "--format",
                            "unknown trace format '%s' (see 'hamm help formats')", name);
}
