package io.coreserve.engine.srl;

/**
 * Settings of SRL co-reservations (spec section 7, {@code coreserve.srl.*}).
 *
 * @param gridMillis             candidate starts are {@code est + k * grid} plus timetable breakpoints
 * @param maxCandidatesPerPart   the cap per part (the paper's own lever: fewer candidates)
 * @param maxParts               more parts are refused
 * @param deterministicTime      CP-SAT's deterministic time limit
 * @param bookingRetries         booking attempts before NO_ADMISSIBLE_SET (steps 6-7)
 * @param normalisation          how sub-objectives are scaled
 * @param horizonMillis          {@code let - est} when the request gives neither
 */
public record SrlConfig(long gridMillis, int maxCandidatesPerPart, int maxParts, double deterministicTime,
        int bookingRetries, Normalisation normalisation, long horizonMillis) {

    /** Spec 4.5 step 5: {@code RANGE} scales each sub-objective by its range over the candidates; {@code PAPER} divides by its largest magnitude (Listing 1's {@code CF = w / max}). */
    public enum Normalisation { RANGE, PAPER }

    public static SrlConfig defaults() {
        return new SrlConfig(15 * 60_000L, 4096, 32, 5.0, 3, Normalisation.RANGE, 7 * 86_400_000L);
    }

    public SrlConfig withBookingRetries(int retries) {
        return new SrlConfig(gridMillis, maxCandidatesPerPart, maxParts, deterministicTime, retries, normalisation,
                horizonMillis);
    }

    public SrlConfig withMaxCandidatesPerPart(int max) {
        return new SrlConfig(gridMillis, max, maxParts, deterministicTime, bookingRetries, normalisation,
                horizonMillis);
    }

    public SrlConfig withGrid(long millis) {
        return new SrlConfig(millis, maxCandidatesPerPart, maxParts, deterministicTime, bookingRetries, normalisation,
                horizonMillis);
    }
}
