package io.coreserve.reservation;

import io.coreserve.events.ResourceSample;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples of resources the catalogue does not hold yet, parked until their resource arrives. A monitoring agent
 * may start before its resource is published, and the resources and samples topics are read independently, so a
 * sample reaching the task first is not bad input: it waits (in a changelogged store, so a restart keeps it) and is
 * booked when the resource arrives. Keys are those of the background store (domain, resource id, window start).
 *
 * <p>Bounded twice: at most {@code limit} samples wait per task (beyond, a sample is refused and dead-lettered,
 * so a flood of samples for made-up resources cannot grow the store without end), and a sample whose window ended
 * before the history retention is dropped with a warning, exactly as a booked sample of that age is pruned.
 */
final class PendingSamples {

    private static final Logger LOG = LoggerFactory.getLogger(PendingSamples.class);

    private final KeyValueStore<String, ResourceSample> store;
    private final NavigableMap<Long, Set<String>> byEnd = new TreeMap<>();
    private int size;

    PendingSamples(KeyValueStore<String, ResourceSample> store) {
        this.store = store;
        try (KeyValueIterator<String, ResourceSample> all = store.all()) {
            all.forEachRemaining(kv -> index(kv.key, kv.value));
        }
    }

    int size() {
        return size;
    }

    /** Parks {@code sample} (replacing one of the same resource and window start); false when {@code limit} are waiting. */
    boolean park(ResourceSample sample, int limit) {
        String key = ReservationStores.sampleKey(sample);
        ResourceSample previous = store.get(key);
        if (previous == null && size >= limit) {
            return false;
        }
        if (previous != null) {
            unindex(key, previous);
        }
        store.put(key, sample);
        index(key, sample);
        return true;
    }

    /** Takes out, in window order, the samples waiting for {@code resourceId} of {@code domain}. */
    List<ResourceSample> take(String domain, String resourceId) {
        if (size == 0) {
            return List.of();     // the usual case: no store scan for every catalogue record
        }
        List<ResourceSample> taken = new ArrayList<>();
        String prefix = ReservationStores.resourceKey(domain, resourceId) + ReservationStores.SEPARATOR;
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, ResourceSample> waiting = store.prefixScan(prefix,
                new org.apache.kafka.common.serialization.StringSerializer())) {
            waiting.forEachRemaining(kv -> {
                keys.add(kv.key);
                taken.add(kv.value);
            });
        }
        for (int k = 0; k < keys.size(); k++) {
            store.delete(keys.get(k));
            unindex(keys.get(k), taken.get(k));
        }
        return taken;
    }

    /** Drops the samples whose window ended before {@code before}: their resource never came in time. */
    void prune(long before) {
        NavigableMap<Long, Set<String>> old = byEnd.headMap(before, false);
        int dropped = 0;
        for (Set<String> keys : old.values()) {
            for (String key : keys) {
                if (store.delete(key) != null) {
                    dropped++;
                }
            }
        }
        size -= dropped;
        old.clear();
        if (dropped > 0) {
            LOG.warn("Dropped {} samples whose resource was never published before their window passed the history"
                    + " retention; {} still wait for theirs", dropped, size);
        }
    }

    private void index(String key, ResourceSample sample) {
        byEnd.computeIfAbsent(sample.getWindowEnd().toEpochMilli(), t -> new HashSet<>()).add(key);
        size++;
    }

    private void unindex(String key, ResourceSample sample) {
        byEnd.computeIfPresent(sample.getWindowEnd().toEpochMilli(),
                (t, keys) -> keys.remove(key) && keys.isEmpty() ? null : keys);
        size--;
    }
}
