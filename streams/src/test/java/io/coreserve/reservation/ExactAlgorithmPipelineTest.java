package io.coreserve.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.Settings;
import io.coreserve.events.Allocation;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Resource;
import io.coreserve.serde.InMemorySchemaRegistryClient;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pipeline with {@code coreserve.engine.algorithm=exact}: the decision books the best set and says it is proven. */
class ExactAlgorithmPipelineTest {

    private static final Instant T0 = Instant.parse("2026-11-23T08:00:00Z");
    private static final long HOUR = 3_600_000L;

    @TempDir
    Path stateDir;

    private final String scope = "exact-" + UUID.randomUUID();
    private PipelineDriver pipeline;

    @AfterEach
    void close() {
        pipeline.driver().close();
        InMemorySchemaRegistryClient.dropScope(scope);
    }

    @Test
    void shouldBookTheSetOfBestUtilisationAndSayItIsProvenOptimal() {
        // Given four empty nodes (cores, GB): n1 (4, 8), n2 (2, 4), n3 (2, 2), n4 (1, 2)
        pipeline = PipelineDriver.start(stateDir, scope, T0,
                Map.of(Settings.ENGINE_ALGORITHM, "exact", Settings.ENGINE_EXACT_BUDGET, "100000"));
        var keys = Serdes.String();
        TestInputTopic<String, Resource> resources = pipeline.driver().createInputTopic(
                pipeline.config().topics().resources(), keys.serializer(), pipeline.serdes().resources().serializer());
        TestInputTopic<String, ReservationCommand> commands = pipeline.driver().createInputTopic(
                pipeline.config().topics().requests(), keys.serializer(), pipeline.serdes().commands().serializer());
        TestOutputTopic<String, ReservationDecision> decisions = pipeline.driver().createOutputTopic(
                pipeline.config().topics().decisions(), keys.deserializer(), pipeline.serdes().decisions().deserializer());
        double[][] nodes = {{4, 8}, {2, 4}, {2, 2}, {1, 2}};
        for (int k = 0; k < nodes.length; k++) {
            resources.pipeInput("default", Resource.newBuilder().setId("n" + (k + 1)).setDomain("default")
                    .setProperties(Map.of("cores", nodes[k][0], "memory_gb", nodes[k][1]))
                    .setLabels(Map.of()).setUpdatedAt(T0).build(), T0);
        }

        // When two nodes with 3 cores together are asked for (memory unnamed: the small default e_i)
        commands.pipeInput("default", ReservationCommand.newBuilder().setCommand(CoAllocationRequest.newBuilder()
                .setRequestId("r1").setUser("alice").setEmail("alice@example.org").setDomain("default")
                .setDurationMillis(2 * HOUR).setResourceCount(2).setEarliestStart(T0).setLatestStart(T0)
                .setMinimums(Map.of("cores", 1.0)).setTotals(Map.of("cores", 3.0)).setSubmittedAt(T0).build())
                .build(), T0);

        // Then n3 and n4: 3 of 3 cores and 2 GB of 4 (U~ = 3/3 * 0.002/4), the best of the six pairs, proven
        ReservationDecision d = decisions.readValue();
        assertThat(d.getStatus()).as(d.getMessage()).isEqualTo(ReservationStatus.ACCEPTED);
        assertThat(d.getAllocations()).extracting(Allocation::getResourceId).containsExactly("n3", "n4");
        assertThat(d.getEstimatedUtilisationFactor()).isCloseTo(0.0005, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(d.getStatistics().getAlgorithm()).isEqualTo("exact");
        assertThat(d.getStatistics().getCounts()).containsEntry("optimalityProven", 1L).containsKey("exactNodes");
    }
}
