package io.coreserve.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The reservation list gathered from several instances ({@link ReservationListRoutes#gathered}): while a domain's
 * task moves, the instance handing it over and the one taking it may both answer for its decisions.
 */
class GatheredDecisionsTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Test
    void shouldListADecisionTwoInstancesAnswerForOnceTheLatestByTimeOfDecision() {
        JsonNode accepted = decision("site-1", "r1", "ACCEPTED", 200);
        JsonNode cancelled = decision("site-1", "r1", "CANCELLED", 300);
        // The same request id in another domain is another request.
        JsonNode elsewhere = decision("site-2", "r1", "ACCEPTED", 100);

        // Whichever instance gives the later decision.
        assertThat(ReservationListRoutes.gathered(List.of(cancelled, elsewhere), List.of(NODES.arrayNode()
                .add(accepted)))).containsExactly(elsewhere, cancelled);
        assertThat(ReservationListRoutes.gathered(List.of(accepted, elsewhere), List.of(NODES.arrayNode()
                .add(cancelled)))).containsExactly(elsewhere, cancelled);
    }

    private static JsonNode decision(String domain, String requestId, String status, long decidedAt) {
        ObjectNode d = NODES.objectNode();
        d.put("domain", domain).put("user", "alice").put("requestId", requestId).put("status", status)
                .put("decidedAt", decidedAt);
        return d;
    }
}
