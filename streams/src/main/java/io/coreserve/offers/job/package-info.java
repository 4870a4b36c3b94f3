/** Jobs as seed 001 sees them (length L in MI on P processors), how trace jobs become such jobs, and allocations. */
package io.coreserve.offers.job;
