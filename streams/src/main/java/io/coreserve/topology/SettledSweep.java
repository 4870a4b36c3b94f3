package io.coreserve.topology;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Removes a store's entries that settled before a watermark (stream time minus a retention), a few at a time,
 * walking the store in key order from where the last walk stopped; the writes pay for the walks.
 *
 * <p>Why this shape: the stores it serves are keyed by request ids, not times, so no range of them holds what is
 * due; an index by time would cost a changelog record per write, and one in memory would grow as the store did. The
 * walks cost reads only: {@code 2 * every} entries per {@code every} writes, twice the rate at which the store grows,
 * so a whole round takes at most half as many writes as the store holds and the store stays under about twice what
 * the retention keeps. A walk reads and decodes each entry (measured about 20 us an entry for a reservation
 * decision), so once the owner's start-up scan ({@link #sawWholeStore}) or a whole round of walks has shown when the
 * earliest entry settles, walks wait until the watermark passes it: a store younger than the retention costs nothing.
 * Owners treat an entry past the watermark as gone before it is walked over, so what a request gets never depends
 * on where the walk is.
 *
 * <p>Not thread-safe: one task's.
 */
public final class SettledSweep<V> {

    private final KeyValueStore<String, V> store;
    private final ToLongFunction<V> settledAt;
    private final Consumer<String> alsoDelete;
    private final int every;
    /** The last key the previous walk read (null: the next walk starts at the store's first key). */
    private String cursor;
    private int written;
    /**
     * No entry settles before this (known from the start-up scan or the last whole round of walks, and from what was
     * written since): while the watermark is not past it nothing can be due. Unknown (the least long) until one of
     * those has seen the whole store.
     */
    private long nothingDueBefore = Long.MIN_VALUE;
    /** The least settling time among the entries the current round kept, and among those written since it began. */
    private long leastKept = Long.MAX_VALUE;
    private long leastWritten = Long.MAX_VALUE;
    private long read;

    /**
     * @param settledAt  when an entry stops mattering (Long.MAX_VALUE: never, e.g. not decided yet)
     * @param alsoDelete called with each removed key, for what other stores keep under it
     * @param every      writes between two walks of twice as many entries
     */
    public SettledSweep(KeyValueStore<String, V> store, ToLongFunction<V> settledAt, Consumer<String> alsoDelete,
            int every) {
        this.store = store;
        this.settledAt = settledAt;
        this.alsoDelete = alsoDelete;
        this.every = every;
    }

    /** The owner's scan of the whole store found {@code leastSettled} the earliest settling time in it. */
    public void sawWholeStore(long leastSettled) {
        nothingDueBefore = Math.min(leastSettled, leastWritten);
    }

    /** {@code value} was written: every {@code every} writes pay for a walk, unless nothing can be due yet. */
    public void written(V value, long watermark) {
        long settled = settledAt.applyAsLong(value);
        leastWritten = Math.min(leastWritten, settled);
        nothingDueBefore = Math.min(nothingDueBefore, settled);
        if (++written >= every) {
            written = 0;
            if (watermark > nothingDueBefore) {
                walk(watermark, 2 * every);
            }
        }
    }

    /** Entries read by all walks so far (tests). */
    public long entriesRead() {
        return read;
    }

    /**
     * Reads up to {@code steps} entries after the cursor and removes those that settled before {@code watermark};
     * at the store's end the next walk starts again at its first key. Returns how many it removed.
     */
    public int walk(long watermark, int steps) {
        if (watermark == Long.MIN_VALUE) {
            return 0;
        }
        List<String> due = new ArrayList<>();
        String last = null;
        int taken = 0;
        try (KeyValueIterator<String, V> it = store.range(cursor, null)) {
            while (taken < steps && it.hasNext()) {
                var kv = it.next();
                if (kv.key.equals(cursor)) {
                    continue;                   // the range starts at the last key read, inclusive
                }
                taken++;
                read++;
                last = kv.key;
                long settled = settledAt.applyAsLong(kv.value);
                if (settled < watermark) {
                    due.add(kv.key);
                } else {
                    leastKept = Math.min(leastKept, settled);
                }
            }
            cursor = it.hasNext() ? last : null;
        }
        if (cursor == null) {
            // A round went over the whole store: what it kept and what was written meanwhile is all of it.
            nothingDueBefore = Math.min(leastKept, leastWritten);
            leastKept = Long.MAX_VALUE;
            leastWritten = Long.MAX_VALUE;
        }
        // Deleted after the iterator is closed: a store's iterator need not see its own deletes consistently.
        for (String key : due) {
            store.delete(key);
            alsoDelete.accept(key);
        }
        return due.size();
    }
}
