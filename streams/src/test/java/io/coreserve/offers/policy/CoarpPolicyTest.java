package io.coreserve.offers.policy;

import io.coreserve.offers.agent.Reservation;
import io.coreserve.offers.grid.Cluster;
import io.coreserve.offers.grid.Grid;
import io.coreserve.offers.job.GridJob;
import io.coreserve.offers.simulation.GridSimulation;
import io.coreserve.offers.simulation.SimulationResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.coreserve.offers.policy.Workloads.job;
import static io.coreserve.offers.policy.Workloads.oneCluster;
import static org.assertj.core.api.Assertions.assertThat;

class CoarpPolicyTest {

    @Test
    void shouldReserveAJobAtItsArrivalEvenWhenItStartsLater() {
        // A holds all 10 processors until 100; B arrives at 1 and is reserved at once for [100, 150)
        SimulationResult r = GridSimulation.run(oneCluster(10),
                List.of(job(1, 0, 10, 100), job(2, 1, 10, 50)), PolicyKind.COARP);

        assertThat(r.allocations().get(1).parts()).containsExactly(new Reservation(0, 2, 100, 150, 10));
    }

    @Test
    void shouldSplitAJobIntoSlotsThatStartAtDifferentTimesAsAlgorithmTwoDoes() {
        // A takes 6 of 10 until 100. B (9 processors, 100 s) is offered the slot (s=1, n=4, ends 101) and
        // (s=100, n=10, ends 200); by finish time it takes 4 at t=1 and the 5 still needed at t=100
        SimulationResult r = GridSimulation.run(oneCluster(10),
                List.of(job(1, 0, 6, 100), job(2, 1, 9, 100)), PolicyKind.COARP);

        assertThat(r.allocations().get(1).parts()).containsExactly(
                new Reservation(0, 2, 1, 101, 4),
                new Reservation(0, 2, 100, 200, 5));
        assertThat(r.outcomes().get(1).start()).isEqualTo(1);
        assertThat(r.outcomes().get(1).finish()).isEqualTo(200);
    }

    @Test
    void shouldCoAllocateAcrossClustersByFinishTime() {
        // 100 s at 1000 MIPS; 50 s at 2000 MIPS. The fast cluster is busy until 30 with 2 of its 4 processors.
        Grid grid = new Grid(List.of(new Cluster("slow", 4, 1000), new Cluster("fast", 4, 2000)));
        List<GridJob> jobs = List.of(
                new GridJob(1, 0, 2, 60_000, 60_000),   // 30 s on the fast cluster
                job(2, 0, 6, 100));
        SimulationResult r = GridSimulation.run(grid, jobs, PolicyKind.COARP);

        // offers for job 2: fast (s=0, n=2, ends 50), fast (s=30, n=4, ends 80), slow (s=0, n=4, ends 100)
        assertThat(r.allocations().get(1).parts()).containsExactly(
                new Reservation(1, 2, 0, 50, 2),
                new Reservation(1, 2, 30, 80, 2),
                new Reservation(0, 2, 0, 100, 2));
        assertThat(r.outcomes().get(1).clusters()).isEqualTo(2);
    }

    @Test
    void shouldRunAJobWiderThanAnyClusterThatSingleClusterPoliciesReject() {
        Grid grid = new Grid(List.of(new Cluster("a", 4, 1000), new Cluster("b", 4, 1000)));
        SimulationResult r = GridSimulation.run(grid, List.of(job(1, 0, 8, 10)), PolicyKind.COARP);

        assertThat(r.rejectedJobIds()).isEmpty();
        assertThat(r.outcomes()).singleElement().satisfies(o -> {
            assertThat(o.start()).isZero();
            assertThat(o.clusters()).isEqualTo(2);
        });
    }

    @Test
    void shouldKeepTheOtherReservationsWhenAJobEndsEarly() {
        // A reserves [0,100) but ends at 20; B was already reserved for [100,150) and stays there;
        // C arrives at 30 and gets the freed processors at once
        SimulationResult r = GridSimulation.run(oneCluster(10),
                List.of(job(1, 0, 10, 100, 20), job(2, 1, 10, 50), job(3, 30, 10, 40)), PolicyKind.COARP);

        assertThat(r.outcomes()).extracting(o -> o.jobId() + "@" + o.start()).containsExactly("1@0", "2@100", "3@30");
    }
}
