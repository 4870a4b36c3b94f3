package io.coreserve.offers.job;

/**
 * A job J<sub>L</sub><sup>P</sup> of seed 001 (section 3.1): P processors, each running L million
 * instructions (the GridSim gridlet model: the job runs L / speed seconds on a cluster of that speed).
 *
 * @param id                job identifier (the trace's job number)
 * @param submitSeconds     when the job reaches the metascheduler
 * @param processors        P
 * @param lengthMi          L used for planning: the user's estimate, what offers and reservations are sized for
 * @param actualLengthMi    the length the job actually has; never more than {@code lengthMi} (a job is
 *                          stopped at the end of what it reserved, as batch systems kill at the wall-time limit)
 */
public record GridJob(long id, long submitSeconds, int processors, long lengthMi, long actualLengthMi) {

    public GridJob {
        if (submitSeconds < 0 || processors <= 0 || lengthMi <= 0 || actualLengthMi <= 0 || actualLengthMi > lengthMi) {
            throw new IllegalArgumentException("invalid job " + id + ": submit=" + submitSeconds + " P=" + processors
                    + " L=" + lengthMi + " actual L=" + actualLengthMi);
        }
    }

    /** Seconds the job is planned to take on processors of this speed: D = L / speed, rounded up, at least 1. */
    public long plannedSeconds(long mips) {
        return seconds(lengthMi, mips);
    }

    /** Seconds the job actually runs on processors of this speed. */
    public long actualSeconds(long mips) {
        return seconds(actualLengthMi, mips);
    }

    public static long seconds(long lengthMi, long mips) {
        return Math.max(1, (lengthMi + mips - 1) / mips);
    }
}
