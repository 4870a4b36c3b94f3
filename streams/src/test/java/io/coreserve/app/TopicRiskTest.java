package io.coreserve.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.Topics;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.Test;

class TopicRiskTest {

    @Test
    void shouldNameEverySettingOfABrokerDefaultTopicThatDeletesOrRefusesRecordsByAge() {
        Map<String, String> defaults = Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, "delete",
                TopicConfig.RETENTION_MS_CONFIG, "604800000", TopicConfig.RETENTION_BYTES_CONFIG, "-1",
                TopicConfig.MESSAGE_TIMESTAMP_AFTER_MAX_MS_CONFIG, "3600000");

        var risks = TopicRisk.of("coreserve.samples", defaults);

        assertThat(risks).extracting(TopicRisk::setting).containsExactly(TopicConfig.RETENTION_MS_CONFIG,
                TopicConfig.MESSAGE_TIMESTAMP_AFTER_MAX_MS_CONFIG);
        assertThat(risks.get(0).describe()).isEqualTo("topic coreserve.samples has retention.ms=604800000, which deletes "
                + "records whose event time is more than 7 days old, processed or not: a replayed trace or an old "
                + "backlog is lost");
        assertThat(risks.get(0).fix("localhost:9092")).isEqualTo("kafka-configs.sh --bootstrap-server localhost:9092 "
                + "--alter --entity-type topics --entity-name coreserve.samples --add-config retention.ms=-1");
        assertThat(risks.get(1).describe()).contains("more than 1 hour after the broker's clock");
    }

    @Test
    void shouldFindNoRiskInTheSettingsThePipelineCreatesItsTopicsWith() {
        Topics topics = io.coreserve.config.CoreserveConfig.of(Map.of()).topics();
        for (String topic : topics.all()) {
            Map<String, String> settings = new LinkedHashMap<>(topics.settings(topic));
            settings.put(TopicConfig.RETENTION_BYTES_CONFIG, "-1");

            assertThat(TopicRisk.of(topic, settings)).as(topic).isEmpty();
        }
        assertThat(topics.settings(topics.resources())).containsEntry(TopicConfig.CLEANUP_POLICY_CONFIG, "compact");
    }

    @Test
    void shouldWarnOfASizeBoundAndOfACompactedAndDeletedTopicsAgeLimit() {
        assertThat(TopicRisk.of("t", Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, "compact,delete",
                TopicConfig.RETENTION_MS_CONFIG, "-1", TopicConfig.RETENTION_BYTES_CONFIG, "1073741824",
                TopicConfig.MESSAGE_TIMESTAMP_AFTER_MAX_MS_CONFIG, Long.toString(Long.MAX_VALUE))))
                .extracting(TopicRisk::setting).containsExactly(TopicConfig.RETENTION_BYTES_CONFIG);
        assertThat(TopicRisk.of("t", Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, "compact",
                TopicConfig.RETENTION_MS_CONFIG, "1000", TopicConfig.RETENTION_BYTES_CONFIG, "1073741824",
                TopicConfig.MESSAGE_TIMESTAMP_AFTER_MAX_MS_CONFIG, Long.toString(Long.MAX_VALUE)))).isEmpty();
    }
}
