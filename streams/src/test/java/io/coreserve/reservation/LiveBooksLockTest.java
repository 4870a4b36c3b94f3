package io.coreserve.reservation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.junit.jupiter.api.Test;

/**
 * The lock of {@link LiveBooks}: Given a task whose stream thread is handling a record (it holds the task's lock),
 * When a query reads the domain's books, Then it waits until the record is done; and once the task closes, the
 * domain is no longer answered from it.
 */
class LiveBooksLockTest {

    @Test
    void shouldMakeAQueryWaitUntilTheRecordBeingHandledIsDone() throws Exception {
        LiveBooks live = new LiveBooks();
        LiveBooks.Task task = new LiveBooks.Task(null);
        live.register("d", task);

        task.lock.lock(); // the stream thread, in the middle of a record
        CompletableFuture<Optional<String>> query;
        try {
            query = CompletableFuture.supplyAsync(() -> live.read("d", stores -> "after the record"));
            await().atMost(Duration.ofSeconds(10)).until(task.lock::hasQueuedThreads);
            assertThat(query).isNotDone();
        } finally {
            task.lock.unlock();
        }

        assertThat(query.get(10, TimeUnit.SECONDS)).contains("after the record");
    }

    @Test
    void shouldGiveUpWithStateNotAvailableWhenTheBooksStayBusy() throws Exception {
        LiveBooks live = new LiveBooks(50);
        LiveBooks.Task task = new LiveBooks.Task(null);
        live.register("d", task);

        task.lock.lock(); // the stream thread, building the books after a start
        try {
            // Read on another thread: this one holds the (reentrant) lock.
            CompletableFuture<Optional<String>> query = CompletableFuture.supplyAsync(() -> live.read("d", s -> "x"));
            assertThat(query).failsWithin(Duration.ofSeconds(10)).withThrowableOfType(ExecutionException.class)
                    .havingCause().isInstanceOf(InvalidStateStoreException.class)
                    .withMessageContaining("stayed busy for 50 ms");
        } finally {
            task.lock.unlock();
        }
    }

    @Test
    void shouldAnswerNothingForADomainWhoseTaskClosed() {
        LiveBooks live = new LiveBooks();
        LiveBooks.Task task = new LiveBooks.Task(null);
        live.register("d", task);
        live.register("e", new LiveBooks.Task(null));

        live.unregister(task);

        assertThat(live.isLive("d")).isFalse();
        assertThat(live.read("d", stores -> "x")).isEmpty();
        assertThat(live.isLive("e")).isTrue();
    }
}
