/* log_keys.h - the command log's format as writer and reader share it
 * (docs/COMMAND_LOG.md): the first line, and the header keys in the order the writer
 * puts them, each naming a uint32_t of hamm_command_device. */
#ifndef HAMM_CHECK_LOG_KEYS_H
#define HAMM_CHECK_LOG_KEYS_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/command.h"

#define LOG_MAGIC "# hamm command log 1"
#define LOG_NKEYS 25u /* entries of log_keys: a constant, so the reader's "seen" needs no VLA */

typedef struct log_key {
    const char *name;
    size_t offset; /* of a uint32_t in hamm_command_device */
} log_key;

extern const log_key log_keys[LOG_NKEYS];

/* The field key k names in *dev. */
uint32_t *log_keys_field(hamm_command_device *dev, size_t k);
uint32_t log_keys_value(const hamm_command_device *dev, size_t k);

#endif
