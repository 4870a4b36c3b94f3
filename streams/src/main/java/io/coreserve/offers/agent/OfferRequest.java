package io.coreserve.offers.agent;

/**
 * The metascheduler's request for an offer for job J<sub>L</sub><sup>P</sup> (seed 001, section 3.1):
 * the job's length L in MI, its P processors, and the time from which slots may start (now).
 */
public record OfferRequest(long jobId, long lengthMi, int processors, long notBefore) {

    public OfferRequest {
        if (lengthMi <= 0 || processors <= 0) {
            throw new IllegalArgumentException("an offer request needs a positive length and processor count");
        }
    }
}
