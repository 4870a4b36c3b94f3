package io.coreserve.reservation;

import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * A task's accepted reservations that had not ended at the previous stream-time tick, by start, by end and by
 * user: the stream-time tick and the per-user limit read only what they need instead of scanning every decision
 * the task ever made. Derived state, like {@link DomainBooks}: built from the decisions store on first use
 * (so after a restart or a rebalance too) and told of every decision written afterwards.
 */
final class ActiveReservations {

    private final Map<String, ReservationDecision> byRequest = new HashMap<>();
    private final NavigableMap<Long, Set<String>> byStart = new TreeMap<>();
    private final NavigableMap<Long, Set<String>> byEnd = new TreeMap<>();
    private final Map<String, Set<String>> byUser = new HashMap<>();

    /** The accepted decisions of the store that end after {@code after}. */
    static ActiveReservations load(KeyValueStore<String, ReservationDecision> decisions, long after) {
        ActiveReservations index = new ActiveReservations();
        try (KeyValueIterator<String, ReservationDecision> all = decisions.all()) {
            while (all.hasNext()) {
                ReservationDecision d = all.next().value;
                if (d.getStatus() == ReservationStatus.ACCEPTED && d.getEnd().toEpochMilli() > after) {
                    index.add(d);
                }
            }
        }
        return index;
    }

    /** Follows a decision written for its request: a later one replaces what was known of the request. */
    void written(ReservationDecision decision) {
        forget(decision.getRequestId());
        if (decision.getStatus() == ReservationStatus.ACCEPTED) {
            add(decision);
        }
    }

    /** The user's accepted reservations that end after {@code now} (seed 003's per-user limit). */
    int activeCount(String user, long now) {
        int active = 0;
        for (String id : byUser.getOrDefault(user, Set.of())) {
            active += byRequest.get(id).getEnd().toEpochMilli() > now ? 1 : 0;
        }
        return active;
    }

    /**
     * The tick from {@code since} to {@code now}: visits, in request-id order, each reservation that starts or
     * ends in (since, now], then forgets those that ended by {@code since} (kept one tick longer so that a record
     * stamped a little before {@code now} still counts them for its user).
     */
    void tick(long since, long now, Consumer<ReservationDecision> visitor) {
        Set<String> due = new TreeSet<>();
        byStart.subMap(since, false, now, true).values().forEach(due::addAll);
        byEnd.subMap(since, false, now, true).values().forEach(due::addAll);
        for (String id : due) {
            visitor.accept(byRequest.get(id));
        }
        Set<String> ended = new HashSet<>();
        byEnd.headMap(since, true).values().forEach(ended::addAll);
        ended.forEach(this::forget);
    }

    int size() {
        return byRequest.size();
    }

    private void add(ReservationDecision d) {
        byRequest.put(d.getRequestId(), d);
        byStart.computeIfAbsent(d.getStart().toEpochMilli(), t -> new HashSet<>()).add(d.getRequestId());
        byEnd.computeIfAbsent(d.getEnd().toEpochMilli(), t -> new HashSet<>()).add(d.getRequestId());
        byUser.computeIfAbsent(d.getUser(), u -> new HashSet<>()).add(d.getRequestId());
    }

    private void forget(String requestId) {
        ReservationDecision previous = byRequest.remove(requestId);
        if (previous != null) {
            unlink(byStart, previous.getStart().toEpochMilli(), requestId);
            unlink(byEnd, previous.getEnd().toEpochMilli(), requestId);
            unlink(byUser, previous.getUser(), requestId);
        }
    }

    private static <K> void unlink(Map<K, Set<String>> index, K key, String id) {
        index.computeIfPresent(key, (k, ids) -> ids.remove(id) && ids.isEmpty() ? null : ids);
    }
}
