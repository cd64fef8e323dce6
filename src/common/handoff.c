/* handoff.c - the slot ring behind read-ahead and the model's worker (see handoff.h). */
#include <pthread.h>
#include <stdlib.h>

#include "handoff.h"

struct handoff {
    pthread_mutex_t mu;
    pthread_cond_t changed;
    unsigned slots;
    unsigned head;  /* oldest full slot */
    unsigned full;  /* full slots not yet released */
    int stopped;
};

handoff *handoff_new(unsigned slots)
{
    handoff *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    if (pthread_mutex_init(&h->mu, NULL) != 0) {
        free(h);
        return NULL;
    }
    if (pthread_cond_init(&h->changed, NULL) != 0) {
        pthread_mutex_destroy(&h->mu);
        free(h);
        return NULL;
    }
    h->slots = slots;
    return h;
}

void handoff_free(handoff *h)
{
    if (!h)
        return;
    pthread_mutex_destroy(&h->mu);
    pthread_cond_destroy(&h->changed);
    free(h);
}

int handoff_claim(handoff *h)
{
    pthread_mutex_lock(&h->mu);
    while (h->full == h->slots && !h->stopped)
        pthread_cond_wait(&h->changed, &h->mu);
    int slot = h->stopped ? -1 : (int)((h->head + h->full) % h->slots);
    pthread_mutex_unlock(&h->mu);
    return slot;
}

void handoff_publish(handoff *h)
{
    pthread_mutex_lock(&h->mu);
    h->full++;
    pthread_cond_broadcast(&h->changed);
    pthread_mutex_unlock(&h->mu);
}

int handoff_take(handoff *h)
{
    pthread_mutex_lock(&h->mu);
    while (h->full == 0)
        pthread_cond_wait(&h->changed, &h->mu);
    int slot = (int)h->head;
    pthread_mutex_unlock(&h->mu);
    return slot;
}

void handoff_release(handoff *h)
{
    pthread_mutex_lock(&h->mu);
    h->head = (h->head + 1) % h->slots;
    h->full--;
    pthread_cond_broadcast(&h->changed);
    pthread_mutex_unlock(&h->mu);
}

void handoff_stop(handoff *h)
{
    pthread_mutex_lock(&h->mu);
    h->stopped = 1;
    pthread_cond_broadcast(&h->changed);
    pthread_mutex_unlock(&h->mu);
}
