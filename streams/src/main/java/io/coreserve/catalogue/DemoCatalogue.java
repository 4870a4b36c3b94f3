package io.coreserve.catalogue;

import io.coreserve.events.NetworkLocation;
import io.coreserve.events.Resource;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A synthetic catalogue for the local run: nodes whose cores, GHz and RAM follow seed 000's Table 1, spread
 * over a few clusters, all x86_64 Linux (the paper asked for AMD Opteron nodes; a fifth are labelled so, so
 * that a qualitative requirement has something to select).
 */
public final class DemoCatalogue {

    private DemoCatalogue() {
    }

    public static List<Resource> generate(int count, String domain, long seed, Instant now) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Resource> resources = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String id = String.format("node-%04d", i);
            String cluster = "cluster-" + (char) ('a' + i % 6);
            resources.add(Resource.newBuilder()
                    .setId(id)
                    .setDomain(domain)
                    .setCluster(cluster)
                    .setProperties(Table1Distribution.draw(random))
                    .setLabels(Map.of("arch", "x86_64", "os", "linux",
                            "cpu", random.nextInt(5) == 0 ? "opteron" : "xeon"))
                    .setLocation(NetworkLocation.newBuilder().setHost(id + "." + cluster + ".demo").setSite(domain).build())
                    .setUpdatedAt(now)
                    .build());
        }
        return resources;
    }
}
