package io.coreserve.console;

import io.coreserve.cli.request.TimeSyntax;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Resource;
import io.coreserve.http.ApiError;
import io.coreserve.http.HttpApi.Response;
import io.coreserve.http.QueryForwarding;
import io.coreserve.http.ReservationListRoutes;
import io.coreserve.reservation.ReservationQueries;
import io.javalin.http.Context;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * {@code GET /timeline}: every resource of one domain with its bookings over [from, to), each reservation with its
 * owner's name, compact for the Gantt chart. The instance that holds the domain answers (its books and its decisions
 * name the owners), so the console shows every domain from any instance.
 */
final class ConsoleTimeline {

    private final ReservationQueries queries;
    private final Supplier<ReadOnlyKeyValueStore<String, ReservationDecision>> decisions;
    private final QueryForwarding forwarding;
    private final String defaultDomain;
    private final LongSupplier clock;

    ConsoleTimeline(ReservationQueries queries, Supplier<ReadOnlyKeyValueStore<String, ReservationDecision>> decisions,
            QueryForwarding forwarding, String defaultDomain, LongSupplier clock) {
        this.queries = queries;
        this.decisions = decisions;
        this.forwarding = forwarding;
        this.defaultDomain = defaultDomain;
        this.clock = clock;
    }

    Response answer(Context ctx) {
        String domain = Optional.ofNullable(ctx.queryParam("domain")).filter(d -> !d.isBlank()).orElse(defaultDomain);
        Response fromOwner = forwarding.toOwner(ctx, domain);
        return fromOwner != null ? fromOwner : local(ctx, domain);
    }

    private Response local(Context ctx, String domain) {
        Instant now = Instant.ofEpochMilli(clock.getAsLong());
        Instant from = time(ctx, "from", now, now.minus(Duration.ofHours(2)));
        Instant to = time(ctx, "to", now, now.plus(Duration.ofHours(24)));
        if (!to.isAfter(from)) {
            throw new ApiError(400, "to", "to must be after from");
        }
        Map<String, String> owners = owners(domain);
        List<Map<String, Object>> resources = new ArrayList<>();
        for (Resource r : queries.resources(domain)) {
            queries.timetable(domain, r.getId(), from, to).ifPresent(t -> {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("id", r.getId());
                row.put("capacity", t.capacity());
                row.put("down", t.down());
                row.put("bookings", t.bookings().stream().map(b -> withOwner(b, r.getId(), owners)).toList());
                resources.add(row);
            });
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("domain", domain);
        body.put("from", from.toEpochMilli());
        body.put("to", to.toEpochMilli());
        body.put("now", now.toEpochMilli());
        body.put("resources", resources);
        return Response.ok(body);
    }

    /**
     * Who holds each accepted reservation of the domain, by resource, request id and start: a timetable's bookings
     * name the request but not its user, and request ids are only unique per user.
     */
    private Map<String, String> owners(String domain) {
        Map<String, String> owners = new HashMap<>();
        for (ReservationDecision d : ReservationListRoutes.list(decisions.get(), null,
                EnumSet.of(ReservationStatus.ACCEPTED), domain)) {
            d.getAllocations().forEach(a -> owners.put(ownerKey(a.getResourceId(), d.getRequestId(), d.getStart()),
                    d.getUser()));
        }
        return owners;
    }

    private static String ownerKey(String resource, String requestId, Instant start) {
        return resource + "\u0000" + requestId + "\u0000" + start.toEpochMilli();
    }

    private static Map<String, Object> withOwner(ReservationQueries.Booking b, String resource,
            Map<String, String> owners) {
        Map<String, Object> booking = new LinkedHashMap<>();
        booking.put("kind", b.kind());
        booking.put("requestId", b.requestId());
        booking.put("user", b.requestId() == null ? null : owners.get(ownerKey(resource, b.requestId(), b.from())));
        booking.put("from", b.from());
        booking.put("to", b.to());
        booking.put("amounts", b.amounts());
        return booking;
    }

    private static Instant time(Context ctx, String name, Instant now, Instant otherwise) {
        String text = ctx.queryParam(name);
        if (text == null || text.isBlank()) {
            return otherwise;
        }
        try {
            return TimeSyntax.instant(text, now);
        } catch (IllegalArgumentException e) {
            throw new ApiError(400, name, e.getMessage());
        }
    }
}
