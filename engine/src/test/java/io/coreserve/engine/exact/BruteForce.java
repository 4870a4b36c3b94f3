package io.coreserve.engine.exact;

import io.coreserve.engine.catalogue.ResourceCatalogue;
import io.coreserve.engine.timetable.TimetableView;

/** Plain brute force for tests: every start time on a grid, every subset of every size-N, no cleverness. */
final class BruteForce {

    private BruteForce() {
    }

    /** {start, best U~} at the earliest grid time with an admissible set, or null. */
    static double[] solve(ResourceCatalogue catalogue, TimetableView timetables, OracleRequest request, long step) {
        int size = catalogue.size();
        int p = catalogue.properties().size();
        long[] reserved = new long[p];
        for (long t = request.earliest(); t <= request.latest(); t += step) {
            double best = -1;
            for (int mask = 0; mask < (1 << size); mask++) {
                if (Integer.bitCount(mask) != request.count()) {
                    continue;
                }
                long[] sumA = new long[p];
                long[] sumT = new long[p];
                long[] sumP = new long[p];
                boolean ok = true;
                for (int j = 0; j < size && ok; j++) {
                    if ((mask & (1 << j)) == 0) {
                        continue;
                    }
                    ok = catalogue.hasLabels(j, request.labels());
                    timetables.maxReserved(j, t, t + request.duration(), reserved);
                    for (int i = 0; i < p && ok; i++) {
                        long cap = catalogue.capacity(j, i);
                        ok = cap >= request.perResource()[i] && cap - reserved[i] >= request.perResource()[i];
                        sumA[i] += cap - reserved[i];
                        sumT[i] += reserved[i];
                        sumP[i] += cap;
                    }
                }
                if (!ok) {
                    continue;
                }
                double value = 1;
                for (int i = 0; i < p && ok; i++) {
                    ok = sumA[i] >= request.totals()[i];
                    value *= (double) (request.totals()[i] + sumT[i]) / sumP[i];
                }
                if (ok && value > best) {
                    best = value;
                }
            }
            if (best >= 0) {
                return new double[] {t, best};
            }
        }
        return null;
    }
}
