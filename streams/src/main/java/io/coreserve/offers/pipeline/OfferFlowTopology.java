package io.coreserve.offers.pipeline;

import io.coreserve.config.Topics;
import io.coreserve.events.OfferJobState;
import io.coreserve.events.ProviderBook;
import io.coreserve.topology.EventSerdes;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * Seed 001's COARP as two sub-topologies that talk over topics, as the metascheduler and the resource
 * providers of Figure 2 talk over the network:
 * <pre>
 *   offer-requests (key request id) --+
 *                                     +--> OffersMetascheduler [offer-jobs] --> agent-commands (key provider id)
 *   agent-replies (key request id) ---+                                   \--> decisions, notifications (key request id)
 *
 *   agent-commands --> ProviderAgents [provider-books] --> agent-replies
 * </pre>
 * Every source, processor, sink and store is named, and the names do not clash with {@code PipelineTopology}'s,
 * so {@link #addTo} can add the offers pipeline to the reservation pipeline's topology and both run in one app.
 * Both stores are persistent and changelogged.
 */
public final class OfferFlowTopology {

    public static final String OFFER_REQUESTS_SOURCE = "OfferRequests";
    public static final String AGENT_REPLIES_SOURCE = "AgentReplies";
    public static final String METASCHEDULER = "OffersMetascheduler";
    public static final String AGENT_COMMANDS_SINK = "AgentCommandsOut";
    public static final String DECISIONS_SINK = "OfferDecisions";
    public static final String NOTIFICATIONS_SINK = "OfferNotifications";
    public static final String AGENT_COMMANDS_SOURCE = "AgentCommands";
    public static final String PROVIDER_AGENTS = "ProviderAgents";
    public static final String AGENT_REPLIES_SINK = "AgentRepliesOut";

    /** Metascheduler: one {@code OfferJobState} per request id. */
    public static final String JOBS_STORE = "offer-jobs";
    /** Provider agents: one {@code ProviderBook} (the accepted reservations, the ARList) per provider id. */
    public static final String PROVIDER_BOOKS_STORE = "provider-books";

    private OfferFlowTopology() {
    }

    /** A topology with only the offers pipeline, e.g. for a TopologyTestDriver. */
    public static Topology build(Topics topics, EventSerdes serdes, OfferFlowSettings settings) {
        return addTo(new Topology(), topics, serdes, settings);
    }

    /**
     * Adds the metascheduler and the provider agents, with their stores, to {@code topology}. Needs the topics
     * {@code offerRequests}, {@code agentCommands}, {@code agentReplies}, {@code decisions} and {@code notifications}
     * (offer-requests and agent-replies with the same partition count) and the grid of {@code settings}.
     */
    public static Topology addTo(Topology topology, Topics topics, EventSerdes serdes, OfferFlowSettings settings) {
        addMetascheduler(topology, topics, serdes, settings);
        addProviderAgents(topology, topics, serdes, settings);
        return topology;
    }

    /** The metascheduler half alone: jobs and agent replies in; agent commands, decisions and notifications out. */
    public static Topology addMetascheduler(Topology topology, Topics topics, EventSerdes serdes,
            OfferFlowSettings settings) {
        Providers providers = new Providers(settings.grid());
        var keys = Serdes.String();
        topology.addSource(OFFER_REQUESTS_SOURCE, keys.deserializer(), serdes.offerJobRequests().deserializer(),
                topics.offerRequests());
        topology.addSource(AGENT_REPLIES_SOURCE, keys.deserializer(), serdes.agentReplies().deserializer(),
                topics.agentReplies());
        topology.addProcessor(METASCHEDULER, () -> new MetaschedulerProcessor(providers, settings.maxAttempts(),
                settings.replyTimeout(), settings.retention()),
                OFFER_REQUESTS_SOURCE, AGENT_REPLIES_SOURCE);
        topology.addStateStore(store(JOBS_STORE, serdes.create(OfferJobState.class)), METASCHEDULER);
        topology.addSink(AGENT_COMMANDS_SINK, topics.agentCommands(), keys.serializer(),
                serdes.agentCommands().serializer(), METASCHEDULER);
        topology.addSink(DECISIONS_SINK, topics.decisions(), keys.serializer(), serdes.decisions().serializer(),
                METASCHEDULER);
        topology.addSink(NOTIFICATIONS_SINK, topics.notifications(), keys.serializer(),
                serdes.notifications().serializer(), METASCHEDULER);
        return topology;
    }

    /** The provider agents half alone: agent commands in, agent replies out. */
    public static Topology addProviderAgents(Topology topology, Topics topics, EventSerdes serdes,
            OfferFlowSettings settings) {
        Providers providers = new Providers(settings.grid());
        var keys = Serdes.String();
        topology.addSource(AGENT_COMMANDS_SOURCE, keys.deserializer(), serdes.agentCommands().deserializer(),
                topics.agentCommands());
        topology.addProcessor(PROVIDER_AGENTS, () -> new ProviderAgentProcessor(providers, settings.retention()), AGENT_COMMANDS_SOURCE);
        topology.addStateStore(store(PROVIDER_BOOKS_STORE, serdes.create(ProviderBook.class)), PROVIDER_AGENTS);
        topology.addSink(AGENT_REPLIES_SINK, topics.agentReplies(), keys.serializer(), serdes.agentReplies().serializer(),
                PROVIDER_AGENTS);
        return topology;
    }

    private static <V> StoreBuilder<KeyValueStore<String, V>> store(String name, Serde<V> values) {
        return Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(name), Serdes.String(), values);
    }
}
