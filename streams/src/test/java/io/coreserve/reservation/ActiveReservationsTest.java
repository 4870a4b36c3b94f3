package io.coreserve.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

    /** The decisions store as {@link ReservationStores} keeps it: every decision written, under its request key. */
    private final Map<String, ReservationDecision> store = new HashMap<>();

    /** Writes {@code d} as {@link ReservationStores#record} does: to the store, then to the index. */
    private void write(ActiveReservations index, ReservationDecision d) {
        store.put(ReservationStores.requestKey(ReservationStores.refOf(d)), d);
        index.written(d);
    }

    private static List<String> due(ActiveReservations index, long since, long now) {
        List<String> ids = new ArrayList<>();
        index.tick(since, now, d -> ids.add(d.getRequestId()));
        return ids;
    }

    @Test
    void shouldVisitOnlyTheReservationsStartingOrEndingInTheTickInRequestIdOrder() {
        ActiveReservations index = new ActiveReservations(store::get);
        write(index, decision("b", "ann", ReservationStatus.ACCEPTED, 100, 200));
        write(index, decision("a", "ann", ReservationStatus.ACCEPTED, 150, 300));
        write(index, decision("c", "bob", ReservationStatus.ACCEPTED, 400, 500));
        write(index, decision("d", "bob", ReservationStatus.REJECTED, 0, 0));

        assertThat(due(index, 0, 99)).isEmpty();
        assertThat(due(index, 99, 160)).containsExactly("a", "b");   // both start
        assertThat(due(index, 160, 250)).containsExactly("b");       // b ends
        assertThat(due(index, 250, 450)).containsExactly("a", "c");  // a ends, c starts
        assertThat(index.size()).isEqualTo(2);                       // b ended by 250: forgotten
    }

    @Test
    void shouldDropTheSharedUserStringsOnceTheirReservationsAreForgotten() {
        ActiveReservations index = new ActiveReservations(store::get);
        for (int u = 0; u < 100; u++) {
            write(index, decision("r" + u, "user-" + u, ReservationStatus.ACCEPTED, 100, 200));
        }
        write(index, decision("keep", "keeper", ReservationStatus.ACCEPTED, 100, 1_000));
        write(index, decision("gone", "canceller", ReservationStatus.ACCEPTED, 100, 1_000));
        write(index, decision("gone", "canceller", ReservationStatus.CANCELLED, 100, 1_000));
        assertThat(index.sharedStrings()).isEqualTo(101);           // the canceller's went with its reservation
        due(index, 0, 250);
        due(index, 250, 300);                                       // forgets what ended by 250
        assertThat(index.size()).isEqualTo(1);
        assertThat(index.sharedStrings()).as("only the keeper's").isEqualTo(1);
    }

    @Test
    void shouldCountAUsersReservationsThatHaveNotEndedAndForgetCancelledOnes() {
        ActiveReservations index = new ActiveReservations(store::get);
        write(index, decision("a", "ann", ReservationStatus.ACCEPTED, 100, 200));
        write(index, decision("b", "ann", ReservationStatus.ACCEPTED, 100, 400));
        write(index, decision("c", "bob", ReservationStatus.ACCEPTED, 100, 400));
        assertThat(index.activeCount("ann", 150)).isEqualTo(2);
        assertThat(index.activeCount("ann", 200)).isEqualTo(1);
        assertThat(index.activeCount("eve", 150)).isZero();

        write(index, decision("b", "ann", ReservationStatus.CANCELLED, 100, 400));
        assertThat(index.activeCount("ann", 150)).isEqualTo(1);
        assertThat(due(index, 300, 500)).containsExactly("c");  // b's end no longer notified
    }

    @Test
    void shouldIndexACounterOfferOnceItIsAccepted() {
        ActiveReservations index = new ActiveReservations(store::get);
        write(index, decision("a", "ann", ReservationStatus.COUNTER_OFFER, 0, 0));
        assertThat(index.activeCount("ann", 0)).isZero();
        write(index, decision("a", "ann", ReservationStatus.ACCEPTED, 100, 200));
        assertThat(index.activeCount("ann", 0)).isEqualTo(1);
        assertThat(due(index, 50, 100)).containsExactly("a");
    }

    @Test
    void shouldVisitNothingWhenStreamTimeSeemsToGoBack() {
        ActiveReservations index = new ActiveReservations(store::get);
        write(index, decision("a", "ann", ReservationStatus.ACCEPTED, 100, 200));

        assertThat(due(index, 300, 150)).isEmpty();
        assertThat(due(index, 150, 150)).isEmpty();
        assertThat(due(index, 50, 150)).containsExactly("a");
    }

    @Test
    void shouldReadHoldersDecisionsFromTheStoreAndKeepOnlyTheirTermsInTheIndex() {
        ActiveReservations index = new ActiveReservations(store::get);
        ReservationDecision onN1 = ReservationDecision.newBuilder(decision("a", "ann", ReservationStatus.ACCEPTED,
                100, 200)).setAllocations(List.of(io.coreserve.events.Allocation.newBuilder().setResourceId("n1")
                .setAmounts(Map.of("cores", 2.0)).build())).build();
        write(index, onN1);
        write(index, decision("b", "bob", ReservationStatus.ACCEPTED, 100, 300));   // on no resource

        assertThat(index.holders("grid", "n1", 150)).containsExactly(onN1);       // the stored decision itself
        assertThat(index.holders("grid", "n1", 200)).as("ended by then").isEmpty();
        assertThat(index.holding("grid", "n1", 0)).singleElement()
                .satisfies(e -> assertThat(List.of(e.requestId(), e.user(), e.start(), e.end()))
                        .containsExactly("a", "ann", 100L, 200L));
        assertThat(index.holders("other", "n1", 0)).as("another domain's n1").isEmpty();

        store.clear();                                  // a store that lost a decision the index still holds
        assertThat(index.activeCount("ann", 150)).as("counted from the index alone").isEqualTo(1);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> index.holders("grid", "n1", 0))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("a");
    }
}
