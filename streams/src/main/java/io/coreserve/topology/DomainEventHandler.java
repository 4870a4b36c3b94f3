package io.coreserve.topology;

import io.coreserve.events.BindCommand;
import io.coreserve.events.BindReply;
import io.coreserve.events.Notification;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import java.util.List;

/**
 * The business logic of one domain's task: catalogue changes, monitoring samples and user commands, in
 * the order the task receives them. Implementations keep their state in the task's stores.
 */
public interface DomainEventHandler {

    /**
     * The header that the requests topic's deserializer puts on a command whose sender it could not authenticate;
     * its value is the reason, as UTF-8 text. Without it, the command's {@code user} is the authenticated sender.
     */
    String AUTH_ERROR_HEADER = "coreserve-auth-error";

    /** A resource joined, changed or left the catalogue; {@code key} is the record's key. */
    Output onResource(String key, Resource resource, long eventTimeMillis);

    /** A monitoring sample arrived. */
    Output onSample(String key, ResourceSample sample, long eventTimeMillis);

    /**
     * A user command: a request, a cancellation or an acceptance of a counter-offer; {@code authError} is the value
     * of {@link #AUTH_ERROR_HEADER}, or null when the record has none.
     */
    Output onCommand(String key, ReservationCommand command, long eventTimeMillis, String authError);

    /**
     * A bind or release of a virtual grid's coordinator (seed 004) for this task's domain, from the bind-commands
     * topic that only the application writes; the answer is in {@link Output#bindReplies()}.
     */
    default Output onBindCommand(String key, BindCommand command, long eventTimeMillis) {
        return Output.NOTHING;
    }

    /** Stream time has advanced to {@code streamTimeMillis} (called every {@link Factory#tickInterval()}). */
    default Output onStreamTime(long streamTimeMillis) {
        return Output.NOTHING;
    }

    /** The task is closing (rebalance, shutdown): let go of what was registered outside the task. */
    default void close() {
    }

    /**
     * What one event produces: at most one decision, any number of notifications, and the answers to bind commands
     * (for the bind-replies topic).
     */
    record Output(ReservationDecision decision, List<Notification> notifications, List<BindReply> bindReplies) {

        public static final Output NOTHING = new Output(null, List.of());

        public Output(ReservationDecision decision, List<Notification> notifications) {
            this(decision, notifications, List.of());
        }

        public static Output of(ReservationDecision decision, Notification... notifications) {
            return new Output(decision, List.of(notifications));
        }

        public static Output notify(List<Notification> notifications) {
            return new Output(null, List.copyOf(notifications));
        }
    }

    /** Creates the handler of one task, once the task's state stores are available. */
    @FunctionalInterface
    interface Factory {
        DomainEventHandler create(org.apache.kafka.streams.processor.api.ProcessorContext<?, ?> context);

        /** How often, in stream time, {@link #onStreamTime} is called; null for never. */
        default java.time.Duration tickInterval() {
            return null;
        }
    }
}
