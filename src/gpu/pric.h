/* pric.h - polynomial modulus set indexing over GF(2) (PRIC, Khairy thesis section 5.3). */
#ifndef HAMM_GPU_PRIC_H
#define HAMM_GPU_PRIC_H

#include <stdint.h>

/* The built-in irreducible polynomial of `degree` (1 to 20; bit i: x^i), 0 for none. */
uint32_t gpu_pric_default_poly(uint32_t degree);
/* The degree of polynomial p (0 for p = 0 or 1). */
uint32_t gpu_pric_degree(uint64_t p);
/* a(x) mod p(x) over GF(2). */
uint64_t gpu_pric_mod(uint64_t a, uint64_t p);
/* Whether p (degree 1 to 31) has no factor over GF(2) but 1 and itself. */
int gpu_pric_irreducible(uint64_t p);

#endif
