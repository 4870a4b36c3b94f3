package io.coreserve.reservation;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.cli.request.RequestSpec;
import io.coreserve.config.Topics;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.Resource;
import io.coreserve.routing.DomainKey;
import io.coreserve.serde.InMemorySchemaRegistryClient;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given a pipeline with four nodes (cores, memory_gb), When a user's request (written as request-file keys, the
 * way {@code submit} builds it) breaks a rule, Then the decision names the request event's field and its message
 * names the file key and flag the user wrote, never the engine's model ({@code count}, {@code perResource}).
 */
class RequestRejectionTermsTest {

    private static final Instant T0 = Instant.parse("2026-11-21T08:00:00Z");

    @TempDir
    java.nio.file.Path stateDir;

    private final String scope = "terms-" + UUID.randomUUID();
    private PipelineDriver fixture;
    private TestInputTopic<String, ReservationCommand> commands;
    private TestOutputTopic<String, ReservationDecision> decisions;

    @BeforeEach
    void start() {
        fixture = PipelineDriver.start(stateDir, scope, T0);
        Topics topics = fixture.config().topics();
        var keys = Serdes.String();
        var resources = fixture.driver().createInputTopic(topics.resources(), keys.serializer(),
                fixture.serdes().resources().serializer());
        for (int i = 1; i <= 4; i++) {
            resources.pipeInput(DomainKey.of("default", "n" + i), Resource.newBuilder().setId("n" + i)
                    .setDomain("default").setProperties(Map.of("cores", 4.0, "memory_gb", 8.0)).setUpdatedAt(T0)
                    .build(), T0);
        }
        commands = fixture.driver().createInputTopic(topics.requests(), keys.serializer(),
                fixture.serdes().commands().serializer());
        decisions = fixture.driver().createOutputTopic(topics.decisions(), keys.deserializer(),
                fixture.serdes().decisions().deserializer());
    }

    @AfterEach
    void stop() {
        fixture.driver().close();
        InMemorySchemaRegistryClient.dropScope(scope);
    }

    private static RequestSpec spec(String id) {
        RequestSpec spec = new RequestSpec();
        spec.id = id;
        spec.user = "alice";
        spec.n = 2;
        spec.duration = "2h";
        return spec;
    }

    private ReservationDecision decide(RequestSpec spec) {
        commands.pipeInput("default", ReservationCommand.newBuilder().setCommand(spec.toRequest(T0)).build(), T0);
        return decisions.readValue();
    }

    private static void assertInvalid(ReservationDecision d, String field, String... words) {
        assertThat(d.getStatus()).isEqualTo(ReservationStatus.REJECTED);
        assertThat(d.getReasonCode()).isEqualTo("INVALID_REQUEST");
        assertThat(d.getField()).isEqualTo(field);
        assertThat(d.getMessage()).contains(words);
    }

    @Test
    void shouldNameTheFileKeyAndFlagOfACountDurationOrAmountTheEngineRefuses() {
        RequestSpec noNodes = spec("none");
        noNodes.n = 0;
        RequestSpec gpus = spec("gpus");
        gpus.min.put("gpus", 1.0);
        RequestSpec minAboveTotal = spec("split");
        minAboveTotal.min.put("cores", 3.0);
        minAboveTotal.total.put("cores", 2.0);
        RequestSpec zero = spec("zero");
        zero.duration = "0s";

        assertInvalid(decide(noNodes), "resourceCount", "n (--n)", "must be positive, was 0");
        assertInvalid(decide(gpus), "minimums.gpus", "min.gpus (--min gpus=...)", "unknown property");
        assertInvalid(decide(minAboveTotal), "minimums.cores", "min.cores (--min cores=...)", "must not exceed");
        assertInvalid(decide(zero), "durationMillis", "duration (--duration)", "must be positive");
        assertThat(decide(spec("fine")).getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
    }

    @Test
    void shouldSayInPlainWordsThatAWindowEntirelyInThePastIsOver() {
        RequestSpec past = spec("yesterday");
        past.earliest = "2026-11-20T08:00:00Z";
        past.latest = "2026-11-20T12:00:00Z";

        ReservationDecision d = decide(past);

        assertInvalid(d, "latestStart", "lies entirely in the past", "latest (--latest)",
                "2026-11-20T12:00:00Z", T0.toString());
        assertThat(d.getMessage()).doesNotContain("t_l", "t_e");
    }

    @Test
    void shouldSayWhenAWindowIsOlderThanWhatTheBooksStillHold() {
        // A catalogue record of ten days later moves stream time on; the books then forget what ended 2 days before.
        Instant later = T0.plus(java.time.Duration.ofDays(10));
        fixture.driver().createInputTopic(fixture.config().topics().resources(), Serdes.String().serializer(),
                fixture.serdes().resources().serializer()).pipeInput(DomainKey.of("default", "n9"),
                Resource.newBuilder().setId("n9").setDomain("default").setProperties(Map.of("cores", 4.0))
                        .setUpdatedAt(later).build(), later);
        RequestSpec replayed = spec("from-the-trace");
        replayed.earliest = T0.toString();
        replayed.latest = T0.plus(java.time.Duration.ofHours(24)).toString();

        ReservationDecision d = decide(replayed);

        assertInvalid(d, "latestStart", "lies entirely in the past", "the earliest time the books still hold",
                "coreserve.history.retention", later.minus(java.time.Duration.ofDays(2)).toString());
    }

    @Test
    void shouldRefuseADurationAboveTheConfiguredMaximumNamingTheSettingAndBothValues() {
        RequestSpec forever = spec("forever");
        forever.duration = "100000d";
        RequestSpec month = spec("month");
        month.duration = "30d";

        assertInvalid(decide(forever), "durationMillis", "duration (--duration)", "must be at most 30d",
                "coreserve.request.max-duration", "was 100000d");
        assertThat(decide(month).getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
    }

    @Test
    void shouldRefuseAnIdAUrlPathCannotCarryAndKeepIdsThatItCan() {
        for (String id : new String[] {"a/b", "a?b", "a#b", "50%", "a b", ".."}) {
            assertInvalid(decide(spec(id)), "requestId", "id (--id)", "GET /reservations/ID");
        }
        assertThat(decide(spec("job-42_v1.2~x:y@z+w=q,r")).getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
        assertThat(decide(spec(UUID.randomUUID().toString())).getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
    }

    @Test
    void shouldAnswerAProbeInTheSameTerms() {
        RequestSpec forever = spec("probe");
        forever.duration = "100000d";
        RequestSpec noNodes = spec("probe");
        noNodes.n = 0;

        assertInvalid(fixture.queries().probe(forever.toRequest(T0), T0.toEpochMilli()), "durationMillis",
                "must be at most 30d");
        assertInvalid(fixture.queries().probe(noNodes.toRequest(T0), T0.toEpochMilli()), "resourceCount",
                "n (--n)");
        assertThat(fixture.queries().checkFields(spec("a/b").toRequest(T0))).get()
                .extracting(ReservationQueries.FieldProblem::field).isEqualTo("requestId");
    }
}
