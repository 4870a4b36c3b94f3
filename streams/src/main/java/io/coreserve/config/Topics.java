package io.coreserve.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.common.config.TopicConfig;

/** The topics the pipeline reads and writes; names come from configuration, never from topology code. */
public record Topics(String resources, String samples, String offers, String requests, String decisions,
        String notifications, String deadLetter, String offerRequests, String agentCommands, String agentReplies,
        String vgridRequests, String bindCommands, String bindReplies, String vgridCatalogue) {

    public static final String RESOURCES = "coreserve.topic.resources";
    public static final String SAMPLES = "coreserve.topic.samples";
    public static final String OFFERS = "coreserve.topic.offers";
    public static final String REQUESTS = "coreserve.topic.requests";
    public static final String DECISIONS = "coreserve.topic.decisions";
    public static final String NOTIFICATIONS = "coreserve.topic.notifications";
    public static final String DEAD_LETTER = "coreserve.topic.dead-letter";
    /** Offers pipeline (seed 001): jobs J_L^P for the metascheduler, keyed by request id. */
    public static final String OFFER_REQUESTS = "coreserve.topic.offer-requests";
    /** Offers pipeline: metascheduler to provider agents (AskOffer, Reserve, Release), keyed by provider id. */
    public static final String AGENT_COMMANDS = "coreserve.topic.agent-commands";
    /** Offers pipeline: provider agents to metascheduler (Offer, ReserveAck), keyed by request id. */
    public static final String AGENT_REPLIES = "coreserve.topic.agent-replies";
    /** Virtual grids (seed 004): VirtualGridRequest for the coordinator, keyed by request id. */
    public static final String VGRID_REQUESTS = "coreserve.topic.vgrid-requests";
    /**
     * Virtual grids: coordinator to domain tasks (BIND, RELEASE), keyed by domain, with the requests topic's partition
     * count; written only by the application, so users cannot forge a bind.
     */
    public static final String BIND_COMMANDS = "coreserve.topic.bind-commands";
    /** Virtual grids: domain tasks to coordinator, keyed by request id. */
    public static final String BIND_REPLIES = "coreserve.topic.bind-replies";
    /**
     * Virtual grids: the catalogue as the domain tasks read it, mirrored for the coordinator's global store (Kafka
     * Streams reads a topic through one source only, and the resources topic is the domain tasks'); compacted.
     */
    public static final String VGRID_CATALOGUE = "coreserve.topic.vgrid-catalogue";

    /** The settings that keep event-time records whatever their age and whatever the broker's defaults. */
    public static final Map<String, String> EVENT_TIME_SETTINGS = eventTimeSettings();

    private static Map<String, String> eventTimeSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put(TopicConfig.RETENTION_MS_CONFIG, "-1");
        settings.put(TopicConfig.MESSAGE_TIMESTAMP_TYPE_CONFIG, "CreateTime");
        settings.put(TopicConfig.MESSAGE_TIMESTAMP_BEFORE_MAX_MS_CONFIG, Long.toString(Long.MAX_VALUE));
        settings.put(TopicConfig.MESSAGE_TIMESTAMP_AFTER_MAX_MS_CONFIG, Long.toString(Long.MAX_VALUE));
        return java.util.Collections.unmodifiableMap(settings);
    }

    static Topics from(Function<String, String> setting) {
        return new Topics(setting.apply(RESOURCES), setting.apply(SAMPLES), setting.apply(OFFERS),
                setting.apply(REQUESTS), setting.apply(DECISIONS), setting.apply(NOTIFICATIONS),
                setting.apply(DEAD_LETTER), setting.apply(OFFER_REQUESTS), setting.apply(AGENT_COMMANDS),
                setting.apply(AGENT_REPLIES), setting.apply(VGRID_REQUESTS), setting.apply(BIND_COMMANDS),
                setting.apply(BIND_REPLIES), setting.apply(VGRID_CATALOGUE));
    }

    public List<String> all() {
        return List.of(resources, samples, offers, requests, decisions, notifications, deadLetter, offerRequests,
                agentCommands, agentReplies, vgridRequests, bindCommands, bindReplies,
                vgridCatalogue);
    }

    /** The catalogue is a table: only the latest description of each resource matters. */
    public boolean isCompacted(String topic) {
        return topic.equals(resources) || topic.equals(vgridCatalogue);
    }

    /**
     * What every one of these topics is created with, and what the start-up check expects of an existing one.
     * Every record here carries event time: a trace's time on the inputs (a replayed day of 2011, a workload
     * starting next week), and the same time on what the pipeline derives from them (agent commands and replies,
     * decisions, notifications, dead letters inherit their input's timestamp). So no topic may delete or refuse a
     * record for its timestamp's age: the broker's 7-day default would delete a replayed trace before the pipeline
     * reads it, and Kafka 4's one-hour {@code message.timestamp.after.max.ms} refuses a trace replayed into the
     * future. Growth is left to the operator: a size bound ({@code retention.bytes}) can be set on a topic, and the
     * start-up check names it as a risk.
     */
    public Map<String, String> settings(String topic) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put(TopicConfig.CLEANUP_POLICY_CONFIG,
                isCompacted(topic) ? TopicConfig.CLEANUP_POLICY_COMPACT : TopicConfig.CLEANUP_POLICY_DELETE);
        settings.putAll(EVENT_TIME_SETTINGS);
        return settings;
    }

}
