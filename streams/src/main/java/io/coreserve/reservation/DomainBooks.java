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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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

    /** Books for {@code resources} (retired ones left out) with {@code accepted} decisions booked again. */
    static DomainBooks build(PropertySchema properties, EngineConfig config, List<Resource> resources,
            Iterable<ReservationDecision> accepted) {
        InMemoryCatalogue catalogue = new InMemoryCatalogue(properties);
        for (Resource r : resources) {
            if (!r.getRetired()) {
                catalogue.add(EventMapping.toEngine(r));
            }
        }
        DomainBooks books = new DomainBooks(properties, catalogue,
                new InMemoryTimetables(catalogue.size(), properties.size()), config);
        for (ReservationDecision d : accepted) {
            books.rebook(d);
        }
        return books;
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
