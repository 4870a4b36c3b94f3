package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * SelectAndSwap on free nodes (so a_ij^t = p_ij), N = 2, d = (cores 6, cpu 4, mem 8):
 * A = (5,1,1) is richest in cores, B = (1,5,1) richest in cpu, C = (1,3,7), D = (1,1,2).
 * Lines 3-7 pick A (k' = cores) and B (k' = cpu): sums (6,6,2), memory short, so P_v = memory.
 * The richest rest node in memory is C. Swapping C for A would drop cores to 2 < min(6, 6): refused.
 * Swapping C for B gives (6,4,8): no short property worse, none met becomes short: made, and admissible.
 */
class SelectAndSwapTest {

    private final Grid grid = new Grid("cores", "cpu", "mem");

    @Test
    void shouldSwapInTheRichestNodeOfTheMostViolatedPropertyWhenNoTotalGetsWorse() {
        int a = grid.node("A", 5, 1, 1);
        grid.node("B", 1, 5, 1);
        int c = grid.node("C", 1, 3, 7);
        grid.node("D", 1, 1, 2);
        ResolvedRequest r = grid.request(2, 60, 0, 0, new double[] {0.5, 0.5, 0.5}, new double[] {6, 4, 8});
        Availability availability = new Availability(3);
        availability.fill(grid.timetables, grid.all(), r, 0);
        Counters counters = new Counters();

        Selection s = SelectAndSwap.run(availability, r, 7, new SplittableRandom(1), counters);

        assertThat(s.admissible()).isTrue();
        assertThat(chosenNodes(s)).containsExactlyInAnyOrder(a, c);
        assertThat(counters.swapsMade).isEqualTo(1);
        assertThat(counters.swapsTried).isBetween(1L, 2L);
    }

    @Test
    void shouldGiveUpWithinNTimesL1AttemptsWhenNoSetIsAdmissible() {
        grid.node("A", 5, 1, 1);
        grid.node("B", 1, 5, 1);
        grid.node("C", 1, 3, 7);
        grid.node("D", 1, 1, 2);
        // Memory 9 is out of reach for any two nodes (7 + 2).
        ResolvedRequest r = grid.request(2, 60, 0, 0, new double[] {0.5, 0.5, 0.5}, new double[] {6, 4, 9});
        Availability availability = new Availability(3);
        availability.fill(grid.timetables, grid.all(), r, 0);
        Counters counters = new Counters();

        Selection s = SelectAndSwap.run(availability, r, 7, new SplittableRandom(1), counters);

        assertThat(s.admissible()).isFalse();
        assertThat(s.chosenCount).isEqualTo(2);
        assertThat(counters.swapsTried).isLessThanOrEqualTo(2 * 7);
    }

    @Test
    void shouldPickTheRichestNodesCyclingThroughThePropertiesFirst() {
        int a = grid.node("A", 9, 1, 1);
        int b = grid.node("B", 1, 9, 1);
        int c = grid.node("C", 1, 1, 9);
        grid.node("D", 2, 2, 2);
        ResolvedRequest r = grid.request(3, 60, 0, 0, new double[] {0.5, 0.5, 0.5}, new double[] {1.5, 1.5, 1.5});
        Availability availability = new Availability(3);
        availability.fill(grid.timetables, grid.all(), r, 0);

        Selection s = SelectAndSwap.run(availability, r, 7, new SplittableRandom(1), new Counters());

        assertThat(chosenNodes(s)).containsExactlyInAnyOrder(a, b, c);
    }

    private static int[] chosenNodes(Selection s) {
        int[] nodes = new int[s.chosenCount];
        for (int k = 0; k < s.chosenCount; k++) {
            nodes[k] = s.availability.candidate[s.chosen[k]];
        }
        return nodes;
    }
}
