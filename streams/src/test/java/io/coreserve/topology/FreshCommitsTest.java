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
        MockProcessorContext<String, String> fresh = new MockProcessorContext<>();
        FreshCommits commits = FreshCommits.of(fresh.appConfigs());
        commits.afterOutput(fresh, System.currentTimeMillis());
        assertThat(fresh.committed()).as("a request just sent").isTrue();

        MockProcessorContext<String, String> backlog = new MockProcessorContext<>();
        commits.afterOutput(backlog, System.currentTimeMillis() - 5_000);
        assertThat(backlog.committed()).as("a request that waited in a backlog: left to commit.interval.ms").isFalse();
    }

    @Test
    void shouldJudgeFreshnessByTheSettingWithItsDeclaredDefault() {
        FreshCommits byDefault = FreshCommits.of(Map.of());
        assertThat(byDefault.isFresh(1_000_000, 1_000_020)).isTrue();
        assertThat(byDefault.isFresh(1_000_000, 1_000_021)).isFalse();

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
