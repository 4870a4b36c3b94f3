package io.coreserve.engine.vgrid.bind;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class BindingTest {

    private static final int[] FOUR_BY_FOUR = {4, 4, 4, 4};

    /** Spec 004 acceptance 8: four components, the first selection of component B (1) refused. */
    @Test
    void integratedRetriesOnlyTheFailedComponent() {
        RecordingBinder binder = new RecordingBinder(a -> !(a.component() == 1 && a.selection() == 0));

        BindingOutcome o = Binding.run(Approach.INTEGRATED, FOUR_BY_FOUR, binder);

        assertThat(o.success()).isTrue();
        assertThat(o.attempts()).isEqualTo(5);
        assertThat(o.steps()).isEqualTo(2);
        assertThat(o.bound()).containsExactly(0, 1, 0, 0);
        assertThat(o.hold()).isEqualTo(3 + 4);
        assertThat(binder.releases).isEmpty();
        assertThat(binder.held).hasSize(4);
    }

    @Test
    void separateReleasesTheWholeCandidateAndBindsTheNext() {
        RecordingBinder binder = new RecordingBinder(a -> !(a.component() == 1 && a.selection() == 0));

        BindingOutcome o = Binding.run(Approach.SEPARATE, FOUR_BY_FOUR, binder);

        assertThat(o.success()).isTrue();
        assertThat(o.attempts()).isEqualTo(8);
        assertThat(binder.releases).containsExactlyInAnyOrder(new BindAttempt(0, 0), new BindAttempt(2, 0), new BindAttempt(3, 0));
        assertThat(o.bound()).containsExactly(1, 1, 1, 1);
        assertThat(binder.held).hasSize(4);
    }

    @ParameterizedTest
    @EnumSource(Approach.class)
    void exhaustionReleasesEveryBoundComponent(Approach approach) {
        RecordingBinder binder = new RecordingBinder(a -> a.component() != 2);

        BindingOutcome o = Binding.run(approach, FOUR_BY_FOUR, binder);

        assertThat(o.success()).isFalse();
        assertThat(o.bound()).containsOnly(-1);
        assertThat(binder.held).as("leaked bindings").isEmpty();
        assertThat(binder.releases).isNotEmpty();
        assertThat(o.attempts()).isEqualTo(approach == Approach.INTEGRATED ? 3 + 4 : 16);
    }

    @ParameterizedTest
    @EnumSource(Approach.class)
    void noBindingLeaksUnderRandomFailures(Approach approach) {
        for (int trial = 0; trial < 500; trial++) {
            BernoulliBinder bernoulli = new BernoulliBinder(0.5, 7, trial, BernoulliBinder.DISJOINT);
            RecordingBinder binder = new RecordingBinder(bernoulli::bind);
            int[] selections = {1 + trial % 5, 3, 2, 4};

            BindingOutcome o = Binding.run(approach, selections, binder);

            assertThat(binder.held).as("trial " + trial).hasSize(o.success() ? selections.length : 0);
        }
    }

    @Test
    void theSameSeedDecidesTheSame() {
        for (Approach approach : Approach.values()) {
            BindingOutcome a = Binding.run(approach, new int[] {8, 8, 8}, new BernoulliBinder(0.6, 42, 3, BernoulliBinder.DISJOINT));
            BindingOutcome b = Binding.run(approach, new int[] {8, 8, 8}, new BernoulliBinder(0.6, 42, 3, BernoulliBinder.DISJOINT));
            assertThat(a).usingRecursiveComparison().isEqualTo(b);
        }
    }

    @Test
    void aRequestsBinderIsTheSameOnEveryRunAndDiffersBetweenRequests() {
        int[] selections = {16, 16, 16, 16, 16, 16, 16, 16};
        BindingOutcome a = Binding.run(Approach.INTEGRATED, selections, BernoulliBinder.forRequest(0.5, 3, "req-1"));
        BindingOutcome again = Binding.run(Approach.INTEGRATED, selections, BernoulliBinder.forRequest(0.5, 3, "req-1"));
        assertThat(again).usingRecursiveComparison().isEqualTo(a);
        assertThat(BernoulliBinder.trialOf("req-1")).isEqualTo(BernoulliBinder.trialOf("req-1")).isNotEqualTo(BernoulliBinder.trialOf("req-2"));
        long differing = java.util.stream.IntStream.range(0, 50).filter(i -> !Arrays.equals(
                Binding.run(Approach.INTEGRATED, selections, BernoulliBinder.forRequest(0.5, 3, "r" + i)).attemptsPerComponent(),
                a.attemptsPerComponent())).count();
        assertThat(differing).isGreaterThan(40);
    }

    @ParameterizedTest
    @EnumSource(Approach.class)
    void aProcessResumedFromItsStateAfterEveryRoundEndsTheSame(Approach approach) {
        int[] selections = {6, 6, 6, 6, 6};
        for (int trial = 0; trial < 200; trial++) {
            BernoulliBinder binder = new BernoulliBinder(0.6, 11, trial, BernoulliBinder.DISJOINT);
            BindingOutcome straight = Binding.run(approach, selections, binder);

            BindingProcess process = approach.start(selections);
            while (!process.decided()) {
                List<BindAttempt> round = process.round();
                BindingProcess resumed = Approach.resume(process.state());
                assertThat(resumed.round()).as("a resumed process awaits the same binds").isEqualTo(round);
                boolean[] accepted = new boolean[round.size()];
                for (int i = 0; i < accepted.length; i++) {
                    accepted[i] = binder.bind(round.get(i));
                }
                resumed.answer(accepted);
                process = Approach.resume(resumed.state());
            }
            assertThat(process.outcome()).as("trial " + trial).usingRecursiveComparison().isEqualTo(straight);
        }
    }

    @Test
    void aRefusingManagerRefusesAgainInTheSameTrial() {
        BernoulliBinder sticky = new BernoulliBinder(0.5, 1, 9, a -> 77L);
        boolean first = sticky.bind(new BindAttempt(0, 0));

        for (int s = 1; s < 20; s++) {
            assertThat(sticky.bind(new BindAttempt(s % 3, s))).isEqualTo(first);
        }
    }

    /**
     * 2,000 seeded trials per cell against spec 004 Appendix B: success within 4 binomial standard errors (plus
     * 0.005 for cells near 0 or 1), mean attempts within 4 standard errors of the sample (+0.2 %, for cells that always take C·N); integrated never below
     * separate in any trial (same managers, same draws).
     */
    @ParameterizedTest(name = "C={0} N={1} p={2}")
    @CsvSource({"1,1,0.5", "2,2,0.3", "2,2,0.7", "4,4,0.5", "8,8,0.6", "16,2,0.1", "16,16,0.5", "16,16,0.9", "8,16,0.7"})
    void simulationMatchesTheClosedForms(int c, int n, double p) {
        int trials = 2000;
        int[] selections = new int[c];
        Arrays.fill(selections, n);
        int[] wins = new int[2];
        double[][] attempts = new double[2][trials];
        for (int t = 0; t < trials; t++) {
            BindingOutcome in = Binding.run(Approach.INTEGRATED, selections, new BernoulliBinder(p, 1, t, BernoulliBinder.DISJOINT));
            BindingOutcome se = Binding.run(Approach.SEPARATE, selections, new BernoulliBinder(p, 1, t, BernoulliBinder.DISJOINT));
            assertThat(in.success() || !se.success()).as("trial %d: separate bound, integrated did not", t).isTrue();
            wins[0] += in.success() ? 1 : 0;
            wins[1] += se.success() ? 1 : 0;
            attempts[0][t] = in.attempts();
            attempts[1][t] = se.attempts();
        }
        double[] expected = {SuccessRates.integrated(p, c, n), SuccessRates.separate(p, c, n)};
        double[] expectedAttempts = {SuccessRates.integratedAttempts(p, c, n), SuccessRates.separateAttempts(p, c, n)};
        for (int a = 0; a < 2; a++) {
            double rate = wins[a] / (double) trials;
            double se = Math.sqrt(expected[a] * (1 - expected[a]) / trials);
            assertThat(rate).as("success, approach %d", a).isCloseTo(expected[a], org.assertj.core.data.Offset.offset(4 * se + 0.005));
            double mean = Arrays.stream(attempts[a]).average().orElseThrow();
            double sd = Math.sqrt(Arrays.stream(attempts[a]).map(x -> (x - mean) * (x - mean)).sum() / (trials - 1));
            assertThat(mean).as("attempts, approach %d", a)
                    .isCloseTo(expectedAttempts[a], org.assertj.core.data.Offset.offset(4 * sd / Math.sqrt(trials) + 0.002 * expectedAttempts[a]));
        }
    }

    @Test
    void closedFormsReproduceAppendixB() {
        assertThat(SuccessRates.integrated(0.5, 16, 2)).isCloseTo(0.010, org.assertj.core.data.Offset.offset(0.0005));
        assertThat(SuccessRates.separate(0.1, 16, 16)).isCloseTo(0.962, org.assertj.core.data.Offset.offset(0.0005));
        assertThat(SuccessRates.integrated(0.3, 2, 1)).isCloseTo(SuccessRates.separate(0.3, 2, 1), org.assertj.core.data.Offset.offset(1e-12));
        assertThat(SuccessRates.integratedAttempts(0.9, 16, 16)).isCloseTo(130.7, org.assertj.core.data.Offset.offset(0.5));
        assertThat(SuccessRates.separateAttempts(0.1, 16, 16)).isCloseTo(83.7, org.assertj.core.data.Offset.offset(1.0));
        double gap = SuccessRates.probabilityAt(0.5, p -> SuccessRates.integrated(p, 16, 16))
                - SuccessRates.probabilityAt(0.5, p -> SuccessRates.separate(p, 16, 16));
        assertThat(gap).isCloseTo(0.64, org.assertj.core.data.Offset.offset(0.01));
    }
}
