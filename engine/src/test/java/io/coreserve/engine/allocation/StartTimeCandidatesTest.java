package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Phase III on two nodes of 4 cores, e = 2 cores, t_res = 60:
 * n0 has 3 reserved on [0,100) and 1 on [100,150): a = 1 (short), 3, then 4 from 150; a rises at 100 and 150.
 * n1 has 4 reserved on [50,200): a = 4, 0 (short), then 4 from 200; a rises at 200.
 * A^s(0) is 0 for both (n0 is short at 0, n1 becomes short at 50 < 0 + 60).
 */
class StartTimeCandidatesTest {

    private final Grid grid = new Grid("cores");

    @BeforeEach
    void twoBusyNodes() {
        int n0 = grid.node("n0", 4);
        int n1 = grid.node("n1", 4);
        grid.busy(n0, 0, 100, 3);
        grid.busy(n0, 100, 150, 1);
        grid.busy(n1, 50, 200, 4);
    }

    @Test
    void shouldOfferTheTimesWhereAvailabilityRisesAndTheNodeStaysFreeLongEnough() {
        ResolvedRequest r = grid.request(1, 60, 0, 300, new double[] {2}, new double[] {2});
        long[] t = new StartTimeCandidates().find(grid.timetables, grid.all(), r, SearchOrder.EARLIEST);
        assertThat(t).containsExactly(100, 150, 200);
    }

    @Test
    void shouldLeaveOutIncreasesAfterTheLatestStart() {
        ResolvedRequest r = grid.request(1, 60, 0, 120, new double[] {2}, new double[] {2});
        long[] t = new StartTimeCandidates().find(grid.timetables, grid.all(), r, SearchOrder.EARLIEST);
        assertThat(t).containsExactly(100);
    }

    @Test
    void shouldIncludeTheEarliestStartWhenSomeNodeIsFreeFromIt() {
        // From t_e = 210 both nodes are free: a_ij jumps from 0 outside the window, so t_e is a candidate.
        ResolvedRequest r = grid.request(1, 60, 210, 400, new double[] {2}, new double[] {2});
        long[] t = new StartTimeCandidates().find(grid.timetables, grid.all(), r, SearchOrder.EARLIEST);
        assertThat(t).containsExactly(210);
    }

    @Test
    void shouldExcludeStartsWhoseReservationWouldRunIntoAShortPeriod() {
        // With e = 4 cores, n0 is short until 150 and n1 on [50, 200): only 150 (n0) and 200 (n1) remain.
        ResolvedRequest r = grid.request(1, 60, 0, 300, new double[] {4}, new double[] {4});
        long[] t = new StartTimeCandidates().find(grid.timetables, grid.all(), r, SearchOrder.EARLIEST);
        assertThat(t).containsExactly(150, 200);
    }

    @Test
    void shouldListLatestStartCandidatesInDescendingOrder() {
        // Latest start in [0, 80] with e = 1 core: n0 has a >= 1 everywhere, so t_l = 80 is free on n0, and so is
        // 100 - 60 = 40 (a start ending where n0's availability changes). n1 is short on [50, 200): at 80 it is
        // not free, and its only boundary in range gives 50 - 60 < t_e.
        ResolvedRequest r = grid.request(1, 60, 0, 80, new double[] {1}, new double[] {1});
        long[] t = new StartTimeCandidates().find(grid.timetables, grid.all(), r, SearchOrder.LATEST);
        assertThat(t).containsExactly(80, 40);
    }
}
