package io.coreserve.engine.srl;

import java.util.List;

/** Acquires every part of a plan or none (paper step 6; in the pipeline: one exactly-once transaction). */
public interface Booker {

    /** What happened when a plan was booked. */
    record Outcome(int failedPart, boolean gone) {
        public static final Outcome BOOKED = new Outcome(-1, false);

        public boolean booked() {
            return failedPart < 0;
        }
    }

    /**
     * Books all parts, or none and names the first part that could not be booked: {@code gone} when its candidate
     * alone no longer fits (someone took it), otherwise it only clashed with other parts of the same plan.
     */
    Outcome book(List<PartAllocation> plan);
}
