package io.coreserve.engine.vgrid.select;

import io.coreserve.engine.vgrid.vgdl.AggregateKind;
import io.coreserve.engine.vgrid.vgdl.Entity;
import io.coreserve.engine.vgrid.vgdl.VgdlException;
import io.coreserve.engine.vgrid.vgdl.VgdlRule;
import io.coreserve.engine.vgrid.vgdl.VgdlSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * Decomposition into components (paper section 3.3, spec 004 section 2.3): "both LooseBag and resources far away
 * (or those with no relationship) form natural bases of decomposition". A LooseBag's members are separate
 * components, far/lowBW operands are separate, and a TightBag, a Cluster, a close/highBW group or a lone node is one.
 */
public final class Decomposer {

    /** {@code coreserve.vgrid.max-components}'s default. */
    public static final int DEFAULT_MAX_COMPONENTS = 256;

    private Decomposer() {
    }

    public static Decomposition decompose(VgdlSpec spec, int maxComponents) throws VgdlException {
        List<ComponentGroup> groups = new ArrayList<>();
        List<int[]> apart = new ArrayList<>();
        collect(spec.root(), 1, 1, spec.name(), groups, apart);
        Decomposition d = new Decomposition(spec, groups, apart);
        if (d.maxComponents() > maxComponents) {
            throw new VgdlException(VgdlRule.TOO_MANY_COMPONENTS, spec.root().at(), "the specification asks for up to "
                    + d.maxComponents() + " components; at most " + maxComponents + " are allowed");
        }
        return d;
    }

    private static void collect(Entity e, int min, int max, String path, List<ComponentGroup> groups, List<int[]> apart) {
        if (e instanceof Entity.Aggregate a && a.kind() == AggregateKind.LOOSE_BAG) {
            collect(a.child(), multiply(min, a.count().min()), multiply(max, a.count().max()), path + "/" + a.childName(),
                    groups, apart);
        } else if (e instanceof Entity.Connection c && !c.op().joins()) {
            int leftFrom = groups.size();
            collect(c.left(), min, max, path + "/" + c.op().keyword() + "[0]", groups, apart);
            int rightFrom = groups.size();
            collect(c.right(), min, max, path + "/" + c.op().keyword() + "[1]", groups, apart);
            for (int l = leftFrom; l < rightFrom; l++) {
                for (int r = rightFrom; r < groups.size(); r++) {
                    apart.add(new int[] {l, r});
                }
            }
        } else {
            groups.add(new ComponentGroup(groups.size(), e, min, max, path));
        }
    }

    /** Saturating, so an absurd count is reported as too many components rather than overflowing. */
    private static int multiply(int a, int b) {
        long p = (long) a * b;
        return p > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) p;
    }
}
