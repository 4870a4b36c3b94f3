package io.coreserve.engine.model;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * A collective request (section 2). Only {@code durationMillis} (t_res) and {@code count} (N) are mandatory;
 * the engine applies the defaults of section 2 to the rest. The record does not validate: the engine turns
 * an invalid request into a rejection that names the field and the rule, never an exception.
 *
 * @param requestId       unique id; also seeds the request's random choices
 * @param userId          who asks
 * @param submittedAt     submission time, epoch millis; the default for t_e
 * @param durationMillis  t_res, the job's duration
 * @param count           N, the number of resources
 * @param earliestStart   t_e, or null for the submission time
 * @param latestStart     t_l, or null for t_e + t_C
 * @param perResource     e_i by property name: the minimum each resource must offer (null or missing: a small
 *                        positive default)
 * @param totals          d_i by property name: the minimum over all N resources (missing: N e_i, a simple
 *                        request)
 * @param labels          qualitative requirements: labels every resource must carry
 */
public record Request(
        String requestId,
        String userId,
        long submittedAt,
        long durationMillis,
        int count,
        Long earliestStart,
        Long latestStart,
        Map<String, Double> perResource,
        Map<String, Double> totals,
        Set<String> labels) {

    public static Builder builder(String requestId, String userId) {
        return new Builder(requestId, userId);
    }

    /** A convenience builder for tests, benchmarks and adapters. */
    public static final class Builder {
        private final String requestId;
        private final String userId;
        private long submittedAt;
        private long durationMillis;
        private int count;
        private Long earliestStart;
        private Long latestStart;
        private final Map<String, Double> perResource = new LinkedHashMap<>();
        private final Map<String, Double> totals = new LinkedHashMap<>();
        private final Set<String> labels = new LinkedHashSet<>();

        private Builder(String requestId, String userId) {
            this.requestId = requestId;
            this.userId = userId;
        }

        public Builder submittedAt(long epochMillis) {
            this.submittedAt = epochMillis;
            return this;
        }

        public Builder duration(long millis) {
            this.durationMillis = millis;
            return this;
        }

        public Builder count(int n) {
            this.count = n;
            return this;
        }

        public Builder window(long earliest, long latest) {
            this.earliestStart = earliest;
            this.latestStart = latest;
            return this;
        }

        public Builder earliestStart(Long earliest) {
            this.earliestStart = earliest;
            return this;
        }

        public Builder latestStart(Long latest) {
            this.latestStart = latest;
            return this;
        }

        /** e_i for one property. */
        public Builder perResource(String property, double amount) {
            perResource.put(property, amount);
            return this;
        }

        /** d_i for one property. */
        public Builder total(String property, double amount) {
            totals.put(property, amount);
            return this;
        }

        public Builder label(String label) {
            labels.add(label);
            return this;
        }

        public Request build() {
            return new Request(requestId, userId, submittedAt, durationMillis, count, earliestStart, latestStart,
                    Map.copyOf(perResource), Map.copyOf(totals), Set.copyOf(labels));
        }
    }
}
