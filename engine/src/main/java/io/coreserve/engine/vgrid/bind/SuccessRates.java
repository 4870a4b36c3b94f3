package io.coreserve.engine.vgrid.bind;

/**
 * The closed forms of spec 004 section 3.4 / Appendix B for C components, N selections each, independent
 * (disjoint) managers refusing with probability p: the acceptance oracle of the binding simulation.
 */
public final class SuccessRates {

    private SuccessRates() {
    }

    /** Integrated: every component finds one of its N selections bound, (1 − p^N)^C. */
    public static double integrated(double p, int components, int selections) {
        return Math.pow(1 - Math.pow(p, selections), components);
    }

    /** Separate: one of N whole candidates binds all C components, 1 − (1 − (1−p)^C)^N. */
    public static double separate(double p, int components, int selections) {
        return 1 - Math.pow(1 - Math.pow(1 - p, components), selections);
    }

    /** Expected integrated bind attempts: C × Σ_{j<N} p^j = C (1 − p^N)/(1 − p) (each component is geometric, capped at N). */
    public static double integratedAttempts(double p, int components, int selections) {
        return p == 1 ? (double) components * selections : components * (1 - Math.pow(p, selections)) / (1 - p);
    }

    /** Expected separate bind attempts: C × Σ_{j<N} (1 − q)^j with q = (1−p)^C; C·N when it fails. */
    public static double separateAttempts(double p, int components, int selections) {
        double q = Math.pow(1 - p, components);
        // -expm1(N log1p(-q)) = 1 - (1-q)^N without cancellation when q is tiny (C = 16, p = 0.9: q = 1e-16)
        return q == 0 ? (double) components * selections : components * -Math.expm1(selections * Math.log1p(-q)) / q;
    }

    /** The failure probability at which the rate is {@code target} (bisection; rates fall as p grows). */
    public static double probabilityAt(double target, java.util.function.DoubleUnaryOperator rate) {
        double lo = 0;
        double hi = 1;
        for (int i = 0; i < 60; i++) {
            double mid = (lo + hi) / 2;
            if (rate.applyAsDouble(mid) > target) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }
}
