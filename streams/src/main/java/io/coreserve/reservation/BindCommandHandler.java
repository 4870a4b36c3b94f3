package io.coreserve.reservation;

import io.coreserve.engine.allocation.Assignment;
import io.coreserve.engine.allocation.BookingResult;
import io.coreserve.engine.allocation.Plan;
import io.coreserve.engine.allocation.SearchStats;
import io.coreserve.engine.vgrid.bind.BernoulliBinder;
import io.coreserve.engine.vgrid.bind.BindAttempt;
import io.coreserve.events.BindCommand;
import io.coreserve.events.BindOp;
import io.coreserve.events.BindReply;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.topology.DomainEventHandler.Output;
import io.coreserve.topology.ExpiryIndex;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The domain side of a virtual grid's binding (seed 004, spec 004 section 5 "Pipeline"): the domain is the
 * resource manager of the paper's section 3.3 that accepts or refuses one component's selection.
 * <ul>
 *   <li>BIND books every named host whole (all its capacity) over [start, end), all or nothing, as the user's
 *       reservation {@code vg:{request}:{component}:{selection}}, published on the decisions topic like any other
 *       booking (so the independent checker sees it). Refused when a host is unknown, retired, down or already
 *       busy (booked or measured) in the interval, or by the injected failure of section 3.4, drawn first with
 *       {@link BernoulliBinder#forRequest} and the engine's seed, so a replay refuses the same binds.</li>
 *   <li>RELEASE cancels that booking if it holds; it is acknowledged even when nothing was booked (a defensive
 *       release after a timeout may overtake nothing, or follow a refusal).</li>
 * </ul>
 * Every command id is answered once (answers are kept in {@value ReservationPipeline#BIND_ANSWERS_STORE}), in the
 * same exactly-once transaction as the booking. An answer is kept for {@code coreserve.history.retention} of stream
 * time after it was given, then pruned on the task's tick: by then its request has long been decided (a round
 * times out within {@code coreserve.vgrid.bind-timeout}), and a command replayed later still could only book what
 * the books remember.
 *
 * <p>A BIND refused because another virtual grid's booking holds a host in the interval says so
 * ({@code contended}): that hold may pass, so the coordinator may try again after a back-off.
 */
final class BindCommandHandler {

    private static final Logger LOG = LoggerFactory.getLogger(BindCommandHandler.class);

    /** Prefix of the booking ids of virtual grids. */
    static final String BOOKING_PREFIX = "vg:";

    private final ReservationStores stores;
    private final KeyValueStore<String, BindReply> answers;
    private final double failureProbability;
    private final long seed;
    private final long retentionMillis;
    /**
     * The latest event time of an answer of this task: at start, the latest of the answers kept in the store (which
     * moves with the task), so that after a crash moves the task a RELEASE is never stamped before the BIND it
     * undoes (seen in the multi-instance kill test: the checker read a booking's cancellation before the booking).
     */
    private long lastStamp = Long.MIN_VALUE;
    /** The answers by the stream time after which they are pruned. */
    private final ExpiryIndex answersByExpiry = new ExpiryIndex();

    BindCommandHandler(ReservationStores stores, KeyValueStore<String, BindReply> answers, double failureProbability,
            long seed, java.time.Duration retention) {
        this.stores = stores;
        this.answers = answers;
        this.failureProbability = failureProbability;
        this.seed = seed;
        this.retentionMillis = retention.toMillis();
        try (KeyValueIterator<String, BindReply> all = answers.all()) {
            all.forEachRemaining(kv -> {
                answersByExpiry.add(kv.key, expiry(kv.value));
                lastStamp = Math.max(lastStamp, kv.value.getSentAt().toEpochMilli());
            });
        }
    }

    private long expiry(BindReply answer) {
        return answer.getSentAt().toEpochMilli() + retentionMillis;
    }

    /** Deletes the answers given more than the retention before {@code streamTime}. */
    void pruneAnswers(long streamTime) {
        answersByExpiry.takeBefore(streamTime).forEach(answers::delete);
    }

    /**
     * The booking id of a component's selection: one per (request, component, selection) in every domain, and per
     * binding try after the first ({@code vg:{request}:{component}:{selection}:{try}}), since a try releases
     * everything it held and a released booking stays released.
     */
    static String bookingId(String requestId, int component, int selection, int bindTry) {
        return BOOKING_PREFIX + requestId + ":" + component + ":" + selection + (bindTry == 0 ? "" : ":" + bindTry);
    }

    Output handle(String key, BindCommand command, long commandTime) {
        // A command's event time is its request's, and a retried or timed-out round's commands carry the time of the
        // round before (the coordinator never stamps with its wall clock): so a bind may come with an older time than
        // a release this task already stamped on the same hosts. The answers are stamped at the latest time this task
        // has stamped, so in decision time too every booking follows the releases that made room for it.
        long time = Math.max(commandTime, lastStamp);
        lastStamp = time;
        String answeredKey = ReservationStores.resourceKey(command.getDomain(), command.getCommandId());
        if (answers.get(answeredKey) != null) {
            LOG.debug("Bind command {} answered before: not again", command.getCommandId());
            return Output.NOTHING;
        }
        ReservationDecision booking = null;
        String refusal;
        boolean contended = false;
        if (!command.getDomain().equals(key)) {
            refusal = "the command is keyed '" + key + "', not by its domain";
        } else if (command.getOp() == BindOp.RELEASE) {
            booking = release(command, time);
            refusal = null;
        } else {
            BindOutcome outcome = bind(command, time);
            booking = outcome.booking();
            refusal = outcome.refusal();
            contended = outcome.contended();
        }
        BindReply reply = BindReply.newBuilder().setCommandId(command.getCommandId()).setOp(command.getOp())
                .setRequestId(command.getRequestId()).setDomain(command.getDomain())
                .setComponent(command.getComponent()).setSelection(command.getSelection()).setRound(command.getRound())
                .setAccepted(refusal == null).setReason(refusal).setSentAt(Instant.ofEpochMilli(time))
                .setContended(contended ? Boolean.TRUE : null).build();
        answers.put(answeredKey, reply);
        answersByExpiry.add(answeredKey, expiry(reply));
        return new Output(booking, List.of(), List.of(reply));
    }

    private record BindOutcome(ReservationDecision booking, String refusal, boolean contended) {
        static BindOutcome refused(String why) {
            return new BindOutcome(null, why, false);
        }
    }

    private BindOutcome bind(BindCommand command, long time) {
        RequestRef ref = refOf(command);
        ReservationDecision earlier = stores.decision(ref);
        if (earlier != null && earlier.getStatus() == ReservationStatus.ACCEPTED
                && earlier.getStart().equals(command.getStart()) && earlier.getEnd().equals(command.getEnd())) {
            return new BindOutcome(null, null, false); // already holds: the same selection asked again
        }
        if (earlier != null && earlier.getStatus() == ReservationStatus.CANCELLED) {
            // A late or repeated BIND of a selection already let go (a timed-out round's defensive RELEASE may pass
            // it, e.g. when the coordinator's task moves after a crash): booking it again would resurrect a booking
            // id the decisions already closed. Each try binds under its own ids, so nothing needs one back.
            return BindOutcome.refused("booking " + ref.requestId() + " was released before: released bookings stay"
                    + " released");
        }
        if (failureProbability > 0 && !BernoulliBinder.forRequest(failureProbability, seed, command.getRequestId())
                .bind(new BindAttempt(command.getComponent(), command.getSelection()))) {
            return BindOutcome.refused("injected failure (p = " + failureProbability + ")");
        }
        long start = command.getStart().toEpochMilli();
        long end = command.getEnd().toEpochMilli();
        if (command.getResourceIds().isEmpty() || end <= start) {
            return BindOutcome.refused("nothing to book: no hosts or an empty interval");
        }
        if (start < stores.forgottenBefore()) {
            return BindOutcome.refused("the interval starts before what the books still remember");
        }
        DomainBooks books = stores.books(command.getDomain());
        List<Assignment> whole = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (String id : command.getResourceIds()) {
            int index = books.catalogue().indexOf(id);
            if (index < 0) {
                unknown.add(id);
                continue;
            }
            long[] amounts = new long[books.properties().size()];
            for (int p = 0; p < amounts.length; p++) {
                amounts[p] = books.catalogue().capacity(index, p);
            }
            whole.add(new Assignment(index, id, amounts));
        }
        if (!unknown.isEmpty()) {
            return BindOutcome.refused("not in service here (unknown, retired or down): " + unknown);
        }
        Plan plan = new Plan(ref.requestId(), start, end, whole, 0, 0, null, SearchStats.NONE);
        if (books.allocator().book(plan) instanceof BookingResult.Conflict conflict) {
            List<String> held = heldByOtherGrids(command, conflict.resourceIds());
            return held.isEmpty() ? BindOutcome.refused("taken in the interval: " + conflict.resourceIds())
                    : new BindOutcome(null, "taken in the interval: " + conflict.resourceIds() + ", by virtual grids "
                            + held, true);
        }
        ReservationDecision booked = Decisions.base(ref.requestId(), ref.user(), ref.domain(), ReservationStatus.ACCEPTED,
                        "component " + command.getComponent() + " of virtual grid " + command.getRequestId() + ": "
                                + whole.size() + " hosts held from " + command.getStart() + " to " + command.getEnd(), time)
                .setReservationId(ref.requestId())
                .setStart(command.getStart())
                .setEnd(command.getEnd())
                .setAllocations(EventMapping.allocations(plan, books.properties()))
                .build();
        stores.record(booked);
        return new BindOutcome(booked, null, false);
    }

    /** The bookings of other virtual grids that hold one of {@code resourceIds} in the command's interval. */
    private List<String> heldByOtherGrids(BindCommand command, List<String> resourceIds) {
        String own = BOOKING_PREFIX + command.getRequestId() + ":";
        long start = command.getStart().toEpochMilli();
        long end = command.getEnd().toEpochMilli();
        return resourceIds.stream()
                .flatMap(id -> stores.active().holding(command.getDomain(), id, start).stream())
                .filter(e -> e.start() < end)
                .map(ActiveReservations.Entry::requestId)
                .filter(id -> id.startsWith(BOOKING_PREFIX) && !id.startsWith(own))
                .distinct().sorted().toList();
    }

    /** Cancels the booking if it holds; returns the CANCELLED decision, or null when there was nothing to release. */
    private ReservationDecision release(BindCommand command, long time) {
        ReservationDecision held = stores.decision(refOf(command));
        if (held == null || held.getStatus() != ReservationStatus.ACCEPTED) {
            return null;
        }
        stores.books(command.getDomain()).release(held);
        ReservationDecision released = ReservationDecision.newBuilder(held)
                .setStatus(ReservationStatus.CANCELLED)
                .setMessage("released by the virtual grid coordinator")
                .setDecidedAt(Instant.ofEpochMilli(time))
                .build();
        stores.record(released);
        return released;
    }

    private static RequestRef refOf(BindCommand command) {
        return new RequestRef(command.getDomain(), command.getUser(),
                bookingId(command.getRequestId(), command.getComponent(), command.getSelection(),
                        command.getBindTry()));
    }
}
