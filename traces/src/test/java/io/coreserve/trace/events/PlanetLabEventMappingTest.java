package io.coreserve.trace.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.trace.planetlab.NodeTrace;
import io.coreserve.trace.planetlab.PlanetLabDay;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanetLabEventMappingTest {

    static final Instant DAY = Instant.parse("2011-03-03T00:00:00Z");

    static NodeTrace node(String name, int percent) {
        int[] values = new int[NodeTrace.INTERVALS];
        Arrays.fill(values, percent);
        values[1] = 100;
        return new NodeTrace(name, values);
    }

    static List<TraceEvent> all(TraceEventStream stream) {
        List<TraceEvent> events = new ArrayList<>();
        stream.forEachRemaining(events::add);
        return events;
    }

    @Test
    void shouldEmitOneResourcePerNodeThenSamplesIntervalByInterval() {
        PlanetLabDay day = new PlanetLabDay(List.of(node("a", 50), node("b", 25)), List.of());
        List<TraceEvent> events = all(PlanetLabEvents.of(day, DAY, MappingOptions.defaults().withDomain("pl")));

        assertThat(events).hasSize(2 + 2 * 288);
        assertThat(events.subList(0, 2)).allSatisfy(e -> {
            assertThat(e.stream()).isEqualTo(EventStream.RESOURCES);
            assertThat(e.timestamp()).isEqualTo(DAY.toEpochMilli());
        });
        Resource a = (Resource) events.get(0).value();
        assertThat(a.getId()).isEqualTo("a");
        assertThat(a.getProperties()).containsOnlyKeys("cores", "cpu_ghz", "memory_gb");
        double cores = a.getProperties().get("cores");

        ResourceSample first = (ResourceSample) events.get(2).value();
        assertThat(first.getResourceId()).isEqualTo("a");
        assertThat(first.getDomain()).isEqualTo("pl");
        assertThat(first.getWindowStart()).isEqualTo(DAY);
        assertThat(first.getWindowEnd()).isEqualTo(DAY.plusSeconds(300));
        assertThat(first.getUp()).isTrue();
        assertThat(first.getUsed().get("cores")).isCloseTo(cores * 0.5, within(1e-9));
        assertThat(events.get(2).timestamp()).as("stamped at the window's end").isEqualTo(DAY.plusSeconds(300).toEpochMilli());

        ResourceSample secondIntervalOfA = (ResourceSample) events.get(4).value();
        assertThat(secondIntervalOfA.getResourceId()).isEqualTo("a");
        assertThat(secondIntervalOfA.getWindowStart()).isEqualTo(DAY.plusSeconds(300));
        assertThat(secondIntervalOfA.getUsed().get("cores")).isCloseTo(cores, within(1e-9));

        assertThat(events).extracting(TraceEvent::timestamp).isSorted();
        assertThat(events).extracting(TraceEvent::index).containsExactlyElementsOf(
                IntStream.range(0, events.size()).mapToObj(i -> (long) i).toList());
    }

    @Test
    void shouldGiveANodeTheSameCapacitiesWhateverElseIsRead() {
        PlanetLabDay both = new PlanetLabDay(List.of(node("a", 1), node("b", 1)), List.of());
        PlanetLabDay onlyB = new PlanetLabDay(List.of(node("b", 1)), List.of());
        Resource bWithA = (Resource) all(PlanetLabEvents.of(both, DAY, MappingOptions.defaults())).get(1).value();
        Resource bAlone = (Resource) all(PlanetLabEvents.of(onlyB, DAY, MappingOptions.defaults())).get(0).value();
        assertThat(bWithA).isEqualTo(bAlone);
        assertThat(PlanetLabEventMapping.capacities("b", 1)).isNotEqualTo(PlanetLabEventMapping.capacities("b", 2));
    }

    @Test
    void shouldResumeAtAnIndexWithTheSameEvents() {
        PlanetLabDay day = new PlanetLabDay(List.of(node("a", 10), node("b", 20), node("c", 30)), List.of());
        List<TraceEvent> full = all(PlanetLabEvents.of(day, DAY, MappingOptions.defaults()));
        PlanetLabEvents resumed = PlanetLabEvents.of(day, DAY, MappingOptions.defaults());
        resumed.skipTo(500);
        assertThat(all(resumed)).isEqualTo(full.subList(500, full.size()));
    }

    @Test
    void shouldReadADayDirectoryNamedByItsDateAndLimitTheNodes(@TempDir Path temp) throws Exception {
        Path dir = Files.createDirectory(temp.resolve("20110306"));
        String lines = IntStream.range(0, 288).mapToObj(i -> "7").collect(Collectors.joining("\n", "", "\n"));
        Files.writeString(dir.resolve("node one"), lines);
        Files.writeString(dir.resolve("node two"), lines);
        Files.writeString(dir.resolve("broken"), "7\n");

        try (PlanetLabEvents events = PlanetLabEvents.open(dir, MappingOptions.defaults().withLimit(1))) {
            assertThat(events.dayStart()).isEqualTo(Instant.parse("2011-03-06T00:00:00Z"));
            List<TraceEvent> list = all(events);
            assertThat(list).hasSize(289);
            assertThat(((Resource) list.get(0).value()).getId()).isEqualTo("node one");
            assertThat(events.report().skipped()).containsEntry("unusable node file", 1L);
            assertThat(events.report().events()).containsEntry(EventStream.SAMPLES, 288L);
        }
    }
}
