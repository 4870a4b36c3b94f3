package io.coreserve.reservation;

/**
 * The identity of a request: its id is chosen by its user and is unique only among that user's requests of a
 * domain, so two users may both send "job-1" and get each their own decision, and neither can read, overwrite,
 * cancel or accept the other's.
 */
record RequestRef(String domain, String user, String requestId) {
}
