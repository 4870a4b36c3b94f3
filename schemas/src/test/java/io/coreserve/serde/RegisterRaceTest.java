package io.coreserve.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.coreserve.events.CancelRequest;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A registry that answers a register with 409, as Apicurio does to the loser of two concurrent registrations. */
class RegisterRaceTest {

    private HttpServer server;

    private String start(boolean registeredByTheOther) throws Exception {
        return start(registeredByTheOther ? 0 : Integer.MAX_VALUE);
    }

    /** The other client's schema can be looked up from the given lookup on (0: at once). */
    private String start(int lookupsBeforeVisible) throws Exception {
        java.util.concurrent.atomic.AtomicInteger lookups = new java.util.concurrent.atomic.AtomicInteger();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            boolean register = path.endsWith("/versions");
            boolean registeredByTheOther = !register && lookups.getAndIncrement() >= lookupsBeforeVisible;
            int status = register ? 409 : registeredByTheOther ? 200 : 404;
            String body = register ? "{\"error_code\":0,\"message\":\"An artifact with ID 'x' already exists.\"}"
                    : registeredByTheOther ? "{\"subject\":\"t-value\",\"id\":7,\"version\":1}"
                    : "{\"error_code\":40403,\"message\":\"Schema not found\"}";
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void shouldTakeTheIdOfTheSchemaTheOtherClientJustRegistered() throws Exception {
        var client = new RestSchemaRegistryClient(start(true));

        assertThat(client.register("t-value", CancelRequest.getClassSchema())).isEqualTo(7);
    }

    @Test
    void shouldAskAgainWhenTheOtherClientsSchemaIsNotVisibleYet() throws Exception {
        var client = new RestSchemaRegistryClient(start(2));

        assertThat(client.register("t-value", CancelRequest.getClassSchema())).isEqualTo(7);
    }

    @Test
    void shouldReportIncompatibleWhenTheSchemaIsNotThereAfterA409() throws Exception {
        var client = new RestSchemaRegistryClient(start(false));

        assertThatThrownBy(() -> client.register("t-value", CancelRequest.getClassSchema()))
                .isInstanceOf(IncompatibleSchemaException.class)
                .hasMessageContaining("t-value");
    }
}
