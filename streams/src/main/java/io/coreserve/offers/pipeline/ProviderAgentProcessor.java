package io.coreserve.offers.pipeline;

import io.coreserve.events.AgentCommand;
import io.coreserve.events.AgentReply;
import io.coreserve.events.AskOffer;
import io.coreserve.events.BookedPart;
import io.coreserve.events.ProviderBook;
import io.coreserve.events.Release;
import io.coreserve.events.Reserve;
import io.coreserve.events.ReserveAck;
import io.coreserve.offers.agent.OfferRequest;
import io.coreserve.offers.agent.ProviderAgent;
import io.coreserve.offers.agent.Reservation;
import io.coreserve.topology.FreshCommits;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The resource provider agents of seed 001 (section 3.1): answers AskOffer with Algorithm 1
 * ({@link ProviderAgent#offer}), accepts a Reserve only if it keeps every reservation already accepted, and
 * releases on request. Commands are keyed by provider id, so the task owning a provider's partition is the
 * only writer of its book.
 *
 * <p>The book (store {@value OfferFlowTopology#PROVIDER_BOOKS_STORE}) holds the accepted reservations; the
 * availability profile that answers offers is rebuilt from it the first time a provider is used after
 * {@link #init}, which runs again whenever the task is (re)started, so the in-memory profile never outlives
 * the state it was built from. A Reserve is idempotent per (request, attempt, part): a repeat is acknowledged
 * again and books nothing.
 *
 * <p>Once a minute of stream time, reservations that ended more than the retention ago leave the books (they no
 * longer constrain any offer), so books do not grow forever; the profiles are rebuilt from the pruned books.
 */
final class ProviderAgentProcessor implements Processor<String, AgentCommand, String, AgentReply> {

    private static final Logger LOG = LoggerFactory.getLogger(ProviderAgentProcessor.class);

    private final Providers providers;
    private final Duration retention;
    private final Map<String, ProviderAgent> agents = new HashMap<>();
    private ProcessorContext<String, AgentReply> context;
    private FreshCommits commits;
    private KeyValueStore<String, ProviderBook> books;

    ProviderAgentProcessor(Providers providers, Duration retention) {
        this.providers = providers;
        this.retention = retention;
    }

    @Override
    public void init(ProcessorContext<String, AgentReply> context) {
        this.context = context;
        this.commits = FreshCommits.of(context.appConfigs());
        this.books = context.getStateStore(OfferFlowTopology.PROVIDER_BOOKS_STORE);
        agents.clear();
        context.schedule(Duration.ofMinutes(1), PunctuationType.STREAM_TIME, this::prune);
    }

    /** Drops reservations that ended before {@code now} minus the retention. */
    private void prune(long now) {
        Instant before = Instant.ofEpochMilli(now).minus(retention);
        List<ProviderBook> pruned = new ArrayList<>();
        try (KeyValueIterator<String, ProviderBook> all = books.all()) {
            while (all.hasNext()) {
                ProviderBook book = all.next().value;
                List<BookedPart> kept = book.getReservations().stream().filter(p -> p.getEnd().isAfter(before)).toList();
                if (kept.size() != book.getReservations().size()) {
                    pruned.add(new ProviderBook(book.getProviderId(), kept));
                }
            }
        }
        for (ProviderBook book : pruned) {
            books.put(book.getProviderId(), book);
            agents.remove(book.getProviderId());
        }
    }

    @Override
    public void process(Record<String, AgentCommand> record) {
        handle(record);
        // Commit soon what a fresh input caused (see FreshCommits): the next hop reads it only then.
        commits.afterOutput(context, record.timestamp());
    }

    private void handle(Record<String, AgentCommand> record) {
        AgentCommand command = record.value();
        if (command == null) {
            return;
        }
        String providerId = command.getProviderId();
        int c = providers.number(providerId);
        if (c < 0) {
            LOG.warn("Command for unknown provider {} (request {}) ignored", providerId, command.getRequestId());
            return;
        }
        Instant now = Instant.ofEpochMilli(record.timestamp());
        Object reply;
        if (command.getCommand() instanceof AskOffer ask) {
            reply = offer(c, command.getRequestId(), ask, now);
        } else if (command.getCommand() instanceof Reserve reserve) {
            reply = reserve(c, command, reserve);
        } else if (command.getCommand() instanceof Release) {
            release(c, command);
            return;
        } else {
            return;
        }
        AgentReply out = AgentReply.newBuilder().setProviderId(providerId).setRequestId(command.getRequestId())
                .setAttempt(command.getAttempt()).setReply(reply).setSentAt(now).build();
        context.forward(new Record<>(command.getRequestId(), out, record.timestamp()));
    }

    /** Algorithm 1; does not change the book. */
    private io.coreserve.events.Offer offer(int c, String requestId, AskOffer ask, Instant now) {
        OfferRequest request = new OfferRequest(Providers.jobNumber(requestId), ask.getLengthMi(), ask.getProcessors(),
                Providers.seconds(ask.getNotBefore()));
        return providers.toEvent(agent(c).offer(request), requestId, now);
    }

    /** The receiving end of sendAR (Algorithm 2, line 22). */
    private ReserveAck reserve(int c, AgentCommand command, Reserve reserve) {
        ProviderBook book = book(c);
        long start = Providers.seconds(reserve.getStart());
        long duration = Providers.seconds(reserve.getDurationMillis());
        ReserveAck.Builder ack = ReserveAck.newBuilder().setPart(reserve.getPart()).setStart(reserve.getStart())
                .setDurationMillis(reserve.getDurationMillis()).setProcessors(reserve.getProcessors());
        for (BookedPart p : book.getReservations()) {
            if (p.getRequestId().equals(command.getRequestId()) && p.getAttempt() == command.getAttempt()
                    && p.getPart() == reserve.getPart()) {
                LOG.debug("Reserve {}/{}/{} on {} seen before: acknowledged again", command.getRequestId(),
                        command.getAttempt(), reserve.getPart(), command.getProviderId());
                return ack.setAccepted(true).build();
            }
        }
        ProviderAgent agent = agent(c);
        var accepted = agent.reserve(Providers.jobNumber(command.getRequestId()), start, reserve.getProcessors(), duration);
        if (accepted.isEmpty()) {
            int free = agent.profile().minFree(start, start + duration);
            LOG.info("Provider {} refuses {} processors at {} for {} (attempt {}): {} free", command.getProviderId(),
                    reserve.getProcessors(), reserve.getStart(), command.getRequestId(), command.getAttempt(), free);
            return ack.setAccepted(false).setFreeProcessors(free).build();
        }
        List<BookedPart> parts = new ArrayList<>(book.getReservations());
        parts.add(new BookedPart(command.getRequestId(), command.getAttempt(), reserve.getPart(),
                Providers.instant(start), Providers.instant(start + duration), reserve.getProcessors()));
        books.put(command.getProviderId(), new ProviderBook(command.getProviderId(), parts));
        return ack.setAccepted(true).build();
    }

    /** Cancels what this provider accepted for the request's attempt; a repeat finds nothing left to release. */
    private void release(int c, AgentCommand command) {
        ProviderBook book = book(c);
        List<BookedPart> kept = new ArrayList<>(book.getReservations().size());
        ProviderAgent agent = agent(c);
        for (BookedPart p : book.getReservations()) {
            if (p.getRequestId().equals(command.getRequestId()) && p.getAttempt() == command.getAttempt()) {
                agent.release(reservation(c, p), Providers.seconds(p.getStart()));
            } else {
                kept.add(p);
            }
        }
        if (kept.size() != book.getReservations().size()) {
            LOG.info("Provider {} releases {} part(s) of {} (attempt {})", command.getProviderId(),
                    book.getReservations().size() - kept.size(), command.getRequestId(), command.getAttempt());
            books.put(command.getProviderId(), new ProviderBook(command.getProviderId(), kept));
        }
    }

    private ProviderBook book(int c) {
        ProviderBook book = books.get(providers.id(c));
        return book != null ? book : new ProviderBook(providers.id(c), List.of());
    }

    /** The agent of provider c, its ARList replayed from the book the first time it is needed. */
    private ProviderAgent agent(int c) {
        return agents.computeIfAbsent(providers.id(c), id -> {
            ProviderAgent agent = new ProviderAgent(c, providers.cluster(c), 0);
            for (BookedPart p : book(c).getReservations()) {
                Reservation r = reservation(c, p);
                if (agent.reserve(r.jobId(), r.start(), r.processors(), r.duration()).isEmpty()) {
                    throw new IllegalStateException("book of provider " + id + " over-commits at " + p);
                }
            }
            return agent;
        });
    }

    private static Reservation reservation(int c, BookedPart p) {
        return new Reservation(c, Providers.jobNumber(p.getRequestId()), Providers.seconds(p.getStart()),
                Providers.seconds(p.getEnd()), p.getProcessors());
    }
}
