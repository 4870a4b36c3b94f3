package io.coreserve.engine.srl;

import java.util.List;
import java.util.Map;

/**
 * The answer to an SRL request (paper step 8): the booked parts, or why not.
 *
 * @param error             null when accepted; otherwise the reason code, field, rule and place
 * @param objectiveValue    the plan's objective: Σ_k (w_k / Σw) * s_k * e_k / scale_k (spec 4.5 step 5)
 * @param status            the solver's status of the booked plan (OPTIMAL or FEASIBLE-not-proven)
 * @param candidatesPerPart reservation candidates per part after the cap
 * @param cappedParts       parts whose candidates the cap cut
 * @param attempts          solve-and-book rounds (more than one after booking conflicts)
 */
public record CoReservationDecision(SrlError error, List<PartAllocation> parts, double objectiveValue,
        SolverStatus status, String solver, Map<String, Integer> candidatesPerPart, List<String> cappedParts,
        int attempts, List<String> warnings, long solveNanos) {

    public CoReservationDecision {
        parts = List.copyOf(parts);
        candidatesPerPart = Map.copyOf(candidatesPerPart);
        cappedParts = List.copyOf(cappedParts);
        warnings = List.copyOf(warnings);
    }

    public boolean accepted() {
        return error == null;
    }

    static CoReservationDecision rejected(SrlError error, SolverStatus status, String solver,
            Map<String, Integer> candidates, List<String> capped, int attempts, List<String> warnings, long nanos) {
        return new CoReservationDecision(error, List.of(), Double.NaN, status, solver, candidates, capped, attempts,
                warnings, nanos);
    }
}
