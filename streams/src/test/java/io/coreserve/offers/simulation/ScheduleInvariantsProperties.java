package io.coreserve.offers.simulation;

import io.coreserve.offers.agent.Reservation;
import io.coreserve.offers.grid.Cluster;
import io.coreserve.offers.grid.Grid;
import io.coreserve.offers.job.Allocation;
import io.coreserve.offers.job.GridJob;
import io.coreserve.offers.policy.PolicyKind;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** What must hold for every policy on any workload: checked on random small grids and workloads. */
class ScheduleInvariantsProperties {

    record Case(Grid grid, List<GridJob> jobs) {
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<Cluster> cluster = Combinators.combine(
                Arbitraries.integers().between(1, 16), Arbitraries.of(1000L, 1300L, 2000L))
                .as((p, mips) -> new Cluster("c", p, mips));
        Arbitrary<List<Cluster>> clusters = cluster.list().ofMinSize(1).ofMaxSize(3);
        return clusters.flatMap(cs -> {
            List<Cluster> named = new ArrayList<>();
            for (int i = 0; i < cs.size(); i++) {
                named.add(new Cluster("c" + i, cs.get(i).processors(), cs.get(i).mips()));
            }
            Grid grid = new Grid(named);
            Arbitrary<GridJob> job = Combinators.combine(
                    Arbitraries.longs().between(0, 300),
                    Arbitraries.integers().between(1, grid.totalProcessors() + 2),
                    Arbitraries.longs().between(1, 200_000),
                    Arbitraries.integers().between(1, 100))
                    .as((submit, p, length, percent) -> new GridJob(0, submit, p, length, Math.max(1, length * percent / 100)));
            return job.list().ofMinSize(1).ofMaxSize(40).map(js -> {
                List<GridJob> numbered = new ArrayList<>();
                for (int i = 0; i < js.size(); i++) {
                    GridJob j = js.get(i);
                    numbered.add(new GridJob(i + 1, j.submitSeconds(), j.processors(), j.lengthMi(), j.actualLengthMi()));
                }
                return new Case(grid, numbered);
            });
        });
    }

    @Property(tries = 150)
    void everyJobIsPlacedExactlyOnceOrRejected(@ForAll("cases") Case c, @ForAll PolicyKind kind) {
        SimulationResult r = GridSimulation.run(c.grid(), c.jobs(), kind);

        Set<Long> seen = new HashSet<>();
        for (JobOutcome o : r.outcomes()) {
            assertThat(seen.add(o.jobId())).as("job %d placed twice", o.jobId()).isTrue();
        }
        assertThat(r.unplacedJobIds()).isEmpty();
        assertThat(r.outcomes().size() + r.rejectedJobIds().size()).isEqualTo(c.jobs().size());
        int limit = kind == PolicyKind.COARP || kind == PolicyKind.SCOAL ? c.grid().totalProcessors() : c.grid().largestCluster();
        for (GridJob j : c.jobs()) {
            assertThat(r.rejectedJobIds().contains(j.id())).as("job %d rejected", j.id()).isEqualTo(j.processors() > limit);
        }
    }

    @Property(tries = 150)
    void noJobStartsBeforeItIsSubmitted(@ForAll("cases") Case c, @ForAll PolicyKind kind) {
        SimulationResult r = GridSimulation.run(c.grid(), c.jobs(), kind);

        for (Allocation a : r.allocations()) {
            for (Reservation part : a.parts()) {
                assertThat(part.start()).isGreaterThanOrEqualTo(a.job().submitSeconds());
            }
        }
    }

    /** Parts hold their processors from their start to their actual end (the rest of a reservation is given back). */
    @Property(tries = 150)
    void noClusterIsEverOverCommitted(@ForAll("cases") Case c, @ForAll PolicyKind kind) {
        SimulationResult r = GridSimulation.run(c.grid(), c.jobs(), kind);

        for (int cluster = 0; cluster < c.grid().size(); cluster++) {
            List<long[]> actual = new ArrayList<>();
            for (Allocation a : r.allocations()) {
                for (Reservation part : a.parts()) {
                    if (part.provider() == cluster) {
                        long end = part.start() + a.job().actualSeconds(c.grid().cluster(cluster).mips());
                        actual.add(new long[] {part.start(), end, part.processors()});
                    }
                }
            }
            assertThat(peak(actual)).isLessThanOrEqualTo(c.grid().cluster(cluster).processors());
        }
    }

    @Property(tries = 100)
    void singleClusterPoliciesRunEachJobInOnePart(@ForAll("cases") Case c) {
        for (PolicyKind kind : List.of(PolicyKind.FCFS, PolicyKind.EASY, PolicyKind.FPFS)) {
            SimulationResult r = GridSimulation.run(c.grid(), c.jobs(), kind);
            assertThat(r.allocations()).allSatisfy(a -> assertThat(a.parts()).hasSize(1));
        }
    }

    /** Most processors in use at once, by a sweep over [start, end) intervals. */
    private static long peak(List<long[]> intervals) {
        List<long[]> events = new ArrayList<>();
        for (long[] i : intervals) {
            events.add(new long[] {i[0], i[2]});
            events.add(new long[] {i[1], -i[2]});
        }
        events.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1])); // ends first
        long inUse = 0;
        long peak = 0;
        for (long[] e : events) {
            inUse += e[1];
            peak = Math.max(peak, inUse);
        }
        return peak;
    }
}
