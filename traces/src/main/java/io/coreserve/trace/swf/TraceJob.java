package io.coreserve.trace.swf;

/**
 * A trace job ready for scheduling: every value known and positive.
 *
 * @param id               the SWF job number
 * @param submitSeconds    submission time, seconds from the start of the trace
 * @param processors       processors the job asks for (requested, else allocated)
 * @param requestedSeconds the user's run-time estimate (requested time, else the run time)
 * @param runSeconds       the run time the job actually had
 */
public record TraceJob(long id, long submitSeconds, int processors, long requestedSeconds, long runSeconds) {

    public TraceJob {
        if (submitSeconds < 0 || processors <= 0 || requestedSeconds <= 0 || runSeconds <= 0) {
            throw new IllegalArgumentException("trace job " + id + " has a negative or zero value");
        }
    }
}
