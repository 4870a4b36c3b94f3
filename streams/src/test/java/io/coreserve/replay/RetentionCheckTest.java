package io.coreserve.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.Topics;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.Test;

class RetentionCheckTest {

    static final long NOW = 1_795_000_000_000L;
    static final long DAY = Duration.ofDays(1).toMillis();

    /** What a topic created without settings gets from a Kafka 4 broker's defaults. */
    static Map<String, String> brokerDefaults() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(TopicConfig.CLEANUP_POLICY_CONFIG, "delete");
        s.put(TopicConfig.RETENTION_MS_CONFIG, "604800000");
        s.put(TopicConfig.RETENTION_BYTES_CONFIG, "-1");
        s.put(TopicConfig.MESSAGE_TIMESTAMP_TYPE_CONFIG, "CreateTime");
        s.put(TopicConfig.MESSAGE_TIMESTAMP_BEFORE_MAX_MS_CONFIG, Long.toString(Long.MAX_VALUE));
        s.put(TopicConfig.MESSAGE_TIMESTAMP_AFTER_MAX_MS_CONFIG, "3600000");
        return s;
    }

    static Map<String, String> with(String key, String value) {
        Map<String, String> s = brokerDefaults();
        s.put(key, value);
        return s;
    }

    static List<RetentionCheck.Refusal> check(Map<String, String> settings, long oldest, long newest, Pacing pacing) {
        return RetentionCheck.check(Map.of("t", settings), new TraceSpan(oldest, newest, 100), NOW, pacing);
    }

    @Test
    void shouldRefuseATraceOlderThanTheTopicsRetention() {
        List<RetentionCheck.Refusal> refusals = check(brokerDefaults(), NOW - 30 * DAY, NOW - 29 * DAY,
                Pacing.asFastAsPossible());

        assertThat(refusals).singleElement().satisfies(r -> {
            assertThat(r.risk().setting()).isEqualTo(TopicConfig.RETENTION_MS_CONFIG);
            assertThat(r.risk().recommended()).isEqualTo("-1");
            assertThat(r.reason()).isEqualTo("t deletes records older than 7.0 days (retention.ms=604800000) and this "
                    + "trace's records are up to 30.0 days old: the broker would delete them before the pipeline reads them");
        });
    }

    @Test
    void shouldRefuseATraceThatWouldComeDueWithinTheProcessingMargin() {
        long justInside = NOW - 7 * DAY + RetentionCheck.PROCESSING_MARGIN.toMillis() / 2;

        assertThat(check(brokerDefaults(), justInside, justInside + 1000, Pacing.asFastAsPossible())).hasSize(1);
        assertThat(check(brokerDefaults(), NOW - 3 * DAY, NOW - 2 * DAY, Pacing.asFastAsPossible())).isEmpty();
    }

    @Test
    void shouldAcceptAnyAgeOnTopicsWithThePipelinesSettings() {
        Map<String, String> kept = brokerDefaults();
        kept.putAll(Topics.EVENT_TIME_SETTINGS);
        Map<String, String> compacted = with(TopicConfig.CLEANUP_POLICY_CONFIG, "compact");
        compacted.put(TopicConfig.MESSAGE_TIMESTAMP_AFTER_MAX_MS_CONFIG, Long.toString(Long.MAX_VALUE));

        assertThat(check(kept, 0, NOW + 365 * DAY, Pacing.asFastAsPossible())).isEmpty();
        assertThat(check(compacted, NOW - 5000 * DAY, NOW - 4999 * DAY, Pacing.asFastAsPossible())).isEmpty();
    }

    @Test
    void shouldRefuseRecordsFurtherAheadOfTheBrokersClockThanItAccepts() {
        // Kafka 4 refuses timestamps more than an hour ahead by default.
        assertThat(check(brokerDefaults(), NOW, NOW + 2 * DAY, Pacing.asFastAsPossible()))
                .singleElement().satisfies(r -> assertThat(r.reason())
                        .contains("refuses records more than 1.0 hours ahead").contains("up to 2.0 days ahead"));
        assertThat(check(brokerDefaults(), NOW - DAY, NOW + Duration.ofMinutes(30).toMillis(), Pacing.asFastAsPossible()))
                .isEmpty();
    }

    @Test
    void shouldJudgeAPacedReplayByWhenEachEndIsSent() {
        // Paced in real time, a trace starting now is never ahead of the clock when sent; as fast as possible it is.
        assertThat(check(brokerDefaults(), NOW, NOW + 2 * DAY, Pacing.speed(1))).isEmpty();
        // Paced at half speed, its end is sent two days after it happened: still within the week.
        assertThat(check(brokerDefaults(), NOW - DAY, NOW, Pacing.speed(0.5))).isEmpty();
        // ... and at a tenth of its speed ten days after: the broker would delete it.
        assertThat(check(brokerDefaults(), NOW - DAY, NOW, Pacing.speed(0.1))).extracting(r -> r.risk().setting())
                .containsExactly(TopicConfig.RETENTION_MS_CONFIG);
    }

    @Test
    void shouldRefuseOldRecordsTheBrokerWouldNotTakeAndTopicsThatReplaceEventTime() {
        assertThat(check(with(TopicConfig.MESSAGE_TIMESTAMP_BEFORE_MAX_MS_CONFIG, Long.toString(DAY)), NOW - 2 * DAY,
                NOW - DAY, Pacing.asFastAsPossible())).extracting(r -> r.risk().setting())
                .containsExactly(TopicConfig.MESSAGE_TIMESTAMP_BEFORE_MAX_MS_CONFIG);
        assertThat(check(with(TopicConfig.MESSAGE_TIMESTAMP_TYPE_CONFIG, "LogAppendTime"), NOW, NOW,
                Pacing.asFastAsPossible())).singleElement()
                .satisfies(r -> assertThat(r.reason()).contains("the trace's event times would be lost"));
    }
}
