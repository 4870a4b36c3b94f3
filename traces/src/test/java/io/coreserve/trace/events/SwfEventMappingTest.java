package io.coreserve.trace.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.Resource;
import java.io.StringReader;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SwfEventMappingTest {

    /** 4 nodes sharing 10 processors: 3, 3, 2 and 2 cores, so c = 3. */
    static final String TRACE = """
            ; Version: 2.2
            ; UnixStartTime: 1000000000
            ; MaxNodes: 4
            ; MaxProcs: 10
            ;
                1     0   5  100   3  -1 -1   3  200 -1 1  7 1 -1 -1 1 -1 -1
                2    60   0   50  -1  -1 -1   8   -1 -1 1  7 1 -1 -1 1 -1 -1
                3   120   0   -1   2  -1 -1   2  300 -1 0  8 1 -1 -1 1 -1 -1
                4   150   0   10   2  -1 -1   2
                5   180   0   30   4  -1 -1  -1  600 -1 1 -1 1 -1 -1 1 -1 -1
            """;

    static final MappingOptions OPTIONS = MappingOptions.defaults().withDomain("hpc").withRequestWindow(Duration.ofHours(2));

    static List<TraceEvent> events(String trace, MappingOptions options) {
        List<TraceEvent> events = new ArrayList<>();
        try (SwfEvents stream = SwfEvents.of(new StringReader(trace), options)) {
            stream.forEachRemaining(events::add);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        return events;
    }

    static CoAllocationRequest request(TraceEvent event) {
        return (CoAllocationRequest) ((ReservationCommand) event.value()).getCommand();
    }

    @Test
    void shouldDescribeTheHeadersMachineAsACatalogueWithExactlyMaxProcsCores() {
        List<TraceEvent> events = events(TRACE, OPTIONS);

        List<Resource> resources = events.stream().filter(e -> e.stream() == EventStream.RESOURCES)
                .map(e -> (Resource) e.value()).toList();
        assertThat(resources).extracting(Resource::getId)
                .containsExactly("swf-node-0001", "swf-node-0002", "swf-node-0003", "swf-node-0004");
        assertThat(resources).extracting(r -> r.getProperties().get("cores")).containsExactly(3.0, 3.0, 2.0, 2.0);
        assertThat(resources).allSatisfy(r -> {
            assertThat(r.getDomain()).isEqualTo("hpc");
            assertThat(r.getUpdatedAt()).isEqualTo(Instant.ofEpochSecond(1_000_000_000L));
        });
        assertThat(events.subList(0, 4)).allSatisfy(e -> {
            assertThat(e.timestamp()).isEqualTo(1_000_000_000_000L);
            assertThat(e.key()).isEqualTo("hpc");
        });
    }

    @Test
    void shouldTurnEachUsableJobIntoACollectiveRequestForItsProcessors() {
        List<TraceEvent> requests = events(TRACE, OPTIONS).stream()
                .filter(e -> e.stream() == EventStream.REQUESTS).toList();

        assertThat(requests).extracting(e -> request(e).getRequestId()).containsExactly("swf-1", "swf-2", "swf-5");

        CoAllocationRequest first = request(requests.get(0));
        Instant submitted = Instant.ofEpochSecond(1_000_000_000L);
        assertThat(first.getUser()).isEqualTo("swf-user-7");
        assertThat(first.getEmail()).isNull();
        assertThat(first.getDomain()).isEqualTo("hpc");
        assertThat(first.getDurationMillis()).isEqualTo(200_000L);
        assertThat(first.getResourceCount()).isEqualTo(1); // ceil(3 / 3)
        assertThat(first.getMinimums()).isEqualTo(Map.of("cores", 1.0));
        assertThat(first.getTotals()).isEqualTo(Map.of("cores", 3.0));
        assertThat(first.getSubmittedAt()).isEqualTo(submitted);
        assertThat(first.getEarliestStart()).isEqualTo(submitted);
        assertThat(first.getLatestStart()).isEqualTo(submitted.plus(Duration.ofHours(2)));
        assertThat(requests.get(0).timestamp()).isEqualTo(submitted.toEpochMilli());
        assertThat(requests.get(0).line()).isEqualTo(6);

        CoAllocationRequest second = request(requests.get(1));
        assertThat(second.getDurationMillis()).as("no requested time: the run time").isEqualTo(50_000L);
        assertThat(second.getResourceCount()).isEqualTo(3); // ceil(8 / 3)
        assertThat(second.getTotals()).isEqualTo(Map.of("cores", 8.0));
        assertThat(requests.get(1).timestamp()).isEqualTo(submitted.plusSeconds(60).toEpochMilli());

        CoAllocationRequest fifth = request(requests.get(2));
        assertThat(fifth.getUser()).isEqualTo("swf-user-unknown");
        assertThat(fifth.getTotals()).as("no requested processors: the allocated ones").isEqualTo(Map.of("cores", 4.0));
        assertThat(fifth.getResourceCount()).isEqualTo(2);
        assertThat(fifth.getDurationMillis()).isEqualTo(600_000L);
    }

    @Test
    void shouldCountFallbacksAndSkippedLines() {
        try (SwfEvents stream = SwfEvents.of(new StringReader(TRACE), OPTIONS)) {
            stream.forEachRemaining(e -> { });
            TraceReport report = stream.report();
            assertThat(report.events()).containsEntry(EventStream.RESOURCES, 4L).containsEntry(EventStream.REQUESTS, 3L)
                    .containsEntry(EventStream.SAMPLES, 0L);
            assertThat(report.fallbacks()).containsValues(1L, 1L);
            assertThat(report.skipped()).containsEntry("unknown run time", 1L).containsEntry("malformed line", 1L);
            assertThat(report.notes()).isEmpty();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void shouldNumberEventsConsecutivelySoTheIndexIsAResumablePosition() {
        List<TraceEvent> events = events(TRACE, OPTIONS);
        assertThat(events).extracting(TraceEvent::index).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L);

        try (SwfEvents stream = SwfEvents.of(new StringReader(TRACE), OPTIONS)) {
            stream.skipTo(5);
            List<TraceEvent> rest = new ArrayList<>();
            stream.forEachRemaining(rest::add);
            assertThat(rest).isEqualTo(events.subList(5, 7));
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void shouldStopAfterTheLimitOfUsableJobs() {
        List<TraceEvent> events = events(TRACE, OPTIONS.withLimit(2));
        assertThat(events.stream().filter(e -> e.stream() == EventStream.REQUESTS)).hasSize(2);
    }

    @Test
    void shouldUseSingleCoreNodesWhenMaxNodesIsMissing() {
        assertThat(SwfEventMapping.nodeCores(header("; MaxProcs: 3"))).containsExactly(1, 1, 1);
        assertThat(SwfEventMapping.nodeCores(header("; MaxNodes: 2"))).containsExactly(1, 1);
        assertThat(SwfEventMapping.nodeCores(header("; MaxNodes: 2\n; MaxProcs: 8"))).containsExactly(4, 4);
        assertThat(SwfEventMapping.nodeCores(header("; Version: 2.2"))).isEmpty();
    }

    @Test
    void shouldStillProduceRequestsWithoutAMachineOrAStartAndSaySo() {
        List<TraceEvent> events = events("1 10 0 5 2 -1 -1 2 60 -1 1 3 1 -1 -1 1 -1 -1\n", OPTIONS);
        assertThat(events).singleElement().satisfies(e -> {
            assertThat(request(e).getResourceCount()).isEqualTo(2);
            assertThat(e.timestamp()).isEqualTo(10_000L);
        });
        try (SwfEvents stream = SwfEvents.of(new StringReader("1 10 0 5 2 -1 -1 2 60 -1 1 3 1 -1 -1 1 -1 -1\n"), OPTIONS)) {
            assertThat(stream.report().notes()).containsExactly(SwfEvents.NOTE_NO_START, SwfEvents.NOTE_NO_MACHINE);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void shouldShiftTheTraceToAConfiguredStart() {
        Instant start = Instant.parse("2030-01-01T00:00:00Z");
        List<TraceEvent> events = events(TRACE, OPTIONS.withStart(start));
        assertThat(request(events.get(5)).getSubmittedAt()).isEqualTo(start.plusSeconds(60));
        assertThat(events.get(0).timestamp()).isEqualTo(start.toEpochMilli());
    }

    private static io.coreserve.trace.swf.SwfHeader header(String lines) {
        try (io.coreserve.trace.swf.SwfReader reader = new io.coreserve.trace.swf.SwfReader(new StringReader(lines + "\n"))) {
            return reader.header();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}
