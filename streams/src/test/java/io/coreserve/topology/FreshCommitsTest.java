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
        Properties on = new Properties();
        on.setProperty(Settings.COMMIT_FRESH_AGE, "PT0.02S");
        MockProcessorContext<String, String> fresh = new MockProcessorContext<>(on);
        FreshCommits commits = FreshCommits.of(fresh.appConfigs());
        commits.afterOutput(fresh, System.currentTimeMillis());
        assertThat(fresh.committed()).as("a request just sent").isTrue();

        MockProcessorContext<String, String> backlog = new MockProcessorContext<>(on);
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

        Properties off = new Properties();
        off.setProperty(Settings.COMMIT_FRESH_AGE, "PT0S");
        MockProcessorContext<String, String> context = new MockProcessorContext<>(off);
        FreshCommits never = FreshCommits.of(context.appConfigs());
        never.afterOutput(context, System.currentTimeMillis());
        assertThat(context.committed()).as("0: interval commits only").isFalse();
    }
}
