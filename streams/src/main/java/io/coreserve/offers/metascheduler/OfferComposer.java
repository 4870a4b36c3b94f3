package io.coreserve.offers.metascheduler;

import io.coreserve.offers.agent.Offer;
import io.coreserve.offers.agent.Slot;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Algorithm 2 of seed 001, lines 1-18, as a pure function from offers to the slots to reserve.
 *
 * <p>All slots of all offers are sorted by finish time (start + D) and taken in that order until the
 * job's P processors are covered. Where the paper is vague we chose, and every policy that composes
 * slots (COARP and SCOAL) uses the same choices:
 * <ul>
 *   <li>ties in finish time go to the earlier start, then the lower provider number, then the lower slot
 *       number, so the result is deterministic;</li>
 *   <li>the paper adds a slot's n processors whole and so may cover more than P; we take from the last
 *       slot only the processors still needed, since reserving more would leave them idle;</li>
 *   <li>slots of one provider overlap in time (a later slot may count the same free processors as an
 *       earlier one). Once processors of an earlier slot are taken, a later overlapping slot of the same
 *       provider is counted as offering n minus the processors taken in the slots it overlaps: a lower
 *       bound on what is still free, so the reservations sent are always accepted;</li>
 *   <li>parts of one job may start at different times: seed 001 reserves each slot at its own start
 *       s (line 22) and assumes the parts do not communicate (section 5).</li>
 * </ul>
 * If the offers cannot cover P the result is empty (the failure status of lines 6-8): the job waits in the
 * metascheduler's global queue.
 */
public final class OfferComposer {

    /** The order of Algorithm 2, line 10. */
    public static final Comparator<Slot> BY_FINISH_TIME = Comparator.comparingLong(Slot::finish)
            .thenComparingLong(Slot::start)
            .thenComparingInt(Slot::provider)
            .thenComparingInt(Slot::index);

    private OfferComposer() {
    }

    public static Optional<List<SlotTake>> compose(int processors, Collection<Offer> offers) {
        if (processors <= 0) {
            throw new IllegalArgumentException("a job needs at least one processor");
        }
        List<Slot> sorted = new ArrayList<>();
        for (Offer offer : offers) {
            sorted.addAll(offer.slots());
        }
        if (sorted.isEmpty()) {
            return Optional.empty();
        }
        sorted.sort(BY_FINISH_TIME);
        List<SlotTake> best = new ArrayList<>();
        int covered = 0;
        for (Slot slot : sorted) {
            if (covered >= processors) {
                break;
            }
            int available = slot.processors() - takenOverlapping(best, slot);
            if (available <= 0) {
                continue;
            }
            int take = Math.min(available, processors - covered);
            best.add(new SlotTake(slot, take));
            covered += take;
        }
        return covered >= processors ? Optional.of(List.copyOf(best)) : Optional.empty();
    }

    private static int takenOverlapping(List<SlotTake> taken, Slot slot) {
        int sum = 0;
        for (SlotTake t : taken) {
            Slot s = t.slot();
            if (s.provider() == slot.provider() && s.start() < slot.finish() && slot.start() < s.finish()) {
                sum += t.processors();
            }
        }
        return sum;
    }
}
