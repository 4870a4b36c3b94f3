package io.coreserve.evaluation.offers;

import io.coreserve.offers.job.GridJob;
import io.coreserve.offers.job.JobLengthModel;
import io.coreserve.trace.swf.TraceJob;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class OffersEvaluationTest {

    @Test
    void shouldCountJobsInStepsUpToAllJobs() {
        assertThat(OffersEvaluation.jobCounts(1200, 500)).containsExactly(500, 1000, 1200);
        assertThat(OffersEvaluation.jobCounts(1000, 500)).containsExactly(500, 1000);
        assertThat(OffersEvaluation.jobCounts(1200, 0)).containsExactly(1200);
    }

    @Test
    void shouldStartTheClockAtTheFirstSubmissionAndCompressGapsByTheLoadFactor() {
        List<GridJob> jobs = OffersEvaluation.toGridJobs(List.of(
                new TraceJob(2, 1300, 1, 10, 10), new TraceJob(1, 1000, 1, 10, 10)), JobLengthModel.defaults(), 2.0);

        assertThat(jobs).extracting(GridJob::id).containsExactly(1L, 2L);
        assertThat(jobs).extracting(GridJob::submitSeconds).containsExactly(0L, 150L);
    }
}
