package io.coreserve.bench;

import io.coreserve.events.Allocation;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.ReservedPart;
import io.coreserve.events.Resource;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An independent check of what the pipeline decided, from the decisions alone (and the capacities of the
 * catalogue): no resource is ever booked beyond its capacity, and no request has more than one first decision.
 * It shares no code with the engine or its timetables on purpose, so that a bug there cannot hide itself here.
 *
 * <p>A request is named by its domain, user and id (ids are scoped by user: two users' "job-1" are two requests).
 * Rules of the replay, per request, in the order the decisions are given:
 * <ul>
 *   <li>the first decision is the request's answer; if ACCEPTED it books its allocations on [start, end), and the
 *       parts of an SRL co-reservation (seed 002) each on its own [start, end): parts that share a resource add up
 *       there like any two bookings;</li>
 *   <li>a decision equal to the request's current one is a re-send (a repeated request id): it books nothing;</li>
 *   <li>CANCELLED after ACCEPTED (same start, end and allocations) releases the booking;</li>
 *   <li>ACCEPTED, or REJECTED {@code OFFER_TAKEN}, after a COUNTER_OFFER is the answer to an acceptance;</li>
 *   <li>REJECTED {@code CANCEL_REFUSED}, {@code ACCEPT_REFUSED}, {@code OFFER_EXPIRED}, {@code UNAUTHENTICATED},
 *       {@code WRONG_KEY} refuse a command and change nothing, even as the first decision under an id (the pipeline
 *       never stores them; refusals of cancellations and acceptances come under the command's own id,
 *       {@code <requestId>#cancel} or {@code #accept});</li>
 *   <li>anything else is a second, conflicting first decision and is reported.</li>
 * </ul>
 * After every booking, the load of each of its resources and properties is swept over the endpoints of the
 * bookings that overlap it; an instant where the sum exceeds the capacity by more than a rounding tolerance
 * (one micro-unit per booking in the sum) is an over-commitment. Loads only grow at bookings, so checking each
 * booking as it arrives finds every instant at which the books were ever over-committed in this order.
 *
 * <p>Feed the decisions in processing order: for one domain (one partition of the requests topic) the order of
 * {@code decidedAt} (the event time of the command), releases as early as a real order allows within a millisecond,
 * which {@link #decisionOrder} gives.
 */
public final class DecisionsChecker {

    /** Amounts are compared in micro-units of each property, as longs. */
    private static final double SCALE = 1_000_000d;

    private static final Set<String> REFUSALS = Set.of("CANCEL_REFUSED", "ACCEPT_REFUSED", "OFFER_EXPIRED",
            "UNAUTHENTICATED", "WRONG_KEY");

    /** A request: its id is unique only among its user's requests of its domain. */
    public record RequestKey(String domain, String user, String requestId) {
        static RequestKey of(ReservationDecision d) {
            return new RequestKey(d.getDomain(), d.getUser(), d.getRequestId());
        }

        @Override
        public String toString() {
            return domain + "/" + user + "/" + requestId;
        }
    }

    /** A resource of a domain. */
    public record ResourceKey(String domain, String resourceId) {
        @Override
        public String toString() {
            return domain + "/" + resourceId;
        }
    }

    /** An instant at which the booked amount of a property of a resource exceeds its capacity. */
    public record OverCommitment(ResourceKey resource, String property, Instant at, double booked, double capacity,
            List<String> requestIds) {
        @Override
        public String toString() {
            return String.format("%s %s at %s: booked %.6f > capacity %.6f by %s", resource, property, at, booked,
                    capacity, requestIds);
        }
    }

    /** A decision that is neither a re-send nor an allowed follow-up of the request's current decision. */
    public record Conflict(RequestKey requestId, ReservationDecision current, ReservationDecision conflicting) {
        @Override
        public String toString() {
            return requestId + ": " + current.getStatus() + " then " + conflicting.getStatus() + " "
                    + conflicting.getReasonCode() + " (" + conflicting.getMessage() + ")";
        }
    }

    /** What the replay found. */
    public record Report(int decisions, int requests, Map<ReservationStatus, Integer> firstDecisions, int resends,
            int refusals, int bookings, int releases, int activeBookings, List<OverCommitment> overCommitments,
            List<Conflict> conflicts, List<String> unknownResources) {

        public boolean ok() {
            return overCommitments.isEmpty() && conflicts.isEmpty() && unknownResources.isEmpty();
        }

        public String summary() {
            return String.format("%d decisions for %d requests %s, %d re-sends, %d refusals, %d bookings, %d releases, "
                            + "%d active; %d over-commitments, %d conflicting decisions, %d unknown resources%s%s%s",
                    decisions, requests, firstDecisions, resends, refusals, bookings, releases, activeBookings,
                    overCommitments.size(), conflicts.size(), unknownResources.size(),
                    overCommitments.isEmpty() ? "" : "\n  over-committed: " + overCommitments.subList(0,
                            Math.min(10, overCommitments.size())),
                    conflicts.isEmpty() ? "" : "\n  conflicts: " + conflicts.subList(0, Math.min(10, conflicts.size())),
                    unknownResources.isEmpty() ? "" : "\n  unknown: " + unknownResources.subList(0,
                            Math.min(10, unknownResources.size())));
        }
    }

    private record Booking(RequestKey request, long start, long end, long amount) {
    }

    /** What a decision holds on one resource over one interval: an allocation, or a part of a co-reservation. */
    private record Held(String resourceId, long start, long end, Map<String, Double> amounts) {
    }

    private static List<Held> held(ReservationDecision d) {
        List<Held> result = new ArrayList<>();
        for (Allocation a : d.getAllocations()) {
            result.add(new Held(a.getResourceId(), d.getStart().toEpochMilli(), d.getEnd().toEpochMilli(),
                    a.getAmounts()));
        }
        for (ReservedPart p : d.getParts()) {
            result.add(new Held(p.getResourceId(), p.getStart().toEpochMilli(), p.getEnd().toEpochMilli(),
                    p.getAmounts()));
        }
        return result;
    }

    private final Map<ResourceKey, Map<String, Long>> capacities;
    private final Map<RequestKey, ReservationDecision> current = new HashMap<>();
    private final Map<ResourceKey, Map<String, List<Booking>>> books = new HashMap<>();
    private final Map<ReservationStatus, Integer> firstDecisions = new LinkedHashMap<>();
    private final List<OverCommitment> overCommitments = new ArrayList<>();
    private final List<Conflict> conflicts = new ArrayList<>();
    private final List<String> unknownResources = new ArrayList<>();
    private int decisions;
    private int resends;
    private int refusals;
    private int bookings;
    private int releases;

    /** @param capacities capacity of each property of each resource, in the property's units */
    public DecisionsChecker(Map<ResourceKey, Map<String, Double>> capacities) {
        this.capacities = new HashMap<>();
        capacities.forEach((resource, props) -> {
            Map<String, Long> micros = new HashMap<>();
            props.forEach((name, value) -> micros.put(name, Math.round(value * SCALE)));
            this.capacities.put(resource, micros);
        });
    }

    /** Capacities from catalogue records; a later record of a resource replaces an earlier one. */
    public static Map<ResourceKey, Map<String, Double>> capacitiesOf(Iterable<Resource> catalogue) {
        Map<ResourceKey, Map<String, Double>> result = new HashMap<>();
        for (Resource r : catalogue) {
            result.put(new ResourceKey(r.getDomain(), r.getId()), Map.copyOf(r.getProperties()));
        }
        return result;
    }

    /**
     * Checks {@code decisions}, given in the order read from the decisions topic (so the decisions of one request,
     * which share a partition, are in processing order); they are replayed in {@link #decisionOrder} order.
     */
    public static Report check(Iterable<Resource> catalogue, List<ReservationDecision> decisions) {
        DecisionsChecker checker = new DecisionsChecker(capacitiesOf(catalogue));
        decisionOrder(decisions).forEach(checker::accept);
        return checker.report();
    }

    /**
     * By {@code decidedAt} (the event time of the command decided). Within one millisecond the decisions' real order
     * is not known across partitions of the decisions topic, only per request (one request's decisions share a
     * partition); so each release is put at the earliest position a real order allows: right after its own
     * request's decision in that millisecond if there is one (and that pair before the other decisions of the
     * millisecond), else before everything else of that millisecond.
     * Moving a release earlier never adds load, so this reports an over-commitment only when no order of the
     * millisecond explains the bookings.
     */
    public static List<ReservationDecision> decisionOrder(List<ReservationDecision> decisions) {
        List<ReservationDecision> byTime = new ArrayList<>(decisions);
        byTime.sort(Comparator.comparing(ReservationDecision::getDecidedAt)); // stable: keeps per-request order
        List<ReservationDecision> result = new ArrayList<>(byTime.size());
        int i = 0;
        while (i < byTime.size()) {
            int j = i;
            while (j < byTime.size() && byTime.get(j).getDecidedAt().equals(byTime.get(i).getDecidedAt())) {
                j++;
            }
            List<ReservationDecision> releasesFirst = new ArrayList<>();
            List<List<ReservationDecision>> others = new ArrayList<>(); // each: a decision, then releases after it
            java.util.Map<RequestKey, List<ReservationDecision>> lastOfRequest = new java.util.HashMap<>();
            for (ReservationDecision d : byTime.subList(i, j)) {
                List<ReservationDecision> anchor = lastOfRequest.get(RequestKey.of(d));
                if (d.getStatus() == ReservationStatus.CANCELLED) {
                    (anchor == null ? releasesFirst : anchor).add(d);
                    continue;
                }
                List<ReservationDecision> slot = new ArrayList<>(List.of(d));
                others.add(slot);
                lastOfRequest.put(RequestKey.of(d), slot);
            }
            result.addAll(releasesFirst);
            // A request booked and released within the millisecond goes first too: its pair adds no load after it,
            // and across partitions nothing says the others of that millisecond came before it.
            others.stream().filter(slot -> slot.size() > 1).forEach(result::addAll);
            others.stream().filter(slot -> slot.size() == 1).forEach(result::addAll);
            i = j;
        }
        return result;
    }

    /** Replays one decision. */
    public void accept(ReservationDecision d) {
        decisions++;
        if (d.getStatus() == ReservationStatus.REJECTED && REFUSALS.contains(d.getReasonCode())) {
            refusals++;
            return;
        }
        RequestKey id = RequestKey.of(d);
        ReservationDecision now = current.get(id);
        if (now == null) {
            current.put(id, d);
            firstDecisions.merge(d.getStatus(), 1, Integer::sum);
            if (d.getStatus() == ReservationStatus.ACCEPTED) {
                book(d);
            }
            return;
        }
        if (now.equals(d)) {
            resends++;
            return;
        }
        ReservationStatus from = now.getStatus();
        ReservationStatus to = d.getStatus();
        if (from == ReservationStatus.ACCEPTED && to == ReservationStatus.CANCELLED && sameBooking(now, d)) {
            release(now);
            current.put(id, d);
            return;
        }
        if (from == ReservationStatus.COUNTER_OFFER && to == ReservationStatus.ACCEPTED) {
            current.put(id, d);
            book(d);
            return;
        }
        if (from == ReservationStatus.COUNTER_OFFER && to == ReservationStatus.REJECTED
                && "OFFER_TAKEN".equals(d.getReasonCode())) {
            current.put(id, d);
            return;
        }
        conflicts.add(new Conflict(id, now, d));
    }

    public Report report() {
        int active = (int) current.values().stream().filter(d -> d.getStatus() == ReservationStatus.ACCEPTED).count();
        return new Report(decisions, current.size(), Map.copyOf(firstDecisions), resends, refusals, bookings, releases,
                active,
                List.copyOf(overCommitments), List.copyOf(conflicts), List.copyOf(unknownResources));
    }

    private static boolean sameBooking(ReservationDecision a, ReservationDecision b) {
        return a.getStart().equals(b.getStart()) && a.getEnd().equals(b.getEnd())
                && a.getAllocations().equals(b.getAllocations()) && a.getParts().equals(b.getParts());
    }

    private void book(ReservationDecision d) {
        bookings++;
        for (Held a : held(d)) {
            long start = a.start();
            long end = a.end();
            ResourceKey key = new ResourceKey(d.getDomain(), a.resourceId());
            Map<String, Long> capacity = capacities.get(key);
            if (capacity == null) {
                unknownResources.add(key + " (request " + d.getRequestId() + ")");
                continue;
            }
            Map<String, List<Booking>> byProperty = books.computeIfAbsent(key, k -> new HashMap<>());
            for (Map.Entry<String, Double> amount : a.amounts().entrySet()) {
                long micros = Math.round(amount.getValue() * SCALE);
                if (micros == 0) {
                    continue;
                }
                List<Booking> list = byProperty.computeIfAbsent(amount.getKey(), k -> new ArrayList<>());
                list.add(new Booking(RequestKey.of(d), start, end, micros));
                Long cap = capacity.get(amount.getKey());
                sweep(key, amount.getKey(), cap == null ? 0 : cap, list, start, end);
            }
        }
    }

    private void release(ReservationDecision d) {
        releases++;
        for (Held a : held(d)) {
            Map<String, List<Booking>> byProperty = books.get(new ResourceKey(d.getDomain(), a.resourceId()));
            if (byProperty == null) {
                continue;
            }
            RequestKey id = RequestKey.of(d);
            byProperty.values().forEach(list -> list.removeIf(b -> b.request().equals(id)));
        }
    }

    /**
     * The largest load within [from, to) of the bookings in {@code list}: a sweep over their endpoints, ends
     * before starts at the same instant (intervals are half-open). Reports the first instant above capacity.
     */
    private void sweep(ResourceKey resource, String property, long capacity, List<Booking> list, long from, long to) {
        List<long[]> events = new ArrayList<>(); // {time, delta, index}
        for (int i = 0; i < list.size(); i++) {
            Booking b = list.get(i);
            if (b.start() < to && b.end() > from) {
                events.add(new long[] {Math.max(b.start(), from), b.amount(), i});
                events.add(new long[] {Math.min(b.end(), to), -b.amount(), i});
            }
        }
        events.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
        long load = 0;
        int count = 0;
        List<Integer> active = new ArrayList<>();
        for (long[] e : events) {
            load += e[1];
            if (e[1] > 0) {
                count++;
                active.add((int) e[2]);
            } else {
                count--;
                active.remove(Integer.valueOf((int) e[2]));
            }
            if (e[1] > 0 && load > capacity + count) {
                overCommitments.add(new OverCommitment(resource, property, Instant.ofEpochMilli(e[0]), load / SCALE,
                        capacity / SCALE, active.stream().map(i -> list.get(i).request().requestId()).toList()));
                return;
            }
        }
    }
}
