package io.coreserve.reservation;

import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.CoReservationRequest;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.routing.DomainKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one owner of a task's reservation state: the changelogged stores, the scheme of their keys, and the indexes
 * over them that spare the handlers full scans. Handlers change state only through it, so a store and its indexes
 * never disagree.
 *
 * <p>Keys (parts joined by U+001F, which {@link FieldLimits} keeps out of every part):
 * <ul>
 *   <li>catalogue and down resources: domain, resource id;</li>
 *   <li>reservations (decisions) and requests: domain, user, request id ({@link RequestRef});</li>
 *   <li>background samples, and samples waiting for their resource ({@link PendingSamples}): domain, resource id,
 *       window start (20 digits, so they sort by time).</li>
 * </ul>
 * Every key starts with its domain, so a domain's entries are one prefix scan.
 *
 * <p>Indexes, in memory, built from the stores when the task starts (after a restart or a rebalance too):
 * the accepted reservations that have not ended ({@link ActiveReservations}: by start, end, user and resource), the
 * background samples by window end (for pruning), and each domain's books ({@link DomainBooks}, built on first use
 * and again after its catalogue changes).
 */
final class ReservationStores {

    private static final Logger LOG = LoggerFactory.getLogger(ReservationStores.class);

    static final String SEPARATOR = String.valueOf(DomainKey.SEPARATOR);
    private static final String CLOCK_KEY = "notified-until";

    private final ReservationSettings settings;
    private final KeyValueStore<String, Resource> catalogue;
    private final KeyValueStore<String, ReservationDecision> decisions;
    private final KeyValueStore<String, CoAllocationRequest> requests;
    private final KeyValueStore<String, CoReservationRequest> coReservations;
    private final KeyValueStore<String, ResourceSample> background;
    private final KeyValueStore<String, ResourceSample> downResources;
    private final KeyValueStore<String, Long> clock;
    private final PendingSamples pending;
    private final Map<String, DomainBooks> books = new HashMap<>();
    private long forgottenBefore = Long.MIN_VALUE;
    private final ActiveReservations active;
    private final DecisionSweep sweep;
    private final NavigableMap<Long, Set<String>> backgroundByEnd = new TreeMap<>();

    ReservationStores(ReservationSettings settings, KeyValueStore<String, Resource> catalogue,
            KeyValueStore<String, ReservationDecision> decisions, KeyValueStore<String, CoAllocationRequest> requests,
            KeyValueStore<String, ResourceSample> background, KeyValueStore<String, ResourceSample> downResources,
            KeyValueStore<String, Long> clock, KeyValueStore<String, ResourceSample> pendingSamples,
            KeyValueStore<String, CoReservationRequest> coReservations) {
        this.settings = settings;
        this.pending = new PendingSamples(pendingSamples);
        this.catalogue = catalogue;
        this.decisions = decisions;
        this.requests = requests;
        this.coReservations = coReservations;
        this.background = background;
        this.downResources = downResources;
        this.clock = clock;
        this.active = new ActiveReservations(decisions::get);
        this.sweep = new DecisionSweep(decisions, requests, coReservations);
        // The watermark the last tick before a restart set, so that what was gone then is gone now.
        Long last = notifiedUntil();
        if (last != null) {
            forgottenBefore = last - settings.retention().toMillis();
        }
        indexDecisions();
        indexBackground();
    }

    // ---- keys ----

    static String resourceKey(String domain, String resourceId) {
        return domain + SEPARATOR + resourceId;
    }

    static String requestKey(RequestRef ref) {
        return ref.domain() + SEPARATOR + ref.user() + SEPARATOR + ref.requestId();
    }

    static RequestRef refOf(ReservationDecision decision) {
        return new RequestRef(decision.getDomain(), decision.getUser(), decision.getRequestId());
    }

    static String sampleKey(ResourceSample sample) {
        return resourceKey(sample.getDomain(), sample.getResourceId()) + SEPARATOR
                + String.format("%020d", sample.getWindowStart().toEpochMilli());
    }

    /** The start of every key of {@code domain}'s entries. */
    static String domainPrefix(String domain) {
        return domain + SEPARATOR;
    }

    // ---- catalogue ----

    Resource resource(String domain, String resourceId) {
        return catalogue.get(resourceKey(domain, resourceId));
    }

    /** The domains of the catalogue. */
    java.util.Set<String> domains() {
        java.util.Set<String> domains = new HashSet<>();
        try (KeyValueIterator<String, Resource> all = catalogue.all()) {
            all.forEachRemaining(kv -> domains.add(kv.key.substring(0, kv.key.indexOf(SEPARATOR))));
        }
        return domains;
    }

    /** The background samples of one resource, by window start. */
    List<ResourceSample> backgroundOf(String domain, String resourceId) {
        List<ResourceSample> samples = new ArrayList<>();
        try (KeyValueIterator<String, ResourceSample> it = background.prefixScan(
                resourceKey(domain, resourceId) + SEPARATOR, new org.apache.kafka.common.serialization.StringSerializer())) {
            it.forEachRemaining(kv -> samples.add(kv.value));
        }
        return samples;
    }

    void putResource(Resource resource) {
        catalogue.put(resourceKey(resource.getDomain(), resource.getId()), resource);
        books.remove(resource.getDomain()); // rebuilt from the stores on the next command of the domain
    }

    boolean isDown(String domain, String resourceId) {
        return downResources.get(resourceKey(domain, resourceId)) != null;
    }

    void markDown(ResourceSample sample) {
        downResources.put(resourceKey(sample.getDomain(), sample.getResourceId()), sample);
        books.remove(sample.getDomain());
    }

    void markUp(String domain, String resourceId) {
        downResources.delete(resourceKey(domain, resourceId));
        books.remove(domain);
    }

    // ---- requests and decisions ----

    /**
     * The request's decision; none once it settled before the watermark ({@link DecisionSweep}), so a request id may
     * be used again after the history retention.
     */
    ReservationDecision decision(RequestRef ref) {
        ReservationDecision d = decisions.get(requestKey(ref));
        return d == null || DecisionSweep.settledBefore(d, forgottenBefore) ? null : d;
    }

    CoAllocationRequest request(RequestRef ref) {
        return requests.get(requestKey(ref));
    }

    void putRequest(RequestRef ref, CoAllocationRequest request) {
        requests.put(requestKey(ref), request);
    }

    /** Keeps an SRL co-reservation request (its text for the record, its e-mail address for notifications). */
    void putCoReservation(RequestRef ref, CoReservationRequest request) {
        coReservations.put(requestKey(ref), request);
    }

    /** Writes a request's decision, keeping the index of active reservations in step. */
    void record(ReservationDecision decision) {
        decisions.put(requestKey(refOf(decision)), decision);
        active.written(decision);
        sweep.recorded(decision, forgottenBefore);
    }

    /** Removes up to {@code steps} settled decisions' worth of the store now (see {@link DecisionSweep#walk}). */
    int sweepDecisions(int steps) {
        return sweep.walk(forgottenBefore, steps);
    }

    /** Entries of the decisions store the sweep has read (tests). */
    long decisionsSwept() {
        return sweep.entriesRead();
    }

    /** The e-mail address the request of {@code decision} gave, if any. */
    String emailOf(ReservationDecision decision) {
        String key = requestKey(refOf(decision));
        CoAllocationRequest r = requests.get(key);
        if (r != null) {
            return r.getEmail();
        }
        CoReservationRequest co = decision.getParts().isEmpty() ? null : coReservations.get(key);
        return co == null ? null : co.getEmail();
    }

    ActiveReservations active() {
        return active;
    }

    // ---- background occupancy ----

    /** Books {@code sample} as background, replacing a sample of the same resource and window start. */
    void putBackground(ResourceSample sample) {
        String key = sampleKey(sample);
        ResourceSample previous = background.get(key);
        background.put(key, sample);
        DomainBooks domainBooks = books.get(sample.getDomain());
        if (previous != null) {
            unindex(previous, key);
            if (domainBooks != null) {
                domainBooks.vacate(previous);
            }
        }
        backgroundByEnd.computeIfAbsent(sample.getWindowEnd().toEpochMilli(), t -> new HashSet<>()).add(key);
        if (domainBooks != null) {
            domainBooks.occupy(sample);
        }
    }

    /** The samples waiting for a resource the catalogue does not hold yet. */
    PendingSamples pending() {
        return pending;
    }

    /**
     * Deletes the background samples whose window ended before {@code before} (only those, found by the index), and
     * the samples of that age still waiting for their resource.
     */
    void pruneBackground(long before) {
        pending.prune(before);
        NavigableMap<Long, Set<String>> old = backgroundByEnd.headMap(before, false);
        for (Set<String> keys : old.values()) {
            for (String key : keys) {
                ResourceSample sample = background.delete(key);
                DomainBooks domainBooks = sample == null ? null : books.get(sample.getDomain());
                if (domainBooks != null) {
                    domainBooks.vacate(sample);
                }
            }
        }
        old.clear();
    }

    private void unindex(ResourceSample sample, String key) {
        backgroundByEnd.computeIfPresent(sample.getWindowEnd().toEpochMilli(),
                (t, keys) -> keys.remove(key) && keys.isEmpty() ? null : keys);
    }

    // ---- the stream-time clock of lifecycle notifications ----

    Long notifiedUntil() {
        return clock.get(CLOCK_KEY);
    }

    void notifiedUntil(long time) {
        clock.put(CLOCK_KEY, time);
    }

    // ---- books ----

    /**
     * The books keep what is still to come, not every reservation that ever ended: before {@code watermark} they
     * forget (the engine's searches then stay as fast on full books as on fresh ones, and the memory is given back).
     * Requests are never decided before the watermark ({@link #forgottenBefore}), so what was forgotten is never
     * seen as free.
     */
    void forgetBefore(long watermark) {
        if (watermark <= forgottenBefore) {
            return;
        }
        forgottenBefore = watermark;
        books.values().forEach(b -> b.forgetBefore(watermark));
    }

    long forgottenBefore() {
        return forgottenBefore;
    }

    DomainBooks books(String domain) {
        return books.computeIfAbsent(domain, d -> {
            long started = System.nanoTime();
            DomainBooks built = loader().load(d, settings, forgottenBefore);
            return built(d, built, started);
        });
    }

    /** Whether {@code domain}'s books are built (tests: the start builds them with its one read). */
    boolean hasBooks(String domain) {
        return books.containsKey(domain);
    }

    private BooksLoader loader() {
        return new BooksLoader(catalogue, decisions, background, downResources);
    }

    private DomainBooks built(String domain, DomainBooks built, long startedNanos) {
        built.forgetBefore(forgottenBefore);
        LOG.info("Books of domain '{}' built: {} resources in service, {} breakpoints, in {} ms", domain,
                built.catalogue().size(), built.timetables().breakpoints(),
                (System.nanoTime() - startedNanos) / 1_000_000);
        return built;
    }

    // ---- start-up ----

    /**
     * Indexes the accepted reservations that had not ended at the last tick, builds the books of the catalogue's
     * domains, and moves entries that versions before user-scoped request ids stored under the bare request id to
     * their {@link RequestRef} key: all in one read of the decisions store, which on full stores is most of a
     * start's time (decoding each decision; a separate read for the books took as long again).
     */
    private void indexDecisions() {
        long started = System.nanoTime();
        Long last = notifiedUntil();
        long after = last == null ? Long.MIN_VALUE : last;
        BooksLoader loader = loader();
        Map<String, DomainBooks.Rebuild> rebuilds = new HashMap<>();
        domains().forEach(domain -> rebuilds.put(domain, loader.rebuild(domain, settings)));
        List<String> oldKeys = new ArrayList<>();
        List<ReservationDecision> moved = new ArrayList<>();
        long leastSettled = Long.MAX_VALUE;
        try (KeyValueIterator<String, ReservationDecision> all = decisions.all()) {
            while (all.hasNext()) {
                var kv = all.next();
                ReservationDecision d = kv.value;
                leastSettled = Math.min(leastSettled, DecisionSweep.settledAt(d));
                if (d.getDomain() != null && d.getUser() != null && !kv.key.equals(requestKey(refOf(d)))) {
                    oldKeys.add(kv.key);
                    moved.add(d);
                }
                if (d.getStatus() == ReservationStatus.ACCEPTED && d.getEnd().toEpochMilli() > after) {
                    active.written(d);
                }
                DomainBooks.Rebuild rebuild = d.getDomain() == null ? null : rebuilds.get(d.getDomain());
                if (rebuild != null) {
                    BooksLoader.rebook(rebuild, d, forgottenBefore);
                }
            }
        }
        rebuilds.forEach((domain, rebuild) -> books.put(domain, built(domain, loader.finish(domain, rebuild),
                started)));
        for (int i = 0; i < oldKeys.size(); i++) {
            String newKey = requestKey(refOf(moved.get(i)));
            decisions.put(newKey, moved.get(i));
            decisions.delete(oldKeys.get(i));
            CoAllocationRequest request = requests.delete(oldKeys.get(i));
            if (request != null) {
                requests.put(newKey, request);
            }
        }
        if (!oldKeys.isEmpty()) {
            LOG.info("Moved {} decisions stored under bare request ids to domain/user/request-id keys", oldKeys.size());
        }
        sweep.sawWholeStore(leastSettled);
    }

    private void indexBackground() {
        try (KeyValueIterator<String, ResourceSample> all = background.all()) {
            all.forEachRemaining(kv -> backgroundByEnd.computeIfAbsent(kv.value.getWindowEnd().toEpochMilli(),
                    t -> new HashSet<>()).add(kv.key));
        }
    }
}
