package io.coreserve.reservation;

import io.coreserve.engine.allocation.Assignment;
import io.coreserve.engine.allocation.CoAllocator;
import io.coreserve.engine.allocation.EngineConfig;
import io.coreserve.engine.allocation.Plan;
import io.coreserve.engine.allocation.SearchStats;
import io.coreserve.engine.catalogue.InMemoryCatalogue;
import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Quantity;
import io.coreserve.engine.srl.Inventories;
import io.coreserve.engine.srl.Inventory;
import io.coreserve.engine.srl.PartAllocation;
import io.coreserve.engine.srl.PartType;
import io.coreserve.engine.srl.ResourcePool;
import io.coreserve.engine.srl.TimetableBooker;
import io.coreserve.engine.timetable.BulkReservations;
import io.coreserve.engine.timetable.InMemoryTimetables;
import io.coreserve.events.Allocation;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.events.ReservedPart;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One domain's books in memory: the engine's catalogue and timetables, built from the task's changelogged
 * stores (the catalogue, and the accepted decisions, which carry exactly what was booked). The stores are the
 * truth; this is an index over them, rebuilt whenever the task starts or the catalogue changes.
 *
 * <p>Nodes (what seed 000's collective requests choose from) are the catalogue; network links ({@code type=network})
 * and storage ({@code type=storage}) are pools of their own for SRL co-reservations (seed 002), so they never add a
 * property to the nodes' list or become a candidate of a collective request. The {@link #inventory} of SRL parts
 * shares the nodes' catalogue and timetables: a co-reservation and a collective request see each other's bookings.
 */
final class DomainBooks {

    private final PropertySchema properties;
    private final InMemoryCatalogue catalogue;
    private final InMemoryTimetables timetables;
    private final CoAllocator allocator;
    private final Inventory inventory;
    private final TimetableBooker booker;

    private DomainBooks(PropertySchema properties, InMemoryCatalogue catalogue, InMemoryTimetables timetables,
            List<Set<String>> nodeLabels, Inventory others, EngineConfig config) {
        this.properties = properties;
        this.catalogue = catalogue;
        this.timetables = timetables;
        this.allocator = new CoAllocator(catalogue, timetables, config);
        this.inventory = new Inventory(new ResourcePool(catalogue, timetables, nodeLabels), others.links(),
                others.storage());
        this.booker = new TimetableBooker(inventory);
    }

    /**
     * Books for {@code resources} (retired and down ones left out, so they are never selected), with
     * {@code accepted} decisions booked again and {@code background} samples booked as occupancy.
     */
    static DomainBooks build(PropertySchema configured, EngineConfig config, List<Resource> resources,
            Set<String> down, Iterable<ReservationDecision> accepted, Iterable<ResourceSample> background) {
        Rebuild rebuild = rebuild(configured, config, resources, down);
        accepted.forEach(rebuild::rebook);
        background.forEach(rebuild::occupy);
        return rebuild.done();
    }

    /** Empty books for {@code resources}, to be filled from stored reservations and samples (see {@link Rebuild}). */
    static Rebuild rebuild(PropertySchema configured, EngineConfig config, List<Resource> resources,
            Set<String> down) {
        List<Resource> inService = resources.stream()
                .filter(r -> !r.getRetired() && !down.contains(r.getId())).toList();
        List<Resource> nodes = resources.stream().filter(EventMapping::isNode).toList();
        PropertySchema properties = propertiesOf(configured, nodes);
        InMemoryCatalogue catalogue = new InMemoryCatalogue(properties);
        List<Set<String>> nodeLabels = new ArrayList<>();
        List<io.coreserve.engine.model.Resource> others = new ArrayList<>();
        for (Resource r : inService) {
            if (EventMapping.isNode(r)) {
                catalogue.add(EventMapping.toEngine(r, properties));
                nodeLabels.add(EventMapping.labels(r.getLabels()));
            } else {
                others.add(new io.coreserve.engine.model.Resource(r.getId(), r.getProperties(),
                        EventMapping.labels(r.getLabels())));
            }
        }
        return new Rebuild(new DomainBooks(properties, catalogue,
                new InMemoryTimetables(catalogue.size(), properties.size()), nodeLabels,
                Inventories.of(properties, others), config));
    }

    /**
     * Books being rebuilt from what the stores hold: accepted decisions and background samples are gathered, then
     * {@link #done} books the nodes' amounts with one load per timetable rather than one edit per reservation
     * ({@link BulkReservations}). Fed by whatever scan of the stores the caller makes, so a start reads the decisions
     * once for its index and its books.
     */
    static final class Rebuild {
        private final DomainBooks books;
        private final BulkReservations bulk;

        private Rebuild(DomainBooks books) {
            this.books = books;
            this.bulk = new BulkReservations(books.properties.size());
        }

        /** Books an accepted decision's amounts again, without a capacity check: it was checked when decided. */
        void rebook(ReservationDecision decision) {
            books.booker.restore(books.parts(decision));
            long start = decision.getStart().toEpochMilli();
            long end = decision.getEnd().toEpochMilli();
            for (Assignment a : books.assignments(decision)) {
                bulk.add(a.resource(), start, end, a.amounts());
            }
        }

        /** Books a sample's measured usage as background occupancy (see {@link DomainBooks#occupy}). */
        void occupy(ResourceSample sample) {
            long[] amounts = books.backgroundAmounts(sample);
            if (amounts != null) {
                bulk.add(books.catalogue.indexOf(sample.getResourceId()), sample.getWindowStart().toEpochMilli(),
                        sample.getWindowEnd().toEpochMilli(), amounts);
            }
        }

        /** The books, with everything gathered booked. */
        DomainBooks done() {
            books.timetables.reserveAll(bulk);
            return books;
        }
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

    /** What SRL co-reservations book on: the nodes (this catalogue and timetables), links and storage. */
    Inventory inventory() {
        return inventory;
    }

    /** Books every part of a plan into the live timetables, or none (the planner's step 6). */
    TimetableBooker booker() {
        return booker;
    }

    /** Forgets, in every pool, what ended before {@code watermark} (see {@link ReservationStores#forgetBefore}). */
    void forgetBefore(long watermark) {
        for (ResourcePool pool : List.of(inventory.nodes(), inventory.links(), inventory.storage())) {
            if (pool.timetables() instanceof InMemoryTimetables t) {
                t.forgetBefore(watermark);
            }
        }
    }

    /** Releases exactly what an accepted decision booked (on resources still in the catalogue). */
    void release(ReservationDecision decision) {
        allocator.release(planOf(decision));
        booker.release(parts(decision));
    }

    /**
     * The engine's parts of an SRL decision, on resources still in their pools. Amounts are the doubles the decision
     * carries, turned into micro-units exactly as when they were booked, so a release restores every bit.
     */
    List<PartAllocation> parts(ReservationDecision decision) {
        List<PartAllocation> parts = new ArrayList<>();
        for (ReservedPart p : decision.getParts()) {
            PartType type = PartType.of(p.getType());
            ResourcePool pool = type == null ? null : inventory.poolFor(type);
            int index = pool == null ? -1 : pool.catalogue().indexOf(p.getResourceId());
            if (index < 0) {
                continue; // the resource has left its pool; nothing of it is booked any more
            }
            // Only the pool's properties: one the nodes' list no longer has (no node lists it now) is not booked.
            Map<String, Double> amounts = new java.util.HashMap<>(p.getAmounts());
            amounts.keySet().removeIf(name -> pool.catalogue().properties().indexOf(name) < 0);
            parts.add(new PartAllocation(p.getPartId(), type, p.getResourceId(), index, p.getStart().toEpochMilli(),
                    p.getEnd().toEpochMilli(), amounts, p.getCost(),
                    p.getBandwidth() == null ? 0 : p.getBandwidth(), p.getSrc(), p.getDst()));
        }
        return parts;
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
