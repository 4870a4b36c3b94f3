package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.engine.catalogue.InMemoryCatalogue;
import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.timetable.InMemoryTimetables;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link FewFreeClasses}: searches that skip where fewer than N are free for their class (around a window and in it)
 * find the same closest free intervals, and windows the same outcomes, as searches that sweep everything, while the
 * books fill, now and then lose a reservation, and the catalogue gains a node; a class is counted when its searches
 * have paid for it, and counted again only when its count is old.
 */
class FewFreeClassesProperties {

    private static final long MINUTE = 60_000L;
    private static final long HOUR = 60 * MINUTE;

    @Property(tries = 10)
    void shouldCounterOfferAsWithoutClassCountsWhileTheBooksFillReservationsEndAndNodesArrive(@ForAll long seed,
            @ForAll @IntRange(min = 12, max = 30) int nodes) {
        Random random = new Random(seed);
        PropertySchema schema = PropertySchema.of("cores", "memory_gb");
        InMemoryCatalogue catalogue = Grid.randomCatalogue(random, schema, nodes);
        EngineConfig config = EngineConfig.defaults().withAlgorithm(Algorithm.IMPROVED);
        // Every search pays for a count at once (no time spent needed), so counts are made and used from the start.
        CoAllocator counting = new CoAllocator(catalogue, new InMemoryTimetables(nodes, 2), config,
                ClosestFreeMemory.DEFAULT_CAPACITY, 0L);
        CoAllocator sweeping = new CoAllocator(catalogue, new InMemoryTimetables(nodes, 2), config, 0);
        int counterOffers = FillingBooks.compare(random, catalogue, counting, sweeping);
        assertThat(counterOffers).as("requests that did not fit: the books did fill").isGreaterThan(50);
        assertThat(counting.classes().made()).as("classes counted").isGreaterThan(0);
        assertThat(counting.classes().helped()).as("searches that skipped times of their class's count")
                .isGreaterThan(0);
        assertThat(counting.classes().windowsHelped()).as("windows' own searches given their class's count")
                .isGreaterThan(0);
        assertThat(sweeping.classes()).as("a plain sweep counts nothing").isNull();
    }

    @Example
    void shouldKeepOnlyIntervalsOfTenMinutesOrMore() {
        long[] few = {0, 10 * MINUTE - 2, 20 * MINUTE, 30 * MINUTE - 1, 40 * MINUTE, 41 * MINUTE, 2 * HOUR, 5 * HOUR};
        assertThat(FewFreeClasses.longOnly(few)).containsExactly(20 * MINUTE, 30 * MINUTE - 1, 2 * HOUR, 5 * HOUR);
        assertThat(FewFreeClasses.longOnly(new long[0])).isEmpty();
    }

    @Example
    void shouldMakeAWeakClassPayTenTimesOverForItsNextCount() {
        Grid grid = new Grid("cores", "memory_gb");
        for (int k = 0; k < 3; k++) {
            grid.node("n" + k, 4, 8);
        }
        // Fewer than N = 2 free over [0, 1h) only: a sixth of the 6 hours counted, a weak class.
        grid.busy(0, 0, HOUR, 4, 8);
        grid.busy(1, 0, HOUR, 4, 8);
        FewFreeClasses classes = new FewFreeClasses(grid.catalogue, grid.timetables, 10 * MINUTE, 1_000L);
        ResolvedRequest request = grid.request(2, 30 * MINUTE, 0, 4 * HOUR, new double[] {1, 1}, new double[] {2, 2});
        classes.spent(request, 1_000L);
        assertThat(classes.fewFree(request, 0, 6 * HOUR)).containsExactly(0, HOUR - 1);
        classes.spent(request, 10_999L);
        assertThat(classes.fewFree(request, 20 * MINUTE, 6 * HOUR)).as("old, but not paid for ten times over")
                .containsExactly(0, HOUR - 1);
        assertThat(classes.made()).isEqualTo(1);
        classes.spent(request, 1L);
        assertThat(classes.fewFree(request, 20 * MINUTE, 6 * HOUR)).as("paid for").containsExactly(20 * MINUTE,
                HOUR - 1);
        assertThat(classes.made()).isEqualTo(2);
    }

    @Example
    void shouldRoundDownOnALadderOfHalfOctaves() {
        long[] in = {0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 1_000_000};
        long[] out = {0, 1, 2, 3, 4, 4, 6, 6, 8, 8, 12, 12, 786_432};
        for (int k = 0; k < in.length; k++) {
            assertThat(FewFreeClasses.ladderFloor(in[k], 1)).as("%d", in[k]).isEqualTo(out[k]);
        }
        assertThat(FewFreeClasses.ladderFloor(5 * MINUTE + 59_999, MINUTE)).isEqualTo(4 * MINUTE);
        assertThat(FewFreeClasses.ladderFloor(MINUTE - 1, MINUTE)).isZero();
    }

    @Example
    void shouldKeepWholeMinuteDurationsOfTheLadderAndRoundEveryAmountDown() {
        ResolvedRequest request = new ResolvedRequest("r", 3, 7 * MINUTE + 30_000, 10, 20, new long[] {1_500_000,
            0, 5}, new long[] {9_000_000, 1, 15}, Set.of("gpu"), 7L);
        ResolvedRequest floor = FewFreeClasses.classOf(request);
        assertThat(floor.count()).isEqualTo(3);
        assertThat(floor.duration()).isEqualTo(6 * MINUTE);
        assertThat(floor.perResource()).containsExactly(1_048_576, 0, 4);
        assertThat(floor.labels()).containsExactly("gpu");
        assertThat(FewFreeClasses.classOf(request.withWindow(0, 1)).duration()).isEqualTo(6 * MINUTE);
        assertThat(FewFreeClasses.classOf(new ResolvedRequest("s", 3, 50_000, 10, 20, new long[] {1, 1, 1},
                new long[] {3, 3, 3}, Set.of(), 7L)).duration()).as("under a minute: milliseconds")
                .isEqualTo(49_152);
    }

    @Example
    void shouldCountAClassOnceItsSearchesPaidForItAndAgainOnlyWhenTheCountIsOld() {
        Grid grid = new Grid("cores", "memory_gb");
        for (int k = 0; k < 3; k++) {
            grid.node("n" + k, 4, 8);
        }
        // Two of three nodes full over [0, 2h): fewer than N = 2 free there.
        grid.busy(0, 0, 2 * HOUR, 4, 8);
        grid.busy(1, 0, 2 * HOUR, 4, 8);
        FewFreeClasses classes = new FewFreeClasses(grid.catalogue, grid.timetables, 10 * MINUTE, 1_000L);
        ResolvedRequest request = grid.request(2, 30 * MINUTE, 0, 4 * HOUR, new double[] {1, 1}, new double[] {2, 2});
        assertThat(classes.fewFree(request, 0, 6 * HOUR)).as("nothing paid yet").isEmpty();
        classes.spent(request, 999L);
        assertThat(classes.fewFree(request, 0, 6 * HOUR)).isEmpty();
        classes.spent(request, 1L);
        assertThat(classes.fewFree(request, 0, 6 * HOUR)).as("counted: free for 30 minutes from 2h on")
                .containsExactly(0, 2 * HOUR - 1);
        assertThat(classes.made()).isEqualTo(1);
        grid.busy(0, 2 * HOUR, 3 * HOUR, 4, 8);
        grid.busy(1, 2 * HOUR, 3 * HOUR, 4, 8);
        classes.spent(request, 5_000L);
        assertThat(classes.fewFree(request, 5 * MINUTE, 6 * HOUR)).as("a young count, used as it is")
                .containsExactly(0, 2 * HOUR - 1);
        assertThat(classes.fewFree(request, 10 * MINUTE, 6 * HOUR)).as("an old one, counted again")
                .containsExactly(10 * MINUTE, 3 * HOUR - 1);
        assertThat(classes.made()).isEqualTo(2);
        ResolvedRequest stronger = grid.request(2, 28 * MINUTE, 0, 4 * HOUR, new double[] {1.04, 1},
                new double[] {3, 2});
        assertThat(classes.fewFree(stronger, 10 * MINUTE, 6 * HOUR)).as("the same class")
                .containsExactly(10 * MINUTE, 3 * HOUR - 1);
        grid.timetables.release(0, 2 * HOUR, 3 * HOUR, Grid.micros(4, 8));
        assertThat(classes.fewFree(stronger, 10 * MINUTE, 6 * HOUR)).as("forgotten after a release").isEmpty();
    }
}
