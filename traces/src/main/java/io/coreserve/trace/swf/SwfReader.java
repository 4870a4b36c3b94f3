package io.coreserve.trace.swf;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Streams the job lines of an SWF v2.2 trace one at a time, so traces of any size can be read.
 *
 * <p>Header ({@code ;}) lines before the first job are read when the reader is created, so
 * {@link #header()} is complete as soon as the first job is asked for. A job line with fewer than 18 fields, or
 * a standard field that is not a number, is reported in {@link #issues()} with its line number and skipped; it is
 * never repaired. Columns after the 18 standard ones (node lists, queue names, properties, as some archives and
 * simulators append them) are not part of SWF v2.2: they are ignored, and reported once, with a warning and
 * {@link #extraColumns()}, not line by line. Not thread-safe.
 */
public final class SwfReader implements Closeable, Iterator<SwfJob> {

    /** At most this many issues are kept with their text; all are counted. */
    static final int MAX_KEPT_ISSUES = 1_000;

    private static final Logger LOG = LoggerFactory.getLogger(SwfReader.class);

    private final BufferedReader in;
    private final List<Map.Entry<String, String>> headerEntries = new ArrayList<>();
    private final List<SwfLineIssue> issues = new ArrayList<>();
    private long issueCount;
    private long extraColumnLines;
    private long firstExtraColumnLine;
    private int mostExtraColumns;
    private long lineNumber;
    private SwfJob next;

    public SwfReader(Reader reader) {
        this.in = reader instanceof BufferedReader b ? b : new BufferedReader(reader, 1 << 16);
        advance();
    }

    public static SwfReader open(Path path) throws IOException {
        return new SwfReader(Files.newBufferedReader(path, StandardCharsets.ISO_8859_1));
    }

    /** The header lines read so far (all of them once the first job has been read). */
    public SwfHeader header() {
        return SwfHeader.of(headerEntries);
    }

    /** Malformed lines seen so far, at most {@value #MAX_KEPT_ISSUES} of them. */
    public List<SwfLineIssue> issues() {
        return List.copyOf(issues);
    }

    /** How many malformed lines were seen so far (also those not kept in {@link #issues()}). */
    public long issueCount() {
        return issueCount;
    }

    /**
     * Job lines read so far that had columns after the 18 standard fields (ignored), in words: how many lines, the
     * most extra columns on one, and the first such line. Empty when there were none.
     */
    public Optional<String> extraColumns() {
        if (extraColumnLines == 0) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%,d job lines have up to %d columns after the %d standard SWF "
                        + "fields (first on line %d); the standard fields were read and the extra columns ignored",
                extraColumnLines, mostExtraColumns, SwfJob.FIELD_COUNT, firstExtraColumnLine));
    }

    /** The number of the last line read. */
    public long linesRead() {
        return lineNumber;
    }

    @Override
    public boolean hasNext() {
        return next != null;
    }

    @Override
    public SwfJob next() {
        if (next == null) {
            throw new NoSuchElementException();
        }
        SwfJob job = next;
        advance();
        return job;
    }

    /** The remaining jobs as a lazy, sequential stream. */
    public Stream<SwfJob> jobs() {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(this, Spliterator.ORDERED | Spliterator.NONNULL), false);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    private void advance() {
        next = null;
        try {
            String line;
            while ((line = in.readLine()) != null) {
                lineNumber++;
                String trimmed = line.strip();
                if (trimmed.isEmpty()) {
                    continue;
                }
                if (trimmed.startsWith(";")) {
                    readHeaderLine(trimmed.substring(1));
                    continue;
                }
                next = parseJob(trimmed, line);
                if (next != null) {
                    return;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading SWF line " + (lineNumber + 1), e);
        }
    }

    private void readHeaderLine(String comment) {
        int colon = comment.indexOf(':');
        if (colon <= 0) {
            return; // a bare ';' separator or free text: nothing to keep
        }
        String key = comment.substring(0, colon).strip();
        if (key.isEmpty() || key.contains(" ")) {
            return; // free text that happens to contain a colon
        }
        headerEntries.add(new AbstractMap.SimpleImmutableEntry<>(key, comment.substring(colon + 1).strip()));
    }

    private SwfJob parseJob(String trimmed, String original) {
        String[] f = trimmed.split("\\s+");
        if (f.length < SwfJob.FIELD_COUNT) {
            return reject("expected " + SwfJob.FIELD_COUNT + " fields but found " + f.length, original);
        }
        if (f.length > SwfJob.FIELD_COUNT) {
            noteExtraColumns(f.length - SwfJob.FIELD_COUNT);
        }
        int field = 0;
        try {
            long[] l = new long[SwfJob.FIELD_COUNT];
            double[] d = new double[SwfJob.FIELD_COUNT];
            for (field = 0; field < SwfJob.FIELD_COUNT; field++) {
                // fields 6, 7 and 10 (average CPU time, used and requested memory) may be fractional
                if (field == 5 || field == 6 || field == 9) {
                    d[field] = Double.parseDouble(f[field]);
                    if (!Double.isFinite(d[field])) {
                        throw new NumberFormatException(f[field]);
                    }
                } else {
                    l[field] = Long.parseLong(f[field]);
                }
            }
            return new SwfJob(lineNumber, l[0], l[1], l[2], l[3], l[4], d[5], d[6], l[7], l[8], d[9],
                    l[10], l[11], l[12], l[13], l[14], l[15], l[16], l[17]);
        } catch (NumberFormatException e) {
            return reject("field " + (field + 1) + " is not a number: '" + f[field] + "'", original);
        }
    }

    private void noteExtraColumns(int extra) {
        if (extraColumnLines++ == 0) {
            firstExtraColumnLine = lineNumber;
            LOG.warn("SWF line {} has {} columns after the {} standard fields: they are not part of SWF v2.2 and are "
                    + "ignored on every line (reported once)", lineNumber, extra, SwfJob.FIELD_COUNT);
        }
        mostExtraColumns = Math.max(mostExtraColumns, extra);
    }

    private SwfJob reject(String reason, String line) {
        issueCount++;
        if (issues.size() < MAX_KEPT_ISSUES) {
            issues.add(new SwfLineIssue(lineNumber, reason, line));
        }
        return null;
    }
}
