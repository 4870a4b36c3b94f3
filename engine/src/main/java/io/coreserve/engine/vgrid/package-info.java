/**
 * Virtual grids of Kee et al., "Improving Grid Resource Allocation via Integrated Selection and Binding" (seed
 * paper 004), in plain Java. {@link io.coreserve.engine.vgrid.Vgdl} compiles a request.
 * <ul>
 *   <li>{@code vgdl}: the vgDL language of section 3.1 (lexer, parser, syntax tree, the rules a request breaks).</li>
 *   <li>{@code classify}: the offline classification of section 3.5.1 into Host, Cluster and TightBag tables
 *       (columnar), and the seeded synthetic million-host grid of section 4.1.</li>
 *   <li>{@code select}: decomposition into components (section 3.3) and selection by filter, rank and limit
 *       (section 3.5.2), N best selections per component.</li>
 *   <li>{@code bind}: integrated and separate binding (sections 3.2, 3.3) as round-based state machines, the
 *       Bernoulli failure model (section 4.1.2) and the closed forms of the success rates.</li>
 * </ul>
 */
package io.coreserve.engine.vgrid;
