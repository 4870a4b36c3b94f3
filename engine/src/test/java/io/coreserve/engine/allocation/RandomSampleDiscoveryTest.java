package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class RandomSampleDiscoveryTest {

    private final Grid grid = new Grid("cores");

    private ResolvedRequest request(double minimumCores, Set<String> labels, long seed) {
        return new ResolvedRequest("r", 1, 10, 0, 0, Grid.micros(minimumCores), Grid.micros(minimumCores), labels,
                seed);
    }

    @Test
    void shouldReturnOnlyNodesWithTheLabelsAndAtLeastTheMinimumCapacity() {
        for (int k = 0; k < 1000; k++) {
            grid.node("n" + k, k % 2 == 0 ? Set.of("linux") : Set.of("windows"), 1 + k % 4);
        }
        int[] found = new RandomSampleDiscovery().discover(grid.catalogue, request(3, Set.of("linux"), 1), 50);

        assertThat(found).hasSize(50).isSorted().doesNotHaveDuplicates();
        for (int resource : found) {
            assertThat(resource % 2).isZero();                 // linux
            assertThat(1 + resource % 4).isGreaterThanOrEqualTo(3);
        }
    }

    @Test
    void shouldReturnAllMatchesWhenFewerThanWantedExist() {
        for (int k = 0; k < 100; k++) {
            grid.node("n" + k, 1 + k % 10);
        }
        int[] found = new RandomSampleDiscovery().discover(grid.catalogue, request(10, Set.of(), 1), 30);
        assertThat(found).containsExactly(9, 19, 29, 39, 49, 59, 69, 79, 89, 99);
    }

    @Test
    void shouldDrawTheSameSampleForTheSameSeedAndAnotherForAnotherSeed() {
        for (int k = 0; k < 10_000; k++) {
            grid.node("n" + k, 4);
        }
        RandomSampleDiscovery discovery = new RandomSampleDiscovery();
        int[] first = discovery.discover(grid.catalogue, request(1, Set.of(), 1), 20);
        int[] again = discovery.discover(grid.catalogue, request(1, Set.of(), 1), 20);
        int[] other = discovery.discover(grid.catalogue, request(1, Set.of(), 2), 20);
        assertThat(again).containsExactly(first);
        assertThat(other).isNotEqualTo(first);
    }

    @Test
    void shouldFallBackToAScanWhenMatchesAreRare() {
        for (int k = 0; k < 20_000; k++) {
            grid.node("n" + k, k % 1000 == 0 ? 8 : 1);
        }
        int[] found = new RandomSampleDiscovery().discover(grid.catalogue, request(8, Set.of(), 3), 25);
        assertThat(found).containsExactly(0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10_000, 11_000,
                12_000, 13_000, 14_000, 15_000, 16_000, 17_000, 18_000, 19_000);
    }

    @Test
    void shouldAnswerAScanAfterADifferentOneWithItsOwnMatchesThoughTheLastAnswerIsKept() {
        for (int k = 0; k < 100; k++) {
            grid.node("n" + k, 1 + k % 10);
        }
        RandomSampleDiscovery discovery = new RandomSampleDiscovery();
        int[] tens = discovery.discover(grid.catalogue, request(10, Set.of(), 1), 30);
        int[] again = discovery.discover(grid.catalogue, request(10, Set.of(), 7), 30);
        int[] nines = discovery.discover(grid.catalogue, request(9, Set.of(), 1), 30);
        int[] tensAfter = discovery.discover(grid.catalogue, request(10, Set.of(), 1), 30);

        assertThat(again).containsExactly(tens);
        assertThat(nines).hasSize(20).contains(tens).contains(8, 18, 98);
        assertThat(tensAfter).containsExactly(9, 19, 29, 39, 49, 59, 69, 79, 89, 99);
        assertThat(tens).as("an earlier answer is not overwritten by later scans")
                .containsExactly(9, 19, 29, 39, 49, 59, 69, 79, 89, 99);
    }
}
