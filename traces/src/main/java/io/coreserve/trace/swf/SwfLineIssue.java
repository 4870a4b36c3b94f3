package io.coreserve.trace.swf;

/** A trace line that could not be read as a job; it was skipped, never repaired. */
public record SwfLineIssue(long lineNumber, String reason, String line) {

    @Override
    public String toString() {
        return "line " + lineNumber + ": " + reason;
    }
}
