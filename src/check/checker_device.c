/* checker_device.c - what a command log and the timing checker can hold: the limits on
 * a device, and whether one command fits the device.  The writer, the reader and the
 * checker all apply these, so a log one accepts the others accept too. */
#include <stdarg.h>
#include <stdio.h>

#include "check.h"

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static hamm_status bad_device(const char *source, uint64_t line, const char *key,
                              hamm_error *err, const char *fmt, ...)
{
    char text[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_AT_LINE(source, line), key, "%s", text);
}

hamm_status checker_device_check(const hamm_command_device *dev, const char *source,
                                 uint64_t line, hamm_error *err)
{
    const hamm_dram_config *d = &dev->dram;
    if (dev->channels < 1 || dev->channels > CHECK_MAX_CHANNELS)
        return bad_device(source, line, "channels", err, "%u channels: must be 1 to %u",
                          (unsigned)dev->channels, CHECK_MAX_CHANNELS);
    if (d->banks < 1 || d->banks > CHECK_MAX_BANKS)
        return bad_device(source, line, "banks", err, "%u banks: must be 1 to %u",
                          (unsigned)d->banks, CHECK_MAX_BANKS);
    if (d->ranks < 1 || d->ranks > CHECK_MAX_RANKS)
        return bad_device(source, line, "ranks", err, "%u ranks: must be 1 to %u",
                          (unsigned)d->ranks, CHECK_MAX_RANKS);
    if (d->rows < 1)
        return bad_device(source, line, "rows", err, "0 rows: must be at least 1");
    if (d->columns < 1)
        return bad_device(source, line, "columns", err, "0 columns: must be at least 1");
    if (d->bank_groups < 1 || d->banks % d->bank_groups != 0)
        return bad_device(source, line, "bank_groups", err,
                          "%u bank groups do not divide %u banks", (unsigned)d->bank_groups,
                          (unsigned)d->banks);
    if (d->data_rate < 1 || d->data_rate > CHECK_MAX_DATA_RATE)
        return bad_device(source, line, "data_rate", err,
                          "%u beats per cycle: must be 1 to %u", (unsigned)d->data_rate,
                          CHECK_MAX_DATA_RATE);
    if (d->burst_length < d->data_rate || d->burst_length % d->data_rate != 0)
        return bad_device(source, line, "BL", err,
                          "a burst of %u beats at %u beats per cycle is not a whole number "
                          "of cycles",
                          (unsigned)d->burst_length, (unsigned)d->data_rate);
    return HAMM_OK;
}

const char *checker_device_range(const hamm_command_device *dev, const hamm_command *cmd,
                                 char *text, size_t size)
{
    const hamm_dram_config *d = &dev->dram;
    if ((unsigned)cmd->cmd >= HAMM_CMD_COUNT) {
        snprintf(text, size, "command %u is not a DRAM command", (unsigned)cmd->cmd);
        return "cmd";
    }
    if (cmd->channel >= dev->channels) {
        snprintf(text, size, "channel %u is out of range (channels=%u)",
                 (unsigned)cmd->channel, (unsigned)dev->channels);
        return "channel";
    }
    if (cmd->rank >= d->ranks) {
        snprintf(text, size, "rank %u is out of range (ranks=%u)", (unsigned)cmd->rank,
                 (unsigned)d->ranks);
        return "rank";
    }
    if (cmd->cmd != HAMM_CMD_REF && cmd->bank >= d->banks) {
        snprintf(text, size, "bank %u is out of range (banks=%u)", (unsigned)cmd->bank,
                 (unsigned)d->banks);
        return "bank";
    }
    if (cmd->cmd == HAMM_CMD_ACT && cmd->arg >= d->rows) {
        snprintf(text, size, "row %u is out of range (rows=%u)", (unsigned)cmd->arg,
                 (unsigned)d->rows);
        return "row";
    }
    if ((cmd->cmd == HAMM_CMD_RD || cmd->cmd == HAMM_CMD_WR) && cmd->arg >= d->columns) {
        snprintf(text, size, "column %u is out of range (columns=%u)", (unsigned)cmd->arg,
                 (unsigned)d->columns);
        return "column";
    }
    return NULL;
}
