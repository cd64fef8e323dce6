/* kernel.c - counts derived from a kernel's launch shape (kernel.h). */
#include "kernel.h"

uint64_t gpu_kernel_ctas(const gpu_kernel_info *k)
{
    return (uint64_t)k->grid[0] * k->grid[1] * k->grid[2];
}

uint32_t gpu_kernel_threads_per_cta(const gpu_kernel_info *k)
{
    return k->block[0] * k->block[1] * k->block[2];
}

/* Threads fill warps in order; a partial last warp is a whole warp to the scheduler. */
uint32_t gpu_kernel_warps_per_cta(const gpu_kernel_info *k)
{
    return (gpu_kernel_threads_per_cta(k) + GPU_WARP_SIZE - 1) / GPU_WARP_SIZE;
}
