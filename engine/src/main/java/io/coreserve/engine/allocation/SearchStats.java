package io.coreserve.engine.allocation;

/**
 * Counts and times of one search (Phases I to V, all passes).
 *
 * @param passes               passes through Phases I-V (M doubles between passes)
 * @param candidates           |R_job| of the last pass
 * @param startTimeCandidates  |T| of the last pass
 * @param startTimesTried      start times examined in Phase IV, all passes
 * @param swapsTried           SelectAndSwap (and IMPROVED repair) swap attempts
 * @param swapsMade            of which made
 * @param optimisationTried    Phase V swap attempts
 * @param optimisationMade     of which made
 */
public record SearchStats(
        int passes,
        int candidates,
        int startTimeCandidates,
        int startTimesTried,
        long swapsTried,
        long swapsMade,
        long optimisationTried,
        long optimisationMade,
        long discoveryNanos,
        long examinationNanos,
        long startTimesNanos,
        long selectionNanos,
        long optimisationNanos,
        long totalNanos) {

    public static final SearchStats NONE = new SearchStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
}
