package io.coreserve.trace.swf;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Reads the shared HPC2N sample trace when it is there (it is not part of this repository). */
class HpcTwoNSampleTraceTest {

    static final Path SAMPLE = Path.of("..", "..", "shared", "data", "swf", "hpc2n-seth-2002.sample.swf");

    @Test
    void shouldReadTheSharedHpc2nSampleWhenPresent() throws Exception {
        Path file = locate();
        assumeTrue(file != null, "shared HPC2N sample trace not present");

        SwfTrace trace = SwfTrace.read(file, 0);

        assertThat(trace.header().maxProcs()).contains(240L);
        assertThat(trace.issueCount()).isZero();
        assertThat(trace.jobs().size() + trace.normalisation().skipped()).isGreaterThan(3000);
        assertThat(trace.jobs()).allSatisfy(j -> assertThat(j.processors()).isBetween(1, 240));
    }

    static Path locate() {
        for (Path p : new Path[] {SAMPLE, Path.of("..", "shared", "data", "swf", "hpc2n-seth-2002.sample.swf")}) {
            if (Files.isReadable(p)) {
                return p;
            }
        }
        return null;
    }
}
