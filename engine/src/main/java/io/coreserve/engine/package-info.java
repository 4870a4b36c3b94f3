/**
 * The co-allocation engine of Cankar et al., "Co-Allocation with Collective Requests in Grid Systems"
 * (seed paper 000), in plain Java: no Kafka, Avro or event classes (an ArchUnit test enforces it).
 *
 * <h2>Packages</h2>
 * <ul>
 *   <li>{@code model}: the value types of section 2: {@code PropertySchema} (the system's property list P,
 *       names interned to indexes), {@code Resource} (p_ij and labels), {@code Request} (t_res, N, t_e, t_l,
 *       e_i, d_i, labels), {@code Quantity} (amounts as fixed-point micro-units).</li>
 *   <li>{@code timetable}: T_ij(t) as compact step functions ({@code Timetable}: the breakpoints of a resource,
 *       shared by all properties, encoded as changes in blocks of a {@code byte[]} with a small block index,
 *       see {@code BlockCodec}), behind the
 *       {@code TimetableView}/{@code TimetableStore} interfaces so a state-store-backed implementation can
 *       replace {@code InMemoryTimetables}.</li>
 *   <li>{@code catalogue}: the resources by dense index ({@code ResourceCatalogue}, {@code InMemoryCatalogue}
 *       with per-label posting lists so Phase I need not scan every resource).</li>
 *   <li>{@code allocation}: the algorithm of section 3, one class per phase, and the facade
 *       {@code CoAllocator} (probe, book, allocate, release, closest free interval).</li>
 * </ul>
 *
 * <h2>Decisions the paper leaves open</h2>
 * <ul>
 *   <li>Amounts are {@code long} micro-units: reserve/release add and subtract exactly, so a release restores
 *       a timetable bit for bit and capacity checks need no tolerance. Requirements e_i, d_i round up to the
 *       next micro-unit, capacities to the nearest.</li>
 *   <li>Intervals are half-open: a job at t_s holds [t_s, t_s + t_res); another may start at t_s + t_res.</li>
 *   <li>P in eqs. (1)-(3) is the system's full property list. A property the request does not name gets the
 *       small default e_i (config {@code defaultPerResource}, 0.001 units) and d_i = N e_i, so it is reserved
 *       and counts in U; d_i below N e_i is raised to N e_i (implied by the per-resource minimums).</li>
 *   <li>Phase I: the matching resources (labels and p_ij >= e_i, regardless of timetables); of more than
 *       M N, a seeded uniform random sample (rejection sampling from the rarest label's resources, with a full
 *       scan as fallback). Rejected when fewer than N match, or a later pass finds the same set again.</li>
 *   <li>Utilisation factor reported: U(R_s, t_s) of eq. (2) at the start time after booking, i.e. the
 *       product over P of sum_j (T_ij(t_s) + x_ij) / sum_j p_ij; beside it the estimate U~ of eq. (3).</li>
 *   <li>Randomness: one {@code SplittableRandom} per request, seeded from the config seed and the request id.</li>
 *   <li>SelectAndSwap's loop condition m <= |R_a| is read as "while an untried m-th resource remains"
 *       (m < |R_a| before the increment), so R_m always exists.</li>
 * </ul>
 */
package io.coreserve.engine;
