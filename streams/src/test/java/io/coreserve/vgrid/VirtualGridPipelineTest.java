package io.coreserve.vgrid;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.config.Settings;
import io.coreserve.events.BindCommand;
import io.coreserve.events.BindOp;
import io.coreserve.events.ComponentOutcome;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import io.coreserve.events.VirtualGridBinding;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spec 004 section 6.8: four domains, {@code LooseBagOf(c)[4]}, two selections per component, the first selection of
 * domain B refused (its hosts are busy, which the catalogue the coordinator selects from does not show).
 */
class VirtualGridPipelineTest {

    @TempDir
    Path state;

    @Test
    void integratedRetriesOnlyTheRefusedComponent() {
        try (VirtualGridDriver vg = new VirtualGridDriver(state, "vg-integrated", Map.of())) {
            vg.catalogue();
            vg.busy("B", 0);

            vg.submit("grid-1", VirtualGridDriver.FOUR_CLUSTERS, 2, VirtualGridBinding.INTEGRATED);

            ReservationDecision decision = vg.decisionOf("grid-1");
            assertThat(decision.getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
            assertThat(decision.getStatistics().getCounts()).containsEntry("attempts", 5L).containsEntry("rounds", 2L);
            assertThat(decision.getComponents()).extracting(ComponentOutcome::getSelection).containsExactly(0, 1, 0, 0);
            assertThat(decision.getComponents().get(1).getHosts()).allMatch(h -> h.getDomain().equals("B")
                    && h.getResourceId().startsWith("b-c1"));
            assertThat(decision.getAllocations()).isEmpty();
            assertThat(vg.heldBookings("grid-1")).hasSize(4);
        }
    }

    @Test
    void separateReleasesTheWholeCandidateAndBindsTheNext() {
        try (VirtualGridDriver vg = new VirtualGridDriver(state, "vg-separate", Map.of())) {
            vg.catalogue();
            vg.busy("B", 0);

            vg.submit("grid-2", VirtualGridDriver.FOUR_CLUSTERS, 2, VirtualGridBinding.SEPARATE);

            List<BindCommand> sent = vg.commands.readValuesToList();
            ReservationDecision decision = vg.decisionOf("grid-2");
            assertThat(decision.getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
            assertThat(decision.getStatistics().getCounts()).containsEntry("attempts", 8L);
            assertThat(decision.getComponents()).extracting(ComponentOutcome::getSelection).containsOnly(1);
            assertThat(sent.stream().filter(c -> c.getOp() == BindOp.RELEASE).map(BindCommand::getDomain))
                    .containsExactlyInAnyOrder("A", "C", "D");
            assertThat(vg.heldBookings("grid-2").keySet()).allMatch(k -> k.endsWith(":1"));
            assertThat(vg.heldBookings("grid-2")).hasSize(4);
        }
    }

    @Test
    void exhaustionRejectsAndReleasesEveryBoundComponent() {
        try (VirtualGridDriver vg = new VirtualGridDriver(state, "vg-exhausted", Map.of())) {
            vg.catalogue();
            vg.busy("B", 0);
            vg.busy("B", 1);

            vg.submit("grid-3", VirtualGridDriver.FOUR_CLUSTERS, 2, VirtualGridBinding.INTEGRATED);

            ReservationDecision decision = vg.decisionOf("grid-3");
            assertThat(decision.getStatus()).isEqualTo(ReservationStatus.REJECTED);
            assertThat(decision.getReasonCode()).isEqualTo("BINDING_FAILED");
            assertThat(decision.getComponents()).extracting(ComponentOutcome::getAttempts).containsExactly(1, 2, 1, 1);
            assertThat(vg.heldBookings("grid-3")).as("leaked bookings").isEmpty();
            // The hosts are free again: the same request without B's second cluster busy would bind.
            assertThat(vg.seen.stream().filter(d -> d.getRequestId().startsWith("vg:grid-3:"))
                    .filter(d -> d.getStatus() == ReservationStatus.CANCELLED)).hasSize(3);
        }
    }

    @Test
    void aDomainThatNeverAnswersCountsAsRefusedAfterTheBindTimeout() {
        // The coordinator alone: the test plays the domains and leaves B silent in round 1.
        try (CoordinatorOnly coordinator = new CoordinatorOnly(state, "vg-silent")) {
            coordinator.submit("grid-4");

            List<BindCommand> round1 = coordinator.commands();
            assertThat(round1).extracting(BindCommand::getDomain).containsExactly("A", "B", "C", "D");
            round1.stream().filter(c -> !c.getDomain().equals("B")).forEach(c -> coordinator.answer(c, true));
            assertThat(coordinator.commands()).as("nothing before the timeout").isEmpty();

            coordinator.advanceWallClock(java.time.Duration.ofSeconds(6));

            List<BindCommand> afterTimeout = coordinator.commands();
            assertThat(afterTimeout).filteredOn(c -> c.getOp() == BindOp.RELEASE).singleElement()
                    .satisfies(c -> assertThat(c.getDomain() + c.getSelection()).isEqualTo("B0"));
            BindCommand retry = afterTimeout.stream().filter(c -> c.getOp() == BindOp.BIND).findFirst().orElseThrow();
            assertThat(retry.getDomain() + retry.getSelection() + "@" + retry.getRound()).isEqualTo("B1@2");
            coordinator.answer(retry, true);
            ReservationDecision decision = coordinator.decision("grid-4");
            assertThat(decision.getStatus()).isEqualTo(ReservationStatus.ACCEPTED);
            assertThat(decision.getStatistics().getCounts()).containsEntry("attempts", 5L);
        }
    }

    @Test
    void theSameInputAndSeedGiveTheSameDecisionsAndInjectedRefusals(@TempDir Path other) {
        Map<String, String> injected = Map.of(Settings.VGRID_BIND_FAILURE_PROBABILITY, "0.5");
        List<String> first = run(state, "vg-det-1", injected);
        List<String> second = run(other, "vg-det-2", injected);

        assertThat(second).isEqualTo(first);
        assertThat(first).anyMatch(d -> d.contains("BINDING_FAILED")).anyMatch(d -> d.contains("ACCEPTED"));
    }

    private static List<String> run(Path dir, String scope, Map<String, String> settings) {
        try (VirtualGridDriver vg = new VirtualGridDriver(dir, scope, settings)) {
            vg.catalogue();
            for (int i = 0; i < 12; i++) {
                vg.submit("grid-" + i, VirtualGridDriver.FOUR_CLUSTERS, 2,
                        i % 2 == 0 ? VirtualGridBinding.INTEGRATED : VirtualGridBinding.SEPARATE);
            }
            // Later requests find hosts held by earlier virtual grids and back off: let their waits pass.
            for (int step = 0; step < 200; step++) {
                vg.driver.advanceWallClockTime(java.time.Duration.ofMillis(50));
            }
            List<ReservationDecision> decisions = vg.decisions.readValuesToList();
            assertThat(decisions.stream().filter(d -> d.getRequestId().startsWith("grid-")))
                    .as("one decision per request").hasSize(12);
            var report = io.coreserve.bench.DecisionsChecker.check(VirtualGridDriver.hosts(), decisions);
            assertThat(report.ok()).as(report.summary()).isTrue();
            assertThat(report.releases()).as("refused candidates were released").isPositive();
            return decisions.stream().map(Object::toString).toList();
        }
    }

    @Test
    void aBrokenSpecificationIsRejectedWithItsRuleAndPosition() {
        try (VirtualGridDriver vg = new VirtualGridDriver(state, "vg-invalid", Map.of())) {
            vg.catalogue();

            vg.submit("bad", "vgdl = ClusterOf (hosts) [4:2] { hosts = [ Cores >= 1 ] }", 2,
                    VirtualGridBinding.INTEGRATED);
            vg.submit("too-big", "vgdl = ClusterOf (hosts) [64] { hosts = [ Cores >= 1 ] }", 2,
                    VirtualGridBinding.INTEGRATED);

            ReservationDecision bad = vg.decisionOf("bad");
            assertThat(bad.getReasonCode()).isEqualTo("INVALID_REQUEST");
            assertThat(bad.getField()).isEqualTo("vgdl");
            assertThat(bad.getMessage()).matches("field vgdl: 1:\\d+: .*\\[[A-Z_]+\\]");
            assertThat(vg.decisionOf("too-big").getReasonCode()).isEqualTo("NO_MATCHING_RESOURCES");
            assertThat(vg.commands.readValuesToList()).isEmpty();
        }
    }
}
