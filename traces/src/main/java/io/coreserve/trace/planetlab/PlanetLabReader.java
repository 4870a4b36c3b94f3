package io.coreserve.trace.planetlab;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a directory of PlanetLab CPU-utilisation files as published with CloudSim (from CoMon): one regular
 * file per node, 288 lines, each an integer percentage 0..100 for one 5-minute interval from midnight to
 * midnight. File names may contain spaces.
 *
 * <p>A file with another number of lines, or with a line that is not an integer in 0..100, is skipped and
 * reported with its file name and line number; nothing is repaired or guessed. Hidden files and
 * subdirectories are ignored. Files are read in file-name order, so the result is deterministic.
 */
public final class PlanetLabReader {

    private static final Logger LOG = LoggerFactory.getLogger(PlanetLabReader.class);

    private PlanetLabReader() {
    }

    public static PlanetLabDay read(Path directory) {
        if (!Files.isDirectory(directory)) {
            throw new IllegalArgumentException("not a directory: " + directory);
        }
        List<Path> files;
        try (Stream<Path> listing = Files.list(directory)) {
            files = listing.filter(Files::isRegularFile)
                    .filter(f -> !f.getFileName().toString().startsWith("."))
                    .sorted((x, y) -> x.getFileName().toString().compareTo(y.getFileName().toString()))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + directory, e);
        }
        List<NodeTrace> nodes = new ArrayList<>(files.size());
        List<TraceProblem> problems = new ArrayList<>();
        for (Path file : files) {
            Object parsed = parse(file);
            if (parsed instanceof NodeTrace trace) {
                nodes.add(trace);
            } else {
                TraceProblem problem = (TraceProblem) parsed;
                LOG.warn("skipping PlanetLab file {}", problem);
                problems.add(problem);
            }
        }
        return new PlanetLabDay(nodes, problems);
    }

    /** A {@link NodeTrace}, or the {@link TraceProblem} that makes the file unusable. */
    static Object parse(Path file) {
        String name = file.getFileName().toString();
        int[] values = new int[NodeTrace.INTERVALS];
        int lines = 0;
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.US_ASCII)) {
            String line;
            while ((line = reader.readLine()) != null) {
                lines++;
                if (lines > NodeTrace.INTERVALS) {
                    continue; // count them all for the message
                }
                String text = line.strip();
                int value;
                try {
                    value = Integer.parseInt(text);
                } catch (NumberFormatException notInteger) {
                    return new TraceProblem(name, lines, "not an integer: \"" + abbreviate(text) + "\"");
                }
                if (value < 0 || value > 100) {
                    return new TraceProblem(name, lines, "not a percentage in 0..100: " + value);
                }
                values[lines - 1] = value;
            }
        } catch (IOException e) {
            return new TraceProblem(name, 0, "unreadable: " + e.getMessage());
        }
        if (lines != NodeTrace.INTERVALS) {
            return new TraceProblem(name, 0, "has " + lines + " lines, expected " + NodeTrace.INTERVALS);
        }
        return new NodeTrace(name, values);
    }

    private static String abbreviate(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "...";
    }
}
