package io.coreserve.reservation;

import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Builds a domain's {@link DomainBooks} from the stores: the catalogue, the down resources, the accepted
 * reservations and the background samples. The stream task uses it on its own stores; the HTTP probe uses it on
 * read-only views of them, so a probe never touches the books the task is changing.
 */
record BooksLoader(ReadOnlyKeyValueStore<String, Resource> catalogue,
        ReadOnlyKeyValueStore<String, ReservationDecision> decisions,
        ReadOnlyKeyValueStore<String, ResourceSample> background,
        ReadOnlyKeyValueStore<String, ResourceSample> downResources) {

    DomainBooks load(String domain, ReservationSettings settings) {
        return load(domain, settings, Long.MIN_VALUE);
    }

    /**
     * The books with only the reservations that end after {@code endsAfter} booked: enough for a question about
     * windows that start at {@code endsAfter} or later, such as a probe at that time.
     */
    DomainBooks load(String domain, ReservationSettings settings, long endsAfter) {
        DomainBooks.Rebuild rebuild = rebuild(domain, settings);
        // Fed while read, not listed first: the store holds every decision of the retention, most of them not
        // bookings.
        each(decisions, domain, d -> rebook(rebuild, d, endsAfter));
        return finish(domain, rebuild);
    }

    /** Empty books for {@code domain}'s catalogue and down resources, for decisions read by the caller's scan. */
    DomainBooks.Rebuild rebuild(String domain, ReservationSettings settings) {
        Set<String> down = new HashSet<>();
        scan(downResources, domain).forEach(s -> down.add(s.getResourceId()));
        return DomainBooks.rebuild(settings.properties(), settings.engine(), scan(catalogue, domain), down);
    }

    /** Books {@code decision} again if it is an accepted reservation that ends after {@code endsAfter}. */
    static void rebook(DomainBooks.Rebuild rebuild, ReservationDecision decision, long endsAfter) {
        if (decision.getStatus() == ReservationStatus.ACCEPTED && decision.getEnd().toEpochMilli() > endsAfter) {
            rebuild.rebook(decision);
        }
    }

    /** The books of {@code domain}, with its background samples added to what {@code rebuild} was fed. */
    DomainBooks finish(String domain, DomainBooks.Rebuild rebuild) {
        each(background, domain, rebuild::occupy);
        return rebuild.done();
    }

    /** The values of {@code domain}'s entries: every key of {@link ReservationStores} starts with its domain. */
    static <V> List<V> scan(ReadOnlyKeyValueStore<String, V> store, String domain) {
        List<V> values = new ArrayList<>();
        each(store, domain, values::add);
        return values;
    }

    /** Each value of {@code domain}'s entries, in key order, none kept. */
    static <V> void each(ReadOnlyKeyValueStore<String, V> store, String domain, Consumer<V> action) {
        try (KeyValueIterator<String, V> it = store.prefixScan(ReservationStores.domainPrefix(domain),
                new StringSerializer())) {
            it.forEachRemaining(kv -> action.accept(kv.value));
        }
    }
}
