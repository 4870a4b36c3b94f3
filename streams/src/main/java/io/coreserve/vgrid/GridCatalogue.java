package io.coreserve.vgrid;

import io.coreserve.engine.vgrid.classify.Classifier;
import io.coreserve.engine.vgrid.classify.ClassifierSettings;
import io.coreserve.engine.vgrid.classify.GridTables;
import io.coreserve.events.Resource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The classified catalogue the coordinator selects from (paper section 3.5.1: classification is offline and
 * periodic): an immutable snapshot of the three tables, rebuilt from the global catalogue store on the first
 * request after the catalogue changed. One per application instance, shared by its coordinator tasks; the global
 * store's updater marks it changed.
 */
final class GridCatalogue {

    private final ClassifierSettings settings;
    private final AtomicLong version = new AtomicLong();
    private Snapshot snapshot;
    private long snapshotVersion = -1;

    GridCatalogue(ClassifierSettings settings) {
        this.settings = settings;
    }

    /** The catalogue changed: the next {@link #snapshot} classifies it again. */
    void changed() {
        version.incrementAndGet();
    }

    /** The tables of the resources in service (not retired), in the store's key order, so every instance agrees. */
    synchronized Snapshot snapshot(ReadOnlyKeyValueStore<String, Resource> store) {
        long now = version.get();
        if (snapshot == null || now != snapshotVersion) {
            List<Resource> resources = new ArrayList<>();
            try (KeyValueIterator<String, Resource> all = store.all()) {
                all.forEachRemaining(kv -> {
                    if (kv.value != null && !kv.value.getRetired()) {
                        resources.add(kv.value);
                    }
                });
            }
            CatalogueInventory inventory = new CatalogueInventory(resources);
            snapshot = new Snapshot(inventory.hosts() == 0 ? null : Classifier.classify(inventory, settings), inventory);
            snapshotVersion = now;
        }
        return snapshot;
    }

    /** The tables (null when the catalogue is empty) and the resources behind their rows. */
    record Snapshot(GridTables tables, CatalogueInventory inventory) {

        /** The catalogue resource of a table row. */
        Resource resourceAt(int row) {
            return inventory.resource(tables.hostIds()[row]);
        }
    }
}
