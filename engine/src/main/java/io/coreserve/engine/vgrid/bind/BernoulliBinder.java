package io.coreserve.engine.vgrid.bind;

/**
 * The failure model of paper section 4.1.2 / spec 004 section 3.4: each resource manager refuses a bind with
 * probability p, independently of the others; once it refused (or accepted) in a trial it answers the same for the
 * rest of the trial (sticky). The outcome is a hash of (seed, trial, manager), so it is drawn once per manager and
 * trial without any memo, and reruns with the same seed decide the same. The manager of a selection is given by
 * {@code managers} (with disjoint selections, every selection its own manager).
 */
public final class BernoulliBinder implements Binder {

    /** Which resource manager serves a component's selection. */
    @FunctionalInterface
    public interface Managers {
        long of(BindAttempt attempt);
    }

    /** Every (component, selection) its own manager. */
    public static final Managers DISJOINT = a -> ((long) a.component() << 32) | a.selection();

    private final double p;
    private final long seed;
    private final long trial;
    private final Managers managers;

    public BernoulliBinder(double p, long seed, long trial, Managers managers) {
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException("failure probability must be in [0, 1], not " + p);
        }
        this.p = p;
        this.seed = seed;
        this.trial = trial;
        this.managers = managers;
    }

    /**
     * The binder of one pipeline request ({@code coreserve.vgrid.bind-failure-probability}): the trial is the request
     * id, so a replay of the same request with the same seed refuses the same (component, selection)s.
     */
    public static BernoulliBinder forRequest(double p, long seed, String requestId) {
        return new BernoulliBinder(p, seed, trialOf(requestId), DISJOINT);
    }

    /** A stable 64-bit key of a request id (FNV-1a over its UTF-8 bytes), the same on every JVM. */
    public static long trialOf(String requestId) {
        long h = 0xcbf29ce484222325L;
        for (byte b : requestId.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        return h;
    }

    @Override
    public boolean bind(BindAttempt attempt) {
        return !fails(p, seed, trial, managers.of(attempt));
    }

    @Override
    public void release(BindAttempt attempt) {
        // a Bernoulli manager holds nothing
    }

    /** Whether the manager refuses in this trial: uniform(hash(seed, trial, manager)) < p. */
    public static boolean fails(double p, long seed, long trial, long manager) {
        long h = mix(mix(mix(seed) ^ trial) ^ manager);
        return (h >>> 11) * 0x1.0p-53 < p;
    }

    /** SplitMix64's finaliser: a well-spread 64-bit hash. */
    static long mix(long z) {
        z += 0x9e3779b97f4a7c15L;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
