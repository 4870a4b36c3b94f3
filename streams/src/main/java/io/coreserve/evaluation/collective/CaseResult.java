package io.coreserve.evaluation.collective;

import io.coreserve.engine.allocation.Outcome;
import io.coreserve.engine.allocation.Plan;
import io.coreserve.engine.allocation.SearchStats;

/** The engine's outcomes for one test case, and the collective request's R_job. */
record CaseResult(TestCase testCase, Outcome simple, Outcome collective, int[] collectiveCandidates) {

    Plan simplePlan() {
        return simple instanceof Plan plan ? plan : null;
    }

    Plan collectivePlan() {
        return collective instanceof Plan plan ? plan : null;
    }

    /** Phases I-V in ms. */
    static double totalMillis(SearchStats s) {
        return s.totalNanos() / 1e6;
    }

    /** Phases II-V in ms (the engine times each phase; Phase I is discovery). */
    static double phasesTwoToFiveMillis(SearchStats s) {
        return (s.examinationNanos() + s.startTimesNanos() + s.selectionNanos() + s.optimisationNanos()) / 1e6;
    }
}
