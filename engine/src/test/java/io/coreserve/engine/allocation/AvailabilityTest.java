package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AvailabilityTest {

    @Test
    void shouldKeepOnlyCandidatesFreeEnoughThroughoutWithTheirMinimumAvailability() {
        Grid grid = new Grid("cores", "memory_gb");
        int n0 = grid.node("n0", 4, 8);
        int n1 = grid.node("n1", 4, 8);
        grid.busy(n0, 100, 130, 1, 2);   // inside [100, 160): T^t = (1, 2), a^t = (3, 6)
        grid.busy(n0, 140, 150, 2, 1);   // max over the window is (2, 2): a^t = (2, 6)
        grid.busy(n1, 150, 200, 3.5, 0); // n1 would have 0.5 cores < e = 1 at 150
        ResolvedRequest r = grid.request(1, 60, 0, 500, new double[] {1, 1}, new double[] {1, 1});

        Availability a = new Availability(2);
        a.fill(grid.timetables, grid.all(), r, 100);

        assertThat(a.size).isEqualTo(1);
        assertThat(a.candidate[0]).isEqualTo(0);
        assertThat(a.available(0, 0)).isEqualTo(2_000_000L);
        assertThat(a.available(0, 1)).isEqualTo(6_000_000L);
    }

    @Test
    void shouldRejectAStartTimeWhereNoNMembersReachAllTotalsAtOnceThoughEachTotalIsReachable() {
        Grid grid = new Grid("cores", "memory_gb");
        grid.node("cpu-rich", 10, 0.5);
        grid.node("memory-rich", 0.5, 10);
        // N = 1, d = (10, 10): each total is reached by some member, never both by the same one.
        ResolvedRequest r = grid.request(1, 60, 0, 500, new double[] {0.1, 0.1}, new double[] {10, 10});
        Availability a = new Availability(2);
        a.fill(grid.timetables, grid.all(), r, 100);
        assertThat(a.largestCanReach(r)).isTrue();
        assertThat(a.jointlyCanReach(r)).isFalse();

        grid.node("both", 10, 10);
        a.fill(grid.timetables, grid.all(), r, 100);
        assertThat(a.jointlyCanReach(r)).isTrue();
    }
}
