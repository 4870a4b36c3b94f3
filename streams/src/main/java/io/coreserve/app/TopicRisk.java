package io.coreserve.app;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.TopicConfig;

/**
 * A topic setting that can make the broker delete or refuse an event-time record of the pipeline for its
 * timestamp or its age rather than because it was processed (see {@code Topics#settings}).
 *
 * @param topic       the topic
 * @param setting     the topic-level setting at fault
 * @param value       its effective value (topic override or broker default)
 * @param risk        what it does to the pipeline's records, in words
 * @param recommended the value the pipeline creates its topics with
 */
public record TopicRisk(String topic, String setting, String value, String risk, String recommended) {

    static final String UNBOUNDED = Long.toString(Long.MAX_VALUE);

    /** The risks of a topic with these effective settings (missing settings are taken as the broker's defaults). */
    public static List<TopicRisk> of(String topic, Map<String, String> effective) {
        List<TopicRisk> risks = new ArrayList<>();
        String policy = effective.getOrDefault(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_DELETE);
        if (policy.contains(TopicConfig.CLEANUP_POLICY_DELETE)) {
            long retentionMs = parse(effective.get(TopicConfig.RETENTION_MS_CONFIG), 604_800_000L);
            if (retentionMs >= 0) {
                risks.add(new TopicRisk(topic, TopicConfig.RETENTION_MS_CONFIG, Long.toString(retentionMs),
                        "deletes records whose event time is more than " + human(retentionMs) + " old, processed or "
                                + "not: a replayed trace or an old backlog is lost",
                        "-1"));
            }
            long retentionBytes = parse(effective.get(TopicConfig.RETENTION_BYTES_CONFIG), -1L);
            if (retentionBytes >= 0) {
                risks.add(new TopicRisk(topic, TopicConfig.RETENTION_BYTES_CONFIG, Long.toString(retentionBytes),
                        "deletes the oldest records of a partition beyond " + retentionBytes + " bytes, processed or "
                                + "not: a backlog larger than that is lost",
                        "-1"));
            }
        }
        if ("LogAppendTime".equals(effective.get(TopicConfig.MESSAGE_TIMESTAMP_TYPE_CONFIG))) {
            risks.add(new TopicRisk(topic, TopicConfig.MESSAGE_TIMESTAMP_TYPE_CONFIG, "LogAppendTime",
                    "replaces each record's event time with the broker's clock: replays are decided at the wrong time",
                    "CreateTime"));
        }
        long before = parse(effective.get(TopicConfig.MESSAGE_TIMESTAMP_BEFORE_MAX_MS_CONFIG), Long.MAX_VALUE);
        if (before != Long.MAX_VALUE) {
            risks.add(new TopicRisk(topic, TopicConfig.MESSAGE_TIMESTAMP_BEFORE_MAX_MS_CONFIG, Long.toString(before),
                    "refuses records whose event time is more than " + human(before) + " before the broker's clock: "
                            + "an older trace cannot be replayed",
                    UNBOUNDED));
        }
        // Kafka 4 defaults this to one hour.
        long after = parse(effective.get(TopicConfig.MESSAGE_TIMESTAMP_AFTER_MAX_MS_CONFIG), 3_600_000L);
        if (after != Long.MAX_VALUE) {
            risks.add(new TopicRisk(topic, TopicConfig.MESSAGE_TIMESTAMP_AFTER_MAX_MS_CONFIG, Long.toString(after),
                    "refuses records whose event time is more than " + human(after) + " after the broker's clock: "
                            + "a trace replayed into the future (--start) is refused",
                    UNBOUNDED));
        }
        return risks;
    }

    /** The command an operator runs to set the recommended value. */
    public String fix(String bootstrapServers) {
        return "kafka-configs.sh --bootstrap-server " + bootstrapServers + " --alter --entity-type topics --entity-name "
                + topic + " --add-config " + setting + "=" + recommended;
    }

    /** One log or terminal line: topic, setting, value, what it risks. */
    public String describe() {
        return "topic " + topic + " has " + setting + "=" + value + ", which " + risk;
    }

    static long parse(String value, long fallback) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        return Long.parseLong(value.trim());
    }

    /** 604800000 -> "7 days", 3600000 -> "1 hour", 90000 -> "90 s". */
    static String human(long millis) {
        Duration d = Duration.ofMillis(millis);
        if (d.toDays() > 0 && d.toHoursPart() == 0 && d.toMinutesPart() == 0 && d.toSecondsPart() == 0) {
            return d.toDays() + (d.toDays() == 1 ? " day" : " days");
        }
        if (d.toHours() > 0 && d.toMinutesPart() == 0 && d.toSecondsPart() == 0) {
            return d.toHours() + (d.toHours() == 1 ? " hour" : " hours");
        }
        if (millis % 1000 == 0) {
            return d.toSeconds() + " s";
        }
        return millis + " ms";
    }
}
