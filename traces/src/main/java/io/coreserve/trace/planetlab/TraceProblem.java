package io.coreserve.trace.planetlab;

/**
 * Why a file was skipped.
 *
 * @param file    the file name
 * @param line    the 1-based line at fault, or 0 when the problem is the whole file (e.g. its length)
 * @param message for people
 */
public record TraceProblem(String file, int line, String message) {

    @Override
    public String toString() {
        return line > 0 ? file + ":" + line + ": " + message : file + ": " + message;
    }
}
