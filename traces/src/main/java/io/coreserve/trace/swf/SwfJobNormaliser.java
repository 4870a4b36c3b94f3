package io.coreserve.trace.swf;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Turns raw {@link SwfJob}s into {@link TraceJob}s and counts every decision it takes.
 *
 * <ul>
 *   <li>processors: requested processors (field 8); if unknown, allocated processors (field 5), counted;</li>
 *   <li>estimate: requested time (field 9); if unknown, the run time (field 4), counted;</li>
 *   <li>skipped, with the reason counted: unknown submit time, no known processor count, unknown or
 *       zero run time.</li>
 * </ul>
 * Stateful (it keeps the counts); one instance per trace read.
 */
public final class SwfJobNormaliser {

    public static final String SKIP_NO_SUBMIT_TIME = "unknown submit time";
    public static final String SKIP_NO_PROCESSORS = "no requested or allocated processors";
    public static final String SKIP_NO_RUN_TIME = "unknown run time";
    public static final String SKIP_ZERO_RUN_TIME = "zero run time";
    public static final String SKIP_TOO_MANY_PROCESSORS = "processor count does not fit an int";

    private long accepted;
    private long processorFallbacks;
    private long requestedTimeFallbacks;
    private long runLongerThanRequested;
    private final Map<String, Long> skipped = new TreeMap<>();

    public Optional<TraceJob> normalise(SwfJob job) {
        if (job.submitTime() < 0) {
            return skip(SKIP_NO_SUBMIT_TIME);
        }
        long processors = job.requestedProcessors();
        boolean processorFallback = false;
        if (processors <= 0) {
            processors = job.allocatedProcessors();
            processorFallback = true;
            if (processors <= 0) {
                return skip(SKIP_NO_PROCESSORS);
            }
        }
        if (processors > Integer.MAX_VALUE) {
            return skip(SKIP_TOO_MANY_PROCESSORS);
        }
        if (job.runTime() < 0) {
            return skip(SKIP_NO_RUN_TIME);
        }
        if (job.runTime() == 0) {
            return skip(SKIP_ZERO_RUN_TIME);
        }
        long requested = job.requestedTime();
        boolean timeFallback = false;
        if (requested <= 0) {
            requested = job.runTime();
            timeFallback = true;
        }
        // counted only for jobs that are kept, so the counts add up to the accepted jobs
        processorFallbacks += processorFallback ? 1 : 0;
        requestedTimeFallbacks += timeFallback ? 1 : 0;
        runLongerThanRequested += job.runTime() > requested ? 1 : 0;
        accepted++;
        return Optional.of(new TraceJob(job.jobNumber(), job.submitTime(), (int) processors, requested, job.runTime()));
    }

    private Optional<TraceJob> skip(String reason) {
        skipped.merge(reason, 1L, Long::sum);
        return Optional.empty();
    }

    public NormalisationReport report() {
        return new NormalisationReport(accepted, processorFallbacks, requestedTimeFallbacks, runLongerThanRequested,
                new TreeMap<>(skipped));
    }

    /**
     * What the normaliser did.
     *
     * @param accepted                  jobs turned into trace jobs
     * @param processorFallbacks        accepted jobs whose processors came from the allocated count
     * @param requestedTimeFallbacks    accepted jobs whose estimate is their run time
     * @param runLongerThanRequested    accepted jobs that ran longer than they requested
     * @param skippedByReason           jobs skipped, by reason
     */
    public record NormalisationReport(long accepted, long processorFallbacks, long requestedTimeFallbacks,
                                      long runLongerThanRequested, Map<String, Long> skippedByReason) {
        public NormalisationReport {
            skippedByReason = Map.copyOf(skippedByReason);
        }

        public long skipped() {
            return skippedByReason.values().stream().mapToLong(Long::longValue).sum();
        }
    }
}
