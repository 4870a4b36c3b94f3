package io.coreserve.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.http.HttpApi.Param;
import io.coreserve.http.HttpApi.Response;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * {@code GET /reservations[?user=U][&status=S,...][&domain=D]}: every user's current decisions (what {@code queue}
 * and the console's list show; every user may read every decision, see README "Identity and security"), by time
 * of decision. One scan of the decisions store per call, like {@code /users/USER/reservations}; any instance
 * answers for the whole service ({@link QueryForwarding}): with a domain, the instance that holds it answers, else
 * every instance's own decisions are gathered.
 */
public final class ReservationListRoutes {

    private ReservationListRoutes() {
    }

    public static void register(HttpApi http, Supplier<ReadOnlyKeyValueStore<String, ReservationDecision>> decisions,
            QueryForwarding forwarding) {
        http.get("/reservations", "every user's current decisions (filters: user, status, domain), by time of decision",
                List.of(Param.query("user", false, "only this user's"),
                        Param.query("status", false, "only these statuses, comma-separated: ACCEPTED, REJECTED, "
                                + "COUNTER_OFFER, CANCELLED"),
                        Param.query("domain", false, "only this domain's")),
                ctx -> {
                    String domain = blankToNull(ctx.queryParam("domain"));
                    Response owners = domain == null ? null : forwarding.toOwner(ctx, domain);
                    if (owners != null) {
                        return owners;
                    }
                    List<JsonNode> here = list(decisions.get(), blankToNull(ctx.queryParam("user")),
                            statuses(ctx.queryParam("status")), domain).stream().<JsonNode>map(AvroJson::toJson)
                            .toList();
                    return Response.ok(domain == null ? gathered(here, forwarding.fromOthers(ctx)) : here);
                });
    }

    /**
     * This instance's decisions and the other instances' answers (JSON arrays of decisions) as one list by time of
     * decision, each decision once: while a domain's task moves between instances both may answer for it, and the
     * later decision of a request is its current one.
     */
    static List<JsonNode> gathered(List<JsonNode> here, List<JsonNode> others) {
        Map<List<String>, JsonNode> byRequest = new LinkedHashMap<>();
        Stream.concat(here.stream(), others.stream().flatMap(answer -> StreamSupport.stream(answer.spliterator(),
                false))).forEach(d -> byRequest.merge(List.of(d.path("domain").asText(), d.path("user").asText(),
                        d.path("requestId").asText()), d, (a, b) -> decidedAt(b) > decidedAt(a) ? b : a));
        List<JsonNode> all = new ArrayList<>(byRequest.values());
        all.sort(Comparator.comparingLong(ReservationListRoutes::decidedAt));
        return all;
    }

    private static long decidedAt(JsonNode decision) {
        return decision.path("decidedAt").asLong();
    }

    /** The decisions of {@code store} of {@code user} (null: all) with one of {@code statuses} in {@code domain} (null: all). */
    public static List<ReservationDecision> list(ReadOnlyKeyValueStore<String, ReservationDecision> store, String user,
            Set<ReservationStatus> statuses, String domain) {
        List<ReservationDecision> found = new ArrayList<>();
        try (KeyValueIterator<String, ReservationDecision> it = store.all()) {
            it.forEachRemaining(kv -> {
                ReservationDecision d = kv.value;
                if ((user == null || user.equals(d.getUser())) && statuses.contains(d.getStatus())
                        && (domain == null || domain.equals(d.getDomain()))) {
                    found.add(d);
                }
            });
        }
        found.sort(Comparator.comparing(ReservationDecision::getDecidedAt));
        return found;
    }

    /** The statuses named in {@code text} (comma-separated, any case); all of them when none is named. */
    static Set<ReservationStatus> statuses(String text) {
        if (text == null || text.isBlank()) {
            return EnumSet.allOf(ReservationStatus.class);
        }
        Set<ReservationStatus> statuses = EnumSet.noneOf(ReservationStatus.class);
        for (String name : text.split(",")) {
            try {
                statuses.add(ReservationStatus.valueOf(name.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new ApiError(400, "status", "unknown status '" + name.trim() + "': one of "
                        + Arrays.toString(ReservationStatus.values()));
            }
        }
        return statuses;
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }
}
