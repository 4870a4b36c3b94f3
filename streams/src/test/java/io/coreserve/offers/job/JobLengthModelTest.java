package io.coreserve.offers.job;

import io.coreserve.trace.swf.TraceJob;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JobLengthModelTest {

    @Test
    void shouldPlanWithTheRequestedTimeAndRunTheCappedRunTime() {
        GridJob j = new JobLengthModel(1000, false).toGridJob(new TraceJob(7, 50, 4, 100, 130), 10);

        assertThat(j.lengthMi()).isEqualTo(100_000);
        assertThat(j.actualLengthMi()).isEqualTo(100_000);   // ran 130 s but asked for 100: stopped at 100
        assertThat(j.submitSeconds()).isEqualTo(10);
        assertThat(j.plannedSeconds(1000)).isEqualTo(100);
        assertThat(j.plannedSeconds(1600)).isEqualTo(63);    // 62.5 rounded up
    }

    @Test
    void shouldPlanWithTheRunTimeWhenEstimatesAreExact() {
        GridJob j = new JobLengthModel(1000, true).toGridJob(new TraceJob(7, 50, 4, 100, 60), 0);

        assertThat(j.lengthMi()).isEqualTo(60_000);
        assertThat(j.actualLengthMi()).isEqualTo(60_000);
    }
}
