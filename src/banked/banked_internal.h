/* banked_internal.h - what the banked-memory files share: the XOR-matrix transform the
 * thesis builds SAMS and 2DSMM on, and their module functions. */
#ifndef HAMM_BANKED_INTERNAL_H
#define HAMM_BANKED_INTERNAL_H

#include <stdint.h>

#include "hamm/banked.h"

/* Harper's XOR transform (a (x) T_H{n,s}) mod 2^n: bit k of the result is
 * a_k ^ a_{k + max(n, s)} for k < min(n, s), and a_k for the other k < n. */
uint64_t banked_harper(uint64_t a, uint32_t n, uint32_t s);
hamm_banked_place banked_sams(const hamm_banked_scheme *s, uint64_t a);
hamm_banked_place banked_2dsmm(const hamm_banked_scheme *s, uint64_t a);

#endif
