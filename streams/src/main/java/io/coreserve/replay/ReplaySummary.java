package io.coreserve.replay;

import io.coreserve.trace.events.TraceReport;
import java.time.Duration;
import java.util.Map;

/**
 * What a replay sent.
 *
 * @param sentByTopic  records acknowledged by the broker, per topic (in the order first sent)
 * @param trace        what the trace turned into: events per stream, fallbacks, skipped lines, notes
 * @param elapsed      wall time from the first send to the last acknowledgement
 * @param failure      the first send that failed, or null
 */
public record ReplaySummary(Map<String, Long> sentByTopic, TraceReport trace, Duration elapsed, Throwable failure) {

    public ReplaySummary {
        sentByTopic = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sentByTopic));
    }

    public long sent() {
        return sentByTopic.values().stream().mapToLong(Long::longValue).sum();
    }

    public double eventsPerSecond() {
        double seconds = elapsed.toNanos() / 1e9;
        return seconds > 0 ? sent() / seconds : 0;
    }

    public boolean succeeded() {
        return failure == null;
    }
}
