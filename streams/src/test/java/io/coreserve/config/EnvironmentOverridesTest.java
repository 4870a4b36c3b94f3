package io.coreserve.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class EnvironmentOverridesTest {

    @Test
    void shouldMapKafkaVariablesToKafkaKeysAndKeepCoreservePrefix() {
        Properties base = new Properties();
        base.setProperty("bootstrap.servers", "from-file:9092");

        Properties result = EnvironmentOverrides.apply(base, Map.of(
                "KAFKA_BOOTSTRAP_SERVERS", "from-env:9092",
                "KAFKA_SCHEMA_REGISTRY_URL", "http://registry:8081",
                "CORESERVE_DEFAULT_DOMAIN", "site-a",
                "CORESERVE_TOPIC_DEAD__LETTER", "dlq",
                "KAFKA_SASL_JAAS___CONFIG", "x",
                "PATH", "/usr/bin"));

        assertThat(result.getProperty("bootstrap.servers")).isEqualTo("from-env:9092");
        assertThat(result.getProperty("schema.registry.url")).isEqualTo("http://registry:8081");
        assertThat(result.getProperty("coreserve.default.domain")).isEqualTo("site-a");
        assertThat(result.getProperty("coreserve.topic.dead-letter")).isEqualTo("dlq");
        assertThat(result.getProperty("sasl.jaas_config")).isEqualTo("x");
        assertThat(result.stringPropertyNames()).doesNotContain("path");
    }

    @Test
    void shouldLayerDefaultsFileEnvironmentAndFlagsInThatOrder() throws Exception {
        java.nio.file.Path file = java.nio.file.Files.createTempFile("coreserve", ".properties");
        java.nio.file.Files.writeString(file, "bootstrap.servers=file:1\ncoreserve.default.domain=file-domain\n"
                + "schema.registry.url=http://file\n");

        CoreserveConfig config = CoreserveConfig.load(file, Map.of("CORESERVE_DEFAULT_DOMAIN", "env-domain"),
                Map.of("schema.registry.url", "http://flag"));

        assertThat(config.bootstrapServers()).isEqualTo("file:1");
        assertThat(config.require(CoreserveConfig.DEFAULT_DOMAIN)).isEqualTo("env-domain");
        assertThat(config.registryUrl()).isEqualTo("http://flag");
        assertThat(config.get("processing.guarantee")).isEqualTo("exactly_once_v2");
    }

    @Test
    void aCommandsOwnDefaultGivesWayToTheFileAndTheEnvironment() throws Exception {
        java.nio.file.Path file = java.nio.file.Files.createTempFile("coreserve", ".properties");
        java.nio.file.Files.writeString(file, "coreserve.http.warmup-probes=0\n");
        Map<String, String> dev = Map.of(Settings.HTTP_WARMUP_PROBES, "3000", Settings.HTTP_PORT, "8081");
        Map<String, String> flags = Map.of("bootstrap.servers", "x:1", "schema.registry.url", "mock://x");

        assertThat(CoreserveConfig.load(null, Map.of(), dev, flags).getInt(Settings.HTTP_WARMUP_PROBES))
                .isEqualTo(3000);
        CoreserveConfig withFile = CoreserveConfig.load(file, Map.of(), dev, flags);
        assertThat(withFile.getInt(Settings.HTTP_WARMUP_PROBES)).isZero();
        assertThat(withFile.getInt(Settings.HTTP_PORT)).isEqualTo(8081);
        assertThat(CoreserveConfig.load(null, Map.of("CORESERVE_HTTP_WARMUP__PROBES", "7"), dev, flags)
                .getInt(Settings.HTTP_WARMUP_PROBES)).isEqualTo(7);
    }

    @Test
    void shouldTakeTheDeadLetterTopicForStreamsFromTheTopicNames() {
        CoreserveConfig config = CoreserveConfig.of(Map.of(Topics.DEAD_LETTER, "my-dlq"));

        assertThat(config.streamsProperties().getProperty("errors.dead.letter.queue.topic.name")).isEqualTo("my-dlq");
    }
}
