package io.coreserve.offers.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.offers.grid.Grid;
import io.coreserve.topology.PipelineTopology;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Pins the offers pipeline's names (renaming a node or store renames changelog topics and state directories,
 * which loses state on upgrade) and checks that it can join the reservation pipeline in one topology.
 */
class OfferFlowTopologyDescriptionTest {

    private static final String EXPECTED = """
            Topologies:
               Sub-topology: 0
                Source: AgentReplies (topics: [coreserve.agent-replies])
                  --> OffersMetascheduler
                Source: OfferRequests (topics: [coreserve.offer-requests])
                  --> OffersMetascheduler
                Processor: OffersMetascheduler (stores: [offer-jobs])
                  --> AgentCommandsOut, OfferDecisions, OfferNotifications
                  <-- OfferRequests, AgentReplies
                Sink: AgentCommandsOut (topic: coreserve.agent-commands)
                  <-- OffersMetascheduler
                Sink: OfferDecisions (topic: coreserve.decisions)
                  <-- OffersMetascheduler
                Sink: OfferNotifications (topic: coreserve.notifications)
                  <-- OffersMetascheduler

              Sub-topology: 1
                Source: AgentCommands (topics: [coreserve.agent-commands])
                  --> ProviderAgents
                Processor: ProviderAgents (stores: [provider-books])
                  --> AgentRepliesOut
                  <-- AgentCommands
                Sink: AgentRepliesOut (topic: coreserve.agent-replies)
                  <-- ProviderAgents
            """;

    private final OfferFlowFixture fixture = new OfferFlowFixture(Grid.parse("a 4 100"), 3);

    @AfterEach
    void close() {
        fixture.close();
    }

    @Test
    void shouldKeepItsDescriptionStable() {
        String described = OfferFlowTopology.build(fixture.topics, fixture.serdes, fixture.settings).describe().toString();

        assertThat(normalized(described)).isEqualTo(normalized(EXPECTED));
    }

    private static String normalized(String text) {
        return text.strip().lines().map(String::stripTrailing).collect(java.util.stream.Collectors.joining("\n"));
    }

    @Test
    void shouldJoinTheReservationPipelineInOneTopologyWithoutNameClashes() {
        ReservationPipeline reservations = ReservationPipeline.forConfig(fixture.config);
        Topology topology = PipelineTopology.build(fixture.topics, fixture.serdes, reservations.handlers(),
                reservations.stores());

        OfferFlowTopology.addTo(topology, fixture.topics, fixture.serdes, fixture.settings);

        TopologyDescription description = topology.describe();
        assertThat(description.subtopologies()).hasSize(3);
        assertThat(fixture.driver(topology).getAllStateStores())
                .containsKeys(OfferFlowTopology.JOBS_STORE, OfferFlowTopology.PROVIDER_BOOKS_STORE,
                        ReservationPipeline.RESERVATIONS_STORE);
    }
}
