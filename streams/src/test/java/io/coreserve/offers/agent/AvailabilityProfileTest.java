package io.coreserve.offers.agent;

import io.coreserve.offers.agent.AvailabilityProfile.FreeWindow;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AvailabilityProfileTest {

    /** 10 processors; 6 taken in [0,100), 3 more in [50,150): free 4, then 1, then 7, then 10. */
    private static AvailabilityProfile twoReservations() {
        AvailabilityProfile p = new AvailabilityProfile(10, 0);
        p.reserve(0, 100, 6);
        p.reserve(50, 150, 3);
        return p;
    }

    @Test
    void shouldTrackFreeProcessorsAsAStepFunction() {
        AvailabilityProfile p = twoReservations();

        assertThat(p.freeAt(0)).isEqualTo(4);
        assertThat(p.freeAt(49)).isEqualTo(4);
        assertThat(p.freeAt(50)).isEqualTo(1);
        assertThat(p.freeAt(100)).isEqualTo(7);
        assertThat(p.freeAt(150)).isEqualTo(10);
        assertThat(p.freeAt(1_000_000)).isEqualTo(10);
        assertThat(p.minFree(0, 50)).isEqualTo(4);
        assertThat(p.minFree(40, 60)).isEqualTo(1);
        assertThat(p.minFree(100, 200)).isEqualTo(7);
    }

    @Test
    void shouldRefuseToOvercommitAndLeaveTheProfileUnchanged() {
        AvailabilityProfile p = twoReservations();

        assertThatThrownBy(() -> p.reserve(40, 60, 2)).isInstanceOf(IllegalStateException.class);
        assertThat(p.minFree(40, 60)).isEqualTo(1);
        assertThat(p.freeAt(40)).isEqualTo(4);
    }

    @Test
    void shouldGiveBackReleasedProcessorsAndMergeSteps() {
        AvailabilityProfile p = twoReservations();
        p.release(50, 150, 3);
        p.release(0, 100, 6);

        assertThat(p.freeAt(0)).isEqualTo(10);
        assertThat(p.steps()).isEqualTo(1);
        assertThatThrownBy(() -> p.release(0, 10, 1)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void shouldFindTheEarliestStartWhereTheProcessorsStayFree() {
        AvailabilityProfile p = twoReservations();

        assertThat(p.earliestStart(0, 40, 4)).isZero();
        assertThat(p.earliestStart(0, 60, 4)).isEqualTo(100);  // [0,60) crosses the dip to 1
        assertThat(p.earliestStart(0, 10, 8)).isEqualTo(150);
        assertThat(p.earliestStart(120, 10, 7)).isEqualTo(120);
        assertThat(p.earliestStart(0, 10, 11)).isEqualTo(-1);
    }

    @Test
    void shouldListFreeWindowsWhereProcessorsAreFreed() {
        AvailabilityProfile p = twoReservations();

        assertThat(p.freeWindows(0, 20, Integer.MAX_VALUE)).containsExactly(
                new FreeWindow(0, 4), new FreeWindow(100, 7), new FreeWindow(150, 10));
        assertThat(p.freeWindows(0, 60, Integer.MAX_VALUE)).containsExactly(
                new FreeWindow(0, 1), new FreeWindow(100, 7), new FreeWindow(150, 10));
        assertThat(p.freeWindows(0, 20, 5)).containsExactly(new FreeWindow(0, 4), new FreeWindow(100, 7));
    }

    @Test
    void shouldForgetThePastButKeepTheFuture() {
        AvailabilityProfile p = twoReservations();
        p.forgetBefore(60);

        assertThat(p.freeAt(60)).isEqualTo(1);
        assertThat(p.freeAt(100)).isEqualTo(7);
        assertThat(p.stepsFrom(60)).containsExactly(new FreeWindow(60, 1), new FreeWindow(100, 7), new FreeWindow(150, 10));
    }
}
