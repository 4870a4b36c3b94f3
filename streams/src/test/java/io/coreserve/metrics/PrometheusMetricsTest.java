package io.coreserve.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.coreserve.app.CoreserveApp;
import io.coreserve.app.EventProducer;
import io.coreserve.app.TopicAdmin;
import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.testing.EmbeddedKafka;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /metrics} after a few decisions on a real broker: the Prometheus text parses, decisions are counted by
 * status, latency and search time are histograms in seconds, and Kafka Streams, consumer lag, stores and the JVM
 * are there; the JSON view stays at {@code /metrics.json}.
 */
@Tag("integration")
class PrometheusMetricsTest {

    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*\\})? (\\S+)$");

    @TempDir
    Path temp;

    @Test
    void shouldCountDecisionsByStatusAndTimeThemInSeconds() throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start()) {
            CoreserveConfig config = CoreserveConfig.of(Map.of(
                    StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                    CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://metrics",
                    StreamsConfig.STATE_DIR_CONFIG, temp.resolve("streams").toString(),
                    CoreserveConfig.PARTITIONS, "1",
                    CoreserveConfig.HTTP_PORT, "0"));
            TopicAdmin.ensureTopics(config.bootstrapServers(), config.topics(), 1, (short) 1);
            EventProducer.sendResources(config, DemoCatalogue.generate(4, "default", 7L, Instant.now()));
            try (CoreserveApp app = CoreserveApp.start(config, ReservationPipeline.forConfig(config),
                    Duration.ofMinutes(1))) {
                send(config, "fits", 2);
                send(config, "fits-too", 1);
                send(config, "too-many", 50);
                Map<String, Double>[] scraped = new Map[1];
                await().atMost(Duration.ofSeconds(60)).until(() -> {
                    scraped[0] = scrape(app.http().url() + "/metrics");
                    // The reader of the decisions topic counts a decision's status, then times its latency, then
                    // its search: wait for all three (CI scraped between them twice: one latency of three, one
                    // search of two).
                    return scraped[0].getOrDefault("coreserve_decisions_total{status=\"ACCEPTED\"}", 0.0) == 2.0
                            && scraped[0].getOrDefault("coreserve_decisions_total{status=\"REJECTED\"}", 0.0) == 1.0
                            && scraped[0].getOrDefault("coreserve_decision_latency_seconds_count", 0.0) >= 3.0
                            && scraped[0].getOrDefault("coreserve_engine_search_seconds_count", 0.0) >= 2.0;
                });
                Map<String, Double> m = scraped[0];
                assertThat(m.get("coreserve_decision_latency_seconds_count")).isEqualTo(3.0);
                assertThat(m.get("coreserve_decision_latency_seconds_sum")).isPositive().isLessThan(60.0);
                assertThat(m.keySet()).anyMatch(k -> k.startsWith("coreserve_decision_latency_seconds_bucket{"));
                assertThat(m.get("coreserve_engine_search_seconds_count")).isGreaterThanOrEqualTo(2.0);
                assertThat(m.keySet()).anyMatch(k -> k.startsWith("coreserve_engine_search_seconds_bucket{"));
                assertThat(sum(m, "kafka_stream_thread_process_total")).isGreaterThanOrEqualTo(3.0);
                assertThat(m.keySet()).anyMatch(k -> k.startsWith("kafka_consumer_fetch_manager_records_lag"));
                assertThat(m.get("coreserve_store_entries{store=\"catalogue\"}")).isEqualTo(4.0);
                assertThat(m.get("coreserve_store_entries{store=\"reservations\"}")).isEqualTo(3.0);
                assertThat(sum(m, "jvm_memory_used_bytes")).isPositive();

                HttpResponse<String> json = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(app.http().url() + "/metrics.json")).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(json.body()).contains("process-total");
            }
        }
    }

    private static void send(CoreserveConfig config, String id, int n) throws Exception {
        EventProducer.sendCommand(config, "default", ReservationCommand.newBuilder().setCommand(
                CoAllocationRequest.newBuilder().setRequestId(id).setUser("alice").setResourceCount(n)
                        .setDurationMillis(3_600_000L).setMinimums(Map.of("cores", 1.0)).setSubmittedAt(Instant.now())
                        .build()).build());
    }

    private static double sum(Map<String, Double> metrics, String name) {
        return metrics.entrySet().stream().filter(e -> e.getKey().startsWith(name + "{") || e.getKey().equals(name))
                .mapToDouble(Map.Entry::getValue).filter(Double::isFinite).sum();
    }

    /** Every sample line of the text format, keyed by name and labels as written. */
    private static Map<String, Double> scrape(String url) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain");
        Map<String, Double> samples = new HashMap<>();
        for (String line : response.body().split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher m = SAMPLE.matcher(line);
            assertThat(m.matches()).as("a sample line: %s", line).isTrue();
            samples.put(m.group(1) + (m.group(2) == null ? "" : m.group(2)), Double.parseDouble(m.group(3)));
        }
        return samples;
    }
}
