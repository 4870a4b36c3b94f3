package io.coreserve.http;

import com.sun.net.httpserver.HttpExchange;
import io.coreserve.cli.request.RequestSpec;
import io.coreserve.cli.request.TimeSyntax;
import io.coreserve.http.HttpApi.Response;
import io.coreserve.reservation.ReservationQueries;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * The HTTP queries (JSON; times in epoch milliseconds):
 * <ul>
 *   <li>{@code GET /resources[?domain=D]}: the catalogue;</li>
 *   <li>{@code GET /timetable?resource=ID[&domain=D][&from=T][&to=T]}: a resource's bookings and the step function
 *       of reserved amounts over [from, to) (default: now to now + 24 h; T as in requests: ISO, epoch ms, now, +2h);</li>
 *   <li>{@code GET /users/USER/reservations/ID[?domain=D]}, or {@code GET /reservations/ID?user=USER[&domain=D]}: the
 *       current decision of a user's request (request ids are scoped by user: there is no lookup by id alone);</li>
 *   <li>{@code GET /users/USER/reservations}: a user's decisions;</li>
 *   <li>{@code POST /probe}: a request (JSON or YAML, as for {@code submit}): what the engine would decide now,
 *       booking nothing;</li>
 *   <li>{@code GET /metrics}: throughput and latency of the pipeline.</li>
 * </ul>
 * Answers cover this instance's tasks only (one instance is supported for queries for now).
 */
public final class QueryRoutes {

    private QueryRoutes() {
    }

    public static void register(HttpApi http, ReservationQueries queries, String defaultDomain, LongSupplier clock,
            Supplier<Map<MetricName, ? extends Metric>> metrics) {
        http.route("/resources", exchange -> {
            String domain = HttpApi.query(exchange).get("domain");
            return Response.ok(queries.resources(domain).stream().map(AvroJson::toJson).toList());
        });
        http.route("/timetable", exchange -> {
            Map<String, String> q = HttpApi.query(exchange);
            String resource = q.get("resource");
            if (resource == null || resource.isBlank()) {
                throw new IllegalArgumentException("parameter resource is required");
            }
            Instant now = Instant.ofEpochMilli(clock.getAsLong());
            Instant from = q.containsKey("from") ? TimeSyntax.instant(q.get("from"), now) : now;
            Instant to = q.containsKey("to") ? TimeSyntax.instant(q.get("to"), now) : from.plus(Duration.ofHours(24));
            if (!to.isAfter(from)) {
                throw new IllegalArgumentException("to must be after from");
            }
            return queries.timetable(q.getOrDefault("domain", defaultDomain), resource, from, to)
                    .<Response>map(Response::ok)
                    .orElse(Response.error(404, "no resource " + resource));
        });
        http.route("/reservations/", exchange -> {
            String id = lastSegment(exchange, "/reservations/");
            Map<String, String> q = HttpApi.query(exchange);
            String user = q.get("user");
            if (user == null || user.isBlank()) {
                throw new IllegalArgumentException("parameter user is required: request ids are scoped by user "
                        + "(or use /users/USER/reservations/ID)");
            }
            return reservation(queries, q.get("domain"), user, id);
        });
        http.route("/users/", exchange -> {
            String[] parts = exchange.getRequestURI().getPath().substring("/users/".length()).split("/");
            if (parts.length < 2 || parts.length > 3 || !parts[1].equals("reservations")) {
                return Response.error(404, "try /users/USER/reservations or /users/USER/reservations/ID");
            }
            if (parts.length == 3) {
                return reservation(queries, HttpApi.query(exchange).get("domain"), parts[0], parts[2]);
            }
            return Response.ok(queries.reservationsOf(parts[0]).stream().map(AvroJson::toJson).toList());
        });
        http.route("/probe", exchange -> {
            if (!exchange.getRequestMethod().equals("POST")) {
                return Response.error(405, "POST a request (JSON or YAML) to /probe");
            }
            long now = clock.getAsLong();
            RequestSpec spec = HttpApi.body(exchange, RequestSpec.class);
            return Response.ok(queries.probe(spec.toRequest(Instant.ofEpochMilli(now)), now));
        });
        http.route("/metrics", exchange -> Response.ok(selected(metrics.get())));
    }

    private static Response reservation(ReservationQueries queries, String domain, String user, String id) {
        return queries.reservation(domain, user, id).<Response>map(Response::ok)
                .orElse(Response.error(404, "no decision for request " + id + " of " + user));
    }

    private static String lastSegment(HttpExchange exchange, String prefix) {
        String rest = exchange.getRequestURI().getPath().substring(prefix.length());
        if (rest.isEmpty() || rest.contains("/")) {
            throw new IllegalArgumentException("expected " + prefix + "ID");
        }
        return rest;
    }

    private static final List<String> REPORTED = List.of("process-rate", "process-total", "process-latency-avg",
            "process-latency-max", "commit-latency-avg", "commit-latency-max", "poll-records-avg",
            "dropped-records-total");

    /** The Kafka Streams thread metrics worth watching, summed over threads. */
    static Map<String, Object> selected(Map<MetricName, ? extends Metric> all) {
        Map<String, Object> result = new LinkedHashMap<>();
        for (var e : all.entrySet()) {
            MetricName name = e.getKey();
            if (REPORTED.contains(name.name()) && (name.group().equals("stream-thread-metrics")
                    || name.group().equals("stream-task-metrics") && name.name().startsWith("dropped"))) {
                Object value = e.getValue().metricValue();
                if (value instanceof Number n && Double.isFinite(n.doubleValue())) {
                    result.merge(name.name(), n.doubleValue(), (a, b) -> ((Double) a) + ((Double) b));
                }
            }
        }
        Runtime rt = Runtime.getRuntime();
        result.put("jvm-heap-used-bytes", rt.totalMemory() - rt.freeMemory());
        return result;
    }
}
