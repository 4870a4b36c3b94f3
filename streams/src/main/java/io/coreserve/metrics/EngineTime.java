package io.coreserve.metrics;

import io.coreserve.events.ReservationDecision;
import java.util.Map;

/**
 * The engine's own time for a decision, from the decision's statistics: the search of its window
 * ({@code phaseNanos.total}) and, for a counter-offer, the searches for the closest free intervals around it, which
 * are timed apart ({@code phaseNanos.closestFree}) and on full books cost more than the window's. One definition for
 * the metric and the benchmarks, so that they agree on what "the engine" took.
 */
public final class EngineTime {

    private EngineTime() {
    }

    /**
     * In nanoseconds; null when the decision carries no engine statistics (refused before the engine) or times no
     * engine writes (negative: the decision is read off a topic). The sum saturates instead of wrapping.
     */
    public static Long nanos(ReservationDecision decision) {
        if (decision.getStatistics() == null) {
            return null;
        }
        Map<String, Long> phases = decision.getStatistics().getPhaseNanos();
        Long window = phases.get("total");
        Long closestFree = phases.getOrDefault("closestFree", 0L);
        if (window == null || window < 0 || closestFree == null || closestFree < 0) {
            return null;
        }
        return closestFree > Long.MAX_VALUE - window ? Long.MAX_VALUE : window + closestFree;
    }
}
