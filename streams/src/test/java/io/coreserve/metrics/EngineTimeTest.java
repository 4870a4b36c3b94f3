package io.coreserve.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.events.AlgorithmStatistics;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EngineTimeTest {

    @Test
    void shouldTakeTheWindowsSearchOfAnAcceptedDecision() {
        assertThat(EngineTime.nanos(decision(ReservationStatus.ACCEPTED, Map.of("total", 700L, "III", 300L))))
                .isEqualTo(700L);
    }

    @Test
    void shouldAddACounterOffersClosestFreeSearchesTimedApart() {
        assertThat(EngineTime.nanos(decision(ReservationStatus.COUNTER_OFFER,
                Map.of("total", 200L, "closestFree", 900L)))).isEqualTo(1_100L);
    }

    @Test
    void shouldSayNothingWithoutTheEnginesStatistics() {
        ReservationDecision refused = ReservationDecision.newBuilder(decision(ReservationStatus.REJECTED, Map.of()))
                .setStatistics(null).build();

        assertThat(EngineTime.nanos(refused)).isNull();
        assertThat(EngineTime.nanos(decision(ReservationStatus.REJECTED, Map.of("closestFree", 5L))))
                .as("no total: not a search the engine timed").isNull();
    }

    @Test
    void shouldNeitherWrapNorTakeNegativeTimesFromADecisionReadOffATopic() {
        assertThat(EngineTime.nanos(decision(ReservationStatus.COUNTER_OFFER,
                Map.of("total", Long.MAX_VALUE - 1, "closestFree", 5L)))).isEqualTo(Long.MAX_VALUE);
        assertThat(EngineTime.nanos(decision(ReservationStatus.COUNTER_OFFER,
                Map.of("total", 200L, "closestFree", -900L)))).isNull();
        assertThat(EngineTime.nanos(decision(ReservationStatus.ACCEPTED, Map.of("total", -1L)))).isNull();
    }

    private static ReservationDecision decision(ReservationStatus status, Map<String, Long> phases) {
        return ReservationDecision.newBuilder().setRequestId("r").setDomain("d").setUser("u").setStatus(status)
                .setMessage("m").setDecidedAt(Instant.ofEpochMilli(1))
                .setStatistics(AlgorithmStatistics.newBuilder().setAlgorithm("improved")
                        .setPhaseNanos(new HashMap<>(phases)).build())
                .build();
    }
}
