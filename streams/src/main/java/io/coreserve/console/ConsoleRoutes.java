package io.coreserve.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.coreserve.cli.request.RequestSpec;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.AcceptCounterOffer;
import io.coreserve.events.CancelRequest;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.http.ApiError;
import io.coreserve.http.AvroJson;
import io.coreserve.http.HttpApi;
import io.coreserve.http.HttpApi.Param;
import io.coreserve.http.HttpApi.Response;
import io.coreserve.http.ProbeRequests;
import io.coreserve.http.QueryForwarding;
import io.coreserve.identity.AuthSettings;
import io.coreserve.reservation.ReservationQueries;
import io.javalin.http.Context;
import io.javalin.http.sse.SseHandler;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.stream.StreamSupport;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The operator's console (issue 10, "The console"): the page at {@code /} with its script, style and ECharts (from
 * the webjar on the classpath), the compact {@code /timeline} the Gantt chart draws, login, submit and cancel as the
 * logged-in user, and the live feed of decisions and notifications as server-sent events.
 */
public final class ConsoleRoutes implements AutoCloseable {

    static final String SESSION_COOKIE = "coreserve-session";
    private static final String ECHARTS = "META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";
    private static final Map<String, String> ASSETS = Map.of("app.js", "text/javascript", "console.css", "text/css");

    private final ReservationQueries queries;
    private final QueryForwarding forwarding;
    private final ConsoleTimeline timeline;
    private final String defaultDomain;
    private final LongSupplier clock;
    private final ConsoleSessions sessions;
    private final CommandWriter commands;
    private final DecisionFeed feed;

    private ConsoleRoutes(ReservationQueries queries, Supplier<ReadOnlyKeyValueStore<String, ReservationDecision>>
            decisions, QueryForwarding forwarding, CoreserveConfig config, LongSupplier clock) {
        this.queries = queries;
        this.forwarding = forwarding;
        this.defaultDomain = config.require(CoreserveConfig.DEFAULT_DOMAIN);
        this.timeline = new ConsoleTimeline(queries, decisions, forwarding, defaultDomain, clock);
        this.clock = clock;
        this.sessions = ConsoleSessions.of(AuthSettings.from(config.asMap()));
        this.commands = new CommandWriter(config);
        this.feed = new DecisionFeed(config);
    }

    /**
     * Declares the console's routes on {@code http}; close the result with the app (producer and feed consumer).
     * {@code forwarding} lets the page show, cancel and accept in every domain from any instance.
     */
    public static ConsoleRoutes register(HttpApi http, ReservationQueries queries,
            Supplier<ReadOnlyKeyValueStore<String, ReservationDecision>> decisions, QueryForwarding forwarding,
            CoreserveConfig config, LongSupplier clock) {
        ConsoleRoutes console = new ConsoleRoutes(queries, decisions, forwarding, config, clock);
        http.getOwnAnswer("/", "the operator's console (a web page)", List.of(),
                ctx -> asset(ctx, "console/index.html", "text/html"));
        http.getOwnAnswer("/console/assets/{file}", "the console's script, style and chart library", List.of(
                Param.path("file", "app.js, console.css or echarts.min.js")), console::asset);
        http.getOwnAnswer("/console/events", "the live feed: one server-sent event per decision and notification",
                List.of(), new SseHandler(0, console.feed::attach));
        http.get("/timeline", "every resource of a domain with its bookings over [from, to), for the Gantt chart",
                List.of(Param.query("domain", false, "the domain (default: the configured one)"),
                        Param.query("from", false, "start (ISO time, epoch ms, now, -2h; default now - 2h)"),
                        Param.query("to", false, "end (default now + 24h)")), console.timeline::answer);
        http.get("/console/me", "the console's logged-in user, and whether a signing key is required to log in",
                List.of(), console::me);
        http.post("/console/login", "log in to the console with a user name and that user's signing key",
                "{user, key}: key as in the user's key file (base64); answers with a session cookie", ctx -> console.login(ctx, http));
        http.post("/console/logout", "end the console session", "none", ctx -> {
            console.sessions.logout(ctx.cookie(SESSION_COOKIE));
            ctx.header("Set-Cookie", SESSION_COOKIE + "=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict");
            return Response.ok(Map.of("user", ""));
        });
        http.post("/console/submit", "submit a request as the logged-in user (signed with their key)",
                "a request as for /probe; its user is the logged-in user", ctx -> console.submit(ctx, http));
        http.post("/console/cancel", "cancel one of the logged-in user's reservations (403 for another user's)",
                "{id, user, domain}: user defaults to the logged-in user", ctx -> console.cancel(ctx, http));
        http.post("/console/accept", "accept a counter-offer to the logged-in user (403 for another user's)",
                "{id, user, domain, start}: start of the offered interval (default: the one after the window)",
                ctx -> console.accept(ctx, http));
        return console;
    }

    private static void asset(Context ctx, String resource, String type) throws IOException {
        try (InputStream in = ConsoleRoutes.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                ctx.status(404).contentType("application/json").result("{\"error\": \"no " + resource + "\"}");
                return;
            }
            ctx.contentType(type + "; charset=utf-8").result(in.readAllBytes());
        }
    }

    private void asset(Context ctx) throws IOException {
        String file = ctx.pathParam("file");
        if (file.equals("echarts.min.js")) {
            asset(ctx, ECHARTS, "text/javascript");
        } else if (ASSETS.containsKey(file)) {
            asset(ctx, "console/" + file, ASSETS.get(file));
        } else {
            ctx.status(404).contentType("application/json").result("{\"error\": \"no such console file\"}");
        }
    }

    private Response me(Context ctx) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("user", sessions.user(ctx.cookie(SESSION_COOKIE)).orElse(null));
        body.put("keyRequired", sessions.authenticating());
        body.put("domain", defaultDomain);
        return Response.ok(body);
    }

    /** The login form's fields. */
    public static final class Login {
        public String user;
        public String key;
    }

    private Response login(Context ctx, HttpApi http) throws IOException {
        Login login = http.body(ctx, Login.class);
        Optional<String> session = sessions.login(login.user, login.key);
        if (session.isEmpty()) {
            return Response.error(401, "unknown user or wrong key");
        }
        ctx.header("Set-Cookie", SESSION_COOKIE + "=" + session.get() + "; Path=/; HttpOnly; SameSite=Strict");
        return Response.ok(Map.of("user", login.user));
    }

    private String loggedIn(Context ctx) {
        return sessions.user(ctx.cookie(SESSION_COOKIE))
                .orElseThrow(() -> new ApiError(401, null, "log in first"));
    }

    private Response submit(Context ctx, HttpApi http) throws Exception {
        String user = loggedIn(ctx);
        RequestSpec spec = http.body(ctx, RequestSpec.class);
        spec.user = user;
        CoAllocationRequest request = ProbeRequests.toRequest(spec, Instant.ofEpochMilli(clock.getAsLong()));
        queries.checkFields(request).ifPresent(v -> {
            throw new ApiError(400, v.field(), v.rule());
        });
        String domain = request.getDomain() != null ? request.getDomain() : defaultDomain;
        commands.send(domain, user, sessions.signingKey(user),
                ReservationCommand.newBuilder().setCommand(request).build());
        return new Response(202, Map.of("id", request.getRequestId(), "user", user, "domain", domain));
    }

    /** The cancel form's fields. */
    public static final class Cancel {
        public String id;
        public String user;
        public String domain;
    }

    private Response cancel(Context ctx, HttpApi http) throws Exception {
        String user = loggedIn(ctx);
        Cancel cancel = http.body(ctx, Cancel.class);
        if (cancel.id == null || cancel.id.isBlank()) {
            throw ApiError.badField("id", "is required");
        }
        if (cancel.user != null && !cancel.user.equals(user)) {
            return Response.error(403, user + " may cancel only their own reservations, not " + cancel.user + "'s");
        }
        String domain = cancel.domain != null && !cancel.domain.isBlank() ? cancel.domain : defaultDomain;
        if (decision(domain, user, cancel.id).isEmpty()) {
            return Response.error(404, "no reservation " + cancel.id + " of " + user + " in " + domain);
        }
        CancelRequest command = CancelRequest.newBuilder().setRequestId(cancel.id).setUser(user).setDomain(domain)
                .setReason("cancelled from the console").setRequestedAt(Instant.now()).build();
        commands.send(domain, user, sessions.signingKey(user), ReservationCommand.newBuilder().setCommand(command)
                .build());
        return new Response(202, Map.of("id", cancel.id, "user", user, "domain", domain));
    }

    /** The accept button's fields. */
    public static final class Accept {
        public String id;
        public String user;
        public String domain;
        public Long start;
    }

    private Response accept(Context ctx, HttpApi http) throws Exception {
        String user = loggedIn(ctx);
        Accept accept = http.body(ctx, Accept.class);
        if (accept.id == null || accept.id.isBlank()) {
            throw ApiError.badField("id", "is required");
        }
        if (accept.user != null && !accept.user.equals(user)) {
            return Response.error(403, user + " may accept only their own counter-offers, not " + accept.user + "'s");
        }
        String domain = accept.domain != null && !accept.domain.isBlank() ? accept.domain : defaultDomain;
        Optional<JsonNode> offer = decision(domain, user, accept.id);
        if (offer.isEmpty()) {
            return Response.error(404, "no request " + accept.id + " of " + user + " in " + domain);
        }
        String status = offer.get().path("status").asText();
        if (!status.equals(ReservationStatus.COUNTER_OFFER.name())) {
            return Response.error(409, "request " + accept.id + " is " + status + ", not a counter-offer");
        }
        // The interval after the window unless the page names one (as the CLI's accept).
        Optional<Instant> start = StreamSupport.stream(offer.get().path("alternatives").spliterator(), false)
                .filter(a -> accept.start == null ? a.path("position").asText().equals("AFTER")
                        : a.path("start").asLong() == accept.start)
                .map(a -> Instant.ofEpochMilli(a.path("start").asLong())).findFirst();
        if (start.isEmpty()) {
            throw ApiError.badField("start", "not an offered start");
        }
        AcceptCounterOffer command = AcceptCounterOffer.newBuilder().setRequestId(accept.id).setUser(user)
                .setDomain(domain).setStart(start.get()).setAcceptedAt(Instant.now()).build();
        commands.send(domain, user, sessions.signingKey(user), ReservationCommand.newBuilder().setCommand(command)
                .build());
        return new Response(202, Map.of("id", accept.id, "user", user, "domain", domain,
                "start", start.get().toEpochMilli()));
    }

    /**
     * The current decision (as JSON) of {@code user}'s request {@code id}, asked of the instance that holds
     * {@code domain}: a cancel or accept is checked where the books are, wherever the page was served from.
     */
    private Optional<JsonNode> decision(String domain, String user, String id) throws URISyntaxException {
        String path = new URI(null, null, "/users/" + user + "/reservations/" + id, null).getRawPath()
                + "?domain=" + URLEncoder.encode(domain, StandardCharsets.UTF_8);
        Response fromOwner = forwarding.getFromOwner(domain, path);
        if (fromOwner == null) {
            return queries.reservation(domain, user, id).map(AvroJson::toJson);
        }
        if (fromOwner.status() == 404) {
            return Optional.empty();
        }
        if (fromOwner.status() != 200) {
            throw new ApiError(503, null, String.valueOf(fromOwner.body()));
        }
        return Optional.of((JsonNode) fromOwner.body());
    }

    @Override
    public void close() {
        feed.close();
        commands.close();
    }
}
