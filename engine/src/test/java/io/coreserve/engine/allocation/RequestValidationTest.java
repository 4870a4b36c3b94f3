package io.coreserve.engine.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.engine.model.Request;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RequestValidationTest {

    private final Grid grid = new Grid("cores", "memory_gb");
    private final CoAllocator engine;

    RequestValidationTest() {
        grid.node("n0", 4, 8);
        engine = grid.engine(EngineConfig.defaults());
    }

    private static Request.Builder valid() {
        return Request.builder("req-1", "alice").submittedAt(1_000).duration(60_000).count(1);
    }

    @Test
    void shouldRejectANonPositiveCount() {
        assertInvalid(valid().count(0).build(), "count", "N (the number of resources) must be positive, was 0");
    }

    @Test
    void shouldRejectANonPositiveDuration() {
        assertInvalid(valid().duration(0).build(), "durationMillis", "t_res (the duration) must be positive, was 0 ms");
    }

    @Test
    void shouldRejectWhenLatestStartBeforeEarliest() {
        assertInvalid(valid().window(5_000, 4_999).build(), "latestStart",
                "t_l (the latest start) must not be before t_e (the earliest start)");
    }

    @Test
    void shouldRejectAPerResourceMinimumAboveTheTotal() {
        assertInvalid(valid().perResource("cores", 3).total("cores", 2).build(), "perResource.cores",
                "e_i (the minimum on each resource, 3.0) must not exceed d_i (the total, 2.0)");
    }

    @Test
    void shouldRejectAnUnknownProperty() {
        Rejection rejection = (Rejection) engine.probe(valid().total("gpus", 1).build());
        assertThat(rejection.reason()).isEqualTo(RejectionReason.INVALID_REQUEST);
        assertThat(rejection.field()).isEqualTo("totals.gpus");
        assertThat(rejection.rule()).startsWith("unknown property");
    }

    @Test
    void shouldRejectNotANumberInfiniteAndNegativeAmounts() {
        assertInvalid(valid().total("cores", Double.NaN).build(), "totals.cores", "must be a finite, non-negative amount");
        assertInvalid(valid().perResource("memory_gb", Double.POSITIVE_INFINITY).build(), "perResource.memory_gb",
                "must be a finite, non-negative amount");
        assertInvalid(valid().total("cores", -1).build(), "totals.cores", "must be a finite, non-negative amount");
    }

    @Test
    void shouldRejectANullAmount() {
        Map<String, Double> totals = new HashMap<>();
        totals.put("cores", null);
        Request request = new Request("req-1", "alice", 0, 1, 1, null, null, Map.of(), totals, Set.of());
        assertInvalid(request, "totals.cores", "must be a finite, non-negative amount");
    }

    @Test
    void shouldRejectMissingIdsWithoutThrowing() {
        assertInvalid(Request.builder(null, "alice").duration(1).count(1).build(), "requestId",
                "must be present and not blank");
        assertInvalid(Request.builder("req-1", null).duration(1).count(1).build(), "userId",
                "must be present and not blank");
        assertThat(((Rejection) engine.probe(null)).field()).isEqualTo("request");
    }

    @Test
    void shouldApplyTheDefaultsOfSectionTwo() {
        EngineConfig config = EngineConfig.defaults();
        RequestValidator validator = new RequestValidator(grid.properties, config);
        Request request = valid().total("cores", 3).build();

        ResolvedRequest r = (ResolvedRequest) validator.resolve(request);

        assertThat(r.earliest()).isEqualTo(1_000);                               // t_e = submission time
        assertThat(r.latest()).isEqualTo(1_000 + config.defaultWindow());         // t_l = t_e + t_C
        assertThat(r.perResource()).containsExactly(1_000L, 1_000L);              // e_i = 0.001 by default
        assertThat(r.totals()).containsExactly(3_000_000L, 1_000L);               // memory: d = N e = 0.001
    }

    @Test
    void shouldRaiseATotalBelowNTimesTheMinimumToNTimesTheMinimum() {
        RequestValidator validator = new RequestValidator(grid.properties, EngineConfig.defaults());
        Request request = valid().count(3).perResource("cores", 2).total("cores", 4).build();

        ResolvedRequest r = (ResolvedRequest) validator.resolve(request);

        assertThat(r.totals()[0]).isEqualTo(6_000_000L);
    }

    private void assertInvalid(Request request, String field, String rule) {
        Outcome outcome = engine.probe(request);
        assertThat(outcome).isInstanceOf(Rejection.class);
        Rejection rejection = (Rejection) outcome;
        assertThat(rejection.reason()).isEqualTo(RejectionReason.INVALID_REQUEST);
        assertThat(rejection.field()).isEqualTo(field);
        assertThat(rejection.rule()).isEqualTo(rule);
        assertThat(rejection.message()).contains(field);
    }
}
