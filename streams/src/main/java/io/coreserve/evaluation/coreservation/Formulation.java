package io.coreserve.evaluation.coreservation;

import io.coreserve.engine.srl.AnchorTimeSearch;
import io.coreserve.engine.srl.CoReservationSolver;
import io.coreserve.engine.srl.EnumerationOracle;
import io.coreserve.engine.srl.cpsat.CpSatSolver;
import java.util.Locale;

/** The ways section 6's instances are solved (spec 6.3 (a)-(c)). */
public enum Formulation {
    /** Listing 1's aggregated equalities, CP-SAT. */
    PAPER,
    /** The per-value encoding of spec 4.5, CP-SAT. */
    TIGHT,
    /** The anchor-time search the pipeline uses for this structure. */
    FAST,
    /** The enumeration oracle every answer is checked against. */
    ORACLE;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The solver; {@code seconds} bounds CP-SAT's wall time (a time-out is reported, not dropped). */
    CoReservationSolver solver(double seconds) {
        return switch (this) {
            case PAPER -> new CpSatSolver(CpSatSolver.Encoding.PAPER, 1e9, seconds, 1);
            case TIGHT -> new CpSatSolver(CpSatSolver.Encoding.TIGHT, 1e9, seconds, 1);
            case FAST -> new AnchorTimeSearch();
            case ORACLE -> new EnumerationOracle();
        };
    }
}
