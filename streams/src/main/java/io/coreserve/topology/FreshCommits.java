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
 * wall-clock punctuation {@link Settings#COMMIT_FRESH_INTERVAL} later asks Kafka Streams for. A late input (up to
 * ten times the fresh age) leaves one owed within five fresh intervals; older inputs (a backlog) wait for
 * {@code commit.interval.ms}, which is long (300 ms). All of that only while the stream thread has time to spare
 * ({@link ThreadLoad}): on a saturated thread a fresh or late input's commit is owed when its task runs out of input
 * (group commit), else paid at {@code commit.interval.ms}.
 *
 * <p>Why: at a steady rate every input is fresh and its output is committed within the fresh interval (10 ms), as a
 * 10 ms {@code commit.interval.ms} did, which keeps p99 under 50 ms at 100 requests/s. But with a backlog on full books
 * a transaction every 10 ms kept the stream thread waiting on the broker about a fifth of its time; a 100 ms interval
 * decided 12-15 % more, and 300 ms another 38 % on full books (README, Benchmarks). The owed commit is paid by the
 * punctuation, not at once, so that inputs arriving together share one transaction. Commits close together need the
 * producer's short retry backoff ({@code CoreserveConfig}: the broker answers CONCURRENT_TRANSACTIONS until the
 * previous transaction's markers are written). A pipeline offered more than it can take at the fresh interval's
 * commits settles with inputs about as old as the fresh age, where it commits less often and catches up.
 */
public final class FreshCommits {

    /**
     * An input older than the fresh age but not {@value #LATE_AGE_FACTOR} times it is late: it waited in a short
     * queue (a pause of the JVM, a burst), not in a backlog. Its output owes a commit too, paid within
     * {@value #LATE_INTERVAL_FACTOR} fresh intervals (2 s and 50 ms by default): left to {@code commit.interval.ms}
     * (300 ms), the first run after start had p99 62 to 113 ms at 100 requests/s, against 53 with a 100 ms interval.
     */
    static final int LATE_AGE_FACTOR = 10;
    static final int LATE_INTERVAL_FACTOR = 5;
    /**
     * Early commits are owed by the clock only while the stream thread's smoothed CPU share is below this; at or above
     * it, at idle. Near capacity (1,000 requests/s on full books) inputs were fresh or late for minutes, and
     * transactions every 10 to 50 ms kept the thread waiting 10 to 17 % of its time: the backlog grew until the
     * long interval let it drain, again and again. At idle or the long interval that wait was 2 to 3 % and the backlog
     * stayed under 2 s of input once caught up (README, Benchmarks). At 100 requests/s the thread is 20 to 30 % busy,
     * below this, and the tiers keep the first run's p99.
     */
    static final double SATURATED_SHARE = 0.5;

    private final long freshAgeMillis;
    private final Duration interval;
    private final Duration lateInterval;
    /** How old a late input may be (saturated; 0 when the fresh age is 0: nothing is owed then). */
    private final long lateAgeMillis;
    private final ThreadLoad load;
    /** The punctuation that will ask for the owed commit; null when none is owed. */
    private Cancellable owed;
    /** When the owed commit's punctuation is due (wall clock, ms; {@code Long.MAX_VALUE} when owed at idle). */
    private long owedDue;
    /**
     * Inputs and outputs seen so far on each stream thread, by all its tasks: a thread's tasks share one transaction, so
     * an idle check asks whether the thread, not only this task, found nothing to process (see {@link #oweAtIdle}).
     */
    private static final ThreadLocal<long[]> THREAD_WORK = ThreadLocal.withInitial(() -> new long[1]);
    /** The thread's count at this task's last idle check. */
    private long workAtCheck;

    private FreshCommits(long freshAgeMillis, Duration interval, ThreadLoad load) {
        this.freshAgeMillis = freshAgeMillis;
        this.load = load;
        this.interval = interval;
        // Saturated: the validator takes any positive duration, and multiplying a huge one would fail the task's start.
        this.lateInterval = Duration.ofMillis(saturatedProduct(saturatedMillis(interval), LATE_INTERVAL_FACTOR));
        this.lateAgeMillis = saturatedProduct(freshAgeMillis, LATE_AGE_FACTOR);
    }

    /** From the application's settings ({@code context.appConfigs()}); the declared defaults when absent. */
    public static FreshCommits of(Map<String, Object> appConfigs) {
        return of(appConfigs, ThreadLoad.ofCurrentThread());
    }

    static FreshCommits of(Map<String, Object> appConfigs, ThreadLoad load) {
        return new FreshCommits(saturatedMillis(read(appConfigs, Settings.COMMIT_FRESH_AGE)),
                read(appConfigs, Settings.COMMIT_FRESH_INTERVAL), load);
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
     * An input is being processed, with or without output (a monitoring sample seldom has one): the thread is busy.
     */
    public void beforeInput() {
        THREAD_WORK.get()[0]++;
    }

    /**
     * An input of {@code recordTimestamp} made output in {@code context}'s task: when it was fresh and no commit is
     * owed yet, one is, and a wall-clock punctuation {@link Settings#COMMIT_FRESH_INTERVAL} from now asks for it (on a
     * thread with time to spare; on a saturated one, see {@link #oweAtIdle}). The
     * punctuation is there only while a commit is owed: Kafka Streams marks a task that punctuated as needing a
     * commit, so one that stayed scheduled would make every task commit at every interval, with or without input
     * (measured: p99 211 ms against 41 ms at 100 requests/s).
     */
    public void afterOutput(ProcessorContext<?, ?> context, long recordTimestamp) {
        long now = System.currentTimeMillis();
        THREAD_WORK.get()[0]++;
        boolean saturated = load.share() >= SATURATED_SHARE;  // read at every output: an even sample of the thread
        boolean fresh = isFresh(recordTimestamp, now);
        if (!fresh && !isLate(recordTimestamp, now)) {
            return;                                          // a backlog's input
        }
        if (saturated) {
            oweAtIdle(context);
        } else {
            oweWithin(context, fresh ? interval : lateInterval, now);
        }
    }

    private void oweWithin(ProcessorContext<?, ?> context, Duration within, long now) {
        long due = saturatedSum(now, saturatedMillis(within));
        if (owed != null) {
            if (owedDue <= due) {
                return;                                      // already owed as soon
            }
            owed.cancel();                                   // a fresh input after a late one: sooner
        }
        owed = context.schedule(within, PunctuationType.WALL_CLOCK_TIME, t -> payOwed(context));
        owedDue = due;
    }

    /**
     * A fresh or late input on a saturated thread: its commit is owed when the task runs out of input (group commit),
     * checked every fresh interval: no input or output of any of the thread's tasks between two checks means the thread
     * found nothing to process in between
     * (Kafka Streams punctuates also in the loop's pass that found no record, then polls for at most {@code poll.ms},
     * 10 ms). A load that pauses (a burst, a client that waits for its decisions before sending more) is committed when
     * the pause begins; a steady load near capacity seldom leaves the task without input and is committed at
     * {@code commit.interval.ms}, after which the check goes on until the next idle pass pays once more.
     */
    private void oweAtIdle(ProcessorContext<?, ?> context) {
        if (owed != null) {
            return;                                          // owed as soon, or at idle already
        }
        workAtCheck = THREAD_WORK.get()[0];
        owed = context.schedule(interval, PunctuationType.WALL_CLOCK_TIME, t -> {
            long work = THREAD_WORK.get()[0];
            if (work != workAtCheck) {
                workAtCheck = work;                          // still busy
            } else {
                payOwed(context);
            }
        });
        owedDue = Long.MAX_VALUE;
    }

    private static long saturatedProduct(long millis, int factor) {
        return millis > Long.MAX_VALUE / factor ? Long.MAX_VALUE : millis * factor;
    }

    private static long saturatedSum(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
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

    /** Older than fresh, but not as old as a backlog's inputs (see {@link #LATE_AGE_FACTOR}). */
    boolean isLate(long recordTimestamp, long now) {
        return freshAgeMillis > 0 && now - recordTimestamp <= lateAgeMillis;
    }
}
