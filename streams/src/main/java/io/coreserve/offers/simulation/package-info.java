/**
 * An event-driven replay of a workload on a grid under one policy ({@link
 * io.coreserve.offers.simulation.GridSimulation}) and the metrics of seed 001, section 4.1
 * ({@link io.coreserve.offers.simulation.ScheduleMetrics}).
 */
package io.coreserve.offers.simulation;
