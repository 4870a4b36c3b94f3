package io.coreserve.vgrid;

import io.coreserve.config.Topics;
import io.coreserve.events.VirtualGridState;
import io.coreserve.serde.RegistryWaitingDeserializer;
import io.coreserve.topology.EventSerdes;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.Stores;

/**
 * The virtual grid coordinator of seed 004 (spec 004 section 5, "Pipeline"), beside the domain tasks:
 * <pre>
 *   vgrid-requests (key request id) --+
 *                                     +--> VirtualGridCoordinator [virtual-grids] --> bind-commands (key domain)
 *   bind-replies (key request id) ----+           | reads [vgrid-catalogue]      \--> decisions, notifications
 *
 *   vgrid-catalogue (mirror of the catalogue the domain tasks read) --> global store vgrid-catalogue
 * </pre>
 * The domain tasks answer bind commands as a fourth input of {@code PipelineTopology}'s processor.
 */
public final class VirtualGridTopology {

    public static final String REQUESTS_SOURCE = "VirtualGridRequests";
    public static final String REPLIES_SOURCE = "BindRepliesIn";
    public static final String COORDINATOR = "VirtualGridCoordinator";
    public static final String COMMANDS_SINK = "BindCommandsOut";
    public static final String DECISIONS_SINK = "VirtualGridDecisions";
    public static final String NOTIFICATIONS_SINK = "VirtualGridNotifications";
    public static final String CATALOGUE_SOURCE = "VirtualGridCatalogueIn";
    public static final String CATALOGUE_UPDATER = "VirtualGridCatalogueUpdate";

    /** One {@code VirtualGridState} per request id. */
    public static final String STATES_STORE = "virtual-grids";
    /** Global: every resource of every domain, keyed by domain and id. */
    public static final String CATALOGUE_STORE = "vgrid-catalogue";

    private VirtualGridTopology() {
    }

    public static Topology addTo(Topology topology, Topics topics, EventSerdes serdes, VirtualGridSettings settings) {
        var keys = Serdes.String();
        GridCatalogue catalogue = new GridCatalogue(settings.classifier());
        topology.addGlobalStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(CATALOGUE_STORE),
                        Serdes.String(), serdes.resources()).withLoggingDisabled(),
                CATALOGUE_SOURCE, keys.deserializer(),
                // The global thread cannot be replaced as a stream thread is: it waits for the registry instead.
                new RegistryWaitingDeserializer<>(serdes.resources().deserializer()), topics.vgridCatalogue(),
                CATALOGUE_UPDATER, () -> new CatalogueUpdater(catalogue));
        topology.addSource(REQUESTS_SOURCE, keys.deserializer(), serdes.authenticatedVgridRequests().deserializer(),
                topics.vgridRequests());
        topology.addSource(REPLIES_SOURCE, keys.deserializer(), serdes.bindReplies().deserializer(),
                topics.bindReplies());
        topology.addProcessor(COORDINATOR, () -> new VirtualGridCoordinator(catalogue, settings),
                REQUESTS_SOURCE, REPLIES_SOURCE);
        topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STATES_STORE),
                Serdes.String(), serdes.create(VirtualGridState.class)), COORDINATOR);
        topology.addSink(COMMANDS_SINK, topics.bindCommands(), keys.serializer(), serdes.bindCommands().serializer(),
                COORDINATOR);
        topology.addSink(DECISIONS_SINK, topics.decisions(), keys.serializer(), serdes.decisions().serializer(),
                COORDINATOR);
        topology.addSink(NOTIFICATIONS_SINK, topics.notifications(), keys.serializer(),
                serdes.notifications().serializer(), COORDINATOR);
        return topology;
    }
}
