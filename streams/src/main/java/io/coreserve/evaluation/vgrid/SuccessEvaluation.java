package io.coreserve.evaluation.vgrid;

import io.coreserve.engine.vgrid.bind.Approach;
import io.coreserve.engine.vgrid.bind.BernoulliBinder;
import io.coreserve.engine.vgrid.bind.Binding;
import io.coreserve.engine.vgrid.bind.BindingOutcome;
import io.coreserve.engine.vgrid.bind.SuccessRates;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Figure 3 (paper section 4.3): for every (C, N, p) run {@code trials} seeded trials of both approaches. A trial
 * is C components with N disjoint selections each (every selection its own resource manager, sticky Bernoulli
 * failures); integrated and separate see the same managers and the same draws in a trial (common random numbers),
 * so integrated ≥ separate holds trial by trial, as the paper states it does on average.
 */
public final class SuccessEvaluation {

    public static final int[] COMPONENTS = {1, 2, 4, 8, 16};
    public static final int[] SELECTIONS = {1, 2, 4, 8, 16};
    public static final double[] PROBABILITIES = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9};

    /** What to run; the defaults are the paper's grid with 1000 trials per cell. */
    public record Options(int[] components, int[] selections, double[] probabilities, int trials, long seed) {
        public static Options paper(long seed) {
            return new Options(COMPONENTS, SELECTIONS, PROBABILITIES, 1000, seed);
        }
    }

    private SuccessEvaluation() {
    }

    public static List<SuccessCell> run(Options o, PrintStream progress) {
        List<SuccessCell> cells = new ArrayList<>();
        int done = 0;
        int total = o.components().length * o.selections().length;
        for (int c : o.components()) {
            for (int n : o.selections()) {
                for (double p : o.probabilities()) {
                    for (Approach approach : Approach.values()) {
                        cells.add(cell(c, n, p, approach, o.trials(), o.seed()));
                    }
                }
                progress.printf("[%d/%d] C=%d N=%d done%n", ++done, total, c, n);
            }
        }
        return cells;
    }

    static SuccessCell cell(int c, int n, double p, Approach approach, int trials, long seed) {
        int[] selections = new int[c];
        Arrays.fill(selections, n);
        int wins = 0;
        long attempts = 0;
        long hold = 0;
        for (int t = 0; t < trials; t++) {
            // the trial key depends on the cell, not on the approach: both approaches face the same draws
            long trial = ((long) c << 48) ^ ((long) n << 40) ^ ((long) Math.round(p * 1000) << 24) ^ t;
            BindingOutcome o = Binding.run(approach, selections, new BernoulliBinder(p, seed, trial, BernoulliBinder.DISJOINT));
            wins += o.success() ? 1 : 0;
            attempts += o.attempts();
            hold += o.hold();
        }
        double closed = approach == Approach.INTEGRATED ? SuccessRates.integrated(p, c, n) : SuccessRates.separate(p, c, n);
        return new SuccessCell(c, n, p, approach, trials, wins / (double) trials, attempts / (double) trials,
                hold / (double) trials, closed);
    }
}
