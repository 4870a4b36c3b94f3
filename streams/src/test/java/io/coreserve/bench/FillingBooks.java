package io.coreserve.bench;

import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.engine.allocation.Algorithm;
import io.coreserve.engine.allocation.ClosestFreeIntervals;
import io.coreserve.engine.allocation.CoAllocator;
import io.coreserve.engine.allocation.EngineConfig;
import io.coreserve.engine.allocation.Outcome;
import io.coreserve.engine.allocation.Plan;
import io.coreserve.engine.allocation.Rejection;
import io.coreserve.engine.allocation.RejectionReason;
import io.coreserve.engine.catalogue.InMemoryCatalogue;
import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Request;
import io.coreserve.engine.timetable.InMemoryTimetables;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.Resource;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongFunction;

/**
 * The soak's books for the engine alone: the 606-node demo catalogue and {@link BenchWorkload}'s requests (N = 5),
 * decided one by one as the reservation service decides them (allocate; when nothing is admissible in the window,
 * the closest free intervals over 7 days, given the window's outcome), the past forgotten every simulated minute.
 * {@link #apply} decides request k and answers {@code {CPU nanoseconds of the decision, digest of every decision so
 * far}}: a {@link LongFunction} so that {@link EngineAbRun} can drive two builds of the engine, each loaded by its own
 * class loader, through a type both loaders share.
 */
public final class FillingBooks implements LongFunction<long[]> {

    static final long START = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    private static final long HORIZON = Duration.ofDays(7).toMillis();

    private final ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    private final InMemoryCatalogue catalogue;
    private final InMemoryTimetables timetables;
    private final CoAllocator allocator;
    private final BenchWorkload workload;
    private final int rate;
    private final int measureFrom;
    private long lastForget = START;
    private long digest = 17;

    /**
     * Books for {@code algorithm} ("improved", the pipeline's default, or "paper"), requests spread over
     * {@code spreadHours}, {@code rate} requests per simulated second, closest-free searches from decision
     * {@code measureFrom} on (they book nothing, so the books fill the same, sooner).
     */
    public FillingBooks(String algorithm, int spreadHours, int rate, int measureFrom) {
        PropertySchema properties = PropertySchema.of(List.of("cores", "cpu_ghz", "memory_gb"));
        catalogue = demoCatalogue(properties);
        timetables = new InMemoryTimetables(catalogue.size(), properties.size());
        EngineConfig config = EngineConfig.defaults()
                .withAlgorithm(Algorithm.valueOf(algorithm.toUpperCase(java.util.Locale.ROOT)));
        allocator = new CoAllocator(catalogue, timetables, config);
        workload = new BenchWorkload("fill", 5, Duration.ofHours(spreadHours), 42L);
        this.rate = rate;
        this.measureFrom = measureFrom;
    }

    /** The demo catalogue's 606 nodes with the schema's properties and their labels. */
    static InMemoryCatalogue demoCatalogue(PropertySchema properties) {
        InMemoryCatalogue catalogue = new InMemoryCatalogue(properties);
        for (Resource r : DemoCatalogue.generate(606, "default", 606L, Instant.ofEpochMilli(START))) {
            Map<String, Double> capacities = new LinkedHashMap<>();
            r.getProperties().forEach((name, amount) -> {
                if (properties.indexOf(name) >= 0) {
                    capacities.put(name, amount);
                }
            });
            Set<String> labels = new LinkedHashSet<>();
            r.getLabels().forEach((k, v) -> labels.add(k + "=" + v));
            catalogue.add(new io.coreserve.engine.model.Resource(r.getId(), capacities, labels));
        }
        return catalogue;
    }

    /** Decides request k (k ascending from 0, each once): {@code {CPU nanoseconds, digest so far}}. */
    @Override
    public long[] apply(long k) {
        long now = START + k * 1000 / rate;
        if (now - lastForget >= 60_000) {
            timetables.forgetBefore(now);
            lastForget = now;
        }
        Request request = toEngine(workload.next(Instant.ofEpochMilli(now)), now);
        long t0 = cpu.getCurrentThreadCpuTime();
        Outcome outcome = allocator.allocate(request);
        if (outcome instanceof Plan plan) {
            digest = withPlan(digest, plan);
        } else if (k >= measureFrom && seeksClosestFree(outcome)) {
            ClosestFreeIntervals closest = allocator.closestFree(request, outcome, now, HORIZON);
            digest = withCounterOffer(digest, (Rejection) outcome, closest);
        }
        return new long[] {cpu.getCurrentThreadCpuTime() - t0, digest};
    }

    /**
     * Whether the reservation service searches the closest free intervals after {@code outcome}: what
     * {@code RejectionReason.seeksClosestFree} says, written out here because {@link EngineAbRun} runs this class on
     * engine jars built before that method existed.
     */
    static boolean seeksClosestFree(Outcome outcome) {
        return outcome instanceof Rejection rejection
                && (rejection.reason() == RejectionReason.NO_START_TIME_IN_WINDOW
                        || rejection.reason() == RejectionReason.NO_ADMISSIBLE_SET);
    }

    /** The digest of a run's decisions with an accepted one folded in (the same rule here and in EngineFillRun). */
    static long withPlan(long digest, Plan plan) {
        return 31 * digest + planHash(plan);
    }

    /** The digest with a rejection and its closest free intervals folded in. */
    static long withCounterOffer(long digest, Rejection rejection, ClosestFreeIntervals closest) {
        return 31 * digest + java.util.Objects.hash(rejection.message(), planHash(closest.earliestAfter()),
                planHash(closest.latestBefore()));
    }

    static Request toEngine(CoAllocationRequest r, long now) {
        Request.Builder b = Request.builder(r.getRequestId(), r.getUser())
                .submittedAt(now)
                .duration(r.getDurationMillis())
                .count(r.getResourceCount())
                .earliestStart(Math.max(r.getEarliestStart().toEpochMilli(), now))
                .latestStart(r.getLatestStart().toEpochMilli());
        r.getMinimums().forEach(b::perResource);
        r.getTotals().forEach(b::total);
        return b.build();
    }

    /** A plan's start, resources and amounts (0 for none), for the digest of a run's decisions. */
    private static long planHash(Plan plan) {
        if (plan == null) {
            return 0;
        }
        long h = plan.start();
        for (io.coreserve.engine.allocation.Assignment a : plan.assignments()) {
            h = 31 * h + a.resource();
            h = 31 * h + java.util.Arrays.hashCode(a.amounts());
        }
        return h;
    }
}
