/* log_keys.c - the command log header's keys (log_keys.h): one table for the writer and
 * the reader, so the two cannot disagree on a name. */
#include <string.h>

#include "log_keys.h"

#define DEV(f) offsetof(hamm_command_device, f)
#define TIM(f) offsetof(hamm_command_device, dram.timing.f)
const log_key log_keys[] = {
    {"channels", DEV(channels)},   {"banks", DEV(dram.banks)},
    {"bank_groups", DEV(dram.bank_groups)}, {"BL", DEV(dram.burst_length)},
    {"data_rate", DEV(dram.data_rate)}, {"rows", DEV(dram.rows)},
    {"columns", DEV(dram.columns)},
    {"tCCD", TIM(tCCD)},   {"tCCD_L", TIM(tCCD_L)}, {"tRRD", TIM(tRRD)},
    {"tRRD_L", TIM(tRRD_L)}, {"tFAW", TIM(tFAW)}, {"tRAS", TIM(tRAS)},
    {"tRCD", TIM(tRCD)},   {"tRP", TIM(tRP)},       {"tRC", TIM(tRC)},
    {"CL", TIM(CL)},       {"WL", TIM(WL)},         {"tWTR", TIM(tWTR)},
    {"tWTR_L", TIM(tWTR_L)}, {"tRTW", TIM(tRTW)},   {"tRTP", TIM(tRTP)},
    {"tWR", TIM(tWR)},     {"tRFC", TIM(tRFC)},     {"tREFI", TIM(tREFI)},
    /* version 2 only */
    {"ranks", DEV(dram.ranks)}, {"tRTRS", TIM(tRTRS)},
};
#undef DEV
#undef TIM
_Static_assert(sizeof log_keys / sizeof log_keys[0] == LOG_NKEYS, "LOG_NKEYS counts keys");

uint32_t *log_keys_field(hamm_command_device *dev, size_t k)
{
    return (uint32_t *)(void *)((char *)dev + log_keys[k].offset);
}

uint32_t log_keys_value(const hamm_command_device *dev, size_t k)
{
    uint32_t v;
    memcpy(&v, (const char *)dev + log_keys[k].offset, sizeof v);
    return v;
}
