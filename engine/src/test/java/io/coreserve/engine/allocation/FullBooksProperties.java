package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.engine.catalogue.InMemoryCatalogue;
import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Request;
import io.coreserve.engine.timetable.FlatTimetables;
import io.coreserve.engine.timetable.InMemoryTimetables;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The engine on books that fill up, on the compact timetables against the plain reference ones: the same request
 * stream gives the same decision at every step, and the same closest free intervals before and after the window
 * when a request does not fit (and a closest-free search limited to one pass finds a subset of the same
 * answers). The books get full enough that timetables span many blocks of breakpoints, so the
 * shortcuts of the compact timetables on full books (blocks that are busy throughout visited as one segment, the
 * free-candidate count kept while start times descend, the last segments of every timetable read side by side) are
 * exercised on long windows, with and without decoded copies of the timetables.
 */
class FullBooksProperties {

    private static final String[] PROPERTIES = {"cores", "memory_gb"};
    private static final long MINUTE = 60_000L;

    @Property(tries = 12)
    void shouldDecideAndCounterOfferAsOnThePlainTimetablesWhileTheBooksFill(@ForAll long seed,
            @ForAll @IntRange(min = 4, max = 10) int nodes, @ForAll boolean decodedCopies) {
        Random random = new Random(seed);
        PropertySchema schema = PropertySchema.of(PROPERTIES);
        InMemoryCatalogue catalogue = Grid.randomCatalogue(random, schema, nodes);
        // Without decoded copies the sweeps visit the timetables' segments, except where a piece begins in a
        // timetable's last two segments (kept side by side for every resource): both ways must decide the same.
        InMemoryTimetables compact = decodedCopies ? new InMemoryTimetables(nodes, schema.size())
                : new InMemoryTimetables(nodes, schema.size(), 0);
        FlatTimetables flat = new FlatTimetables(nodes, schema.size());
        EngineConfig config = EngineConfig.defaults();
        CoAllocator onCompact = new CoAllocator(catalogue, compact, config);
        CoAllocator onFlat = new CoAllocator(catalogue, flat, config);
        long day = 24 * 60 * MINUTE;
        int full = 0;
        for (int q = 0; q < 900; q++) {
            long now = q * MINUTE / 4;
            long earliest = now + random.nextInt((int) (day / MINUTE)) * MINUTE;
            int n = 1 + random.nextInt(Math.min(3, nodes));
            Request.Builder b = Request.builder("q" + q, "u").submittedAt(now)
                    .duration((1 + random.nextInt(30)) * MINUTE).count(n)
                    .window(earliest, earliest + random.nextInt(120) * MINUTE);
            b.total("cores", n * (0.2 + random.nextDouble())).perResource("cores", 0.1 + random.nextDouble() * 0.4);
            if (random.nextBoolean()) {
                b.total("memory_gb", n * 0.5 * random.nextDouble());
            }
            Request request = b.build();
            Outcome a = onCompact.allocate(request);
            Outcome f = onFlat.allocate(request);
            assertThat(Outcomes.describe(a)).as("decision of %s", request.requestId()).isEqualTo(Outcomes.describe(f));
            if (a instanceof Rejection) {
                full++;
                ClosestFreeIntervals ca = onCompact.closestFree(request, a, now, day);
                ClosestFreeIntervals cf = onFlat.closestFree(request, now, day);
                assertThat(Outcomes.describe(ca.earliestAfter())).as("after %s", request.requestId())
                        .isEqualTo(Outcomes.describe(cf.earliestAfter()));
                assertThat(Outcomes.describe(ca.latestBefore())).as("before %s", request.requestId())
                        .isEqualTo(Outcomes.describe(cf.latestBefore()));
                // A single pass is the full search's first pass: what it finds, the full search finds too.
                ClosestFreeIntervals single = onCompact.closestFree(request, a, now, day, config.mInit());
                if (single.earliestAfter() != null) {
                    assertThat(Outcomes.describe(single.earliestAfter())).isEqualTo(Outcomes.describe(ca.earliestAfter()));
                }
                if (single.latestBefore() != null) {
                    assertThat(Outcomes.describe(single.latestBefore())).isEqualTo(Outcomes.describe(ca.latestBefore()));
                }
            }
        }
        assertThat(full).as("requests that did not fit: the books did fill").isGreaterThan(0);
        int most = 0;
        for (int k = 0; k < nodes; k++) {
            most = Math.max(most, compact.timetable(k).breakpoints());
        }
        assertThat(most).as("breakpoints of the fullest timetable: several blocks").isGreaterThan(200);
    }
}
