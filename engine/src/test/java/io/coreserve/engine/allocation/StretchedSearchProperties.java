package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.engine.catalogue.InMemoryCatalogue;
import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Request;
import io.coreserve.engine.timetable.FlatTimetables;
import io.coreserve.engine.timetable.InMemoryTimetables;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * Taking a window in stretches ({@link WindowStretches}), and sweeping long stretches only where the run index of
 * the compact timetables says a candidate can be free for long enough, change what a search costs, never what it
 * decides: on books that fill up, the same request stream gives the same decision, plan and amounts, and the same
 * closest free intervals before and after the window (and their single-pass variants), as sweeping each window whole
 * on the plain reference timetables (which have no index); for every algorithm, with stretches from a minute on. And Phase III of one stretch gives exactly the
 * start times of the whole window that lie in it, with the same R_a at each of them, whether stretches are measured
 * in plain or in live time.
 */
class StretchedSearchProperties {

    private static final String[] PROPERTIES = {"cores", "memory_gb"};
    private static final long MINUTE = 60_000L;

    @Property(tries = 9)
    void shouldDecideAndCounterOfferTheSameInStretchesAsOverTheWholeWindow(@ForAll long seed,
            @ForAll @IntRange(min = 4, max = 10) int nodes, @ForAll @IntRange(min = 0, max = 2) int algorithm,
            @ForAll @LongRange(min = 1, max = 20) long firstStretchMinutes) {
        Random random = new Random(seed);
        PropertySchema schema = PropertySchema.of(PROPERTIES);
        InMemoryCatalogue catalogue = Grid.randomCatalogue(random, schema, nodes);
        EngineConfig config = EngineConfig.defaults().withAlgorithm(Algorithm.values()[algorithm]);
        CoAllocator whole = new CoAllocator(catalogue, new FlatTimetables(nodes, schema.size()), config,
                new RandomSampleDiscovery(), Long.MAX_VALUE);
        CoAllocator stretched = new CoAllocator(catalogue, new InMemoryTimetables(nodes, schema.size()), config,
                new RandomSampleDiscovery(), firstStretchMinutes * MINUTE);
        long day = 24 * 60 * MINUTE;
        int rejected = 0;
        for (int q = 0; q < 500; q++) {
            long now = q * MINUTE / 4;
            Request request = request(random, "q" + q, now, nodes);
            Outcome a = whole.allocate(request);
            Outcome b = stretched.allocate(request);
            assertThat(Outcomes.describe(b)).as("decision of %s", request.requestId()).isEqualTo(Outcomes.describe(a));
            if (a instanceof Rejection) {
                ClosestFreeIntervals ca = whole.closestFree(request, a, now, day);
                ClosestFreeIntervals cb = stretched.closestFree(request, b, now, day);
                assertThat(Outcomes.describe(cb.earliestAfter())).as("after %s", request.requestId())
                        .isEqualTo(Outcomes.describe(ca.earliestAfter()));
                assertThat(Outcomes.describe(cb.latestBefore())).as("before %s", request.requestId())
                        .isEqualTo(Outcomes.describe(ca.latestBefore()));
                rejected++;
                ClosestFreeIntervals sa = whole.closestFree(request, a, now, day, config.mInit());
                ClosestFreeIntervals sb = stretched.closestFree(request, b, now, day, config.mInit());
                assertThat(Outcomes.describe(sb.earliestAfter())).isEqualTo(Outcomes.describe(sa.earliestAfter()));
                assertThat(Outcomes.describe(sb.latestBefore())).isEqualTo(Outcomes.describe(sa.latestBefore()));
            }
        }
        assertThat(rejected).as("requests that did not fit: the books did fill")
                .isGreaterThan(0);
    }

    @Property(tries = 40)
    void shouldFindTheWholeWindowsStartTimesStretchByStretch(@ForAll long seed,
            @ForAll @LongRange(min = 1, max = 200) long firstStretch) {
        Random random = new Random(seed);
        Grid grid = Grid.randomlyBusy(random, 11, 40, 2000);
        ResolvedRequest r = randomRequest(random, grid, 2, 500, 1500, false);
        CandidateSet candidates = grid.all();
        long[] someTimes = someTimesOf(random, r);
        for (int variant = 0; variant < SearchOrder.values().length * 3; variant++) {
            SearchOrder order = SearchOrder.values()[variant / 3];
            boolean measuredInLiveTime = variant % 3 == 2;
            // Times left out (as the closest-free memory leaves them out), so that there is dead time between live
            // times even on these small books (where every candidate may be free anywhere): plain and live stretches.
            long[] excluded = variant % 3 == 0 ? TimeIntervals.NONE : someTimes;
            StartTimeCandidates whole = new StartTimeCandidates();
            whole.exclude(excluded);
            long[] all = whole.find(grid.timetables, candidates, r, order);
            long[] joined = new long[0];
            StartTimeCandidates phaseThree = new StartTimeCandidates();
            phaseThree.exclude(excluded);
            Availability fromSegments = new Availability(2);
            Availability fromTimetables = new Availability(2);
            WindowStretches stretches = new WindowStretches(r, order, firstStretch,
                    measuredInLiveTime ? phaseThree.liveTimes(grid.timetables, candidates, r, order) : null);
            while (stretches.next()) {
                long[] part = phaseThree.find(grid.timetables, candidates, r, order, stretches.from(), stretches.to());
                for (long t : part) {
                    assertThat(t).isBetween(stretches.from(), stretches.to());
                    fromSegments.fill(phaseThree, candidates, r, t);
                    fromTimetables.fill(grid.timetables, candidates, r, t);
                    // Phase IV needs R_a exactly where N or more are free at a time not left out (elsewhere nothing is
                    // admissible); there, and wherever, the count from the segments is never above the true one.
                    assertThat(fromSegments.size).as("R_a at %d", t).isLessThanOrEqualTo(fromTimetables.size);
                    if (fromTimetables.size >= r.count() && outside(new long[] {t}, excluded).length == 1) {
                        assertThat(fromSegments.size).as("R_a at %d", t).isEqualTo(fromTimetables.size);
                        int values = fromTimetables.size * 2;
                        assertThat(Arrays.copyOf(fromSegments.candidate, fromSegments.size))
                                .isEqualTo(Arrays.copyOf(fromTimetables.candidate, fromTimetables.size));
                        assertThat(Arrays.copyOf(fromSegments.reserved, values))
                                .isEqualTo(Arrays.copyOf(fromTimetables.reserved, values));
                    }
                }
                long[] grown = Arrays.copyOf(joined, joined.length + part.length);
                System.arraycopy(part, 0, grown, joined.length, part.length);
                joined = grown;
            }
            // Left-out times are where no start time need be tried, not where none may be: a sweep reaching t_res
            // past a live time may find some there (as the whole window's does, and a stretch ending before not).
            assertThat(outside(joined, excluded))
                    .as("%s start times of [%d, %d] in stretches from %d (in live time: %s), left out %s", order,
                            r.earliest(), r.latest(), firstStretch, measuredInLiveTime, Arrays.toString(excluded))
                    .containsExactly(outside(all, excluded));
        }
    }

    /**
     * Phase III counts before sweeping where fewer than N candidates are free ({@link FreeStartTimes}), and what a
     * search proves from that count is only right if every such time has fewer than N free: checked at every time
     * of small windows on randomly busy books, against R_a read off the timetables.
     */
    @Property(tries = 60)
    void shouldCountTooFewFreeOnlyWhereFewerThanNAreFree(@ForAll long seed,
            @ForAll @LongRange(min = 1, max = 300) long firstStretch) {
        checkFewFreeTimes(seed, firstStretch);
    }

    /**
     * The property's tries are random and a try may count no time at all (its books free enough everywhere): so
     * that the check is never vacuous, these fixed books are checked too, and over them some times must be counted.
     */
    @Example
    void shouldCountSomeTimesWithFewerThanNFreeOnBusyBooks() {
        long checked = 0;
        for (long seed = 0; seed < 40; seed++) {
            checked += checkFewFreeTimes(seed, 1 + seed * 7);
        }
        assertThat(checked).as("times counted with fewer than N free, over 40 fixed books").isPositive();
    }

    /** Checks every time counted with fewer than N free in one try; returns how many it checked. */
    private static long checkFewFreeTimes(long seed, long firstStretch) {
        Random random = new Random(seed);
        Grid grid = Grid.randomlyBusy(random, 11, 60, 1500);
        ResolvedRequest r = randomRequest(random, grid, 4, 300, 1200, true);
        CandidateSet candidates = grid.all();
        long[] excluded = random.nextBoolean() ? TimeIntervals.NONE : someTimesOf(random, r);
        Availability truth = new Availability(2);
        long checked = 0;
        for (SearchOrder order : SearchOrder.values()) {
            StartTimeCandidates phaseThree = new StartTimeCandidates();
            phaseThree.exclude(excluded);
            long counted = 0;
            for (WindowStretches stretches = new WindowStretches(r, order, firstStretch, null); stretches.next(); ) {
                phaseThree.find(grid.timetables, candidates, r, order, stretches.from(), stretches.to());
                long[] few = phaseThree.fewFreeTimes();
                for (int q = 0; q < few.length; q += 2) {
                    assertThat(few[q]).isBetween(stretches.from(), few[q + 1]);
                    assertThat(few[q + 1]).isLessThanOrEqualTo(stretches.to());
                    for (long t = few[q]; t <= few[q + 1]; t++) {
                        assertThat(outside(new long[] {t}, excluded)).as("%d is left out", t).hasSize(1);
                        truth.fill(grid.timetables, candidates, r, t);
                        assertThat(truth.size).as("%s: free at %d, counted fewer than %d", order, t, r.count())
                                .isLessThan(r.count());
                        counted++;
                    }
                }
            }
            checked += counted;
        }
        return checked;
    }

    /**
     * A request for 1 to {@code maxN} of {@code grid}'s nodes, 1 to 100 ms long, starting in [0, {@code earliest}) with
     * a window of up to {@code window} ms; 1 core per node (1 or 2 when {@code moreCores}) and 1 to 3 GB.
     */
    private static ResolvedRequest randomRequest(Random random, Grid grid, int maxN, int earliest, int window,
            boolean moreCores) {
        long from = random.nextInt(earliest);
        int n = 1 + random.nextInt(maxN);
        long duration = 1 + random.nextInt(100);
        long to = from + random.nextInt(window);
        double cores = moreCores ? 1 + random.nextInt(2) : 1;
        return grid.request(n, duration, from, to, new double[] {cores, 1 + random.nextInt(3)}, new double[] {2, 4});
    }

    /** The times not in {@code intervals} ([lo, hi] pairs). */
    private static long[] outside(long[] times, long[] intervals) {
        return Arrays.stream(times).filter(t -> {
            for (int q = 0; q < intervals.length; q += 2) {
                if (t >= intervals[q] && t <= intervals[q + 1]) {
                    return false;
                }
            }
            return true;
        }).toArray();
    }

    /** Up to five disjoint intervals inside {@code r}'s window, ascending. */
    private static long[] someTimesOf(Random random, ResolvedRequest r) {
        long[] out = new long[10];
        int count = 0;
        long t = r.earliest() + random.nextInt(100);
        for (int q = 0; q < 5 && t <= r.latest(); q++) {
            long hi = Math.min(r.latest(), t + random.nextInt(400));
            out[count * 2] = t;
            out[count * 2 + 1] = hi;
            count++;
            t = hi + 2 + random.nextInt(200);
        }
        return Arrays.copyOf(out, count * 2);
    }

    private static Request request(Random random, String id, long now, int nodes) {
        long day = 24 * 60 * MINUTE;
        long earliest = now + random.nextInt((int) (day / MINUTE)) * MINUTE;
        int n = 1 + random.nextInt(Math.min(3, nodes));
        Request.Builder b = Request.builder(id, "u").submittedAt(now)
                .duration((1 + random.nextInt(30)) * MINUTE).count(n)
                .window(earliest, earliest + random.nextInt(180) * MINUTE);
        b.total("cores", n * (0.2 + random.nextDouble())).perResource("cores", 0.1 + random.nextDouble() * 0.4);
        if (random.nextBoolean()) {
            b.total("memory_gb", n * 0.5 * random.nextDouble());
        }
        return b.build();
    }
}
