package io.coreserve.topology;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.events.Notification;
import io.coreserve.events.ReservationCommand;
import io.coreserve.events.ReservationDecision;
import io.coreserve.events.Resource;
import io.coreserve.events.ResourceSample;
import io.coreserve.events.Offer;
import io.coreserve.events.AgentCommand;
import io.coreserve.events.AgentReply;
import io.coreserve.events.OfferJobRequest;
import io.coreserve.events.VirtualGridRequest;
import io.coreserve.identity.AuthenticatedCommandSerde;
import io.coreserve.identity.SigningSerializer;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serde;

/**
 * Creates the value serdes of the pipeline's events from the configured serde class
 * ({@code coreserve.serde.class}): coreserve's own by default, or Confluent's
 * {@code io.confluent.kafka.streams.serdes.avro.SpecificAvroSerde}, which is configured by the same keys.
 */
public final class EventSerdes {

    private final String serdeClass;
    private final Map<String, Object> settings;

    public EventSerdes(CoreserveConfig config) {
        this(config.require(CoreserveConfig.SERDE_CLASS), config.asMap());
    }

    public EventSerdes(String serdeClass, Map<String, Object> settings) {
        this.serdeClass = serdeClass;
        this.settings = settings;
    }

    /** Signed as they are written when the settings name signing credentials ({@code coreserve.auth.*}). */
    public Serde<ReservationCommand> commands() {
        return SigningSerializer.signingIfConfigured(create(ReservationCommand.class), settings);
    }

    /**
     * Commands as the pipeline must read them from the requests topic: authenticated per {@code coreserve.auth.*}
     * (see {@link io.coreserve.identity.AuthenticatingCommandDeserializer}).
     */
    public Serde<ReservationCommand> authenticatedCommands() {
        return new AuthenticatedCommandSerde<>(commands(), settings, ReservationCommand::getCommand);
    }

    public Serde<ReservationDecision> decisions() {
        return create(ReservationDecision.class);
    }

    public Serde<Notification> notifications() {
        return create(Notification.class);
    }

    public Serde<Resource> resources() {
        return create(Resource.class);
    }

    public Serde<ResourceSample> samples() {
        return create(ResourceSample.class);
    }

    public Serde<Offer> offers() {
        return create(Offer.class);
    }

    public Serde<OfferJobRequest> offerJobRequests() {
        return create(OfferJobRequest.class);
    }

    public Serde<AgentCommand> agentCommands() {
        return create(AgentCommand.class);
    }

    public Serde<AgentReply> agentReplies() {
        return create(AgentReply.class);
    }

    /** Signed as they are written when the settings name signing credentials, as {@link #commands()}. */
    public Serde<VirtualGridRequest> vgridRequests() {
        return SigningSerializer.signingIfConfigured(create(VirtualGridRequest.class), settings);
    }

    /** Virtual grid requests as the coordinator must read them: authenticated as {@link #authenticatedCommands()}. */
    public Serde<VirtualGridRequest> authenticatedVgridRequests() {
        return new AuthenticatedCommandSerde<>(vgridRequests(), settings, request -> request);
    }

    public Serde<io.coreserve.events.BindCommand> bindCommands() {
        return create(io.coreserve.events.BindCommand.class);
    }

    public Serde<io.coreserve.events.BindReply> bindReplies() {
        return create(io.coreserve.events.BindReply.class);
    }

    /** A value serde for {@code type}; the type documents intent, the serde finds the class by schema name. */
    @SuppressWarnings("unchecked")
    public <T extends SpecificRecord> Serde<T> create(Class<T> type) {
        Serde<T> serde;
        try {
            serde = (Serde<T>) Class.forName(serdeClass).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalArgumentException("Cannot create the serde '" + serdeClass + "' set in "
                    + CoreserveConfig.SERDE_CLASS + ": " + e, e);
        }
        serde.configure(settings, false);
        return serde;
    }
}
