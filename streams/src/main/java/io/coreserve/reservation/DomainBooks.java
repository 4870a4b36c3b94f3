package io.coreserve.reservation;

import io.coreserve.engine.allocation.Assignment;
import io.coreserve.engine.allocation.CoAllocator;
import io.coreserve.engine.allocation.EngineConfig;
import io.coreserve.engine.allocation.Plan;
import io.coreserve.engine.allocation.SearchStats;
import io.coreserve.engine.catalogue.InMemoryCatalogue;
import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Quantity;
import io.coreserve.engine.timetable.InMemoryTimetables;
import io.coreserve.events.Allocation;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One domain's books in memory: the engine's catalogue and timetables, built from the task's changelogged
 * stores (the catalogue, and the accepted decisions, which carry exactly what was booked). The stores are the
 * truth; this is an index over them, rebuilt whenever the task starts or the catalogue changes.
 */
final class DomainBooks {

    private final PropertySchema properties;
    private final InMemoryCatalogue catalogue;
    private final InMemoryTimetables timetables;
    private final CoAllocator allocator;

    private DomainBooks(PropertySchema properties, InMemoryCatalogue catalogue, InMemoryTimetables timetables,
            EngineConfig config) {
        this.properties = properties;
        this.catalogue = catalogue;
        this.timetables = timetables;
        this.allocator = new CoAllocator(catalogue, timetables, config);
    }

    /**
     * Books for {@code resources} (retired and down ones left out, so they are never selected), with
     * {@code accepted} decisions booked again and {@code background} samples booked as occupancy.
     */
    static DomainBooks build(PropertySchema configured, EngineConfig config, List<Resource> resources,
            Set<String> down, Iterable<ReservationDecision> accepted, Iterable<ResourceSample> background) {
        PropertySchema properties = propertiesOf(configured, resources);
        InMemoryCatalogue catalogue = new InMemoryCatalogue(properties);
        for (Resource r : resources) {
            if (!r.getRetired() && !down.contains(r.getId())) {
                catalogue.add(EventMapping.toEngine(r, properties));
            }
        }
        DomainBooks books = new DomainBooks(properties, catalogue,
                new InMemoryTimetables(catalogue.size(), properties.size()), config);
        for (ReservationDecision d : accepted) {
            books.rebook(d);
        }
        for (ResourceSample sample : background) {
            books.occupy(sample);
        }
        return books;
    }

    /**
     * The domain's property list P (seed 000 section 2): the configured properties that at least one of its
     * resources has. The paper gives every property of P a small default e_i, so a property no resource of the
     * domain has would exclude them all (an SWF cluster has cores only); leaving it out of P makes a request that
     * names it fail as naming an unknown property instead. With no resources, the configured list.
     */
    static PropertySchema propertiesOf(PropertySchema configured, List<Resource> resources) {
        List<String> present = configured.names().stream()
                .filter(name -> resources.stream().anyMatch(r -> r.getProperties().containsKey(name)))
                .toList();
        return present.isEmpty() ? configured : PropertySchema.of(present);
    }

    /**
     * Books a sample's measured usage as background occupancy over its window: the amounts used per property,
     * cut to [0, capacity]. Usage is not checked against bookings: a resource that is busier than booked simply
     * has less to offer until the window passes.
     */
    void occupy(ResourceSample sample) {
        long[] amounts = backgroundAmounts(sample);
        if (amounts != null) {
            timetables.reserve(catalogue.indexOf(sample.getResourceId()), sample.getWindowStart().toEpochMilli(),
                    sample.getWindowEnd().toEpochMilli(), amounts);
        }
    }

    /** Takes back exactly what {@link #occupy} booked for {@code sample}. */
    void vacate(ResourceSample sample) {
        long[] amounts = backgroundAmounts(sample);
        if (amounts != null) {
            timetables.release(catalogue.indexOf(sample.getResourceId()), sample.getWindowStart().toEpochMilli(),
                    sample.getWindowEnd().toEpochMilli(), amounts);
        }
    }

    private long[] backgroundAmounts(ResourceSample sample) {
        int index = catalogue.indexOf(sample.getResourceId());
        if (index < 0 || !sample.getWindowEnd().isAfter(sample.getWindowStart())) {
            return null;
        }
        long[] amounts = new long[properties.size()];
        boolean any = false;
        for (Map.Entry<String, Double> e : sample.getUsed().entrySet()) {
            int p = properties.indexOf(e.getKey());
            if (p >= 0 && e.getValue() != null && Quantity.isValidAmount(e.getValue())) {
                amounts[p] = Math.min(Quantity.toMicros(e.getValue()), catalogue.capacity(index, p));
                any |= amounts[p] > 0;
            }
        }
        return any ? amounts : null;
    }

    CoAllocator allocator() {
        return allocator;
    }

    InMemoryCatalogue catalogue() {
        return catalogue;
    }

    InMemoryTimetables timetables() {
        return timetables;
    }

    PropertySchema properties() {
        return properties;
    }

    /** Books an accepted decision's amounts again, without a capacity check: it was checked when decided. */
    private void rebook(ReservationDecision decision) {
        for (Assignment a : assignments(decision)) {
            timetables.reserve(a.resource(), decision.getStart().toEpochMilli(), decision.getEnd().toEpochMilli(),
                    a.amounts());
        }
    }

    /** Releases exactly what an accepted decision booked (on resources still in the catalogue). */
    void release(ReservationDecision decision) {
        allocator.release(planOf(decision));
    }

    Plan planOf(ReservationDecision decision) {
        return new Plan(decision.getRequestId(), decision.getStart().toEpochMilli(), decision.getEnd().toEpochMilli(),
                assignments(decision), 0, 0, null, SearchStats.NONE);
    }

    private List<Assignment> assignments(ReservationDecision decision) {
        List<Assignment> result = new ArrayList<>();
        for (Allocation allocation : decision.getAllocations()) {
            int index = catalogue.indexOf(allocation.getResourceId());
            if (index < 0) {
                continue; // the resource has left the catalogue; nothing of it is booked any more
            }
            long[] amounts = new long[properties.size()];
            for (Map.Entry<String, Double> e : allocation.getAmounts().entrySet()) {
                int p = properties.indexOf(e.getKey());
                if (p >= 0) {
                    amounts[p] = Quantity.toMicros(e.getValue());
                }
            }
            result.add(new Assignment(index, allocation.getResourceId(), amounts));
        }
        return result;
    }
}
