package io.coreserve.trace.swf;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.trace.events.EventStream;
import io.coreserve.trace.events.MappingOptions;
import io.coreserve.trace.events.SwfEvents;
import io.coreserve.trace.events.TraceReport;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A trace as some archives and simulators write it: job lines with columns after the 18 standard fields (node
 * list, queue, properties), a machine in the header. The standard fields are read, the extra columns reported once,
 * and the header's machine becomes the replay's catalogue.
 */
class ExtraColumnsTraceTest {

    private static Path trace() throws URISyntaxException {
        return Path.of(ExtraColumnsTraceTest.class.getResource("extra-columns.swf").toURI());
    }

    @Test
    void shouldReadTheStandardFieldsOfLinesWithExtraColumnsAndReportThemOnce() throws Exception {
        SwfTrace trace = SwfTrace.read(trace(), 0);

        assertThat(trace.jobs()).extracting(TraceJob::id).containsExactly(1L, 2L, 3L, 4L);
        assertThat(trace.jobs().get(1)).isEqualTo(new TraceJob(2, 60, 8, 1800, 1200));
        // Only the line that is too short is an issue; the extra columns are one note, not an issue per line.
        assertThat(trace.issueCount()).isEqualTo(1);
        assertThat(trace.issues()).singleElement().extracting(SwfLineIssue::lineNumber).isEqualTo(12L);
        assertThat(trace.extraColumns()).hasValueSatisfying(note -> assertThat(note)
                .contains("3 job lines", "up to 3 columns after the 18 standard SWF fields", "first on line 8"));
        assertThat(trace.header().maxNodes()).contains(4L);
        assertThat(trace.header().maxProcs()).contains(16L);
    }

    @Test
    void shouldReplayTheHeadersMachineAndEveryJobAndNoteTheExtraColumns() throws Exception {
        MappingOptions options = new MappingOptions("default", Duration.ofHours(24), null,
                MappingOptions.DEFAULT_SEED, 0);
        TraceReport report;
        try (SwfEvents events = SwfEvents.open(trace(), options)) {
            events.forEachRemaining(e -> { });
            report = events.report();
        }

        assertThat(report.events().get(EventStream.RESOURCES)).isEqualTo(4L);
        assertThat(report.events().get(EventStream.REQUESTS)).isEqualTo(4L);
        assertThat(report.notes()).anySatisfy(note -> assertThat(note).contains("columns after the 18 standard"));
    }
}
