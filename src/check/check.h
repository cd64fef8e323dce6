/* check.h - what the command log (command_log.c) and the timing checker (checker.c)
 * share inside libhamm: the limits on a device and the check that enforces them. */
#ifndef HAMM_CHECK_CHECK_H
#define HAMM_CHECK_CHECK_H

#include <stdint.h>

#include "hamm/command.h"

/* Bounds that keep the checker's state (channels x banks) small; the same as the model
 * files allow. */
#define CHECK_MAX_CHANNELS 1024u
#define CHECK_MAX_BANKS 1024u
#define CHECK_MAX_DATA_RATE 64u

#define CHECK_NEVER UINT64_MAX /* "no such command yet" */

/* Refuse a device the checker cannot reason about (no banks, rows or columns, groups
 * that do not divide the banks, a burst that is not a whole number of cycles, ...):
 * HAMM_ERR_CONFIG naming the log header's key (`banks`, `rows`, `BL`, ...) at
 * `source`:`line` (NULL, 0: unknown). */
hamm_status checker_device_check(const hamm_command_device *dev, const char *source,
                                 uint64_t line, hamm_error *err);

#endif
