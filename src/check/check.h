/* check.h - what the command log (log_writer.c, log_reader.c) and the timing checker
 * (checker*.c) share inside libhamm: the limits on a device and on a command, enforced
 * by checker_device.c. */
#ifndef HAMM_CHECK_CHECK_H
#define HAMM_CHECK_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/checker.h"

/* Bounds that keep the checker's state (channels x banks) small; the same as the model
 * files allow. */
#define CHECK_MAX_CHANNELS 1024u
#define CHECK_MAX_BANKS 1024u
#define CHECK_MAX_RANKS 16u
#define CHECK_MAX_DATA_RATE 64u

#define CHECK_NEVER UINT64_MAX /* "no such command yet" */

/* Refuse a device the checker cannot reason about (no banks, rows or columns, groups
 * that do not divide the banks, a burst that is not a whole number of cycles, ...):
 * HAMM_ERR_CONFIG naming the log header's key (`banks`, `rows`, `BL`, ...) at
 * `source`:`line` (NULL, 0: unknown). */
hamm_status checker_device_check(const hamm_command_device *dev, const char *source,
                                 uint64_t line, hamm_error *err);

/* The first part of `cmd` that `dev` cannot hold, or NULL when it fits: "cmd" (not a DRAM
 * command), "channel", "rank", "bank" (but for REF), "row" (of an ACT) or "column" (of a RD or
 * WR); `text` (`size` bytes) then says why, e.g. "bank 4 is out of range (banks=4)". */
const char *checker_device_range(const hamm_command_device *dev, const hamm_command *cmd,
                                 char *text, size_t size);

#endif
