package io.coreserve.trace.swf;

/**
 * One job line of an SWF v2.2 trace, field by field as written; {@code -1} means unknown.
 *
 * @param lineNumber 1-based line of the trace file the job was read from
 */
public record SwfJob(
        long lineNumber,
        long jobNumber,
        long submitTime,
        long waitTime,
        long runTime,
        long allocatedProcessors,
        double averageCpuTime,
        double usedMemory,
        long requestedProcessors,
        long requestedTime,
        double requestedMemory,
        long status,
        long userId,
        long groupId,
        long executable,
        long queue,
        long partition,
        long precedingJob,
        long thinkTime) {

    /** Number of whitespace-separated fields of a job line in SWF v2.2. */
    public static final int FIELD_COUNT = 18;

    /** The value SWF uses for an unknown field. */
    public static final long UNKNOWN = -1;
}
