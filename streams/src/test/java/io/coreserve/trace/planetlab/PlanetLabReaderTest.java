package io.coreserve.trace.planetlab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanetLabReaderTest {

    @TempDir
    Path dir;

    @Test
    void shouldReadGoodFilesInNameOrderAndReportBadOnesWithTheirLine() throws IOException {
        write("b node", IntStream.range(0, 288).mapToObj(k -> String.valueOf(k % 101)).collect(Collectors.joining("\n")));
        write("a_node", IntStream.range(0, 288).mapToObj(k -> "7").collect(Collectors.joining("\n")) + "\n");
        write("short", IntStream.range(0, 287).mapToObj(k -> "1").collect(Collectors.joining("\n")));
        write("bad", IntStream.range(0, 288).mapToObj(k -> k == 41 ? "4.5" : "3").collect(Collectors.joining("\n")));
        write("range", IntStream.range(0, 288).mapToObj(k -> k == 9 ? "101" : "3").collect(Collectors.joining("\n")));

        PlanetLabDay day = PlanetLabReader.read(dir);

        assertThat(day.nodes()).extracting(NodeTrace::node).containsExactly("a_node", "b node");
        assertThat(day.nodes().get(0).at(287)).isEqualTo(7);
        assertThat(day.nodes().get(1).at(200)).isEqualTo(200 % 101);
        assertThat(day.problems()).containsExactly(
                new TraceProblem("bad", 42, "not an integer: \"4.5\""),
                new TraceProblem("range", 10, "not a percentage in 0..100: 101"),
                new TraceProblem("short", 0, "has 287 lines, expected 288"));
    }

    @Test
    void shouldReportAFileWithTooManyLines() throws IOException {
        write("long", IntStream.range(0, 300).mapToObj(k -> "1").collect(Collectors.joining("\n")));

        PlanetLabDay day = PlanetLabReader.read(dir);

        assertThat(day.nodes()).isEmpty();
        assertThat(day.problems()).singleElement().extracting(TraceProblem::message)
                .isEqualTo("has 300 lines, expected 288");
    }

    private void write(String name, String content) throws IOException {
        Files.writeString(dir.resolve(name), content);
    }
}
