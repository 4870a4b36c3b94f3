package io.coreserve.offers.pipeline;

import io.coreserve.events.AgentCommand;
import io.coreserve.events.AgentReply;
import io.coreserve.events.OfferJobRequest;
import io.coreserve.events.ReservationDecision;
import io.coreserve.offers.grid.Grid;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;

/**
 * The metascheduler and the provider agents as two drivers, with the commands and replies carried between them
 * by the test in rounds (each at the time it was sent), so that it can interleave jobs or lose messages.
 */
final class SplitOfferFlow implements AutoCloseable {

    final OfferFlowFixture fixture;
    final TopologyTestDriver metascheduler;
    final TopologyTestDriver agents;
    final TestInputTopic<String, OfferJobRequest> requests;
    final TestOutputTopic<String, AgentCommand> commandsOut;
    final TestInputTopic<String, AgentReply> repliesIn;
    final TestOutputTopic<String, ReservationDecision> decisions;
    private final TestInputTopic<String, AgentCommand> commandsIn;
    private final TestOutputTopic<String, AgentReply> repliesOut;
    /** Every command delivered to an agent, in order. */
    final List<AgentCommand> delivered = new ArrayList<>();

    SplitOfferFlow(Grid grid, int maxAttempts) {
        fixture = new OfferFlowFixture(grid, maxAttempts);
        var keys = Serdes.String();
        var serdes = fixture.serdes;
        var topics = fixture.topics;
        metascheduler = fixture.driver(OfferFlowTopology.addMetascheduler(new Topology(), topics, serdes, fixture.settings));
        agents = fixture.driver(OfferFlowTopology.addProviderAgents(new Topology(), topics, serdes, fixture.settings));
        requests = metascheduler.createInputTopic(topics.offerRequests(), keys.serializer(),
                serdes.offerJobRequests().serializer());
        commandsOut = metascheduler.createOutputTopic(topics.agentCommands(), keys.deserializer(),
                serdes.agentCommands().deserializer());
        repliesIn = metascheduler.createInputTopic(topics.agentReplies(), keys.serializer(), serdes.agentReplies().serializer());
        decisions = metascheduler.createOutputTopic(topics.decisions(), keys.deserializer(), serdes.decisions().deserializer());
        commandsIn = agents.createInputTopic(topics.agentCommands(), keys.serializer(), serdes.agentCommands().serializer());
        repliesOut = agents.createOutputTopic(topics.agentReplies(), keys.deserializer(), serdes.agentReplies().deserializer());
    }

    /** Carries all pending commands to the agents, then all their replies back, until nothing is in flight. */
    void exchangeUntilQuiet() {
        exchange(c -> false, r -> false);
    }

    /** As {@link #exchangeUntilQuiet()}, losing the commands and replies the predicates pick. */
    void exchange(Predicate<AgentCommand> lostCommand, Predicate<AgentReply> lostReply) {
        for (int round = 0; round < 20; round++) {
            List<AgentCommand> commands = commandsOut.readValuesToList();
            if (commands.isEmpty()) {
                return;
            }
            commands.stream().filter(lostCommand.negate()).forEach(c -> {
                delivered.add(c);
                commandsIn.pipeInput(c.getProviderId(), c, c.getSentAt());
            });
            repliesOut.readValuesToList().stream().filter(lostReply.negate())
                    .forEach(r -> repliesIn.pipeInput(r.getRequestId(), r, r.getSentAt()));
        }
        throw new AssertionError("the exchange did not settle");
    }

    @Override
    public void close() {
        fixture.close();
    }
}
