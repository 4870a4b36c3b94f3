package io.coreserve.engine.allocation;

/** Why a request was not allocated. */
public enum RejectionReason {
    /** The request breaks a rule; the rejection names the field and the rule. */
    INVALID_REQUEST,
    /** Phase I: fewer than N resources carry the labels and have p_ij >= e_i. */
    NO_MATCHING_RESOURCES,
    /** Phase II: even the N largest candidates cannot reach some total d_i. */
    TOTALS_UNREACHABLE,
    /** Phase III/IV: at no start time in [t_e, t_l] are N candidates free enough for the whole duration. */
    NO_START_TIME_IN_WINDOW,
    /** Phase IV: start times with N free candidates exist, but no set found reaches every d_i. */
    NO_ADMISSIBLE_SET;

    /**
     * Whether a free interval may lie outside the request's window, so that searching the closest ones (seed 003's
     * counter-offer, {@link CoAllocator#closestFree}) can find one: only when the window alone failed. With too few
     * matching resources, totals no N candidates reach, or an invalid request, no other time helps.
     */
    public boolean seeksClosestFree() {
        return this == NO_START_TIME_IN_WINDOW || this == NO_ADMISSIBLE_SET;
    }
}
