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
    Outcome onResource(String domain, Resource resource, long eventTimeMillis);

    /** A monitoring sample arrived. */
    Outcome onSample(String domain, ResourceSample sample, long eventTimeMillis);

    /** A user command: a request, a cancellation or an acceptance of a counter-offer. */
    Outcome onCommand(String domain, ReservationCommand command, long eventTimeMillis);

    /** What one event produces: at most one decision and any number of notifications. */
    record Outcome(ReservationDecision decision, List<Notification> notifications) {

        public static final Outcome NOTHING = new Outcome(null, List.of());

        public static Outcome of(ReservationDecision decision, Notification... notifications) {
            return new Outcome(decision, List.of(notifications));
        }

        public static Outcome notify(List<Notification> notifications) {
            return new Outcome(null, List.copyOf(notifications));
        }
    }

    /** Creates the handler of one task, once the task's state stores are available. */
    @FunctionalInterface
    interface Factory {
        DomainEventHandler create(org.apache.kafka.streams.processor.api.ProcessorContext<?, ?> context);
    }
}
