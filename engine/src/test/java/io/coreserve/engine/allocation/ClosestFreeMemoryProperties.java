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
 * {@link ClosestFreeMemory}: searches that skip what earlier, weaker searches proved hopeless find the same closest
 * free intervals as searches that sweep everything, while the books fill, now and then lose a reservation, and the
 * catalogue gains a node.
 */
class ClosestFreeMemoryProperties {

    private static final long MINUTE = 60_000L;
    private static final long HOUR = 60 * MINUTE;

    @Property(tries = 10)
    void shouldCounterOfferAsWithoutTheMemoryWhileTheBooksFillReservationsEndAndNodesArrive(@ForAll long seed,
            @ForAll @IntRange(min = 12, max = 30) int nodes) {
        Random random = new Random(seed);
        PropertySchema schema = PropertySchema.of("cores", "memory_gb");
        InMemoryCatalogue catalogue = Grid.randomCatalogue(random, schema, nodes);
        EngineConfig config = EngineConfig.defaults().withAlgorithm(Algorithm.IMPROVED);
        CoAllocator remembering = new CoAllocator(catalogue, new InMemoryTimetables(nodes, 2), config);
        CoAllocator sweeping = new CoAllocator(catalogue, new InMemoryTimetables(nodes, 2), config, 0);
        int counterOffers = FillingBooks.compare(random, catalogue, remembering, sweeping);
        assertThat(counterOffers).as("requests that did not fit: the books did fill").isGreaterThan(50);
        assertThat(remembering.memory().helped()).as("searches that skipped remembered times").isGreaterThan(0);
        assertThat(remembering.memory().forgotten()).as("releases that made the memory forget").isGreaterThan(0);
        assertThat(sweeping.memory().helped()).isZero();
        assertThat(remembering.memory().windowsProven()).as("windows whose own search the memory spared")
                .isGreaterThan(0);
    }

    /**
     * A case CI met: a closest-free search skipped a remembered interval in which its candidates' availability rose,
     * and counted the times after it as proven by too few free candidates from the start time it tried before the
     * interval; a later window there was then answered NO_START_TIME_IN_WINDOW where the sweep found a start time with
     * two free (NO_ADMISSIBLE_SET).
     */
    @Example
    void shouldNotCountTimesAfterASkippedIntervalAsTooFewFree() {
        shouldCounterOfferAsWithoutTheMemoryWhileTheBooksFillReservationsEndAndNodesArrive(4402L, 23);
    }

    @Example
    void shouldSubtractIntervalsAndJoinTheirUnion() {
        long[] a = {0, 10, 20, 30, 40, Long.MAX_VALUE};
        long[] b = {-5, 2, 5, 5, 9, 21, 25, 25, 50, Long.MAX_VALUE};
        assertThat(TimeIntervals.subtract(a, b)).containsExactly(3, 4, 6, 8, 22, 24, 26, 30, 40, 49);
        assertThat(TimeIntervals.subtract(a, new long[0])).containsExactly(a);
        assertThat(TimeIntervals.subtract(new long[] {0, 10}, new long[] {0, 10})).isEmpty();
        long[] pairs = {20, 30, 0, 5, 6, 8, 25, 40, 50, Long.MAX_VALUE, 60, 70};
        assertThat(TimeIntervals.union(pairs, pairs.length)).containsExactly(0, 8, 20, 40, 50, Long.MAX_VALUE);
    }

    /** The union covers exactly the times some interval covers, with gaps of at least one time between its parts. */
    @Property(tries = 200)
    void shouldJoinIntervalsIntoTheTimesTheyCover(@ForAll long seed) {
        Random random = new Random(seed);
        int n = 1 + random.nextInt(12);
        long[] pairs = new long[n * 2];
        boolean[] covered = new boolean[64];
        for (int k = 0; k < n; k++) {
            int lo = random.nextInt(60);
            int hi = lo + random.nextInt(random.nextBoolean() ? 3 : 12);
            pairs[k * 2] = lo;
            pairs[k * 2 + 1] = Math.min(hi, 63);
            for (int t = lo; t <= Math.min(hi, 63); t++) {
                covered[t] = true;
            }
        }
        long[] union = TimeIntervals.union(pairs, pairs.length);
        boolean[] joined = new boolean[64];
        for (int q = 0; q < union.length; q += 2) {
            assertThat(union[q]).isLessThanOrEqualTo(union[q + 1]);
            if (q > 0) {
                assertThat(union[q]).as("apart from the part before").isGreaterThan(union[q - 1] + 1);
            }
            for (long t = union[q]; t <= union[q + 1]; t++) {
                joined[(int) t] = true;
            }
        }
        assertThat(joined).as(java.util.Arrays.toString(pairs)).containsExactly(covered);
    }

    @Example
    void shouldProveNothingAdmissibleUpToTheAnswerExceptNextToUnprovenFailures() {
        NothingAdmissible forward = new NothingAdmissible(100, 200, SearchOrder.EARLIEST);
        forward.startTime(100);
        forward.startTime(120);
        forward.unproven(120);                // the greedy failed at 120: nothing is known until the next start time
        forward.startTime(150);
        forward.startTime(170);
        forward.unproven(170);
        assertThat(forward.provenUntil(null)).containsExactly(100, 119, 150, 169);
        NothingAdmissible found = new NothingAdmissible(100, 200, SearchOrder.EARLIEST);
        found.startTime(130);
        assertThat(found.provenUntil(130L)).as("found at 130").containsExactly(100, 129);
        assertThat(new NothingAdmissible(100, 200, SearchOrder.EARLIEST).provenUntil(100L)).isEmpty();

        NothingAdmissible backward = new NothingAdmissible(100, 200, SearchOrder.LATEST);
        backward.startTime(200);
        backward.startTime(180);
        backward.unproven(180);               // unknown down to the next start time, 150
        backward.startTime(150);
        backward.startTime(120);
        backward.unproven(120);               // and below the last one, down to the window's start
        assertThat(backward.provenUntil(null)).containsExactly(121, 150, 181, 200);
        NothingAdmissible latest = new NothingAdmissible(100, 200, SearchOrder.LATEST);
        latest.startTime(200);
        latest.unproven(200);
        latest.startTime(170);
        assertThat(latest.provenUntil(170L)).as("found at 170, unproven above it").isEmpty();
    }

    @Example
    void shouldTellTimesProvenByTooFewFreeFromTimesProvenByABound() {
        NothingAdmissible forward = new NothingAdmissible(100, 200, SearchOrder.EARLIEST, new long[] {155, 160});
        forward.startTime(100);               // fewer than N free
        forward.startTime(120);
        forward.enoughFree(120);              // N or more free, a bound failed: proven, but not by the free count
        forward.startTime(150);
        forward.startTime(170);
        forward.enoughFree(170);
        forward.unproven(170);                // the greedy failed: not proven at all
        long[] proven = forward.provenUntil(null);
        assertThat(proven).containsExactly(100, 169);
        // After the skipped [155, 160] the free count is unknown up to the next start time tried (170): a start time
        // in it, where availability may rise, was never tried.
        assertThat(forward.fewFreeUntil(proven)).as("less the stretches after 120, and from the skipped [155, 160] on")
                .containsExactly(100, 119, 150, 154);
        NothingAdmissible backward = new NothingAdmissible(100, 200, SearchOrder.LATEST);
        backward.startTime(190);
        backward.enoughFree(190);             // down to the next start time tried, 151
        backward.startTime(150);
        long[] provenBack = backward.provenUntil(null);
        assertThat(backward.fewFreeUntil(provenBack)).containsExactly(100, 150, 191, 200);
        NothingAdmissible skipping = new NothingAdmissible(100, 200, SearchOrder.LATEST, new long[] {130, 140});
        skipping.startTime(150);              // fewer than N free, down to the skipped [130, 140]
        skipping.startTime(110);              // fewer than N free, down to the window's start
        long[] provenSkipping = skipping.provenUntil(null);
        assertThat(provenSkipping).containsExactly(100, 200);
        assertThat(skipping.fewFreeUntil(provenSkipping)).as("unknown below the skipped interval down to 110")
                .containsExactly(100, 110, 141, 200);
    }

    @Example
    void shouldProveTheTimesPhaseThreeCountedTooFewFreeAtWhateverWasTriedBefore() {
        NothingAdmissible forward = new NothingAdmissible(100, 200, SearchOrder.EARLIEST, new long[] {185, 190});
        forward.startTime(120);
        forward.enoughFree(120);
        forward.unproven(120);                // the greedy failed at 120, and no start time was offered after it
        forward.fewFree(new long[] {140, 160, 180, 195});
        long[] proven = forward.provenUntil(null);
        assertThat(proven).as("up to 120, and where Phase III counted fewer than N free")
                .containsExactly(100, 119, 140, 160, 180, 195);
        assertThat(forward.fewFreeUntil(proven)).as("less what the search skipped (proven elsewhere)")
                .containsExactly(100, 119, 140, 160, 180, 184, 191, 195);
        NothingAdmissible without = new NothingAdmissible(100, 200, SearchOrder.EARLIEST, new long[] {185, 190});
        without.startTime(120);
        without.enoughFree(120);
        without.unproven(120);
        assertThat(without.provenUntil(null)).as("the same search told nothing").containsExactly(100, 119);
    }

    @Example
    void shouldGiveAWindowOnlyTheTimesProvenByTooFewFree() {
        ResolvedRequest weaker = resolved(2, 10, new long[] {1, 2}, new long[] {3, 4}, Set.of());
        ResolvedRequest window = resolved(2, 11, new long[] {1, 3}, new long[] {4, 4}, Set.of());
        InMemoryCatalogue catalogue = new InMemoryCatalogue(PropertySchema.of("cores", "memory_gb"));
        ClosestFreeMemory memory = new ClosestFreeMemory(catalogue, new InMemoryTimetables(1, 2), 4);
        memory.remember(weaker, new long[] {0, HOUR}, new long[] {0, HOUR / 2});
        assertThat(memory.fewFreeIn(window)).as("the second half proven by a bound only").containsExactly(0, HOUR / 2);
        assertThat(ClosestFreeMemory.covers(memory.fewFreeIn(window), window)).isFalse();
        assertThat(memory.nothingAdmissible(window)).containsExactly(0, HOUR);
        memory.remember(weaker, new long[] {HOUR / 2, 2 * HOUR}, new long[] {HOUR / 2 + 1, 2 * HOUR});
        assertThat(memory.fewFreeIn(window)).as("two searches' proofs joined, cut to the window")
                .containsExactly(0, HOUR);
        assertThat(ClosestFreeMemory.covers(memory.fewFreeIn(window), window)).isTrue();
        assertThat(memory.nothingAdmissible(window)).containsExactly(0, HOUR);
        assertThat(memory.fewFreeIn(resolved(2, 9, new long[] {1, 2}, new long[] {3, 4}, Set.of())))
                .as("a weaker request than those remembered").isEmpty();
    }

    @Example
    void shouldStopUsingAnEntryOnceALaterSearchTakesItsSlot() {
        ResolvedRequest weaker = resolved(2, 10, new long[] {1, 2}, new long[] {3, 4}, Set.of());
        ResolvedRequest later = resolved(2, 11, new long[] {1, 3}, new long[] {4, 4}, Set.of());
        ResolvedRequest otherCount = resolved(3, 10, new long[] {1, 2}, new long[] {3, 4}, Set.of());
        InMemoryCatalogue catalogue = new InMemoryCatalogue(PropertySchema.of("cores", "memory_gb"));
        ClosestFreeMemory memory = new ClosestFreeMemory(catalogue, new InMemoryTimetables(1, 2), 2);
        memory.remember(weaker, new long[] {0, HOUR / 2}, new long[] {0, HOUR / 2});
        assertThat(memory.nothingAdmissible(later)).containsExactly(0, HOUR / 2);
        memory.remember(later, new long[] {HOUR / 2 + 1, HOUR / 2 + 9}, TimeIntervals.NONE);
        assertThat(memory.nothingAdmissible(later)).as("its own search's proof joins in")
                .containsExactly(0, HOUR / 2 + 9);
        memory.remember(otherCount, new long[] {0, HOUR}, new long[] {0, HOUR});   // takes the weaker one's slot
        assertThat(memory.nothingAdmissible(later)).containsExactly(HOUR / 2 + 1, HOUR / 2 + 9);
        assertThat(memory.fewFreeIn(later)).as("the other count's proofs are not its").isEmpty();
        memory.remember(otherCount, new long[] {0, HOUR}, new long[] {0, HOUR});   // and the later one's
        assertThat(memory.nothingAdmissible(later)).isEmpty();
    }

    @Example
    void shouldUseOnlySearchesOfTheSameCountAndLabelsAskingNoMore() {
        ResolvedRequest weaker = resolved(2, 10, new long[] {1, 2}, new long[] {3, 4}, Set.of());
        assertThat(helps(weaker, weaker)).isTrue();
        assertThat(helps(weaker, resolved(2, 11, new long[] {1, 3}, new long[] {4, 4}, Set.of()))).isTrue();
        assertThat(helps(weaker, resolved(3, 10, new long[] {1, 2}, new long[] {3, 4}, Set.of()))).as("another N")
                .isFalse();
        assertThat(helps(weaker, resolved(2, 9, new long[] {1, 2}, new long[] {3, 4}, Set.of()))).as("shorter")
                .isFalse();
        assertThat(helps(weaker, resolved(2, 10, new long[] {0, 2}, new long[] {3, 4}, Set.of())))
                .as("a smaller e_i").isFalse();
        assertThat(helps(weaker, resolved(2, 10, new long[] {1, 2}, new long[] {3, 3}, Set.of())))
                .as("a smaller d_i").isFalse();
        assertThat(helps(weaker, resolved(2, 10, new long[] {1, 2}, new long[] {3, 4}, Set.of("gpu"))))
                .as("other labels").isFalse();
    }

    @Example
    void shouldMatchEqualLabelsAndForgetEverythingPastTheMostLabelSets() {
        InMemoryCatalogue catalogue = new InMemoryCatalogue(PropertySchema.of("cores", "memory_gb"));
        ClosestFreeMemory memory = new ClosestFreeMemory(catalogue, new InMemoryTimetables(1, 2),
                2 * ClosestFreeMemory.MAX_LABEL_SETS);
        memory.remember(resolved(2, 10, new long[] {1, 2}, new long[] {3, 4}, new java.util.HashSet<>(Set.of("gpu",
                "ssd"))), new long[] {0, HOUR / 2}, new long[] {0, HOUR / 2});
        ResolvedRequest sameLabels = resolved(2, 10, new long[] {1, 2}, new long[] {3, 4}, Set.of("ssd", "gpu"));
        assertThat(memory.nothingAdmissible(sameLabels)).as("an equal set of labels, another instance")
                .containsExactly(0, HOUR / 2);
        // Lookups with labels never remembered (say, no resource has them) number nothing and forget nothing.
        for (int k = 0; k < 2 * ClosestFreeMemory.MAX_LABEL_SETS; k++) {
            assertThat(memory.nothingAdmissible(resolved(2, 10, new long[] {1, 2}, new long[] {3, 4},
                    Set.of("looked-up-" + k)))).isEmpty();
        }
        assertThat(memory.nothingAdmissible(sameLabels)).as("after lookups with other labels").containsExactly(0,
                HOUR / 2);
        // Searches remembered with as many other label sets as are numbered: the one past the most forgets all.
        for (int k = 0; k < ClosestFreeMemory.MAX_LABEL_SETS - 1; k++) {
            memory.remember(resolved(2, 10, new long[] {1, 2}, new long[] {3, 4}, Set.of("label-" + k)),
                    new long[] {HOUR, 2 * HOUR}, new long[] {HOUR, 2 * HOUR});
        }
        assertThat(memory.nothingAdmissible(sameLabels)).as("at the most label sets, still remembered")
                .containsExactly(0, HOUR / 2);
        memory.remember(resolved(2, 10, new long[] {1, 2}, new long[] {3, 4}, Set.of("one-too-many")),
                new long[] {HOUR, 2 * HOUR}, new long[] {HOUR, 2 * HOUR});
        assertThat(memory.nothingAdmissible(sameLabels)).as("forgotten past the most label sets").isEmpty();
    }

    /** Whether a memory holding what a search of {@code remembered} proved gives {@code later} anything to skip. */
    private static boolean helps(ResolvedRequest remembered, ResolvedRequest later) {
        InMemoryCatalogue catalogue = new InMemoryCatalogue(PropertySchema.of("cores", "memory_gb"));
        ClosestFreeMemory memory = new ClosestFreeMemory(catalogue, new InMemoryTimetables(1, 2), 4);
        memory.remember(remembered, new long[] {0, HOUR / 2}, new long[] {0, HOUR / 2});
        long[] skipped = memory.nothingAdmissible(later);
        assertThat(skipped).isIn(new long[0], new long[] {0, HOUR / 2});
        return skipped.length > 0;
    }

    private static ResolvedRequest resolved(int n, long duration, long[] e, long[] d, Set<String> labels) {
        return new ResolvedRequest("r", n, duration, 0, HOUR, e, d, labels, 1L);
    }
}
