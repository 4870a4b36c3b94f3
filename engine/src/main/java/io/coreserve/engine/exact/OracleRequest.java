package io.coreserve.engine.exact;

import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Quantity;
import io.coreserve.engine.model.Request;
import java.util.Map;
import java.util.Set;

/**
 * A request as the oracle sees it: amounts in the engine's micro-units, indexed like the system's properties,
 * resolved exactly as the engine resolves them (section 2): e_i defaults to a small positive amount and
 * d_i = max(given d_i, N e_i).
 */
public record OracleRequest(int count, long duration, long earliest, long latest, long[] perResource,
        long[] totals, Set<String> labels) {

    /** The engine's default e_i, {@code EngineConfig.defaults().defaultPerResource()}. */
    public static final double DEFAULT_PER_RESOURCE = 0.001;

    public static OracleRequest of(Request request, PropertySchema properties) {
        if (request.earliestStart() == null || request.latestStart() == null) {
            throw new IllegalArgumentException("the oracle needs an explicit window [t_e, t_l]");
        }
        int p = properties.size();
        long[] e = new long[p];
        long[] d = new long[p];
        Map<String, Double> perResource = request.perResource() == null ? Map.of() : request.perResource();
        Map<String, Double> totals = request.totals() == null ? Map.of() : request.totals();
        for (int i = 0; i < p; i++) {
            Double ei = perResource.get(properties.name(i));
            Double di = totals.get(properties.name(i));
            e[i] = Quantity.toMicrosAtLeast(ei != null ? ei : DEFAULT_PER_RESOURCE);
            long nTimesE = e[i] * request.count();
            d[i] = di != null ? Math.max(Quantity.toMicrosAtLeast(di), nTimesE) : nTimesE;
        }
        return new OracleRequest(request.count(), request.durationMillis(), request.earliestStart(),
                request.latestStart(), e, d, request.labels() == null ? Set.of() : Set.copyOf(request.labels()));
    }
}
