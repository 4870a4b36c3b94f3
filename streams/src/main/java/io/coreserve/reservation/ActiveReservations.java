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
import java.util.function.Function;

/**
 * A task's accepted reservations that had not ended at the previous stream-time tick, by start, by end, by user
 * and by resource: the stream-time tick, the per-user limit and the notice of a lost resource read only what they
 * need instead of scanning every decision the task ever made. Derived state, kept by {@link ReservationStores}:
 * built from the decisions store when the task starts and told of every decision written afterwards. Entries are
 * named by their store key, so two users' requests of the same id are two entries.
 *
 * <p>Each entry keeps only its interval, user, request id and resources; the decision itself is read from the
 * decisions store (by the entry's key) when a tick or a caller needs it. Why: on books filled with 200,000 active
 * reservations, holding their decisions (allocations with amount maps, statistics) was about 1.3 GB of the app's
 * 1.9 GB live heap, which the collector marked again every 45 seconds at a thousand decisions a second.
 */
final class ActiveReservations {

    /**
     * What the index needs of an accepted reservation (its resources as resource keys); its decision is in the store
     * under the same key.
     */
    record Entry(String key, String requestId, String user, long start, long end, String[] resources) {
    }

    private final Function<String, ReservationDecision> decisions;
    private final Map<String, Entry> byKey = new HashMap<>();
    private final NavigableMap<Long, Set<String>> byStart = new TreeMap<>();
    private final NavigableMap<Long, Set<String>> byEnd = new TreeMap<>();
    private final Map<String, Set<String>> byUser = new HashMap<>();
    private final Map<String, Set<String>> byResource = new HashMap<>();
    /**
     * One string per resource key and per user, shared by the entries (a domain has few of either), held while some
     * entry has it: a user or resource with no active reservation left is dropped ({@link #unlinkShared}), so this
     * grows with what is active, not with every user a task has ever seen.
     */
    private final Map<String, String> shared = new HashMap<>();

    /** {@code decisions}: the decision written under a store key (every indexed key has one). */
    ActiveReservations(Function<String, ReservationDecision> decisions) {
        this.decisions = decisions;
    }

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
            active += byKey.get(key).end() > now ? 1 : 0;
        }
        return active;
    }

    /** The reservations on {@code resourceId} of {@code domain} that end after {@code after}, in key order. */
    List<ReservationDecision> holders(String domain, String resourceId, long after) {
        List<ReservationDecision> result = new ArrayList<>();
        for (Entry e : holding(domain, resourceId, after)) {
            result.add(decision(e.key()));
        }
        return result;
    }

    /** As {@link #holders}, the index's entries only (no decision read from the store). */
    List<Entry> holding(String domain, String resourceId, long after) {
        List<Entry> result = new ArrayList<>();
        for (String key : new TreeSet<>(byResource.getOrDefault(ReservationStores.resourceKey(domain, resourceId),
                Set.of()))) {
            Entry e = byKey.get(key);
            if (e.end() > after) {
                result.add(e);
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
            visitor.accept(decision(key));
        }
        Set<String> ended = new HashSet<>();
        byEnd.headMap(since, true).values().forEach(ended::addAll);
        ended.forEach(this::forget);
    }

    int size() {
        return byKey.size();
    }

    private ReservationDecision decision(String key) {
        ReservationDecision d = decisions.apply(key);
        if (d == null) {
            throw new IllegalStateException("no decision stored under the active reservation " + key);
        }
        return d;
    }

    private void add(String key, ReservationDecision d) {
        List<String> ids = Decisions.resourceIds(d);
        String[] resources = new String[ids.size()];
        for (int i = 0; i < resources.length; i++) {
            resources[i] = share(ReservationStores.resourceKey(d.getDomain(), ids.get(i)));
        }
        Entry e = new Entry(key, d.getRequestId(), share(d.getUser()), d.getStart().toEpochMilli(),
                d.getEnd().toEpochMilli(), resources);
        byKey.put(key, e);
        byStart.computeIfAbsent(e.start(), t -> new HashSet<>()).add(key);
        byEnd.computeIfAbsent(e.end(), t -> new HashSet<>()).add(key);
        byUser.computeIfAbsent(e.user(), u -> new HashSet<>()).add(key);
        for (String resource : resources) {
            byResource.computeIfAbsent(resource, r -> new HashSet<>()).add(key);
        }
    }

    private String share(String s) {
        String known = shared.putIfAbsent(s, s);
        return known == null ? s : known;
    }

    private void forget(String key) {
        Entry previous = byKey.remove(key);
        if (previous != null) {
            unlink(byStart, previous.start(), key);
            unlink(byEnd, previous.end(), key);
            unlinkShared(byUser, previous.user(), key);
            for (String resource : previous.resources()) {
                unlinkShared(byResource, resource, key);
            }
        }
    }

    private static <K> void unlink(Map<K, Set<String>> index, K key, String id) {
        index.computeIfPresent(key, (k, ids) -> ids.remove(id) && ids.isEmpty() ? null : ids);
    }

    /** As {@link #unlink}; the shared string goes too once no entry is indexed under it. */
    private void unlinkShared(Map<String, Set<String>> index, String key, String id) {
        unlink(index, key, id);
        if (!byUser.containsKey(key) && !byResource.containsKey(key)) {
            shared.remove(key);
        }
    }

    /** Strings shared now (for tests). */
    int sharedStrings() {
        return shared.size();
    }
}
