package io.coreserve.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.Test;

class SettingsTest {

    private static final String BEGIN = "<!-- settings:begin (generated: bin/coreserve settings) -->\n";
    private static final String END = "<!-- settings:end -->";

    @Test
    void readmeCarriesTheGeneratedSettingsTable() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        int begin = readme.indexOf(BEGIN);
        int end = readme.indexOf(END);
        assertThat(begin).as("README.md has the settings markers").isNotNegative();
        assertThat(readme.substring(begin + BEGIN.length(), end))
                .as("README's settings table is out of date: paste the output of bin/coreserve settings")
                .isEqualTo(Settings.markdownTable());
    }

    @Test
    void defaultsComeFromTheDeclaration() {
        CoreserveConfig config = CoreserveConfig.of(Map.of());
        assertThat(config.get(Settings.ENGINE_ALGORITHM)).isEqualTo("improved");
        assertThat(config.getDuration(Settings.COUNTER_OFFER_TTL)).hasMinutes(15);
        assertThat(config.get(Settings.PROPERTIES)).isEqualTo("cores,cpu_ghz,memory_gb");
        assertThat(config.topics().requests()).isEqualTo("coreserve.requests");
    }

    @Test
    void shouldRefuseABadValueNamingTheKeyAndTheRule() {
        assertThatThrownBy(() -> CoreserveConfig.of(Map.of(Settings.TICK_INTERVAL, "every minute")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(Settings.TICK_INTERVAL)
                .hasMessageContaining("ISO-8601");
        assertThatThrownBy(() -> CoreserveConfig.of(Map.of(Settings.ENGINE_ALGORITHM, "fastest")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(Settings.ENGINE_ALGORITHM);
        assertThatThrownBy(() -> CoreserveConfig.of(Map.of(Settings.PARTITIONS, "0")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(Settings.PARTITIONS);
    }

    @Test
    void shouldReportUndeclaredCoreserveKeysAsLikelyTypos() {
        assertThat(Settings.validate(Map.of("coreserve.engine.algoritm", "paper", "commit.interval.ms", "20")))
                .containsExactly("coreserve.engine.algoritm");
    }
}
