package io.coreserve.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.engine.srl.Inventory;
import io.coreserve.engine.srl.ResourcePool;
import io.coreserve.events.CancelRequest;
import io.coreserve.events.CoReservationRequest;
import io.coreserve.events.Notification;
import io.coreserve.events.NotificationKind;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.events.ReservedPart;
import io.coreserve.routing.DomainKey;
import io.coreserve.serde.InMemorySchemaRegistryClient;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SRL co-reservations (seed 002) through the reservation pipeline on TopologyTestDriver: Given Figure 1's machines and
 * links, When SRL requests arrive on the requests topic, Then every part is booked with the decision, or nothing.
 */
class CoReservationPipelineTest {

    private static final long HOUR = 3_600_000L;

    @TempDir
    Path stateDir;

    private final List<Driven> drivers = new ArrayList<>();

    /** One pipeline on a TopologyTestDriver with Figure 1's domain loaded. */
    private final class Driven {
        final String scope = "srl-" + UUID.randomUUID();
        final PipelineDriver p;
        final TestInputTopic<String, Resource> resources;
        final TestInputTopic<String, ReservationCommand> commands;
        final TestOutputTopic<String, ReservationDecision> decisions;
        final TestOutputTopic<String, byte[]> rawDecisions;
        final TestOutputTopic<String, Notification> notifications;
        final TestInputTopic<String, ResourceSample> samples;

        Driven(String name) {
            p = PipelineDriver.start(stateDir.resolve(name), scope, SrlScenario.SENT);
            var keys = Serdes.String();
            var topics = p.config().topics();
            resources = p.driver().createInputTopic(topics.resources(), keys.serializer(),
                    p.serdes().resources().serializer());
            commands = p.driver().createInputTopic(topics.requests(), keys.serializer(),
                    p.serdes().commands().serializer());
            decisions = p.driver().createOutputTopic(topics.decisions(), keys.deserializer(),
                    p.serdes().decisions().deserializer());
            rawDecisions = p.driver().createOutputTopic(topics.decisions(), keys.deserializer(),
                    new ByteArrayDeserializer());
            notifications = p.driver().createOutputTopic(topics.notifications(), keys.deserializer(),
                    p.serdes().notifications().deserializer());
            samples = p.driver().createInputTopic(topics.samples(), keys.serializer(),
                    p.serdes().samples().serializer());
            SrlScenario.resources("default").forEach(this::add);
            drivers.add(this);
        }

        void add(Resource r) {
            resources.pipeInput(DomainKey.of(r.getDomain(), r.getId()), r, SrlScenario.SENT);
        }

        void send(Object command) {
            commands.pipeInput("default", ReservationCommand.newBuilder().setCommand(command).build(),
                    SrlScenario.SENT);
        }

        /** Every constant segment of every timetable of the domain's books (nodes, links), by resource id. */
        Map<String, String> timetables() {
            return p.pipeline().live().read("default", s -> snapshot(s.books("default").inventory())).orElseThrow();
        }
    }

    @AfterEach
    void close() {
        for (Driven d : drivers) {
            d.p.driver().close();
            InMemorySchemaRegistryClient.dropScope(d.scope);
        }
    }

    private static CoReservationRequest request(String id, String srl) {
        return CoReservationRequest.newBuilder().setRequestId(id).setUser("alice").setEmail("alice@example.org")
                .setDomain("default").setSrl(srl).setSubmittedAt(SrlScenario.SENT).build();
    }

    private static Map<String, ReservedPart> parts(ReservationDecision d) {
        return d.getParts().stream().collect(Collectors.toMap(ReservedPart::getPartId, Function.identity()));
    }

    @Test
    void shouldAcceptFigureOneBookingItsThreePartsAtTheEarliestStartWithTheirOffsets() {
        Driven d = new Driven("figure1");

        d.send(request("fig1", SrlScenario.srl("figure1.srl")));

        ReservationDecision decision = d.decisions.readValue();
        assertThat(decision.getStatus()).as(decision.getMessage()).isEqualTo(ReservationStatus.ACCEPTED);
        Map<String, ReservedPart> parts = parts(decision);
        assertThat(parts.keySet()).containsExactlyInAnyOrder("IBM", "PCC", "VIS");
        assertThat(parts.get("IBM").getResourceId()).isEqualTo("ibm");
        assertThat(parts.get("PCC").getResourceId()).isEqualTo("pcc");
        assertThat(parts.get("VIS").getResourceId()).isEqualTo("onyx");
        assertThat(parts.get("IBM").getStart()).isEqualTo(SrlScenario.EST);
        assertThat(parts.get("PCC").getStart()).isEqualTo(SrlScenario.EST);
        assertThat(parts.get("VIS").getStart()).isEqualTo(SrlScenario.EST.plusMillis(4 * HOUR));
        assertThat(parts.get("IBM").getEnd()).isEqualTo(SrlScenario.EST.plusMillis(6 * HOUR));
        assertThat(parts.get("IBM").getAmounts()).isEqualTo(Map.of("cores", 16.0));
        assertThat(parts.get("IBM").getCost()).isEqualTo(16 * 1.0 * 6); // 16 cores at price 1 per core-hour
        assertThat(decision.getStart()).isEqualTo(SrlScenario.EST);
        assertThat(decision.getEnd()).isEqualTo(SrlScenario.EST.plusMillis(6 * HOUR));
        assertThat(decision.getSolverStatus()).isEqualTo("OPTIMAL");
        assertThat(decision.getObjectiveValue()).isNotNull();
        assertThat(decision.getMessage()).contains("reserved 3 parts", "IBM on ibm (cores=16)",
                "VIS on onyx (cores=4) 2007-12-12T22:00:00Z to 2007-12-13T00:00:00Z", "proven optimal",
                "weights sum to 18, not 1: normalised by their sum");
        Notification n = d.notifications.readValue();
        assertThat(n.getKind()).isEqualTo(NotificationKind.ACCEPTED);
        assertThat(n.getEmail()).isEqualTo("alice@example.org");
        assertThat(n.getMessage()).isEqualTo(decision.getMessage());
        assertThat(n.getResourceIds()).containsExactlyInAnyOrder("ibm", "pcc", "onyx");
        // The timetable query shows each part on its resource.
        var pcc = d.p.queries().timetable("default", "pcc", SrlScenario.SENT, SrlScenario.EST.plusMillis(24 * HOUR))
                .orElseThrow();
        assertThat(pcc.bookings()).singleElement().satisfies(b -> {
            assertThat(b.requestId()).isEqualTo("fig1");
            assertThat(b.from()).isEqualTo(SrlScenario.EST);
            assertThat(b.amounts()).isEqualTo(Map.of("cores", 32.0));
        });
    }

    @Test
    void shouldBookFiveDifferentPartsWithTheLinksJoiningTheChosenMachines() {
        Driven d = new Driven("links");

        d.send(request("fig1-links", SrlScenario.srl("figure1-links.srl")));

        ReservationDecision decision = d.decisions.readValue();
        assertThat(decision.getStatus()).as(decision.getMessage()).isEqualTo(ReservationStatus.ACCEPTED);
        Map<String, ReservedPart> parts = parts(decision);
        assertThat(parts.keySet()).containsExactlyInAnyOrder("IBM", "PCC", "VIS", "NET1", "NET2");
        assertThat(parts.get("NET1").getResourceId()).isEqualTo("ibm-pcc");
        assertThat(parts.get("NET1").getSrc()).isEqualTo("ibm");
        assertThat(parts.get("NET1").getDst()).isEqualTo("pcc");
        assertThat(parts.get("NET1").getAmounts()).isEqualTo(Map.of("netbw_mbps", 1000.0));
        assertThat(parts.get("NET1").getStart()).isEqualTo(parts.get("IBM").getStart());
        assertThat(parts.get("NET2").getResourceId()).isEqualTo("ibm-onyx");
        assertThat(parts.get("NET2").getStart()).isEqualTo(parts.get("VIS").getStart());
        assertThat(d.timetables().get("ibm-pcc")).contains("[1000000000]");
        assertThat(decision.getMessage()).contains("NET1 on ibm-pcc (netbw_mbps=1000) joining ibm and pcc");
    }

    @Test
    void shouldRefuseALinkWithAnUnreadableBandwidthAndGoOnDeciding() {
        Driven d = new Driven("bad-link");
        Resource link = SrlScenario.resources("default").get(4);
        d.add(Resource.newBuilder(link).setId("ibm-pcc-2").setProperties(Map.of("netbw_mbps", Double.NaN)).build());

        d.send(request("links", SrlScenario.srl("figure1-links.srl")));

        ReservationDecision decision = d.decisions.readValue();
        assertThat(decision.getStatus()).as(decision.getMessage()).isEqualTo(ReservationStatus.ACCEPTED);
        assertThat(d.timetables()).doesNotContainKey("ibm-pcc-2");
    }

    @Test
    void shouldRejectBadSrlNamingFieldRuleLineAndColumnAndBookNothing() {
        Driven d = new Driven("bad");
        Map<String, String> before = d.timetables();

        d.send(request("bad", "IBM.TS.duration = 6h\nIBM.QOS.cpus = 16\nIBM.CON.m = == IBM.RVC.begin\n"));

        ReservationDecision decision = d.decisions.readValue();
        assertThat(decision.getStatus()).isEqualTo(ReservationStatus.REJECTED);
        assertThat(decision.getReasonCode()).isEqualTo("INVALID_REQUEST");
        assertThat(decision.getField()).isEqualTo("IBM.CON.m");
        assertThat(decision.getMessage()).startsWith("line 3, column ").contains("rule=syntax");
        assertThat(decision.getParts()).isEmpty();
        assertThat(d.timetables()).isEqualTo(before);
        assertThat(d.notifications.readValue().getKind()).isEqualTo(NotificationKind.REJECTED);
    }

    @Test
    void shouldRejectAPartNoResourceCanServeAsNoCandidatesNamingThePart() {
        Driven d = new Driven("none");

        d.send(request("none", SrlScenario.srl("figure1.srl").replace("IBM.QOS.cpus     = 16",
                "IBM.QOS.cpus     = 99")));

        ReservationDecision decision = d.decisions.readValue();
        assertThat(decision.getReasonCode()).isEqualTo("NO_CANDIDATES");
        assertThat(decision.getField()).isEqualTo("IBM");
    }

    @Test
    void shouldSolveAgainWhenAPlanCannotBeBookedAndBookNothingWhenNoAttemptCan() {
        // Three 4-core parts at the same time on one 10-core node: any two fit (what the model checks), all three
        // do not, which only booking finds (paper steps 6-7). Each attempt forbids its plan and solves again, until
        // coreserve.srl.booking-retries (3) attempts have failed.
        Driven d = new Driven("conflict");
        d.add(Resource.newBuilder(SrlScenario.resources("default").get(3)).setId("big")
                .setProperties(Map.of("cores", 10.0)).setLabels(Map.of("arch", "big")).build());
        Map<String, String> before = d.timetables();
        StringBuilder srl = new StringBuilder();
        for (String part : List.of("A", "B", "C")) {
            srl.append(part).append(".TS.est = Dec 12 18:00:00 2007\n").append(part).append(".TS.duration = 1h\n")
                    .append(part).append(".TS.let = Dec 12 22:00:00 2007\n").append(part).append(".QOS.cpus = 4\n")
                    .append(part).append(".QOS.arch = \"big\"\n");
        }
        srl.append("B.CON.t = B.RVC.begin == A.RVC.begin\nC.CON.t = C.RVC.begin == A.RVC.begin\n");

        d.send(request("three", srl.toString()));

        ReservationDecision decision = d.decisions.readValue();
        assertThat(decision.getStatus()).isEqualTo(ReservationStatus.REJECTED);
        assertThat(decision.getReasonCode()).isEqualTo("NO_ADMISSIBLE_SET");
        assertThat(decision.getMessage()).contains("booking failed 3 times");
        assertThat(d.timetables()).isEqualTo(before);
    }

    @Test
    void shouldDecideTheSameInputByteForByteTheSame() {
        List<List<byte[]>> runs = new ArrayList<>();
        for (String name : List.of("first", "second")) {
            Driven d = new Driven(name);
            d.send(request("fig1", SrlScenario.srl("figure1.srl")));
            d.send(request("links", SrlScenario.srl("figure1-links.srl")));
            d.send(request("again", SrlScenario.srl("figure1-links.srl")));
            d.send(request("bad", "IBM.RVC.begin = 5"));
            List<byte[]> values = new ArrayList<>();
            // Avro after the registry framing (magic byte and schema id), which each driver's registry assigns.
            d.rawDecisions.readValuesToList().forEach(v -> values.add(Arrays.copyOfRange(v, 5, v.length)));
            runs.add(values);
        }

        assertThat(runs.get(0)).hasSize(4);
        for (int i = 0; i < 4; i++) {
            assertThat(runs.get(1).get(i)).as("decision %d", i).isEqualTo(runs.get(0).get(i));
        }
    }

    @Test
    void shouldReleaseEveryPartOnCancelRestoringEveryTimetableBitForBitAlsoAfterTheBooksWereRebuilt() {
        Driven d = new Driven("cancel");
        Map<String, String> before = d.timetables();
        d.send(request("links", SrlScenario.srl("figure1-links.srl")));
        assertThat(d.decisions.readValue().getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
        Map<String, String> booked = d.timetables();
        assertThat(booked).isNotEqualTo(before);

        // A catalogue change rebuilds the books from the stores: the parts are booked again, exactly.
        d.add(Resource.newBuilder(SrlScenario.resources("default").get(3)).setId("n2").build());
        Map<String, String> rebuilt = d.timetables();
        rebuilt.remove("n2");
        assertThat(rebuilt).isEqualTo(booked);

        d.send(CancelRequest.newBuilder().setRequestId("links").setUser("alice").setDomain("default")
                .setRequestedAt(SrlScenario.SENT).build());

        ReservationDecision cancelled = d.decisions.readValue();
        assertThat(cancelled.getStatus()).isEqualTo(ReservationStatus.CANCELLED);
        assertThat(cancelled.getParts()).hasSize(5);
        Map<String, String> after = d.timetables();
        after.remove("n2");
        assertThat(after).isEqualTo(before);
    }

    @Test
    void shouldSendTheFirstDecisionAgainForARepeatedIdAndBookNothing() {
        Driven d = new Driven("repeat");
        d.send(request("fig1", SrlScenario.srl("figure1.srl")));
        ReservationDecision first = d.decisions.readValue();
        Map<String, String> booked = d.timetables();

        d.send(request("fig1", SrlScenario.srl("figure1.srl")));

        assertThat(d.decisions.readValue()).isEqualTo(first);
        assertThat(d.timetables()).isEqualTo(booked);
        // A new id for the same request books again: the p690's 32 cores hold two of its 16-core parts.
        d.send(request("fig1-b", SrlScenario.srl("figure1.srl")));
        ReservationDecision second = d.decisions.readValue();
        assertThat(second.getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
        assertThat(d.timetables()).isNotEqualTo(booked);
    }

    @Test
    void shouldTellTheHolderWhenALinkGoesDownAndWhenItsCoReservationStartsAndEnds() {
        Driven d = new Driven("lifecycle");
        d.send(request("links", SrlScenario.srl("figure1-links.srl")));
        assertThat(d.decisions.readValue().getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
        d.notifications.readValue();

        // Stream time moves with the samples: past the start, a link reported down, then past the end (6 h).
        sample(d, "n1", SrlScenario.EST.plusMillis(120_000), true);
        List<Notification> atStart = d.notifications.readValuesToList();
        sample(d, "ibm-onyx", SrlScenario.EST.plusMillis(HOUR), false);
        List<Notification> lost = d.notifications.readValuesToList();
        sample(d, "n1", SrlScenario.EST.plusMillis(6 * HOUR + 120_000), true);
        List<Notification> atEnd = d.notifications.readValuesToList();

        assertThat(atStart).extracting(Notification::getKind).containsExactly(NotificationKind.STARTING);
        assertThat(atStart.get(0).getEmail()).isEqualTo("alice@example.org");
        assertThat(lost).singleElement().satisfies(n -> {
            assertThat(n.getKind()).isEqualTo(NotificationKind.RESOURCE_LOST);
            assertThat(n.getResourceIds()).containsExactly("ibm-onyx");
        });
        assertThat(atEnd).extracting(Notification::getKind).containsExactly(NotificationKind.COMPLETED);
    }

    private static void sample(Driven d, String resource, Instant at, boolean up) {
        d.samples.pipeInput("default", ResourceSample.newBuilder().setResourceId(resource).setDomain("default")
                .setWindowStart(at).setWindowEnd(at.plusMillis(60_000)).setUsed(Map.of()).setUp(up).build(), at);
    }

    static Map<String, String> snapshot(Inventory inventory) {
        Map<String, String> out = new TreeMap<>();
        for (ResourcePool pool : new ResourcePool[] {inventory.nodes(), inventory.links()}) {
            int properties = pool.catalogue().properties().size();
            for (int r = 0; r < pool.catalogue().size(); r++) {
                StringBuilder text = new StringBuilder();
                pool.timetables().forEachSegment(r, 0, Long.MAX_VALUE / 2, (start, amounts, offset) -> text
                        .append(start).append(Arrays.toString(Arrays.copyOfRange(amounts, offset, offset + properties)))
                        .append(';'));
                out.put(pool.catalogue().id(r), text.toString());
            }
        }
        return out;
    }
}
