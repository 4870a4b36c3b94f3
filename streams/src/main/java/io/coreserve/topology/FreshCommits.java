package io.coreserve.topology;

import io.coreserve.config.Settings;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.streams.processor.api.ProcessingContext;

/**
 * Commits early for fresh input, late for a backlog. Under exactly-once every commit is a transaction, and an output
 * is visible when its transaction commits: committing often keeps a decision's latency short, but each commit blocks
 * the stream thread for broker round trips (on the 2-core machine with the broker on it, about 2 ms: a fifth of the
 * thread at the former 10 ms interval). So {@code commit.interval.ms} is long (it bounds the wait while the pipeline
 * is behind, when one transaction then covers many inputs), and a processor asks for a commit right after the output
 * of an input younger than {@link Settings#COMMIT_FRESH_AGE} (its record timestamp against the wall clock: the
 * producer's clock, or the original request's for outputs that carry its time on): what a user waits for while the
 * pipeline keeps up. Kafka Streams honours the request after the batch of records it is processing.
 */
public final class FreshCommits {

    private final long freshAgeMillis;

    private FreshCommits(long freshAgeMillis) {
        this.freshAgeMillis = freshAgeMillis;
    }

    /** From the application's settings ({@code context.appConfigs()}); the declared default when absent. */
    public static FreshCommits of(Map<String, Object> appConfigs) {
        Object value = appConfigs.get(Settings.COMMIT_FRESH_AGE);
        String text = value != null ? value.toString()
                : (String) Settings.definition().configKeys().get(Settings.COMMIT_FRESH_AGE).defaultValue;
        return new FreshCommits(Duration.parse(text).toMillis());
    }

    /** Asks for a commit when an input of {@code recordTimestamp} that made output is fresh. */
    public void afterOutput(ProcessingContext context, long recordTimestamp) {
        if (isFresh(recordTimestamp, System.currentTimeMillis())) {
            context.commit();
        }
    }

    boolean isFresh(long recordTimestamp, long now) {
        return freshAgeMillis > 0 && now - recordTimestamp <= freshAgeMillis;
    }
}
