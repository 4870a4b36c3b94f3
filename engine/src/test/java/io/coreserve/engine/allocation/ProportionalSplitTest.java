package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Phase VI: x_ij = e_i + r_ij (d_i - N e_i), r_ij = (a_ij - e_i) / sum_j (a_ij - e_i).
 */
class ProportionalSplitTest {

    @Test
    void shouldSplitTheTotalInProportionToWhatEachNodeHasLeftAboveItsMinimum() {
        Grid grid = new Grid("cores", "mem");
        grid.node("n0", 3, 1.5);
        grid.node("n1", 5, 2.5);
        // cores: e = 1, d = 5, a = 3 and 5: slack 2 and 4 (sum 6), d - N e = 3:
        //   x = 1 + 3 * 2/6 = 2 and 1 + 3 * 4/6 = 3.
        // mem: e = 0.5, d = 2, a = 1.5 and 2.5: slack 1 and 2 (sum 3), d - N e = 1:
        //   x = 0.5 + 1/3 = 0.833333.. and 0.5 + 2/3 = 1.166666..; in micro-units 833 333 and 1 166 666 leave
        //   one micro-unit, which goes to the larger fractional part (0.67 of n1): 833 333 and 1 166 667.
        ResolvedRequest r = grid.request(2, 60, 0, 0, new double[] {1, 0.5}, new double[] {5, 2});
        Availability availability = new Availability(2);
        availability.fill(grid.timetables, grid.all(), r, 0);
        Selection s = Selection.none(availability, r);
        s.choose(0);
        s.choose(0);
        int first = availability.candidate[s.chosen[0]];

        long[][] x = ProportionalSplit.amounts(s, r);

        long[] n0 = first == 0 ? x[0] : x[1];
        long[] n1 = first == 0 ? x[1] : x[0];
        assertThat(n0).containsExactly(2_000_000L, 833_333L);
        assertThat(n1).containsExactly(3_000_000L, 1_166_667L);
    }

    @Test
    void shouldGiveEveryNodeExactlyItsMinimumWhenTheTotalIsNTimesIt() {
        Grid grid = new Grid("cores");
        grid.node("n0", 3);
        grid.node("n1", 8);
        ResolvedRequest r = grid.request(2, 60, 0, 0, new double[] {2}, new double[] {4});
        Availability availability = new Availability(1);
        availability.fill(grid.timetables, grid.all(), r, 0);
        Selection s = Selection.none(availability, r);
        s.choose(0);
        s.choose(0);

        long[][] x = ProportionalSplit.amounts(s, r);

        assertThat(x[0]).containsExactly(2_000_000L);
        assertThat(x[1]).containsExactly(2_000_000L);
    }
}
