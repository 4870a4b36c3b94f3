package io.coreserve.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.coreserve.config.CoreserveConfig;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The squeue-like states and table, and how the reading commands report the app's refusals (an HTTP stub). */
class QueueTableTest {

    private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");

    private static ReservationText decision(String json) throws Exception {
        return new ReservationText(AppHttp.JSON.readTree(json));
    }

    private static long ms(String iso) {
        return Instant.parse(iso).toEpochMilli();
    }

    @Test
    void shouldGiveEachDecisionItsSqueueState() throws Exception {
        ReservationText pending = decision("{\"requestId\":\"a\",\"user\":\"alice\",\"domain\":\"default\","
                + "\"status\":\"ACCEPTED\",\"start\":" + ms("2026-11-23T13:00:00Z") + ",\"end\":"
                + ms("2026-11-23T15:00:00Z") + ",\"allocations\":[{\"resourceId\":\"n1\",\"amounts\":{}},"
                + "{\"resourceId\":\"n2\",\"amounts\":{}}]}");
        ReservationText offer = decision("{\"requestId\":\"b\",\"user\":\"bob\",\"domain\":\"default\","
                + "\"status\":\"COUNTER_OFFER\",\"reasonCode\":\"NO_START_TIME_IN_WINDOW\",\"offerExpiresAt\":"
                + ms("2026-11-23T12:15:00Z") + ",\"alternatives\":[{\"start\":" + ms("2026-11-23T10:00:00Z")
                + ",\"end\":" + ms("2026-11-23T11:00:00Z") + ",\"position\":\"BEFORE\"},{\"start\":"
                + ms("2026-11-23T16:00:00Z") + ",\"end\":" + ms("2026-11-23T17:00:00Z") + ",\"position\":\"AFTER\"}]}");

        assertThat(pending.state(NOW)).isEqualTo("PD");
        assertThat(pending.state(Instant.parse("2026-11-23T14:00:00Z"))).isEqualTo("R");
        assertThat(pending.state(Instant.parse("2026-11-23T15:00:00Z"))).isEqualTo("CD");
        assertThat(offer.state(NOW)).isEqualTo("CO");
        assertThat(offer.state(Instant.parse("2026-11-23T12:16:00Z"))).isEqualTo("EX");
        assertThat(offer.expectedStart()).contains(Instant.parse("2026-11-23T16:00:00Z"));

        assertThat(QueueCommand.table(List.of(pending, offer), NOW, true)).isEqualTo(
                "ID  USER   DOMAIN   ST  START_TIME            END_TIME              NODES  NODELIST(REASON)\n"
                + "a   alice  default  PD  2026-11-23T13:00:00Z  2026-11-23T15:00:00Z  2      n1,n2\n"
                + "b   bob    default  CO  2026-11-23T16:00:00Z  2026-11-23T17:00:00Z  0      (NO_START_TIME_IN_WINDOW)\n");
    }

    @Test
    void shouldReportTheAppsReasonAndAnAbsentApp() throws Exception {
        HttpServer stub = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        stub.createContext("/", exchange -> {
            byte[] body = "{\"error\": \"unknown value 'X'\", \"field\": \"status\"}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(400, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        stub.start();
        AppHttp http = new AppHttp();
        CoreserveConfig config = CoreserveConfig.of(Map.of());
        try {
            http.url = "http://127.0.0.1:" + stub.getAddress().getPort();
            assertThatThrownBy(() -> http.get(config, "/reservations", Map.of("status", "X")))
                    .hasMessage("unknown value 'X' (field status)");
        } finally {
            stub.stop(0);
        }
        assertThatThrownBy(() -> http.get(config, "/reservations", Map.of()))
                .hasMessageStartingWith("no answer from the app at " + http.url);
        http.url = null;
        assertThatThrownBy(() -> http.base(config, Path.of("no-such-dir", "http.port")))
                .hasMessageContaining("give --http URL");
    }

    @Test
    void shouldFindThePortDevKeepsWhenNoAddressIsGiven(@TempDir Path dir) throws Exception {
        Path port = Files.writeString(dir.resolve("http.port"), "43489\n");
        AppHttp http = new AppHttp();
        assertThat(http.base(CoreserveConfig.of(Map.of()), port)).isEqualTo("http://127.0.0.1:43489");
        http.url = "http://elsewhere:1/";
        assertThat(http.base(CoreserveConfig.of(Map.of()), port)).isEqualTo("http://elsewhere:1");
    }
}
