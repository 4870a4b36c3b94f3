package io.coreserve.engine.allocation;

/**
 * The administrator's parameters (sections 2, 3 and 4.3).
 *
 * @param seed              mixed with the request id to seed every random choice: same seed, same answer
 * @param mInit             M_init, the initial candidate multiple (Phase I asks for M * N resources)
 * @param mMax              M_max; M doubles after a failed pass while M <= M_max (M_max = M_init: one pass)
 * @param l1                L_1: SelectAndSwap gives up after N * L_1 swap attempts
 * @param l2                L_2: Phase V tries N * L_2 swaps (PAPER) or at most that many improving moves
 * @param defaultWindow     t_C in millis: t_l = t_e + t_C when t_l is missing
 * @param defaultPerResource the small positive e_i used when the request gives none, in property units
 * @param algorithm         PAPER, IMPROVED or EXACT
 * @param improvedPool      IMPROVED: Phase I takes up to max(M * N, this many) matching resources
 * @param improvedRestarts  IMPROVED: SelectAndSwap restarts after the greedy fails at a start time
 * @param bookingRetries    how often Phase VI goes back to Phase I after a booking conflict
 * @param exactBudget       EXACT: search-tree nodes of the branch and bound at the start time (a count, not a
 *                          time, so that the same input gives the same plan on any machine)
 */
public record EngineConfig(
        long seed,
        int mInit,
        int mMax,
        int l1,
        int l2,
        long defaultWindow,
        double defaultPerResource,
        Algorithm algorithm,
        int improvedPool,
        int improvedRestarts,
        int bookingRetries,
        long exactBudget) {

    /** EXACT's default node budget: see README, "Exact answers for collective requests". */
    public static final long DEFAULT_EXACT_BUDGET = 90_000L;

    public EngineConfig {
        if (mInit < 1 || mMax < mInit || l1 < 1 || l2 < 0 || defaultWindow < 0 || improvedPool < 0
                || improvedRestarts < 0 || bookingRetries < 0 || exactBudget < 0) {
            throw new IllegalArgumentException("invalid engine configuration");
        }
        if (!(defaultPerResource > 0) || !Double.isFinite(defaultPerResource)) {
            throw new IllegalArgumentException("defaultPerResource must be a small positive amount");
        }
    }

    /** The paper's parameters: M_init = 3, M_max = 12, L_1 = 7, L_2 = 10, t_C = 24 h, e_i default 0.001. */
    public static EngineConfig defaults() {
        return new EngineConfig(42L, 3, 12, 7, 10, 24L * 3600_000L, 0.001, Algorithm.PAPER, 1024, 1, 3,
                DEFAULT_EXACT_BUDGET);
    }

    public EngineConfig withSeed(long value) {
        return new EngineConfig(value, mInit, mMax, l1, l2, defaultWindow, defaultPerResource, algorithm,
                improvedPool, improvedRestarts, bookingRetries, exactBudget);
    }

    public EngineConfig withAlgorithm(Algorithm value) {
        return new EngineConfig(seed, mInit, mMax, l1, l2, defaultWindow, defaultPerResource, value,
                improvedPool, improvedRestarts, bookingRetries, exactBudget);
    }

    /** M_init and M_max; the paper's evaluation uses M_max = M_init (a single pass). */
    public EngineConfig withM(int init, int max) {
        return new EngineConfig(seed, init, max, l1, l2, defaultWindow, defaultPerResource, algorithm,
                improvedPool, improvedRestarts, bookingRetries, exactBudget);
    }

    public EngineConfig withLimits(int newL1, int newL2) {
        return new EngineConfig(seed, mInit, mMax, newL1, newL2, defaultWindow, defaultPerResource, algorithm,
                improvedPool, improvedRestarts, bookingRetries, exactBudget);
    }

    public EngineConfig withImprovedPool(int value) {
        return new EngineConfig(seed, mInit, mMax, l1, l2, defaultWindow, defaultPerResource, algorithm,
                value, improvedRestarts, bookingRetries, exactBudget);
    }

    /** EXACT's node budget. */
    public EngineConfig withExactBudget(long value) {
        return new EngineConfig(seed, mInit, mMax, l1, l2, defaultWindow, defaultPerResource, algorithm,
                improvedPool, improvedRestarts, bookingRetries, value);
    }
}
