package io.coreserve.console;

import io.coreserve.cli.request.RequestSpec;
import io.coreserve.cli.request.TimeSyntax;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.AcceptCounterOffer;
import io.coreserve.events.CancelRequest;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Resource;
import io.coreserve.events.SuggestedInterval;
import io.coreserve.http.ApiError;
import io.coreserve.http.HttpApi;
import io.coreserve.http.HttpApi.Param;
import io.coreserve.http.HttpApi.Response;
import io.coreserve.http.ProbeRequests;
import io.coreserve.http.ReservationListRoutes;
import io.coreserve.identity.AuthSettings;
import io.coreserve.reservation.ReservationQueries;
import io.javalin.http.Context;
import io.javalin.http.sse.SseHandler;
import java.io.IOException;
import java.io.InputStream;
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
 * The operator's console (issue 10, "The console"): the page at {@code /} with its script, style and ECharts (from
 * the webjar on the classpath), the compact {@code /timeline} the Gantt chart draws, login, submit and cancel as the
 * logged-in user, and the live feed of decisions and notifications as server-sent events.
 */
public final class ConsoleRoutes implements AutoCloseable {

    static final String SESSION_COOKIE = "coreserve-session";
    private static final String ECHARTS = "META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";
    private static final Map<String, String> ASSETS = Map.of("app.js", "text/javascript", "console.css", "text/css");

    private final ReservationQueries queries;
    private final Supplier<ReadOnlyKeyValueStore<String, ReservationDecision>> decisions;
    private final String defaultDomain;
    private final LongSupplier clock;
    private final ConsoleSessions sessions;
    private final CommandWriter commands;
    private final DecisionFeed feed;

    private ConsoleRoutes(ReservationQueries queries, Supplier<ReadOnlyKeyValueStore<String, ReservationDecision>>
            decisions, CoreserveConfig config, LongSupplier clock) {
        this.queries = queries;
        this.decisions = decisions;
        this.defaultDomain = config.require(CoreserveConfig.DEFAULT_DOMAIN);
        this.clock = clock;
        this.sessions = ConsoleSessions.of(AuthSettings.from(config.asMap()));
        this.commands = new CommandWriter(config);
        this.feed = new DecisionFeed(config);
    }

    /** Declares the console's routes on {@code http}; close the result with the app (producer and feed consumer). */
    public static ConsoleRoutes register(HttpApi http, ReservationQueries queries,
            Supplier<ReadOnlyKeyValueStore<String, ReservationDecision>> decisions, CoreserveConfig config,
            LongSupplier clock) {
        ConsoleRoutes console = new ConsoleRoutes(queries, decisions, config, clock);
        http.getOwnAnswer("/", "the operator's console (a web page)", List.of(),
                ctx -> asset(ctx, "console/index.html", "text/html"));
        http.getOwnAnswer("/console/assets/{file}", "the console's script, style and chart library", List.of(
                Param.path("file", "app.js, console.css or echarts.min.js")), console::asset);
        http.getOwnAnswer("/console/events", "the live feed: one server-sent event per decision and notification",
                List.of(), new SseHandler(0, console.feed::attach));
        http.get("/timeline", "every resource of a domain with its bookings over [from, to), for the Gantt chart",
                List.of(Param.query("domain", false, "the domain (default: the configured one)"),
                        Param.query("from", false, "start (ISO time, epoch ms, now, -2h; default now - 2h)"),
                        Param.query("to", false, "end (default now + 24h)")), console::timeline);
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

    private Response timeline(Context ctx) {
        Instant now = Instant.ofEpochMilli(clock.getAsLong());
        Instant from = time(ctx, "from", now, now.minus(Duration.ofHours(2)));
        Instant to = time(ctx, "to", now, now.plus(Duration.ofHours(24)));
        if (!to.isAfter(from)) {
            throw new ApiError(400, "to", "to must be after from");
        }
        String domain = Optional.ofNullable(ctx.queryParam("domain")).filter(d -> !d.isBlank()).orElse(defaultDomain);
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
        if (queries.reservation(domain, user, cancel.id).isEmpty()) {
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
        Optional<ReservationDecision> offer = queries.reservation(domain, user, accept.id);
        if (offer.isEmpty()) {
            return Response.error(404, "no request " + accept.id + " of " + user + " in " + domain);
        }
        if (offer.get().getStatus() != ReservationStatus.COUNTER_OFFER) {
            return Response.error(409, "request " + accept.id + " is " + offer.get().getStatus()
                    + ", not a counter-offer");
        }
        // The interval after the window unless the page names one (as the CLI's accept).
        Optional<Instant> start = offer.get().getAlternatives().stream()
                .filter(a -> accept.start == null ? a.getPosition().name().equals("AFTER")
                        : a.getStart().toEpochMilli() == accept.start)
                .map(SuggestedInterval::getStart).findFirst();
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

    @Override
    public void close() {
        feed.close();
        commands.close();
    }
}
