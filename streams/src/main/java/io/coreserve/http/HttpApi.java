package io.coreserve.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.http.HttpResponseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.IndexedRecord;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The app's HTTP endpoint (JSON) on Javalin (Jetty underneath). Routes are declared with a short description
 * before {@link #start()}; the same declarations are served as an OpenAPI document at {@code /openapi.json}, so the
 * description cannot miss a route.
 *
 * <p>Every error is JSON: {@code {"error": reason}}, plus {@code "field"} when one field of the body or one
 * parameter is at fault. Request bodies are limited ({@link BodyReader}); Jetty serves each request on a thread of
 * its pool and sets TCP_NODELAY on accepted connections, so a kept-open connection gets its answers without the
 * Nagle / delayed-ack stall, and an idle or slow client holds one thread until the idle timeout, never the others.
 */
public final class HttpApi implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HttpApi.class);
    /** Times as epoch milliseconds, like the events; Avro records through {@link AvroJson}. */
    static final ObjectMapper JSON = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .configure(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS, true)
            .configure(SerializationFeature.WRITE_DATE_TIMESTAMPS_AS_NANOSECONDS, false);
    /** Enough threads that a few clients stuck mid-body (each holds one until the idle timeout) block nobody. */
    private static final int MAX_THREADS = 64;

    /** A route answers with a status and a JSON-serialisable body. */
    @FunctionalInterface
    public interface Route {
        Response handle(Context ctx) throws Exception;
    }

    public record Response(int status, Object body) {
        public static Response ok(Object body) {
            return new Response(200, body);
        }

        public static Response error(int status, String message) {
            return new Response(status, Map.of("error", message));
        }
    }

    /** A parameter of a route, for the OpenAPI document: {@code in} is "query" or "path". */
    public record Param(String name, String in, boolean required, String description) {
        public static Param query(String name, boolean required, String description) {
            return new Param(name, "query", required, description);
        }

        public static Param path(String name, String description) {
            return new Param(name, "path", true, description);
        }
    }

    /**
     * A declared route: method, path in Javalin's syntax ({@code {id}}, or {@code <id>} for a value that may hold
     * a slash), what it does, its parameters and, for a POST, what its body is.
     */
    public record RouteDoc(String method, String path, String summary, List<Param> parameters, String requestBody) {
    }

    private final HttpSettings settings;
    private final BodyReader bodies;
    private final List<RouteDoc> docs = new ArrayList<>();
    private final Map<RouteDoc, Route> routes = new LinkedHashMap<>();
    private final Map<RouteDoc, io.javalin.http.Handler> ownAnswers = new LinkedHashMap<>();
    private Javalin javalin;

    public HttpApi(HttpSettings settings) {
        this.settings = settings;
        this.bodies = new BodyReader(settings.maxBodyBytes());
    }

    public HttpApi get(String path, String summary, List<Param> parameters, Route route) {
        return declare(new RouteDoc("GET", path, summary, List.copyOf(parameters), null), route);
    }

    public HttpApi post(String path, String summary, String requestBody, Route route) {
        return declare(new RouteDoc("POST", path, summary, List.of(), requestBody), route);
    }

    /**
     * A route that writes its own answer instead of JSON (the console's page and scripts, an event stream); it is
     * described in {@code /openapi.json} like the others.
     */
    public HttpApi getOwnAnswer(String path, String summary, List<Param> parameters, io.javalin.http.Handler handler) {
        RouteDoc doc = new RouteDoc("GET", path, summary, List.copyOf(parameters), null);
        checkNotStarted(doc);
        docs.add(doc);
        ownAnswers.put(doc, handler);
        return this;
    }

    private HttpApi declare(RouteDoc doc, Route route) {
        checkNotStarted(doc);
        docs.add(doc);
        routes.put(doc, route);
        return this;
    }

    private void checkNotStarted(RouteDoc doc) {
        if (javalin != null) {
            throw new IllegalStateException("routes are declared before start: " + doc.path());
        }
    }

    /** Reads the JSON or YAML request body into {@code type}, within the body limit. */
    public <T> T body(Context ctx, Class<T> type) throws java.io.IOException {
        return bodies.read(ctx, type);
    }

    /** The request body as UTF-8 text (e.g. SRL), within the body limit. */
    public String bodyText(Context ctx) throws java.io.IOException {
        return bodies.text(ctx);
    }

    /** Declares {@code /openapi.json}, then serves every declared route. */
    public HttpApi start() {
        get("/openapi.json", "this description of the API (OpenAPI 3.0)", List.of(),
                ctx -> Response.ok(OpenApiDocument.of(List.copyOf(docs))));
        QueuedThreadPool threads = new QueuedThreadPool(MAX_THREADS, 4);
        threads.setName("coreserve-http");
        threads.setDaemon(true);
        javalin = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.http.maxRequestSize = settings.maxBodyBytes();
            config.http.prefer405over404 = true;
            config.jetty.host = settings.host();
            config.jetty.port = settings.port();
            config.jetty.threadPool = threads;
            config.jetty.modifyServer(server -> server.addEventListener(new org.eclipse.jetty.util.component
                    .LifeCycle.Listener() {
                @Override
                public void lifeCycleStarting(org.eclipse.jetty.util.component.LifeCycle event) {
                    for (var connector : server.getConnectors()) {
                        if (connector instanceof ServerConnector c) {
                            c.setIdleTimeout(settings.idleTimeout().toMillis());
                        }
                    }
                }
            }));
            routes.forEach((doc, route) -> config.routes.addHttpHandler(HandlerType.findOrCreate(doc.method()),
                    doc.path(), ctx -> answer(ctx, route)));
            ownAnswers.forEach((doc, handler) -> config.routes.addHttpHandler(HandlerType.GET, doc.path(), handler));
            // Javalin's own refusals (no such route, wrong method) in the same JSON form.
            config.routes.exception(HttpResponseException.class, (e, ctx) -> write(ctx, Response.error(e.getStatus(),
                    e.getMessage() + (e.getStatus() == 404 || e.getStatus() == 405
                            ? " (the routes are listed at /openapi.json)" : ""))));
            config.routes.exception(Exception.class, (e, ctx) -> {
                LOG.warn("HTTP {} {} failed", ctx.method(), ctx.path(), e);
                write(ctx, Response.error(500, String.valueOf(e.getMessage())));
            });
        }).start();
        return this;
    }

    public String url() {
        return "http://" + settings.host() + ":" + javalin.port();
    }

    /** The declared routes, {@code /openapi.json} included once started. */
    public List<RouteDoc> routes() {
        return List.copyOf(docs);
    }

    /** Method and path of every route Javalin serves, as Javalin lists them (for checking the description). */
    public List<String> served() {
        return javalin.unsafe.internalRouter.allHttpHandlers().stream()
                .map(e -> e.endpoint.method.name() + " " + e.endpoint.path).toList();
    }

    private static void answer(Context ctx, Route route) {
        Response response;
        try {
            response = route.handle(ctx);
        } catch (ApiError e) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error", e.getMessage());
            if (e.field() != null) {
                body.put("field", e.field());
            }
            response = new Response(e.status(), body);
        } catch (IllegalArgumentException e) {
            response = Response.error(400, e.getMessage());
        } catch (org.apache.kafka.streams.errors.InvalidStateStoreException e) {
            ctx.header("Retry-After", "1");
            response = Response.error(503, "state not available yet (the pipeline is starting or rebalancing): "
                    + e.getMessage());
        } catch (Exception e) {
            LOG.warn("HTTP {} {} failed", ctx.method(), ctx.path(), e);
            response = Response.error(500, String.valueOf(e.getMessage()));
        }
        write(ctx, response);
    }

    private static void write(Context ctx, Response response) {
        Object payload = response.body() instanceof IndexedRecord record ? AvroJson.toJson(record) : response.body();
        try {
            ctx.status(response.status())
                    .contentType("application/json; charset=utf-8")
                    .result(JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(payload));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("answer not serialisable as JSON", e);
        }
    }

    @Override
    public void close() {
        if (javalin != null) {
            javalin.stop();
        }
    }
}
