package io.coreserve.engine.srl;

/**
 * The reservation candidates of one part (paper step 3): parallel arrays, one entry per (resource, start).
 *
 * @param resource   catalogue index in the part's pool
 * @param identity   request-wide identity of the resource (what {@code RVC.resource} compares)
 * @param src        identity of a link's first endpoint as this candidate uses it, -1 for non-links
 * @param dst        identity of the other endpoint, -1 for non-links
 * @param begin      start, epoch millis
 * @param cost       reservation fee in thousandths
 * @param bandwidth  free Mbit/s of a link over the part's interval, in thousandths (0 for non-links)
 * @param found      candidates before the cap
 */
public record PartCandidates(int[] resource, int[] identity, int[] src, int[] dst, long[] begin, long[] cost,
        long[] bandwidth, int found) {

    public int size() {
        return begin.length;
    }

    /** Whether the cap cut candidates of this part (the decision says so). */
    public boolean capped() {
        return found > begin.length;
    }
}
