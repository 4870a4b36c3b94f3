/**
 * {@code coreserve evaluate vgrid}: seed paper 004's evaluation (Kee et al., section 4) on the engine's vgrid
 * package: the success rates of Figure 3 against the closed forms, and selection cost over a seeded rebuild of the
 * million-host grid (Figure 5).
 */
package io.coreserve.evaluation.vgrid;
