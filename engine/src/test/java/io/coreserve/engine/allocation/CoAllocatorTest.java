package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.coreserve.engine.model.Request;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Four nodes of 4 cores and 8 GB; n0 and n1 are fully busy on [0, 1000). A request for 3 nodes with 6 cores
 * in total for 100 ms can start at 1000 at the earliest, when n0 and n1 free up.
 */
class CoAllocatorTest {

    private final Grid grid = new Grid("cores", "memory_gb");
    private final int[] nodes = new int[4];

    CoAllocatorTest() {
        for (int k = 0; k < 4; k++) {
            nodes[k] = grid.node("n" + k, Set.of("arch=amd64"), 4, 8);
        }
        grid.busy(nodes[0], 0, 1000, 4, 8);
        grid.busy(nodes[1], 0, 1000, 4, 8);
    }

    private static Request.Builder threeNodes() {
        return Request.builder("job-1", "alice").duration(100).count(3).window(0, 5000)
                .perResource("cores", 1).total("cores", 6).label("arch=amd64");
    }

    private CoAllocator engine(Algorithm algorithm) {
        return grid.engine(EngineConfig.defaults().withAlgorithm(algorithm));
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void shouldStartAtTheEarliestTimeEnoughNodesAreFree(Algorithm algorithm) {
        Plan plan = (Plan) engine(algorithm).probe(threeNodes().build());

        assertThat(plan.start()).isEqualTo(1000);
        assertThat(plan.end()).isEqualTo(1100);
        assertThat(plan.assignments()).hasSize(3);
        long cores = plan.assignments().stream().mapToLong(a -> a.amounts()[0]).sum();
        assertThat(cores).isEqualTo(6_000_000L);
        assertThat(plan.assignments()).allSatisfy(a -> assertThat(a.amounts()[0]).isGreaterThanOrEqualTo(1_000_000L));
        // Free nodes: u_cores = 6 / 12 at t_s; memory gets 3 x 0.001 of 24 GB.
        assertThat(plan.utilisation()).isCloseTo(0.5 * 0.003 / 24, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(plan.stats().passes()).isEqualTo(1);
        assertThat(plan.stats().candidates()).isEqualTo(4);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void shouldRejectWhenNoResourceCarriesTheLabels(Algorithm algorithm) {
        Rejection r = (Rejection) engine(algorithm).probe(threeNodes().label("gpu").build());
        assertThat(r.reason()).isEqualTo(RejectionReason.NO_MATCHING_RESOURCES);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void shouldRejectWhenTheLargestNodesCannotReachATotal(Algorithm algorithm) {
        Rejection r = (Rejection) engine(algorithm).probe(threeNodes().total("cores", 12.5).build());
        assertThat(r.reason()).isEqualTo(RejectionReason.TOTALS_UNREACHABLE);
        assertThat(r.message()).contains("cores");
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void shouldRejectWhenTooFewNodesAreFreeAtAnyStartInTheWindow(Algorithm algorithm) {
        Rejection r = (Rejection) engine(algorithm).probe(threeNodes().window(0, 800).build());
        assertThat(r.reason()).isEqualTo(RejectionReason.NO_START_TIME_IN_WINDOW);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void shouldRejectWhenFreeNodesCannotTogetherReachTheTotals(Algorithm algorithm) {
        // Two cores stay busy on n2 and n3 all the time: before 1000 only n2, n3 are free (fewer than 3);
        // from 1000 the best three offer 4 + 4 + 2 = 10 < 11 cores, yet Phase II sees 12 of capacity.
        grid.busy(nodes[2], 0, 10_000, 2, 0);
        grid.busy(nodes[3], 0, 10_000, 2, 0);
        Rejection r = (Rejection) engine(algorithm).probe(threeNodes().total("cores", 11).build());
        assertThat(r.reason()).isEqualTo(RejectionReason.NO_ADMISSIBLE_SET);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void shouldLeaveTheTimetablesUnchangedWhenProbing(Algorithm algorithm) {
        long[] before = grid.timetables.timetable(nodes[2]).values();
        engine(algorithm).probe(threeNodes().build());
        assertThat(grid.timetables.timetable(nodes[2]).values()).containsExactly(before);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void shouldBookAProbedPlanAndReleaseItExactly(Algorithm algorithm) {
        CoAllocator engine = engine(algorithm);
        long[][] times = snapshotTimes();
        long[][] values = snapshotValues();
        Plan plan = (Plan) engine.probe(threeNodes().build());

        assertThat(engine.book(plan)).isInstanceOf(BookingResult.Booked.class);
        Plan second = (Plan) engine.probe(Request.builder("job-2", "bob").duration(100).count(4).window(0, 5000)
                .perResource("cores", 3).build());
        assertThat(second.start()).isEqualTo(plan.end()); // the first job takes >= 1 core per node until 1100

        engine.release(plan);
        assertThat(snapshotTimes()).isDeepEqualTo(times);
        assertThat(snapshotValues()).isDeepEqualTo(values);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void shouldReportAConflictAndBookNothingWhenThePlanNoLongerFits(Algorithm algorithm) {
        CoAllocator engine = engine(algorithm);
        Plan plan = (Plan) engine.probe(threeNodes().build());
        Assignment taken = plan.assignments().get(0);
        grid.busy(taken.resource(), 1050, 1060, 4, 0); // someone else takes the cores in the meantime
        long[][] values = snapshotValues();

        BookingResult result = engine.book(plan);

        assertThat(result).isInstanceOf(BookingResult.Conflict.class);
        assertThat(((BookingResult.Conflict) result).resourceIds()).containsExactly(taken.resourceId());
        assertThat(snapshotValues()).isDeepEqualTo(values);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void shouldAllocateAndBookInOneCall(Algorithm algorithm) {
        CoAllocator engine = engine(algorithm);
        Plan plan = (Plan) engine.allocate(threeNodes().build());
        long[] max = new long[2];
        grid.timetables.maxReserved(plan.assignments().get(0).resource(), plan.start(), plan.end(), max);
        assertThat(max[0]).isEqualTo(plan.assignments().get(0).amounts()[0]);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void shouldRefuseToReleaseAPlanThatIsNotBookedAndChangeNothing(Algorithm algorithm) {
        CoAllocator engine = engine(algorithm);
        Plan plan = (Plan) engine.probe(threeNodes().build());
        long[][] values = snapshotValues();
        assertThatThrownBy(() -> engine.release(plan)).isInstanceOf(IllegalArgumentException.class);
        assertThat(snapshotValues()).isDeepEqualTo(values);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void shouldGiveTheSameAnswerForTheSameSeed(Algorithm algorithm) {
        Plan a = (Plan) engine(algorithm).probe(threeNodes().build());
        Plan b = (Plan) engine(algorithm).probe(threeNodes().build());
        assertThat(b.start()).isEqualTo(a.start());
        assertThat(b.assignments()).isEqualTo(a.assignments());
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void shouldOfferTheClosestFreeIntervalsAroundAWindowWithoutAnAdmissibleSet(Algorithm algorithm) {
        // Window [300, 800]: too few nodes free before 1000. After: 1000. Before: n0, n1 are busy from 0, so
        // nothing in [now = 0, 300) either.
        ClosestFreeIntervals closest = engine(algorithm).closestFree(threeNodes().window(300, 800).build(), 0,
                10_000);
        assertThat(closest.original()).isInstanceOf(Rejection.class);
        assertThat(closest.earliestAfter().start()).isEqualTo(1000);
        assertThat(closest.latestBefore()).isNull();
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    void shouldOfferTheLatestStartBeforeTheWindow(Algorithm algorithm) {
        // Everything is busy on [2000, 3000): a request for [2000, 2500] gets 1900 as the latest start before
        // it (ending exactly when the busy period starts), and 3000 as the earliest after.
        for (int node : nodes) {
            grid.busy(node, 2000, 3000, 4, 8);
        }
        ClosestFreeIntervals closest = engine(algorithm).closestFree(threeNodes().window(2000, 2500).build(),
                1000, 10_000);
        assertThat(closest.latestBefore().start()).isEqualTo(1900);
        assertThat(closest.earliestAfter().start()).isEqualTo(3000);
    }

    private long[][] snapshotTimes() {
        long[][] result = new long[nodes.length][];
        for (int k = 0; k < nodes.length; k++) {
            result[k] = grid.timetables.timetable(nodes[k]).times();
        }
        return result;
    }

    private long[][] snapshotValues() {
        long[][] result = new long[nodes.length][];
        for (int k = 0; k < nodes.length; k++) {
            result[k] = grid.timetables.timetable(nodes[k]).values();
        }
        return result;
    }
}
