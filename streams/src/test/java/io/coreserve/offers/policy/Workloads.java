package io.coreserve.offers.policy;

import io.coreserve.offers.grid.Cluster;
import io.coreserve.offers.grid.Grid;
import io.coreserve.offers.job.GridJob;

/** Tiny hand-built workloads: with 1000 MIPS clusters a job's length in seconds is its run time. */
final class Workloads {

    private Workloads() {
    }

    static GridJob job(long id, long submit, int processors, long seconds) {
        return new GridJob(id, submit, processors, seconds * 1000, seconds * 1000);
    }

    static GridJob job(long id, long submit, int processors, long plannedSeconds, long actualSeconds) {
        return new GridJob(id, submit, processors, plannedSeconds * 1000, actualSeconds * 1000);
    }

    static Grid oneCluster(int processors) {
        return new Grid(java.util.List.of(new Cluster("c1", processors, 1000)));
    }
}
