package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The performance shortcuts of Phase IV give exactly what the plain computations give: R_a filled from the
 * segments kept by Phase III equals R_a filled from the timetables at every start time (in ascending,
 * descending and random order of start times: the free count is kept incrementally both ways), and the top-k
 * selection equals the prefix of the stable descending sort.
 */
class PhaseFourShortcutsTest {

    @Test
    void shouldFillTheSameAvailabilityFromPhaseThreeSegmentsAsFromTheTimetables() {
        Random random = new Random(3);
        for (int round = 0; round < 30; round++) {
            Grid grid = Grid.randomlyBusy(random, 13, 12, 500);
            long earliest = random.nextInt(200);
            ResolvedRequest r = grid.request(1 + random.nextInt(2), 1 + random.nextInt(100), earliest,
                    earliest + random.nextInt(400), new double[] {1, 1 + random.nextInt(3)}, new double[] {2, 4});
            CandidateSet candidates = grid.all();
            for (SearchOrder order : SearchOrder.values()) {
                StartTimeCandidates phaseThree = new StartTimeCandidates();
                long[] times = phaseThree.find(grid.timetables, candidates, r, order);
                Availability fast = new Availability(2);
                Availability plain = new Availability(2);
                for (long t = r.earliest(); t <= r.latest(); t += 1 + random.nextInt(7)) {
                    check(grid, candidates, r, phaseThree, fast, plain, t);
                }
                for (long t : times) {
                    check(grid, candidates, r, phaseThree, fast, plain, t);
                }
                // Descending, as the closest-free search before a window goes, then back and forth.
                for (long t = r.latest(); t >= r.earliest(); t -= 1 + random.nextInt(7)) {
                    check(grid, candidates, r, phaseThree, fast, plain, t);
                }
                for (int step = 0; step < 40; step++) {
                    long t = r.earliest() + random.nextInt((int) (r.latest() - r.earliest() + 1));
                    check(grid, candidates, r, phaseThree, fast, plain, t);
                }
            }
        }
    }

    private static void check(Grid grid, CandidateSet candidates, ResolvedRequest r, StartTimeCandidates phaseThree,
            Availability fast, Availability plain, long t) {
        fast.fill(phaseThree, candidates, r, t);
        plain.fill(grid.timetables, candidates, r, t);
        assertThat(fast.size).as("size at %d", t).isEqualTo(plain.size);
        if (plain.size >= r.count()) {
            assertThat(Arrays.copyOf(fast.candidate, fast.size)).isEqualTo(Arrays.copyOf(plain.candidate, plain.size));
            int values = plain.size * 2;
            assertThat(Arrays.copyOf(fast.reserved, values)).isEqualTo(Arrays.copyOf(plain.reserved, values));
            assertThat(Arrays.copyOf(fast.available, values)).isEqualTo(Arrays.copyOf(plain.available, values));
            assertThat(Arrays.copyOf(fast.capacity, values)).isEqualTo(Arrays.copyOf(plain.capacity, values));
        }
    }

    @Test
    void shouldSelectTheSameTopItemsAsTheStableSort() {
        Random random = new Random(5);
        for (int round = 0; round < 200; round++) {
            int n = random.nextInt(40);
            int k = random.nextInt(45);
            long[] keys = new long[n];
            for (int q = 0; q < n; q++) {
                keys[q] = random.nextInt(6);
            }
            int[] sorted = new int[n];
            long[] sortedKeys = keys.clone();
            for (int q = 0; q < n; q++) {
                sorted[q] = q;
            }
            IndexSort.descending(sorted, sortedKeys, n);
            int[] top = new int[n];
            int count = IndexSort.topDescending(top, keys, n, k, new long[Math.max(k, 0)]);
            assertThat(count).isEqualTo(Math.min(k, n));
            assertThat(Arrays.copyOf(top, count)).isEqualTo(Arrays.copyOf(sorted, count));
        }
    }
}
