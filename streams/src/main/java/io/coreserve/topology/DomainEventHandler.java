package io.coreserve.topology;

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

    /** A resource joined, changed or left the catalogue. */
    Output onResource(String domain, Resource resource, long eventTimeMillis);

    /** A monitoring sample arrived. */
    Output onSample(String domain, ResourceSample sample, long eventTimeMillis);

    /** A user command: a request, a cancellation or an acceptance of a counter-offer. */
    Output onCommand(String domain, ReservationCommand command, long eventTimeMillis);

    /** Stream time has advanced to {@code streamTimeMillis} (called every {@link Factory#tickInterval()}). */
    default Output onStreamTime(long streamTimeMillis) {
        return Output.NOTHING;
    }

    /** What one event produces: at most one decision and any number of notifications. */
    record Output(ReservationDecision decision, List<Notification> notifications) {

        public static final Output NOTHING = new Output(null, List.of());

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
