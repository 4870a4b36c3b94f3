package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Phase V's shortcut ({@link Selection#estimateAfterSwapAbove}) gives the estimate after a swap, bit for bit, whenever
 * it is above the floor the search must beat, and never a value above the floor otherwise: so the best-improvement
 * search makes the same swaps with it as with the full estimate.
 */
class SwapEstimateProperties {

    @Property(tries = 200)
    void shouldGiveTheFullEstimateWheneverItIsAboveTheFloor(@ForAll long seed) {
        Random random = new Random(seed);
        Grid grid = Grid.randomlyBusy(random, 12, 6, 200);
        int n = 1 + random.nextInt(3);
        ResolvedRequest request = grid.request(n, 1 + random.nextInt(60), 0, 0,
                new double[] {random.nextInt(2), random.nextInt(3)}, new double[] {random.nextInt(4 * n), random.nextInt(6 * n)});
        Availability availability = new Availability(2);
        availability.fill(grid.timetables, grid.all(), request, random.nextInt(200));
        if (availability.size <= n) {
            return;                                            // nothing to swap in
        }
        Selection s = Selection.none(availability, request);
        while (s.chosenCount < n) {
            s.choose(random.nextInt(s.restCount));
        }
        long[] without = new long[3 * 2];
        for (int out = 0; out < s.chosenCount; out++) {
            s.sumsWithout(s.chosen[out], without);
            for (int in = 0; in < s.restCount; in++) {
                double full = s.estimateAfterSwap(without, s.rest[in]);
                for (double floor : new double[] {full, Math.nextDown(full), Math.nextUp(full), random.nextDouble(),
                        -0.5, 0}) {
                    double above = s.estimateAfterSwapAbove(without, s.rest[in], floor);
                    if (full > floor) {
                        assertThat(above).as("above the floor %s", floor).isEqualTo(full);
                    } else {
                        assertThat(above).as("full %s, floor %s", full, floor).isLessThanOrEqualTo(floor);
                    }
                }
            }
        }
    }
}
