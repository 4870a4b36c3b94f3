/** The clusters of a grid and the grid file format; Table 1 of seed 001 is the default grid. */
package io.coreserve.offers.grid;
