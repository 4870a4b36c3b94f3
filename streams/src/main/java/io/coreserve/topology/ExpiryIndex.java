package io.coreserve.topology;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;

/**
 * The keys of a store by the time after which they may be deleted, in memory, so a punctuator prunes what is due
 * without scanning the store (built from one scan when the task starts). Not thread-safe: one task's.
 */
public final class ExpiryIndex {

    private final NavigableMap<Long, Set<String>> byTime = new TreeMap<>();

    /** {@code key} may go once {@code expiresAt} is passed. A key is indexed once (callers never re-add one). */
    public void add(String key, long expiresAt) {
        byTime.computeIfAbsent(expiresAt, t -> new HashSet<>()).add(key);
    }

    /** Removes and returns, sorted, the keys whose time is before {@code now}. */
    public List<String> takeBefore(long now) {
        NavigableMap<Long, Set<String>> due = byTime.headMap(now, false);
        List<String> keys = new ArrayList<>();
        due.values().forEach(keys::addAll);
        due.clear();
        keys.sort(null);
        return keys;
    }

    public int size() {
        return byTime.values().stream().mapToInt(Set::size).sum();
    }
}
