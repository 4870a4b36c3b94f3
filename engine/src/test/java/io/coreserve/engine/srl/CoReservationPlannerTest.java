package io.coreserve.engine.srl;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.engine.srl.cpsat.CpSatSolver;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Spec acceptance checks 3 (Listing 1 scenario against the oracle) and 7 (booking conflicts, steps 6-7). */
class CoReservationPlannerTest {

    private static final long NOW = 1197482400_000L - 3_600_000L;
    private static final SrlConfig CONFIG = SrlConfig.defaults().withGrid(3_600_000L);

    private final CpSatSolver cpSat = CpSatSolver.forDecisions(CONFIG);

    @Test
    void shouldPlanListingOneWithTiedStartsAndMatchingLinks() {
        Inventory inventory = DemoInventory.create();
        inventory.nodes().timetables().reserve(1, 1197482400_000L, 1197482400_000L + 10 * 3_600_000L, new long[] {40_000_000L});

        CoReservationDecision decision = new CoReservationPlanner(CONFIG, cpSat).probe(DemoInventory.LISTING_1, NOW, inventory);

        assertThat(decision.accepted()).as("%s", decision.error()).isTrue();
        assertThat(decision.solver()).isEqualTo("fast");
        assertThat(decision.status()).isEqualTo(SolverStatus.OPTIMAL);
        Map<String, PartAllocation> parts = byId(decision.parts());
        assertThat(parts.keySet()).containsExactly("IBM", "PCC", "NET1", "VIS", "NET2");
        long ibm = parts.get("IBM").start();
        assertThat(parts.get("PCC").start()).isEqualTo(ibm);
        assertThat(parts.get("NET1").start()).isEqualTo(ibm);
        assertThat(parts.get("VIS").start()).isEqualTo(ibm + 14_400_000L);
        assertThat(parts.get("NET2").start()).isEqualTo(ibm + 14_400_000L);
        assertThat(parts.get("NET1").src()).isEqualTo(parts.get("IBM").resourceId());
        assertThat(parts.get("NET1").dst()).isEqualTo(parts.get("PCC").resourceId());
        assertThat(parts.get("NET2").src()).isEqualTo(parts.get("IBM").resourceId());
        assertThat(parts.get("NET2").dst()).isEqualTo(parts.get("VIS").resourceId());
        assertThat(parts.get("VIS").resourceId()).isEqualTo("v1");
        assertThat(decision.parts().stream().mapToDouble(PartAllocation::cost).sum()).isLessThanOrEqualTo(10000);
        // n2 (cheaper) is busy for the first 10 h: a 48-core node holding 40 cannot take 16 or 32 more.
        assertThat(decision.parts().stream().filter(p -> p.start() < 1197482400_000L + 10 * 3_600_000L
                && p.resourceId().equals("n2"))).isEmpty();
    }

    @Test
    void shouldFindTheOraclesObjectiveExactly() {
        Inventory inventory = DemoInventory.create();
        CoReservationRequest request = new SrlParser(32, 0).parse(DemoInventory.LISTING_1, NOW);
        List<PartCandidates> candidates = new CandidateGenerator(CONFIG).generate(request, inventory, NOW, new HashMap<>());
        CoReservationModel model = ModelCompiler.compile(request, candidates,
                CandidateGenerator.conflicts(request, candidates, inventory), SrlConfig.Normalisation.RANGE);

        Solution oracle = new EnumerationOracle().solve(model);
        Solution fast = new AnchorTimeSearch().solve(model);
        Solution tight = cpSat.solve(model);

        assertThat(candidates.get(0).size()).isEqualTo(3 * 67 - 67); // n1 and n2, 67 hourly starts
        assertThat(oracle.status()).isEqualTo(SolverStatus.OPTIMAL);
        assertThat(fast.objective()).isEqualTo(oracle.objective());
        assertThat(tight.objective()).isEqualTo(oracle.objective());
        CoReservationDecision decision = new CoReservationPlanner(CONFIG, cpSat).probe(DemoInventory.LISTING_1, NOW, inventory);
        assertThat(decision.objectiveValue()).isEqualTo(oracle.objective() / 1e9);
    }

    @Test
    void shouldBookEveryPartAndCancelRestoresTheTimetablesBitForBit() {
        Inventory inventory = DemoInventory.create();
        inventory.nodes().timetables().reserve(0, NOW, NOW + 50 * 3_600_000L, new long[] {8_000_000L});
        String before = Snapshot.of(inventory);
        TimetableBooker booker = new TimetableBooker(inventory);

        CoReservationDecision decision = new CoReservationPlanner(CONFIG, cpSat).decide(DemoInventory.LISTING_1, NOW,
                inventory, booker);

        assertThat(decision.accepted()).isTrue();
        assertThat(Snapshot.of(inventory)).isNotEqualTo(before);
        booker.release(decision.parts());
        assertThat(Snapshot.of(inventory)).isEqualTo(before);
    }

    @Test
    void shouldExcludeACandidateTakenBeforeBookingAndSolveAgain() {
        Inventory inventory = DemoInventory.create();
        TimetableBooker timetables = new TimetableBooker(inventory);
        List<List<PartAllocation>> tried = new ArrayList<>();
        Booker takenInBetween = plan -> {
            if (tried.isEmpty()) {
                PartAllocation vis = plan.get(3);
                // Someone else takes the whole visualisation node over the planned interval.
                inventory.nodes().timetables().reserve(vis.resource(), vis.start(), vis.end(), new long[] {8_000_000L});
            }
            tried.add(plan);
            return timetables.book(plan);
        };

        CoReservationDecision decision = new CoReservationPlanner(CONFIG, cpSat).decide(DemoInventory.LISTING_1, NOW,
                inventory, takenInBetween);

        // The plan after the first is stale too when its VIS overlaps the taken hours: each refusal excludes one.
        PartAllocation taken = tried.get(0).get(3);
        PartAllocation vis = decision.parts().get(3);
        assertThat(decision.accepted()).isTrue();
        assertThat(decision.attempts()).isEqualTo(tried.size()).isGreaterThan(1);
        assertThat(vis.start() >= taken.end() || vis.end() <= taken.start()).isTrue();
    }

    @Test
    void shouldGiveUpAfterTheConfiguredBookingRetries() {
        Inventory inventory = DemoInventory.create();
        Booker alwaysTaken = plan -> new Booker.Outcome(0, true);

        CoReservationDecision decision = new CoReservationPlanner(CONFIG.withBookingRetries(3), cpSat)
                .decide(DemoInventory.LISTING_1, NOW, inventory, alwaysTaken);

        assertThat(decision.accepted()).isFalse();
        assertThat(decision.error().code()).isEqualTo(ReasonCode.NO_ADMISSIBLE_SET);
        assertThat(decision.attempts()).isEqualTo(3);
    }

    @Test
    void shouldSayWhenThereAreNoCandidatesOrTheCapCutSome() {
        Inventory inventory = DemoInventory.create();
        CoReservationPlanner planner = new CoReservationPlanner(CONFIG.withMaxCandidatesPerPart(10), cpSat);

        CoReservationDecision none = planner.probe(DemoInventory.LISTING_1.replace("IBM.QOS.cpus = 16", "IBM.QOS.cpus = 100"),
                NOW, inventory);
        CoReservationDecision capped = planner.probe(DemoInventory.LISTING_1, NOW, inventory);

        assertThat(none.error().code()).isEqualTo(ReasonCode.NO_CANDIDATES);
        assertThat(none.error().field()).isEqualTo("IBM");
        assertThat(capped.cappedParts()).contains("IBM", "PCC");
        assertThat(capped.candidatesPerPart().get("IBM")).isEqualTo(10);
    }

    @Test
    void shouldUseCpSatWhenPartsAreNotTiedByOffsetsAndRefuseAnInfeasibleRequest() {
        Inventory inventory = DemoInventory.create();
        String workflow = """
                A.TS.est = 1197482400
                A.TS.let = 1197741600
                A.TS.duration = 6h
                A.QOS.cpus = 16
                B.TS.duration = 2h
                B.QOS.cpus = 16
                B.CON.after = B.RVC.begin >= A.RVC.end + 1h
                B.CON.other = B.RVC.resource != A.RVC.resource
                """;
        CoReservationPlanner planner = new CoReservationPlanner(CONFIG, cpSat);

        CoReservationDecision decision = planner.probe(workflow, NOW, inventory);
        CoReservationDecision impossible = planner.probe(workflow + "A.CON.late = A.RVC.begin >= B.RVC.end\n", NOW, inventory);

        assertThat(decision.accepted()).isTrue();
        assertThat(decision.solver()).isEqualTo("cpsat-tight");
        assertThat(decision.parts().get(1).start()).isGreaterThanOrEqualTo(decision.parts().get(0).end() + 3_600_000L);
        assertThat(decision.parts().get(1).resourceId()).isNotEqualTo(decision.parts().get(0).resourceId());
        assertThat(impossible.error().code()).isEqualTo(ReasonCode.INFEASIBLE);
    }

    @Test
    void shouldDecideTheSameWhenTheSameRequestIsReplayed() {
        String workflow = DemoInventory.LISTING_1.replace("VIS.CON.time = PCC.RVC.begin + 14400 == VIS.RVC.begin",
                "VIS.CON.time = VIS.RVC.begin >= PCC.RVC.end");

        Inventory first = DemoInventory.create();
        Inventory second = DemoInventory.create();
        CoReservationDecision once = new CoReservationPlanner(CONFIG, cpSat).decide(workflow, NOW, first,
                new TimetableBooker(first));
        CoReservationDecision again = new CoReservationPlanner(CONFIG,
                new CpSatSolver(CpSatSolver.Encoding.TIGHT, 5, 0, 1)).decide(workflow, NOW, second,
                new TimetableBooker(second));

        assertThat(once.solver()).isEqualTo("cpsat-tight");
        assertThat(once.status()).isEqualTo(SolverStatus.OPTIMAL);
        assertThat(again.parts()).isEqualTo(once.parts());
        assertThat(again.objectiveValue()).isEqualTo(once.objectiveValue());
        assertThat(Snapshot.of(second)).isEqualTo(Snapshot.of(first));
    }

    private static Map<String, PartAllocation> byId(List<PartAllocation> parts) {
        Map<String, PartAllocation> out = new java.util.LinkedHashMap<>();
        parts.forEach(p -> out.put(p.partId(), p));
        return out;
    }

    /** Every constant segment of every timetable, as text. */
    static final class Snapshot {
        static String of(Inventory inventory) {
            StringBuilder text = new StringBuilder();
            for (ResourcePool pool : new ResourcePool[] {inventory.nodes(), inventory.links()}) {
                for (int r = 0; r < pool.catalogue().size(); r++) {
                    pool.timetables().forEachSegment(r, 0, Long.MAX_VALUE / 2,
                            (start, amounts, offset) -> text.append(start).append(java.util.Arrays.toString(
                                    java.util.Arrays.copyOfRange(amounts, offset, offset + 1))).append(';'));
                    text.append('\n');
                }
            }
            return text.toString();
        }
    }
}
