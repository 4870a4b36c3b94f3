package io.coreserve.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.routing.DomainKey;
import io.coreserve.trace.events.EventStream;
import io.coreserve.trace.events.TraceEvent;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TraceSourceKeysTest {

    @Test
    void shouldKeyAResourceByDomainAndIdAndOtherEventsByDomain() {
        Resource node = Resource.newBuilder().setId("node-7").setDomain("seth").setProperties(Map.of("cores", 2.0))
                .setUpdatedAt(Instant.EPOCH).build();
        ResourceSample sample = ResourceSample.newBuilder().setResourceId("node-7").setDomain("seth")
                .setWindowStart(Instant.EPOCH).setWindowEnd(Instant.ofEpochSecond(300)).build();

        assertThat(TraceSourceTask.keyOf(new TraceEvent(EventStream.RESOURCES, "seth", 0, node, 0, 0)))
                .isEqualTo(DomainKey.of("seth", "node-7"));
        assertThat(TraceSourceTask.keyOf(new TraceEvent(EventStream.SAMPLES, "seth", 0, sample, 1, 0))).isEqualTo("seth");
    }
}
