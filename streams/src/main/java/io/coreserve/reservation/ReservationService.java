package io.coreserve.reservation;

import io.coreserve.engine.allocation.ClosestFreeIntervals;
import io.coreserve.engine.allocation.Outcome;
import io.coreserve.topology.DomainEventHandler.Output;
import io.coreserve.engine.allocation.Plan;
import io.coreserve.engine.allocation.Rejection;
import io.coreserve.engine.allocation.RejectionReason;
import io.coreserve.engine.model.Request;
import io.coreserve.events.AcceptCounterOffer;
import io.coreserve.events.CancelRequest;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.IntervalPosition;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.events.SuggestedInterval;
import io.coreserve.topology.DomainEventHandler;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The reservation service of one stream task. Business rules:
 * <ul>
 *   <li>every request gets exactly one decision; a request id seen before gets its earlier decision again and
 *       books nothing (seed 000's algorithm decides; the booked amounts are the Phase VI split);</li>
 *   <li>when no admissible set exists in the requested window, the answer is a counter-offer of the closest free
 *       intervals after and before it (seed 003), which the user may accept before it expires;</li>
 *   <li>a cancellation releases exactly what was booked; only the owner may cancel;</li>
 *   <li>optionally, a user may hold at most a configured number of active reservations (seed 003: one).</li>
 * </ul>
 * State lives in the task's changelogged stores; {@link DomainBooks} is the engine's index over them.
 */
final class ReservationService implements DomainEventHandler {

    private static final Logger LOG = LoggerFactory.getLogger(ReservationService.class);

    private final ReservationSettings settings;
    private final KeyValueStore<String, Resource> catalogue;
    private final KeyValueStore<String, ReservationDecision> decisions;
    private final KeyValueStore<String, CoAllocationRequest> requests;
    private final KeyValueStore<String, ResourceSample> background;
    private final KeyValueStore<String, ResourceSample> downResources;
    private final KeyValueStore<String, Long> clock;
    private final Map<String, DomainBooks> books = new HashMap<>();
    private ActiveReservations active;

    ReservationService(ReservationSettings settings, Stores stores) {
        this.settings = settings;
        this.catalogue = stores.catalogue();
        this.decisions = stores.decisions();
        this.requests = stores.requests();
        this.background = stores.background();
        this.downResources = stores.downResources();
        this.clock = stores.clock();
    }

    /** The task's stores, see {@link ReservationPipeline}. */
    record Stores(KeyValueStore<String, Resource> catalogue, KeyValueStore<String, ReservationDecision> decisions,
            KeyValueStore<String, CoAllocationRequest> requests, KeyValueStore<String, ResourceSample> background,
            KeyValueStore<String, ResourceSample> downResources, KeyValueStore<String, Long> clock) {
    }

    @Override
    public Output onResource(String domain, Resource resource, long time) {
        String problem = EventMapping.problemWith(resource, settings.properties());
        if (problem != null) {
            // No sender to answer: the processing exception handler puts the record on the dead-letter topic.
            throw new IllegalArgumentException("Resource " + resource.getId() + " refused: " + problem);
        }
        catalogue.put(catalogueKey(resource.getDomain(), resource.getId()), resource);
        books.remove(resource.getDomain()); // rebuilt from the stores on the next command of the domain
        return Output.NOTHING;
    }

    /**
     * Policy for monitoring samples: the measured usage is booked as background occupancy over the sample's
     * window (a newer sample for the same window replaces the older one); a resource reported down leaves the
     * books (it is no longer selected) until a sample reports it up, and the holders of reservations on it that
     * have not ended are told with a RESOURCE_LOST notification.
     */
    @Override
    public Output onSample(String domain, ResourceSample sample, long time) {
        String resourceKey = catalogueKey(sample.getDomain(), sample.getResourceId());
        if (catalogue.get(resourceKey) == null) {
            throw new IllegalArgumentException("Sample for unknown resource " + sample.getResourceId() + " in domain "
                    + sample.getDomain());
        }
        if (!sample.getWindowEnd().isAfter(sample.getWindowStart())) {
            throw new IllegalArgumentException("Sample of " + sample.getResourceId() + " has windowEnd "
                    + sample.getWindowEnd() + " not after windowStart " + sample.getWindowStart());
        }
        boolean wasDown = downResources.get(resourceKey) != null;
        if (!sample.getUp()) {
            if (wasDown) {
                return Output.NOTHING;
            }
            downResources.put(resourceKey, sample);
            books.remove(sample.getDomain());
            LOG.info("Resource {} in {} reported down at {}", sample.getResourceId(), sample.getDomain(),
                    sample.getWindowStart());
            return Output.notify(resourceLost(sample, time));
        }
        if (wasDown) {
            downResources.delete(resourceKey);
            books.remove(sample.getDomain());
            LOG.info("Resource {} in {} is up again", sample.getResourceId(), sample.getDomain());
        }
        String sampleKey = sampleKey(sample);
        ResourceSample previous = background.get(sampleKey);
        background.put(sampleKey, sample);
        DomainBooks domainBooks = books.get(sample.getDomain());
        if (domainBooks != null) {
            if (previous != null) {
                domainBooks.vacate(previous);
            }
            domainBooks.occupy(sample);
        }
        return Output.NOTHING;
    }

    private List<io.coreserve.events.Notification> resourceLost(ResourceSample sample, long time) {
        List<io.coreserve.events.Notification> lost = new ArrayList<>();
        try (KeyValueIterator<String, ReservationDecision> all = decisions.all()) {
            while (all.hasNext()) {
                ReservationDecision d = all.next().value;
                if (d.getStatus() == ReservationStatus.ACCEPTED && d.getEnd().isAfter(sample.getWindowStart())
                        && Decisions.resourceIds(d).contains(sample.getResourceId())) {
                    lost.add(Decisions.lifecycle(d, io.coreserve.events.NotificationKind.RESOURCE_LOST,
                            "resource " + sample.getResourceId() + " of your reservation went down at "
                                    + sample.getWindowStart(), emailOf(d.getRequestId()), List.of(sample.getResourceId()),
                            time));
                }
            }
        }
        return lost;
    }

    /**
     * Seed 003's execution trigger, on stream time: STARTING when a reservation's start has passed, COMPLETED when
     * its end has; and pruning of background samples older than the retention. The time up to which notifications
     * were sent is kept in a store, so a restart neither repeats nor skips them.
     */
    @Override
    public Output onStreamTime(long now) {
        Long last = clock.get(CLOCK_KEY);
        long since = last == null ? Long.MIN_VALUE : last;
        List<io.coreserve.events.Notification> out = new ArrayList<>();
        if (last != null) {
            active().tick(since, now, d -> {
                long start = d.getStart().toEpochMilli();
                long end = d.getEnd().toEpochMilli();
                if (start > since && start <= now) {
                    out.add(Decisions.lifecycle(d, io.coreserve.events.NotificationKind.STARTING,
                            "your reservation starts now on " + Decisions.resourceIds(d), emailOf(d.getRequestId()),
                            Decisions.resourceIds(d), now));
                }
                if (end > since && end <= now) {
                    out.add(Decisions.lifecycle(d, io.coreserve.events.NotificationKind.COMPLETED,
                            "your reservation has ended", emailOf(d.getRequestId()), Decisions.resourceIds(d), now));
                }
            });
        }
        clock.put(CLOCK_KEY, now);
        pruneBackground(now - settings.retention().toMillis());
        return Output.notify(out);
    }

    private void pruneBackground(long before) {
        List<ResourceSample> old = new ArrayList<>();
        try (KeyValueIterator<String, ResourceSample> all = background.all()) {
            while (all.hasNext()) {
                ResourceSample sample = all.next().value;
                if (sample.getWindowEnd().toEpochMilli() < before) {
                    old.add(sample);
                }
            }
        }
        for (ResourceSample sample : old) {
            background.delete(sampleKey(sample));
            DomainBooks domainBooks = books.get(sample.getDomain());
            if (domainBooks != null) {
                domainBooks.vacate(sample);
            }
        }
    }

    @Override
    public Output onCommand(String domain, ReservationCommand command, long time) {
        Object body = command.getCommand();
        if (body instanceof CoAllocationRequest request) {
            return onRequest(domainOf(request.getDomain(), domain), request, time);
        }
        if (body instanceof CancelRequest cancel) {
            return onCancel(domainOf(cancel.getDomain(), domain), cancel, time);
        }
        if (body instanceof AcceptCounterOffer accept) {
            return onAccept(domainOf(accept.getDomain(), domain), accept, time);
        }
        throw new IllegalArgumentException("Unknown command type " + body.getClass().getName());
    }

    private Output onRequest(String domain, CoAllocationRequest request, long time) {
        ReservationDecision earlier = decisions.get(request.getRequestId());
        if (earlier != null) {
            LOG.debug("Request {} seen before: sending its {} decision again", request.getRequestId(), earlier.getStatus());
            return Output.of(earlier);
        }
        requests.put(request.getRequestId(), request);
        ReservationDecision decision = decide(domain, request, time);
        record(decision);
        // DEBUG, not INFO: at thousands of requests a second one line each is noise; decisions are on their topic.
        LOG.debug("Request {} of {} in {}: {} {}", request.getRequestId(), request.getUser(), domain, decision.getStatus(),
                decision.getReasonCode() == null ? "" : decision.getReasonCode());
        return Output.of(decision, Decisions.notificationFor(decision, request.getEmail(), time));
    }

    private ReservationDecision decide(String domain, CoAllocationRequest request, long time) {
        int limit = settings.maxActivePerUser();
        if (limit > 0 && activeReservations(request.getUser(), time) >= limit) {
            return Decisions.rejected(request.getRequestId(), request.getUser(), domain, "USER_LIMIT", "user",
                    "user " + request.getUser() + " already holds " + limit + " active reservation(s), the most allowed",
                    time);
        }
        DomainBooks domainBooks = booksFor(domain);
        Request engineRequest = EventMapping.toEngine(request, time);
        Outcome outcome = domainBooks.allocator().allocate(engineRequest);
        if (outcome instanceof Plan plan) {
            return accepted(domain, request, plan, domainBooks, time);
        }
        Rejection rejection = (Rejection) outcome;
        if (rejection.reason() == RejectionReason.NO_START_TIME_IN_WINDOW
                || rejection.reason() == RejectionReason.NO_ADMISSIBLE_SET) {
            long searchStarted = System.nanoTime();
            ClosestFreeIntervals closest = domainBooks.allocator().closestFree(engineRequest, time,
                    settings.counterOfferHorizon().toMillis());
            long closestNanos = System.nanoTime() - searchStarted;
            if (closest.earliestAfter() != null || closest.latestBefore() != null) {
                ReservationDecision offer = counterOffer(domain, request, rejection, closest, time);
                // The search for the closest free intervals is often dearer than the decision itself: show it.
                offer.getStatistics().getPhaseNanos().put("closestFree", closestNanos);
                return offer;
            }
        }
        return Decisions.base(request.getRequestId(), request.getUser(), domain, ReservationStatus.REJECTED,
                        rejection.message(), time)
                .setReasonCode(rejection.reason().name())
                .setField(rejection.field())
                .setStatistics(EventMapping.statistics(settings.algorithmName(), rejection.stats()))
                .build();
    }

    private ReservationDecision accepted(String domain, CoAllocationRequest request, Plan plan, DomainBooks domainBooks,
            long time) {
        return Decisions.base(request.getRequestId(), request.getUser(), domain, ReservationStatus.ACCEPTED,
                        "reserved " + plan.assignments().size() + " resources from " + Instant.ofEpochMilli(plan.start())
                                + " to " + Instant.ofEpochMilli(plan.end()), time)
                .setReservationId(reservationId(request.getRequestId()))
                .setStart(Instant.ofEpochMilli(plan.start()))
                .setEnd(Instant.ofEpochMilli(plan.end()))
                .setAllocations(EventMapping.allocations(plan, domainBooks.properties()))
                .setUtilisationFactor(plan.utilisation())
                .setEstimatedUtilisationFactor(plan.utilisationEstimate())
                .setStatistics(EventMapping.statistics(settings.algorithmName(), plan.stats()))
                .build();
    }

    private ReservationDecision counterOffer(String domain, CoAllocationRequest request, Rejection rejection,
            ClosestFreeIntervals closest, long time) {
        List<SuggestedInterval> alternatives = new ArrayList<>();
        if (closest.earliestAfter() != null) {
            alternatives.add(interval(closest.earliestAfter(), IntervalPosition.AFTER));
        }
        if (closest.latestBefore() != null) {
            alternatives.add(interval(closest.latestBefore(), IntervalPosition.BEFORE));
        }
        return Decisions.base(request.getRequestId(), request.getUser(), domain, ReservationStatus.COUNTER_OFFER,
                        "no admissible set in the requested window (" + rejection.message()
                                + "); closest free intervals offered", time)
                .setReasonCode(rejection.reason().name())
                .setReservationId(reservationId(request.getRequestId()))
                .setAlternatives(alternatives)
                .setOfferExpiresAt(Instant.ofEpochMilli(time + settings.counterOfferTtl().toMillis()))
                .setStatistics(EventMapping.statistics(settings.algorithmName(), rejection.stats()))
                .build();
    }

    private static SuggestedInterval interval(Plan plan, IntervalPosition position) {
        return SuggestedInterval.newBuilder().setStart(Instant.ofEpochMilli(plan.start()))
                .setEnd(Instant.ofEpochMilli(plan.end())).setPosition(position).build();
    }

    private Output onCancel(String domain, CancelRequest cancel, long time) {
        ReservationDecision booked = decisions.get(cancel.getRequestId());
        String refusal = booked == null ? "no reservation for request " + cancel.getRequestId()
                : !cancel.getUser().equals(booked.getUser()) ? "only " + booked.getUser() + " may cancel it"
                : booked.getStatus() != ReservationStatus.ACCEPTED ? "it is " + booked.getStatus() + ", not ACCEPTED"
                : null;
        if (refusal != null) {
            return Output.of(Decisions.rejected(cancel.getRequestId(), cancel.getUser(), domain, "CANCEL_REFUSED",
                    "requestId", "cancellation refused: " + refusal, time));
        }
        booksFor(domain).release(booked);
        ReservationDecision cancelled = ReservationDecision.newBuilder(booked)
                .setStatus(ReservationStatus.CANCELLED)
                .setReasonCode(null)
                .setMessage("cancelled by " + cancel.getUser() + (cancel.getReason() == null ? "" : ": " + cancel.getReason()))
                .setDecidedAt(Instant.ofEpochMilli(time))
                .build();
        record(cancelled);
        LOG.info("Reservation of request {} cancelled by {}", cancel.getRequestId(), cancel.getUser());
        return Output.of(cancelled, Decisions.notificationFor(cancelled, emailOf(cancel.getRequestId()), time));
    }

    private Output onAccept(String domain, AcceptCounterOffer accept, long time) {
        ReservationDecision offer = decisions.get(accept.getRequestId());
        CoAllocationRequest request = requests.get(accept.getRequestId());
        String refusal = offer == null || request == null ? "no counter-offer for request " + accept.getRequestId()
                : offer.getStatus() != ReservationStatus.COUNTER_OFFER ? "the request is " + offer.getStatus()
                : !accept.getUser().equals(offer.getUser()) ? "only " + offer.getUser() + " may accept it"
                : offer.getOfferExpiresAt() != null && time > offer.getOfferExpiresAt().toEpochMilli()
                        ? "the offer expired at " + offer.getOfferExpiresAt()
                : offer.getAlternatives().stream().noneMatch(a -> a.getStart().equals(accept.getStart()))
                        ? "start " + accept.getStart() + " is not one of the offered intervals"
                : null;
        if (refusal != null) {
            String code = refusal.startsWith("the offer expired") ? "OFFER_EXPIRED" : "ACCEPT_REFUSED";
            return Output.of(Decisions.rejected(accept.getRequestId(), accept.getUser(), domain, code, "start",
                    "acceptance refused: " + refusal, time));
        }
        CoAllocationRequest pinned = CoAllocationRequest.newBuilder(request)
                .setEarliestStart(accept.getStart()).setLatestStart(accept.getStart()).build();
        DomainBooks domainBooks = booksFor(domain);
        Outcome outcome = domainBooks.allocator().allocate(EventMapping.toEngine(pinned, time));
        ReservationDecision decision = outcome instanceof Plan plan
                ? accepted(domain, request, plan, domainBooks, time)
                : Decisions.rejected(request.getRequestId(), request.getUser(), domain, "OFFER_TAKEN", "start",
                        "the offered interval is no longer free: " + ((Rejection) outcome).message(), time);
        record(decision);
        return Output.of(decision, Decisions.notificationFor(decision, request.getEmail(), time));
    }

    private int activeReservations(String user, long now) {
        return active().activeCount(user, now);
    }

    /** Writes a request's decision, keeping the index of active reservations in step. */
    private void record(ReservationDecision decision) {
        decisions.put(decision.getRequestId(), decision);
        active().written(decision);
    }

    private ActiveReservations active() {
        if (active == null) {
            Long last = clock.get(CLOCK_KEY);
            active = ActiveReservations.load(decisions, last == null ? Long.MIN_VALUE : last);
        }
        return active;
    }

    private DomainBooks booksFor(String domain) {
        return books.computeIfAbsent(domain, this::rebuild);
    }

    private DomainBooks rebuild(String domain) {
        DomainBooks built = new BooksLoader(catalogue, decisions, background, downResources).load(domain, settings);
        LOG.info("Books of domain '{}' built: {} resources in service", domain, built.catalogue().size());
        return built;
    }

    private String emailOf(String requestId) {
        CoAllocationRequest r = requests.get(requestId);
        return r == null ? null : r.getEmail();
    }

    private String domainOf(String declared, String key) {
        return declared != null ? declared : key != null ? key : settings.defaultDomain();
    }

    static final String CLOCK_KEY = "notified-until";

    static String sampleKey(ResourceSample sample) {
        return catalogueKey(sample.getDomain(), sample.getResourceId()) + BooksLoader.KEY_SEPARATOR
                + String.format("%020d", sample.getWindowStart().toEpochMilli());
    }

    static String catalogueKey(String domain, String resourceId) {
        return BooksLoader.catalogueKey(domain, resourceId);
    }

    static String reservationId(String requestId) {
        return "res-" + requestId;
    }
}
