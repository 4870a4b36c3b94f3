package io.coreserve.engine.allocation;

/**
 * Alternatives offered when a request has no admissible set in [t_e, t_l] (the "closest free interval" of
 * seed 003): plans that were probed, not booked.
 *
 * @param original       the outcome in the request's own window (a Plan if there was one after all)
 * @param earliestAfter  the earliest admissible start after t_l within the horizon, or null
 * @param latestBefore   the latest admissible start before t_e and not before "now", or null
 */
public record ClosestFreeIntervals(Outcome original, Plan earliestAfter, Plan latestBefore) {
}
