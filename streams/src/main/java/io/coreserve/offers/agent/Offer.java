package io.coreserve.offers.agent;

import java.util.List;

/** Offer O<sub>c</sub> of provider c for one job: its free slots, in start order (seed 001, section 3.1). */
public record Offer(int provider, long jobId, List<Slot> slots) {

    public Offer {
        slots = List.copyOf(slots);
    }

    public boolean isEmpty() {
        return slots.isEmpty();
    }
}
