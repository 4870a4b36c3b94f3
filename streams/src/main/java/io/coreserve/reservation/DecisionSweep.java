package io.coreserve.reservation;

import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.CoReservationRequest;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservedPart;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Removes the decisions that settled before the books' watermark ({@link ReservationStores#forgetBefore}: stream
 * time minus {@code coreserve.history.retention}), with the requests stored under the same keys, a few entries at a
 * time, walking the decisions store in key order from where the last walk stopped.
 *
 * <p>Why: without it the store kept every decision ever made, so it grew by every request (86 million a day at 1,000
 * a second), and a restart read all of it back (the changelog, then one scan to index what is active) before it
 * decided anything: after 260,000 decisions on the demo catalogue a restart after kill -9 took 70 s to build the
 * books. Keys are user-scoped request ids, not times, so no range of the store holds what is due; an index by time
 * would cost a changelog record per decision, and one in memory would grow as the store did. The walk costs reads
 * only: {@link #STEPS} entries per {@link #EVERY} decisions recorded, twice the rate at which the store grows, so a
 * whole walk takes at most half as many decisions as the store holds and the store stays under about twice what the
 * retention keeps. Once the start-up scan or a whole round of walks has shown when the earliest entry settles,
 * walks wait until the watermark passes it (a store younger than the retention costs nothing). A decision past the
 * watermark but not walked over yet is already treated as gone ({@link #settledBefore}), so what a request gets
 * never depends on where the walk is.
 */
final class DecisionSweep {

    /** Decisions recorded between two walks. */
    static final int EVERY = 256;
    /** Entries a walk reads: twice the writes that paid for it. */
    static final int STEPS = 2 * EVERY;

    private final KeyValueStore<String, ReservationDecision> decisions;
    private final KeyValueStore<String, CoAllocationRequest> requests;
    private final KeyValueStore<String, CoReservationRequest> coReservations;
    /** The last key the previous walk read (null: the next walk starts at the store's first key). */
    private String cursor;
    private int recorded;
    /**
     * No entry settles before this (known from the task's start-up scan or the last whole round of walks, and from
     * what was recorded since): while the watermark is not past it nothing can be due, and the walks are skipped.
     * Unknown (the least long) until one of those has seen the whole store.
     */
    private long nothingDueBefore = Long.MIN_VALUE;
    /** The least settling time among the entries the current round of walks kept, and among those recorded since. */
    private long leastKept = Long.MAX_VALUE;
    private long leastRecorded = Long.MAX_VALUE;
    /** Entries read by all walks so far (tests). */
    private long read;

    DecisionSweep(KeyValueStore<String, ReservationDecision> decisions,
            KeyValueStore<String, CoAllocationRequest> requests,
            KeyValueStore<String, CoReservationRequest> coReservations) {
        this.decisions = decisions;
        this.requests = requests;
        this.coReservations = coReservations;
    }

    /**
     * When a decision stops mattering: when it was made, and, if later, when its reservation (or its last part)
     * ends or its counter-offer expires. Until then a repeated request id gets it again, a cancellation or an
     * acceptance finds it, and the books may hold what it booked.
     */
    static long settledAt(ReservationDecision d) {
        long at = d.getDecidedAt().toEpochMilli();
        if (d.getEnd() != null) {
            at = Math.max(at, d.getEnd().toEpochMilli());
        }
        if (d.getOfferExpiresAt() != null) {
            at = Math.max(at, d.getOfferExpiresAt().toEpochMilli());
        }
        for (ReservedPart part : d.getParts()) {
            at = Math.max(at, part.getEnd().toEpochMilli());
        }
        return at;
    }

    /**
     * Every entry of the store was just read (the scan that indexes a starting task): {@code leastSettled} is the
     * earliest settling time among them, so no round of walks is needed to learn it.
     */
    void sawWholeStore(long leastSettled) {
        nothingDueBefore = Math.min(leastSettled, leastRecorded);
    }

    long entriesRead() {
        return read;
    }

    /** Whether {@code d} settled before {@code watermark}: gone for every handler, swept or not. */
    static boolean settledBefore(ReservationDecision d, long watermark) {
        return settledAt(d) < watermark;
    }

    /**
     * {@code decision} was recorded: every {@link #EVERY} of them pay for a walk of {@link #STEPS} entries, unless
     * nothing can be due yet. Why skip: a walk reads and decodes each entry (measured about 20 us an entry on this
     * project's machine, 40 us a decision), while a store younger than the retention has nothing to remove.
     */
    void recorded(ReservationDecision decision, long watermark) {
        long settled = settledAt(decision);
        leastRecorded = Math.min(leastRecorded, settled);
        nothingDueBefore = Math.min(nothingDueBefore, settled);
        if (++recorded >= EVERY) {
            recorded = 0;
            if (watermark > nothingDueBefore) {
                walk(watermark, STEPS);
            }
        }
    }

    /**
     * Reads up to {@code steps} entries after the cursor and removes those that settled before {@code watermark}
     * (with their requests); at the store's end the next walk starts again at its first key. Returns how many it
     * removed.
     */
    int walk(long watermark, int steps) {
        if (watermark == Long.MIN_VALUE) {
            return 0;
        }
        List<String> due = new ArrayList<>();
        String last = null;
        int read = 0;
        try (KeyValueIterator<String, ReservationDecision> it = decisions.range(cursor, null)) {
            while (read < steps && it.hasNext()) {
                var kv = it.next();
                if (kv.key.equals(cursor)) {
                    continue;                   // the range starts at the last key read, inclusive
                }
                read++;
                this.read++;
                last = kv.key;
                long settled = settledAt(kv.value);
                if (settled < watermark) {
                    due.add(kv.key);
                } else {
                    leastKept = Math.min(leastKept, settled);
                }
            }
            cursor = it.hasNext() ? last : null;
        }
        if (cursor == null) {
            // A round of walks went over the whole store: what it kept and what was recorded meanwhile is all of it.
            nothingDueBefore = Math.min(leastKept, leastRecorded);
            leastKept = Long.MAX_VALUE;
            leastRecorded = Long.MAX_VALUE;
        }
        // Deleted after the iterator is closed: a store's iterator need not see its own deletes consistently. A
        // request is looked up first because a delete writes a tombstone to the changelog whether or not it held one.
        for (String key : due) {
            decisions.delete(key);
            if (requests.get(key) != null) {
                requests.delete(key);
            }
            if (coReservations.get(key) != null) {
                coReservations.delete(key);
            }
        }
        return due.size();
    }
}
