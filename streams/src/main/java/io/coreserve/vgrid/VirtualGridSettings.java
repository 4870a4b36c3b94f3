package io.coreserve.vgrid;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import io.coreserve.engine.vgrid.classify.ClassifierSettings;
import java.time.Duration;

/**
 * The coordinator's settings (declared in {@link Settings}): the wall-clock wait for one round's answers, the most
 * components a request may have, and the classification of the catalogue (spec 004 section 3.1).
 */
public record VirtualGridSettings(Duration bindTimeout, int maxComponents, ClassifierSettings classifier) {

    public VirtualGridSettings {
        if (bindTimeout == null || bindTimeout.isNegative() || bindTimeout.isZero()) {
            throw new IllegalArgumentException(Settings.VGRID_BIND_TIMEOUT + " must be positive, not " + bindTimeout);
        }
        if (maxComponents < 1) {
            throw new IllegalArgumentException(Settings.VGRID_MAX_COMPONENTS + " must be at least 1");
        }
    }

    public static VirtualGridSettings from(CoreserveConfig config) {
        return new VirtualGridSettings(config.getDuration(Settings.VGRID_BIND_TIMEOUT),
                config.getInt(Settings.VGRID_MAX_COMPONENTS),
                new ClassifierSettings(Double.parseDouble(config.require(Settings.VGRID_CLOSE_MS).trim()),
                        Double.parseDouble(config.require(Settings.VGRID_CLOCK_SIMILARITY).trim())));
    }

    public static boolean enabled(CoreserveConfig config) {
        return !"false".equalsIgnoreCase(config.get(Settings.VGRID_ENABLED));
    }
}
