/* pipeline.h - runs the profilers over staged requests on the caller's thread and one
 * worker thread, balancing the work between them.
 *
 * The caller produces stages (decoded, channel-grouped requests) into a ring of slots.
 * Each profiler must see the stages in order, but different profilers are independent,
 * so a task is (profiler, next stage for it).  The worker runs tasks whenever one is
 * ready; the caller runs them too whenever the ring is full instead of waiting.  Results
 * are the same as running everything on one thread. */
#ifndef HAMM_MODEL_PIPELINE_H
#define HAMM_MODEL_PIPELINE_H

#include "hamm/error.h"

/* Run profiler `profiler` over the stage in ring slot `slot`. */
typedef void (*pipeline_task_fn)(void *ctx, unsigned profiler, unsigned slot);

typedef struct pipeline pipeline;

/* `profilers` is a bit set of the profilers that run; the worker starts at once. */
hamm_status pipeline_new(pipeline **out, unsigned slots, unsigned profilers,
                         pipeline_task_fn run, void *ctx, hamm_error *err);
/* Producer: a free slot to fill (runs tasks while the ring is full). */
unsigned pipeline_claim(pipeline *p);
/* Producer: the claimed slot is filled. */
void pipeline_publish(pipeline *p);
/* No more stages: run what is left, on both threads, and stop the worker. */
void pipeline_finish(pipeline *p);
/* Finish if needed, then free. */
void pipeline_free(pipeline *p);

#endif
