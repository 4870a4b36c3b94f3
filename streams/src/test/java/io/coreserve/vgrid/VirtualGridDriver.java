package io.coreserve.vgrid;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Settings;
import io.coreserve.events.BindCommand;
import io.coreserve.events.BindReply;
import io.coreserve.events.NetworkLocation;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.events.VirtualGridBinding;
import io.coreserve.events.VirtualGridRequest;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.routing.DomainKey;
import io.coreserve.topology.CoreserveTopology;
import io.coreserve.topology.EventSerdes;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;

/**
 * The application's topology (reservation pipeline and virtual grid coordinator) on a TopologyTestDriver, with the
 * spec's four domains A to D (spec 004 section 6.8): each holds two clusters of two hosts, ranked by clock so that
 * component i of {@code LooseBagOf(c)[4]} gets domain i's first cluster as selection 0 and its second as selection 1.
 */
final class VirtualGridDriver implements AutoCloseable {

    static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");
    static final List<String> DOMAINS = List.of("A", "B", "C", "D");
    static final String FOUR_CLUSTERS = """
            vgdl = LooseBagOf (clusters) [4] {
              clusters = ClusterOf (hosts) [2] {
                hosts = [ Cores >= 1 ] [Rank = Clock] } }
            """;

    final CoreserveConfig config;
    final TopologyTestDriver driver;
    final TestInputTopic<String, Resource> resources;
    final TestInputTopic<String, ResourceSample> samples;
    final TestInputTopic<String, VirtualGridRequest> requests;
    final TestOutputTopic<String, ReservationDecision> decisions;
    final TestOutputTopic<String, BindCommand> commands;
    /** Bind commands from elsewhere (a coordinator on another driver). */
    final TestInputTopic<String, BindCommand> commandsIn;
    final TestOutputTopic<String, BindReply> replies;
    /** Every decision read so far, in order. */
    final List<ReservationDecision> seen = new ArrayList<>();

    VirtualGridDriver(Path stateDir, String scope, Map<String, String> extra) {
        Map<String, String> settings = new HashMap<>(Map.of(
                StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092",
                StreamsConfig.STATE_DIR_CONFIG, stateDir.toString(),
                CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://" + scope,
                Settings.OFFERS_ENABLED, "false",
                Settings.VGRID_BIND_TIMEOUT, "PT5S"));
        settings.putAll(extra);
        config = CoreserveConfig.of(settings);
        EventSerdes serdes = new EventSerdes(config);
        driver = new TopologyTestDriver(CoreserveTopology.build(config, ReservationPipeline.forConfig(config)),
                config.streamsProperties(), T0);
        var keys = Serdes.String();
        var topics = config.topics();
        resources = driver.createInputTopic(topics.resources(), keys.serializer(), serdes.resources().serializer());
        samples = driver.createInputTopic(topics.samples(), keys.serializer(), serdes.samples().serializer());
        requests = driver.createInputTopic(topics.vgridRequests(), keys.serializer(), serdes.vgridRequests().serializer());
        decisions = driver.createOutputTopic(topics.decisions(), keys.deserializer(), serdes.decisions().deserializer());
        commands = driver.createOutputTopic(topics.bindCommands(), keys.deserializer(),
                serdes.bindCommands().deserializer());
        commandsIn = driver.createInputTopic(topics.bindCommands(), keys.serializer(),
                serdes.bindCommands().serializer());
        replies = driver.createOutputTopic(topics.bindReplies(), keys.deserializer(), serdes.bindReplies().deserializer());
    }

    /** The four domains' hosts: domain i's clusters have clocks 3800 - 100 i (first) and 3400 - 100 i (second). */
    static List<Resource> hosts() {
        List<Resource> hosts = new ArrayList<>();
        for (int d = 0; d < DOMAINS.size(); d++) {
            String domain = DOMAINS.get(d);
            for (int c = 0; c < 2; c++) {
                double ghz = (3800 - 100 * d - 400 * c) / 1000.0;
                for (int h = 0; h < 2; h++) {
                    hosts.add(Resource.newBuilder()
                            .setId(host(domain, c, h)).setDomain(domain).setCluster("cluster-" + c)
                            .setProperties(Map.of("cores", 4.0, "cpu_ghz", ghz, "memory_gb", 16.0))
                            .setLabels(Map.of("arch", "x86_64"))
                            .setLocation(NetworkLocation.newBuilder().setSite("site-" + domain).build())
                            .setUpdatedAt(T0).build());
                }
            }
        }
        return hosts;
    }

    void catalogue() {
        hosts().forEach(r -> resources.pipeInput(DomainKey.of(r.getDomain(), r.getId()), r, T0));
    }

    static String host(String domain, int cluster, int host) {
        return domain.toLowerCase() + "-c" + cluster + "-h" + host;
    }

    /** Makes cluster {@code cluster} of {@code domain} fully busy (measured usage) for the whole day after T0. */
    void busy(String domain, int cluster) {
        for (int h = 0; h < 2; h++) {
            samples.pipeInput(domain, ResourceSample.newBuilder().setDomain(domain).setResourceId(host(domain, cluster, h))
                    .setWindowStart(T0).setWindowEnd(T0.plusSeconds(86_400)).setUsed(Map.of("cores", 4.0)).build(), T0);
        }
    }

    void submit(String id, String vgdl, int selections, VirtualGridBinding binding) {
        submit(id, vgdl, selections, binding, T0.plusSeconds(1));
    }

    /** Submits at event time {@code at} (the request's window as {@link #request} makes it). */
    void submit(String id, String vgdl, int selections, VirtualGridBinding binding, Instant at) {
        VirtualGridRequest request = request(id, "alice", vgdl, selections, binding);
        request.setSubmittedAt(at);
        requests.pipeInput(id, request, at);
    }

    /** A request for one hour, ten minutes after T0, as {@link #submit} sends it. */
    static VirtualGridRequest request(String id, String user, String vgdl, int selections, VirtualGridBinding binding) {
        return VirtualGridRequest.newBuilder().setRequestId(id).setUser(user).setVgdl(vgdl)
                .setDurationMillis(3_600_000).setEarliestStart(T0.plusSeconds(600)).setSelections(selections)
                .setBinding(binding).setSubmittedAt(T0).build();
    }

    /** A request's value as the topic holds it (unsigned: no credentials in a test's settings sign). */
    byte[] serialized(VirtualGridRequest request) {
        return new EventSerdes(config).create(VirtualGridRequest.class).serializer()
                .serialize(config.topics().vgridRequests(), request);
    }

    /** Sends bytes as they are, with these headers, at the time {@link #submit} uses. */
    void submitRaw(String id, byte[] value, Headers headers) {
        driver.createInputTopic(config.topics().vgridRequests(), new StringSerializer(), new ByteArraySerializer())
                .pipeInput(new TestRecord<>(id, value, headers, T0.plusSeconds(1)));
    }

    /** The decision of request {@code id} among the decisions read so far (the vgrid's own, not its bookings'). */
    ReservationDecision decisionOf(String id) {
        seen.addAll(decisions.readValuesToList());
        return seen.stream().filter(d -> d.getRequestId().equals(id)).reduce((a, b) -> b).orElse(null);
    }

    /** Booking ids of request {@code id} whose last decision is ACCEPTED (held), by domain and booking id. */
    Map<String, ReservationDecision> heldBookings(String id) {
        seen.addAll(decisions.readValuesToList());
        Map<String, ReservationDecision> last = new HashMap<>();
        for (ReservationDecision d : seen) {
            if (d.getRequestId().startsWith("vg:" + id + ":")) {
                last.put(d.getDomain() + "/" + d.getRequestId(), d);
            }
        }
        last.values().removeIf(d -> d.getStatus() != io.coreserve.events.ReservationStatus.ACCEPTED);
        return last;
    }

    @Override
    public void close() {
        driver.close();
    }
}
