package io.coreserve.engine.srl;

/** Chooses one candidate per part minimising the model's integer objective (spec 4.5). */
public interface CoReservationSolver {

    /** A short name for decisions and tables: {@code fast}, {@code oracle}, {@code cpsat-tight}, ... */
    String name();

    Solution solve(CoReservationModel model);
}
