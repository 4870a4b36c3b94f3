package io.coreserve.engine.srl;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.engine.srl.cpsat.CpSatSolver;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** Oracle, anchor-time fast path and CP-SAT (both encodings) agree on seeded random small Listing 1 instances. */
class SolversAgreeProperties {

    private static final CpSatSolver TIGHT = new CpSatSolver(CpSatSolver.Encoding.TIGHT, 30, 0, 1);
    private static final CpSatSolver PAPER = new CpSatSolver(CpSatSolver.Encoding.PAPER, 30, 0, 1);

    @Property(tries = 25)
    void allSolversFindTheSameOptimum(@ForAll @IntRange(min = 1, max = 3) int n, @ForAll("candidates") int c,
            @ForAll @LongRange(min = 0, max = 1_000_000) long seed, @ForAll @LongRange(min = 3000, max = 12000) long cap) {
        CoReservationModel model = ListingOneInstances.generate(n, c, seed, false, cap);
        Solution oracle = new EnumerationOracle().solve(model);
        Solution fast = new AnchorTimeSearch().solve(model);
        Solution tight = TIGHT.solve(model);
        Solution paper = PAPER.solve(model);

        assertThat(fast.status()).isEqualTo(oracle.status());
        assertThat(tight.status()).isEqualTo(oracle.status());
        assertThat(paper.status()).isEqualTo(oracle.status());
        if (oracle.status() == SolverStatus.OPTIMAL) {
            assertThat(model.satisfies(oracle.choice())).isTrue();
            assertThat(model.satisfies(fast.choice())).isTrue();
            assertThat(model.satisfies(tight.choice())).isTrue();
            assertThat(model.satisfies(paper.choice())).isTrue();
            assertThat(fast.objective()).isEqualTo(oracle.objective());
            assertThat(tight.objective()).isEqualTo(oracle.objective());
            assertThat(paper.objective()).isEqualTo(oracle.objective());
        }
    }

    @Property(tries = 15)
    void workflowOrderWithoutOffsetsIsSolvedByCpSatAsByTheOracle(@ForAll @IntRange(min = 1, max = 2) int n,
            @ForAll @LongRange(min = 0, max = 1_000_000) long seed, @ForAll @LongRange(min = 2000, max = 12000) long cap) {
        CoReservationModel model = ListingOneInstances.generate(n, 7, seed, true, cap);
        assertThat(AnchorTimeSearch.applies(model)).isFalse();
        Solution oracle = new EnumerationOracle().solve(model);
        Solution tight = TIGHT.solve(model);

        assertThat(tight.status()).isEqualTo(oracle.status());
        if (oracle.status() == SolverStatus.OPTIMAL) {
            assertThat(model.satisfies(tight.choice())).isTrue();
            assertThat(tight.objective()).isEqualTo(oracle.objective());
        }
    }

    @Property(tries = 10)
    void excludedCandidatesAndNoGoodsAreRespectedByEverySolver(@ForAll @IntRange(min = 1, max = 3) int n,
            @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        CoReservationModel model = ListingOneInstances.generate(n, 12, seed, false, 10000);
        Solution first = new EnumerationOracle().solve(model);
        if (first.status() != SolverStatus.OPTIMAL) {
            // Some instances have no plan at all (n = 1, seed 1950): nothing to refine, but every solver must agree.
            for (CoReservationSolver solver : new CoReservationSolver[] {new AnchorTimeSearch(), TIGHT}) {
                assertThat(solver.solve(model).status()).isEqualTo(first.status());
            }
            return;
        }
        CoReservationModel refined = model.forbidding(first.choice()).excluding(3, first.choice()[3]);
        Solution oracle = new EnumerationOracle().solve(refined);
        for (CoReservationSolver solver : new CoReservationSolver[] {new AnchorTimeSearch(), TIGHT}) {
            Solution s = solver.solve(refined);
            assertThat(s.status()).isEqualTo(oracle.status());
            if (s.status() == SolverStatus.OPTIMAL) {
                assertThat(s.choice()[3]).isNotEqualTo(first.choice()[3]);
                assertThat(refined.satisfies(s.choice())).isTrue();
                assertThat(s.objective()).isEqualTo(oracle.objective()).isGreaterThanOrEqualTo(first.objective());
            }
        }
    }

    /** The instance on which this property once failed: no plan exists, so there is nothing to refine. */
    @Example
    void anInstanceWithoutAPlanIsInfeasibleForEverySolver() {
        CoReservationModel model = ListingOneInstances.generate(1, 12, 1950, false, 10000);
        assertThat(new EnumerationOracle().solve(model).status()).isNotEqualTo(SolverStatus.OPTIMAL);
        excludedCandidatesAndNoGoodsAreRespectedByEverySolver(1, 1950);
    }

    @Property(tries = 5)
    void cpSatDecidesTheSamePlanTwice(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        CoReservationModel model = ListingOneInstances.generate(3, 12, seed, false, 10000);
        Solution once = TIGHT.solve(model);
        Solution again = TIGHT.solve(ListingOneInstances.generate(3, 12, seed, false, 10000));
        assertThat(again.status()).isEqualTo(once.status());
        assertThat(again.choice()).isEqualTo(once.choice());
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<Integer> candidates() {
        return net.jqwik.api.Arbitraries.of(7, 12, 23);
    }
}
