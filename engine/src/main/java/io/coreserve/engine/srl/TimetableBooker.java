package io.coreserve.engine.srl;

import java.util.List;

/**
 * Books a plan into the inventory's timetables: every part, or none. Parts are checked against the timetables as
 * they stand when booked, so a candidate that was taken since it was probed (or that clashes with three parts on
 * one resource, which the pairwise conflicts do not see) is refused and the planner re-solves (step 7).
 */
public final class TimetableBooker implements Booker {

    private final Inventory inventory;

    public TimetableBooker(Inventory inventory) {
        this.inventory = inventory;
    }

    @Override
    public Outcome book(List<PartAllocation> plan) {
        for (int i = 0; i < plan.size(); i++) {
            if (!fits(plan.get(i))) {
                for (int j = i - 1; j >= 0; j--) {
                    change(plan.get(j), false);
                }
                return new Outcome(i, !fits(plan.get(i)));
            }
            change(plan.get(i), true);
        }
        return Outcome.BOOKED;
    }

    /**
     * Books a plan again without a check: for books rebuilt from accepted decisions, which were checked when they
     * were decided (the pipeline's domain books after a restart).
     */
    public void restore(List<PartAllocation> plan) {
        plan.forEach(part -> change(part, true));
    }

    /** Releases every part of a booked plan (cancel), restoring the timetables bit for bit. */
    public void release(List<PartAllocation> plan) {
        for (int i = plan.size() - 1; i >= 0; i--) {
            change(plan.get(i), false);
        }
    }

    private boolean fits(PartAllocation part) {
        ResourcePool pool = inventory.poolFor(part.type());
        long[] amounts = amounts(pool, part);
        long[] reserved = new long[amounts.length];
        pool.timetables().maxReserved(part.resource(), part.start(), part.end(), reserved);
        for (int i = 0; i < amounts.length; i++) {
            if (pool.catalogue().capacity(part.resource(), i) - reserved[i] < amounts[i]) {
                return false;
            }
        }
        return true;
    }

    private void change(PartAllocation part, boolean reserve) {
        ResourcePool pool = inventory.poolFor(part.type());
        long[] amounts = amounts(pool, part);
        if (reserve) {
            pool.timetables().reserve(part.resource(), part.start(), part.end(), amounts);
        } else {
            pool.timetables().release(part.resource(), part.start(), part.end(), amounts);
        }
    }

    private static long[] amounts(ResourcePool pool, PartAllocation part) {
        long[] amounts = new long[pool.catalogue().properties().size()];
        part.amounts().forEach((name, amount) -> amounts[pool.catalogue().properties().indexOf(name)] =
                io.coreserve.engine.model.Quantity.toMicrosAtLeast(amount));
        return amounts;
    }
}
