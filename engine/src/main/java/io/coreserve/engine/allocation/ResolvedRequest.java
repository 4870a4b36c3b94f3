package io.coreserve.engine.allocation;

import java.util.Set;

/**
 * A valid request with the defaults of section 2 applied, amounts in micro-units indexed like the system's
 * properties P.
 *
 * @param count       N
 * @param duration    t_res in millis
 * @param earliest    t_e
 * @param latest      t_l
 * @param perResource e_i for every property of P (the small default where the request gives none)
 * @param totals      d_i for every property of P: max(given d_i, N e_i); a missing d_i is N e_i (simple
 *                    request), and a smaller one is implied anyway by N resources with at least e_i each
 * @param labels      qualitative requirements
 * @param seed        seeds this request's random choices
 */
public record ResolvedRequest(String requestId, int count, long duration, long earliest, long latest,
        long[] perResource, long[] totals, Set<String> labels, long seed) {

    /** The same request with another start window, e.g. for the closest-free-interval search. */
    ResolvedRequest withWindow(long newEarliest, long newLatest) {
        return new ResolvedRequest(requestId, count, duration, newEarliest, newLatest, perResource, totals, labels,
                seed);
    }
}
