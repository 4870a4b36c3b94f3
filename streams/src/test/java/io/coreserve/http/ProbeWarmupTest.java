package io.coreserve.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.app.CoreserveApp;
import io.coreserve.app.EventProducer;
import io.coreserve.app.TopicAdmin;
import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import io.coreserve.events.Resource;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.testing.EmbeddedKafka;
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
 * The probe warm-up on a real broker: once the default domain is live the app answers its own synthetic probes
 * (every one a valid request: 200, none refused) and books nothing; without the setting there is no warm-up.
 */
@Tag("integration")
class ProbeWarmupTest {

    @TempDir
    Path temp;

    /** One partition, a mock registry, the topics made. */
    private CoreserveConfig config(EmbeddedKafka kafka, String registry) throws Exception {
        CoreserveConfig config = CoreserveConfig.of(Map.of(
                StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://" + registry,
                StreamsConfig.STATE_DIR_CONFIG, temp.resolve(registry).toString(),
                CoreserveConfig.PARTITIONS, "1",
                CoreserveConfig.HTTP_PORT, "0"));
        TopicAdmin.ensureTopics(config.bootstrapServers(), config.topics(), 1, (short) 1);
        return config;
    }

    @Test
    void theAppWarmsItsProbePathWithValidProbesThatBookNothing() throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start()) {
            CoreserveConfig config = config(kafka, "warmup").with(Settings.HTTP_WARMUP_PROBES, "60");
            EventProducer.sendResources(config, DemoCatalogue.generate(6, "default", 7L, Instant.now()));
            try (CoreserveApp app = CoreserveApp.start(config, ReservationPipeline.forConfig(config),
                    Duration.ofMinutes(1))) {
                ProbeWarmup warmup = app.warmup();
                assertThat(warmup).isNotNull();
                assertThat(warmup.await(Duration.ofSeconds(90))).isTrue();
                assertThat(warmup.failed()).isZero();
                assertThat(warmup.answered()).isEqualTo(60);
                HttpResponse<String> list = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(app.http().url() + "/reservations?user=coreserve-warmup")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(list.statusCode()).isEqualTo(200);
                assertThat(list.body().replaceAll("\\s", "")).isEqualTo("[]");
            }
        }
    }

    @Test
    void aProbeBodyIsValidJsonWhateverTheCatalogueHoldsAndARefusalIsNotASearch() throws Exception {
        Resource odd = Resource.newBuilder().setId("n\"1").setDomain("d\\\"x").setCluster("c")
                .setProperties(Map.of("cores", 16.0)).setLabels(Map.of("fe\"at\nure", "v\u0001"))
                .setUpdatedAt(Instant.now()).build();
        java.util.SplittableRandom random = new java.util.SplittableRandom(1);
        for (int k = 0; k < 20; k++) {
            var body = HttpApi.JSON.readTree(ProbeWarmup.body(k, "d\\\"x", java.util.List.of(odd), random));
            assertThat(body.path("domain").asText()).isEqualTo("d\\\"x");
            assertThat(body.path("min").path("cores").asDouble()).isBetween(1.6, 16.0);
            if (body.path("require").size() > 0) {
                assertThat(body.path("require").path("fe\"at\nure").asText()).isEqualTo("v\u0001");
            }
        }
        assertThat(ProbeWarmup.searched(200, "{\"status\": \"REJECTED\", \"reasonCode\": \"INVALID_REQUEST\"}"))
                .isFalse();
        assertThat(ProbeWarmup.searched(200, "{\"status\": \"REJECTED\", \"reasonCode\": \"NO_START_TIME_IN_WINDOW\"}"))
                .isTrue();
        assertThat(ProbeWarmup.searched(503, "{}")).isFalse();
    }

    @Test
    void withoutTheSettingThereIsNoWarmup() throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start()) {
            CoreserveConfig config = config(kafka, "no-warmup");
            try (CoreserveApp app = CoreserveApp.start(config, ReservationPipeline.forConfig(config),
                    Duration.ofMinutes(1))) {
                assertThat(app.warmup()).isNull();
            }
        }
    }
}
