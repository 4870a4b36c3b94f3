package io.coreserve.trace.events;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * How a trace becomes events.
 *
 * @param domain        the domain every resource, sample and request belongs to (and the record key)
 * @param requestWindow SWF: how long after submission a request may still start, t_l = t_e + window
 * @param start         SWF: replaces the header's UnixStartTime; PlanetLab: the midnight the day starts at
 *                      (default: the directory's yyyyMMdd name at 00:00 UTC). Null: the trace's own.
 * @param seed          PlanetLab: seed of the Table 1 capacities drawn for each node
 * @param limit         at most this many SWF jobs (usable ones) or PlanetLab nodes; 0 or less: all
 */
public record MappingOptions(String domain, Duration requestWindow, Instant start, long seed, long limit) {

    public static final String DEFAULT_DOMAIN = "default";
    public static final Duration DEFAULT_REQUEST_WINDOW = Duration.ofHours(24);
    public static final long DEFAULT_SEED = 2011_03_03L;

    public MappingOptions {
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(requestWindow, "requestWindow");
        if (domain.isBlank()) {
            throw new IllegalArgumentException("domain must not be blank");
        }
        if (requestWindow.isNegative()) {
            throw new IllegalArgumentException("request window must not be negative: " + requestWindow);
        }
    }

    public static MappingOptions defaults() {
        return new MappingOptions(DEFAULT_DOMAIN, DEFAULT_REQUEST_WINDOW, null, DEFAULT_SEED, 0);
    }

    public MappingOptions withDomain(String value) {
        return new MappingOptions(value, requestWindow, start, seed, limit);
    }

    public MappingOptions withRequestWindow(Duration value) {
        return new MappingOptions(domain, value, start, seed, limit);
    }

    public MappingOptions withStart(Instant value) {
        return new MappingOptions(domain, requestWindow, value, seed, limit);
    }

    public MappingOptions withSeed(long value) {
        return new MappingOptions(domain, requestWindow, start, value, limit);
    }

    public MappingOptions withLimit(long value) {
        return new MappingOptions(domain, requestWindow, start, seed, value);
    }
}
