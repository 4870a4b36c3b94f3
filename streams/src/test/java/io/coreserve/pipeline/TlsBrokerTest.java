package io.coreserve.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.coreserve.app.CoreserveApp;
import io.coreserve.app.EventProducer;
import io.coreserve.bench.TopicSnapshot;
import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import io.coreserve.app.TopicAdmin;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.local.ApicurioRegistryProcess;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.testing.EmbeddedKafka;
import io.coreserve.topology.EventSerdes;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 9 (running on a secured cluster): against a broker that speaks only TLS, the TLS settings given as for any
 * Kafka client pass through to the app (its streams, admin and health check) and to the tools, and a request is
 * decided end to end; a client without them cannot even list the topics. The broker's certificate is made here
 * with the JDK's keytool, for CN=localhost with 127.0.0.1 as a subject alternative name.
 */
@Tag("integration")
class TlsBrokerTest {

    private static final String PASSWORD = "coreserve-tls-test";

    @TempDir
    static Path temp;

    private static EmbeddedKafka kafka;
    private static ApicurioRegistryProcess registry;
    private static Path truststore;

    @BeforeAll
    static void start() throws Exception {
        Path keystore = temp.resolve("broker.p12");
        truststore = temp.resolve("truststore.p12");
        Path certificate = temp.resolve("broker.crt");
        keytool("-genkeypair", "-alias", "broker", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-storetype", "PKCS12",
                "-keystore", keystore.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD);
        keytool("-exportcert", "-alias", "broker", "-keystore", keystore.toString(), "-storepass", PASSWORD,
                "-file", certificate.toString());
        keytool("-importcert", "-noprompt", "-alias", "broker", "-file", certificate.toString(), "-storetype",
                "PKCS12", "-keystore", truststore.toString(), "-storepass", PASSWORD);
        // The test kit names its client listener EXTERNAL and sets only what is not set already: here EXTERNAL
        // speaks TLS, for clients and for the broker's own connections to itself.
        kafka = EmbeddedKafka.start(Map.ofEntries(
                Map.entry("listener.security.protocol.map", "EXTERNAL:SSL,CONTROLLER:PLAINTEXT"),
                Map.entry("ssl.keystore.location", keystore.toString()), Map.entry("ssl.keystore.password", PASSWORD),
                Map.entry("ssl.key.password", PASSWORD), Map.entry("ssl.keystore.type", "PKCS12"),
                Map.entry("ssl.truststore.location", truststore.toString()),
                Map.entry("ssl.truststore.password", PASSWORD), Map.entry("ssl.truststore.type", "PKCS12")));
        registry = ApicurioRegistryProcess.start(temp);
    }

    @AfterAll
    static void stop() throws Exception {
        if (registry != null) {
            registry.close();
        }
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void shouldDecideARequestOnABrokerThatSpeaksOnlyTls() throws Exception {
        assertThat(kafka.bootstrapServers()).doesNotContain("PLAINTEXT");
        CoreserveConfig config = CoreserveConfig.of(Map.of(
                StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                "security.protocol", "SSL",
                "ssl.truststore.location", truststore.toString(),
                "ssl.truststore.password", PASSWORD,
                "ssl.truststore.type", "PKCS12",
                CoreserveConfig.SCHEMA_REGISTRY_URL, registry.url(),
                StreamsConfig.STATE_DIR_CONFIG, temp.resolve("streams").toString(),
                CoreserveConfig.PARTITIONS, "1",
                Settings.OFFERS_ENABLED, "false"));
        TopicAdmin.ensureTopics(config, 1, (short) 1);
        EventProducer.sendResources(config, DemoCatalogue.generate(20, "default", 3L, Instant.now()));
        try (CoreserveApp app = CoreserveApp.start(config, ReservationPipeline.forConfig(config),
                Duration.ofMinutes(2))) {
            CoAllocationRequest request = CoAllocationRequest.newBuilder().setRequestId("over-tls").setUser("alice")
                    .setDurationMillis(3_600_000L).setResourceCount(2).setSubmittedAt(Instant.now()).build();
            EventProducer.sendCommand(config, "default", ReservationCommand.newBuilder().setCommand(request).build());

            var decisions = new EventSerdes(config).decisions().deserializer();
            await().atMost(Duration.ofSeconds(60)).until(() -> TopicSnapshot.values(config,
                    config.topics().decisions(), decisions, Duration.ofSeconds(20)).stream()
                    .anyMatch(d -> d.getRequestId().equals("over-tls")));
            ReservationDecision decided = TopicSnapshot.values(config, config.topics().decisions(), decisions,
                    Duration.ofSeconds(20)).stream().filter(d -> d.getRequestId().equals("over-tls")).findFirst()
                    .orElseThrow();
            assertThat(decided.getStatus().name()).isEqualTo("ACCEPTED");
            assertThat(decided.getAllocations()).hasSize(2);
            HttpResponse<String> health = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(app.http().url() + "/health")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(health.statusCode()).as(health.body()).isEqualTo(200);
            assertThat(health.body()).contains("\"status\" : \"UP\"");
        }
    }

    @Test
    void shouldRefuseAClientWithoutTheTlsSettings() {
        Properties plain = new Properties();
        plain.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        plain.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "3000");
        plain.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "3000");
        try (Admin admin = Admin.create(plain)) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> admin.listTopics().names()
                    .get(10, TimeUnit.SECONDS)).isInstanceOf(Exception.class);
        }
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        Path bin = Path.of(System.getProperty("java.home"), "bin", "keytool");
        List<String> command = new java.util.ArrayList<>(List.of(bin.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor()).as(String.join(" ", command) + ": " + output).isZero();
    }
}
