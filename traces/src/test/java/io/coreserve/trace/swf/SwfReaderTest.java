package io.coreserve.trace.swf;

import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SwfReaderTest {

    private static final String HEADER = """
            ; Version: 2.2
            ; Computer: Test cluster
            ; MaxJobs: 4
            ; UnixStartTime: 1027839845
            ; MaxNodes: 64
            ; MaxProcs: 128
            ; Note: first note
            ; Note: second note
            ;
            """;

    private static String job(long number, long submit, long run, long alloc, long reqProcs, long reqTime) {
        return String.format("%d %d 5 %d %d %d.5 -1 %d %d -1 1 1 1 -1 -1 1 -1 -1%n",
                number, submit, run, alloc, run, reqProcs, reqTime);
    }

    @Test
    void shouldParseTheKnownHeaderFieldsAndKeepAllEntries() {
        SwfTrace trace = SwfTrace.read(new StringReader(HEADER + job(1, 0, 100, 8, 8, 200)), 0);

        SwfHeader h = trace.header();
        assertThat(h.version()).contains("2.2");
        assertThat(h.computer()).contains("Test cluster");
        assertThat(h.maxJobs()).contains(4L);
        assertThat(h.unixStartTime()).contains(1027839845L);
        assertThat(h.maxNodes()).contains(64L);
        assertThat(h.maxProcs()).contains(128L);
        assertThat(h.maxRuntime()).isEmpty();
        assertThat(h.values("Note")).containsExactly("first note", "second note");
    }

    @Test
    void shouldReadAllEighteenFieldsOfAJobLine() {
        try (SwfReader reader = new SwfReader(new StringReader(HEADER + job(7, 30, 100, 8, 16, 200)))) {
            SwfJob j = reader.next();
            assertThat(j.lineNumber()).isEqualTo(10);
            assertThat(j.jobNumber()).isEqualTo(7);
            assertThat(j.submitTime()).isEqualTo(30);
            assertThat(j.waitTime()).isEqualTo(5);
            assertThat(j.runTime()).isEqualTo(100);
            assertThat(j.allocatedProcessors()).isEqualTo(8);
            assertThat(j.averageCpuTime()).isEqualTo(100.5);
            assertThat(j.requestedProcessors()).isEqualTo(16);
            assertThat(j.requestedTime()).isEqualTo(200);
            assertThat(j.thinkTime()).isEqualTo(-1);
            assertThat(reader.hasNext()).isFalse();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void shouldFallBackToAllocatedProcessorsAndRunTimeAndCountIt() {
        String text = HEADER
                + job(1, 0, 100, 8, -1, 200)     // no requested processors
                + job(2, 10, 300, 4, 4, -1)      // no requested time
                + job(3, 20, 50, 2, -1, -1)      // neither
                + job(4, 30, 60, 2, 2, 60);      // complete
        SwfTrace trace = SwfTrace.read(new StringReader(text), 0);

        assertThat(trace.jobs()).containsExactly(
                new TraceJob(1, 0, 8, 200, 100),
                new TraceJob(2, 10, 4, 300, 300),
                new TraceJob(3, 20, 2, 50, 50),
                new TraceJob(4, 30, 2, 60, 60));
        assertThat(trace.normalisation().processorFallbacks()).isEqualTo(2);
        assertThat(trace.normalisation().requestedTimeFallbacks()).isEqualTo(2);
    }

    @Test
    void shouldReportAMalformedLineWithItsNumberAndSkipIt() {
        String text = HEADER
                + job(1, 0, 100, 8, 8, 200)
                + "2 10 5 100 8\n"                                   // line 11: too few fields
                + "3 20 5 abc 8 1 -1 8 200 -1 1 1 1 -1 -1 1 -1 -1\n" // line 12: not a number
                + job(4, 30, 60, 2, 2, 60);
        SwfTrace trace = SwfTrace.read(new StringReader(text), 0);

        assertThat(trace.jobs()).extracting(TraceJob::id).containsExactly(1L, 4L);
        assertThat(trace.issueCount()).isEqualTo(2);
        assertThat(trace.issues()).extracting(SwfLineIssue::lineNumber).containsExactly(11L, 12L);
        assertThat(trace.issues().get(0).reason()).contains("18 fields").contains("5");
        assertThat(trace.issues().get(1).reason()).contains("field 4").contains("abc");
    }

    @Test
    void shouldSkipJobsWithoutProcessorsOrRunTimeAndCountTheReason() {
        String text = HEADER
                + job(1, 0, -1, 8, 8, 200)      // unknown run time
                + job(2, 10, 0, 8, 8, 200)      // zero run time
                + job(3, 20, 100, -1, -1, 200)  // no processors at all
                + job(4, -1, 100, 2, 2, 200)    // unknown submit time
                + job(5, 40, 100, 2, 2, 200);
        SwfTrace trace = SwfTrace.read(new StringReader(text), 0);

        assertThat(trace.jobs()).extracting(TraceJob::id).containsExactly(5L);
        assertThat(trace.normalisation().skippedByReason()).containsOnly(
                java.util.Map.entry(SwfJobNormaliser.SKIP_NO_RUN_TIME, 1L),
                java.util.Map.entry(SwfJobNormaliser.SKIP_ZERO_RUN_TIME, 1L),
                java.util.Map.entry(SwfJobNormaliser.SKIP_NO_PROCESSORS, 1L),
                java.util.Map.entry(SwfJobNormaliser.SKIP_NO_SUBMIT_TIME, 1L));
        assertThat(trace.normalisation().skipped()).isEqualTo(4);
    }

    @Test
    void shouldStopAfterTheLimitOfUsableJobs() {
        String text = HEADER + job(1, 0, -1, 8, 8, 200) + job(2, 1, 10, 1, 1, 10)
                + job(3, 2, 10, 1, 1, 10) + job(4, 3, 10, 1, 1, 10);
        SwfTrace trace = SwfTrace.read(new StringReader(text), 2);

        assertThat(trace.jobs()).extracting(TraceJob::id).containsExactly(2L, 3L);
    }

    @Test
    void shouldCountJobsThatRanLongerThanRequested() {
        SwfTrace trace = SwfTrace.read(new StringReader(HEADER + job(1, 0, 120, 1, 1, 100)), 0);

        assertThat(trace.normalisation().runLongerThanRequested()).isEqualTo(1);
        assertThat(trace.jobs()).containsExactly(new TraceJob(1, 0, 1, 100, 120));
    }

    @Test
    void shouldStreamJobsLazily() {
        StringBuilder big = new StringBuilder(HEADER);
        for (int i = 1; i <= 1000; i++) {
            big.append(job(i, i, 10, 1, 1, 10));
        }
        SwfReader reader = new SwfReader(new StringReader(big.toString()));
        List<SwfJob> firstThree = reader.jobs().limit(3).toList();

        assertThat(firstThree).extracting(SwfJob::jobNumber).containsExactly(1L, 2L, 3L);
        assertThat(reader.linesRead()).isLessThan(20);
    }
}
