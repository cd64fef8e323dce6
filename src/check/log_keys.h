/* log_keys.h - the command log's format as writer and reader share it
 * (docs/COMMAND_LOG.md): the first line, and the header keys in the order the writer
 * puts them, each naming a uint32_t of hamm_command_device. */
#ifndef HAMM_CHECK_LOG_KEYS_H
#define HAMM_CHECK_LOG_KEYS_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/checker.h"

#define LOG_MAGIC "# hamm command log 1"
#define LOG_MAGIC_RANKS "# hamm command log 2" /* more than one rank per channel */
#define LOG_NKEYS 27u /* entries of log_keys: a constant, so the reader's "seen" needs no VLA */
#define LOG_NKEYS_V1 25u /* version 1 has the first 25 (no ranks, no tRTRS) */

/* A log of version 2 (ranks > 1) has every key, and a rank on each command line. */
static inline size_t log_keys_count(int version)
{
    return version == 2 ? LOG_NKEYS : LOG_NKEYS_V1;
}

typedef struct log_key {
    const char *name;
    size_t offset; /* of a uint32_t in hamm_command_device */
} log_key;

extern const log_key log_keys[LOG_NKEYS];

/* The field key k names in *dev. */
uint32_t *log_keys_field(hamm_command_device *dev, size_t k);
uint32_t log_keys_value(const hamm_command_device *dev, size_t k);

#endif
