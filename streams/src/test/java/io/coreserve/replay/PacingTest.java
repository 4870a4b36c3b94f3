package io.coreserve.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PacingTest {

    @Test
    void shouldWaitTheTraceGapDividedByTheSpeed() throws Exception {
        long[] now = {0};
        List<Long> sleeps = new ArrayList<>();
        Pacing pacing = Pacing.speed(10, nanos -> {
            sleeps.add(nanos);
            now[0] += nanos;
        }, () -> now[0]);

        pacing.awaitDue(1_000_000);      // origin
        pacing.awaitDue(1_010_000);      // 10 s of trace = 1 s of wall time
        now[0] += 2_000_000_000L;        // sending took 2 s of wall time: the next is already due
        pacing.awaitDue(1_020_000);
        pacing.awaitDue(1_000_000);      // back in trace time: at once

        assertThat(sleeps).containsExactly(1_000_000_000L);
    }

    @Test
    void shouldMoveTheScheduleBackByAPauseInsteadOfCatchingUpInABurst() throws Exception {
        long[] now = {0};
        List<Long> sleeps = new ArrayList<>();
        Pacing pacing = Pacing.speed(1, nanos -> {
            sleeps.add(nanos);
            now[0] += nanos;
        }, () -> now[0]);

        pacing.awaitDue(0);                 // origin: the catalogue
        now[0] += 5_000_000_000L;           // 5 s waiting for the pipeline to read it
        pacing.paused(5_000_000_000L);
        pacing.awaitDue(3_000);             // 3 s of trace after the catalogue: 3 s after the pause

        assertThat(sleeps).containsExactly(3_000_000_000L);
    }

    @Test
    void shouldNeverWaitAsFastAsPossible() throws Exception {
        Pacing pacing = Pacing.asFastAsPossible();
        long started = System.nanoTime();
        pacing.awaitDue(0);
        pacing.awaitDue(Long.MAX_VALUE / 2);
        assertThat(System.nanoTime() - started).isLessThan(1_000_000_000L);
        assertThat(pacing.isPaced()).isFalse();
    }

    @Test
    void shouldRefuseANonPositiveSpeed() {
        assertThatThrownBy(() -> Pacing.speed(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Pacing.speed(-2)).isInstanceOf(IllegalArgumentException.class);
    }
}
