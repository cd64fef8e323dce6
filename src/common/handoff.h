/* handoff.h - a ring of N slots passed from one producer thread to one consumer thread.
 *
 * The ring holds no data, only which slots are full: each user keeps its own array of N
 * buffers and indexes it with the slot numbers handed out here.  Slots go round in
 * order, so the consumer sees them in the order the producer filled them. */
#ifndef HAMM_COMMON_HANDOFF_H
#define HAMM_COMMON_HANDOFF_H

typedef struct handoff handoff;

/* NULL when out of memory or the synchronisation objects cannot be made. */
handoff *handoff_new(unsigned slots);
void handoff_free(handoff *h);

/* Producer: wait for an empty slot and return it; -1 once the consumer has stopped. */
int handoff_claim(handoff *h);
/* Producer: the claimed slot is full. */
void handoff_publish(handoff *h);

/* Consumer: wait for the oldest full slot and return it (the same slot until it is
 * released). */
int handoff_take(handoff *h);
/* Consumer: done with the slot handoff_take returned. */
void handoff_release(handoff *h);
/* Consumer: stop the producer; its claim returns -1 from now on. */
void handoff_stop(handoff *h);

#endif
