package io.coreserve.engine.timetable;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Whole timetables kept decoded, within a budget of bytes, least recently used out first. A search sweeps the same
 * few hundred timetables over days again and again (Phase III of every closest-free search), and decoding their
 * blocks was a third of a decision's time on full books; a reservation or release is applied to the decoded copy too ({@link DecodedCopy}). The encoded
 * blocks stay the books (about 10 bytes a breakpoint); the decoded copy costs 8 (1 + P) bytes a breakpoint, so the
 * budget decides how much of a large store is served decoded. Not thread-safe, like the store it belongs to.
 */
final class DecodedCache {

    /** Sweeps over at least this many blocks decode a whole timetable and keep it (the default). */
    static final int SWEEP_BLOCKS = 8;

    private final long maxBytes;
    private final int sweepBlocks;
    private long bytes;
    private final LinkedHashMap<Timetable, Long> held = new LinkedHashMap<>(64, 0.75f, true);

    /**
     * @param sweepBlocks a sweep over at least this many blocks makes a decoded copy; a shorter one (a request's own
     *                    window) only uses one that is there, since every booking drops the copies it changes
     */
    DecodedCache(long maxBytes, int sweepBlocks) {
        this.maxBytes = maxBytes;
        this.sweepBlocks = sweepBlocks;
    }

    int sweepBlocks() {
        return sweepBlocks;
    }

    /** Makes room for {@code size} bytes of {@code timetable}, evicting others; false when it cannot fit at all. */
    boolean admit(Timetable timetable, long size) {
        if (size > maxBytes) {
            return false;
        }
        evictOthers(timetable, size);
        held.put(timetable, size);
        bytes += size;
        return true;
    }

    /** Evicts the least recently used timetables other than {@code keep} until {@code more} bytes fit. */
    private void evictOthers(Timetable keep, long more) {
        Iterator<Map.Entry<Timetable, Long>> eldest = held.entrySet().iterator();
        while (bytes + more > maxBytes && eldest.hasNext()) {
            Map.Entry<Timetable, Long> e = eldest.next();
            if (e.getKey() == keep) {
                continue;
            }
            bytes -= e.getValue();
            e.getKey().dropDecoded();
            eldest.remove();
        }
    }

    /** Whether {@code size} more bytes fit without evicting anything. */
    boolean hasRoom(long size) {
        return bytes + size <= maxBytes;
    }

    /**
     * {@code timetable}'s copy (and run index) now hold {@code size} bytes. Nothing is evicted for it: a search
     * visits its candidates in the same order every time, the worst case of least-recently-used, so evicting
     * others here made copies and indexes chase each other (measured: a decision on full books several times
     * slower). A run index grows only where {@link #hasRoom} (see {@code Timetable.possibleStarts}).
     */
    void resize(Timetable timetable, long size) {
        Long before = held.put(timetable, size);
        bytes += size - (before == null ? 0 : before);
    }

    /**
     * Marks {@code timetable} as just used. Only while the budget is nearly spent: the order matters only to
     * eviction, and moving an entry in the access order at every sweep of every candidate was a measurable part of
     * a search on full books.
     */
    void touch(Timetable timetable) {
        if (bytes > maxBytes - (maxBytes >> 3)) {
            held.get(timetable);
        }
    }

    /** {@code timetable} changed: its decoded copy is gone. */
    void forget(Timetable timetable) {
        Long size = held.remove(timetable);
        if (size != null) {
            bytes -= size;
        }
    }

    long bytes() {
        return bytes;
    }

    private int disagreements;

    /** A copy disagreed with its blocks after an edit (and was dropped): a bug, counted for the tests. */
    void disagreed() {
        disagreements++;
    }

    int disagreements() {
        return disagreements;
    }
}
