package io.coreserve.engine.srl;

import io.coreserve.engine.srl.CoReservationModel.Identity;
import io.coreserve.engine.srl.CoReservationModel.IdentityRelation;
import io.coreserve.engine.srl.CoReservationModel.Linear;
import io.coreserve.engine.srl.CoReservationModel.Offset;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded rebuild of the paper's section 6 data (spec 6.3): Listing 1's five parts (IBM, PCC, the link IBM-PCC,
 * VIS, the link IBM-VIS) over n resources and n^2 links (self-links included), every start of the grid a candidate:
 * parts 1-3 start at {@code k * gap}, parts 4-5 at {@code 4h + k * gap}, k = 0..c-1, on the 72 h window with 6 h
 * parts (so c = 66h / gap + 1 gives Table 2's 7 to 397). Cost ~ U{0..4000}, bandwidth ~ U{0..1000} on links and
 * 100 elsewhere (the listing's default), constraints once, total cost <= 10000, temp1-temp4 (temp2 on starts, as the
 * text says) and spat1-spat4, objective weights 1/3 for cost, start and bandwidth scaled by 20000, 237600 and 1000
 * ({@code CF = w / max}).
 */
public final class ListingOneInstances {

    /** Seconds of the window in which 6 h parts may start (72 h - 6 h). */
    public static final long START_RANGE_SECONDS = 237_600;
    /** Objective coefficients are the paper's real-valued ones times this, rounded. */
    public static final double OBJECTIVE_SCALE = 1e9;

    private ListingOneInstances() {
    }

    /** Table 2's candidate counts. */
    public static final int[] CANDIDATES = {7, 12, 23, 34, 67, 133, 265, 397};
    /** Table 2's resource counts. */
    public static final int[] RESOURCES = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20};

    /** V(n, c) = c (3n + 2n^2), the number of 0/1 variables. */
    public static long variables(int n, int c) {
        return (long) c * (3L * n + 2L * n * n);
    }

    /**
     * @param workflow   replace temp3 (VIS starts 4 h after IBM) by the workflow order {@code VIS.begin >= IBM.end}
     *                   (a model the anchor search does not apply to)
     * @param costCap    the total cost bound (Listing 1: 10000)
     */
    public static CoReservationModel generate(int n, int c, long seed, boolean workflow, long costCap) {
        if (c < 2 || START_RANGE_SECONDS % (c - 1) != 0) {
            throw new IllegalArgumentException("c - 1 must divide 66 h in seconds: " + c);
        }
        long gapMillis = START_RANGE_SECONDS / (c - 1) * 1000;
        SplittableRandom random = new SplittableRandom(seed);
        String[] ids = {"IBM", "PCC", "NET1", "VIS", "NET2"};
        int[][] resource = new int[5][];
        int[][] src = new int[5][];
        int[][] dst = new int[5][];
        long[][] begin = new long[5][];
        long[][] cost = new long[5][];
        long[][] objective = new long[5][];
        for (int p = 0; p < 5; p++) {
            boolean link = p == 2 || p == 4;
            long shift = p >= 3 ? 4 * 3600_000L : 0;
            int count = (link ? n * n : n) * c;
            resource[p] = new int[count];
            src[p] = new int[count];
            dst[p] = new int[count];
            begin[p] = new long[count];
            cost[p] = new long[count];
            objective[p] = new long[count];
            int i = 0;
            for (int r = 0; r < (link ? n * n : n); r++) {
                for (int k = 0; k < c; k++) {
                    resource[p][i] = link ? 1000 + r : r + 1;
                    src[p][i] = link ? r / n + 1 : -1;
                    dst[p][i] = link ? r % n + 1 : -1;
                    begin[p][i] = shift + k * gapMillis;
                    cost[p][i] = random.nextInt(4001);
                    long bandwidth = link ? random.nextInt(1001) : 100;
                    double start = begin[p][i] / 1000.0;
                    objective[p][i] = Math.round(OBJECTIVE_SCALE / 3
                            * (cost[p][i] / 20000.0 + start / START_RANGE_SECONDS - bandwidth / 1000.0));
                    i++;
                }
            }
        }
        List<Offset> offsets = new ArrayList<>(List.of(new Offset(0, 1, 0), new Offset(0, 2, 0), new Offset(3, 4, 0)));
        List<Linear> linear = new ArrayList<>(List.of(new Linear("cost", cost, Relation.LE, costCap)));
        if (workflow) {
            long[][] order = new long[5][];
            order[3] = begin[3];
            order[0] = new long[begin[0].length];
            for (int i = 0; i < order[0].length; i++) {
                order[0][i] = -(begin[0][i] + 6 * 3600_000L);
            }
            linear.add(new Linear("workflow", order, Relation.GE, 0));
        } else {
            offsets.add(new Offset(0, 3, 4 * 3600_000L));
        }
        List<IdentityRelation> identities = List.of(
                new IdentityRelation(0, Identity.RESOURCE, 2, Identity.SRC, true),
                new IdentityRelation(1, Identity.RESOURCE, 2, Identity.DST, true),
                new IdentityRelation(0, Identity.RESOURCE, 4, Identity.SRC, true),
                new IdentityRelation(3, Identity.RESOURCE, 4, Identity.DST, true));
        return new CoReservationModel(ids, resource, src, dst, begin, objective, offsets, identities, linear, List.of());
    }
}
