package io.coreserve.topology;

import io.coreserve.config.Topics;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * The reservation pipeline's nodes: resources, samples, commands and the virtual grid coordinator's bind commands of a
 * domain flow into one processor that owns the domain's state; decisions, notifications and bind replies flow out. The application composes it with the offers pipeline in
 * {@link CoreserveTopology}. Every node and store has an explicit name so that
 * {@code describe()} reads like a diagram and stays stable.
 */
public final class PipelineTopology {

    public static final String RESOURCES_SOURCE = "Resources";
    public static final String SAMPLES_SOURCE = "Samples";
    public static final String REQUESTS_SOURCE = "Requests";
    /** Virtual grids (seed 004): the coordinator's binds and releases, on their own topic keyed by domain. */
    public static final String BIND_COMMANDS_SOURCE = "BindCommands";
    public static final String BIND_REPLIES_SINK = "BindReplies";
    /** Virtual grids: every catalogue record the domain tasks read, for the coordinator's global store. */
    public static final String CATALOGUE_MIRROR_SINK = "CatalogueMirror";
    public static final String PROCESSOR = "AllocateAndBook";
    public static final String DECISIONS_SINK = "Decisions";
    public static final String NOTIFICATIONS_SINK = "Notifications";

    private PipelineTopology() {
    }

    public static Topology build(Topics topics, EventSerdes serdes, DomainEventHandler.Factory handlers,
            Iterable<StoreBuilder<?>> stores) {
        return addTo(new Topology(), topics, serdes, handlers, stores);
    }

    /**
     * The same, built with the application's settings: a bare {@code new Topology()} reads a default configuration
     * of its own and warns about settings the application has made.
     */
    public static Topology build(java.util.Properties streamsProperties, Topics topics, EventSerdes serdes,
            DomainEventHandler.Factory handlers, Iterable<StoreBuilder<?>> stores) {
        Topology topology = new Topology(new org.apache.kafka.streams.TopologyConfig(
                new org.apache.kafka.streams.StreamsConfig(streamsProperties)));
        return addTo(topology, topics, serdes, handlers, stores);
    }

    /** Adds the reservation pipeline's nodes and stores to {@code topology} (see {@link CoreserveTopology}). */
    public static Topology addTo(Topology topology, Topics topics, EventSerdes serdes,
            DomainEventHandler.Factory handlers, Iterable<StoreBuilder<?>> stores) {
        var keys = Serdes.String();
        topology.addSource(RESOURCES_SOURCE, keys.deserializer(), serdes.resources().deserializer(), topics.resources());
        topology.addSource(SAMPLES_SOURCE, keys.deserializer(), serdes.samples().deserializer(), topics.samples());
        topology.addSource(REQUESTS_SOURCE, keys.deserializer(), serdes.authenticatedCommands().deserializer(), topics.requests());
        topology.addSource(BIND_COMMANDS_SOURCE, keys.deserializer(), serdes.bindCommands().deserializer(),
                topics.bindCommands());
        topology.addProcessor(PROCESSOR,
                () -> new DomainProcessor(handlers, DECISIONS_SINK, NOTIFICATIONS_SINK, BIND_REPLIES_SINK,
                        CATALOGUE_MIRROR_SINK),
                RESOURCES_SOURCE, SAMPLES_SOURCE, REQUESTS_SOURCE, BIND_COMMANDS_SOURCE);
        for (StoreBuilder<?> store : stores) {
            topology.addStateStore(store, PROCESSOR);
        }
        topology.addSink(DECISIONS_SINK, topics.decisions(), keys.serializer(), serdes.decisions().serializer(), PROCESSOR);
        topology.addSink(NOTIFICATIONS_SINK, topics.notifications(), keys.serializer(),
                serdes.notifications().serializer(), PROCESSOR);
        topology.addSink(BIND_REPLIES_SINK, topics.bindReplies(), keys.serializer(), serdes.bindReplies().serializer(),
                PROCESSOR);
        topology.addSink(CATALOGUE_MIRROR_SINK, topics.vgridCatalogue(), keys.serializer(),
                serdes.resources().serializer(), PROCESSOR);
        return topology;
    }

}
