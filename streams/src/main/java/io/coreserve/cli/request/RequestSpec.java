package io.coreserve.cli.request;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.coreserve.events.CoAllocationRequest;
import io.coreserve.events.CoReservationRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * A co-allocation request as a user writes it in a JSON or YAML file (or as {@code submit} flags):
 * <pre>
 * id: job-42            # optional, a random id otherwise
 * user: alice
 * email: alice@example.org
 * domain: default       # optional
 * n: 5                  # number of resources N
 * duration: 2h          # t_res
 * earliest: +10m        # t_e, optional (default: now)
 * latest: +6h           # t_l, optional (default: t_e + the configured horizon)
 * min:   {cores: 1}     # e_i per resource
 * total: {memory_gb: 12, cores: 10}   # d_i over all resources; omit for a simple request
 * require: {arch: x86_64}
 * </pre>
 * or, for an SRL co-reservation (seed 002), the request in SRL instead of {@code n} ... {@code require}:
 * <pre>
 * srl: |
 *   IBM.TS.duration = 6h
 *   IBM.QOS.cpus = 16
 * </pre>
 */
@JsonIgnoreProperties(ignoreUnknown = false)
public final class RequestSpec {

    public String id;
    public String user;
    public String email;
    public String domain;
    @JsonAlias({"resources", "resourceCount", "N"})
    public Integer n;
    @JsonAlias({"t_res", "durationMillis"})
    public String duration;
    @JsonAlias({"t_e", "earliestStart"})
    public String earliest;
    @JsonAlias({"t_l", "latestStart"})
    public String latest;
    @JsonAlias({"minimums", "e"})
    public Map<String, Double> min = new LinkedHashMap<>();
    @JsonAlias({"totals", "d"})
    public Map<String, Double> total = new LinkedHashMap<>();
    @JsonAlias({"requirements"})
    public Map<String, String> require = new LinkedHashMap<>();
    /** An SRL co-reservation request (README: SRL co-reservations); the collective keys are then not used. */
    public String srl;

    public static RequestSpec read(Path file) throws IOException {
        String name = file.getFileName().toString().toLowerCase();
        ObjectMapper mapper = name.endsWith(".yaml") || name.endsWith(".yml")
                ? new ObjectMapper(new YAMLFactory()) : new ObjectMapper();
        return mapper.readValue(Files.readAllBytes(file), RequestSpec.class);
    }

    /** The Avro SRL co-reservation request; the SRL text is the pipeline's to parse, as every sender's. */
    public CoReservationRequest toCoReservation(Instant now) {
        if (user == null || user.isBlank()) {
            throw new IllegalArgumentException("user is required");
        }
        return CoReservationRequest.newBuilder()
                .setRequestId(id == null || id.isBlank() ? UUID.randomUUID().toString() : id)
                .setUser(user)
                .setEmail(email)
                .setDomain(domain)
                .setSrl(srl)
                .setSubmittedAt(now)
                .build();
    }

    /**
     * The Avro request. Only the syntax is checked here (a duration must parse); whether the values make
     * sense (N > 0, t_l >= t_e, ...) is the pipeline's to decide, so every sender gets the same answer.
     */
    public CoAllocationRequest toRequest(Instant now) {
        if (user == null || user.isBlank()) {
            throw new IllegalArgumentException("user is required");
        }
        if (n == null) {
            throw new IllegalArgumentException("n (the number of resources) is required");
        }
        if (duration == null) {
            throw new IllegalArgumentException("duration is required");
        }
        return CoAllocationRequest.newBuilder()
                .setRequestId(id == null || id.isBlank() ? UUID.randomUUID().toString() : id)
                .setUser(user)
                .setEmail(email)
                .setDomain(domain)
                .setResourceCount(n)
                .setDurationMillis(TimeSyntax.duration(duration).toMillis())
                .setEarliestStart(earliest == null ? null : TimeSyntax.instant(earliest, now))
                .setLatestStart(latest == null ? null : TimeSyntax.instant(latest, now))
                .setMinimums(new LinkedHashMap<>(min))
                .setTotals(new LinkedHashMap<>(total))
                .setRequirements(new LinkedHashMap<>(require))
                .setSubmittedAt(now)
                .build();
    }
}
