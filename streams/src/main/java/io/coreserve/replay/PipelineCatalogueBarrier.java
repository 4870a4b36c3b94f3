package io.coreserve.replay;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;

/**
 * Waits until the pipeline's consumer group (its {@code application.id}) has committed offsets past the catalogue
 * records: a committed input offset means the records before it were processed and their effects written (with
 * exactly-once, in the same transaction), so the catalogue is in the books before any sample or request arrives.
 * Shows progress on a terminal stream; gives up after a timeout with a one-line reason.
 */
public final class PipelineCatalogueBarrier implements TraceReplayer.CatalogueBarrier {

    private static final long POLL_MILLIS = 100;
    private static final long PRINT_NANOS = 500_000_000L;

    private final Admin admin;
    private final String groupId;
    private final Duration timeout;
    private final PrintStream out;

    public PipelineCatalogueBarrier(Admin admin, String groupId, Duration timeout, PrintStream out) {
        this.admin = admin;
        this.groupId = groupId;
        this.timeout = timeout;
        this.out = out;
    }

    @Override
    public void await(Map<TopicPartition, Long> ends, long records) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long lastPrint = 0;
        while (true) {
            Map<TopicPartition, OffsetAndMetadata> committed = committed();
            long behind = 0;
            for (Map.Entry<TopicPartition, Long> end : ends.entrySet()) {
                OffsetAndMetadata offset = committed.get(end.getKey());
                behind += Math.max(0, end.getValue() - (offset == null ? 0 : offset.offset()));
            }
            long done = Math.max(0, records - behind);
            long now = System.nanoTime();
            if (behind == 0 || now - lastPrint >= PRINT_NANOS) {
                out.printf("\rreplay: waiting for the pipeline (group %s) to process the catalogue: %,d of %,d   ",
                        groupId, done, records);
                out.flush();
                lastPrint = now;
            }
            if (behind == 0) {
                out.println();
                return;
            }
            if (now - deadline >= 0) {
                out.println();
                throw new TraceReplayer.CatalogueNotProcessed(String.format(
                        "the pipeline (consumer group %s, %s) processed %,d of the %,d catalogue records within %s, so "
                                + "no sample or request was sent: start the pipeline (its application.id must be %s), "
                                + "or give --catalogue-wait more time, or --no-catalogue-wait to send without waiting",
                        groupId, members(), done, records, human(timeout), groupId));
            }
            TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
        }
    }

    private Map<TopicPartition, OffsetAndMetadata> committed() throws InterruptedException {
        try {
            return admin.listConsumerGroupOffsets(groupId).partitionsToOffsetAndMetadata().get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof GroupIdNotFoundException) {
                return Map.of(); // the pipeline has never run
            }
            throw new TraceReplayer.CatalogueNotProcessed("could not read the offsets of consumer group " + groupId
                    + ": " + e.getCause().getMessage());
        }
    }

    private String members() throws InterruptedException {
        try {
            int n = admin.describeConsumerGroups(java.util.List.of(groupId)).describedGroups().get(groupId).get()
                    .members().size();
            return n == 0 ? "no running member" : n + (n == 1 ? " running member" : " running members");
        } catch (ExecutionException e) {
            return e.getCause() instanceof GroupIdNotFoundException ? "no running member" : "state unknown";
        }
    }

    private static String human(Duration d) {
        return d.toString().substring(2).toLowerCase(java.util.Locale.ROOT);
    }
}
