package io.coreserve.engine.exact;

/** A count of search-tree nodes a search may still visit. */
final class Budget {

    private long remaining;
    private long used;
    private boolean exhausted;

    Budget(long nodes) {
        this.remaining = nodes;
    }

    /** Takes one node; false (and exhausted from then on) when none is left. */
    boolean take() {
        used++;
        if (--remaining < 0) {
            exhausted = true;
            return false;
        }
        return true;
    }

    boolean exhausted() {
        return exhausted;
    }

    long used() {
        return used;
    }
}
