package io.coreserve.engine.allocation;

import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Quantity;
import io.coreserve.engine.model.Request;
import java.util.Map;
import java.util.Set;

/**
 * Checks a request against the rules of section 2 and applies its defaults: t_e = submission time,
 * t_l = t_e + t_C, e_i = a small positive amount, d_i = N e_i. Returns a {@link Rejection} naming the field
 * and the rule instead of throwing.
 */
final class RequestValidator {

    private final PropertySchema properties;
    private final EngineConfig config;

    RequestValidator(PropertySchema properties, EngineConfig config) {
        this.properties = properties;
        this.config = config;
    }

    /** Either a {@link ResolvedRequest} or a {@link Rejection}. */
    Object resolve(Request request) {
        if (request == null) {
            return Rejection.invalid(null, "request", "must be present");
        }
        String id = request.requestId();
        if (id == null || id.isBlank()) {
            return Rejection.invalid(id, "requestId", "must be present and not blank");
        }
        if (request.userId() == null || request.userId().isBlank()) {
            return Rejection.invalid(id, "userId", "must be present and not blank");
        }
        if (request.count() <= 0) {
            return Rejection.invalid(id, "count",
                    "N (the number of resources) must be positive, was " + request.count());
        }
        if (request.durationMillis() <= 0) {
            return Rejection.invalid(id, "durationMillis",
                    "t_res (the duration) must be positive, was " + request.durationMillis() + " ms");
        }
        long earliest = request.earliestStart() != null ? request.earliestStart() : request.submittedAt();
        long latest = request.latestStart() != null ? request.latestStart() : earliest + config.defaultWindow();
        if (latest < earliest) {
            return Rejection.invalid(id, "latestStart",
                    "t_l (the latest start) must not be before t_e (the earliest start)");
        }
        if (latest > Long.MAX_VALUE - request.durationMillis()) {
            return Rejection.invalid(id, "latestStart", "t_l + t_res must be a representable time");
        }
        Map<String, Double> perResource = request.perResource() == null ? Map.of() : request.perResource();
        Map<String, Double> totals = request.totals() == null ? Map.of() : request.totals();
        Rejection bad = checkAmounts(id, "perResource", perResource);
        if (bad == null) {
            bad = checkAmounts(id, "totals", totals);
        }
        if (bad != null) {
            return bad;
        }
        int p = properties.size();
        long[] e = new long[p];
        long[] d = new long[p];
        for (int i = 0; i < p; i++) {
            String name = properties.name(i);
            Double ei = perResource.get(name);
            Double di = totals.get(name);
            if (ei != null && di != null && ei > di) {
                return Rejection.invalid(id, "perResource." + name,
                        "e_i (the minimum on each resource, " + ei + ") must not exceed d_i (the total, " + di + ")");
            }
            e[i] = Quantity.toMicrosAtLeast(ei != null ? ei : config.defaultPerResource());
            long nTimesE = multiply(e[i], request.count());
            d[i] = di != null ? Math.max(Quantity.toMicrosAtLeast(di), nTimesE) : nTimesE;
            if (d[i] == Long.MAX_VALUE) {
                return Rejection.invalid(id, "totals." + name, "N e_i and d_i must be representable amounts");
            }
        }
        Set<String> labels = request.labels() == null ? Set.of() : request.labels();
        if (labels.stream().anyMatch(l -> l == null || l.isBlank())) {
            return Rejection.invalid(id, "labels", "labels must not be blank");
        }
        return new ResolvedRequest(id, request.count(), request.durationMillis(), earliest, latest, e, d, labels,
                seedOf(config.seed(), id));
    }

    private Rejection checkAmounts(String id, String field, Map<String, Double> amounts) {
        for (Map.Entry<String, Double> entry : amounts.entrySet()) {
            if (entry.getKey() == null || properties.indexOf(entry.getKey()) < 0) {
                return Rejection.invalid(id, field + "." + entry.getKey(),
                        "unknown property; the system's properties are " + properties.names());
            }
            Double value = entry.getValue();
            if (value == null || !Quantity.isValidAmount(value) || value * Quantity.SCALE >= Long.MAX_VALUE / 2.0) {
                return Rejection.invalid(id, field + "." + entry.getKey(),
                        "must be a finite, non-negative amount");
            }
        }
        return null;
    }

    private static long multiply(long micros, int count) {
        try {
            return Math.multiplyExact(micros, (long) count);
        } catch (ArithmeticException overflow) {
            return Long.MAX_VALUE;
        }
    }

    /** Mixes the configured seed with the request id (FNV-1a over the id's chars, then a SplitMix finaliser). */
    static long seedOf(long configSeed, String requestId) {
        long h = 0xcbf29ce484222325L ^ configSeed;
        for (int k = 0; k < requestId.length(); k++) {
            h = (h ^ requestId.charAt(k)) * 0x100000001b3L;
        }
        h = (h ^ (h >>> 30)) * 0xbf58476d1ce4e5b9L;
        h = (h ^ (h >>> 27)) * 0x94d049bb133111ebL;
        return h ^ (h >>> 31);
    }
}
