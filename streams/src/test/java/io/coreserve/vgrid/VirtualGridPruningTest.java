package io.coreserve.vgrid;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.Settings;
import io.coreserve.events.BindReply;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.VirtualGridBinding;
import io.coreserve.events.VirtualGridState;
import io.coreserve.reservation.ReservationPipeline;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The coordinator's store {@code virtual-grids} and the domains' {@code bind-answers} forget decided requests after
 * {@code coreserve.history.retention} of stream time (here one hour): a rejected request an hour after its decision,
 * an accepted one an hour after its bookings end, a domain's answer an hour after it was given; until then a repeated
 * request id gets its decision again.
 */
class VirtualGridPruningTest {

    private static final String BROKEN = "vgdl = ClusterOf (hosts) [4:2] { hosts = [ Cores >= 1 ] }";

    @TempDir
    Path state;

    @Test
    void shouldForgetDecidedRequestsAndTheirBindAnswersAfterTheRetention() {
        try (VirtualGridDriver vg = new VirtualGridDriver(state, "vg-prune",
                Map.of(Settings.HISTORY_RETENTION, "PT1H"))) {
            KeyValueStore<String, VirtualGridState> grids = vg.driver.getKeyValueStore(VirtualGridTopology.STATES_STORE);
            KeyValueStore<String, BindReply> answers = vg.driver.getKeyValueStore(ReservationPipeline.BIND_ANSWERS_STORE);
            vg.catalogue();
            // Given: one request rejected at T0 + 1 s, one accepted for [T0 + 10 min, T0 + 70 min).
            vg.submit("broken", BROKEN, 2, VirtualGridBinding.INTEGRATED);
            vg.submit("bound", VirtualGridDriver.FOUR_CLUSTERS, 2, VirtualGridBinding.INTEGRATED);
            assertThat(vg.decisionOf("bound").getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
            assertThat(vg.commands.readValuesToList()).hasSize(4);
            List<String> firstAnswers = keys(answers);
            assertThat(firstAnswers).hasSize(4);

            // When: the same ids again, 50 minutes later (within the retention).
            vg.submit("broken", BROKEN, 2, VirtualGridBinding.INTEGRATED, at(50));
            vg.submit("bound", VirtualGridDriver.FOUR_CLUSTERS, 2, VirtualGridBinding.INTEGRATED, at(50));
            // Then: the same decisions again, nothing bound anew.
            List<ReservationDecision> again = vg.decisions.readValuesToList();
            assertThat(again).extracting(ReservationDecision::getRequestId).containsExactly("broken", "bound");
            assertThat(again.get(1).getDecidedAt()).isEqualTo(VirtualGridDriver.T0.plusSeconds(1));
            assertThat(vg.commands.readValuesToList()).isEmpty();

            // When stream time is 1 h 2 min past the rejection (an unrelated request moves it): the rejection is
            // forgotten, and so are the domains' answers (given more than an hour ago), but not the accepted request,
            // whose bookings end at T0 + 70 min.
            vg.submit("clock-1", BROKEN, 2, VirtualGridBinding.INTEGRATED, at(62));
            assertThat(grids.get("broken")).isNull();
            assertThat(grids.get("bound")).isNotNull();
            assertThat(keys(answers)).doesNotContainAnyElementsOf(firstAnswers);

            // When stream time passes the end of the bookings by more than the retention.
            vg.submit("clock-2", BROKEN, 2, VirtualGridBinding.INTEGRATED, at(132));
            assertThat(grids.get("bound")).isNull();
            assertThat(grids.get("clock-2")).isNotNull();

            // Then a forgotten id is a new request: decided anew, at its own time.
            vg.submit("broken", BROKEN, 2, VirtualGridBinding.INTEGRATED, at(133));
            ReservationDecision anew = vg.decisions.readValuesToList().stream()
                    .filter(d -> d.getRequestId().equals("broken")).reduce((a, b) -> b).orElseThrow();
            assertThat(anew.getDecidedAt()).isEqualTo(at(133));
        }
    }

    private static Instant at(int minutes) {
        return VirtualGridDriver.T0.plus(Duration.ofMinutes(minutes));
    }

    private static List<String> keys(KeyValueStore<String, ?> store) {
        List<String> keys = new ArrayList<>();
        try (var all = store.all()) {
            all.forEachRemaining((KeyValue<String, ?> kv) -> keys.add(kv.key));
        }
        return keys;
    }
}
