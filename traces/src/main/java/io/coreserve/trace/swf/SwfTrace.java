package io.coreserve.trace.swf;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A trace read into memory: header, usable jobs (in file order), malformed lines, the normaliser's counts and, when
 * job lines had columns after the standard 18, a note saying so ({@link SwfReader#extraColumns()}).
 */
public record SwfTrace(SwfHeader header, List<TraceJob> jobs, List<SwfLineIssue> issues, long issueCount,
                       SwfJobNormaliser.NormalisationReport normalisation, Optional<String> extraColumns) {

    public SwfTrace {
        jobs = List.copyOf(jobs);
        issues = List.copyOf(issues);
    }

    /** Reads the first {@code limit} usable jobs of a file ({@code limit <= 0}: all). */
    public static SwfTrace read(Path path, long limit) throws IOException {
        try (SwfReader reader = SwfReader.open(path)) {
            return read(reader, limit);
        }
    }

    /** Reads the first {@code limit} usable jobs ({@code limit <= 0}: all); does not close the reader. */
    public static SwfTrace read(Reader in, long limit) {
        return read(new SwfReader(in), limit);
    }

    private static SwfTrace read(SwfReader reader, long limit) {
        SwfJobNormaliser normaliser = new SwfJobNormaliser();
        List<TraceJob> jobs = new ArrayList<>();
        while (reader.hasNext() && (limit <= 0 || jobs.size() < limit)) {
            normaliser.normalise(reader.next()).ifPresent(jobs::add);
        }
        return new SwfTrace(reader.header(), jobs, reader.issues(), reader.issueCount(), normaliser.report(),
                reader.extraColumns());
    }
}
