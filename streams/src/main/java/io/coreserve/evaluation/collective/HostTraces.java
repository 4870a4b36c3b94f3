package io.coreserve.evaluation.collective;

import io.coreserve.trace.planetlab.NodeTrace;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * PlanetLab slice traces summed into node traces. Section 4.2 of seed paper 000 takes the usage of 606 nodes,
 * "where each node can be used simultaneously by multiple users"; the published files hold one slice (one
 * user's share) of a node each, so the node's usage in an interval is the sum of its slices' percentages,
 * capped at 100 (about 6 % of node intervals of 20110303 sum above 100).
 *
 * <p>A file is named {@code <host with '.' as '_'>_<slice>}, and a slice is named {@code <site>_<name>}, both
 * with underscores, so the split is read off the day itself, in this order:
 * <ol>
 *   <li>a space before the slice ({@code "host_de_ yale_p4p"}) ends the host;</li>
 *   <li>the longest H with a file {@code H_root} (the node's root context) that starts the name is the host;</li>
 *   <li>the longest slice name left after such an H in another file is cut off the end of the name;</li>
 *   <li>otherwise the last two parts, {@code <site>_<name>}, are the slice; names of fewer than three parts are
 *       nodes of their own.</li>
 * </ol>
 */
final class HostTraces {

    private static final String ROOT = "_root";

    private HostTraces() {
    }

    /** One trace per host, named by the host and sorted by name. */
    static List<NodeTrace> aggregate(List<NodeTrace> slices) {
        Set<String> roots = new HashSet<>();
        for (NodeTrace t : slices) {
            if (t.node().endsWith(ROOT)) {
                roots.add(t.node().substring(0, t.node().length() - ROOT.length()));
            }
        }
        Set<String> knownSlices = new HashSet<>();
        for (NodeTrace t : slices) {
            String root = rootHost(t.node(), roots);
            if (root != null) {
                knownSlices.add(t.node().substring(root.length() + 1).strip());
            }
        }
        Map<String, int[]> sums = new TreeMap<>();
        for (NodeTrace t : slices) {
            int[] sum = sums.computeIfAbsent(host(t.node(), roots, knownSlices), h -> new int[NodeTrace.INTERVALS]);
            for (int k = 0; k < NodeTrace.INTERVALS; k++) {
                sum[k] = Math.min(100, sum[k] + t.at(k));
            }
        }
        return sums.entrySet().stream().map(e -> new NodeTrace(e.getKey(), e.getValue())).toList();
    }

    static String host(String file, Set<String> roots, Set<String> knownSlices) {
        int space = file.indexOf("_ ");
        if (space > 0) {
            return file.substring(0, space);
        }
        String root = rootHost(file, roots);
        if (root != null) {
            return root;
        }
        String slice = null;
        for (String known : knownSlices) {
            if (file.endsWith("_" + known) && file.length() > known.length() + 1
                    && (slice == null || known.length() > slice.length())) {
                slice = known;
            }
        }
        if (slice != null) {
            return file.substring(0, file.length() - slice.length() - 1);
        }
        int last = file.lastIndexOf('_');
        int siteStart = last > 0 ? file.lastIndexOf('_', last - 1) : -1;
        return siteStart > 0 ? file.substring(0, siteStart) : file;
    }

    private static String rootHost(String file, Set<String> roots) {
        String best = null;
        for (String h : roots) {
            if (file.startsWith(h + "_") && (best == null || h.length() > best.length())) {
                best = h;
            }
        }
        return best;
    }
}
