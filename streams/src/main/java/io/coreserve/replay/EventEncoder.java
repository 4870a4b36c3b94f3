package io.coreserve.replay;

import io.coreserve.config.Topics;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.routing.DomainKey;
import io.coreserve.topology.EventSerdes;
import io.coreserve.trace.events.EventStream;
import io.coreserve.trace.events.TraceEvent;
import java.util.EnumMap;
import java.util.Map;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Where each trace event goes and in what bytes: the topic of its stream (from configuration) and its value
 * serialized by the pipeline's own serdes ({@code coreserve.serde.class}), so the pipeline reads what replay writes.
 */
public final class EventEncoder {

    private final Map<EventStream, String> topics = new EnumMap<>(EventStream.class);
    private final Serializer<ReservationCommand> commands;
    private final Serializer<Resource> resources;
    private final Serializer<ResourceSample> samples;

    public EventEncoder(Topics topics, EventSerdes serdes) {
        this.topics.put(EventStream.RESOURCES, topics.resources());
        this.topics.put(EventStream.SAMPLES, topics.samples());
        this.topics.put(EventStream.REQUESTS, topics.requests());
        this.commands = serdes.commands().serializer();
        this.resources = serdes.resources().serializer();
        this.samples = serdes.samples().serializer();
    }

    public String topic(EventStream stream) {
        return topics.get(stream);
    }

    /**
     * The record key: a resource's domain and id ({@link DomainKey}), so that compaction of the resources topic keeps
     * every resource; the domain for the other events.
     */
    public String key(TraceEvent event) {
        return event.value() instanceof Resource r ? DomainKey.of(r.getDomain(), r.getId()) : event.key();
    }

    public byte[] value(TraceEvent event) {
        String topic = topic(event.stream());
        return switch (event.stream()) {
            case RESOURCES -> resources.serialize(topic, (Resource) event.value());
            case SAMPLES -> samples.serialize(topic, (ResourceSample) event.value());
            case REQUESTS -> commands.serialize(topic, (ReservationCommand) event.value());
        };
    }
}
