/**
 * The five scheduling policies of seed 001's experiments (section 4), all behind
 * {@link io.coreserve.offers.policy.SchedulingPolicy} and all reading and writing the same provider
 * agents' reservation lists.
 *
 * <p>Choices the paper leaves open, kept the same across policies: a job planned on one cluster goes to
 * the cluster where it would finish first (ties: lower cluster number), as Algorithm 2 prefers the
 * earliest finish; durations are planned from the job's length estimate; jobs are considered in
 * submission order.
 */
package io.coreserve.offers.policy;
