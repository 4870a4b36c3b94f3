package io.coreserve.engine.allocation;

/** Which start time Phase IV looks for first: the earliest (the paper) or the latest (closest free interval). */
enum SearchOrder {
    EARLIEST,
    LATEST
}
