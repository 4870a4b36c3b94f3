package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Phase V evaluating only the first member of each {@link MemberGroups} group, and only the swaps its screen (products
 * of eq. (3)'s numerators and denominators, no division) lets through, makes the same swaps, in the same order, as
 * evaluating every pair one by one (the round as it was written before either): on grids of identical nodes with a
 * few bookings, where most members of R_a have twins; on R_a of hundreds of distinct members with three properties,
 * where most swaps are screened and values lie close together; and with forty properties, where the screen's
 * products would overflow and it must stand aside.
 */
class BestImprovementGroupsProperties {

    private static final double MIN_GAIN = 1e-12;
    /** One optimiser for all tries, as a search keeps one: its arrays, kept from a larger R_a, serve smaller ones. */
    private static final BestImprovementOptimiser KEPT = new BestImprovementOptimiser();

    @Property(tries = 300)
    void groupedRoundsMakeTheSameSwapsAsEveryPair(@ForAll long seed) {
        Random random = new Random(seed);
        Grid grid = Grid.randomlyBusy(random, 40, 4, 200);
        int n = 1 + random.nextInt(6);
        ResolvedRequest request = grid.request(n, 1 + random.nextInt(60), 0, 0,
                new double[] {random.nextInt(2), random.nextInt(3)},
                new double[] {random.nextInt(4 * n), random.nextInt(6 * n)});
        Availability availability = new Availability(2);
        availability.fill(grid.timetables, grid.all(), request, random.nextInt(200));
        if (availability.size <= n) {
            return;                                            // nothing to swap in
        }
        int[] members = random.ints(0, availability.size).distinct().limit(n).toArray();
        Selection grouped = Selection.of(availability, request, members);
        Selection everyPair = Selection.of(availability, request, members);
        int l2 = 1 + random.nextInt(10);
        Counters counters = new Counters();
        new BestImprovementOptimiser().run(grouped, l2, counters);
        long made = everyPairRun(everyPair, l2);

        assertSameSwaps(grouped, counters.optimisationMade, everyPair, made);
    }

    @Property(tries = 300)
    void roundsOverManyDistinctMembersMakeTheSameSwapsAsEveryPair(@ForAll long seed) {
        distinctMembersMakeTheSameSwaps(new Random(seed), 3, 400, 8_000_000);
    }

    /**
     * Forty properties of amounts up to 1,000 units (memory in GB of large nodes): the screen's products would
     * overflow a double, so it stands aside.
     */
    @Property(tries = 50)
    void roundsOverManyPropertiesMakeTheSameSwapsAsEveryPair(@ForAll long seed) {
        distinctMembersMakeTheSameSwaps(new Random(seed), 40, 60, 1_000_000_000);
    }

    /** R_a of 6 to 5 + {@code sizes} members with {@code p} properties, capacities up to {@code most} micro-units. */
    private static void distinctMembersMakeTheSameSwaps(Random random, int p, int sizes, int most) {
        int size = 6 + random.nextInt(sizes);
        Availability availability = new Availability(p);
        availability.size = size;
        availability.candidate = new int[size];
        availability.available = new long[size * p];
        availability.reserved = new long[size * p];
        availability.capacity = new long[size * p];
        // Micro-units as the engine keeps them; a few members of one value (ties).
        long[] common = random.longs(p, 1, most + 1L).toArray();
        for (int m = 0; m < size; m++) {
            availability.candidate[m] = m;
            for (int i = 0; i < p; i++) {
                long capacity = random.nextInt(10) == 0 ? common[i] : 1 + random.nextInt(most);
                long reserved = random.nextInt(3) == 0 ? 0 : (long) (capacity * random.nextDouble());
                availability.capacity[m * p + i] = capacity;
                availability.reserved[m * p + i] = reserved;
                availability.available[m * p + i] = capacity - reserved;
            }
        }
        int n = 1 + random.nextInt(Math.min(8, size - 1));
        long[] totals = new long[p];
        for (int i = 0; i < p; i++) {
            // Lower per property when there are many: a set must reach every total, and most should.
            totals[i] = (long) (n * (p <= 3 ? most / 2 : most / 20) * random.nextDouble());
        }
        ResolvedRequest request = new ResolvedRequest("r", n, 60_000, 0, 0, new long[p], totals,
                java.util.Set.of(), 7L);
        int[] members = random.ints(0, size).distinct().limit(n).toArray();
        Selection fast = Selection.of(availability, request, members);
        Selection everyPair = Selection.of(availability, request, members);
        int l2 = 1 + random.nextInt(10);
        Counters counters = new Counters();
        KEPT.run(fast, l2, counters);
        long made = everyPairRun(everyPair, l2);

        assertSameSwaps(fast, counters.optimisationMade, everyPair, made);
    }

    @Property(tries = 100)
    void membersInOneGroupAreIdenticalAndOthersAreNot(@ForAll long seed) {
        Random random = new Random(seed);
        Grid grid = Grid.randomlyBusy(random, 40, 4, 200);
        ResolvedRequest request = grid.request(1, 1 + random.nextInt(60), 0, 0, new double[] {0, 0},
                new double[] {0, 0});
        Availability a = new Availability(2);
        a.fill(grid.timetables, grid.all(), request, random.nextInt(200));
        int[] group = MemberGroups.of(a);
        for (int j = 0; j < a.size; j++) {
            for (int k = 0; k < a.size; k++) {
                boolean same = Arrays.equals(a.available, 2 * j, 2 * j + 2, a.available, 2 * k, 2 * k + 2)
                        && Arrays.equals(a.reserved, 2 * j, 2 * j + 2, a.reserved, 2 * k, 2 * k + 2)
                        && Arrays.equals(a.capacity, 2 * j, 2 * j + 2, a.capacity, 2 * k, 2 * k + 2);
                assertThat(group[j] == group[k]).as("members %d and %d", j, k).isEqualTo(same);
            }
        }
    }

    /** The same number of swaps, leaving the same R_s and rest in the same order and the same U~. */
    private static void assertSameSwaps(Selection optimised, long optimisedMade, Selection everyPair, long made) {
        assertThat(optimisedMade).isEqualTo(made);
        assertThat(Arrays.copyOf(optimised.chosen, optimised.chosenCount))
                .containsExactly(Arrays.copyOf(everyPair.chosen, everyPair.chosenCount));
        assertThat(Arrays.copyOf(optimised.rest, optimised.restCount))
                .containsExactly(Arrays.copyOf(everyPair.rest, everyPair.restCount));
        assertThat(optimised.estimate()).isEqualTo(everyPair.estimate());
    }

    /** The round as it was: every member of R_s with every member of the rest; returns the swaps made. */
    private static long everyPairRun(Selection s, int l2) {
        double current = s.estimate();
        long rounds = (long) s.chosenCount * Math.max(l2, 1);
        long[] without = new long[3 * s.availability.properties];
        long made = 0;
        for (long round = 0; round < rounds && s.restCount > 0; round++) {
            double best = current * (1 + MIN_GAIN);
            int bestOut = -1;
            int bestIn = -1;
            for (int out = 0; out < s.chosenCount; out++) {
                s.sumsWithout(s.chosen[out], without);
                for (int in = 0; in < s.restCount; in++) {
                    double after = s.estimateAfterSwap(without, s.rest[in]);
                    if (after > best) {
                        best = after;
                        bestOut = out;
                        bestIn = in;
                    }
                }
            }
            if (bestOut < 0) {
                return made;
            }
            s.swap(bestOut, bestIn);
            current = best;
            made++;
        }
        return made;
    }
}
