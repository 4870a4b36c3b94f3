package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Phase II's kept answer is given again only for the same candidates, N and totals: a request of other totals, N or
 * candidates is examined afresh, whichever way its answer differs from the last.
 */
class LastExaminationTest {

    private final Grid grid = new Grid("cores", "mem");
    private final LastExamination examined = new LastExamination();

    @Test
    void shouldExamineAgainForOtherTotalsOrAnotherN() {
        nodes();
        ResolvedRequest reachable = grid.request(2, 60, 0, 0, new double[] {0.5, 0.5}, new double[] {6, 8});
        ResolvedRequest memTooLarge = grid.request(2, 60, 0, 0, new double[] {0.5, 0.5}, new double[] {6, 8.5});
        ResolvedRequest three = grid.request(3, 60, 0, 0, new double[] {0.5, 0.5}, new double[] {6, 8.5});
        assertThat(examine(reachable)).isEqualTo(-1);
        assertThat(examine(reachable)).isEqualTo(-1);
        assertThat(examine(memTooLarge)).as("same candidates and N, another d_i").isEqualTo(1);
        assertThat(examine(reachable)).as("and back").isEqualTo(-1);
        assertThat(examine(memTooLarge)).isEqualTo(1);
        assertThat(examine(three)).as("another N: three nodes reach 9 GB").isEqualTo(-1);
    }

    @Test
    void shouldExamineAgainForOtherCandidates() {
        nodes();
        ResolvedRequest r = grid.request(2, 60, 0, 0, new double[] {0.5, 0.5}, new double[] {6, 8});
        CandidateSet withoutN1 = new CandidateSet(grid.catalogue, new int[] {0, 2});
        assertThat(examine(r)).isEqualTo(-1);
        assertThat(examined.unreachableProperty(grid.catalogue, new int[] {0, 2}, withoutN1, r))
                .as("without the node of 6 GB").isEqualTo(1);
        grid.node("n3", 1, 7);
        CandidateSet grown = new CandidateSet(grid.catalogue, new int[] {0, 2, 3});
        assertThat(examined.unreachableProperty(grid.catalogue, new int[] {0, 2, 3}, grown, r))
                .as("other candidates, with a node added").isEqualTo(-1);
    }

    private void nodes() {
        grid.node("n0", 4, 1);
        grid.node("n1", 1, 6);
        grid.node("n2", 2, 2);
    }

    private int examine(ResolvedRequest request) {
        CandidateSet all = grid.all();
        return examined.unreachableProperty(grid.catalogue, all.resources, all, request);
    }
}
