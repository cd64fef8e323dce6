/* config_internal.h - what the files of the model loader share: the two schema tables
 * (config_tables.c), the cross-field checks (config_check.c) and the command-line
 * overrides (config_set.c). */
#ifndef HAMM_CONFIG_INTERNAL_H
#define HAMM_CONFIG_INTERNAL_H

#include <jansson.h>

#include "common/enum_table.h"
#include "common/json_schema.h"
#include "common/json_set.h"
#include "hamm/config.h"

#define CONFIG_DRAM_SCHEMA "hamm-dram/1"
#define CONFIG_SYSTEM_SCHEMA "hamm-system/1"
#define CONFIG_DRAM_PREFIX "dram." /* DRAM keys are named by the path --set takes */

extern const struct schema_table config_dram_table;   /* a DRAM model file */
extern const struct schema_table config_system_table; /* a system model file */

/* The names of hamm_scheduler, hamm_page_policy, hamm_ready_order and hamm_heuristic
 * (names.c). */
extern const struct enum_table config_scheduler_names;
extern const struct enum_table config_page_policy_names;
extern const struct enum_table config_ready_order_names;
extern const struct enum_table config_heuristic_names;

/* Stage 2 of loading, after the tables: rules across fields of the DRAM model and of the
 * system (tRC >= tRAS + tRP, bank groups dividing banks, a request a whole number of
 * bursts, ...), then the address map is built once to prove it fits the geometry. */
hamm_status config_check_dram(const hamm_dram_config *d, json_reader *r);
hamm_status config_check_system(const hamm_system_config *c, json_reader *r);

/* Parse and check one override (the path must name a settable key of the system or DRAM
 * model; a GPU model's key is refused). */
hamm_status config_set_parse(const char *arg, json_set *out, hamm_error *err);

#endif
