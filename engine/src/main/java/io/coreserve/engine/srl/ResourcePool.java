package io.coreserve.engine.srl;

import io.coreserve.engine.catalogue.ResourceCatalogue;
import io.coreserve.engine.timetable.TimetableStore;
import java.util.List;
import java.util.Set;

/**
 * Resources of one kind with their own property list and timetables. Compute nodes (and visualisation nodes) stay
 * in the pool seed 000 already uses, with its property list; network links ({@code netbw_mbps}) and storage
 * ({@code disk_gb}) get pools of their own, so adding them never adds a property to the nodes' list, and a
 * collective request of seed 000, which gives every listed property a small default requirement, decides as
 * before (issue 11; README: SRL co-reservations).
 *
 * @param labels the labels of every resource by catalogue index ({@code type=network}, {@code endpoint.a=n1},
 *               {@code price.cores=0.5}, {@code arch=IBM p690}); the catalogue only answers whether a resource has
 *               given labels, candidate generation needs their values
 */
public record ResourcePool(ResourceCatalogue catalogue, TimetableStore timetables, List<Set<String>> labels) {

    public ResourcePool {
        labels = List.copyOf(labels);
    }

    /** The value of the first label {@code key=value} of a resource, or null. */
    String label(int resource, String key) {
        String prefix = key + "=";
        for (String label : labels.get(resource)) {
            if (label.startsWith(prefix)) {
                return label.substring(prefix.length());
            }
        }
        return null;
    }

    /** The resource's type: its {@code type=} label, compute without one. */
    PartType type(int resource) {
        String value = label(resource, "type");
        PartType type = value == null ? PartType.COMPUTE : PartType.of(value);
        return type == null ? PartType.COMPUTE : type;
    }
}
