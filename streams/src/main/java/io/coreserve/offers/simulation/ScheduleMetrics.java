package io.coreserve.offers.simulation;

import io.coreserve.offers.grid.Grid;

/**
 * The metrics of seed 001, section 4.1, plus the usual makespan, for one simulation run.
 *
 * @param jobs                  jobs placed and run
 * @param makespanSeconds       the usual makespan: last finish minus first submission
 * @param paperMakespanSeconds  seed 001's "Makespan": the sum over jobs of (F<sub>i</sub> - E<sub>i</sub>),
 *                              execution finish minus execution start, i.e. the total of the run times
 * @param meanWaitSeconds       seed 001's waiting time: mean of (E<sub>i</sub> - S<sub>i</sub>), start minus submission
 * @param meanResponseSeconds   mean of (F<sub>i</sub> - S<sub>i</sub>)
 * @param utilisation           per cluster c, omega<sub>c</sub>: processor-seconds used over processors x makespan
 * @param meanUtilisation       omega, the mean of the omega<sub>c</sub>
 * @param utilisationStdDev     sigma, their standard deviation over the N clusters (population, as in the
 *                              paper's formula): seed 001's load balance, lower is better balanced
 * @param coAllocatedJobs       jobs that ran on more than one cluster
 */
public record ScheduleMetrics(int jobs, int rejected, long makespanSeconds, long paperMakespanSeconds,
                              double meanWaitSeconds, double meanResponseSeconds, double[] utilisation,
                              double meanUtilisation, double utilisationStdDev, int coAllocatedJobs) {

    public ScheduleMetrics {
        utilisation = utilisation.clone();
    }

    @Override
    public double[] utilisation() {
        return utilisation.clone();
    }

    public static ScheduleMetrics of(SimulationResult r) {
        Grid grid = r.grid();
        long firstSubmit = Long.MAX_VALUE;
        long lastFinish = Long.MIN_VALUE;
        long sumRun = 0;
        long sumWait = 0;
        long sumResponse = 0;
        int coAllocated = 0;
        for (JobOutcome o : r.outcomes()) {
            firstSubmit = Math.min(firstSubmit, o.submit());
            lastFinish = Math.max(lastFinish, o.finish());
            sumRun += o.runSeconds();
            sumWait += o.waitSeconds();
            sumResponse += o.finish() - o.submit();
            coAllocated += o.clusters() > 1 ? 1 : 0;
        }
        int n = r.outcomes().size();
        long makespan = n == 0 ? 0 : lastFinish - firstSubmit;
        long[] busy = r.busyProcessorSeconds();
        double[] omega = new double[grid.size()];
        double mean = 0;
        for (int c = 0; c < grid.size(); c++) {
            omega[c] = makespan == 0 ? 0 : busy[c] / ((double) grid.cluster(c).processors() * makespan);
            mean += omega[c] / grid.size();
        }
        double variance = 0;
        for (double w : omega) {
            variance += (w - mean) * (w - mean) / grid.size();
        }
        return new ScheduleMetrics(n, r.rejectedJobIds().size(), makespan, sumRun,
                n == 0 ? 0 : (double) sumWait / n, n == 0 ? 0 : (double) sumResponse / n,
                omega, mean, Math.sqrt(variance), coAllocated);
    }
}
