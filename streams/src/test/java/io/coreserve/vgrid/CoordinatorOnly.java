package io.coreserve.vgrid;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import io.coreserve.events.BindCommand;
import io.coreserve.events.BindOp;
import io.coreserve.events.BindReply;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.Resource;
import io.coreserve.events.VirtualGridBinding;
import io.coreserve.events.VirtualGridRequest;
import io.coreserve.routing.DomainKey;
import io.coreserve.topology.EventSerdes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;

/**
 * The coordinator alone on a TopologyTestDriver, with the catalogue written straight to its mirror topic: the test
 * plays the domains, answering bind commands (or not) by hand.
 */
final class CoordinatorOnly implements AutoCloseable {

    private final TopologyTestDriver driver;
    private final TestInputTopic<String, BindReply> replies;
    private final TestInputTopic<String, VirtualGridRequest> requests;
    private final TestOutputTopic<String, BindCommand> commands;
    private final TestOutputTopic<String, ReservationDecision> decisions;

    CoordinatorOnly(Path stateDir, String scope) {
        this(stateDir, scope, Map.of());
    }

    CoordinatorOnly(Path stateDir, String scope, Map<String, String> extra) {
        Map<String, String> settings = new java.util.HashMap<>(Map.of(
                StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092",
                StreamsConfig.STATE_DIR_CONFIG, stateDir.toString(),
                CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://" + scope,
                Settings.VGRID_BIND_TIMEOUT, "PT5S"));
        settings.putAll(extra);
        CoreserveConfig config = CoreserveConfig.of(settings);
        EventSerdes serdes = new EventSerdes(config);
        var topics = config.topics();
        driver = new TopologyTestDriver(VirtualGridTopology.addTo(new Topology(), topics, serdes,
                VirtualGridSettings.from(config)), config.streamsProperties(), VirtualGridDriver.T0);
        var keys = Serdes.String();
        TestInputTopic<String, Resource> catalogue = driver.createInputTopic(topics.vgridCatalogue(), keys.serializer(),
                serdes.resources().serializer());
        replies = driver.createInputTopic(topics.bindReplies(), keys.serializer(), serdes.bindReplies().serializer());
        requests = driver.createInputTopic(topics.vgridRequests(), keys.serializer(),
                serdes.vgridRequests().serializer());
        commands = driver.createOutputTopic(topics.bindCommands(), keys.deserializer(),
                serdes.bindCommands().deserializer());
        decisions = driver.createOutputTopic(topics.decisions(), keys.deserializer(), serdes.decisions().deserializer());
        VirtualGridDriver.hosts().forEach(r -> catalogue.pipeInput(DomainKey.of(r.getDomain(), r.getId()), r,
                VirtualGridDriver.T0));
    }

    void submit(String id) {
        requests.pipeInput(id, VirtualGridRequest.newBuilder().setRequestId(id).setUser("alice")
                .setVgdl(VirtualGridDriver.FOUR_CLUSTERS).setDurationMillis(3_600_000).setSelections(2)
                .setBinding(VirtualGridBinding.INTEGRATED).setSubmittedAt(VirtualGridDriver.T0).build(),
                VirtualGridDriver.T0);
    }

    /** The commands sent since the last call. */
    List<BindCommand> commands() {
        return commands.readValuesToList();
    }

    /** A domain's answer, as the domain gave it. */
    void deliver(BindReply reply) {
        replies.pipeInput(reply.getRequestId(), reply, reply.getSentAt());
    }

    void answer(BindCommand command, boolean accepted) {
        replies.pipeInput(command.getRequestId(), BindReply.newBuilder().setCommandId(command.getCommandId())
                .setOp(command.getOp()).setRequestId(command.getRequestId()).setDomain(command.getDomain())
                .setComponent(command.getComponent()).setSelection(command.getSelection()).setRound(command.getRound())
                .setAccepted(accepted || command.getOp() == BindOp.RELEASE).setReason(null)
                .setSentAt(command.getSentAt()).build(), command.getSentAt());
    }

    void advanceWallClock(Duration by) {
        driver.advanceWallClockTime(by);
    }

    /** The decisions sent since the last call. */
    List<ReservationDecision> decisions() {
        return decisions.readValuesToList();
    }

    ReservationDecision decision(String id) {
        return decisions.readValuesToList().stream().filter(d -> d.getRequestId().equals(id)).reduce((a, b) -> b)
                .orElse(null);
    }

    @Override
    public void close() {
        driver.close();
    }
}
