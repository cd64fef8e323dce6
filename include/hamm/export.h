/* hamm/export.h - marks the symbols libhamm exports; everything else is hidden. */
#ifndef HAMM_EXPORT_H
#define HAMM_EXPORT_H

#if defined(__GNUC__)
#define HAMM_API __attribute__((visibility("default")))
#else
#define HAMM_API
#endif

#endif
