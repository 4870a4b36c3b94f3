/**
 * Exact searches for the co-allocation problem of seed paper 000 (earliest start, then the best worst-case
 * utilisation factor U~ of eq. (3)): exhaustive, with sound cuts, no solver library. {@link ExactOracle} grades
 * the heuristic engine in {@code evaluate collective}; {@link BestSubset} is the branch and bound the engine's
 * {@code exact} algorithm runs at the start time the improved algorithm found.
 */
package io.coreserve.engine.exact;
