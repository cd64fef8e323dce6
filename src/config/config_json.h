/* config_json.h - a loaded model as a JSON value: what the documents that embed the model
 * (a report's "input", a validate entry) take from the model loader.  The rest of the
 * loader's internals stay in config_internal.h. */
#ifndef HAMM_CONFIG_CONFIG_JSON_H
#define HAMM_CONFIG_CONFIG_JSON_H

#include <jansson.h>

#include "hamm/config.h"

/* Every parameter of a loaded model as a JSON object (a new reference; NULL when out of
 * memory): what hamm_config_to_json prints and the reports embed. */
json_t *config_to_json_value(const hamm_system_config *cfg);

#endif
