package io.coreserve.engine.allocation;

/** Mutable tallies of one search, turned into {@link SearchStats} at the end. */
final class Counters {
    int passes;
    int candidates;
    int startTimeCandidates;
    int startTimesTried;
    long swapsTried;
    long swapsMade;
    long optimisationTried;
    long optimisationMade;
    long discoveryNanos;
    long examinationNanos;
    long startTimesNanos;
    long selectionNanos;
    long optimisationNanos;

    SearchStats toStats(long totalNanos) {
        return new SearchStats(passes, candidates, startTimeCandidates, startTimesTried, swapsTried, swapsMade,
                optimisationTried, optimisationMade, discoveryNanos, examinationNanos, startTimesNanos,
                selectionNanos, optimisationNanos, totalNanos);
    }
}
