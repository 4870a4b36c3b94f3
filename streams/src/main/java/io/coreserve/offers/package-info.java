/**
 * Co-allocation with resource providers' offers and advance reservation planning (COARP), after
 * Makhlouf &amp; Yagoubi, "Co-allocation in grid computing using resources offers and advance
 * reservation planning" (seed paper 001), and the baselines it is compared with.
 *
 * <ul>
 *   <li>{@code grid}: the clusters (processors, speed in MIPS), Table 1 of the paper by default;</li>
 *   <li>{@code job}: a job as the paper sees it, length L in MI on P processors;</li>
 *   <li>{@code agent}: a resource provider with its advance-reservation list, Algorithm 1 (offers);</li>
 *   <li>{@code metascheduler}: Algorithm 2 (offer composition) and the advance reservations it sends;</li>
 *   <li>{@code policy}: COARP, FCFS, EASY backfilling, FPFS and SCOAL behind one interface;</li>
 *   <li>{@code simulation}: an event-driven replay of a workload on a grid, and its metrics.</li>
 * </ul>
 * No Kafka here: a stream processor can call {@code ProviderAgent#offer} and {@code OfferComposer#compose}
 * directly.
 */
package io.coreserve.offers;
