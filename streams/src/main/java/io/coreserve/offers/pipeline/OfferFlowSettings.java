package io.coreserve.offers.pipeline;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.offers.grid.Grid;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What the offers pipeline needs besides topic names: the grid (one provider agent per cluster, its name is
 * the provider id) and how many times a job is composed again after a provider refused a reservation.
 *
 * @param grid        the providers; the metascheduler and the agents must be given the same grid
 * @param maxAttempts rounds of offers, composition and reservation per job before it is rejected, at least 1
 * @param replyTimeout how long the metascheduler waits (wall clock) for the providers' answers to one step of a
 *                    job before it goes on without the missing ones
 * @param retention   how long (stream time) an agent keeps a reservation in its book after it has ended, and the
 *                    metascheduler a decided job after it settled
 */
public record OfferFlowSettings(Grid grid, int maxAttempts, Duration replyTimeout, Duration retention) {

    /** A grid file in {@link Grid}'s format; unset means Table 1 of seed 001. */
    public static final String GRID_FILE = io.coreserve.config.Settings.OFFERS_GRID_FILE;
    /** Attempts per job; a refused reservation starts a new attempt with fresh offers. Default 3. */
    public static final String MAX_ATTEMPTS = io.coreserve.config.Settings.OFFERS_MAX_ATTEMPTS;
    public static final int DEFAULT_MAX_ATTEMPTS = 3;
    /** Wall-clock wait for a step's answers, an ISO-8601 duration. Default PT30S. */
    public static final String REPLY_TIMEOUT = io.coreserve.config.Settings.OFFERS_REPLY_TIMEOUT;
    public static final Duration DEFAULT_REPLY_TIMEOUT = Duration.ofSeconds(30);

    public OfferFlowSettings(Grid grid, int maxAttempts) {
        this(grid, maxAttempts, DEFAULT_REPLY_TIMEOUT, CoreserveConfig.DEFAULT_HISTORY_RETENTION);
    }

    public OfferFlowSettings {
        if (grid == null) {
            throw new IllegalArgumentException("the offers pipeline needs a grid");
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException(MAX_ATTEMPTS + " must be at least 1, not " + maxAttempts);
        }
        if (replyTimeout == null || replyTimeout.isNegative() || replyTimeout.isZero()) {
            throw new IllegalArgumentException(REPLY_TIMEOUT + " must be positive, not " + replyTimeout);
        }
        if (retention == null || retention.isNegative()) {
            throw new IllegalArgumentException(CoreserveConfig.HISTORY_RETENTION + " must not be negative, not "
                    + retention);
        }
    }

    public static OfferFlowSettings from(CoreserveConfig config) {
        String file = config.get(GRID_FILE);
        Grid grid;
        try {
            grid = file == null || file.isBlank() ? Grid.paperTable1() : Grid.read(Path.of(file.trim()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the grid file set in " + GRID_FILE + ": " + file, e);
        }
        return new OfferFlowSettings(grid, config.getInt(MAX_ATTEMPTS), config.getDuration(REPLY_TIMEOUT),
                config.getDuration(CoreserveConfig.HISTORY_RETENTION));
    }
}
