package io.coreserve.vgrid;

import static org.assertj.core.api.Assertions.assertThat;

import io.coreserve.bench.DecisionsChecker;
import io.coreserve.config.Settings;
import io.coreserve.events.BindCommand;
import io.coreserve.events.BindReply;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.ReservationStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Virtual grids competing for the same hosts over the same hour. The spec's four domains hold two clusters each and
 * every request of {@code LooseBagOf(c)[4]} needs one cluster per domain, so the capacity allows M = 2 of them. On one
 * TopologyTestDriver each request would run to its decision before the next starts; here the coordinator and the
 * domains run on two drivers and the test is the network between them: every batch of bind commands, and of replies,
 * is delivered in a seeded random order, so the requests' binds interleave at the domains as through a broker, and
 * every round of every request is in flight at once (the worst case).
 */
class CompetingVirtualGridsTest {

    private static final int COMPETING = 6;
    private static final int CAPACITY = 2;
    private static final Duration NETWORK_STEP = Duration.ofMillis(50);

    @TempDir
    Path coordinatorState;
    @TempDir
    Path domainState;

    @Test
    void competingRequestsThatTogetherFitAreBoundAfterBackingOff() {
        Outcome outcome = compete("vg-compete", Map.of(), 7L);

        // 2 of 6, as many as the hosts allow: the first try of every request fails (each holds some domains'
        // clusters and loses the others), then their seeded back-offs spread them apart.
        assertThat(outcome.accepted()).as(outcome.toString()).isEqualTo(CAPACITY);
        assertThat(outcome.failedReasons()).containsOnly("BINDING_FAILED");
        assertThat(outcome.triesOfAccepted()).as("accepted after backing off").anyMatch(t -> t > 1);
        outcome.assertSound();
    }

    @Test
    void aSelectionReleasedBeforeIsNotBookedAgainByALateBind() {
        // Seen after a SIGKILL in the multi-instance test: a timed-out round's defensive RELEASE passed its BIND,
        // and a later BIND of the same selection booked it again (CANCELLED, then ACCEPTED, for one booking id).
        try (CoordinatorOnly coordinator = new CoordinatorOnly(coordinatorState, "vg-late-c", Map.of());
                VirtualGridDriver domains = new VirtualGridDriver(domainState, "vg-late-d",
                        Map.of(Settings.VGRID_ENABLED, "false"))) {
            domains.catalogue();
            coordinator.submit("grid-late");
            BindCommand bind = coordinator.commands().get(0);
            BindCommand release = BindCommand.newBuilder(bind).setCommandId(bind.getCommandId() + "-release")
                    .setOp(io.coreserve.events.BindOp.RELEASE).build();
            BindCommand again = BindCommand.newBuilder(bind).setCommandId(bind.getCommandId() + "-again").build();
            for (BindCommand command : List.of(bind, release, again)) {
                domains.commandsIn.pipeInput(command.getDomain(), command, command.getSentAt());
            }

            List<BindReply> replies = domains.replies.readValuesToList();
            assertThat(replies).extracting(BindReply::getAccepted).containsExactly(true, true, false);
            assertThat(replies.get(2).getReason()).contains("released before");
            assertThat(domains.decisions.readValuesToList()).extracting(ReservationDecision::getStatus)
                    .as("booked once, released, never booked again")
                    .containsExactly(ReservationStatus.ACCEPTED, ReservationStatus.CANCELLED);
        }
    }

    @Test
    void withoutRetriesTheSameCompetitionBindsFewer() {
        Outcome outcome = compete("vg-no-retry", Map.of(Settings.VGRID_BIND_TRIES, "1"), 7L);

        // The livelock the back-off removes: every request exhausts a component while holding the others (0 of 6
        // here; network seeds 1 to 20 gave 0 in 18 runs and 1 in 2, against 2 in all 20 with back-off).
        assertThat(outcome.accepted()).as(outcome.toString()).isZero();
        outcome.assertSound();
    }

    @Test
    void theSameCompetitionReplaysToTheSameDecisions(@TempDir Path coordinatorAgain, @TempDir Path domainsAgain) {
        List<String> first = compete("vg-replay-1", Map.of(), 11L).decisions();
        coordinatorState = coordinatorAgain;
        domainState = domainsAgain;
        List<String> second = compete("vg-replay-2", Map.of(), 11L).decisions();

        assertThat(second).isEqualTo(first);
    }

    /** The decisions of the competing requests and the domains' bookings, once every request is decided. */
    private record Outcome(List<ReservationDecision> grids, List<ReservationDecision> bookings) {

        long accepted() {
            return grids.stream().filter(d -> d.getStatus() == ReservationStatus.ACCEPTED).count();
        }

        List<String> failedReasons() {
            return grids.stream().filter(d -> d.getStatus() != ReservationStatus.ACCEPTED)
                    .map(ReservationDecision::getReasonCode).toList();
        }

        List<Long> triesOfAccepted() {
            return grids.stream().filter(d -> d.getStatus() == ReservationStatus.ACCEPTED)
                    .map(d -> d.getStatistics().getCounts().get("tries")).toList();
        }

        List<String> decisions() {
            return grids.stream().map(Object::toString).toList();
        }

        /** One decision per request, nothing over-committed, and no booking held but by an accepted request. */
        void assertSound() {
            assertThat(grids.stream().map(ReservationDecision::getRequestId).distinct()).hasSize(COMPETING);
            assertThat(grids).hasSize(COMPETING);
            DecisionsChecker.Report report = DecisionsChecker.check(VirtualGridDriver.hosts(), bookings);
            assertThat(report.ok()).as(report.summary()).isTrue();
            Map<String, ReservationDecision> last = new HashMap<>();
            bookings.forEach(b -> last.put(b.getDomain() + "/" + b.getRequestId(), b));
            List<String> held = last.values().stream().filter(b -> b.getStatus() == ReservationStatus.ACCEPTED)
                    .map(ReservationDecision::getRequestId).sorted().toList();
            List<String> listed = new ArrayList<>(io.coreserve.pipeline.VirtualGridIntegrationTest.bookingIds(grids));
            Collections.sort(listed);
            assertThat(held).as("bookings held (none leaked)").isEqualTo(listed);
        }

        @Override
        public String toString() {
            return grids.stream().map(d -> d.getRequestId() + " " + d.getStatus() + " " + d.getMessage())
                    .collect(Collectors.joining("; "));
        }
    }

    private Outcome compete(String scope, Map<String, String> settings, long networkSeed) {
        Random network = new Random(networkSeed);
        try (CoordinatorOnly coordinator = new CoordinatorOnly(coordinatorState, scope + "-c", settings);
                VirtualGridDriver domains = new VirtualGridDriver(domainState, scope + "-d",
                        Map.of(Settings.VGRID_ENABLED, "false"))) {
            domains.catalogue();
            for (int i = 0; i < COMPETING; i++) {
                coordinator.submit("grid-" + i);
            }
            List<ReservationDecision> grids = new ArrayList<>();
            // Bounded: 4 tries of at most 2 rounds, back-offs under 0.5 + 1 + 2 s, all in 50 ms steps. Goes on
            // after the last decision until its releases are delivered too.
            for (int step = 0; step < 400; step++) {
                List<BindCommand> commands = new ArrayList<>(coordinator.commands());
                if (commands.isEmpty()) {
                    if (grids.size() >= COMPETING) {
                        break;
                    }
                    coordinator.advanceWallClock(NETWORK_STEP);
                } else {
                    Collections.shuffle(commands, network);
                    commands.forEach(c -> domains.commandsIn.pipeInput(c.getDomain(), c, c.getSentAt()));
                    List<BindReply> replies = new ArrayList<>(domains.replies.readValuesToList());
                    Collections.shuffle(replies, network);
                    replies.forEach(coordinator::deliver);
                }
                grids.addAll(coordinator.decisions());
            }
            return new Outcome(grids, domains.decisions.readValuesToList());
        }
    }
}
