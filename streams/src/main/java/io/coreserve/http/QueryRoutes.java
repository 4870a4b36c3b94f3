package io.coreserve.http;

import io.coreserve.cli.request.RequestSpec;
import io.coreserve.cli.request.TimeSyntax;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.http.HttpApi.Param;
import io.coreserve.http.HttpApi.Response;
import io.coreserve.reservation.ReservationQueries;
import io.javalin.http.Context;
import java.time.Duration;
import java.time.Instant;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * The HTTP queries (JSON; times in epoch milliseconds); {@code /openapi.json} describes each:
 * <ul>
 *   <li>{@code GET /resources[?domain=D]}: the catalogue; {@code GET /domains}: its domains (for the console's
 *       domain list);</li>
 *   <li>{@code GET /timetable?resource=ID[&domain=D][&from=T][&to=T]}: a resource's bookings and the step function
 *       of reserved amounts over [from, to) (default: now to now + 24 h; T as in requests: ISO, epoch ms, now, +2h);</li>
 *   <li>{@code GET /users/USER/reservations/ID[?domain=D]}, or {@code GET /reservations/ID?user=USER[&domain=D]}: the
 *       current decision of a user's request (request ids are scoped by user: there is no lookup by id alone; an
 *       id may contain a slash);</li>
 *   <li>{@code GET /users/USER/reservations}: a user's decisions;</li>
 *   <li>{@code POST /probe}: a request (JSON or YAML, as for {@code submit}): what the engine would decide now,
 *       booking nothing; an SRL co-reservation (key {@code srl}, or the text as {@code text/x-srl}): its plan with
 *       the candidates per part and the solve time;</li>
 *   <li>{@code GET /metrics.json}: throughput and latency of the pipeline (Prometheus: {@code /metrics}).</li>
 * </ul>
 * Any instance answers for every domain ({@link QueryForwarding}): a question about one domain goes to the instance
 * that holds it; a list over every domain gathers every instance's.
 */
public final class QueryRoutes {

    private static final Param DOMAIN = Param.query("domain", false, "the domain (default: the configured one)");

    private QueryRoutes() {
    }

    public static void register(HttpApi http, ReservationQueries queries, QueryForwarding forwarding,
            String defaultDomain, LongSupplier clock, Supplier<Map<MetricName, ? extends Metric>> metrics) {
        http.get("/resources", "the catalogue: every resource, or a domain's", List.of(Param.query("domain", false,
                "only this domain's resources")), ctx -> {
                    String domain = ctx.queryParam("domain");
                    Response owners = domain == null ? null : forwarding.toOwner(ctx, domain);
                    if (owners != null) {
                        return owners;
                    }
                    List<JsonNode> all = new ArrayList<>(queries.resources(domain).stream().map(AvroJson::toJson)
                            .toList());
                    if (domain == null) {
                        forwarding.fromOthers(ctx).forEach(answer -> answer.forEach(all::add));
                    }
                    return Response.ok(all);
                });
        http.get("/domains", "the catalogue's domains, each with its number of resources, by name", List.of(),
                ctx -> Response.ok(domains(queries, forwarding.fromOthers(ctx))));
        http.get("/timetable", "a resource's bookings (reservations and background occupancy) and the step function "
                        + "of reserved amounts over [from, to)",
                List.of(Param.query("resource", true, "the resource id"), DOMAIN,
                        Param.query("from", false, "start (ISO time, epoch ms, now, +2h; default now)"),
                        Param.query("to", false, "end (default from + 24h)")),
                ctx -> orOwner(forwarding, ctx, domainOr(ctx, defaultDomain),
                        () -> timetable(ctx, queries, defaultDomain, clock)));
        http.get("/reservations/<id>", "the current decision of a user's request (ids are scoped by user)",
                List.of(Param.path("id", "the request id"), Param.query("user", true, "the user who sent it"), DOMAIN),
                ctx -> {
                    String user = ctx.queryParam("user");
                    if (user == null || user.isBlank()) {
                        throw new ApiError(400, "user", "parameter user is required: request ids are scoped by user "
                                + "(or use /users/USER/reservations/ID)");
                    }
                    return orOwner(forwarding, ctx, domainOr(ctx, defaultDomain),
                            () -> reservation(queries, ctx.queryParam("domain"), user, ctx.pathParam("id")));
                });
        http.get("/users/{user}/reservations", "a user's decisions in every domain, by time of decision",
                List.of(Param.path("user", "the user")),
                ctx -> Response.ok(ReservationListRoutes.gathered(queries.reservationsOf(ctx.pathParam("user"))
                        .stream().<JsonNode>map(AvroJson::toJson).toList(), forwarding.fromOthers(ctx))));
        http.get("/users/{user}/reservations/<id>", "the current decision of the user's request",
                List.of(Param.path("user", "the user"), Param.path("id", "the request id"), DOMAIN),
                ctx -> orOwner(forwarding, ctx, domainOr(ctx, defaultDomain),
                        () -> reservation(queries, ctx.queryParam("domain"), ctx.pathParam("user"), ctx.pathParam("id"))));
        http.post("/probe", "what the engine would decide for a request now, booking nothing",
                "a request as for submit (keys user, n, duration, earliest, latest, min, total, require, domain, id); "
                        + "or an SRL co-reservation: key srl (with user, domain, id), or the SRL text itself as "
                        + "Content-Type text/x-srl (query parameters user, domain, id)",
                ctx -> probe(ctx, http, queries, forwarding, defaultDomain, clock));
        http.get("/metrics.json", "throughput and latency of the pipeline's stream threads (JSON; /metrics has "
                + "the Prometheus view)", List.of(),
                ctx -> Response.ok(selected(metrics.get())));
    }

    private static Response timetable(Context ctx, ReservationQueries queries, String defaultDomain,
            LongSupplier clock) {
        String resource = ctx.queryParam("resource");
        if (resource == null || resource.isBlank()) {
            throw new ApiError(400, "resource", "parameter resource is required");
        }
        Instant now = Instant.ofEpochMilli(clock.getAsLong());
        Instant from = time(ctx, "from", now, now);
        Instant to = time(ctx, "to", now, from.plus(Duration.ofHours(24)));
        if (!to.isAfter(from)) {
            throw new ApiError(400, "to", "to must be after from");
        }
        String domain = ctx.queryParam("domain");
        return queries.timetable(domain == null ? defaultDomain : domain, resource, from, to)
                .<Response>map(Response::ok)
                .orElse(Response.error(404, "no resource " + resource));
    }

    private static Instant time(Context ctx, String name, Instant now, Instant otherwise) {
        String text = ctx.queryParam(name);
        if (text == null) {
            return otherwise;
        }
        try {
            return TimeSyntax.instant(text, now);
        } catch (IllegalArgumentException e) {
            throw new ApiError(400, name, e.getMessage());
        }
    }

    /** A question about one domain: the owner's answer, or {@code local}'s when this instance holds the domain. */
    private static Response orOwner(QueryForwarding forwarding, Context ctx, String domain, LocalAnswer local)
            throws Exception {
        Response owners = forwarding.toOwner(ctx, domain);
        return owners != null ? owners : local.get();
    }

    @FunctionalInterface
    private interface LocalAnswer {
        Response get() throws Exception;
    }

    /**
     * This instance's domains with their resource counts, and the other instances' answers: each domain's resources
     * live on the instance that owns the domain, so a domain appears in one answer (the first one seen is kept).
     */
    static List<Map<String, Object>> domains(ReservationQueries queries, List<JsonNode> others) {
        Map<String, Integer> counts = new java.util.TreeMap<>();
        for (var resource : queries.resources(null)) {
            counts.merge(resource.getDomain(), 1, Integer::sum);
        }
        for (JsonNode answer : others) {
            answer.forEach(row -> counts.putIfAbsent(row.path("domain").asText(), row.path("resources").asInt()));
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        counts.forEach((domain, count) -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("domain", domain);
            row.put("resources", count);
            rows.add(row);
        });
        return rows;
    }

    private static String domainOr(Context ctx, String defaultDomain) {
        String domain = ctx.queryParam("domain");
        return domain == null ? defaultDomain : domain;
    }

    private static Response probe(Context ctx, HttpApi http, ReservationQueries queries, QueryForwarding forwarding,
            String defaultDomain, LongSupplier clock) throws java.io.IOException {
        long now = clock.getAsLong();
        if (ProbeRequests.isSrl(ctx.contentType())) {
            String srl = http.bodyText(ctx);
            Response owners = forwarding.toOwner(ctx, domainOr(ctx, defaultDomain));
            return owners != null ? owners : ProbeRequests.srl(queries, ctx.queryParam("domain"),
                    ctx.queryParam("user"), ctx.queryParam("id"), srl, now);
        }
        RequestSpec spec = http.body(ctx, RequestSpec.class);
        Response owners = forwarding.toOwner(ctx, spec.domain == null ? defaultDomain : spec.domain);
        if (owners != null) {
            return owners;
        }
        if (spec.srl != null) {
            return ProbeRequests.srl(queries, spec.domain, spec.user, spec.id, spec.srl, now);
        }
        CoAllocationRequest request = ProbeRequests.toRequest(spec, Instant.ofEpochMilli(now));
        queries.checkFields(request).ifPresent(v -> {
            throw new ApiError(400, v.field(), v.rule());
        });
        return Response.ok(queries.probe(request, now));
    }

    private static Response reservation(ReservationQueries queries, String domain, String user, String id) {
        return queries.reservation(domain, user, id).<Response>map(Response::ok)
                .orElse(Response.error(404, "no decision for request " + id + " of " + user));
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
