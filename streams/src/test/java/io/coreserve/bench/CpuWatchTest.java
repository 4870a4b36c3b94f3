package io.coreserve.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Pattern;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.DynamicMBean;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuWatchTest {

    @TempDir
    Path dir;

    @Test
    void shouldCountTheStreamThreadsCpuAndNotOtherThreads() throws Exception {
        Path stat = dir.resolve("stat");
        Files.writeString(stat, "cpu  100 0 100 800 0 0 0 0 0 0\ncpu0 50 0 50 400 0 0 0 0 0 0\n");
        CpuWatch watch = new CpuWatch(Pattern.compile(".*-StreamThread-\\d+"), stat, CpuWatch.STREAM_PRODUCERS);

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
        CpuWatch watch = new CpuWatch(Pattern.compile(".*-StreamThread-\\d+"), dir.resolve("missing"),
                "cpuwatchtest.none:type=producer-metrics,client-id=*");

        CpuWatch.Reading reading = watch.read();

        assertThat(reading.streamThreadCores()).isNaN();
        assertThat(reading.machineBusy()).isNaN();
        assertThat(reading.transactionWaitCores()).as("no stream producer registered").isNaN();
    }

    @Test
    void shouldShareTheStreamProducersWaitsOnTransactionsOverTheElapsedTime() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName streamProducer =
                new ObjectName("cpuwatchtest:type=producer-metrics,client-id=app-StreamThread-1-producer");
        ObjectName otherProducer = new ObjectName("cpuwatchtest:type=producer-metrics,client-id=app-other-producer");
        TransactionWaits waits = new TransactionWaits();
        TransactionWaits otherWaits = new TransactionWaits();
        server.registerMBean(waits, streamProducer);
        server.registerMBean(otherWaits, otherProducer);
        try {
            long beforeWatch = System.nanoTime();
            CpuWatch watch = new CpuWatch(Pattern.compile(".*-StreamThread-\\d+"), dir.resolve("missing"),
                    "cpuwatchtest:type=producer-metrics,client-id=*-StreamThread-*-producer");
            long afterWatch = System.nanoTime();
            waits.flushNanos = 3_000_000;
            waits.sendOffsetsNanos = 2_000_000;
            waits.commitNanos = 1_000_000;
            otherWaits.flushNanos = 1_000_000_000_000L;          // not a stream thread's: left out
            long beforeRead = System.nanoTime();
            CpuWatch.Reading reading = watch.read();
            long afterRead = System.nanoTime();

            // 6 ms waited over the watch's interval, which lies between [afterWatch, beforeRead] and
            // [beforeWatch, afterRead]
            assertThat(reading.transactionWaitCores()).isBetween(6e6 / (afterRead - beforeWatch),
                    6e6 / Math.max(1, beforeRead - afterWatch));
            assertThat(watch.read().transactionWaitCores()).as("nothing waited since").isZero();
            waits.flushNanos = 0;                                // a replaced producer counts from zero again
            assertThat(watch.read().transactionWaitCores()).as("totals went back: not measured").isNaN();
            waits.flushNanos = 1_000_000;
            assertThat(watch.read().transactionWaitCores()).as("measured again from there").isPositive();
        } finally {
            server.unregisterMBean(streamProducer);
            server.unregisterMBean(otherProducer);
        }
    }

    /**
     * Stands in for a Kafka producer's metrics MBean: the cumulative transactional waits CpuWatch reads, under the
     * client's attribute names (dashed, so a dynamic MBean).
     */
    private static final class TransactionWaits implements DynamicMBean {
        volatile long flushNanos;
        volatile long sendOffsetsNanos;
        volatile long commitNanos;

        @Override
        public Object getAttribute(String attribute) throws AttributeNotFoundException {
            return switch (attribute) {
                case "flush-time-ns-total" -> (double) flushNanos;
                case "txn-begin-time-ns-total" -> 0.0;
                case "txn-send-offsets-time-ns-total" -> (double) sendOffsetsNanos;
                case "txn-commit-time-ns-total" -> (double) commitNanos;
                default -> throw new AttributeNotFoundException(attribute);
            };
        }

        @Override
        public void setAttribute(Attribute attribute) {
            throw new UnsupportedOperationException();
        }

        @Override
        public AttributeList getAttributes(String[] attributes) {
            return new AttributeList();
        }

        @Override
        public AttributeList setAttributes(AttributeList attributes) {
            return new AttributeList();
        }

        @Override
        public Object invoke(String actionName, Object[] params, String[] signature) {
            throw new UnsupportedOperationException();
        }

        @Override
        public MBeanInfo getMBeanInfo() {
            return new MBeanInfo(TransactionWaits.class.getName(), "producer metrics", new MBeanAttributeInfo[0],
                    null, null, null);
        }
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
