package io.coreserve.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.coreserve.app.CoreserveApp;
import io.coreserve.app.EventProducer;
import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.cli.request.RequestSpec;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.reservation.ReservationPipeline;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local stack as {@code coreserve dev} runs it (broker and registry as supervised child JVMs, the pipeline in
 * this JVM): killing a child with SIGKILL shows in {@code /health}, the supervisor brings it back on the same
 * port and data, and the pipeline, which reconnects by itself, decides requests again.
 */
@Tag("integration")
class SupervisedStackTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    void shouldReportAKilledBrokerOrRegistryAndDecideAgainOnceTheSupervisorHasRestartedIt(@TempDir Path dataDir)
            throws Exception {
        try (KafkaBrokerProcess broker = KafkaBrokerProcess.start(dataDir);
                ApicurioRegistryProcess registry = ApicurioRegistryProcess.startPersistent(dataDir)) {
            broker.restartWhenDead();
            registry.restartWhenDead();
            CoreserveConfig config = CoreserveConfig.of(Map.of(
                    StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                    CoreserveConfig.SCHEMA_REGISTRY_URL, registry.url(),
                    StreamsConfig.STATE_DIR_CONFIG, dataDir.resolve("streams").toString(),
                    CoreserveConfig.PARTITIONS, "1",
                    io.coreserve.config.Settings.OFFERS_ENABLED, "false"));
            try (CoreserveApp app = CoreserveApp.start(config, ReservationPipeline.forConfig(config),
                    Duration.ofMinutes(2))) {
                EventProducer.sendResources(config, DemoCatalogue.generate(20, "default", 7L, Instant.now()));
                String url = app.http().url();
                await("catalogue loaded").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250))
                        .until(() -> JSON.readTree(get(url + "/resources").body()).size() == 20);
                assertThat(health(url).path("status").asText()).isEqualTo("UP");
                assertDecided(config, url, "before-any-kill");

                // Given the broker is killed
                String brokerAddress = broker.bootstrapServers();
                long brokerPid = broker.pid();
                ProcessHandle.of(brokerPid).orElseThrow().destroyForcibly();

                // Then /health says DOWN because of the broker, and UP again once the supervisor restarted it
                await("health DOWN").atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(250))
                        .untilAsserted(() -> {
                            JsonNode health = health(url);
                            assertThat(health.path("status").asText()).isEqualTo("DOWN");
                            assertThat(health.path("broker").path("status").asText()).isEqualTo("DOWN");
                            assertThat(health.path("registry").path("status").asText()).isEqualTo("UP");
                        });
                await("health UP").atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500))
                        .until(() -> health(url).path("status").asText().equals("UP"));
                await("restart counted").atMost(Duration.ofSeconds(10)).until(() -> broker.restarts() == 1);
                assertThat(broker.pid()).isNotEqualTo(brokerPid);
                assertThat(broker.bootstrapServers()).as("same port").isEqualTo(brokerAddress);
                assertDecided(config, url, "after-broker-restart");

                // And a killed registry makes the service DEGRADED until it is back
                ProcessHandle.of(registry.pid()).orElseThrow().destroyForcibly();
                await("health DEGRADED").atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(250))
                        .untilAsserted(() -> {
                            JsonNode health = health(url);
                            assertThat(health.path("status").asText()).isEqualTo("DEGRADED");
                            assertThat(health.path("registry").path("status").asText()).isEqualTo("DOWN");
                        });
                await("health UP after the registry").atMost(Duration.ofSeconds(60))
                        .pollInterval(Duration.ofMillis(500))
                        .until(() -> health(url).path("status").asText().equals("UP"));
                await("restart counted").atMost(Duration.ofSeconds(10)).until(() -> registry.restarts() == 1);
            }
        }
    }

    /** Submits alice's request for 2 resources for an hour; waits until GET /reservations/ID says ACCEPTED. */
    private void assertDecided(CoreserveConfig config, String url, String id) throws Exception {
        RequestSpec spec = new RequestSpec();
        spec.id = id;
        spec.user = "alice";
        spec.n = 2;
        spec.duration = "1h";
        spec.earliest = "+1h";
        CoAllocationRequest request = spec.toRequest(Instant.now());
        EventProducer.sendCommand(config, "default", ReservationCommand.newBuilder().setCommand(request).build());
        await("decision of " + id).atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250))
                .untilAsserted(() -> {
                    HttpResponse<String> response = get(url + "/reservations/" + id + "?user=alice");
                    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
                    assertThat(JSON.readTree(response.body()).path("status").asText()).isEqualTo("ACCEPTED");
                });
    }

    private JsonNode health(String url) throws Exception {
        long started = System.nanoTime();
        HttpResponse<String> response = get(url + "/health");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("/health answers quickly")
                .isLessThan(Duration.ofSeconds(3));
        JsonNode body = JSON.readTree(response.body());
        assertThat(response.statusCode()).as(response.body())
                .isEqualTo(body.path("status").asText().equals("DOWN") ? 503 : 200);
        return body;
    }

    private HttpResponse<String> get(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
