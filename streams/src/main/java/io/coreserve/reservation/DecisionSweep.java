package io.coreserve.reservation;

import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.CoReservationRequest;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservedPart;
import io.coreserve.topology.SettledSweep;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Removes the decisions that settled before the books' watermark ({@link ReservationStores#forgetBefore}: stream
 * time minus {@code coreserve.history.retention}), with the requests stored under the same keys, a few entries at a
 * time, walking the decisions store in key order from where the last walk stopped.
 *
 * <p>Why: without it the store kept every decision ever made, so it grew by every request (86 million a day at 1,000
 * a second), and a restart read all of it back (the changelog, then one scan to index what is active) before it
 * decided anything: after 260,000 decisions on the demo catalogue a restart after kill -9 took 70 s to build the
 * books. How the walks go and what they cost: {@link SettledSweep}. A decision past the watermark but not walked
 * over yet is already treated as gone ({@link #settledBefore}), so what a request gets never depends on where the
 * walk is.
 */
final class DecisionSweep {

    /** Decisions recorded between two walks. */
    static final int EVERY = 256;
    /** Entries a walk reads: twice the writes that paid for it. */
    static final int STEPS = 2 * EVERY;

    private final SettledSweep<ReservationDecision> sweep;

    DecisionSweep(KeyValueStore<String, ReservationDecision> decisions,
            KeyValueStore<String, CoAllocationRequest> requests,
            KeyValueStore<String, CoReservationRequest> coReservations) {
        // A request is looked up first because a delete writes a tombstone to the changelog whether or not it held one.
        this.sweep = new SettledSweep<>(decisions, DecisionSweep::settledAt, key -> {
            if (requests.get(key) != null) {
                requests.delete(key);
            }
            if (coReservations.get(key) != null) {
                coReservations.delete(key);
            }
        }, EVERY);
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

    /** Whether {@code d} settled before {@code watermark}: gone for every handler, swept or not. */
    static boolean settledBefore(ReservationDecision d, long watermark) {
        return settledAt(d) < watermark;
    }

    /** The task's start-up scan found {@code leastSettled} the earliest settling time in the store. */
    void sawWholeStore(long leastSettled) {
        sweep.sawWholeStore(leastSettled);
    }

    /** {@code decision} was recorded: every {@link #EVERY} of them pay for a walk of {@link #STEPS} entries. */
    void recorded(ReservationDecision decision, long watermark) {
        sweep.written(decision, watermark);
    }

    /** See {@link SettledSweep#walk}. */
    int walk(long watermark, int steps) {
        return sweep.walk(watermark, steps);
    }

    long entriesRead() {
        return sweep.entriesRead();
    }
}
