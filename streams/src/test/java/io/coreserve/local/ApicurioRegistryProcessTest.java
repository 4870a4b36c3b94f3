package io.coreserve.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the registry that the {@code registry/} module builds and talks to it as a Confluent client would. */
@Tag("integration")
class ApicurioRegistryProcessTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Schema RESERVATION = SchemaBuilder.record("Reservation").namespace("io.coreserve.test")
            .fields()
            .requiredString("id")
            .requiredLong("start")
            .optionalInt("nodes")
            .endRecord();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void shouldRegisterAnAvroSchemaAndServeItByIdThenStopOnClose(@TempDir Path logDir) throws Exception {
        ApicurioRegistryProcess started;
        try (ApicurioRegistryProcess registry = ApicurioRegistryProcess.start(logDir)) {
            started = registry;
            assertThat(registry.url()).isEqualTo("http://127.0.0.1:" + registry.port() + "/apis/ccompat/v7");

            int id = register(registry, "reservations-value", RESERVATION);

            assertThat(register(registry, "reservations-value", RESERVATION))
                    .as("registering the same schema again is idempotent")
                    .isEqualTo(id);
            assertThat(schemaById(registry, id)).isEqualTo(RESERVATION);
            assertThat(get(registry, "/subjects").body()).contains("reservations-value");
            assertThat(get(registry, "/schemas/ids/" + (id + 1000)).statusCode()).isEqualTo(404);
        }

        assertThat(started.isAlive()).isFalse();
        assertThat(ProcessHandle.of(started.pid()).filter(ProcessHandle::isAlive)).as("registry process after close")
                .isEmpty();
        assertThat(logDir.resolve(ApicurioRegistryProcess.LOG_FILE)).isNotEmptyFile();
    }

    @Test
    void shouldKeepSchemasAcrossRestartsWhenPersistent(@TempDir Path dataDir) throws Exception {
        int id;
        String url;
        try (ApicurioRegistryProcess registry = ApicurioRegistryProcess.startPersistent(dataDir)) {
            id = register(registry, "reservations-value", RESERVATION);
            url = registry.url();
        }

        try (ApicurioRegistryProcess registry = ApicurioRegistryProcess.startPersistent(dataDir)) {
            assertThat(registry.url()).as("port kept").isEqualTo(url);
            assertThat(schemaById(registry, id)).isEqualTo(RESERVATION);
            assertThat(register(registry, "reservations-value", RESERVATION)).isEqualTo(id);
        }
    }

    @Test
    void shouldSayHowToBuildTheRegistryWhenItIsMissing(@TempDir Path empty) {
        assertThatThrownBy(() -> LocalArtifacts.locate("coreserve.test.unset", "CORESERVE_TEST_UNSET",
                "no/such/dir", "quarkus-run.jar", "mvn -B -pl registry -am package"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no/such/dir/quarkus-run.jar")
                .hasMessageContaining("mvn -B -pl registry -am package");
    }

    private int register(ApicurioRegistryProcess registry, String subject, Schema schema) throws Exception {
        String body = JSON.writeValueAsString(Map.of("schema", schema.toString()));
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(URI.create(registry.url() + "/subjects/" + subject + "/versions"))
                        .header("Content-Type", "application/vnd.schemaregistry.v1+json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body()).get("id").asInt();
    }

    private Schema schemaById(ApicurioRegistryProcess registry, int id) throws Exception {
        HttpResponse<String> response = get(registry, "/schemas/ids/" + id);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode json = JSON.readTree(response.body());
        return new Schema.Parser().parse(json.get("schema").asText());
    }

    private HttpResponse<String> get(ApicurioRegistryProcess registry, String path)
            throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(registry.url() + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
