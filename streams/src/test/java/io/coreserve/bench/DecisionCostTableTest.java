package io.coreserve.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.engine.allocation.SearchStats;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class DecisionCostTableTest {

    @Test
    void shouldPutEachDecisionInTheBucketOfItsCost() {
        assertThat(DecisionCostTable.bucketOf(499_999)).isZero();
        assertThat(DecisionCostTable.bucketOf(500_000)).isEqualTo(1);
        assertThat(DecisionCostTable.bucketOf(19_999_999)).isEqualTo(5);
        assertThat(DecisionCostTable.bucketOf(20_000_000)).isEqualTo(6);
        assertThat(DecisionCostTable.bucketOf(Long.MAX_VALUE)).isEqualTo(6);
    }

    @Test
    void shouldSayWhichDecisionsTakeTheTime() {
        DecisionCostTable table = new DecisionCostTable();
        for (int k = 0; k < 3; k++) {
            table.add(100_000, 0, true, 600_000, null, null);              // 0.1 ms, accepted, 10 minutes
        }
        SearchStats after = new SearchStats(1, 558, 5_000, 4_000, 0, 0, 0, 0, 0, 0, 12_000_000, 1_000_000, 0, 0);
        table.add(30_000_000, 29_000_000, false, 120_000, after, null);   // 30 ms, a counter-offer after the window

        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        table.print(new PrintStream(printed, true, StandardCharsets.UTF_8));
        List<String> lines = printed.toString(StandardCharsets.UTF_8).lines().toList();

        assertThat(lines).hasSize(3);                                         // the header and two buckets
        assertThat(lines.get(1)).startsWith("< 0.5").contains(" 3 ", "75.0%", "1.0%", "100.0%", "10.0 m")
                .endsWith("none");
        assertThat(lines.get(2)).startsWith(">= 20").contains(" 1 ", "25.0%", "99.0%", "30.00", "29.00", "2.0 m",
                "100.0%,  12.00,  1.00,  5000,  4000");
    }
}
