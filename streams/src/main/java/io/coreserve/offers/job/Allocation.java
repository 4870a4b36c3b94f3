package io.coreserve.offers.job;

import io.coreserve.offers.agent.Reservation;

import java.util.List;

/** Where and when a job runs: one reservation per part; a co-allocated job has several. */
public record Allocation(GridJob job, List<Reservation> parts) {

    public Allocation {
        parts = List.copyOf(parts);
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("an allocation needs at least one part");
        }
        int processors = parts.stream().mapToInt(Reservation::processors).sum();
        if (processors != job.processors()) {
            throw new IllegalArgumentException("job " + job.id() + " needs " + job.processors()
                    + " processors but was given " + processors);
        }
    }

    /** When the first part starts. */
    public long start() {
        return parts.stream().mapToLong(Reservation::start).min().orElseThrow();
    }

    public boolean isCoAllocated() {
        return parts.stream().map(Reservation::provider).distinct().count() > 1;
    }
}
