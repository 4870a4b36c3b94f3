package io.coreserve.reservation;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.engine.allocation.Algorithm;
import io.coreserve.engine.allocation.EngineConfig;
import io.coreserve.engine.model.PropertySchema;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;

/**
 * The reservation service's settings:
 * <ul>
 *   <li>{@code coreserve.properties}: the system's quantitative properties P (default cores,cpu_ghz,memory_gb);</li>
 *   <li>{@code coreserve.engine.algorithm}: paper (seed 000 as specified) or improved; {@code coreserve.engine.seed};</li>
 *   <li>{@code coreserve.request.horizon}: t_C, the window t_l - t_e when a request gives no t_l (default PT24H);</li>
 *   <li>{@code coreserve.counter-offer.ttl}: how long a counter-offer may be accepted (default PT15M);</li>
 *   <li>{@code coreserve.counter-offer.horizon}: how far from the window to look for a free interval (default P7D);</li>
 *   <li>{@code coreserve.user.max-active-reservations}: 0 for no limit (default), 1 for seed 003's rule;</li>
 *   <li>{@code coreserve.tick.interval}: how often, in stream time, STARTING/COMPLETED are sent (default PT1M);</li>
 *   <li>{@code coreserve.history.retention}: background samples older than this are pruned (default P2D).</li>
 * </ul>
 */
public record ReservationSettings(PropertySchema properties, EngineConfig engine, String algorithmName,
        String defaultDomain, Duration counterOfferTtl, Duration counterOfferHorizon, int maxActivePerUser,
        Duration tickInterval, Duration retention) {

    public static final String PROPERTIES = "coreserve.properties";
    public static final String ALGORITHM = "coreserve.engine.algorithm";
    public static final String SEED = "coreserve.engine.seed";
    public static final String COUNTER_OFFER_TTL = "coreserve.counter-offer.ttl";
    public static final String COUNTER_OFFER_HORIZON = "coreserve.counter-offer.horizon";
    public static final String MAX_ACTIVE_PER_USER = "coreserve.user.max-active-reservations";
    public static final String TICK_INTERVAL = "coreserve.tick.interval";
    public static final String RETENTION = CoreserveConfig.HISTORY_RETENTION;

    public static ReservationSettings from(CoreserveConfig config) {
        PropertySchema properties = PropertySchema.of(Arrays.stream(
                valueOr(config, PROPERTIES, "cores,cpu_ghz,memory_gb").split(",")).map(String::trim).toList());
        Algorithm algorithm = Algorithm.valueOf(valueOr(config, ALGORITHM, "paper").toUpperCase(Locale.ROOT));
        long seed = Long.parseLong(valueOr(config, SEED, "42"));
        EngineConfig d = EngineConfig.defaults();
        EngineConfig engine = new EngineConfig(seed, d.mInit(), d.mMax(), d.l1(), d.l2(),
                config.getDuration(CoreserveConfig.HORIZON).toMillis(), d.defaultPerResource(), algorithm,
                d.improvedPool(), d.improvedRestarts(), d.bookingRetries());
        return new ReservationSettings(properties, engine, algorithm.name().toLowerCase(Locale.ROOT),
                config.require(CoreserveConfig.DEFAULT_DOMAIN),
                Duration.parse(valueOr(config, COUNTER_OFFER_TTL, "PT15M")),
                Duration.parse(valueOr(config, COUNTER_OFFER_HORIZON, "P7D")),
                Integer.parseInt(valueOr(config, MAX_ACTIVE_PER_USER, "0")),
                Duration.parse(valueOr(config, TICK_INTERVAL, "PT1M")),
                config.getDuration(RETENTION));
    }

    private static String valueOr(CoreserveConfig config, String key, String fallback) {
        String v = config.get(key);
        return v == null || v.isBlank() ? fallback : v.trim();
    }
}
