package io.coreserve.offers.grid;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GridTest {

    @Test
    void shouldDefaultToTable1OfSeed001() {
        Grid g = Grid.paperTable1();

        assertThat(g.clusters()).extracting(Cluster::processors).containsExactly(280, 240, 200, 160, 120, 80, 40);
        assertThat(g.clusters()).extracting(Cluster::mips).containsExactly(1000L, 1100L, 1200L, 1300L, 1400L, 1500L, 1600L);
        assertThat(g.totalProcessors()).isEqualTo(1120);
    }

    @Test
    void shouldReadAGridFileWithCommentsAndBlankLines() {
        Grid g = Grid.parse("""
                # name  processors  mips
                big     64          1000   # the slow one

                small   8           2500
                """);

        assertThat(g.clusters()).containsExactly(new Cluster("big", 64, 1000), new Cluster("small", 8, 2500));
    }

    @Test
    void shouldNameTheLineOfABadGridEntry() {
        assertThatThrownBy(() -> Grid.parse("a 4 1000\nb four 1000\n")).hasMessageContaining("line 2");
        assertThatThrownBy(() -> Grid.parse("a 4\n")).hasMessageContaining("line 1");
        assertThatThrownBy(() -> Grid.parse("a 0 1000\n")).hasMessageContaining("positive");
        assertThatThrownBy(() -> new Grid(List.of(new Cluster("a", 1, 1), new Cluster("a", 2, 2)))).hasMessageContaining("duplicate");
    }
}
