package io.coreserve.reservation;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import io.coreserve.engine.allocation.Algorithm;
import io.coreserve.engine.allocation.EngineConfig;
import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.srl.SrlConfig;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;

/**
 * The reservation service's settings:
 * <ul>
 *   <li>{@code coreserve.properties}: the system's quantitative properties P (default cores,cpu_ghz,memory_gb);</li>
 *   <li>{@code coreserve.engine.algorithm}: paper (seed 000 as specified), improved or exact;
 *       {@code coreserve.engine.seed}; {@code coreserve.engine.exact-budget}: exact's node budget;</li>
 *   <li>{@code coreserve.request.horizon}: t_C, the window t_l - t_e when a request gives no t_l (default PT24H);</li>
 *   <li>{@code coreserve.request.max-duration}: the longest t_res a request may ask for (default P30D);</li>
 *   <li>{@code coreserve.counter-offer.ttl}: how long a counter-offer may be accepted (default PT15M);</li>
 *   <li>{@code coreserve.counter-offer.horizon}: how far from the window to look for a free interval (default P7D);</li>
 *   <li>{@code coreserve.counter-offer.search}: full (M up to M_max) or single-pass (M_init) for that search;</li>
 *   <li>{@code coreserve.user.max-active-reservations}: 0 for no limit (default), 1 for seed 003's rule;</li>
 *   <li>{@code coreserve.monitoring.max-pending-samples}: samples that may wait for their resource (100,000);</li>
 *   <li>{@code coreserve.tick.interval}: how often, in stream time, STARTING/COMPLETED are sent (default PT1M);</li>
 *   <li>{@code coreserve.history.retention}: background samples older than this are pruned (default P2D);</li>
 *   <li>{@code coreserve.srl.*}: SRL co-reservations (seed 002), the engine's {@link SrlConfig}.</li>
 * </ul>
 */
public record ReservationSettings(PropertySchema properties, EngineConfig engine, String algorithmName,
        String defaultDomain, Duration counterOfferTtl, Duration counterOfferHorizon, int counterOfferMaxM, int maxActivePerUser, int maxPendingSamples,
        Duration tickInterval, Duration retention, Duration maxDuration, SrlConfig srl) {

    // Declared (type, default, rule, documentation) in io.coreserve.config.Settings; short names here.
    public static final String PROPERTIES = Settings.PROPERTIES;
    public static final String ALGORITHM = Settings.ENGINE_ALGORITHM;
    public static final String SEED = Settings.ENGINE_SEED;
    public static final String COUNTER_OFFER_TTL = Settings.COUNTER_OFFER_TTL;
    public static final String COUNTER_OFFER_HORIZON = Settings.COUNTER_OFFER_HORIZON;
    public static final String MAX_ACTIVE_PER_USER = Settings.MAX_ACTIVE_PER_USER;
    public static final String TICK_INTERVAL = Settings.TICK_INTERVAL;
    public static final String RETENTION = Settings.HISTORY_RETENTION;

    /** The settings of {@code config}, which {@link CoreserveConfig} has filled with defaults and validated. */
    public static ReservationSettings from(CoreserveConfig config) {
        PropertySchema properties = PropertySchema.of(Arrays.stream(config.require(PROPERTIES).split(","))
                .map(String::trim).filter(name -> !name.isEmpty()).toList());
        Algorithm algorithm = Algorithm.valueOf(config.require(ALGORITHM).trim().toUpperCase(Locale.ROOT));
        long seed = Long.parseLong(config.require(SEED).trim());
        EngineConfig d = EngineConfig.defaults();
        EngineConfig engine = new EngineConfig(seed, d.mInit(), d.mMax(), d.l1(), d.l2(),
                config.getDuration(CoreserveConfig.HORIZON).toMillis(), d.defaultPerResource(), algorithm,
                d.improvedPool(), d.improvedRestarts(), d.bookingRetries(), Long.parseLong(config.require(Settings.ENGINE_EXACT_BUDGET).trim()));
        return new ReservationSettings(properties, engine, algorithm.name().toLowerCase(Locale.ROOT),
                config.require(CoreserveConfig.DEFAULT_DOMAIN),
                config.getDuration(COUNTER_OFFER_TTL),
                config.getDuration(COUNTER_OFFER_HORIZON),
                config.require(Settings.COUNTER_OFFER_SEARCH).trim().equalsIgnoreCase("single-pass")
                        ? engine.mInit() : engine.mMax(),
                config.getInt(MAX_ACTIVE_PER_USER),
                config.getInt(Settings.MAX_PENDING_SAMPLES),
                config.getDuration(TICK_INTERVAL),
                config.getDuration(RETENTION),
                config.getDuration(Settings.MAX_DURATION),
                srl(config));
    }

    /** {@code coreserve.srl.*}; a request that gives no window gets {@code coreserve.request.horizon}, as seed 000's. */
    static SrlConfig srl(CoreserveConfig config) {
        return new SrlConfig(config.getDuration(Settings.SRL_GRID).toMillis(),
                config.getInt(Settings.SRL_MAX_CANDIDATES_PER_PART),
                config.getInt(Settings.SRL_MAX_PARTS),
                Double.parseDouble(config.require(Settings.SRL_DETERMINISTIC_TIME).trim()),
                config.getInt(Settings.SRL_BOOKING_RETRIES),
                SrlConfig.Normalisation.valueOf(config.require(Settings.SRL_NORMALISATION).trim()
                        .toUpperCase(Locale.ROOT)),
                config.getDuration(CoreserveConfig.HORIZON).toMillis());
    }
}
