package io.coreserve.offers.job;

import io.coreserve.trace.swf.TraceJob;

/**
 * How a trace job becomes a job of length L in MI. Seed 001 gives the length L in MI (section 3.1)
 * but does not say how it derived L from the SDSC Blue Horizon trace, so we choose: the trace's
 * times were measured on processors of {@code referenceMips} (by default 1000 MIPS, the slowest
 * cluster of Table 1), hence L = time x referenceMips. A job then runs exactly its trace time on
 * cluster 1 and proportionally faster on the faster clusters.
 *
 * <p>Planning uses the requested time (the user's estimate); execution uses the run time, capped at
 * the requested time. With {@code exactEstimates} both use the run time, which is the paper's own
 * model: it treats D = L / speed as known in advance.
 */
public record JobLengthModel(long referenceMips, boolean exactEstimates) {

    public static final long DEFAULT_REFERENCE_MIPS = 1000;

    public JobLengthModel {
        if (referenceMips <= 0) {
            throw new IllegalArgumentException("reference MIPS must be positive");
        }
    }

    public static JobLengthModel defaults() {
        return new JobLengthModel(DEFAULT_REFERENCE_MIPS, false);
    }

    public GridJob toGridJob(TraceJob t, long submitSeconds) {
        long actual = exactEstimates ? t.runSeconds() : Math.min(t.runSeconds(), t.requestedSeconds());
        long planned = exactEstimates ? t.runSeconds() : t.requestedSeconds();
        return new GridJob(t.id(), submitSeconds, t.processors(),
                Math.multiplyExact(planned, referenceMips), Math.multiplyExact(actual, referenceMips));
    }
}
