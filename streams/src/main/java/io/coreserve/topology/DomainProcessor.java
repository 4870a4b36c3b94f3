package io.coreserve.topology;

import io.coreserve.events.BindCommand;
import io.coreserve.events.BindReply;
import io.coreserve.events.Notification;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.identity.AuthenticatingCommandDeserializer;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * The one processor that owns a domain's state: resources, samples and commands of the same domain reach
 * the same task (all inputs are routed by domain and co-partitioned: commands, bind commands and samples are keyed
 * by domain,
 * resources by domain and id through {@code io.coreserve.routing.DomainPartitioner}), so the books are changed in one
 * place, in record order. Decisions go out keyed by request id, notifications likewise; input headers are not
 * passed on. An exception is left to the
 * configured processing exception handler, which puts the input on the dead-letter topic and carries on.
 */
final class DomainProcessor implements Processor<String, SpecificRecord, String, SpecificRecord> {

    private final DomainEventHandler.Factory factory;
    private final String decisionsSink;
    private final String notificationsSink;
    private final String bindRepliesSink;
    private final String catalogueMirrorSink;
    private ProcessorContext<String, SpecificRecord> context;
    private DomainEventHandler handler;
    private FreshCommits commits;

    DomainProcessor(DomainEventHandler.Factory factory, String decisionsSink, String notificationsSink,
            String bindRepliesSink, String catalogueMirrorSink) {
        this.factory = factory;
        this.decisionsSink = decisionsSink;
        this.notificationsSink = notificationsSink;
        this.bindRepliesSink = bindRepliesSink;
        this.catalogueMirrorSink = catalogueMirrorSink;
    }

    @Override
    public void init(ProcessorContext<String, SpecificRecord> context) {
        this.context = context;
        this.handler = factory.create(context);
        this.commits = FreshCommits.of(context.appConfigs());
        if (factory.tickInterval() != null) {
            // Stream time, not wall-clock time: a replay at any speed sends the same notifications.
            context.schedule(factory.tickInterval(), PunctuationType.STREAM_TIME,
                    time -> emit(handler.onStreamTime(time), time));
        }
    }

    @Override
    public void process(Record<String, SpecificRecord> record) {
        commits.beforeInput();
        SpecificRecord value = record.value();
        String key = record.key();
        long time = record.timestamp();
        DomainEventHandler.Output output;
        if (value instanceof ReservationCommand command) {
            output = handler.onCommand(key, command, time, AuthenticatingCommandDeserializer.errorOf(record.headers()));
        } else if (value instanceof Resource resource) {
            output = handler.onResource(key, resource, time);
            // The virtual grid coordinator's view of the catalogue (seed 004's cached information service).
            // Keyed by domain and id whatever the input's key, so compaction keeps every resource.
            context.forward(new Record<>(io.coreserve.routing.DomainKey.of(resource.getDomain(), resource.getId()),
                    (SpecificRecord) resource, time), catalogueMirrorSink);
        } else if (value instanceof ResourceSample sample) {
            output = handler.onSample(key, sample, time);
        } else if (value instanceof BindCommand bind) {
            output = handler.onBindCommand(key, bind, time);
        } else {
            // Tombstones and unknown types carry nothing to act on.
            return;
        }
        if (emit(output, time)) {
            commits.afterOutput(context, time);
        }
    }

    @Override
    public void close() {
        if (handler != null) {
            handler.close();
        }
    }

    /** Forwards the output; whether there was any. */
    private boolean emit(DomainEventHandler.Output output, long time) {
        boolean any = output.decision() != null || !output.notifications().isEmpty() || !output.bindReplies().isEmpty();
        if (output.decision() != null) {
            context.forward(new Record<>(output.decision().getRequestId(), (SpecificRecord) output.decision(), time),
                    decisionsSink);
        }
        for (Notification n : output.notifications()) {
            context.forward(new Record<>(n.getRequestId(), (SpecificRecord) n, time), notificationsSink);
        }
        for (BindReply reply : output.bindReplies()) {
            context.forward(new Record<>(reply.getRequestId(), (SpecificRecord) reply, time), bindRepliesSink);
        }
        return any;
    }
}
