package io.coreserve.reservation;

import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * A task's accepted reservations that had not ended at the previous stream-time tick, by start, by end, by user
 * and by resource: the stream-time tick, the per-user limit and the notice of a lost resource read only what they
 * need instead of scanning every decision the task ever made. Derived state, kept by {@link ReservationStores}:
 * built from the decisions store when the task starts and told of every decision written afterwards. Entries are
 * named by their store key, so two users' requests of the same id are two entries.
 */
final class ActiveReservations {

    private final Map<String, ReservationDecision> byKey = new HashMap<>();
    private final NavigableMap<Long, Set<String>> byStart = new TreeMap<>();
    private final NavigableMap<Long, Set<String>> byEnd = new TreeMap<>();
    private final Map<String, Set<String>> byUser = new HashMap<>();
    private final Map<String, Set<String>> byResource = new HashMap<>();

    /** Follows a decision written for its request: a later one replaces what was known of the request. */
    void written(ReservationDecision decision) {
        String key = ReservationStores.requestKey(ReservationStores.refOf(decision));
        forget(key);
        if (decision.getStatus() == ReservationStatus.ACCEPTED) {
            add(key, decision);
        }
    }

    /** The user's accepted reservations that end after {@code now} (seed 003's per-user limit). */
    int activeCount(String user, long now) {
        int active = 0;
        for (String key : byUser.getOrDefault(user, Set.of())) {
            active += byKey.get(key).getEnd().toEpochMilli() > now ? 1 : 0;
        }
        return active;
    }

    /** The reservations on {@code resourceId} of {@code domain} that end after {@code after}, in key order. */
    List<ReservationDecision> holders(String domain, String resourceId, long after) {
        List<ReservationDecision> result = new ArrayList<>();
        for (String key : new TreeSet<>(byResource.getOrDefault(ReservationStores.resourceKey(domain, resourceId),
                Set.of()))) {
            ReservationDecision d = byKey.get(key);
            if (d.getEnd().toEpochMilli() > after) {
                result.add(d);
            }
        }
        return result;
    }

    /**
     * The tick from {@code since} to {@code now}: visits, in key order, each reservation that starts or ends in
     * (since, now], then forgets those that ended by {@code since} (kept one tick longer so that a record stamped a
     * little before {@code now} still counts them for its user).
     */
    void tick(long since, long now, Consumer<ReservationDecision> visitor) {
        if (now <= since) {
            // Stream time does not go back, but a group whose offsets were reset can start again from an older one:
            // nothing is due, and (since, now] would be an invalid range.
            return;
        }
        Set<String> due = new TreeSet<>();
        byStart.subMap(since, false, now, true).values().forEach(due::addAll);
        byEnd.subMap(since, false, now, true).values().forEach(due::addAll);
        for (String key : due) {
            visitor.accept(byKey.get(key));
        }
        Set<String> ended = new HashSet<>();
        byEnd.headMap(since, true).values().forEach(ended::addAll);
        ended.forEach(this::forget);
    }

    int size() {
        return byKey.size();
    }

    private void add(String key, ReservationDecision d) {
        byKey.put(key, d);
        byStart.computeIfAbsent(d.getStart().toEpochMilli(), t -> new HashSet<>()).add(key);
        byEnd.computeIfAbsent(d.getEnd().toEpochMilli(), t -> new HashSet<>()).add(key);
        byUser.computeIfAbsent(d.getUser(), u -> new HashSet<>()).add(key);
        for (String resourceId : Decisions.resourceIds(d)) {
            byResource.computeIfAbsent(ReservationStores.resourceKey(d.getDomain(), resourceId),
                    r -> new HashSet<>()).add(key);
        }
    }

    private void forget(String key) {
        ReservationDecision previous = byKey.remove(key);
        if (previous != null) {
            unlink(byStart, previous.getStart().toEpochMilli(), key);
            unlink(byEnd, previous.getEnd().toEpochMilli(), key);
            unlink(byUser, previous.getUser(), key);
            for (String resourceId : Decisions.resourceIds(previous)) {
                unlink(byResource, ReservationStores.resourceKey(previous.getDomain(), resourceId), key);
            }
        }
    }

    private static <K> void unlink(Map<K, Set<String>> index, K key, String id) {
        index.computeIfPresent(key, (k, ids) -> ids.remove(id) && ids.isEmpty() ? null : ids);
    }
}
