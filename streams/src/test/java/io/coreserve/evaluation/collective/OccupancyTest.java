package io.coreserve.evaluation.collective;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.trace.planetlab.NodeTrace;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class OccupancyTest {

    @Test
    void shouldScaleTheUtilisationAndCapItAtTheWholeNode() {
        assertThat(Occupancy.scaled(30, 1.0)).isEqualTo(30.0);
        assertThat(Occupancy.scaled(30, 2.0)).isEqualTo(60.0);
        assertThat(Occupancy.scaled(30, 0.5)).isEqualTo(15.0);
        assertThat(Occupancy.scaled(60, 2.0)).isEqualTo(100.0);
        assertThat(Occupancy.scaled(0, 4.0)).isZero();
    }

    @Test
    void shouldReserveTheShareOfEveryPropertyOrOfTheCoresOnly() {
        assertThat(Occupancy.PROPORTIONAL.reserved(4_000_000, 2, 25)).isEqualTo(1_000_000);
        assertThat(Occupancy.PROPORTIONAL.reserved(3_000_000, 1, 12.5)).isEqualTo(375_000);
        assertThat(Occupancy.PROPORTIONAL.reserved(3_000_000, 1, 100)).isEqualTo(3_000_000);
        assertThat(Occupancy.CORES_ONLY.reserved(4_000_000, 0, 25)).isEqualTo(1_000_000);
        assertThat(Occupancy.CORES_ONLY.reserved(4_000_000, 2, 25)).isZero();
    }

    @Test
    void shouldReserveTheScaledLoadInTheTimetablesButNeverMoreThanTheCapacity() {
        int[] utilisation = new int[NodeTrace.INTERVALS];
        Arrays.fill(utilisation, 0, 12, 20);   // first hour: 20 %
        Arrays.fill(utilisation, 12, 24, 70);  // second hour: 70 %
        List<NodeTrace> day = List.of(new NodeTrace("a", utilisation));

        CollectiveInstance measured = CollectiveInstance.build(day, 1, 3, Occupancy.PROPORTIONAL, 1.0, 1.0);
        CollectiveInstance doubled = CollectiveInstance.build(day, 1, 3, Occupancy.PROPORTIONAL, 2.0, 1.0);

        long hour = TestCaseGenerator.HOUR;
        for (int i = 0; i < CollectiveInstance.SCHEMA.size(); i++) {
            long capacity = doubled.catalogue().capacity(0, i);
            assertThat(measured.catalogue().capacity(0, i)).isEqualTo(capacity); // same seed, same node
            assertThat(reserved(measured, 0, hour, i)).isEqualTo(capacity * 20 / 100);
            assertThat(reserved(doubled, 0, hour, i)).isEqualTo(capacity * 40 / 100);
            assertThat(reserved(measured, hour, 2 * hour, i)).isEqualTo(capacity * 70 / 100);
            assertThat(reserved(doubled, hour, 2 * hour, i)).isEqualTo(capacity);
            assertThat(reserved(doubled, 2 * hour, 24 * hour, i)).isZero();
        }
    }

    private static long reserved(CollectiveInstance instance, long from, long to, int property) {
        long[] out = new long[CollectiveInstance.SCHEMA.size()];
        instance.timetables().maxReserved(0, from, to, out);
        return out[property];
    }
}
