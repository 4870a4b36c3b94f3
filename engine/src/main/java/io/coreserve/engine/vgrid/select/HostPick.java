package io.coreserve.engine.vgrid.select;

/** The best qualifying hosts of a range of clusters: how many qualify, the chosen rows, their mean rank. */
record HostPick(int qualifying, int chosen, double meanRank, int[] hosts) {
}
