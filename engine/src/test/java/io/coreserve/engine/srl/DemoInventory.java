package io.coreserve.engine.srl;

import io.coreserve.engine.catalogue.InMemoryCatalogue;
import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Resource;
import io.coreserve.engine.timetable.InMemoryTimetables;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Spec acceptance check 3's fixed catalogue: nodes n1, n2 (compute) and v1 (visualize), 9 links among them. */
final class DemoInventory {

    static final String[] NODES = {"n1", "n2", "v1"};

    private DemoInventory() {
    }

    static Inventory create() {
        InMemoryCatalogue nodes = new InMemoryCatalogue(PropertySchema.of("cores"));
        List<Set<String>> nodeLabels = new ArrayList<>();
        add(nodes, nodeLabels, new Resource("n1", Map.of("cores", 64.0), Set.of("type=compute", "price.cores=2")));
        add(nodes, nodeLabels, new Resource("n2", Map.of("cores", 48.0), Set.of("price.cores=1")));
        add(nodes, nodeLabels, new Resource("v1", Map.of("cores", 8.0), Set.of("type=visualize", "price.cores=5")));
        InMemoryCatalogue links = new InMemoryCatalogue(PropertySchema.of("netbw_mbps"));
        List<Set<String>> linkLabels = new ArrayList<>();
        for (String a : NODES) {
            for (String b : NODES) {
                add(links, linkLabels, new Resource(a + "-" + b, Map.of("netbw_mbps", 10_000.0),
                        Set.of("type=network", "endpoint.a=" + a, "endpoint.b=" + b, "price.netbw_mbps=0.001")));
            }
        }
        return new Inventory(new ResourcePool(nodes, new InMemoryTimetables(nodes.size(), 1), nodeLabels),
                new ResourcePool(links, new InMemoryTimetables(links.size(), 1), linkLabels), null);
    }

    private static void add(InMemoryCatalogue catalogue, List<Set<String>> labels, Resource resource) {
        catalogue.add(resource);
        labels.add(resource.labels());
    }

    /** The introduction's scenario with its two links (Listing 1's five parts), objective cost + start + bandwidth. */
    static final String LISTING_1 = """
            IBM.TS.est = 1197482400
            IBM.TS.let = 1197741600
            IBM.TS.duration = 6h
            IBM.QOS.cpus = 16
            PCC.TS.duration = 6h
            PCC.QOS.cpus = 32
            NET1.QOS.type = network
            NET1.QOS.netbw = 1 Gbit/s
            NET1.TS.duration = 6h
            VIS.QOS.type = visualize
            VIS.QOS.cpus = 4
            VIS.TS.duration = 2h
            NET2.QOS.type = network
            NET2.QOS.netbw = 100 Mbit/s
            NET2.TS.duration = 2h
            PCC.CON.time = PCC.RVC.begin == IBM.RVC.begin
            NET1.CON.time = NET1.RVC.begin == IBM.RVC.begin
            VIS.CON.time = PCC.RVC.begin + 14400 == VIS.RVC.begin
            NET2.CON.time = NET2.RVC.begin == VIS.RVC.begin
            NET1.CON.src = NET1.RVC.src == IBM.RVC.resource
            NET1.CON.dst = NET1.RVC.dst == PCC.RVC.resource
            NET2.CON.src = NET2.RVC.src == IBM.RVC.resource
            NET2.CON.dst = NET2.RVC.dst == VIS.RVC.resource
            ALL.CON.cost = IBM.RVC.cost + PCC.RVC.cost + NET1.RVC.cost + VIS.RVC.cost + NET2.RVC.cost <= 10000
            ALL.OBJ.cost = min, IBM.RVC.cost + PCC.RVC.cost + NET1.RVC.cost + VIS.RVC.cost + NET2.RVC.cost, 1
            ALL.OBJ.start = min, IBM.RVC.begin, 1
            ALL.OBJ.bandwidth = max, NET1.RVC.bandwidth + NET2.RVC.bandwidth, 1
            """;
}
