package io.coreserve.engine.allocation;

/**
 * Up to eight requirements (N, t_res, every d_i and e_i, as {@link ClosestFreeMemory} keeps them) in one long, each
 * rounded down to a quarter octave in a byte, so that a scan for the entries a request dominates reads one long per
 * entry instead of a cache line of its numbers: the scan over every entry, once per decision, was 4 % of the
 * pipeline's stream thread on full books (perf), most of it reading those lines.
 *
 * <p>Why it is safe: the rounding is monotone (a <= b gives code(a) <= code(b)), so an entry asking no more than the
 * request of every requirement has no larger code in any byte, and {@link #noMoreThan} keeps it. It may keep an entry
 * that asks more (two values in one quarter octave); the exact comparison that follows rejects it. Requirements past
 * the eighth are left to that comparison too.
 */
final class RequirementSignature {

    /** The high bit of every byte: codes stay below it, and a byte's subtraction borrows only from it. */
    private static final long HIGH_BITS = 0x8080_8080_8080_8080L;
    /** The signature of no entry: every code at its largest, kept only by requests as large (the exact test then). */
    static final long NONE = 0x7F7F_7F7F_7F7F_7F7FL;

    private RequirementSignature() {
    }

    /** The codes of {@code values[0..8)} (fewer when shorter), one per byte from the lowest. */
    static long of(long[] values) {
        long signature = 0;
        for (int j = 0; j < Math.min(8, values.length); j++) {
            signature |= (long) code(values[j]) << (8 * j);
        }
        return signature;
    }

    /**
     * A value's quarter octave: 4 * floor(log2 v) plus the two bits after its leading one, in [0, 127] (0 for v <= 1,
     * 127 from 2^32 on). Monotone in v.
     */
    static int code(long value) {
        if (value <= 1) {
            return 0;
        }
        int leading = Long.numberOfLeadingZeros(value);
        int code = (63 - leading) * 4 + (int) ((value << leading) >>> 61 & 3);
        return Math.min(127, code);
    }

    /** Whether every code of {@code entry} is at most the same code of {@code wanted}. */
    static boolean noMoreThan(long entry, long wanted) {
        // Per byte, 128 + w - e has its high bit set exactly when w >= e (both below 128: no borrow between bytes).
        return (((wanted | HIGH_BITS) - entry) & HIGH_BITS) == HIGH_BITS;
    }
}
