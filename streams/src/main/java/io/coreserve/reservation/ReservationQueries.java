package io.coreserve.reservation;

import io.coreserve.engine.allocation.Outcome;
import io.coreserve.engine.allocation.Plan;
import io.coreserve.engine.allocation.Rejection;
import io.coreserve.engine.srl.CoReservationDecision;
import io.coreserve.events.Allocation;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.events.ReservedPart;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Read-only questions about the books (this instance's tasks only): resources, a resource's timetable, reservations,
 * and a probe of what the engine would decide now. Probes and timetables read the live books of the domain's task
 * ({@link LiveBooks}: consistent between two records, possibly not yet committed); where the task is not live here
 * (restoring, or on another instance), they are answered from read-only views of the stores, the books built for
 * the call.
 */
public final class ReservationQueries {

    private final ReservationSettings settings;
    private final Function<String, ReadOnlyKeyValueStore<String, ?>> stores;
    private final LiveBooks live;

    /**
     * {@code stores} gives the read-only view of a store by name (e.g. from {@code KafkaStreams.store}); {@code live}
     * the books of the tasks running here.
     */
    ReservationQueries(ReservationSettings settings, Function<String, ReadOnlyKeyValueStore<String, ?>> stores,
            LiveBooks live) {
        this.settings = settings;
        this.stores = stores;
        this.live = live;
    }

    /** Whether {@code domain}'s questions are answered from live books on this instance. */
    public boolean isLive(String domain) {
        return live.isLive(domain == null ? settings.defaultDomain() : domain);
    }

    @SuppressWarnings("unchecked")
    private <V> ReadOnlyKeyValueStore<String, V> store(String name) {
        return (ReadOnlyKeyValueStore<String, V>) stores.apply(name);
    }

    public List<Resource> resources(String domain) {
        ReadOnlyKeyValueStore<String, Resource> catalogue = store(ReservationPipeline.CATALOGUE_STORE);
        if (domain != null) {
            return BooksLoader.scan(catalogue, domain);
        }
        List<Resource> all = new ArrayList<>();
        try (KeyValueIterator<String, Resource> it = catalogue.all()) {
            it.forEachRemaining(kv -> all.add(kv.value));
        }
        return all;
    }

    /**
     * The current decision of {@code user}'s request {@code requestId} in {@code domain} (null: the default domain).
     * Request ids are scoped by user, so there is no lookup by id alone: one user cannot read another's decisions.
     */
    public Optional<ReservationDecision> reservation(String domain, String user, String requestId) {
        ReadOnlyKeyValueStore<String, ReservationDecision> decisions = store(ReservationPipeline.RESERVATIONS_STORE);
        return Optional.ofNullable(decisions.get(ReservationStores.requestKey(
                new RequestRef(domain == null ? settings.defaultDomain() : domain, user, requestId))));
    }

    /** The user's decisions in every domain, by time of decision. */
    public List<ReservationDecision> reservationsOf(String user) {
        List<ReservationDecision> found = new ArrayList<>();
        try (KeyValueIterator<String, ReservationDecision> it = this.<ReservationDecision>store(
                ReservationPipeline.RESERVATIONS_STORE).all()) {
            it.forEachRemaining(kv -> {
                if (user.equals(kv.value.getUser())) {
                    found.add(kv.value);
                }
            });
        }
        found.sort((a, b) -> a.getDecidedAt().compareTo(b.getDecidedAt()));
        return found;
    }

    /** One entry of a timetable: what occupies a resource over [from, to). */
    public record Booking(String kind, String requestId, Instant from, Instant to, Map<String, Double> amounts) {
    }

    /** A step of T_ij(t): the total reserved per property over [from, to). */
    public record Step(Instant from, Instant to, Map<String, Double> reserved) {
    }

    public record Timetable(String resourceId, String domain, Map<String, Double> capacity, boolean down,
            List<Booking> bookings, List<Step> steps) {
    }

    /** The timetable T_ij of one resource over [from, to): reservations and measured background, and their sum. */
    public Optional<Timetable> timetable(String domain, String resourceId, Instant from, Instant to) {
        return live.read(domain, s -> liveTimetable(s, domain, resourceId, from, to))
                .orElseGet(() -> storedTimetable(domain, resourceId, from, to));
    }

    /**
     * From the live task: its index of active reservations by resource holds every accepted reservation that had
     * not ended at the last tick, which is all of them when {@code from} is not before that tick; otherwise (a
     * question about the past) the decisions are scanned as without live books.
     */
    private Optional<Timetable> liveTimetable(ReservationStores live, String domain, String resourceId, Instant from,
            Instant to) {
        Resource resource = live.resource(domain, resourceId);
        if (resource == null) {
            return Optional.empty();
        }
        Long lastTick = live.notifiedUntil();
        Iterable<ReservationDecision> accepted = lastTick == null || from.toEpochMilli() >= lastTick
                ? live.active().holders(domain, resourceId, from.toEpochMilli())
                : BooksLoader.scan(this.<ReservationDecision>store(ReservationPipeline.RESERVATIONS_STORE), domain);
        return Optional.of(timetable(resource, domain, accepted, live.backgroundOf(domain, resourceId),
                live.isDown(domain, resourceId), from, to));
    }

    private Optional<Timetable> storedTimetable(String domain, String resourceId, Instant from, Instant to) {
        Resource resource = this.<Resource>store(ReservationPipeline.CATALOGUE_STORE)
                .get(ReservationStores.resourceKey(domain, resourceId));
        if (resource == null) {
            return Optional.empty();
        }
        List<ResourceSample> background = new ArrayList<>();
        for (ResourceSample s : BooksLoader.scan(this.<ResourceSample>store(ReservationPipeline.BACKGROUND_STORE),
                domain)) {
            if (s.getResourceId().equals(resourceId)) {
                background.add(s);
            }
        }
        boolean down = this.<ResourceSample>store(ReservationPipeline.DOWN_STORE)
                .get(ReservationStores.resourceKey(domain, resourceId)) != null;
        return Optional.of(timetable(resource, domain, BooksLoader.scan(this.<ReservationDecision>store(
                ReservationPipeline.RESERVATIONS_STORE), domain), background, down, from, to));
    }

    private static Timetable timetable(Resource resource, String domain, Iterable<ReservationDecision> decisions,
            List<ResourceSample> background, boolean down, Instant from, Instant to) {
        String resourceId = resource.getId();
        List<Booking> bookings = new ArrayList<>();
        for (ReservationDecision d : decisions) {
            if (d.getStatus() == ReservationStatus.ACCEPTED && d.getStart().isBefore(to) && d.getEnd().isAfter(from)) {
                for (Allocation a : d.getAllocations()) {
                    if (a.getResourceId().equals(resourceId)) {
                        bookings.add(new Booking("reservation", d.getRequestId(), d.getStart(), d.getEnd(), a.getAmounts()));
                    }
                }
                // The parts of an SRL co-reservation, each over its own interval.
                for (ReservedPart p : d.getParts()) {
                    if (p.getResourceId().equals(resourceId) && p.getStart().isBefore(to) && p.getEnd().isAfter(from)) {
                        bookings.add(new Booking("reservation", d.getRequestId(), p.getStart(), p.getEnd(),
                                p.getAmounts()));
                    }
                }
            }
        }
        for (ResourceSample s : background) {
            if (s.getWindowStart().isBefore(to) && s.getWindowEnd().isAfter(from)) {
                bookings.add(new Booking("background", null, s.getWindowStart(), s.getWindowEnd(), s.getUsed()));
            }
        }
        return new Timetable(resourceId, domain, resource.getProperties(), down, bookings, steps(bookings, from, to));
    }

    /** Sweeps the bookings' end points into the step function of reserved amounts, clipped to [from, to). */
    static List<Step> steps(List<Booking> bookings, Instant from, Instant to) {
        TreeMap<Instant, Map<String, Double>> deltas = new TreeMap<>();
        deltas.put(from, new TreeMap<>());
        deltas.put(to, new TreeMap<>());
        for (Booking b : bookings) {
            Instant start = b.from().isBefore(from) ? from : b.from();
            Instant end = b.to().isAfter(to) ? to : b.to();
            b.amounts().forEach((p, x) -> {
                deltas.computeIfAbsent(start, t -> new TreeMap<>()).merge(p, x, Double::sum);
                deltas.computeIfAbsent(end, t -> new TreeMap<>()).merge(p, -x, Double::sum);
            });
        }
        List<Step> steps = new ArrayList<>();
        Map<String, Double> level = new TreeMap<>();
        Instant previous = null;
        for (var e : deltas.entrySet()) {
            if (previous != null && e.getKey().isAfter(previous)) {
                steps.add(new Step(previous, e.getKey(), Map.copyOf(level)));
            }
            e.getValue().forEach((p, x) -> level.merge(p, x, Double::sum));
            previous = e.getKey();
        }
        return steps;
    }

    /** A field of a request that breaks a limit of the pipeline's ({@code rule} says which, in words). */
    public record FieldProblem(String field, String rule) {
    }

    /**
     * The first field of {@code request} that the pipeline would refuse as INVALID_REQUEST (a length or entry
     * limit, control characters in an id), so that a probe answers what a submit would.
     */
    public Optional<FieldProblem> checkFields(CoAllocationRequest request) {
        FieldLimits.Violation v = FieldLimits.first(
                FieldLimits.required("requestId", request.getRequestId(), FieldLimits.MAX_ID),
                RequestTerms.idProblem(request.getRequestId()),
                FieldLimits.required("user", request.getUser(), FieldLimits.MAX_USER),
                FieldLimits.optional("domain", request.getDomain(), FieldLimits.MAX_DOMAIN),
                FieldLimits.optional("email", request.getEmail(), FieldLimits.MAX_EMAIL),
                FieldLimits.map("minimums", request.getMinimums()),
                FieldLimits.map("totals", request.getTotals()),
                FieldLimits.map("requirements", request.getRequirements()));
        return v == null ? Optional.empty() : Optional.of(new FieldProblem(v.field(), v.message()));
    }

    /** As {@link #checkFields(CoAllocationRequest)}, for an SRL co-reservation probe. */
    public Optional<FieldProblem> checkSrlFields(String domain, String user, String requestId, String srl) {
        FieldLimits.Violation v = FieldLimits.first(
                FieldLimits.required("requestId", requestId, FieldLimits.MAX_ID),
                FieldLimits.required("user", user, FieldLimits.MAX_USER),
                FieldLimits.optional("domain", domain, FieldLimits.MAX_DOMAIN),
                FieldLimits.text("srl", srl, CoReservationHandler.MAX_SRL_CHARS));
        return v == null ? Optional.empty() : Optional.of(new FieldProblem(v.field(), v.message()));
    }

    /**
     * What the engine would decide for {@code request} at {@code now}, booking nothing: an ACCEPTED decision with
     * the start and amounts it would book, or a REJECTED one with the reason. Runs on the live books of the domain's
     * task when it is live here (never earlier than what those books have forgotten, as a request would), else on
     * books built for the call.
     */
    public ReservationDecision probe(CoAllocationRequest request, long now) {
        String domain = request.getDomain() != null ? request.getDomain() : settings.defaultDomain();
        return live.read(domain, s -> probe(s.books(domain), request, domain,
                        Math.max(now, s.forgottenBefore()), now))
                .orElseGet(() -> probe(new BooksLoader(store(ReservationPipeline.CATALOGUE_STORE),
                        store(ReservationPipeline.RESERVATIONS_STORE), store(ReservationPipeline.BACKGROUND_STORE),
                        store(ReservationPipeline.DOWN_STORE)).load(domain, settings, now), request, domain, now, now));
    }

    private ReservationDecision probe(DomainBooks books, CoAllocationRequest request, String domain, long searchFrom,
            long now) {
        RequestTerms.Invalid invalid = RequestTerms.beforeEngine(request, now, searchFrom, settings);
        if (invalid != null) {
            return Decisions.rejected(request.getRequestId(), request.getUser(), domain, "INVALID_REQUEST",
                    invalid.field(), invalid.message() + " (probe: nothing booked)", now);
        }
        Outcome outcome = books.allocator().probe(EventMapping.toEngine(request, searchFrom));
        if (outcome instanceof Plan plan) {
            return Decisions.base(request.getRequestId(), request.getUser(), domain, ReservationStatus.ACCEPTED,
                            "would reserve " + plan.assignments().size() + " resources from "
                                    + Instant.ofEpochMilli(plan.start()) + " (probe: nothing booked)", now)
                    .setStart(Instant.ofEpochMilli(plan.start()))
                    .setEnd(Instant.ofEpochMilli(plan.end()))
                    .setAllocations(EventMapping.allocations(plan, books.properties()))
                    .setUtilisationFactor(plan.utilisation())
                    .setEstimatedUtilisationFactor(plan.utilisationEstimate())
                    .setStatistics(EventMapping.statistics(settings.algorithmName(), plan))
                    .build();
        }
        Rejection rejection = (Rejection) outcome;
        RequestTerms.Invalid invalidField = rejection.field() == null ? null : RequestTerms.of(rejection);
        return Decisions.base(request.getRequestId(), request.getUser(), domain, ReservationStatus.REJECTED,
                        (invalidField == null ? rejection.message() : invalidField.message()) + " (probe: nothing booked)",
                        now)
                .setReasonCode(rejection.reason().name())
                .setField(invalidField == null ? null : invalidField.field())
                .build();
    }

    /**
     * The answer to an SRL co-reservation probe: the decision a submit would get now (the plan, objective and solver
     * status, nothing booked), the reservation candidates per part after the cap, the parts the cap cut, and how long
     * the solver took.
     */
    public record SrlProbe(ReservationDecision decision, Map<String, Integer> candidatesPerPart,
            List<String> cappedParts, String solver, double solveMillis) {
    }

    /**
     * What the planner would decide for an SRL request at {@code now}, booking nothing (spec 002 section 7,
     * {@code POST /probe}); on the live books of the domain's task when it is live here, else on books built for the
     * call, as {@link #probe(CoAllocationRequest, long)}.
     */
    public SrlProbe probeSrl(String domain, String user, String requestId, String srl, long now) {
        String d = domain != null ? domain : settings.defaultDomain();
        RequestRef ref = new RequestRef(d, user, requestId);
        return live.read(d, s -> probeSrl(s.books(d), ref, srl, Math.max(now, s.forgottenBefore()), now))
                .orElseGet(() -> probeSrl(new BooksLoader(store(ReservationPipeline.CATALOGUE_STORE),
                        store(ReservationPipeline.RESERVATIONS_STORE), store(ReservationPipeline.BACKGROUND_STORE),
                        store(ReservationPipeline.DOWN_STORE)).load(d, settings, now), ref, srl, now, now));
    }

    private SrlProbe probeSrl(DomainBooks books, RequestRef ref, String srl, long searchFrom, long now) {
        CoReservationDecision outcome = CoReservationHandler.planner(settings).probe(srl, searchFrom,
                books.inventory());
        return new SrlProbe(CoReservationDecisions.decision(ref, outcome, now, true),
                new TreeMap<>(outcome.candidatesPerPart()), outcome.cappedParts(), outcome.solver(),
                outcome.solveNanos() / 1e6);
    }
}
