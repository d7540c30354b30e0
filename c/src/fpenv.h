/*
 * Floating-point environment guard (internal).
 *
 * The filters' error bounds assume IEEE double arithmetic rounding to nearest,
 * with gradual underflow.  Another library in the process may have switched
 * the calling thread to flush-to-zero / denormals-are-zero (common in audio and
 * game code) or to a directed rounding mode.  Every public entry point
 * therefore sets the standard mode for its own duration and restores the
 * caller's on the way out.  The control register is per thread, so this is
 * thread-safe and leaves no state behind.  Supported: x86-64 (MXCSR) and
 * AArch64 (FPCR); elsewhere the default environment is assumed (documented in
 * pycollide.h).
 */
#ifndef PC_FPENV_H
#define PC_FPENV_H

#include <stdint.h>

#if defined(__x86_64__) || defined(_M_X64) || (defined(__i386__) && defined(__SSE2_MATH__))
#include <xmmintrin.h>
/* FTZ (bit 15), DAZ (bit 6), rounding control (bits 13-14) */
#define PC_FP_MASK 0xE040u
typedef unsigned int pc__fpenv;
static inline pc__fpenv pc__fp_enter(void)
{
    unsigned int csr = _mm_getcsr();
    if (csr & PC_FP_MASK) _mm_setcsr(csr & ~PC_FP_MASK);
    return csr;
}
static inline void pc__fp_leave(pc__fpenv saved)
{
    if (saved & PC_FP_MASK) _mm_setcsr(saved);
}
#elif defined(__aarch64__)
/* FZ (bit 24), FZ16 (bit 19), rounding mode (bits 22-23) */
#define PC_FP_MASK ((UINT64_C(1) << 24) | (UINT64_C(1) << 19) | (UINT64_C(3) << 22))
typedef uint64_t pc__fpenv;
static inline pc__fpenv pc__fp_enter(void)
{
    uint64_t fpcr;
    __asm__ __volatile__("mrs %0, fpcr" : "=r"(fpcr));
    if (fpcr & PC_FP_MASK) {
        uint64_t clean = fpcr & ~PC_FP_MASK;
        __asm__ __volatile__("msr fpcr, %0" : : "r"(clean));
    }
    return fpcr;
}
static inline void pc__fp_leave(pc__fpenv saved)
{
    if (saved & PC_FP_MASK) __asm__ __volatile__("msr fpcr, %0" : : "r"(saved));
}
#else
typedef int pc__fpenv;
static inline pc__fpenv pc__fp_enter(void) { return 0; }
static inline void pc__fp_leave(pc__fpenv saved) { (void)saved; }
#endif

#endif /* PC_FPENV_H */
