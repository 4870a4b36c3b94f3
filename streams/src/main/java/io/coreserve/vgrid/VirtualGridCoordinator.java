package io.coreserve.vgrid;

import io.coreserve.engine.vgrid.Vgdl;
import io.coreserve.engine.vgrid.bind.Approach;
import io.coreserve.engine.vgrid.bind.BindAttempt;
import io.coreserve.engine.vgrid.bind.BindingProcess;
import io.coreserve.engine.vgrid.select.Candidate;
import io.coreserve.engine.vgrid.select.ComponentSelections;
import io.coreserve.engine.vgrid.select.ComponentSelector;
import io.coreserve.engine.vgrid.select.Decomposition;
import io.coreserve.engine.vgrid.select.SelectionResult;
import io.coreserve.engine.vgrid.vgdl.VgdlException;
import io.coreserve.events.AwaitedBind;
import io.coreserve.events.BindOp;
import io.coreserve.events.BindReply;
import io.coreserve.events.ComponentChoices;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.Resource;
import io.coreserve.events.SelectedHosts;
import io.coreserve.events.VirtualGridRequest;
import io.coreserve.events.VirtualGridState;
import io.coreserve.identity.AuthenticatingCommandDeserializer;
import io.coreserve.reservation.FieldLimits;
import io.coreserve.topology.ExpiryIndex;
import io.coreserve.topology.FreshCommits;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator of a virtual grid (seed 004; the paper's vgFAB plus vgLaunch), one state machine per request id
 * in store {@value VirtualGridTopology#STATES_STORE}, modelled on the offers metascheduler. Requests and bind replies
 * are both keyed by request id, so one task sees everything about a request, in order:
 * <ol>
 *   <li>a request whose sender the source could not authenticate (header {@code coreserve-auth-error}, see
 *       {@link AuthenticatingCommandDeserializer}) is {@code REJECTED UNAUTHENTICATED}, field {@code user}, as a
 *       command on the requests topic: published under its id, never stored, nothing selected or booked;</li>
 *   <li>a new request: field checks, then vgDL compiled (a broken rule is {@code REJECTED INVALID_REQUEST}, field
 *       {@code vgdl}, with the rule and line:column), then N selections per component chosen from the classified
 *       catalogue (too few is {@code REJECTED NO_MATCHING_RESOURCES});</li>
 *   <li>each round of the binding algorithm (integrated or separate, spec 004 section 3.3): one BIND per component
 *       attempted and per domain holding hosts of its selection, on the bind-commands topic keyed by domain;</li>
 *   <li>when every BIND of the round is answered, or the bind timeout (wall clock) passes, the round is decided: a
 *       selection is accepted only if all its domains accepted; a refused one is released where it was booked, and
 *       a missing answer counts as refused and gets a defensive RELEASE; the algorithm's own releases (a failed
 *       separate candidate, everything on failure) are sent; then the next round, or the one decision: ACCEPTED
 *       with the components, their selections and attempts, or {@code REJECTED BINDING_FAILED}.</li>
 * </ol>
 * A request id seen before gets its decision again (nothing while undecided). Answers to another round are ignored.
 * Every step is one exactly-once transaction (store change and messages together). The deadlines live in memory:
 * after a restart, undecided requests get a full timeout again.
 *
 * <p>Competition between virtual grids (beyond the paper, which binds one request against a failure model): requests
 * selected from the same catalogue ask for the same hosts in the same order, each wins some components and loses
 * others, and the integrated algorithm, which never gives up what it holds, lets every one of them exhaust a
 * component while holding the rest. So when a try fails and one of its refusals was a host held by another virtual
 * grid ({@code BindReply.contended}), nothing is decided yet: everything was released (the algorithm's own step),
 * and after a back-off ({@link RetryBackoff}: seeded per request, doubling per try) the request binds again from its
 * best selections, up to {@code coreserve.vgrid.bind-tries} tries. Holding nothing while waiting rules out
 * deadlock; the seeded random waits spread colliding requests apart (livelock only with a vanishing probability,
 * and the tries are bounded). Refusals that will not pass (injected, down, measured busy) are not retried.
 *
 * <p>A decided request is forgotten (its state deleted) once stream time passes its decision, and for an accepted
 * one the end of its bookings, by {@code coreserve.history.retention}; until then a repeated id gets the decision
 * again, afterwards it is a new request.
 */
final class VirtualGridCoordinator implements Processor<String, SpecificRecord, String, SpecificRecord> {

    private static final Logger LOG = LoggerFactory.getLogger(VirtualGridCoordinator.class);
    private static final Duration PRUNE_INTERVAL = Duration.ofMinutes(1);

    private final GridCatalogue catalogue;
    private final VirtualGridSettings settings;
    /** Wall-clock deadline of the current round (or of the back-off) of each undecided request of this task. */
    private final Map<String, Long> deadlines = new HashMap<>();
    /** Decided requests by the stream time after which they are forgotten. */
    private final ExpiryIndex decided = new ExpiryIndex();
    private boolean deadlinesLoaded;
    private ProcessorContext<String, SpecificRecord> context;
    private FreshCommits commits;
    private KeyValueStore<String, VirtualGridState> states;
    private ReadOnlyKeyValueStore<String, Resource> resources;

    VirtualGridCoordinator(GridCatalogue catalogue, VirtualGridSettings settings) {
        this.catalogue = catalogue;
        this.settings = settings;
    }

    @Override
    public void init(ProcessorContext<String, SpecificRecord> context) {
        this.context = context;
        this.commits = FreshCommits.of(context.appConfigs());
        this.states = context.getStateStore(VirtualGridTopology.STATES_STORE);
        this.resources = context.getStateStore(VirtualGridTopology.CATALOGUE_STORE);
        // Often enough for both the round timeout and the shortest back-off to be kept to a fraction of themselves.
        long shortest = Math.min(settings.bindTimeout().toMillis() / 2, settings.retryBackoff().toMillis() / 4);
        context.schedule(Duration.ofMillis(Math.max(10, Math.min(1_000, shortest))), PunctuationType.WALL_CLOCK_TIME,
                this::expire);
        // Stream time, not wall-clock time: a replay forgets the same requests at the same point.
        context.schedule(PRUNE_INTERVAL, PunctuationType.STREAM_TIME, this::prune);
        try (KeyValueIterator<String, VirtualGridState> all = states.all()) {
            all.forEachRemaining(kv -> {
                if (kv.value.getDecision() != null) {
                    decided.add(kv.key, forgetAfter(kv.value));
                }
            });
        }
    }

    @Override
    public void process(Record<String, SpecificRecord> record) {
        handle(record);
        // Commit soon what a fresh input caused (see FreshCommits): the next hop reads it only then.
        commits.afterOutput(context, record.timestamp());
    }

    private void handle(Record<String, SpecificRecord> record) {
        long now = record.timestamp();
        if (record.value() instanceof VirtualGridRequest request) {
            String authError = AuthenticatingCommandDeserializer.errorOf(record.headers());
            if (authError != null) {
                // As a command on the requests topic: refused under its own id, never stored, nothing booked.
                LOG.info("Virtual grid {} refused: sender not authenticated ({})",
                        FieldLimits.bounded(request.getRequestId()), FieldLimits.bounded(authError));
                ReservationDecision refusal = VirtualGridDecisions.unauthenticated(request, authError,
                        Instant.ofEpochMilli(now));
                forward(refusal.getRequestId(), refusal, now);
                return;
            }
            if (!Objects.equals(record.key(), request.getRequestId())) {
                // Replies are keyed by request id: a request keyed otherwise would wait on another task forever.
                forward(request.getRequestId(), VirtualGridDecisions.rejected(request, "INVALID_REQUEST", "key",
                        "the record key must be the request id, not '" + record.key() + "'", Instant.ofEpochMilli(now)),
                        now);
                return;
            }
            onRequest(request, now);
        } else if (record.value() instanceof BindReply reply) {
            onReply(reply, now);
        }
    }

    private void onRequest(VirtualGridRequest request, long now) {
        VirtualGridState earlier = states.get(request.getRequestId());
        if (earlier != null) {
            if (earlier.getDecision() != null) {
                forward(request.getRequestId(), earlier.getDecision(), now);
            } else {
                LOG.info("Virtual grid {} seen before and still being bound (round {})", request.getRequestId(),
                        earlier.getRound());
            }
            return;
        }
        long start = Math.max(now, request.getEarliestStart() == null ? now : request.getEarliestStart().toEpochMilli());
        VirtualGridState state = VirtualGridState.newBuilder().setRequest(request)
                .setStart(Instant.ofEpochMilli(start))
                .setEnd(Instant.ofEpochMilli(start + Math.max(0, request.getDurationMillis())))
                .setComponents(List.of()).setBinding(null).setRound(0).setAwaiting(List.of()).setDecision(null)
                .setUpdatedAt(Instant.ofEpochMilli(now)).build();
        RequestChecks.Violation violation = RequestChecks.first(request);
        if (violation != null) {
            decide(state, VirtualGridDecisions.rejected(request, "INVALID_REQUEST", violation.field(),
                    "field " + violation.field() + ": " + violation.rule(), Instant.ofEpochMilli(now)), now);
            return;
        }
        Decomposition decomposition;
        try {
            decomposition = Vgdl.compile(request.getVgdl(), settings.maxComponents());
        } catch (VgdlException e) {
            decide(state, VirtualGridDecisions.rejected(request, "INVALID_REQUEST", "vgdl", "field vgdl: "
                    + e.getMessage(), Instant.ofEpochMilli(now)), now);
            return;
        }
        String unmatched;
        try {
            unmatched = select(state, decomposition);
        } catch (IllegalArgumentException e) {
            // A specification the parser let through but selection cannot serve: the user's, not the pipeline's.
            decide(state, VirtualGridDecisions.rejected(request, "INVALID_REQUEST", "vgdl", "field vgdl: cannot be "
                    + "selected: " + e.getMessage(), Instant.ofEpochMilli(now)), now);
            return;
        }
        if (unmatched != null) {
            decide(state, VirtualGridDecisions.rejected(request, "NO_MATCHING_RESOURCES", "vgdl", unmatched,
                    Instant.ofEpochMilli(now)), now);
            return;
        }
        int[] available = state.getComponents().stream().mapToInt(c -> c.getSelections().size()).toArray();
        BindingProcess process = approach(state).start(available);
        nextRound(state, process, now);
    }

    /** Fills the state's components with their selections; returns why nothing matches, or null. */
    private String select(VirtualGridState state, Decomposition decomposition) {
        GridCatalogue.Snapshot snapshot = catalogue.snapshot(resources);
        if (snapshot.tables() == null) {
            return "the catalogue holds no resources";
        }
        SelectionResult result = new ComponentSelector(snapshot.tables())
                .select(decomposition, state.getRequest().getSelections());
        if (!result.matched()) {
            return result.unmatched().orElse("no match");
        }
        List<ComponentChoices> components = new ArrayList<>();
        for (ComponentSelections component : result.components()) {
            List<SelectedHosts> selections = new ArrayList<>();
            for (Candidate candidate : component.selections()) {
                List<String> domains = new ArrayList<>();
                List<String> ids = new ArrayList<>();
                for (int row : candidate.hosts()) {
                    Resource r = snapshot.resourceAt(row);
                    domains.add(r.getDomain());
                    ids.add(r.getId());
                }
                selections.add(new SelectedHosts(domains, ids));
            }
            components.add(new ComponentChoices(selections));
        }
        if (components.isEmpty()) {
            return "the specification selects no component";
        }
        state.setComponents(components);
        return null;
    }

    private void onReply(BindReply reply, long now) {
        VirtualGridState state = states.get(reply.getRequestId());
        if (state == null || state.getDecision() != null || reply.getOp() != BindOp.BIND) {
            return; // releases are acknowledged for the domains' sake; stale answers change nothing
        }
        AwaitedBind awaited = state.getAwaiting().stream()
                .filter(a -> a.getCommandId().equals(reply.getCommandId()) && a.getAccepted() == null)
                .findFirst().orElse(null);
        if (awaited == null) {
            LOG.debug("Answer {} of virtual grid {} is not awaited: ignored", reply.getCommandId(), reply.getRequestId());
            return;
        }
        awaited.setAccepted(reply.getAccepted());
        if (!reply.getAccepted() && Boolean.TRUE.equals(reply.getContended())) {
            state.setContended(true);
        }
        state.setUpdatedAt(Instant.ofEpochMilli(now));
        if (state.getAwaiting().stream().allMatch(a -> a.getAccepted() != null)) {
            concludeRound(state, now);
        } else {
            states.put(reply.getRequestId(), state);
        }
    }

    /** Every BIND of the round answered (or timed out): decide the round and go on. */
    private void concludeRound(VirtualGridState state, long now) {
        BindingProcess process = Approach.resume(BindCommands.state(approach(state), state.getBinding()));
        List<BindAttempt> round = process.round();
        boolean[] accepted = new boolean[round.size()];
        for (int i = 0; i < round.size(); i++) {
            BindAttempt attempt = round.get(i);
            List<AwaitedBind> parts = state.getAwaiting().stream()
                    .filter(a -> a.getComponent() == attempt.component() && a.getSelection() == attempt.selection())
                    .toList();
            accepted[i] = !parts.isEmpty() && parts.stream().allMatch(a -> Boolean.TRUE.equals(a.getAccepted()));
            if (!accepted[i]) {
                // Refused somewhere: let go where it was booked, and where no answer came (it may book late).
                for (AwaitedBind part : parts) {
                    if (!Boolean.FALSE.equals(part.getAccepted())) {
                        send(state, BindOp.RELEASE, part.getComponent(), part.getSelection(), part.getDomain(),
                                BindCommands.byDomain(BindCommands.selection(state, part.getComponent(),
                                        part.getSelection())).get(part.getDomain()), now);
                    }
                }
            }
        }
        for (BindAttempt release : process.answer(accepted)) {
            BindCommands.byDomain(BindCommands.selection(state, release.component(), release.selection()))
                    .forEach((domain, ids) -> send(state, BindOp.RELEASE, release.component(), release.selection(),
                            domain, ids, now));
        }
        state.setAwaiting(List.of());
        nextRound(state, process, now);
    }

    /** Sends the binds of the process's next round, or decides once it has. */
    private void nextRound(VirtualGridState state, BindingProcess process, long now) {
        state.setBinding(BindCommands.snapshot(process.state()));
        if (process.decided()) {
            var outcome = process.outcome();
            if (!outcome.success() && state.getContended() && state.getTries() + 1 < settings.bindTries()) {
                backOff(state, outcome.attempts());
                return;
            }
            Instant at = Instant.ofEpochMilli(now);
            decide(state, outcome.success() ? VirtualGridDecisions.accepted(state, outcome, at)
                    : VirtualGridDecisions.bindingFailed(state, outcome, at), now);
            return;
        }
        state.setRound(state.getRound() + 1);
        List<AwaitedBind> awaiting = new ArrayList<>();
        for (BindAttempt attempt : process.round()) {
            BindCommands.byDomain(BindCommands.selection(state, attempt.component(), attempt.selection()))
                    .forEach((domain, ids) -> awaiting.add(new AwaitedBind(send(state, BindOp.BIND, attempt.component(),
                            attempt.selection(), domain, ids, now), attempt.component(), attempt.selection(), domain,
                            null)));
        }
        state.setAwaiting(awaiting);
        store(state);
    }

    /**
     * Gives the failed try up (the process has released everything it held) and waits before the next one: the
     * stored binding keeps the failed outcome until then, which is how {@link #expire} tells a back-off from a round.
     */
    private void backOff(VirtualGridState state, int attempts) {
        state.setTries(state.getTries() + 1);
        state.setRetriedAttempts(state.getRetriedAttempts() + attempts);
        state.setAwaiting(List.of());
        long delay = backoffMillis(state);
        LOG.info("Virtual grid {}: try {} lost hosts to another virtual grid; everything released, trying again in {} ms",
                state.getRequest().getRequestId(), state.getTries(), delay);
        states.put(state.getRequest().getRequestId(), state);
        deadlines.put(state.getRequest().getRequestId(), context.currentSystemTimeMs() + delay);
    }

    private long backoffMillis(VirtualGridState state) {
        return RetryBackoff.delayMillis(settings.seed(), state.getRequest().getRequestId(), state.getTries(),
                settings.retryBackoff());
    }

    private static boolean backingOff(VirtualGridState state) {
        return state.getDecision() == null && state.getBinding() != null && state.getBinding().getOutcome() == 0;
    }

    /** The next try after a back-off: a fresh binding process over the same selections, best first again. */
    private void retry(VirtualGridState state) {
        state.setContended(false);
        int[] available = state.getComponents().stream().mapToInt(c -> c.getSelections().size()).toArray();
        // At the event time of the last change, as a timed-out round: the commands do not depend on the wall clock.
        nextRound(state, approach(state).start(available), state.getUpdatedAt().toEpochMilli());
    }

    private void decide(VirtualGridState state, ReservationDecision decision, long now) {
        state.setDecision(decision);
        state.setAwaiting(List.of());
        String id = state.getRequest().getRequestId();
        LOG.info("Virtual grid {} of {}: {} {}", id, state.getRequest().getUser(), decision.getStatus(),
                decision.getReasonCode() == null ? "" : decision.getReasonCode());
        forward(id, decision, now);
        context.forward(new Record<>(id, VirtualGridDecisions.notification(state.getRequest(), decision), now),
                VirtualGridTopology.NOTIFICATIONS_SINK);
        store(state);
        decided.add(id, forgetAfter(state));
    }

    /** The stream time after which a decided request is forgotten: its decision, or its bookings' end, + retention. */
    private long forgetAfter(VirtualGridState state) {
        long last = state.getDecision().getDecidedAt().toEpochMilli();
        if (state.getDecision().getStatus() == io.coreserve.events.ReservationStatus.ACCEPTED) {
            last = Math.max(last, state.getEnd().toEpochMilli());
        }
        return last + settings.retention().toMillis();
    }

    /** The stream-time punctuator: deletes the requests decided long enough ago (only those, found by the index). */
    private void prune(long streamTime) {
        List<String> due = decided.takeBefore(streamTime);
        for (String id : due) {
            states.delete(id);
        }
        if (!due.isEmpty()) {
            LOG.debug("Forgot {} virtual grids decided more than {} ago", due.size(), settings.retention());
        }
    }

    /** Stores the state and (re)starts its round's timeout, or ends it once decided. */
    private void store(VirtualGridState state) {
        String id = state.getRequest().getRequestId();
        states.put(id, state);
        if (state.getDecision() != null) {
            deadlines.remove(id);
        } else {
            deadlines.put(id, context.currentSystemTimeMs() + settings.bindTimeout().toMillis());
        }
    }

    /** The wall-clock punctuator: ends the rounds whose answers did not all come within the bind timeout. */
    private void expire(long now) {
        if (!deadlinesLoaded) {
            try (KeyValueIterator<String, VirtualGridState> all = states.all()) {
                all.forEachRemaining(kv -> {
                    if (kv.value.getDecision() == null) {
                        deadlines.putIfAbsent(kv.key, now + (backingOff(kv.value) ? backoffMillis(kv.value)
                                : settings.bindTimeout().toMillis()));
                    }
                });
            }
            deadlinesLoaded = true;
        }
        List<String> due = deadlines.entrySet().stream().filter(e -> e.getValue() <= now).map(Map.Entry::getKey)
                .sorted().toList();
        for (String id : due) {
            VirtualGridState state = states.get(id);
            if (state == null || state.getDecision() != null) {
                deadlines.remove(id);
                continue;
            }
            if (backingOff(state)) {
                retry(state);
                continue;
            }
            List<String> silent = state.getAwaiting().stream().filter(a -> a.getAccepted() == null)
                    .map(AwaitedBind::getDomain).distinct().toList();
            LOG.warn("Virtual grid {}: no answer from {} within {} in round {}; counted as refused", id, silent,
                    settings.bindTimeout(), state.getRound());
            // Decided at the event time of the round's last change, so a replay decides with the same times.
            concludeRound(state, state.getUpdatedAt().toEpochMilli());
        }
    }

    private String send(VirtualGridState state, BindOp op, int component, int selection, String domain,
            List<String> resourceIds, long now) {
        var command = BindCommands.command(state, op, component, selection, domain, resourceIds, now);
        context.forward(new Record<>(domain, command, now), VirtualGridTopology.COMMANDS_SINK);
        return command.getCommandId();
    }

    private void forward(String requestId, ReservationDecision decision, long now) {
        context.forward(new Record<>(requestId, decision, now), VirtualGridTopology.DECISIONS_SINK);
    }

    private static Approach approach(VirtualGridState state) {
        return Approach.valueOf(state.getRequest().getBinding().name());
    }
}
