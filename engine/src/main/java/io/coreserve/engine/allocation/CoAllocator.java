package io.coreserve.engine.allocation;

import io.coreserve.engine.catalogue.ResourceCatalogue;
import io.coreserve.engine.model.Request;
import io.coreserve.engine.timetable.TimetableStore;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The co-allocation engine of Cankar et al. (seed 000): given a collective request, find the earliest start
 * time and N resources that together reach the totals d_i, each offering at least e_i, preferring sets that
 * leave the resources well utilised; then reserve.
 *
 * <ul>
 *   <li>{@link #probe}: Phases I-V, decides and returns a {@link Plan} or {@link Rejection}; changes nothing.</li>
 *   <li>{@link #book}: Phase VI for a plan: checks capacity again and reserves all or nothing.</li>
 *   <li>{@link #allocate}: probe and book; on a booking conflict back to Phase I with the same M.</li>
 *   <li>{@link #release}: takes a booked plan's amounts out again, exactly.</li>
 *   <li>{@link #closestFree}: when the window has no admissible set, the nearest ones after and before it.</li>
 * </ul>
 *
 * <p>Not thread-safe: one caller at a time (a stream task, or a lock around it).
 */
public final class CoAllocator {

    private static final Logger LOG = LoggerFactory.getLogger(CoAllocator.class);

    private final ResourceCatalogue catalogue;
    private final TimetableStore timetables;
    private final EngineConfig config;
    private final RequestValidator validator;
    private final CoAllocationSearch search;
    /** Where the searches around windows proved nothing admissible, for later ones (see {@link ClosestFreeMemory}). */
    private final ClosestFreeMemory memory;

    public CoAllocator(ResourceCatalogue catalogue, TimetableStore timetables, EngineConfig config) {
        this(catalogue, timetables, config, new RandomSampleDiscovery());
    }

    /**
     * As the public constructors, remembering {@code memoryCapacity} searches (0: none, and no class counts either:
     * every search sweeps, for comparisons).
     */
    CoAllocator(ResourceCatalogue catalogue, TimetableStore timetables, EngineConfig config, int memoryCapacity) {
        this(catalogue, timetables, config, new RandomSampleDiscovery(), WindowStretches.FIRST, memoryCapacity,
                FewFreeClasses.COUNT_AFTER_NANOS);
    }

    /** As above, counting a class once its searches spent {@code classCountAfterNanos} (negative: never). */
    CoAllocator(ResourceCatalogue catalogue, TimetableStore timetables, EngineConfig config, int memoryCapacity,
            long classCountAfterNanos) {
        this(catalogue, timetables, config, new RandomSampleDiscovery(), WindowStretches.FIRST, memoryCapacity,
                classCountAfterNanos);
    }

    public CoAllocator(ResourceCatalogue catalogue, TimetableStore timetables, EngineConfig config,
            ResourceDiscovery discovery) {
        this(catalogue, timetables, config, discovery, WindowStretches.FIRST);
    }

    /** As above, taking windows in stretches of {@code firstStretch} and more (Long.MAX_VALUE: whole, for tests). */
    CoAllocator(ResourceCatalogue catalogue, TimetableStore timetables, EngineConfig config,
            ResourceDiscovery discovery, long firstStretch) {
        this(catalogue, timetables, config, discovery, firstStretch, ClosestFreeMemory.DEFAULT_CAPACITY,
                FewFreeClasses.COUNT_AFTER_NANOS);
    }

    private CoAllocator(ResourceCatalogue catalogue, TimetableStore timetables, EngineConfig config,
            ResourceDiscovery discovery, long firstStretch, int memoryCapacity, long classCountAfterNanos) {
        if (timetables.propertyCount() != catalogue.properties().size()) {
            throw new IllegalArgumentException("timetables and catalogue disagree on the number of properties");
        }
        this.catalogue = catalogue;
        this.timetables = timetables;
        this.config = config;
        this.validator = new RequestValidator(catalogue.properties(), config);
        this.search = new CoAllocationSearch(catalogue, timetables, config, discovery, firstStretch);
        this.memory = new ClosestFreeMemory(catalogue, timetables, memoryCapacity);
        this.classes = memoryCapacity == 0 || classCountAfterNanos < 0 ? null
                : new FewFreeClasses(catalogue, timetables, FewFreeClasses.DEFAULT_REFRESH, classCountAfterNanos);
    }

    /** Where fewer than N are free for whole classes of requests (see {@link FewFreeClasses}); null: not used. */
    private final FewFreeClasses classes;

    FewFreeClasses classes() {
        return classes;
    }

    public EngineConfig config() {
        return config;
    }

    ClosestFreeMemory memory() {
        return memory;
    }

    /** Phases I-V without booking: the plan the engine would book now, or why it would reject. */
    public Outcome probe(Request request) {
        Object resolved = validator.resolve(request);
        if (resolved instanceof Rejection rejection) {
            return rejection;
        }
        return search.run((ResolvedRequest) resolved, SearchOrder.EARLIEST, config.mInit()).outcome();
    }

    /**
     * Phases I-VI: probe, then book. A booking conflict (the timetables changed in between, e.g. in a shared
     * store) sends the search back to Phase I with the same M, at most {@code bookingRetries} times.
     */
    public Outcome allocate(Request request) {
        Object resolved = validator.resolve(request);
        if (resolved instanceof Rejection rejection) {
            return rejection;
        }
        ResolvedRequest r = (ResolvedRequest) resolved;
        int m = config.mInit();
        CoAllocationSearch.Result result = null;
        for (int attempt = 0; attempt <= config.bookingRetries(); attempt++) {
            result = search.runWindow(r, m, config.mMax(), memory, classFewFree(r));
            if (!(result.outcome() instanceof Plan plan)) {
                return result.outcome();
            }
            if (book(plan) instanceof BookingResult.Booked) {
                LOG.debug("booked {} at {} on {} resources", plan.requestId(), plan.start(), plan.assignments().size());
                return plan;
            }
            m = result.m();
        }
        Plan plan = (Plan) result.outcome();
        return new Rejection(plan.requestId(), RejectionReason.NO_ADMISSIBLE_SET, null, null,
                "booking conflicted " + (config.bookingRetries() + 1) + " times", plan.stats());
    }

    /**
     * Phase VI for a plan: checks that every amount still fits (T_ij + x_ij <= p_ij throughout [start, end))
     * and reserves them all, or reserves nothing and reports the resources that no longer fit.
     */
    public BookingResult book(Plan plan) {
        int p = catalogue.properties().size();
        long[] reserved = new long[p];
        List<String> conflicts = new ArrayList<>();
        for (Assignment a : plan.assignments()) {
            if (a.resource() < 0 || a.resource() >= catalogue.size()
                    || !catalogue.id(a.resource()).equals(a.resourceId())) {
                conflicts.add(a.resourceId());
                continue;
            }
            timetables.maxReserved(a.resource(), plan.start(), plan.end(), reserved);
            for (int i = 0; i < p; i++) {
                if (reserved[i] + a.amounts()[i] > catalogue.capacity(a.resource(), i)) {
                    conflicts.add(a.resourceId());
                    break;
                }
            }
        }
        if (!conflicts.isEmpty()) {
            return new BookingResult.Conflict(plan, conflicts, "no longer fits on " + conflicts);
        }
        for (Assignment a : plan.assignments()) {
            timetables.reserve(a.resource(), plan.start(), plan.end(), a.amounts());
        }
        return new BookingResult.Booked(plan);
    }

    /**
     * Takes a booked plan's amounts out of the timetables, restoring them exactly; all or nothing.
     *
     * @throws IllegalArgumentException when the plan's amounts are not (all) reserved
     */
    public void release(Plan plan) {
        List<Assignment> done = new ArrayList<>();
        try {
            for (Assignment a : plan.assignments()) {
                timetables.release(a.resource(), plan.start(), plan.end(), a.amounts());
                done.add(a);
            }
        } catch (IllegalArgumentException notReserved) {
            for (Assignment a : done) {
                timetables.reserve(a.resource(), plan.start(), plan.end(), a.amounts());
            }
            throw notReserved;
        }
    }

    /**
     * Probes the request's window and, when it has no admissible set, the earliest start after t_l (up to
     * t_l + horizon) and the latest start before t_e (down to max(now, t_e - horizon)). Books nothing.
     */
    public ClosestFreeIntervals closestFree(Request request, long now, long horizonMillis) {
        return closestFree(request, null, now, horizonMillis);
    }

    /**
     * As {@link #closestFree(Request, long, long)}, for a request whose own window was just searched on the same
     * books and gave {@code original} (e.g. {@link #allocate} rejected it): that search is not run again. A null
     * {@code original} searches the window first.
     */
    public ClosestFreeIntervals closestFree(Request request, Outcome original, long now, long horizonMillis) {
        return closestFree(request, original, now, horizonMillis, config.mMax());
    }

    /**
     * As {@link #closestFree(Request, Outcome, long, long)}, with the searches before and after the window limited
     * to M <= {@code maxM} (M_init: a single pass of M_init N candidates). On full books these searches find
     * nothing over most of the horizon, and each further pass sweeps twice the candidates over all of it again:
     * with M_max = 4 M_init a failed search costs seven times a single pass. A counter-offer is a suggestion, so
     * bounding its cost this way is a fair trade; the request's own window is always searched up to M_max.
     */
    public ClosestFreeIntervals closestFree(Request request, Outcome original, long now, long horizonMillis,
            int maxM) {
        int limit = Math.max(config.mInit(), Math.min(maxM, config.mMax()));
        Object resolved = validator.resolve(request);
        if (resolved instanceof Rejection rejection) {
            return new ClosestFreeIntervals(rejection, null, null);
        }
        ResolvedRequest r = (ResolvedRequest) resolved;
        if (original == null) {
            original = search.runWindow(r, config.mInit(), config.mMax(), memory, classFewFree(r)).outcome();
        }
        if (original instanceof Plan || ((Rejection) original).reason() == RejectionReason.NO_MATCHING_RESOURCES
                || ((Rejection) original).reason() == RejectionReason.TOTALS_UNREACHABLE) {
            return new ClosestFreeIntervals(original, null, null);
        }
        long[] fewFree = classes == null ? TimeIntervals.NONE
                : classes.fewFree(r, now, saturatingAdd(horizonMillis, horizonMillis));
        long searches = System.nanoTime();
        Plan after = null;
        long afterEnd = saturatingAdd(r.latest(), horizonMillis);
        if (r.latest() < afterEnd) {
            after = planOrNull(search.run(r.withWindow(r.latest() + 1, afterEnd), SearchOrder.EARLIEST,
                    config.mInit(), limit, memory, fewFree).outcome());
        }
        Plan before = null;
        long beforeStart = Math.max(now, r.earliest() - horizonMillis);
        if (beforeStart <= r.earliest() - 1) {
            before = planOrNull(search.run(r.withWindow(beforeStart, r.earliest() - 1), SearchOrder.LATEST,
                    config.mInit(), limit, memory, fewFree).outcome());
        }
        if (classes != null) {
            classes.spent(r, System.nanoTime() - searches);
        }
        return new ClosestFreeIntervals(original, after, before);
    }

    /** Where fewer than N are free for the request's class, as last counted (empty: not counted, or no classes). */
    private long[] classFewFree(ResolvedRequest request) {
        return classes == null ? TimeIntervals.NONE : classes.counted(request);
    }

    private static Plan planOrNull(Outcome outcome) {
        return outcome instanceof Plan plan ? plan : null;
    }

    /** a + b, or Long.MAX_VALUE where that overflows (a and b not both negative). */
    static long saturatingAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
