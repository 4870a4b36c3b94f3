package io.coreserve.engine.allocation;

import io.coreserve.engine.catalogue.ResourceCatalogue;
import io.coreserve.engine.timetable.TimetableView;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Where fewer than N candidates are free for a whole class of requests, counted once over the counter-offer horizon
 * and shared by every request of the class, so that the searches around a window (seed 003's closest free
 * intervals) skip those times, and the window's own search too once the class has a count ({@link #counted}).
 *
 * <p>Why: on full books the dearest closest-free searches are for weak requests (a short t_res, small e_i): many
 * candidates have gaps for them, so the hour levels prune little, and the searches count free candidates over 60 to
 * 100 hours of books before N are free at once. No remembered search ({@link ClosestFreeMemory}) asked less of
 * everything, so none helps them, and each of them counts again what the one before counted. A class is a
 * canonical weaker request: the same N and labels, t_res and every e_i rounded down on a ladder of half octaves
 * ({@link #ladderFloor}); one count for the class serves every request in it.
 *
 * <p>Why it is exact: a request R of the class asks at least the class's t_res and e_i, so its candidates are among
 * the class's (every resource with R's labels and p_ij >= e_i of the class), and a candidate free for R at t (every
 * a_ij >= e_i throughout [t, t + t_res)) is free for the class at t. Where fewer than N are free for the class, fewer
 * than N are free for R (section 3.4, line 5: R_s is empty), so nothing is admissible for R there. The count holds
 * while the books only fill: a release or a resource added forgets every class, as {@link ClosestFreeMemory} does. A
 * count grows weaker as the books fill (more times have fewer than N free), so it is made again after
 * {@link #DEFAULT_REFRESH} of the callers' clock.
 *
 * <p>What it costs: a count is a search's Phase III count over the whole span at once, about as dear as one of the
 * dearest searches (9 to 11 ms on saturated books), so a class is counted only once its searches have spent
 * {@link #COUNT_AFTER_NANOS}, and only the intervals of at least {@link #SHORTEST} are kept: a weak class (on
 * saturated books t_res of 2 minutes and e_i near a core) has N free every few minutes, and thousands of short
 * intervals cost every search more to skip than they save. A class whose kept intervals cover less than a quarter
 * of the span counted pays ten times over for its next count. Measured on saturated books (the engine benchmark,
 * decisions 400,001 to 520,000, two JVMs each pinned to a core, cores swapped between two pairs): the same
 * decisions, 0.679 -> 0.615 and 0.794 -> 0.708 ms a decision (0.88 from the second batch of 20,000 on, once most
 * classes are counted). Without these limits the counts cost more than they saved (README, Benchmarks).
 *
 * <p>Not thread-safe, like the engine.
 */
final class FewFreeClasses {

    private static final long MINUTE = 60_000L;

    /** How long a count is used before it is made again (the callers' clock: the decisions' "now"). */
    static final long DEFAULT_REFRESH = 60_000L;
    /** More classes than this and all are forgotten (requests with ever new labels must not grow the map). */
    static final int MAX_CLASSES = 4096;

    private final ResourceCatalogue catalogue;
    private final TimetableView timetables;
    private final long refresh;
    private final long countAfterNanos;
    private final StartTimeCandidates counter = new StartTimeCandidates();
    private CandidateSet candidates;
    private final Map<ClassKey, Demand> counts = new HashMap<>();
    private long releases = TimetableView.UNCOUNTED;
    private int resources;
    /** Counts made, and lookups that found one (for tests and benchmarks). */
    private long made;
    private long helped;

    /**
     * Counts made again after {@code refresh} of the callers' clock, each once the class's searches have spent
     * {@code countAfterNanos} since its last one.
     */
    FewFreeClasses(ResourceCatalogue catalogue, TimetableView timetables, long refresh, long countAfterNanos) {
        this.catalogue = catalogue;
        this.timetables = timetables;
        this.refresh = refresh;
        this.countAfterNanos = countAfterNanos;
    }

    /** A class: N, labels, t_res and every e_i of its canonical request. */
    private record ClassKey(int count, Set<String> labels, long duration, long[] perResource) {
        @Override
        public boolean equals(Object o) {
            return o instanceof ClassKey k && k.count == count && k.duration == duration
                    && Arrays.equals(k.perResource, perResource) && k.labels.equals(labels);
        }

        @Override
        public int hashCode() {
            return ((count * 31 + Long.hashCode(duration)) * 31 + Arrays.hashCode(perResource)) * 31
                    + labels.hashCode();
        }
    }

    /** A class's count made at {@code countedAt}: the times from then on at which fewer than N were free. */
    private record Count(long countedAt, long[] fewFree) {
    }

    /** A class's last count (null: none yet) and the searches' time spent since, which pays for the next one. */
    private static final class Demand {
        Count count;
        long spentNanos;
    }

    /**
     * The times at which fewer than N candidates are free for {@code request}'s class, over [now, now + span] ([lo,
     * hi] pairs, ascending, disjoint; empty when unknown). The class is counted (again) when its searches have spent
     * {@link #COUNT_AFTER_NANOS} since its last count ({@link #spent}) and that count is older than {@link #refresh}:
     * a count costs about as much as one of the dearest searches, and most classes' searches are cheap.
     */
    long[] fewFree(ResolvedRequest request, long now, long span) {
        if (!valid()) {
            return TimeIntervals.NONE;
        }
        Demand demand = demandOf(request);
        Count count = demand.count;
        boolean stale = count == null || now - count.countedAt() >= refresh || now < count.countedAt();
        if (stale && demand.spentNanos >= countAfterNanos) {
            long to = CoAllocator.saturatingAdd(now, span);
            long[] few = longOnly(countFewFree(classOf(request).withWindow(now, to)));
            count = new Count(now, few);
            demand.count = count;
            // A weak class (its kept intervals cover less than a quarter of the span, half of the counter-offer
            // horizon) pays ten times over for its next count.
            demand.spentNanos = covered(few) < span / 4 ? -WEAK_PAYS * countAfterNanos : 0;
        }
        if (count == null) {
            return TimeIntervals.NONE;
        }
        helped++;
        return count.fewFree();
    }

    /**
     * The times of {@code request}'s class's last count (see {@link #fewFree}), without counting: for the request's
     * own window, searched before its counter-offer is known to be needed. A count holds, if weaker, until a release
     * or a new resource forgets it (then empty), so its age does not matter here.
     */
    long[] counted(ResolvedRequest request) {
        if (!valid() || counts.isEmpty()) {
            return TimeIntervals.NONE;                  // books with room: no search around a window yet, no class
        }
        Demand demand = counts.get(keyOf(classOf(request)));
        if (demand == null || demand.count == null) {
            return TimeIntervals.NONE;
        }
        windowsHelped++;
        return demand.count.fewFree();
    }

    /** The searches of {@code request} around its window took {@code nanos}, towards its class's next count. */
    void spent(ResolvedRequest request, long nanos) {
        if (valid()) {
            demandOf(request).spentNanos += nanos;
        }
    }

    /** Search time of a class that pays for a count of it: about two of the dearest searches. */
    static final long COUNT_AFTER_NANOS = 20_000_000L;

    private Demand demandOf(ResolvedRequest request) {
        ClassKey key = keyOf(classOf(request));
        Demand demand = counts.get(key);
        if (demand == null) {
            if (counts.size() >= MAX_CLASSES) {
                counts.clear();
            }
            demand = new Demand();
            counts.put(new ClassKey(key.count(), new HashSet<>(key.labels()), key.duration(), key.perResource()),
                    demand);                        // the request's set of labels may change later; the key's must not
        }
        return demand;
    }

    /** The key of a class's canonical request (its labels as the request holds them: copy before keeping it). */
    private static ClassKey keyOf(ResolvedRequest floor) {
        return new ClassKey(floor.count(), floor.labels(), floor.duration(), floor.perResource());
    }

    /** Of a count, the intervals of at least {@link #SHORTEST} (the rest cost a search more than they save). */
    static long[] longOnly(long[] few) {
        int kept = 0;
        long[] out = new long[few.length];
        for (int q = 0; q < few.length; q += 2) {
            if (few[q + 1] - few[q] + 1 >= SHORTEST) {
                out[kept++] = few[q];
                out[kept++] = few[q + 1];
            }
        }
        return Arrays.copyOf(out, kept);
    }

    static final long SHORTEST = 10 * MINUTE;
    /** How many times over a weak class pays for its next count (see {@link #fewFree}). */
    static final long WEAK_PAYS = 10;

    private static long covered(long[] few) {
        long total = 0;
        for (int q = 0; q < few.length; q += 2) {
            total += few[q + 1] - few[q] + 1;
        }
        return total;
    }

    /** Every resource the class matches, counted over the class request's window. */
    private long[] countFewFree(ResolvedRequest floor) {
        made++;
        ResourceCatalogue.Population population = catalogue.population(floor.labels());
        int[] matching = new int[population.size()];
        int size = 0;
        for (int k = 0; k < population.size(); k++) {
            int resource = population.get(k);
            if (RandomSampleDiscovery.matches(catalogue, floor, resource)) {
                matching[size++] = resource;
            }
        }
        if (size < floor.count()) {
            return new long[] {floor.earliest(), floor.latest()};   // never N candidates: nothing free anywhere
        }
        int[] resources = Arrays.copyOf(matching, size);
        Arrays.sort(resources);
        candidates = candidates == null ? new CandidateSet(catalogue, resources)
                : candidates.refill(catalogue, resources);
        return counter.fewFreeCount(timetables, candidates, floor).clone();
    }

    /** The canonical request of {@code request}'s class: t_res and every e_i rounded down ({@link #ladderFloor}). */
    static ResolvedRequest classOf(ResolvedRequest request) {
        long[] e = request.perResource().clone();
        for (int i = 0; i < e.length; i++) {
            e[i] = ladderFloor(e[i], 1);
        }
        long duration = ladderFloor(request.duration(), request.duration() >= MINUTE ? MINUTE : 1);
        return new ResolvedRequest("class", request.count(), duration, request.earliest(), request.latest(), e,
                e.clone(), request.labels(), 0L);
    }

    /**
     * The largest of 1, 1.5, 2, 3, 4, 6, 8, 12, ... (powers of two and 1.5 times them) {@code unit}s not above
     * {@code x}, or 0 when x is below one unit: at most a third below x. Whole minutes for durations, so that t_res
     * of 1, 2, 3, 4, 6 and 8 minutes are classes of their own.
     */
    static long ladderFloor(long x, long unit) {
        long q = x / unit;
        if (q <= 0) {
            return 0;
        }
        int j = 63 - Long.numberOfLeadingZeros(q);
        long v = 1L << j;
        if (j >= 1 && 3L << (j - 1) <= q) {
            v = 3L << (j - 1);
        }
        return v * unit;
    }

    /** Whether what was counted still holds; forgets it all after a release or a new resource. */
    private boolean valid() {
        long now = timetables.releases();
        if (now != releases || catalogue.size() != resources) {
            counts.clear();
            releases = now;
            resources = catalogue.size();
        }
        return now != TimetableView.UNCOUNTED;
    }

    long made() {
        return made;
    }

    long helped() {
        return helped;
    }

    /** Windows given their class's count by {@link #counted} (for tests and benchmarks). */
    long windowsHelped() {
        return windowsHelped;
    }

    private long windowsHelped;
}
