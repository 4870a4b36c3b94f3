package io.coreserve.replay;

/**
 * Wall-clock pacing of a replay: as fast as possible, or {@code speed} times faster than the trace (2 = a trace
 * hour in half an hour). The first event sets the origin; an event t ms of trace time after it is sent no earlier
 * than t / speed ms of wall time after the first. Events that go back in trace time are sent at once.
 */
public final class Pacing {

    /** Waits; a seam for tests. */
    @FunctionalInterface
    public interface Sleeper {
        void sleepNanos(long nanos) throws InterruptedException;
    }

    private final double speed;
    private final Sleeper sleeper;
    private final java.util.function.LongSupplier nanoClock;
    private long originEventMillis = Long.MIN_VALUE;
    private long originNanos;

    private Pacing(double speed, Sleeper sleeper, java.util.function.LongSupplier nanoClock) {
        this.speed = speed;
        this.sleeper = sleeper;
        this.nanoClock = nanoClock;
    }

    public static Pacing asFastAsPossible() {
        return new Pacing(Double.POSITIVE_INFINITY, n -> { }, System::nanoTime);
    }

    public static Pacing speed(double speed) {
        return speed(speed, nanos -> java.util.concurrent.TimeUnit.NANOSECONDS.sleep(nanos), System::nanoTime);
    }

    static Pacing speed(double speed, Sleeper sleeper, java.util.function.LongSupplier nanoClock) {
        if (!(speed > 0) || Double.isNaN(speed)) {
            throw new IllegalArgumentException("speed must be positive, was " + speed);
        }
        return new Pacing(speed, sleeper, nanoClock);
    }

    public boolean isPaced() {
        return Double.isFinite(speed);
    }

    public double speedFactor() {
        return speed;
    }

    /** Blocks until the event stamped {@code eventMillis} is due. */
    public void awaitDue(long eventMillis) throws InterruptedException {
        if (!isPaced()) {
            return;
        }
        if (originEventMillis == Long.MIN_VALUE) {
            originEventMillis = eventMillis;
            originNanos = nanoClock.getAsLong();
            return;
        }
        double dueNanos = (eventMillis - originEventMillis) * 1_000_000.0 / speed;
        long wait = (long) dueNanos - (nanoClock.getAsLong() - originNanos);
        if (wait > 0) {
            sleeper.sleepNanos(wait);
        }
    }

    /**
     * The replay stood still for {@code nanos} (waiting for the pipeline to read the catalogue): the rest of the
     * schedule moves back by as much, so the events after the pause are not sent in a burst to catch up.
     */
    public void paused(long nanos) {
        if (originEventMillis != Long.MIN_VALUE) {
            originNanos += nanos;
        }
    }

    @Override
    public String toString() {
        return isPaced() ? speed + "x" : "as fast as possible";
    }
}
