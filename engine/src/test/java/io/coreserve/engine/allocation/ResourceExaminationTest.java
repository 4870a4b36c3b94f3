package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ResourceExaminationTest {

    private final Grid grid = new Grid("cores", "mem");

    @Test
    void shouldPassWhenTheNLargestCapacitiesOfEveryPropertyReachTheTotal() {
        grid.node("n0", 4, 1);
        grid.node("n1", 1, 6);
        grid.node("n2", 2, 2);
        // N = 2: the two largest cores are 4 + 2 = 6, the two largest mem 6 + 2 = 8 (from different nodes).
        ResolvedRequest r = grid.request(2, 60, 0, 0, new double[] {0.5, 0.5}, new double[] {6, 8});
        assertThat(ResourceExamination.unreachableProperty(grid.all(), r)).isEqualTo(-1);
    }

    @Test
    void shouldNameThePropertyWhoseTotalTheLargestCannotReach() {
        grid.node("n0", 4, 1);
        grid.node("n1", 1, 6);
        grid.node("n2", 2, 2);
        ResolvedRequest r = grid.request(2, 60, 0, 0, new double[] {0.5, 0.5}, new double[] {6, 8.5});
        assertThat(ResourceExamination.unreachableProperty(grid.all(), r)).isEqualTo(1);
    }
}
