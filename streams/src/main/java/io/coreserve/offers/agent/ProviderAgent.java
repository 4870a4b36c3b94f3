package io.coreserve.offers.agent;

import io.coreserve.offers.grid.Cluster;
import io.coreserve.offers.job.GridJob;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A resource provider c: a cluster and its advance reservation list (ARList).
 *
 * <p>{@link #offer(OfferRequest)} is Algorithm 1 of seed 001 and does not change the agent, so a
 * stream processor can call it for every request; {@link #reserve} is the receiving end of
 * {@code sendAR} (Algorithm 2, line 22). The agent only accepts reservations that keep every
 * reservation it already accepted ("do not violate the reservation of already accepted jobs", section 3.1).
 * Baselines that do not use offers read the same list through {@link #profile()}, as they would read a
 * grid information service.
 */
public final class ProviderAgent {

    private final int id;
    private final Cluster cluster;
    private final AvailabilityProfile reservations;

    public ProviderAgent(int id, Cluster cluster, long origin) {
        this.id = id;
        this.cluster = cluster;
        this.reservations = new AvailabilityProfile(cluster.processors(), origin);
    }

    public int id() {
        return id;
    }

    public Cluster cluster() {
        return cluster;
    }

    /** D = L / speed, whole seconds rounded up (Algorithm 1, line 2). */
    public long duration(long lengthMi) {
        return GridJob.seconds(lengthMi, cluster.mips());
    }

    /**
     * Algorithm 1: every free slot of the ARList from {@code request.notBefore()} on, each able to run
     * the job's duration D here. Slots that a composer taking slots by finish time could never use are
     * left out: after the first slot with at least P processors (when P fits this cluster), every other
     * slot finishes later and would not be needed.
     */
    public Offer offer(OfferRequest request) {
        long d = duration(request.lengthMi());
        int enough = request.processors() <= cluster.processors() ? request.processors() : Integer.MAX_VALUE;
        List<Slot> slots = new ArrayList<>();
        int i = 1;
        for (AvailabilityProfile.FreeWindow w : reservations.freeWindows(request.notBefore(), d, enough)) {
            slots.add(new Slot(id, i++, w.start(), w.processors(), d));
        }
        return new Offer(id, request.jobId(), slots);
    }

    /** Accepts AR&lt;s, n, D, J, c&gt; if the n processors are still free during [s, s + D). */
    public Optional<Reservation> reserve(long jobId, long start, int processors, long duration) {
        if (reservations.minFree(start, start + duration) < processors) {
            return Optional.empty();
        }
        reservations.reserve(start, start + duration, processors);
        return Optional.of(new Reservation(id, jobId, start, start + duration, processors));
    }

    /** Cancels an accepted reservation, or the part of it from {@code from} on (a job that ended early). */
    public void release(Reservation reservation, long from) {
        if (reservation.provider() != id) {
            throw new IllegalArgumentException("reservation of provider " + reservation.provider() + " given to " + id);
        }
        long start = Math.max(from, reservation.start());
        if (start < reservation.end()) {
            reservations.release(start, reservation.end(), reservation.processors());
        }
    }

    /** Drops the past from the reservation list. */
    public void advanceTo(long now) {
        reservations.forgetBefore(now);
    }

    /** The ARList, for schedulers that read the provider's state directly instead of asking for offers. */
    public AvailabilityProfile profile() {
        return reservations;
    }
}
