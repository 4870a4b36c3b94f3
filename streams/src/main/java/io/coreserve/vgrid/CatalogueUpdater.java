package io.coreserve.vgrid;

import io.coreserve.events.Resource;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/** Keeps the global catalogue store as the mirror topic says, and tells the {@link GridCatalogue} it changed. */
final class CatalogueUpdater implements Processor<String, Resource, Void, Void> {

    private final GridCatalogue catalogue;
    private KeyValueStore<String, Resource> store;

    CatalogueUpdater(GridCatalogue catalogue) {
        this.catalogue = catalogue;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        store = context.getStateStore(VirtualGridTopology.CATALOGUE_STORE);
    }

    @Override
    public void process(Record<String, Resource> record) {
        if (record.key() == null) {
            return;
        }
        if (record.value() == null) {
            store.delete(record.key());
        } else {
            store.put(record.key(), record.value());
        }
        catalogue.changed();
    }
}
