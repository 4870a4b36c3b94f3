package io.coreserve.offers.simulation;

import io.coreserve.offers.grid.Grid;
import io.coreserve.offers.job.Allocation;

import java.util.List;

/**
 * Everything a simulation run produced.
 *
 * @param busyProcessorSeconds per cluster, processor-seconds actually used by jobs
 * @param rejectedJobIds       jobs the policy could never place on this grid (wider than it allows)
 * @param unplacedJobIds       jobs still waiting when no event was left (none for a correct policy)
 */
public record SimulationResult(String policy, Grid grid, List<JobOutcome> outcomes, List<Allocation> allocations,
                               long[] busyProcessorSeconds, List<Long> rejectedJobIds, List<Long> unplacedJobIds) {

    public SimulationResult {
        outcomes = List.copyOf(outcomes);
        allocations = List.copyOf(allocations);
        busyProcessorSeconds = busyProcessorSeconds.clone();
        rejectedJobIds = List.copyOf(rejectedJobIds);
        unplacedJobIds = List.copyOf(unplacedJobIds);
    }

    @Override
    public long[] busyProcessorSeconds() {
        return busyProcessorSeconds.clone();
    }
}
