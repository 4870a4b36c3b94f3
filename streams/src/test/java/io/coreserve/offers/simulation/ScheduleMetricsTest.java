package io.coreserve.offers.simulation;

import io.coreserve.offers.grid.Cluster;
import io.coreserve.offers.grid.Grid;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ScheduleMetricsTest {

    @Test
    void shouldComputeTheMetricsOfSeed001FromOutcomes() {
        Grid grid = new Grid(List.of(new Cluster("a", 10, 1000), new Cluster("b", 10, 1000)));
        // job 1: submitted 0, runs [10, 60); job 2: submitted 20, runs [20, 110)
        List<JobOutcome> outcomes = List.of(
                new JobOutcome(1, 0, 10, 60, 4, 1, 1),
                new JobOutcome(2, 20, 20, 110, 2, 1, 1));
        // cluster a: 4 x 50 = 200 processor-seconds; b: 2 x 90 = 180, over a makespan of 110
        SimulationResult r = new SimulationResult("X", grid, outcomes, List.of(), new long[] {200, 180}, List.of(), List.of());

        ScheduleMetrics m = ScheduleMetrics.of(r);

        assertThat(m.makespanSeconds()).isEqualTo(110);
        assertThat(m.paperMakespanSeconds()).isEqualTo(50 + 90);
        assertThat(m.meanWaitSeconds()).isEqualTo(5.0);
        assertThat(m.meanResponseSeconds()).isEqualTo((60 + 90) / 2.0);
        assertThat(m.utilisation()).containsExactly(200 / 1100.0, 180 / 1100.0);
        assertThat(m.meanUtilisation()).isCloseTo(190 / 1100.0, within(1e-12));
        assertThat(m.utilisationStdDev()).isCloseTo(10 / 1100.0, within(1e-12));
    }
}
