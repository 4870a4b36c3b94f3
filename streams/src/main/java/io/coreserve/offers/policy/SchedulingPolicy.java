package io.coreserve.offers.policy;

import io.coreserve.offers.job.Allocation;
import io.coreserve.offers.job.GridJob;

import java.util.List;

/**
 * A grid scheduling policy as the simulation drives it: jobs are submitted, and after every event
 * (arrivals, completions) the policy is asked which jobs it places now. Placing a job means having
 * its reservations accepted by the provider agents.
 */
public interface SchedulingPolicy {

    String name();

    /** Whether the job could ever be placed on this grid; the simulation rejects the others at submission. */
    boolean canEverPlace(GridJob job);

    void submit(GridJob job, long now);

    /** The jobs placed at {@code now}; their parts start at {@code now} or, with advance reservations, later. */
    List<Allocation> dispatch(long now);

    /** Jobs submitted and not yet placed. */
    int waiting();
}
