package io.coreserve.reservation;

import io.coreserve.events.ReservationCommand;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.topology.DomainEventHandler;

/**
 * The reservation service of one stream task: routes each kind of event to its handler, around the task's one
 * {@link ReservationStores}. Commands go to {@link CommandDispatcher} (one {@link CommandHandler} per kind),
 * catalogue records and samples to {@link MonitoringHandler}, stream-time ticks to {@link LifecycleTicker}.
 */
final class ReservationTask implements DomainEventHandler {

    private final CommandDispatcher commands;
    private final MonitoringHandler monitoring;
    private final LifecycleTicker lifecycle;

    ReservationTask(CommandDispatcher commands, MonitoringHandler monitoring, LifecycleTicker lifecycle) {
        this.commands = commands;
        this.monitoring = monitoring;
        this.lifecycle = lifecycle;
    }

    @Override
    public Output onResource(String key, Resource resource, long time) {
        return monitoring.onResource(key, resource, time);
    }

    @Override
    public Output onSample(String key, ResourceSample sample, long time) {
        return monitoring.onSample(key, sample, time);
    }

    @Override
    public Output onCommand(String key, ReservationCommand command, long time, String authError) {
        return commands.dispatch(key, command, time, authError);
    }

    @Override
    public Output onStreamTime(long now) {
        return lifecycle.onStreamTime(now);
    }
}
