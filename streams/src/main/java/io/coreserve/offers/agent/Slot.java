package io.coreserve.offers.agent;

/**
 * A free slot S<sub>(i,c,D)</sub><sup>(s,n)</sup> of seed 001 (section 3.1): on provider c, n
 * processors are free from start time s for the job's duration D there. i numbers the slots of one offer.
 */
public record Slot(int provider, int index, long start, int processors, long duration) {

    public Slot {
        if (processors <= 0 || duration <= 0) {
            throw new IllegalArgumentException("a slot needs processors and a duration");
        }
    }

    /** FinishTime = StartTime + DurationTime, the key Algorithm 2 sorts by. */
    public long finish() {
        return start + duration;
    }
}
