/**
 * Reading PlanetLab CPU-utilisation traces (CoMon data as published with CloudSim): one file per node, 288
 * five-minute integer percentages per day.
 */
package io.coreserve.trace.planetlab;
