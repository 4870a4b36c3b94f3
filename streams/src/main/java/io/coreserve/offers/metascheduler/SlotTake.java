package io.coreserve.offers.metascheduler;

import io.coreserve.offers.agent.Slot;

/** A slot chosen by the composer and how many of its processors the job takes. */
public record SlotTake(Slot slot, int processors) {

    public SlotTake {
        if (processors <= 0 || processors > slot.processors()) {
            throw new IllegalArgumentException("cannot take " + processors + " processors of " + slot);
        }
    }
}
