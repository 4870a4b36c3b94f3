package io.coreserve.pipeline;

import io.coreserve.catalogue.Table1Distribution;
import io.coreserve.catalogue.Table1Distribution.PropertyStatistics;
import io.coreserve.events.CancelRequest;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A seeded mix of requests that contends for a small catalogue: simple requests (per-resource minimums only)
 * and collective ones (seed 000 section 4.2: d_i from [N(p̄-2σ), N(p̄+0.5σ)], e_i = d_i/(2N)), N from 1 to 10,
 * 15 min to 3 h long, starting within 3 h and with windows of up to 6 h, a tenth of them on Opteron nodes only,
 * and a few invalid ones (zero duration).
 */
final class Workload {

    static final long MINUTE = 60_000L;
    static final String DOMAIN = "default";

    private Workload() {
    }

    static List<CoAllocationRequest> requests(String prefix, int count, long seed, Instant now) {
        SplittableRandom random = new SplittableRandom(seed);
        List<CoAllocationRequest> result = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int n = 1 + random.nextInt(10);
            boolean collective = random.nextBoolean();
            long duration = random.nextInt(50) == 0 ? 0 : MINUTE * (15 + random.nextInt(166));
            long earliest = now.toEpochMilli() + MINUTE * random.nextInt(181);
            long latest = earliest + MINUTE * random.nextInt(361);
            Map<String, Double> minimums = new LinkedHashMap<>();
            Map<String, Double> totals = new LinkedHashMap<>();
            if (collective) {
                for (PropertyStatistics row : Table1Distribution.rows()) {
                    double low = Math.max(0, n * (row.mean() - 2 * row.stdDev()));
                    double high = n * (row.mean() + 0.5 * row.stdDev());
                    double d = round(low + (high - low) * random.nextDouble());
                    totals.put(row.name(), d);
                    minimums.put(row.name(), round(d / (2.0 * n)));
                }
            } else {
                minimums.put("cores", (double) (1 + random.nextInt(2)));
                minimums.put("memory_gb", round(0.5 + 1.5 * random.nextDouble()));
            }
            result.add(CoAllocationRequest.newBuilder()
                    .setRequestId(prefix + "-" + i)
                    .setUser("user-" + random.nextInt(20))
                    .setEmail(null)
                    .setDurationMillis(duration)
                    .setResourceCount(n)
                    .setEarliestStart(Instant.ofEpochMilli(earliest))
                    .setLatestStart(Instant.ofEpochMilli(latest))
                    .setMinimums(minimums)
                    .setTotals(totals)
                    .setRequirements(random.nextInt(10) == 0 ? Map.of("cpu", "opteron") : Map.of())
                    .setSubmittedAt(now)
                    .build());
        }
        return result;
    }

    /** alice's request for one node with a core for 30 minutes, starting now or within six hours. */
    static CoAllocationRequest oneNode(String id) {
        Instant now = Instant.now();
        return CoAllocationRequest.newBuilder().setRequestId(id).setUser("alice").setEmail(null)
                .setDurationMillis(30 * MINUTE).setResourceCount(1).setEarliestStart(now)
                .setLatestStart(now.plus(java.time.Duration.ofHours(6))).setMinimums(Map.of("cores", 1.0))
                .setTotals(Map.of()).setRequirements(Map.of()).setSubmittedAt(now).build();
    }

    static ReservationCommand command(Object body) {
        return ReservationCommand.newBuilder().setCommand(body).build();
    }

    static CancelRequest cancel(CoAllocationRequest request, Instant at) {
        return CancelRequest.newBuilder().setRequestId(request.getRequestId()).setUser(request.getUser())
                .setReason("load test").setRequestedAt(at).build();
    }

    private static double round(double value) {
        return Math.rint(value * 1000) / 1000;
    }
}
