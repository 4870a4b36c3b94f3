package io.coreserve.topology;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.LongSupplier;

/**
 * How busy the calling thread has been: its share of one CPU, smoothed exponentially over
 * {@value #TIME_CONSTANT_MILLIS} ms and read at most every {@value #SAMPLE_MILLIS} ms. {@link FreshCommits} asks it
 * whether an early commit is cheap: a transaction's wait costs nothing while the stream thread would otherwise be
 * waiting for input, and the records it could have decided while the thread is saturated.
 *
 * <p>Long enough a time constant that the first seconds after start (cold code, a few slow decisions) do not count as
 * saturation; short enough that a sustained rate near capacity does within seconds. Where the JVM cannot measure a
 * thread's CPU time the share stays 0: every early commit is then taken, as before this class existed.
 */
final class ThreadLoad {

    static final long TIME_CONSTANT_MILLIS = 5_000;
    static final long SAMPLE_MILLIS = 100;
    private static final long NANOS_PER_MILLI = 1_000_000;

    private final LongSupplier threadCpuNanos;
    private final LongSupplier wallNanos;
    private Thread thread;
    private long lastWall;
    private long lastCpu;
    private double share;

    ThreadLoad(LongSupplier threadCpuNanos, LongSupplier wallNanos) {
        this.threadCpuNanos = threadCpuNanos;
        this.wallNanos = wallNanos;
    }

    /** The calling thread's CPU time, as the JVM measures it (-1 where it cannot). */
    static ThreadLoad ofCurrentThread() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean measurable = threads.isCurrentThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled();
        return new ThreadLoad(measurable ? threads::getCurrentThreadCpuTime : () -> -1, System::nanoTime);
    }

    /** The smoothed share (0 to 1) up to now. */
    double share() {
        long wall = wallNanos.getAsLong();
        boolean sameThread = thread == Thread.currentThread();
        if (sameThread && wall - lastWall < SAMPLE_MILLIS * NANOS_PER_MILLI) {
            return share;                                    // the CPU clock is a system call: read it seldom
        }
        long cpu = threadCpuNanos.getAsLong();
        if (cpu < 0) {
            return share;
        }
        if (sameThread) {
            long elapsed = wall - lastWall;
            double sample = Math.min(1.0, Math.max(0.0, (double) (cpu - lastCpu) / elapsed));
            double weight = -Math.expm1(-(double) elapsed / (TIME_CONSTANT_MILLIS * NANOS_PER_MILLI));
            share += (sample - share) * weight;
        } else {
            // First call, or the task moved to another thread: the two CPU clocks cannot be subtracted.
            thread = Thread.currentThread();
        }
        lastWall = wall;
        lastCpu = cpu;
        return share;
    }
}
