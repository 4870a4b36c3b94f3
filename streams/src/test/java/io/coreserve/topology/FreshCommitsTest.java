package io.coreserve.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.Settings;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.junit.jupiter.api.Test;

/** What a processor asks of Kafka Streams after an input's output: a commit at once only for a fresh input. */
class FreshCommitsTest {

    @Test
    void shouldAskForACommitAfterAFreshInputOnly() {
        MockProcessorContext<String, String> fresh = contextWith("PT0.02S");
        FreshCommits commits = FreshCommits.of(fresh.appConfigs());
        commits.afterOutput(fresh, System.currentTimeMillis());
        assertThat(fresh.committed()).as("a request just sent").isTrue();

        MockProcessorContext<String, String> backlog = contextWith("PT0.02S");
        commits.afterOutput(backlog, System.currentTimeMillis() - 5_000);
        assertThat(backlog.committed()).as("a request that waited in a backlog: left to commit.interval.ms").isFalse();
    }

    @Test
    void shouldJudgeFreshnessByTheSettingAndBeOffByDefault() {
        FreshCommits twenty = FreshCommits.of(Map.of(Settings.COMMIT_FRESH_AGE, "PT0.02S"));
        assertThat(twenty.isFresh(1_000_000, 1_000_020)).isTrue();
        assertThat(twenty.isFresh(1_000_000, 1_000_021)).isFalse();
        assertThat(FreshCommits.of(Map.of()).isFresh(1_000_000, 1_000_000)).as("the declared default: off").isFalse();

        FreshCommits longer = FreshCommits.of(Map.of(Settings.COMMIT_FRESH_AGE, "PT0.5S"));
        assertThat(longer.isFresh(1_000_000, 1_000_400)).isTrue();

        MockProcessorContext<String, String> context = contextWith("PT0S");
        FreshCommits never = FreshCommits.of(context.appConfigs());
        never.afterOutput(context, System.currentTimeMillis());
        assertThat(context.committed()).as("0: interval commits only").isFalse();
    }

    @Test
    void shouldReadTheSettingAsItsValidatorDoes() {
        // The validator trims and accepts any non-negative duration: neither may fail a task's start.
        assertThat(FreshCommits.of(Map.of(Settings.COMMIT_FRESH_AGE, " pt0.02s ")).isFresh(1_000_000, 1_000_020))
                .isTrue();
        FreshCommits forever = FreshCommits.of(Map.of(Settings.COMMIT_FRESH_AGE, "PT2562047788015215H"));
        assertThat(forever.isFresh(0, Long.MAX_VALUE / 2)).isTrue();
    }

    private static MockProcessorContext<String, String> contextWith(String freshAge) {
        Properties settings = new Properties();
        settings.setProperty(Settings.COMMIT_FRESH_AGE, freshAge);
        return new MockProcessorContext<>(settings);
    }
}
