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
    private static final ObjectMapper JSON = new ObjectMapper();

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
            } catch (Exception e) {
                LOG.warn("HTTP {} {} failed", exchange.getRequestMethod(), exchange.getRequestURI(), e);
                response = Response.error(500, String.valueOf(e.getMessage()));
            }
            byte[] body = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(response.body())
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
