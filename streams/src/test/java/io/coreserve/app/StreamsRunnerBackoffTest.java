package io.coreserve.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StreamsRunnerBackoffTest {

    @Test
    void shouldDoubleThePauseUpToThirtySecondsAndStartAgainAfterAQuietMinute() {
        StreamsRunner.Backoff backoff = new StreamsRunner.Backoff();
        long now = 1_000_000;

        assertThat(backoff.next(now)).isEqualTo(1_000);
        assertThat(backoff.next(now += 1_000)).isEqualTo(2_000);
        assertThat(backoff.next(now += 2_000)).isEqualTo(4_000);
        for (int i = 0; i < 10; i++) {
            backoff.next(now += 10_000);
        }
        assertThat(backoff.next(now += 30_000)).isEqualTo(30_000);
        assertThat(backoff.next(now + 30_000 + 60_001)).isEqualTo(1_000);
    }

    @Test
    void shouldRetryBrokerTroubleButStopOnAnythingElse() {
        var commitFailed = new org.apache.kafka.streams.errors.StreamsException("Error encountered trying to commit",
                new org.apache.kafka.common.errors.InvalidTxnStateException("invalid state"));
        var timedOut = new org.apache.kafka.streams.errors.StreamsException(
                new org.apache.kafka.common.errors.TimeoutException("no broker"));
        var bug = new org.apache.kafka.streams.errors.StreamsException(new NullPointerException("bug"));
        var tooLarge = new org.apache.kafka.streams.errors.StreamsException(
                new org.apache.kafka.common.errors.RecordTooLargeException("too large"));
        var topicsNotLoadedYet = new org.apache.kafka.streams.errors.MissingSourceTopicException(
                "One or more source topics were missing during rebalance");

        org.assertj.core.api.Assertions.assertThat(StreamsRunner.isBrokerTrouble(commitFailed)).isTrue();
        org.assertj.core.api.Assertions.assertThat(StreamsRunner.isBrokerTrouble(timedOut)).isTrue();
        org.assertj.core.api.Assertions.assertThat(StreamsRunner.isBrokerTrouble(bug)).isFalse();
        org.assertj.core.api.Assertions.assertThat(StreamsRunner.isBrokerTrouble(tooLarge)).isFalse();
        org.assertj.core.api.Assertions.assertThat(StreamsRunner.isBrokerTrouble(topicsNotLoadedYet)).isTrue();
    }
}
