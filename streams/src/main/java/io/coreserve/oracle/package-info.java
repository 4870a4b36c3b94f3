/**
 * An exact oracle for the co-allocation problem of seed paper 000 (earliest start, then the best worst-case
 * utilisation factor U~ of eq. (3)), to grade the heuristic engine with. Exhaustive searches with sound cuts;
 * no solver library.
 */
package io.coreserve.oracle;
