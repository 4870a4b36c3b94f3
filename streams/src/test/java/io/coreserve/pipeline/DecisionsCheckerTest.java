package io.coreserve.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.bench.DecisionsChecker;
import io.coreserve.bench.DecisionsChecker.ResourceKey;
import io.coreserve.events.Allocation;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The checker itself: Given capacities, When decisions are replayed, Then it finds what it must and no more. */
class DecisionsCheckerTest {

    private static final long H = 3_600_000L;
    private static final Map<ResourceKey, Map<String, Double>> CAPACITY = Map.of(
            new ResourceKey("d", "a"), Map.of("cores", 2.0, "memory_gb", 2.95),
            new ResourceKey("d", "b"), Map.of("cores", 1.0, "memory_gb", 1.0));

    private static ReservationDecision accepted(String id, long decided, long start, long end, String resource,
            double cores, double memory) {
        return ReservationDecision.newBuilder().setRequestId(id).setDomain("d").setUser("u")
                .setStatus(ReservationStatus.ACCEPTED).setMessage("ok").setDecidedAt(Instant.ofEpochMilli(decided))
                .setStart(Instant.ofEpochMilli(start)).setEnd(Instant.ofEpochMilli(end))
                .setAllocations(List.of(Allocation.newBuilder().setResourceId(resource)
                        .setAmounts(Map.of("cores", cores, "memory_gb", memory)).build()))
                .build();
    }

    private static ReservationDecision rejected(String id, long decided, String code) {
        return ReservationDecision.newBuilder().setRequestId(id).setDomain("d").setUser("u")
                .setStatus(ReservationStatus.REJECTED).setReasonCode(code).setMessage("no")
                .setDecidedAt(Instant.ofEpochMilli(decided)).build();
    }

    private static ReservationDecision cancelled(ReservationDecision booked, long decided) {
        return ReservationDecision.newBuilder(booked).setStatus(ReservationStatus.CANCELLED)
                .setDecidedAt(Instant.ofEpochMilli(decided)).build();
    }

    private static DecisionsChecker.Report replay(ReservationDecision... decisions) {
        DecisionsChecker checker = new DecisionsChecker(CAPACITY);
        for (ReservationDecision d : decisions) {
            checker.accept(d);
        }
        return checker.report();
    }

    @Test
    void shouldAcceptBookingsThatFitExactlyAndTouchingIntervals() {
        var report = replay(
                accepted("r1", 1, 0, 2 * H, "a", 1.0, 1.5),
                accepted("r2", 2, H, 3 * H, "a", 1.0, 1.45),   // 2.0 cores and 2.95 GB in [H, 2H): exactly full
                accepted("r3", 3, 2 * H, 4 * H, "a", 1.0, 1.5)); // starts where r1 ends: half-open intervals
        assertThat(report.overCommitments()).isEmpty();
        assertThat(report.ok()).isTrue();
        assertThat(report.bookings()).isEqualTo(3);
    }

    @Test
    void shouldReportTheInstantAndRequestsOfAnOverCommitment() {
        var report = replay(
                accepted("r1", 1, 0, 2 * H, "b", 0.5, 0.1),
                accepted("r2", 2, H, 3 * H, "b", 0.6, 0.1));
        assertThat(report.overCommitments()).singleElement().satisfies(o -> {
            assertThat(o.resource()).isEqualTo(new ResourceKey("d", "b"));
            assertThat(o.property()).isEqualTo("cores");
            assertThat(o.at()).isEqualTo(Instant.ofEpochMilli(H));
            assertThat(o.requestIds()).containsExactlyInAnyOrder("r1", "r2");
        });
    }

    @Test
    void shouldCountAReSentDecisionOnceAndReportADifferentSecondDecision() {
        ReservationDecision first = accepted("r1", 1, 0, H, "b", 1.0, 1.0);
        var resent = replay(first, ReservationDecision.newBuilder(first).build());
        assertThat(resent.ok()).isTrue();
        assertThat(resent.resends()).isEqualTo(1);
        assertThat(resent.bookings()).isEqualTo(1);

        var twice = replay(first, accepted("r1", 5, 2 * H, 3 * H, "b", 1.0, 1.0));
        assertThat(twice.conflicts()).hasSize(1);
        var rejectedThenAccepted = replay(rejected("r2", 1, "NO_MATCHING_RESOURCES"), accepted("r2", 2, 0, H, "a", 1, 1));
        assertThat(rejectedThenAccepted.conflicts()).hasSize(1);
    }

    @Test
    void shouldFreeWhatACancellationReleases() {
        ReservationDecision r1 = accepted("r1", 1, 0, H, "b", 1.0, 1.0);
        var report = replay(r1, cancelled(r1, 2), accepted("r2", 3, 0, H, "b", 1.0, 1.0),
                rejected("r1", 4, "CANCEL_REFUSED"));
        assertThat(report.ok()).isTrue();
        assertThat(report.releases()).isEqualTo(1);
        assertThat(report.activeBookings()).isEqualTo(1);

        var withoutCancel = replay(r1, accepted("r2", 3, 0, H, "b", 1.0, 1.0));
        assertThat(withoutCancel.overCommitments()).extracting(o -> o.property()).containsExactlyInAnyOrder("cores", "memory_gb");
    }

    @Test
    void shouldOrderReleasesBeforeBookingsOfTheSameMillisecondButAfterTheirOwnBooking() {
        ReservationDecision r1 = accepted("r1", 1, 0, H, "b", 1.0, 1.0);
        ReservationDecision r2 = accepted("r2", 2, 0, H, "b", 1.0, 1.0);
        ReservationDecision r3 = accepted("r3", 2, 2 * H, 3 * H, "b", 1.0, 1.0);
        List<ReservationDecision> ordered = DecisionsChecker.decisionOrder(List.of(r2, r3, cancelled(r1, 2),
                cancelled(r3, 2), r1));
        assertThat(ordered).extracting(d -> d.getRequestId() + " " + d.getStatus()).containsExactly(
                "r1 ACCEPTED", "r1 CANCELLED", "r3 ACCEPTED", "r3 CANCELLED", "r2 ACCEPTED");
    }

    @Test
    void shouldPutABookingReleasedWithinTheMillisecondBeforeBookingsReadBeforeIt() {
        // Seen in PipelineLoadTest: in one millisecond x was booked and cancelled and y took the cores x had; the
        // consumer read y (another partition) before x's booking.
        ReservationDecision x = accepted("x", 5, 0, H, "a", 2.0, 1.0);
        ReservationDecision y = accepted("y", 5, 0, H, "a", 2.0, 1.0);
        List<ReservationDecision> asConsumed = List.of(y, x, cancelled(x, 5));

        assertThat(DecisionsChecker.decisionOrder(asConsumed)).extracting(d -> d.getRequestId() + " " + d.getStatus())
                .containsExactly("x ACCEPTED", "x CANCELLED", "y ACCEPTED");
        assertThat(replay(DecisionsChecker.decisionOrder(asConsumed).toArray(ReservationDecision[]::new)).ok()).isTrue();
    }

    @Test
    void shouldPutAReleaseRightAfterItsOwnBookingWhenBothShareAMillisecondWithLaterBookings() {
        // Seen in CI: in one millisecond, "a" (2 cores) got x (2 cores), x was cancelled, then y took the 2 cores;
        // the consumer read y's booking (another partition) before x's release.
        ReservationDecision x = accepted("x", 5, 0, H, "a", 2.0, 1.0);
        ReservationDecision y = accepted("y", 5, 0, H, "a", 2.0, 1.0);
        List<ReservationDecision> asConsumed = List.of(x, y, cancelled(x, 5));

        assertThat(DecisionsChecker.decisionOrder(asConsumed)).extracting(d -> d.getRequestId() + " " + d.getStatus())
                .containsExactly("x ACCEPTED", "x CANCELLED", "y ACCEPTED");
        assertThat(replay(DecisionsChecker.decisionOrder(asConsumed).toArray(ReservationDecision[]::new)).ok()).isTrue();
    }

    @Test
    void shouldStillReportAnOverCommitmentNoOrderOfTheMillisecondExplains() {
        // x is cancelled only a millisecond later, so y cannot have used its cores.
        ReservationDecision x = accepted("x", 5, 0, H, "a", 2.0, 1.0);
        ReservationDecision y = accepted("y", 5, 0, H, "a", 2.0, 1.0);

        DecisionsChecker.Report report = replay(DecisionsChecker.decisionOrder(List.of(x, y, cancelled(x, 6)))
                .toArray(ReservationDecision[]::new));

        assertThat(report.ok()).isFalse();
        assertThat(report.overCommitments()).isNotEmpty();
    }

    @Test
    void shouldTellTwoUsersRequestsOfTheSameIdApartAndIgnoreRefusalsThatChangeNothing() {
        ReservationDecision alices = accepted("r1", 1, 0, H, "a", 1.0, 1.0);
        ReservationDecision bobs = ReservationDecision.newBuilder(accepted("r1", 2, 0, H, "a", 1.0, 1.0)).setUser("bob")
                .build();
        ReservationDecision forged = ReservationDecision.newBuilder(rejected("r2", 3, "UNAUTHENTICATED")).build();

        var report = replay(alices, bobs, rejected("r1#cancel", 3, "CANCEL_REFUSED"), forged,
                rejected("r3", 4, "WRONG_KEY"), accepted("r2", 5, 2 * H, 3 * H, "b", 1.0, 1.0));

        assertThat(report.conflicts()).isEmpty();
        assertThat(report.ok()).isTrue();
        assertThat(report.bookings()).isEqualTo(3);
        assertThat(report.refusals()).isEqualTo(3);
        // Both r1 on a: 2 of 2 cores; a third would not fit, whoever's it is.
        var third = replay(alices, bobs, ReservationDecision.newBuilder(alices).setUser("carol").build());
        assertThat(third.overCommitments()).isNotEmpty();
    }

    private static io.coreserve.events.ReservedPart part(String id, String resource, long start, long end,
            double cores) {
        return io.coreserve.events.ReservedPart.newBuilder().setPartId(id).setType("compute").setResourceId(resource)
                .setStart(Instant.ofEpochMilli(start)).setEnd(Instant.ofEpochMilli(end))
                .setAmounts(Map.of("cores", cores)).build();
    }

    /** An SRL co-reservation: its parts, start and end the earliest start and latest end of the parts. */
    private static ReservationDecision coReservation(String id, long decided, io.coreserve.events.ReservedPart... parts) {
        List<io.coreserve.events.ReservedPart> list = List.of(parts);
        return ReservationDecision.newBuilder().setRequestId(id).setDomain("d").setUser("u")
                .setStatus(ReservationStatus.ACCEPTED).setMessage("ok").setDecidedAt(Instant.ofEpochMilli(decided))
                .setStart(list.stream().map(p -> p.getStart()).min(Instant::compareTo).orElseThrow())
                .setEnd(list.stream().map(p -> p.getEnd()).max(Instant::compareTo).orElseThrow())
                .setParts(list).build();
    }

    @Test
    void shouldFindAnOverCommitmentOfTwoPartsOfOneCoReservationSharingAResource() {
        // b has 1 core: two parts of 0.6 each on it overlap in [H, 2H). Apart they would fit.
        var report = replay(coReservation("co", 1, part("X", "b", 0, 2 * H, 0.6), part("Y", "b", H, 3 * H, 0.6),
                part("Z", "a", 0, H, 2.0)));

        assertThat(report.overCommitments()).singleElement().satisfies(o -> {
            assertThat(o.resource()).isEqualTo(new ResourceKey("d", "b"));
            assertThat(o.at()).isEqualTo(Instant.ofEpochMilli(H));
            assertThat(o.requestIds()).containsExactly("co", "co");
        });
    }

    @Test
    void shouldBookEachPartOverItsOwnIntervalAndReleaseThemAllOnCancel() {
        // Parts one after the other on b, each of its full core: no over-commitment, though the decision's
        // [start, end) covers both. Then a collective booking fits once the co-reservation is cancelled.
        ReservationDecision co = coReservation("co", 1, part("X", "b", 0, H, 1.0), part("Y", "b", H, 2 * H, 1.0));
        var report = replay(co, cancelled(co, 2), accepted("r1", 3, 0, 2 * H, "b", 1.0, 1.0));

        assertThat(report.ok()).as(report.summary()).isTrue();
        assertThat(report.releases()).isEqualTo(1);
        assertThat(replay(co, accepted("r1", 3, H / 2, H, "b", 0.5, 0.1)).overCommitments()).hasSize(1);
    }
}
