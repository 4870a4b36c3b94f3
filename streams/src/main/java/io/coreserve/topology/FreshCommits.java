package io.coreserve.topology;

import io.coreserve.config.Settings;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.streams.processor.Cancellable;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.processor.api.ProcessorContext;

/**
 * Commits often while inputs are fresh, seldom while working through a backlog. Under exactly-once every commit is a
 * transaction, and an output is visible when its transaction commits. A processor tells this class after each
 * input's output; an input younger than {@link Settings#COMMIT_FRESH_AGE} (the wall clock less its record timestamp:
 * the producer's clock, or the original request's for outputs that carry its time on) leaves a commit owed, which a
 * wall-clock punctuation {@link Settings#COMMIT_FRESH_INTERVAL} later asks Kafka Streams for. Older inputs wait for
 * {@code commit.interval.ms}, which is long (100 ms).
 *
 * <p>Why: at a steady rate every input is fresh and its output is committed within the fresh interval (10 ms), as a
 * 10 ms {@code commit.interval.ms} did, which keeps p99 under 50 ms at 100 requests/s. But with a backlog on full books
 * a transaction every 10 ms kept the stream thread waiting on the broker about a fifth of its time; a 100 ms interval
 * decided 12-15 % more (README, Benchmarks). The owed commit is paid by the punctuation, not at once, so that
 * inputs arriving together share one transaction. Commits close together need the producer's short retry backoff
 * ({@code CoreserveConfig}: the broker answers CONCURRENT_TRANSACTIONS until the previous transaction's markers are
 * written). A pipeline offered more than it can take at the fresh interval's commits settles with inputs about as
 * old as the fresh age, where it commits less often and catches up.
 */
public final class FreshCommits {

    private final long freshAgeMillis;
    private final Duration interval;
    /** The punctuation that will ask for the owed commit; null when none is owed. */
    private Cancellable owed;

    private FreshCommits(long freshAgeMillis, Duration interval) {
        this.freshAgeMillis = freshAgeMillis;
        this.interval = interval;
    }

    /** From the application's settings ({@code context.appConfigs()}); the declared defaults when absent. */
    public static FreshCommits of(Map<String, Object> appConfigs) {
        return new FreshCommits(saturatedMillis(read(appConfigs, Settings.COMMIT_FRESH_AGE)),
                read(appConfigs, Settings.COMMIT_FRESH_INTERVAL));
    }

    /** As the setting's validator reads it (trimmed ISO-8601), or its declared default. */
    private static Duration read(Map<String, Object> appConfigs, String key) {
        Object value = appConfigs.get(key);
        String text = value != null ? value.toString()
                : (String) Settings.definition().configKeys().get(key).defaultValue;
        return Duration.parse(text.trim());
    }

    private static long saturatedMillis(Duration duration) {
        return duration.compareTo(Duration.ofMillis(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : duration.toMillis();
    }

    /**
     * An input of {@code recordTimestamp} made output in {@code context}'s task: when it was fresh and no commit is
     * owed yet, one is, and a wall-clock punctuation {@link Settings#COMMIT_FRESH_INTERVAL} from now asks for it. The
     * punctuation is there only while a commit is owed: Kafka Streams marks a task that punctuated as needing a
     * commit, so one that stayed scheduled would make every task commit at every interval, with or without input
     * (measured: p99 211 ms against 41 ms at 100 requests/s).
     */
    public void afterOutput(ProcessorContext<?, ?> context, long recordTimestamp) {
        if (owed == null && isFresh(recordTimestamp, System.currentTimeMillis())) {
            owed = context.schedule(interval, PunctuationType.WALL_CLOCK_TIME, now -> payOwed(context));
        }
    }

    /** Asks for the owed commit (Kafka Streams commits after the records and punctuations in hand). */
    void payOwed(ProcessingContext context) {
        if (owed != null) {
            owed.cancel();
            owed = null;
            context.commit();
        }
    }

    boolean isFresh(long recordTimestamp, long now) {
        return freshAgeMillis > 0 && now - recordTimestamp <= freshAgeMillis;
    }
}
