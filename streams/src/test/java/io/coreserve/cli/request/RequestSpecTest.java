package io.coreserve.cli.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.coreserve.events.CoAllocationRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequestSpecTest {

    private static final Instant NOW = Instant.parse("2026-11-21T10:00:00Z");

    @Test
    void shouldReadAnSrlCoReservationFromYamlKeepingItsTextAsWritten(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("co.yaml"), """
                id: fig1
                user: alice
                email: alice@example.org
                srl: |
                  IBM.TS.duration = 6h
                  IBM.QOS.cpus = 16
                """);

        io.coreserve.events.CoReservationRequest r = RequestSpec.read(file).toCoReservation(NOW);

        assertThat(r.getRequestId()).isEqualTo("fig1");
        assertThat(r.getEmail()).isEqualTo("alice@example.org");
        assertThat(r.getSrl()).isEqualTo("IBM.TS.duration = 6h\nIBM.QOS.cpus = 16\n");
        assertThat(r.getSubmittedAt()).isEqualTo(NOW);
    }

    @Test
    void shouldReadACollectiveRequestFromYaml(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("job.yaml"), """
                id: job-42
                user: alice
                n: 10
                duration: 2h
                earliest: +10m
                latest: 2026-11-21T18:00:00Z
                min: {memory_gb: 1}
                total: {memory_gb: 40}
                require: {arch: x86_64}
                """);

        CoAllocationRequest r = RequestSpec.read(file).toRequest(NOW);

        assertThat(r.getRequestId()).isEqualTo("job-42");
        assertThat(r.getResourceCount()).isEqualTo(10);
        assertThat(r.getDurationMillis()).isEqualTo(7_200_000L);
        assertThat(r.getEarliestStart()).isEqualTo(Instant.parse("2026-11-21T10:10:00Z"));
        assertThat(r.getLatestStart()).isEqualTo(Instant.parse("2026-11-21T18:00:00Z"));
        assertThat(r.getTotals()).isEqualTo(Map.of("memory_gb", 40.0));
        assertThat(r.getMinimums()).isEqualTo(Map.of("memory_gb", 1.0));
        assertThat(r.getRequirements()).isEqualTo(Map.of("arch", "x86_64"));
        assertThat(r.getSubmittedAt()).isEqualTo(NOW);
    }

    @Test
    void shouldReadJsonWithThePapersSymbols(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("job.json"),
                "{\"user\":\"bob\",\"N\":2,\"t_res\":\"30m\",\"e\":{\"cores\":1},\"d\":{\"cores\":3}}");

        CoAllocationRequest r = RequestSpec.read(file).toRequest(NOW);

        assertThat(r.getResourceCount()).isEqualTo(2);
        assertThat(r.getDurationMillis()).isEqualTo(1_800_000L);
        assertThat(r.getTotals()).containsEntry("cores", 3.0);
        assertThat(r.getRequestId()).isNotBlank();
        assertThat(r.getEarliestStart()).isNull();
    }

    @Test
    void shouldRefuseAFileWithAnUnknownField(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("job.json"), "{\"user\":\"bob\",\"n\":2,\"duration\":\"1h\",\"nodez\":3}");

        assertThatThrownBy(() -> RequestSpec.read(file)).hasMessageContaining("nodez");
    }

    @Test
    void shouldSayWhichMandatoryFieldIsMissing() {
        RequestSpec spec = new RequestSpec();
        spec.user = "carol";
        spec.n = 3;

        assertThatThrownBy(() -> spec.toRequest(NOW)).hasMessageContaining("duration");
    }
}
