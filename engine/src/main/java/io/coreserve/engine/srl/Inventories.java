package io.coreserve.engine.srl;

import io.coreserve.engine.catalogue.InMemoryCatalogue;
import io.coreserve.engine.model.PropertySchema;
import io.coreserve.engine.model.Resource;
import io.coreserve.engine.timetable.InMemoryTimetables;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Builds an {@link Inventory} from a domain's resources by their {@code type=} label: links ({@code type=network})
 * into a pool with property {@code netbw_mbps}, storage ({@code type=storage}) into one with {@code disk_gb}, the
 * rest (compute, visualize, no label) into the nodes' pool with the nodes' own property list, which is what seed 000
 * sees, so links and disks never add a property to it. For the pipeline's domain books.
 */
public final class Inventories {

    private Inventories() {
    }

    /** Whether a resource belongs to the nodes' pool (what seed 000's collective requests may use). */
    public static boolean isNode(Resource resource) {
        return !resource.labels().contains("type=" + PartType.NETWORK.label())
                && !resource.labels().contains("type=" + PartType.STORAGE.label());
    }

    /**
     * @param nodeProperties the nodes' property list (seed 000's P)
     * @param resources      all resources of the domain; a link or storage resource without its property has
     *                       capacity 0 for it
     */
    public static Inventory of(PropertySchema nodeProperties, List<Resource> resources) {
        List<Resource> nodes = new ArrayList<>();
        List<Resource> links = new ArrayList<>();
        List<Resource> storage = new ArrayList<>();
        for (Resource r : resources) {
            if (r.labels().contains("type=" + PartType.NETWORK.label())) {
                links.add(r);
            } else if (r.labels().contains("type=" + PartType.STORAGE.label())) {
                storage.add(r);
            } else {
                nodes.add(r);
            }
        }
        return new Inventory(pool(nodeProperties, nodes), pool(PropertySchema.of(PartReader.NETBW), links),
                pool(PropertySchema.of(PartReader.DISK), storage));
    }

    /** A pool of the resources with only the schema's properties (others a resource lists are left out). */
    public static ResourcePool pool(PropertySchema properties, List<Resource> resources) {
        InMemoryCatalogue catalogue = new InMemoryCatalogue(properties);
        List<Set<String>> labels = new ArrayList<>();
        for (Resource r : resources) {
            java.util.Map<String, Double> kept = new java.util.HashMap<>(r.capacities());
            kept.keySet().retainAll(properties.names());
            catalogue.add(new Resource(r.id(), kept, r.labels()));
            labels.add(r.labels());
        }
        return new ResourcePool(catalogue, new InMemoryTimetables(catalogue.size(), properties.size()), labels);
    }
}
