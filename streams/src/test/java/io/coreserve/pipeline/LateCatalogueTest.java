package io.coreserve.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.bench.DecisionsChecker;
import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.Resource;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.serde.InMemorySchemaRegistryClient;
import io.coreserve.topology.EventSerdes;
import io.coreserve.topology.PipelineTopology;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load test's workload on TopologyTestDriver, with the catalogue arriving in pieces between requests and
 * cancellations, as it can when the pipeline starts reading requests before it has read every resource: the books
 * are rebuilt after each piece, and the independent checker must still find nothing over-committed.
 */
class LateCatalogueTest {

    /** Its own state directory: test runs in parallel JVMs would otherwise share the default one. */
    @TempDir
    java.nio.file.Path stateDir;

    /** Commands per millisecond of event time, so that decisions share milliseconds as under a burst. */
    static final int TIE = 10;

    @Test
    void shouldNotOverCommitWhenResourcesArriveBetweenRequestsAndCancellations() {
        String scope = "late-catalogue";
        CoreserveConfig config = CoreserveConfig.of(Map.of(
                StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092",
                StreamsConfig.STATE_DIR_CONFIG, stateDir.toString(),
                CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://" + scope));
        EventSerdes serdes = new EventSerdes(config);
        ReservationPipeline pipeline = ReservationPipeline.forConfig(config);
        Instant now = Instant.parse("2026-11-21T20:54:46.376Z");
        List<Resource> catalogue = DemoCatalogue.generate(200, Workload.DOMAIN, 7L, now);
        List<CoAllocationRequest> requests = Workload.requests("load", 1000, 2026L, now);
        try (TopologyTestDriver driver = new TopologyTestDriver(PipelineTopology.build(config.topics(), serdes,
                pipeline.handlers(), pipeline.stores()), config.streamsProperties(), now)) {
            var keys = Serdes.String();
            var resources = driver.createInputTopic(config.topics().resources(), keys.serializer(),
                    serdes.resources().serializer());
            var commands = driver.createInputTopic(config.topics().requests(), keys.serializer(),
                    serdes.commands().serializer());
            var decisions = driver.createOutputTopic(config.topics().decisions(), keys.deserializer(),
                    serdes.decisions().deserializer());
            SplittableRandom random = new SplittableRandom(11L);
            int nextResource = 0;
            for (int i = 0; i < requests.size(); i++) {
                // A piece of the catalogue every 40 requests until it is all there.
                if (i % 40 == 0 && nextResource < catalogue.size()) {
                    for (int k = 0; k < 20 && nextResource < catalogue.size(); k++) {
                        resources.pipeInput(Workload.DOMAIN, catalogue.get(nextResource++), now);
                    }
                }
                ReservationCommand command = Workload.command(requests.get(i));
                commands.pipeInput(Workload.DOMAIN, command, now.plusMillis(i / TIE));
                if (i >= 100 && i % 25 == 0) {
                    commands.pipeInput(Workload.DOMAIN, Workload.command(Workload.cancel(requests.get(random.nextInt(i)), now)),
                            now.plusMillis(i / TIE));
                }
            }
            List<ReservationDecision> all = new ArrayList<>(decisions.readValuesToList());
            DecisionsChecker.Report report = DecisionsChecker.check(catalogue, all);

            assertThat(report.ok()).as(report.summary()).isTrue();
            assertThat(report.releases()).isPositive();
        } finally {
            InMemorySchemaRegistryClient.dropScope(scope);
        }
    }
}
