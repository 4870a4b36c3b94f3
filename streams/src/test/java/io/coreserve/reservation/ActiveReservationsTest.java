package io.coreserve.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ActiveReservationsTest {

    private static ReservationDecision decision(String id, String user, ReservationStatus status, long start,
            long end) {
        ReservationDecision.Builder b = Decisions.base(id, user, "grid", status, "test", 0L);
        if (status == ReservationStatus.ACCEPTED || status == ReservationStatus.CANCELLED) {
            b.setReservationId("r-" + id).setStart(Instant.ofEpochMilli(start)).setEnd(Instant.ofEpochMilli(end));
        }
        return b.build();
    }

    private static List<String> due(ActiveReservations index, long since, long now) {
        List<String> ids = new ArrayList<>();
        index.tick(since, now, d -> ids.add(d.getRequestId()));
        return ids;
    }

    @Test
    void shouldVisitOnlyTheReservationsStartingOrEndingInTheTickInRequestIdOrder() {
        ActiveReservations index = new ActiveReservations();
        index.written(decision("b", "ann", ReservationStatus.ACCEPTED, 100, 200));
        index.written(decision("a", "ann", ReservationStatus.ACCEPTED, 150, 300));
        index.written(decision("c", "bob", ReservationStatus.ACCEPTED, 400, 500));
        index.written(decision("d", "bob", ReservationStatus.REJECTED, 0, 0));

        assertThat(due(index, 0, 99)).isEmpty();
        assertThat(due(index, 99, 160)).containsExactly("a", "b");   // both start
        assertThat(due(index, 160, 250)).containsExactly("b");       // b ends
        assertThat(due(index, 250, 450)).containsExactly("a", "c");  // a ends, c starts
        assertThat(index.size()).isEqualTo(2);                       // b ended by 250: forgotten
    }

    @Test
    void shouldCountAUsersReservationsThatHaveNotEndedAndForgetCancelledOnes() {
        ActiveReservations index = new ActiveReservations();
        index.written(decision("a", "ann", ReservationStatus.ACCEPTED, 100, 200));
        index.written(decision("b", "ann", ReservationStatus.ACCEPTED, 100, 400));
        index.written(decision("c", "bob", ReservationStatus.ACCEPTED, 100, 400));
        assertThat(index.activeCount("ann", 150)).isEqualTo(2);
        assertThat(index.activeCount("ann", 200)).isEqualTo(1);
        assertThat(index.activeCount("eve", 150)).isZero();

        index.written(decision("b", "ann", ReservationStatus.CANCELLED, 100, 400));
        assertThat(index.activeCount("ann", 150)).isEqualTo(1);
        assertThat(due(index, 300, 500)).containsExactly("c");  // b's end no longer notified
    }

    @Test
    void shouldIndexACounterOfferOnceItIsAccepted() {
        ActiveReservations index = new ActiveReservations();
        index.written(decision("a", "ann", ReservationStatus.COUNTER_OFFER, 0, 0));
        assertThat(index.activeCount("ann", 0)).isZero();
        index.written(decision("a", "ann", ReservationStatus.ACCEPTED, 100, 200));
        assertThat(index.activeCount("ann", 0)).isEqualTo(1);
        assertThat(due(index, 50, 100)).containsExactly("a");
    }

    @Test
    void shouldVisitNothingWhenStreamTimeSeemsToGoBack() {
        ActiveReservations index = new ActiveReservations();
        index.written(decision("a", "ann", ReservationStatus.ACCEPTED, 100, 200));

        assertThat(due(index, 300, 150)).isEmpty();
        assertThat(due(index, 150, 150)).isEmpty();
        assertThat(due(index, 50, 150)).containsExactly("a");
    }
}
