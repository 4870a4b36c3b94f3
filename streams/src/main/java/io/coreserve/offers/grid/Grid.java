package io.coreserve.offers.grid;

import io.coreserve.trace.events.SwfEventMapping;
import io.coreserve.trace.swf.SwfHeader;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The clusters of a computational grid, in a fixed order (their index is the provider identifier c).
 *
 * <p>Grid file format, one cluster a line: {@code name processors mips}, separated by spaces or
 * tabs; blank lines and everything after {@code #} are ignored. Example (Table 1 of seed 001):
 * <pre>
 * # name     processors  mips
 * cluster1   280         1000
 * cluster2   240         1100
 * </pre>
 */
public record Grid(List<Cluster> clusters) {

    public Grid {
        clusters = List.copyOf(clusters);
        if (clusters.isEmpty()) {
            throw new IllegalArgumentException("a grid needs at least one cluster");
        }
        Set<String> names = new HashSet<>();
        for (Cluster c : clusters) {
            if (!names.add(c.name())) {
                throw new IllegalArgumentException("duplicate cluster name " + c.name());
            }
        }
    }

    /** Table 1 of seed 001: seven clusters, 280 down to 40 processors, 1000 up to 1600 MIPS. */
    public static Grid paperTable1() {
        List<Cluster> clusters = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            clusters.add(new Cluster("cluster" + (i + 1), 280 - 40 * i, 1000 + 100L * i));
        }
        return new Grid(clusters);
    }

    /**
     * The machine an SWF trace's header describes ({@code MaxProcs}, else {@code MaxNodes} single-processor nodes, as
     * the replay's catalogue counts them) as one cluster running at {@code mips}, the speed the trace's times were
     * measured at, so each job runs as long as it did; empty when the header describes no machine.
     */
    public static Optional<Grid> ofTraceMachine(SwfHeader header, long mips) {
        int processors = Arrays.stream(SwfEventMapping.nodeCores(header)).sum();
        return processors == 0 ? Optional.empty()
                : Optional.of(new Grid(List.of(new Cluster("trace-machine", processors, mips))));
    }

    public static Grid read(Path file) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(in, file.toString());
        }
    }

    public static Grid parse(String text) {
        try {
            return read(new StringReader(text), "grid text");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Grid read(Reader reader, String source) throws IOException {
        BufferedReader in = new BufferedReader(reader);
        List<Cluster> clusters = new ArrayList<>();
        String line;
        int number = 0;
        while ((line = in.readLine()) != null) {
            number++;
            int hash = line.indexOf('#');
            String content = (hash >= 0 ? line.substring(0, hash) : line).strip();
            if (content.isEmpty()) {
                continue;
            }
            String[] f = content.split("\\s+");
            if (f.length != 3) {
                throw new IllegalArgumentException(source + " line " + number + ": expected 'name processors mips' but got '" + content + "'");
            }
            try {
                clusters.add(new Cluster(f[0], Integer.parseInt(f[1]), Long.parseLong(f[2])));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(source + " line " + number + ": " + e.getMessage(), e);
            }
        }
        return new Grid(clusters);
    }

    public int size() {
        return clusters.size();
    }

    public Cluster cluster(int index) {
        return clusters.get(index);
    }

    public int totalProcessors() {
        return clusters.stream().mapToInt(Cluster::processors).sum();
    }

    public int largestCluster() {
        return clusters.stream().mapToInt(Cluster::processors).max().orElseThrow();
    }
}
