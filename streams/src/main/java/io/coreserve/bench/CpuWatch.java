package io.coreserve.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Where the CPU went between two looks, for a benchmark's rows on a shared machine: the pipeline's stream threads
 * in this JVM (with {@code --embedded}; one core is 1.0), the whole machine's busy share (from {@code /proc/stat}, all
 * cores; NaN where there is none) and the load average. A row that decided less than asked tells apart a stream
 * thread busy all the time (the pipeline's limit) from one that waited while other work held the cores. Also the time
 * the stream threads spent waiting on their transactions (under exactly-once a commit flushes the producer, sends the
 * consumed offsets and commits, each a wait for the broker; from the producers' own cumulative metrics), which
 * tells a stream thread short of CPU from one held up by its commits.
 */
final class CpuWatch {

    /** A Kafka Streams processing thread ({@code <client id>-StreamThread-<n>}), not its clients' threads. */
    private static final Pattern STREAM_THREAD = Pattern.compile(".*-StreamThread-\\d+");
    private static final Path PROC_STAT = Path.of("/proc/stat");
    /** The transactional producers of the stream threads, as the Kafka clients register them. */
    static final String STREAM_PRODUCERS = "kafka.producer:type=producer-metrics,client-id=*-StreamThread-*-producer";
    /** Cumulative time a producer's caller waited in each transactional step (ns; Kafka client metrics). */
    private static final String[] TRANSACTION_WAITS = {"flush-time-ns-total", "txn-begin-time-ns-total",
        "txn-send-offsets-time-ns-total", "txn-commit-time-ns-total"};

    /**
     * What one interval used: stream threads' CPU and their waits on transactions in cores (1.0 = one core all the
     * interval; NaN where not measured), the machine's busy share and the load average.
     */
    record Reading(double streamThreadCores, double transactionWaitCores, double machineBusy, double loadAverage) {
    }

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Pattern streamThread;
    private final Path procStat;
    private final ObjectName streamProducers;
    private final Map<Long, Long> cpuByThread = new HashMap<>();
    private long lastNanos;
    private long[] lastTicks;
    private double lastTransactionWaitNanos = Double.NaN;

    /** Watching from now on. */
    CpuWatch() {
        this(STREAM_THREAD, PROC_STAT, STREAM_PRODUCERS);
    }

    /** {@code streamProducers}: the JMX name pattern of the stream threads' producers' metrics. */
    CpuWatch(Pattern streamThread, Path procStat, String streamProducers) {
        this.streamThread = streamThread;
        this.procStat = procStat;
        try {
            this.streamProducers = new ObjectName(streamProducers);
        } catch (JMException e) {
            throw new IllegalArgumentException("not a JMX name pattern: " + streamProducers, e);
        }
        read();
    }

    /** Since the last reading (or the construction). */
    Reading read() {
        long now = System.nanoTime();
        long used = 0;
        boolean any = false;
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info == null || !streamThread.matcher(info.getThreadName()).matches()) {
                continue;
            }
            long cpu = threads.getThreadCpuTime(info.getThreadId());
            if (cpu < 0) {
                continue;                                     // ended, or CPU time not measured here
            }
            any = true;
            Long before = cpuByThread.put(info.getThreadId(), cpu);
            used += cpu - (before == null ? 0 : before);      // a thread started since: all its CPU is this interval's
        }
        long elapsed = Math.max(1, now - lastNanos);
        lastNanos = now;
        long[] ticks = machineTicks();
        double machine = Double.NaN;
        if (ticks != null && lastTicks != null && ticks[0] > lastTicks[0]) {
            machine = (double) (ticks[1] - lastTicks[1]) / (ticks[0] - lastTicks[0]);
        }
        lastTicks = ticks;
        double waited = transactionWaitNanos();
        // NaN at the first look or without producers, and when the totals went back (a stream thread's producer was
        // replaced, and started counting again): not measured over this interval.
        double waitCores = waited >= lastTransactionWaitNanos ? (waited - lastTransactionWaitNanos) / elapsed
                : Double.NaN;
        lastTransactionWaitNanos = waited;
        return new Reading(any ? (double) used / elapsed : Double.NaN, waitCores, machine,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    /** The stream threads' producers' waits on transactions so far (ns), summed; NaN when there is none here. */
    private double transactionWaitNanos() {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try {
            double total = 0;
            boolean any = false;
            for (ObjectName producer : server.queryNames(streamProducers, null)) {
                for (String attribute : TRANSACTION_WAITS) {
                    if (server.getAttribute(producer, attribute) instanceof Number n) {
                        total += n.doubleValue();
                        any = true;
                    }
                }
            }
            return any ? total : Double.NaN;
        } catch (JMException | RuntimeException unreadable) {
            return Double.NaN;
        }
    }

    /**
     * {total, busy} ticks of all cores from the first line of /proc/stat ({@code cpu user nice system idle iowait irq
     * softirq steal ...}; idle and iowait are not busy); null where it cannot be read.
     */
    private long[] machineTicks() {
        try {
            String first;
            try (java.io.BufferedReader reader = Files.newBufferedReader(procStat)) {
                first = reader.readLine();                  // the rest (per core, interrupts) is not needed
            }
            if (first == null) {
                return null;
            }
            String[] fields = first.trim().split("\\s+");
            if (!fields[0].equals("cpu") || fields.length < 5) {
                return null;
            }
            long total = 0;
            for (int i = 1; i < Math.min(fields.length, 9); i++) {   // guest time is counted in user already
                total += Long.parseLong(fields[i]);
            }
            long idle = Long.parseLong(fields[4]) + (fields.length > 5 ? Long.parseLong(fields[5]) : 0);
            return new long[] {total, total - idle};
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }
}
