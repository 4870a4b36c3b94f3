package io.coreserve.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.specific.SpecificData;
import org.junit.jupiter.api.Test;

/**
 * Fails the build when an event schema stops being BACKWARD compatible with its last released version:
 * a consumer built from this tree must read every record a released producer could have written.
 * Released versions live in {@code schemas/released/<Event>/v<N>.avsc}; release a new version by copying
 * the schema there.
 */
class SchemaEvolutionTest {

    private static final Path CURRENT = Path.of("src/main/avro");
    private static final Path RELEASED = Path.of("released");

    @Test
    void everyEventSchemaHasAReleasedVersion() throws IOException {
        List<String> missing = new ArrayList<>();
        for (String name : currentSchemaNames()) {
            if (!Files.isDirectory(RELEASED.resolve(name))) {
                missing.add(name);
            }
        }
        assertThat(missing).as("schemas with no released version under %s", RELEASED).isEmpty();
    }

    @Test
    void everyEventSchemaIsBackwardCompatibleWithItsLastRelease() throws IOException {
        Map<String, String> incompatible = new TreeMap<>();
        for (Path released : lastReleases()) {
            String name = released.getParent().getFileName().toString();
            Schema writer = parseWithDependencies(released);
            Schema reader = SpecificData.get().getSchema(SpecificData.get().getClass(writer));
            var result = SchemaCompatibility.checkReaderWriterCompatibility(reader, writer);
            if (result.getType() != SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE) {
                incompatible.put(name, result.getResult().getIncompatibilities().stream()
                        .map(i -> i.getType() + " at " + i.getLocation() + " (" + i.getMessage() + ")").toList().toString());
            }
        }
        assertThat(incompatible).as("schemas that cannot read their last released version").isEmpty();
    }

    @Test
    void compatibilityCheckRejectsAFieldAddedWithoutDefault() {
        Schema released = Resource.getClassSchema();
        Schema broken = new Schema.Parser().parse(released.toString()
                .replaceFirst("\"fields\":\\[", "\"fields\":[{\"name\":\"mandatoryNew\",\"type\":\"string\"},"));

        var result = SchemaCompatibility.checkReaderWriterCompatibility(broken, released);

        assertThat(result.getType()).isEqualTo(SchemaCompatibility.SchemaCompatibilityType.INCOMPATIBLE);
    }

    private static List<String> currentSchemaNames() throws IOException {
        try (Stream<Path> files = Files.list(CURRENT)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".avsc"))
                    .map(n -> n.substring(0, n.length() - ".avsc".length()))
                    .sorted().toList();
        }
    }

    private static List<Path> lastReleases() throws IOException {
        List<Path> last = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(RELEASED)) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                try (Stream<Path> versions = Files.list(dir)) {
                    versions.filter(p -> p.getFileName().toString().matches("v\\d+\\.avsc"))
                            .max(Comparator.comparingInt(SchemaEvolutionTest::versionOf))
                            .ifPresent(last::add);
                }
            }
        }
        assertThat(last).isNotEmpty();
        return last;
    }

    private static int versionOf(Path p) {
        String n = p.getFileName().toString();
        return Integer.parseInt(n.substring(1, n.length() - ".avsc".length()));
    }

    /** Released schemas may name types released alongside them (the command envelope does). */
    private static Schema parseWithDependencies(Path file) throws IOException {
        Schema.Parser parser = new Schema.Parser();
        String text = Files.readString(file);
        for (String dependency : List.of("CoAllocationRequest", "CancelRequest", "AcceptCounterOffer",
                "CoReservationRequest", "Offer", "OfferJobRequest", "ReservationDecision", "BindCommand",
                "VirtualGridRequest")) {
            Path dir = RELEASED.resolve(dependency);
            if (file.startsWith(dir)) {
                continue;
            }
            String latest;
            try (Stream<Path> versions = Files.list(dir)) {
                latest = Files.readString(versions.max(Comparator.comparingInt(SchemaEvolutionTest::versionOf))
                        .orElseThrow());
            }
            // A dependency is named by itself or by a type it defines (BindReply names BindCommand's BindOp).
            if (namedTypes(latest).stream()
                    .anyMatch(type -> text.contains("\"" + type + "\""))) {
                parser.parse(latest);
            }
        }
        return parser.parse(text);
    }

    /** The full names of the named types a schema text defines. */
    private static List<String> namedTypes(String schemaText) {
        Schema.Parser parser = new Schema.Parser();
        parser.parse(schemaText);
        return List.copyOf(parser.getTypes().keySet());
    }
}
