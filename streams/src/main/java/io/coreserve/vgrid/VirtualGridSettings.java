package io.coreserve.vgrid;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import io.coreserve.engine.vgrid.classify.ClassifierSettings;
import java.time.Duration;

/**
 * The coordinator's settings (declared in {@link Settings}): the wall-clock wait for one round's answers, the most
 * components a request may have, the classification of the catalogue (spec 004 section 3.1), the tries and back-off
 * of a request that lost hosts to a competing one ({@link RetryBackoff}, with the engine's seed), and how long a
 * decided request is remembered ({@code coreserve.history.retention}).
 */
public record VirtualGridSettings(Duration bindTimeout, int maxComponents, ClassifierSettings classifier,
        int bindTries, Duration retryBackoff, long seed, Duration retention) {

    public VirtualGridSettings {
        if (bindTimeout == null || bindTimeout.isNegative() || bindTimeout.isZero()) {
            throw new IllegalArgumentException(Settings.VGRID_BIND_TIMEOUT + " must be positive, not " + bindTimeout);
        }
        if (maxComponents < 1) {
            throw new IllegalArgumentException(Settings.VGRID_MAX_COMPONENTS + " must be at least 1");
        }
        if (bindTries < 1) {
            throw new IllegalArgumentException(Settings.VGRID_BIND_TRIES + " must be at least 1");
        }
        if (retryBackoff == null || retryBackoff.isNegative() || retryBackoff.isZero()) {
            throw new IllegalArgumentException(Settings.VGRID_RETRY_BACKOFF + " must be positive, not " + retryBackoff);
        }
        if (retention == null || retention.isNegative()) {
            throw new IllegalArgumentException(Settings.HISTORY_RETENTION + " must not be negative, not " + retention);
        }
    }

    public static VirtualGridSettings from(CoreserveConfig config) {
        return new VirtualGridSettings(config.getDuration(Settings.VGRID_BIND_TIMEOUT),
                config.getInt(Settings.VGRID_MAX_COMPONENTS),
                new ClassifierSettings(Double.parseDouble(config.require(Settings.VGRID_CLOSE_MS).trim()),
                        Double.parseDouble(config.require(Settings.VGRID_CLOCK_SIMILARITY).trim())),
                config.getInt(Settings.VGRID_BIND_TRIES),
                config.getDuration(Settings.VGRID_RETRY_BACKOFF),
                Long.parseLong(config.require(Settings.ENGINE_SEED).trim()),
                config.getDuration(Settings.HISTORY_RETENTION));
    }

    public static boolean enabled(CoreserveConfig config) {
        return !"false".equalsIgnoreCase(config.get(Settings.VGRID_ENABLED));
    }
}
