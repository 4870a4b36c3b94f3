package io.coreserve.replay;

import io.coreserve.app.TopicRisk;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.TopicConfig;

/**
 * Would the target topics keep this trace's records until the pipeline reads them? A record is deleted once its
 * timestamp is older than {@code retention.ms} (the broker compares event time, not arrival), refused if its
 * timestamp is further from the broker's clock than {@code message.timestamp.before/after.max.ms}, and loses its
 * event time under {@code LogAppendTime}. Each target topic's effective settings are held against the ages the
 * trace's first and last records will have when sent (paced replays send later records later), plus
 * {@link #PROCESSING_MARGIN} for the pipeline to reach them.
 */
public final class RetentionCheck {

    /** How long the pipeline may take to reach a record after it is sent, for the retention comparison. */
    public static final Duration PROCESSING_MARGIN = Duration.ofHours(1);

    /** A setting of a target topic that would lose this trace's records, and why. */
    public record Refusal(TopicRisk risk, String reason) {
    }

    private RetentionCheck() {
    }

    /** The refusals for a trace spanning {@code span}, sent from {@code nowMillis} on with {@code pacing}. */
    public static List<Refusal> check(Map<String, Map<String, String>> targets, TraceSpan span, long nowMillis,
            Pacing pacing) {
        List<Refusal> refusals = new ArrayList<>();
        if (span.events() == 0) {
            return refusals;
        }
        // Age when sent is linear in the event time, so its extremes are at the trace's ends.
        long ageFirst = span.sendMillis(span.oldest(), nowMillis, pacing) - span.oldest();
        long ageLast = span.sendMillis(span.newest(), nowMillis, pacing) - span.newest();
        long oldestAge = Math.max(ageFirst, ageLast);
        long furthestAhead = -Math.min(ageFirst, ageLast);
        targets.forEach((topic, settings) -> {
            for (TopicRisk risk : TopicRisk.of(topic, settings)) {
                String reason = reason(risk, oldestAge, furthestAhead);
                if (reason != null) {
                    refusals.add(new Refusal(risk, reason));
                }
            }
        });
        return refusals;
    }

    private static String reason(TopicRisk risk, long oldestAge, long furthestAhead) {
        long limit = risk.value().matches("-?\\d+") ? Long.parseLong(risk.value()) : 0;
        return switch (risk.setting()) {
            case TopicConfig.RETENTION_MS_CONFIG -> oldestAge + PROCESSING_MARGIN.toMillis() >= limit
                    ? risk.topic() + " deletes records older than " + days(limit) + " (retention.ms=" + limit
                            + ") and this trace's records are up to " + days(oldestAge) + " old: the broker would "
                            + "delete them before the pipeline reads them"
                    : null;
            case TopicConfig.MESSAGE_TIMESTAMP_BEFORE_MAX_MS_CONFIG -> oldestAge > limit
                    ? risk.topic() + " refuses records more than " + days(limit) + " old (" + risk.setting() + "="
                            + limit + ") and this trace's records are up to " + days(oldestAge) + " old"
                    : null;
            case TopicConfig.MESSAGE_TIMESTAMP_AFTER_MAX_MS_CONFIG -> furthestAhead > limit
                    ? risk.topic() + " refuses records more than " + days(limit) + " ahead of the broker's clock ("
                            + risk.setting() + "=" + limit + ") and this trace's records are up to "
                            + days(furthestAhead) + " ahead"
                    : null;
            case TopicConfig.MESSAGE_TIMESTAMP_TYPE_CONFIG -> risk.topic() + " stamps records with the broker's clock ("
                    + risk.setting() + "=LogAppendTime): the trace's event times would be lost";
            default -> null; // a size bound: the trace's size on disk is not known here
        };
    }

    /** An age in days with one decimal, or hours/minutes when short. */
    static String days(long millis) {
        double days = millis / 86_400_000.0;
        if (days >= 1) {
            return String.format("%,.1f days", days);
        }
        double hours = millis / 3_600_000.0;
        if (hours >= 1) {
            return String.format("%.1f hours", hours);
        }
        return String.format("%,d s", millis / 1000);
    }
}
