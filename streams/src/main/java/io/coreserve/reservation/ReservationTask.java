package io.coreserve.reservation;

import io.coreserve.events.ReservationCommand;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.topology.DomainEventHandler;
import java.util.function.Supplier;

/**
 * The reservation service of one stream task: routes each kind of event to its handler, around the task's one
 * {@link ReservationStores}. Commands go to {@link CommandDispatcher} (one {@link CommandHandler} per kind), a
 * virtual grid's binds and releases to {@link BindCommandHandler},
 * catalogue records and samples to {@link MonitoringHandler}, stream-time ticks to {@link LifecycleTicker} (and the
 * pruning of old bind answers).
 * Each event is handled under the task's {@link LiveBooks} lock, so the HTTP queries that read the live books see
 * them between two events; the task's domains are registered there while it lives.
 */
final class ReservationTask implements DomainEventHandler {

    private final CommandDispatcher commands;
    private final BindCommandHandler binds;
    private final MonitoringHandler monitoring;
    private final LifecycleTicker lifecycle;
    private final LiveBooks live;
    private final LiveBooks.Task task;

    ReservationTask(CommandDispatcher commands, BindCommandHandler binds, MonitoringHandler monitoring,
            LifecycleTicker lifecycle, LiveBooks live, ReservationStores stores) {
        this.commands = commands;
        this.binds = binds;
        this.monitoring = monitoring;
        this.lifecycle = lifecycle;
        this.live = live;
        this.task = new LiveBooks.Task(stores);
        stores.domains().forEach(domain -> live.register(domain, task));
    }

    @Override
    public Output onResource(String key, Resource resource, long time) {
        Output output = locked(() -> monitoring.onResource(key, resource, time));
        live.register(resource.getDomain(), task);
        return output;
    }

    @Override
    public Output onSample(String key, ResourceSample sample, long time) {
        return locked(() -> monitoring.onSample(key, sample, time));
    }

    @Override
    public Output onCommand(String key, ReservationCommand command, long time, String authError) {
        return locked(() -> commands.dispatch(key, command, time, authError));
    }

    @Override
    public Output onBindCommand(String key, io.coreserve.events.BindCommand command, long time) {
        return locked(() -> binds.handle(key, command, time));
    }

    @Override
    public Output onStreamTime(long now) {
        return locked(() -> {
            binds.pruneAnswers(now);
            return lifecycle.onStreamTime(now);
        });
    }

    @Override
    public void close() {
        live.unregister(task);
    }

    private Output locked(Supplier<Output> handling) {
        task.lock.lock();
        try {
            return handling.get();
        } finally {
            task.lock.unlock();
        }
    }
}
