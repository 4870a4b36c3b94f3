package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FailedStartTest {

    @Test
    void shouldSkipOnlyAStartTimeWhoseFreeMembersAreNoneNewAndNoneMoreAvailable() {
        Grid grid = new Grid("cores", "memory_gb");
        int n0 = grid.node("n0", 4, 8);
        int n1 = grid.node("n1", 4, 8);
        grid.node("n2", 4, 8);
        grid.busy(n0, 200, 300, 1, 0);    // n0 less available in [200, 300)
        grid.busy(n1, 0, 100, 3.5, 0);    // n1 free only in [100, 200)
        grid.busy(n1, 200, 500, 3.5, 0);
        ResolvedRequest r = grid.request(2, 50, 0, 500, new double[] {1, 1}, new double[] {20, 20});
        Availability a = new Availability(2);
        FailedStart failed = new FailedStart();
        assertThat(failed.dominates(fill(a, grid, r, 0))).as("nothing recorded yet").isFalse();

        failed.record(fill(a, grid, r, 0));                    // R_a = {n0, n2}
        assertThat(failed.dominates(fill(a, grid, r, 200))).as("n0 less available, no new member").isTrue();
        assertThat(failed.dominates(fill(a, grid, r, 100))).as("n1 is new").isFalse();

        failed.record(fill(a, grid, r, 200));                  // R_a = {n0, n2} with n0 at 3 cores
        assertThat(failed.dominates(fill(a, grid, r, 350))).as("n0 more available").isFalse();
    }

    private static Availability fill(Availability a, Grid grid, ResolvedRequest r, long t) {
        a.fill(grid.timetables, grid.all(), r, t);
        return a;
    }
}
