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
        List<Resource> resources = scan(catalogue, domain);
        Set<String> down = new HashSet<>();
        scan(downResources, domain).forEach(s -> down.add(s.getResourceId()));
        List<ResourceSample> occupancy = scan(background, domain);
        // Filtered while read, not after: the store holds every decision of the retention, most of them not bookings.
        List<ReservationDecision> accepted = new ArrayList<>();
        each(decisions, domain, d -> {
            if (d.getStatus() == ReservationStatus.ACCEPTED && d.getEnd().toEpochMilli() > endsAfter) {
                accepted.add(d);
            }
        });
        return DomainBooks.build(settings.properties(), settings.engine(), resources, down, accepted, occupancy);
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
