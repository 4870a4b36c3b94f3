package io.coreserve.engine.srl;

/** Why a co-reservation request was refused (spec 002 section 3.6). */
public enum ReasonCode {
    /** The SRL text breaks a rule of the language; nothing is booked. */
    INVALID_REQUEST,
    /** Some part has no reservation candidate at all. */
    NO_CANDIDATES,
    /** The constraints cannot be met by any combination of candidates (proven). */
    INFEASIBLE,
    /** The solver found no solution within its limit, and did not prove there is none. */
    SOLVER_LIMIT,
    /** Booking kept failing (steps 6-7) for the configured number of retries. */
    NO_ADMISSIBLE_SET
}
