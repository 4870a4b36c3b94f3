package io.coreserve.offers.policy;

import io.coreserve.offers.agent.Reservation;
import io.coreserve.offers.grid.Cluster;
import io.coreserve.offers.grid.Grid;
import io.coreserve.offers.job.GridJob;
import io.coreserve.offers.simulation.GridSimulation;
import io.coreserve.offers.simulation.JobOutcome;
import io.coreserve.offers.simulation.SimulationResult;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static io.coreserve.offers.policy.Workloads.job;
import static io.coreserve.offers.policy.Workloads.oneCluster;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each policy on a workload whose schedule is worked out by hand. One cluster of 10 processors:
 * A (t=0, 6 processors, 100 s) runs first; B (t=1, 9 processors, 100 s) cannot start before A ends;
 * C (t=2, 2 processors, 50 s) would end before B could start; D (t=3, 2 processors, 500 s) would hold
 * 2 processors past t=100 and so delay B.
 */
class BaselinePoliciesTest {

    private static final List<GridJob> ABCD = List.of(
            job(1, 0, 6, 100), job(2, 1, 9, 100), job(3, 2, 2, 50), job(4, 3, 2, 500));

    private static Map<Long, Long> starts(PolicyKind kind, Grid grid, List<GridJob> jobs) {
        SimulationResult r = GridSimulation.run(grid, jobs, kind);
        return r.outcomes().stream().collect(Collectors.toMap(JobOutcome::jobId, JobOutcome::start));
    }

    @Test
    void fcfsShouldKeepSmallJobsBehindTheBlockedHeadJob() {
        assertThat(starts(PolicyKind.FCFS, oneCluster(10), ABCD))
                .containsExactlyInAnyOrderEntriesOf(Map.of(1L, 0L, 2L, 100L, 3L, 200L, 4L, 200L));
    }

    @Test
    void easyShouldBackfillASmallJobWithoutDelayingTheHeadJob() {
        // C fits in the hole before B's reservation at 100; D would delay B, so it waits for B to end
        assertThat(starts(PolicyKind.EASY, oneCluster(10), ABCD))
                .containsExactlyInAnyOrderEntriesOf(Map.of(1L, 0L, 2L, 100L, 3L, 2L, 4L, 200L));
    }

    @Test
    void easyShouldBackfillOnProcessorsTheHeadJobDoesNotNeed() {
        // B needs only 8: at t=100 all 10 are free but D's 2, which leaves B its 8, so D starts at once at t=3
        List<GridJob> jobs = List.of(job(1, 0, 6, 100), job(2, 1, 8, 100), job(3, 2, 2, 50), job(4, 3, 2, 500));
        assertThat(starts(PolicyKind.EASY, oneCluster(10), jobs))
                .containsExactlyInAnyOrderEntriesOf(Map.of(1L, 0L, 2L, 100L, 3L, 2L, 4L, 3L));
    }

    @Test
    void easyShouldPlanWithEstimatesAndUseEarlyEnds() {
        // A asks for 100 s, so B is promised t=100 and C (80 s, ends by 82) is backfilled at t=2.
        // A actually ends at 40, but C still holds 2 processors: B starts when C ends, at 82
        List<GridJob> jobs = List.of(job(1, 0, 6, 100, 40), job(2, 1, 9, 100), job(3, 2, 2, 80));
        assertThat(starts(PolicyKind.EASY, oneCluster(10), jobs))
                .containsExactlyInAnyOrderEntriesOf(Map.of(1L, 0L, 2L, 82L, 3L, 2L));
    }

    @Test
    void fpfsShouldStartEveryJobThatFitsEvenIfItDelaysTheHeadJob() {
        // C and D fit at once; B needs 9 and gets them only when D ends at 503
        assertThat(starts(PolicyKind.FPFS, oneCluster(10), ABCD))
                .containsExactlyInAnyOrderEntriesOf(Map.of(1L, 0L, 2L, 503L, 3L, 2L, 4L, 3L));
    }

    @Test
    void singleClusterPoliciesShouldPickTheClusterWhereTheJobFinishesFirst() {
        Grid grid = new Grid(List.of(new Cluster("slow", 10, 1000), new Cluster("fast", 10, 2000)));
        SimulationResult r = GridSimulation.run(grid, List.of(job(1, 0, 4, 100)), PolicyKind.FCFS);

        assertThat(r.allocations().get(0).parts()).containsExactly(new Reservation(1, 1, 0, 50, 4));
    }

    @Test
    void singleClusterPoliciesShouldRejectJobsWiderThanEveryCluster() {
        Grid grid = new Grid(List.of(new Cluster("a", 4, 1000), new Cluster("b", 4, 1000)));
        for (PolicyKind kind : List.of(PolicyKind.FCFS, PolicyKind.EASY, PolicyKind.FPFS)) {
            SimulationResult r = GridSimulation.run(grid, List.of(job(1, 0, 6, 100)), kind);
            assertThat(r.rejectedJobIds()).as(kind.name()).containsExactly(1L);
        }
    }

    @Test
    void scoalShouldSplitAJobOverTheProcessorsFreeNowFastestFirst() {
        Grid grid = new Grid(List.of(new Cluster("slow", 4, 1000), new Cluster("fast", 4, 2000)));
        SimulationResult r = GridSimulation.run(grid, List.of(job(1, 0, 6, 100)), PolicyKind.SCOAL);

        assertThat(r.allocations().get(0).parts()).containsExactly(
                new Reservation(1, 1, 0, 50, 4),
                new Reservation(0, 1, 0, 100, 2));
        assertThat(r.outcomes().get(0).finish()).isEqualTo(100);
    }

    @Test
    void scoalShouldWaitUntilEnoughProcessorsAreFreeNowAndNeverReserveAhead() {
        // B (9) waits for A; C (2) stays behind B although processors are free: SCOAL serves in order
        assertThat(starts(PolicyKind.SCOAL, oneCluster(10), ABCD))
                .containsExactlyInAnyOrderEntriesOf(Map.of(1L, 0L, 2L, 100L, 3L, 200L, 4L, 200L));
    }
}
