package io.coreserve.offers.pipeline;

import io.coreserve.events.AgentCommand;
import io.coreserve.events.AgentReply;
import io.coreserve.events.AskOffer;
import io.coreserve.events.Notification;
import io.coreserve.events.Offer;
import io.coreserve.events.OfferJobPhase;
import io.coreserve.events.OfferJobRequest;
import io.coreserve.events.OfferJobState;
import io.coreserve.events.PlannedPart;
import io.coreserve.events.Release;
import io.coreserve.events.Reserve;
import io.coreserve.events.ReserveAck;
import io.coreserve.events.ReservationDecision;
import io.coreserve.offers.metascheduler.OfferComposer;
import io.coreserve.offers.metascheduler.SlotTake;
import io.coreserve.topology.FreshCommits;
import io.coreserve.topology.SettledSweep;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The metascheduler of seed 001 (Figure 2, Algorithm 2) as a state machine per job, kept in store
 * {@value OfferFlowTopology#JOBS_STORE} by request id. Jobs and agent replies are both keyed by request id,
 * so one task sees everything about a job, in order:
 * <ol>
 *   <li>a new job: AskOffer to every provider of the grid (lines 1-5), phase COLLECTING_OFFERS;</li>
 *   <li>when every provider has offered: {@link OfferComposer#compose} (lines 6-18); no composition covers P
 *       means REJECTED ({@code TOTALS_UNREACHABLE}), otherwise one Reserve per chosen slot (sendAR, lines
 *       19-23), phase RESERVING;</li>
 *   <li>when every Reserve is answered: all accepted means ACCEPTED with a notification; a refusal (another
 *       job took the slot between offer and reservation) means Release of the accepted parts and a new attempt
 *       with fresh offers, or REJECTED ({@code OFFER_TAKEN}) after the configured number of attempts.</li>
 * </ol>
 * A request id seen before gets its decision again (or nothing while it is still being decided). Answers to an
 * earlier attempt are ignored. Every step is one exactly-once transaction (store change and messages together).
 *
 * <p>A provider that never answers must not leave a job pending forever: when a job has not moved for the reply
 * timeout (wall clock), the metascheduler goes on without the missing answers. While collecting offers, it
 * composes from the offers it has (no offer at all: REJECTED, {@code PROVIDER_TIMEOUT}); while reserving, an
 * unanswered Reserve counts as refused and is released (the provider may have booked it late), so the job is
 * tried again or rejected as after a refusal. The deadlines are kept in memory and set afresh for undecided jobs
 * after a restart.
 *
 * <p>A decided job is kept for the history retention (stream time) after it settled (its last change, its
 * reservation's end), then removed ({@link SettledSweep}): before, the store kept every job ever decided. A request
 * id may be used again after that.
 *
 * <p>Parts of one job may start at different times: seed 001 reserves each slot at its own start (line 22). The
 * decision gives the earliest part start and the latest part end and one allocation per provider; the parts'
 * own intervals are in the decision's message and in the job's state.
 */
final class MetaschedulerProcessor implements Processor<String, SpecificRecord, String, SpecificRecord> {

    private static final Logger LOG = LoggerFactory.getLogger(MetaschedulerProcessor.class);
    static final String ALGORITHM = "coarp-offers";

    private final Providers providers;
    private final int maxAttempts;
    private final Duration replyTimeout;
    /** How long (stream time) a decided job is kept after it settled. */
    private final Duration retention;
    /** Wall-clock deadline of each undecided job of this task, by request id. */
    private final Map<String, Long> deadlines = new HashMap<>();
    private boolean deadlinesLoaded;
    private ProcessorContext<String, SpecificRecord> context;
    private FreshCommits commits;
    private KeyValueStore<String, OfferJobState> jobs;

    private SettledSweep<OfferJobState> sweep;
    /** The latest record timestamp seen (stream time), from which the retention counts. */
    private long streamTime = Long.MIN_VALUE;

    MetaschedulerProcessor(Providers providers, int maxAttempts, Duration replyTimeout, Duration retention) {
        this.providers = providers;
        this.maxAttempts = maxAttempts;
        this.replyTimeout = replyTimeout;
        this.retention = retention;
    }

    /** When a job stops mattering: never while undecided; once decided, its last change or its reservation's end. */
    static long settledAt(OfferJobState job) {
        if (job.getPhase() != OfferJobPhase.DECIDED) {
            return Long.MAX_VALUE;
        }
        long at = job.getUpdatedAt().toEpochMilli();
        ReservationDecision d = job.getDecision();
        if (d != null && d.getEnd() != null) {
            at = Math.max(at, d.getEnd().toEpochMilli());
        }
        return at;
    }

    /** Stream time less the retention: jobs settled before it are gone (Long.MIN_VALUE before any record). */
    private long watermark() {
        return streamTime == Long.MIN_VALUE ? Long.MIN_VALUE : streamTime - retention.toMillis();
    }

    @Override
    public void init(ProcessorContext<String, SpecificRecord> context) {
        this.context = context;
        this.commits = FreshCommits.of(context.appConfigs());
        this.jobs = context.getStateStore(OfferFlowTopology.JOBS_STORE);
        this.sweep = new SettledSweep<>(jobs, MetaschedulerProcessor::settledAt, key -> { }, 256);
        Duration interval = Duration.ofMillis(Math.max(10, Math.min(1_000, replyTimeout.toMillis() / 2)));
        context.schedule(interval, PunctuationType.WALL_CLOCK_TIME, this::expire);
    }

    @Override
    public void process(Record<String, SpecificRecord> record) {
        streamTime = Math.max(streamTime, record.timestamp());
        handle(record);
        // Commit soon what a fresh input caused (see FreshCommits): the next hop reads it only then.
        commits.afterOutput(context, record.timestamp());
    }

    private void handle(Record<String, SpecificRecord> record) {
        if (record.value() instanceof OfferJobRequest request) {
            if (record.key() != null && !record.key().equals(request.getRequestId())) {
                // Replies are keyed by request id: a job keyed otherwise would wait on another task forever.
                context.forward(new Record<>(request.getRequestId(), OfferDecisions.rejected(request, 1,
                        "INVALID_REQUEST", "key", "the record key must be the request id, not '" + record.key() + "'",
                        Instant.ofEpochMilli(record.timestamp())), record.timestamp()), OfferFlowTopology.DECISIONS_SINK);
                return;
            }
            onRequest(request, record.timestamp());
        } else if (record.value() instanceof AgentReply reply) {
            onReply(reply, record.timestamp());
        }
    }

    private void onRequest(OfferJobRequest request, long now) {
        OfferJobState earlier = jobs.get(request.getRequestId());
        if (earlier != null && settledAt(earlier) < watermark()) {
            earlier = null;                     // gone, swept or not: the id is a new job
        }
        if (earlier != null) {
            if (earlier.getDecision() != null) {
                LOG.info("Request {} seen before: sending its {} decision again", request.getRequestId(),
                        earlier.getDecision().getStatus());
                context.forward(new Record<>(request.getRequestId(), earlier.getDecision(), now),
                        OfferFlowTopology.DECISIONS_SINK);
            } else {
                LOG.info("Request {} seen before and still being decided (attempt {})", request.getRequestId(),
                        earlier.getAttempt());
            }
            return;
        }
        long notBefore = Math.max(now, request.getNotBefore() == null ? now : request.getNotBefore().toEpochMilli());
        OfferJobState job = OfferJobState.newBuilder().setRequest(request).setAttempt(1)
                .setPhase(OfferJobPhase.COLLECTING_OFFERS).setNotBefore(wholeSecond(notBefore))
                .setOffers(List.of()).setParts(List.of()).setDecision(null).setUpdatedAt(Instant.ofEpochMilli(now)).build();
        String invalid = invalidField(request);
        if (invalid != null) {
            reject(job, "INVALID_REQUEST", invalid, invalid + " must be positive", now);
        } else {
            askOffers(job, now);
        }
        store(job);
    }

    private void onReply(AgentReply reply, long now) {
        OfferJobState job = jobs.get(reply.getRequestId());
        if (job == null || job.getAttempt() != reply.getAttempt() || job.getPhase() == OfferJobPhase.DECIDED) {
            LOG.debug("Reply of {} for {} attempt {} is stale: ignored", reply.getProviderId(), reply.getRequestId(),
                    reply.getAttempt());
            return;
        }
        boolean changed = false;
        if (reply.getReply() instanceof Offer offer && job.getPhase() == OfferJobPhase.COLLECTING_OFFERS) {
            changed = addOffer(job, offer, now);
        } else if (reply.getReply() instanceof ReserveAck ack && job.getPhase() == OfferJobPhase.RESERVING) {
            changed = addAck(job, reply.getProviderId(), ack, now);
        }
        if (changed) {
            job.setUpdatedAt(Instant.ofEpochMilli(now));
            store(job);
        }
    }

    /** Stores the job and (re)starts its reply timeout, or ends it once the job is decided. */
    private void store(OfferJobState job) {
        String id = job.getRequest().getRequestId();
        jobs.put(id, job);
        sweep.written(job, watermark());
        if (job.getPhase() == OfferJobPhase.DECIDED) {
            deadlines.remove(id);
        } else {
            deadlines.put(id, context.currentSystemTimeMs() + replyTimeout.toMillis());
        }
    }

    /** The wall-clock punctuator: goes on without the answers of jobs that have not moved for the timeout. */
    private void expire(long now) {
        if (!deadlinesLoaded) {
            // After a restart or a rebalance, undecided jobs get a full timeout from now; the same scan tells the
            // sweep when the earliest job settles.
            long leastSettled = Long.MAX_VALUE;
            try (KeyValueIterator<String, OfferJobState> all = jobs.all()) {
                while (all.hasNext()) {
                    OfferJobState job = all.next().value;
                    leastSettled = Math.min(leastSettled, settledAt(job));
                    if (job.getPhase() != OfferJobPhase.DECIDED) {
                        deadlines.putIfAbsent(job.getRequest().getRequestId(), now + replyTimeout.toMillis());
                    }
                }
            }
            sweep.sawWholeStore(leastSettled);
            deadlinesLoaded = true;
        }
        List<String> due = deadlines.entrySet().stream().filter(e -> e.getValue() <= now).map(Map.Entry::getKey)
                .sorted().toList();
        for (String id : due) {
            OfferJobState job = jobs.get(id);
            if (job == null || job.getPhase() == OfferJobPhase.DECIDED) {
                deadlines.remove(id);
                continue;
            }
            timedOut(job, now);
            job.setUpdatedAt(Instant.ofEpochMilli(now));
            store(job);
        }
    }

    private void timedOut(OfferJobState job, long now) {
        String id = job.getRequest().getRequestId();
        if (job.getPhase() == OfferJobPhase.COLLECTING_OFFERS) {
            LOG.warn("Request {}: {} of {} providers did not offer within {}; composing without them", id,
                    providers.size() - job.getOffers().size(), providers.size(), replyTimeout);
            if (job.getOffers().isEmpty()) {
                reject(job, "PROVIDER_TIMEOUT", null, "no provider answered within " + replyTimeout, now);
            } else {
                compose(job, now);
            }
            return;
        }
        // RESERVING: an unanswered Reserve counts as refused; release it in case the provider booked it late.
        Set<String> silent = new LinkedHashSet<>();
        for (PlannedPart part : job.getParts()) {
            if (part.getAccepted() == null) {
                part.setAccepted(false);
                silent.add(part.getProviderId());
            }
        }
        LOG.warn("Request {}: {} did not answer its reservation within {}", id, silent, replyTimeout);
        for (String providerId : silent) {
            send(job, providerId, new Release("no answer within " + replyTimeout), now);
        }
        conclude(job, now, true);
    }

    /** Lines 1-5: queryFreeSlot on every provider. */
    private void askOffers(OfferJobState job, long now) {
        OfferJobRequest r = job.getRequest();
        AskOffer ask = new AskOffer(r.getLengthMi(), r.getProcessors(), job.getNotBefore());
        for (int c = 0; c < providers.size(); c++) {
            send(job, providers.id(c), ask, now);
        }
    }

    private boolean addOffer(OfferJobState job, Offer offer, long now) {
        if (providers.number(offer.getProviderId()) < 0
                || job.getOffers().stream().anyMatch(o -> o.getProviderId().equals(offer.getProviderId()))) {
            return false;
        }
        List<Offer> offers = new ArrayList<>(job.getOffers());
        offers.add(offer);
        job.setOffers(offers);
        if (offers.size() == providers.size()) {
            compose(job, now);
        }
        return true;
    }

    /** Lines 6-23: compose the offers by finish time and send one advance reservation per chosen slot. */
    private void compose(OfferJobState job, long now) {
        long jobNumber = Providers.jobNumber(job.getRequest().getRequestId());
        List<io.coreserve.offers.agent.Offer> offers = job.getOffers().stream()
                .map(o -> providers.fromEvent(o, jobNumber)).toList();
        int p = job.getRequest().getProcessors();
        Optional<List<SlotTake>> best = OfferComposer.compose(p, offers);
        if (best.isEmpty()) {
            reject(job, "TOTALS_UNREACHABLE", "processors", "no composition of the " + offers.size() + " offers of "
                    + providers.size() + " providers covers " + p + " processors (the grid has "
                    + providers.totalProcessors() + ")", now);
            return;
        }
        List<PlannedPart> parts = new ArrayList<>();
        for (SlotTake take : best.get()) {
            parts.add(new PlannedPart(parts.size(), providers.id(take.slot().provider()),
                    Providers.instant(take.slot().start()), take.slot().duration() * 1000, take.processors(), null));
        }
        job.setParts(parts);
        job.setPhase(OfferJobPhase.RESERVING);
        for (PlannedPart part : parts) {
            send(job, part.getProviderId(),
                    new Reserve(part.getPart(), part.getStart(), part.getDurationMillis(), part.getProcessors()), now);
        }
    }

    private boolean addAck(OfferJobState job, String providerId, ReserveAck ack, long now) {
        List<PlannedPart> parts = job.getParts();
        if (ack.getPart() < 0 || ack.getPart() >= parts.size()) {
            return false;
        }
        PlannedPart part = parts.get(ack.getPart());
        if (!part.getProviderId().equals(providerId) || part.getAccepted() != null) {
            return false;
        }
        part.setAccepted(ack.getAccepted());
        if (parts.stream().allMatch(x -> x.getAccepted() != null)) {
            conclude(job, now);
        }
        return true;
    }

    /** Every Reserve answered: decide, or release what was booked and try again with fresh offers. */
    private void conclude(OfferJobState job, long now) {
        conclude(job, now, false);
    }

    /** As {@link #conclude(OfferJobState, long)}; {@code timedOut}: some refusals are unanswered Reserves. */
    private void conclude(OfferJobState job, long now, boolean timedOut) {
        if (job.getParts().stream().allMatch(PlannedPart::getAccepted)) {
            accept(job, now);
            return;
        }
        Set<String> holding = new LinkedHashSet<>();
        job.getParts().stream().filter(PlannedPart::getAccepted).forEach(x -> holding.add(x.getProviderId()));
        for (String providerId : holding) {
            send(job, providerId, new Release("a reservation of the same attempt was refused"), now);
        }
        if (job.getAttempt() >= maxAttempts) {
            if (timedOut) {
                reject(job, "PROVIDER_TIMEOUT", null, "providers did not answer the reservations of attempt "
                        + job.getAttempt() + " within " + replyTimeout, now);
            } else {
                reject(job, "OFFER_TAKEN", null, "providers refused the reservations of " + job.getAttempt()
                        + " attempt(s): their slots were taken by other jobs in the meantime", now);
            }
            return;
        }
        LOG.info("Request {}: a reservation was refused in attempt {}, asking for fresh offers",
                job.getRequest().getRequestId(), job.getAttempt());
        job.setAttempt(job.getAttempt() + 1);
        job.setPhase(OfferJobPhase.COLLECTING_OFFERS);
        job.setOffers(List.of());
        job.setParts(List.of());
        job.setNotBefore(wholeSecond(Math.max(now, job.getNotBefore().toEpochMilli())));
        askOffers(job, now);
    }

    private void accept(OfferJobState job, long now) {
        OfferJobRequest r = job.getRequest();
        ReservationDecision decision = OfferDecisions.accepted(r, job.getAttempt(), job.getOffers(), job.getParts(),
                Instant.ofEpochMilli(now));
        decide(job, decision, now);
    }

    private void reject(OfferJobState job, String reason, String field, String message, long now) {
        decide(job, OfferDecisions.rejected(job.getRequest(), job.getAttempt(), reason, field, message,
                Instant.ofEpochMilli(now)), now);
    }

    private void decide(OfferJobState job, ReservationDecision decision, long now) {
        job.setDecision(decision);
        job.setPhase(OfferJobPhase.DECIDED);
        job.setOffers(List.of()); // served their purpose; the parts stay, with their own intervals
        String requestId = job.getRequest().getRequestId();
        LOG.info("Request {} of {}: {} {}", requestId, job.getRequest().getUser(), decision.getStatus(),
                decision.getReasonCode() == null ? "" : decision.getReasonCode());
        context.forward(new Record<>(requestId, decision, now), OfferFlowTopology.DECISIONS_SINK);
        Notification n = OfferDecisions.notification(job.getRequest(), decision);
        context.forward(new Record<>(requestId, n, now), OfferFlowTopology.NOTIFICATIONS_SINK);
    }

    private void send(OfferJobState job, String providerId, Object command, long now) {
        AgentCommand out = AgentCommand.newBuilder().setProviderId(providerId)
                .setRequestId(job.getRequest().getRequestId()).setAttempt(job.getAttempt()).setCommand(command)
                .setSentAt(Instant.ofEpochMilli(now)).build();
        context.forward(new Record<>(providerId, out, now), OfferFlowTopology.AGENT_COMMANDS_SINK);
    }

    private static String invalidField(OfferJobRequest r) {
        if (r.getProcessors() <= 0) {
            return "processors";
        }
        if (r.getLengthMi() <= 0) {
            return "lengthMi";
        }
        return null;
    }

    /** Providers plan in whole seconds: round up, so that nothing starts before it may. */
    private static Instant wholeSecond(long millis) {
        return Providers.instant(Providers.seconds(millis));
    }
}
