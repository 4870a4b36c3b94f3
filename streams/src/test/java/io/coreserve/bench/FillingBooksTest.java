package io.coreserve.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.engine.allocation.Rejection;
import io.coreserve.engine.allocation.RejectionReason;
import io.coreserve.engine.allocation.SearchStats;
import org.junit.jupiter.api.Test;

/**
 * What {@link EngineAbRun} relies on: two {@link FillingBooks} fed the same requests decide them the same way (so their
 * digests can say whether two builds of the engine agree), and a different history gives a different digest.
 */
class FillingBooksTest {

    @Test
    void shouldDecideTheSameRequestsTheSameWayInTwoBooks() {
        // Closest-free searches from decision 200 on, at 100 requests per simulated second over a 2-hour spread: the
        // books fill within the first few hundred, so both kinds of decision are made.
        FillingBooks first = new FillingBooks("improved", 2, 100, 200);
        FillingBooks second = new FillingBooks("improved", 2, 100, 200);
        long[] a = null;
        long[] b = null;
        for (int k = 0; k < 400; k++) {
            a = first.apply(k);
            b = second.apply(k);
            assertThat(a[1]).as("digest after decision %d", k).isEqualTo(b[1]);
            assertThat(a[0]).as("CPU time of decision %d", k).isNotNegative();
        }
        FillingBooks other = new FillingBooks("paper", 2, 100, 200);
        long[] c = null;
        for (int k = 0; k < 400; k++) {
            c = other.apply(k);
        }
        assertThat(c[1]).as("another algorithm's decisions").isNotEqualTo(a[1]);
    }

    @Test
    void shouldSearchTheClosestFreeIntervalsAfterTheSameOutcomesAsTheReservationService() {
        // FillingBooks writes the condition out for engine jars older than RejectionReason.seeksClosestFree; a new
        // reason must not make the benchmark search where the pipeline does not, or the other way round.
        for (RejectionReason reason : RejectionReason.values()) {
            Rejection rejection = new Rejection("r", reason, null, null, "", SearchStats.NONE);
            assertThat(FillingBooks.seeksClosestFree(rejection)).as(reason.name())
                    .isEqualTo(reason.seeksClosestFree());
        }
    }
}
