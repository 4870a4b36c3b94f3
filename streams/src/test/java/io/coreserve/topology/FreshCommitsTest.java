package io.coreserve.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.Settings;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.junit.jupiter.api.Test;

/**
 * What a processor asks of Kafka Streams after an input's output: a commit soon for a fresh or late input while the
 * thread has time to spare, at idle on a saturated one.
 */
class FreshCommitsTest {

    @Test
    void shouldOweACommitAfterAFreshInputAndPayItOneIntervalLater() {
        MockProcessorContext<String, String> context = contextWith("PT0.2S");
        FreshCommits commits = FreshCommits.of(context.appConfigs());

        commits.afterOutput(context, System.currentTimeMillis());
        commits.afterOutput(context, System.currentTimeMillis());
        assertThat(context.scheduledPunctuators()).as("one punctuation per owed commit").hasSize(1);
        MockProcessorContext.CapturedPunctuator punctuator = context.scheduledPunctuators().get(0);
        assertThat(context.committed()).as("not at once: the punctuation pays it").isFalse();
        punctuator.getPunctuator().punctuate(System.currentTimeMillis());

        assertThat(punctuator.getType()).isEqualTo(PunctuationType.WALL_CLOCK_TIME);
        assertThat(punctuator.getInterval()).as("the declared default").isEqualTo(Duration.ofMillis(10));
        assertThat(context.committed()).as("a request just sent").isTrue();
        assertThat(punctuator.cancelled()).as("no punctuation while nothing is owed").isTrue();

        commits.afterOutput(context, System.currentTimeMillis());
        assertThat(context.scheduledPunctuators()).as("owed again").hasSize(2);
    }

    @Test
    void shouldLeaveABacklogsOutputToTheCommitInterval() {
        MockProcessorContext<String, String> context = contextWith("PT0.2S");
        FreshCommits commits = FreshCommits.of(context.appConfigs());

        commits.afterOutput(context, System.currentTimeMillis() - 5_000);

        assertThat(context.scheduledPunctuators()).as("a request that waited in a backlog: left to commit.interval.ms")
                .isEmpty();
        assertThat(context.committed()).isFalse();
    }

    @Test
    void shouldOweACommitSoonAfterALateInputAndSoonerAfterAFreshOne() {
        MockProcessorContext<String, String> context = contextWith("PT0.2S");
        FreshCommits commits = FreshCommits.of(context.appConfigs());

        commits.afterOutput(context, System.currentTimeMillis() - 1_000);
        assertThat(context.scheduledPunctuators()).as("a request that waited a second: late, not a backlog").hasSize(1);
        MockProcessorContext.CapturedPunctuator late = context.scheduledPunctuators().get(0);
        assertThat(late.getInterval()).as("five fresh intervals").isEqualTo(Duration.ofMillis(50));

        commits.afterOutput(context, System.currentTimeMillis() - 1_000);
        assertThat(context.scheduledPunctuators()).as("already owed as soon").hasSize(1);
        commits.afterOutput(context, System.currentTimeMillis());
        assertThat(context.scheduledPunctuators()).as("a fresh input brings the commit forward").hasSize(2);
        assertThat(late.cancelled()).isTrue();
        assertThat(context.scheduledPunctuators().get(1).getInterval()).isEqualTo(Duration.ofMillis(10));
        commits.afterOutput(context, System.currentTimeMillis() - 1_000);
        assertThat(context.scheduledPunctuators()).as("a late input does not put it back").hasSize(2);

        assertThat(commits.isLate(1_000_000, 1_002_000)).as("ten fresh ages").isTrue();
        assertThat(commits.isLate(1_000_000, 1_002_001)).as("a backlog").isFalse();
    }

    @Test
    void shouldLeaveALateInputOnASaturatedThreadToTheTasksIdleCheck() {
        MockProcessorContext<String, String> context = contextWith("PT0.2S");
        FreshCommits commits = FreshCommits.of(context.appConfigs(), loadOf(0.9));

        commits.afterOutput(context, System.currentTimeMillis() - 1_000);
        assertThat(context.scheduledPunctuators()).as("an idle check, not the late 50 ms").hasSize(1);
        MockProcessorContext.CapturedPunctuator check = context.scheduledPunctuators().get(0);
        assertThat(check.getInterval()).as("checked every fresh interval").isEqualTo(Duration.ofMillis(10));
        check.getPunctuator().punctuate(System.currentTimeMillis());
        assertThat(context.committed()).as("no output in the fresh interval since: the task ran out of input")
                .isTrue();
        assertThat(check.cancelled()).isTrue();

        commits.afterOutput(context, System.currentTimeMillis() - 1_000);
        context.resetCommit();
        MockProcessorContext.CapturedPunctuator second = context.scheduledPunctuators().get(1);
        commits.afterOutput(context, System.currentTimeMillis() - 1_000);
        assertThat(context.scheduledPunctuators()).as("owed at idle already").hasSize(2);
        second.getPunctuator().punctuate(System.currentTimeMillis());
        assertThat(context.committed()).as("an output since the check was scheduled: the task is still busy").isFalse();
        second.getPunctuator().punctuate(System.currentTimeMillis());
        assertThat(context.committed()).as("nothing processed between two checks: idle").isTrue();
        assertThat(second.cancelled()).isTrue();
    }

    @Test
    void shouldLeaveAFreshInputOnASaturatedThreadToTheIdleCheckToo() {
        MockProcessorContext<String, String> context = contextWith("PT0.2S");
        FreshCommits commits = FreshCommits.of(context.appConfigs(), loadOf(0.9));

        commits.afterOutput(context, System.currentTimeMillis() - 1_000);
        commits.afterOutput(context, System.currentTimeMillis());
        assertThat(context.scheduledPunctuators()).as("owed at idle already: not brought forward").hasSize(1);
        MockProcessorContext.CapturedPunctuator check = context.scheduledPunctuators().get(0);
        check.getPunctuator().punctuate(System.currentTimeMillis());
        assertThat(context.committed()).as("a fresh input's output since: the task is busy, no commit").isFalse();

        commits.afterOutput(context, System.currentTimeMillis() - 5_000);
        check.getPunctuator().punctuate(System.currentTimeMillis());
        assertThat(context.committed()).as("a backlog's input is output too: still busy").isFalse();
        check.getPunctuator().punctuate(System.currentTimeMillis());
        assertThat(context.committed()).isTrue();
    }

    @Test
    void shouldCountTheWholeThreadsWorkAsBusyInAnIdleCheck() {
        MockProcessorContext<String, String> context = contextWith("PT0.2S");
        MockProcessorContext<String, String> otherTask = contextWith("PT0.2S");
        FreshCommits commits = FreshCommits.of(context.appConfigs(), loadOf(0.9));
        FreshCommits otherTasks = FreshCommits.of(otherTask.appConfigs(), loadOf(0.9));

        commits.afterOutput(context, System.currentTimeMillis());
        MockProcessorContext.CapturedPunctuator check = context.scheduledPunctuators().get(0);
        otherTasks.afterOutput(otherTask, System.currentTimeMillis() - 5_000);
        check.getPunctuator().punctuate(System.currentTimeMillis());
        assertThat(context.committed()).as("another task of the thread made output: the thread is busy").isFalse();
        otherTasks.beforeInput();
        check.getPunctuator().punctuate(System.currentTimeMillis());
        assertThat(context.committed()).as("an input without output (a sample) counts as work too").isFalse();

        CompletableFuture.runAsync(() -> otherTasks.afterOutput(otherTask, System.currentTimeMillis())).join();
        check.getPunctuator().punctuate(System.currentTimeMillis());
        assertThat(context.committed()).as("another thread's work is its own transaction's").isTrue();
    }

    @Test
    void shouldKeepTheLateTierWhileTheThreadHasTimeToSpare() {
        MockProcessorContext<String, String> context = contextWith("PT0.2S");
        FreshCommits commits = FreshCommits.of(context.appConfigs(), loadOf(0.3));

        commits.afterOutput(context, System.currentTimeMillis() - 1_000);

        assertThat(context.scheduledPunctuators().get(0).getInterval()).isEqualTo(Duration.ofMillis(50));
        assertThat(FreshCommits.SATURATED_SHARE).isBetween(0.3, 0.9);
    }

    /** A thread that has been busy {@code share} of a minute, its clocks then stopped. */
    private static ThreadLoad loadOf(double share) {
        long[] cpu = {0};
        long[] wall = {0};
        ThreadLoad load = new ThreadLoad(() -> cpu[0], () -> wall[0]);
        load.share();
        wall[0] = 60_000_000_000L;
        cpu[0] = (long) (share * wall[0]);
        assertThat(load.share()).isCloseTo(share, org.assertj.core.api.Assertions.within(0.001));
        return load;
    }

    @Test
    void shouldJudgeFreshnessByTheSetting() {
        FreshCommits twenty = FreshCommits.of(Map.of(Settings.COMMIT_FRESH_AGE, "PT0.02S"));
        assertThat(twenty.isFresh(1_000_000, 1_000_020)).isTrue();
        assertThat(twenty.isFresh(1_000_000, 1_000_021)).isFalse();
        assertThat(FreshCommits.of(Map.of()).isFresh(1_000_000, 1_000_200)).as("the declared default: 200 ms").isTrue();
        assertThat(FreshCommits.of(Map.of()).isFresh(1_000_000, 1_000_201)).isFalse();

        MockProcessorContext<String, String> context = contextWith("PT0S");
        FreshCommits never = FreshCommits.of(context.appConfigs());
        never.afterOutput(context, System.currentTimeMillis());
        assertThat(context.scheduledPunctuators()).as("0: interval commits only, no punctuation").isEmpty();
        assertThat(never.isFresh(1_000_000, 1_000_000)).isFalse();
    }

    @Test
    void shouldReadTheSettingsAsTheirValidatorsDo() {
        // The validator trims and accepts any non-negative duration: neither may fail a task's start.
        assertThat(FreshCommits.of(Map.of(Settings.COMMIT_FRESH_AGE, " pt0.02s ")).isFresh(1_000_000, 1_000_020))
                .isTrue();
        FreshCommits forever = FreshCommits.of(Map.of(Settings.COMMIT_FRESH_AGE, "PT2562047788015215H"));
        assertThat(forever.isFresh(0, Long.MAX_VALUE / 2)).isTrue();
        Properties settings = new Properties();
        settings.setProperty(Settings.COMMIT_FRESH_INTERVAL, " PT0.05S ");
        MockProcessorContext<String, String> slower = new MockProcessorContext<>(settings);
        FreshCommits.of(slower.appConfigs()).afterOutput(slower, System.currentTimeMillis());
        assertThat(slower.scheduledPunctuators().get(0).getInterval()).isEqualTo(Duration.ofMillis(50));
        // A huge fresh interval: the late one saturates instead of failing the start.
        FreshCommits huge = FreshCommits.of(Map.of(Settings.COMMIT_FRESH_INTERVAL, "PT2562047788015215H"));
        assertThat(huge.isLate(1_000_000, 1_002_000)).isTrue();
    }

    private static MockProcessorContext<String, String> contextWith(String freshAge) {
        Properties settings = new Properties();
        settings.setProperty(Settings.COMMIT_FRESH_AGE, freshAge);
        return new MockProcessorContext<>(settings);
    }
}
