package io.coreserve.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** What {@code watch} prints for a decision's utilisation factor U: a percentage that shows small values. */
class WatchLineTest {

    private static ReservationDecision accepted(Double u) {
        return ReservationDecision.newBuilder().setRequestId("job-1").setUser("alice").setDomain("default")
                .setStatus(ReservationStatus.ACCEPTED).setMessage("reserved").setUtilisationFactor(u)
                .setDecidedAt(Instant.EPOCH).build();
    }

    @Test
    void shouldPrintASmallUtilisationAsAPercentageWithThreeSignificantDigits() {
        assertThat(WatchCommand.describe(accepted(0.0000523456))).contains(" U=0.00523% ").doesNotContain("U=0.000 ");
        assertThat(WatchCommand.describe(accepted(0.4))).contains(" U=40% ");
        assertThat(WatchCommand.describe(accepted(0.123456))).contains(" U=12.3% ");
        assertThat(WatchCommand.describe(accepted(0.0))).contains(" U=0% ");
    }

    @Test
    void shouldLeaveUOutWhenTheDecisionHasNoneOrItIsNotANumber() {
        assertThat(WatchCommand.describe(accepted(null))).doesNotContain("U=");
        assertThat(WatchCommand.describe(accepted(Double.NaN))).doesNotContain("U=");
    }
}
