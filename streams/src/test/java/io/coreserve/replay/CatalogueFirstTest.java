package io.coreserve.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.serde.InMemorySchemaRegistryClient;
import io.coreserve.topology.EventSerdes;
import io.coreserve.trace.events.MappingOptions;
import io.coreserve.trace.events.SwfEvents;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The catalogue is sent, flushed and waited for before anything else of the trace is sent. */
class CatalogueFirstTest {

    static final String SCOPE = "catalogue-first";

    @AfterEach
    void dropScope() {
        InMemorySchemaRegistryClient.dropScope(SCOPE);
    }

    final MockProducer<String, byte[]> producer = new MockProducer<>(true, null, new StringSerializer(),
            new ByteArraySerializer());

    TraceReplayer replayer(TraceReplayer.CatalogueBarrier barrier) {
        CoreserveConfig config = CoreserveConfig.of(Map.of(CoreserveConfig.SCHEMA_REGISTRY_URL, "mock://" + SCOPE));
        return new TraceReplayer(producer, new EventEncoder(config.topics(), new EventSerdes(config)),
                Pacing.asFastAsPossible(), TraceReplayer.ProgressListener.NONE, barrier);
    }

    static SwfEvents trace() {
        return SwfEvents.of(new StringReader(ReplayDeterminismTest.SWF), MappingOptions.defaults().withDomain("d"));
    }

    @Test
    void shouldWaitForTheCatalogueBeforeSendingAnyRequest() throws Exception {
        List<String> sentBeforeBarrier = new ArrayList<>();
        List<Map<TopicPartition, Long>> barrierEnds = new ArrayList<>();

        ReplaySummary summary = replayer((ends, records) -> {
            producer.history().forEach(r -> sentBeforeBarrier.add(r.topic()));
            barrierEnds.add(ends);
            assertThat(records).isEqualTo(8);
        }).replay(trace());

        assertThat(summary.succeeded()).isTrue();
        assertThat(sentBeforeBarrier).hasSize(8).containsOnly("coreserve.resources");
        assertThat(barrierEnds).singleElement().satisfies(ends -> {
            assertThat(ends.keySet()).allSatisfy(tp -> assertThat(tp.topic()).isEqualTo("coreserve.resources"));
            assertThat(ends.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(8);
        });
        assertThat(producer.history()).hasSize(12);
    }

    @Test
    void shouldSendNothingAfterTheCatalogueWhenThePipelineDoesNotProcessIt() throws Exception {
        ReplaySummary summary = replayer((ends, records) -> {
            throw new TraceReplayer.CatalogueNotProcessed("not processed");
        }).replay(trace());

        assertThat(summary.succeeded()).isFalse();
        assertThat(summary.failure()).hasMessage("not processed");
        assertThat(producer.history()).hasSize(8).allSatisfy(r -> assertThat(r.topic()).isEqualTo("coreserve.resources"));
        assertThat(summary.sentByTopic()).containsOnlyKeys("coreserve.resources");
    }
}
