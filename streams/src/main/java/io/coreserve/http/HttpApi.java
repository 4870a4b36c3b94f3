package io.coreserve.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The app's HTTP endpoint (JSON): routes are registered by path; an unexpected exception becomes a 500
 * with its message instead of a dropped connection.
 */
public final class HttpApi implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HttpApi.class);
    /** Times as epoch milliseconds, like the events; Avro records through {@link AvroJson}. */
    private static final ObjectMapper JSON = new ObjectMapper()
            .registerModule(new com.fasterxml.jackson.datatype.jsr310.JavaTimeModule())
            .configure(com.fasterxml.jackson.databind.SerializationFeature.WRITE_DATES_AS_TIMESTAMPS, true)
            .configure(com.fasterxml.jackson.databind.SerializationFeature.WRITE_DATE_TIMESTAMPS_AS_NANOSECONDS, false);

    /** A route answers with a status and a JSON-serialisable body. */
    @FunctionalInterface
    public interface Route {
        Response handle(HttpExchange exchange) throws Exception;
    }

    public record Response(int status, Object body) {
        public static Response ok(Object body) {
            return new Response(200, body);
        }

        public static Response error(int status, String message) {
            return new Response(status, Map.of("error", message));
        }
    }

    private final HttpServer server;

    public HttpApi(String host, int port) throws IOException {
        this.server = HttpServer.create(new InetSocketAddress(host, port), 0);
        this.server.setExecutor(Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "coreserve-http");
            t.setDaemon(true);
            return t;
        }));
    }

    /** Reads a JSON or YAML request body into {@code type}. */
    public static <T> T body(HttpExchange exchange, Class<T> type) throws IOException {
        byte[] bytes = exchange.getRequestBody().readAllBytes();
        String contentType = String.valueOf(exchange.getRequestHeaders().getFirst("Content-Type"));
        ObjectMapper reader = contentType.contains("yaml")
                ? new ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory()) : JSON;
        try {
            return reader.readValue(bytes, type);
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw new IllegalArgumentException("unreadable request body: " + e.getOriginalMessage());
        }
    }

    /** The query parameters of the request, decoded. */
    public static Map<String, String> query(HttpExchange exchange) {
        Map<String, String> params = new java.util.LinkedHashMap<>();
        String raw = exchange.getRequestURI().getRawQuery();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                String key = java.net.URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String value = eq < 0 ? "" : java.net.URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                params.put(key, value);
            }
        }
        return params;
    }

    public HttpApi route(String path, Route route) {
        server.createContext(path, adapt(route));
        return this;
    }

    public HttpApi start() {
        server.start();
        return this;
    }

    public String url() {
        InetSocketAddress address = server.getAddress();
        return "http://" + address.getHostString() + ":" + address.getPort();
    }

    private static HttpHandler adapt(Route route) {
        return exchange -> {
            Response response;
            try {
                response = route.handle(exchange);
            } catch (IllegalArgumentException e) {
                response = Response.error(400, e.getMessage());
            } catch (org.apache.kafka.streams.errors.InvalidStateStoreException e) {
                response = Response.error(503, "state not available yet (the pipeline is starting or rebalancing): "
                        + e.getMessage());
            } catch (Exception e) {
                LOG.warn("HTTP {} {} failed", exchange.getRequestMethod(), exchange.getRequestURI(), e);
                response = Response.error(500, String.valueOf(e.getMessage()));
            }
            Object payload = response.body() instanceof org.apache.avro.generic.IndexedRecord record
                    ? AvroJson.toJson(record) : response.body();
            byte[] body = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(payload)
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
            exchange.sendResponseHeaders(response.status(), body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        };
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
