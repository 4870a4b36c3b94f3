package io.coreserve.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The stream thread's CPU share, smoothed: what decides whether an early commit is cheap. */
class ThreadLoadTest {

    private static final long MS = 1_000_000;

    private final AtomicLong cpu = new AtomicLong();
    private final AtomicLong wall = new AtomicLong(1_000 * MS);
    private final ThreadLoad load = new ThreadLoad(cpu::get, wall::get);

    @Test
    void shouldApproachASustainedShareWithinAFewTimeConstants() {
        assertThat(load.share()).as("the first reading is only a baseline").isZero();
        for (int i = 0; i < 200; i++) {                      // 20 s busy 90 % of the time
            advance(100, 90);
        }
        assertThat(load.share()).as("four time constants: within 2 %").isCloseTo(0.9, within(0.02));
        for (int i = 0; i < 200; i++) {
            advance(100, 5);
        }
        assertThat(load.share()).isCloseTo(0.05, within(0.02));
    }

    @Test
    void shouldNotCountAFewBusySecondsAfterStartAsSaturation() {
        load.share();
        for (int i = 0; i < 20; i++) {                       // 2 s fully busy: cold code after start
            advance(100, 100);
        }
        assertThat(load.share()).as("1 - e^(-2/5)").isCloseTo(0.33, within(0.01))
                .isLessThan(FreshCommits.SATURATED_SHARE);
    }

    @Test
    void shouldWeighALongGapAsWhatItAverages() {
        load.share();
        advance(60_000, 54_000);                             // one reading after a minute at 90 %
        assertThat(load.share()).isCloseTo(0.9, within(0.001));
    }

    @Test
    void shouldReadTheCpuClockAtMostEverySampleInterval() {
        AtomicLong reads = new AtomicLong();
        ThreadLoad counted = new ThreadLoad(() -> {
            reads.incrementAndGet();
            return cpu.get();
        }, wall::get);
        counted.share();
        for (int i = 0; i < 1_000; i++) {
            wall.addAndGet(MS / 10);                         // an output every 0.1 ms for 100 ms
            counted.share();
        }
        assertThat(reads.get()).as("the baseline and one sample").isEqualTo(2);
    }

    @Test
    void shouldStartAgainOnAnotherThreadAndStayZeroWhereCpuTimeIsUnmeasurable() throws Exception {
        load.share();
        advance(1_000, 1_000);
        double before = load.share();
        assertThat(before).isPositive();
        wall.addAndGet(1_000 * MS);
        cpu.addAndGet(1_000_000 * MS);                       // another thread's clock: not subtracted
        assertThat(CompletableFuture.supplyAsync(load::share).get()).as("a new baseline, the share kept")
                .isEqualTo(before);

        ThreadLoad unmeasurable = new ThreadLoad(() -> -1, wall::get);
        advance(1_000, 0);
        unmeasurable.share();
        advance(1_000, 0);
        assertThat(unmeasurable.share()).isZero();
    }

    private void advance(long wallMillis, long cpuMillis) {
        wall.addAndGet(wallMillis * MS);
        cpu.addAndGet(cpuMillis * MS);
        load.share();
    }
}
