package io.coreserve.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuWatchTest {

    @TempDir
    Path dir;

    @Test
    void shouldCountTheStreamThreadsCpuAndNotOtherThreads() throws Exception {
        Path stat = dir.resolve("stat");
        Files.writeString(stat, "cpu  100 0 100 800 0 0 0 0 0 0\ncpu0 50 0 50 400 0 0 0 0 0 0\n");
        CpuWatch watch = new CpuWatch(Pattern.compile(".*-StreamThread-\\d+"), stat);

        try (Worker client = new Worker("app-StreamThread-1-producer")) {   // a client of the stream thread
            assertThat(watch.read().streamThreadCores()).as("only a client thread alive").isNaN();
            try (Worker stream = new Worker("app-StreamThread-1")) {
                Files.writeString(stat, "cpu  250 0 150 900 100 0 0 0 0 0\n");
                CpuWatch.Reading reading = watch.read();

                // 200 busy ticks of 400 (user and system; idle and iowait are not busy)
                assertThat(reading.machineBusy()).isEqualTo(0.5);
                assertThat(reading.streamThreadCores()).as("the stream thread's CPU over the elapsed time")
                        .isPositive();
                assertThat(watch.read().streamThreadCores()).as("idle since the last reading").isLessThan(
                        reading.streamThreadCores());
            }
        }
    }

    @Test
    void shouldSayNotMeasuredWithoutStreamThreadsOrProcStat() {
        CpuWatch watch = new CpuWatch(Pattern.compile(".*-StreamThread-\\d+"), dir.resolve("missing"));

        CpuWatch.Reading reading = watch.read();

        assertThat(reading.streamThreadCores()).isNaN();
        assertThat(reading.machineBusy()).isNaN();
    }

    /** A thread of that name that has done some work and waits, alive, until closed. */
    private static final class Worker implements AutoCloseable {
        private final CountDownLatch worked = new CountDownLatch(1);
        private final CountDownLatch release = new CountDownLatch(1);
        private final Thread thread;
        private volatile long sink;

        Worker(String name) throws InterruptedException {
            thread = new Thread(() -> {
                long x = 1;
                for (int i = 0; i < 20_000_000; i++) {
                    x += i * 31L ^ x;
                }
                sink = x;
                worked.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, name);
            thread.start();
            worked.await();
        }

        @Override
        public void close() throws InterruptedException {
            release.countDown();
            thread.join();
        }
    }
}
