package io.coreserve.reservation;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.topology.DomainEventHandler;
import io.coreserve.topology.EventSerdes;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/** The reservation service's stores (persistent, changelogged) and the factory of its per-task handlers. */
public final class ReservationPipeline {

    // Store keys: see ReservationStores, their one owner.

    /** Resources by domain and id. */
    public static final String CATALOGUE_STORE = "catalogue";
    /** The current decision of every request by domain, user and request id: what is booked, for cancels, idempotency and queries. */
    public static final String RESERVATIONS_STORE = "reservations";
    /** Every request by domain, user and id, for counter-offer acceptance and notification addresses. */
    public static final String REQUESTS_STORE = "requests";
    /** Monitoring samples booked as background occupancy, by domain, resource and window start. */
    public static final String BACKGROUND_STORE = "background";
    /** Resources reported down, by domain and id, with the sample that said so. */
    public static final String DOWN_STORE = "down-resources";
    /** The stream time up to which STARTING/COMPLETED notifications were sent. */
    public static final String CLOCK_STORE = "notification-clock";
    /** SRL co-reservation requests by domain, user and id (seed 002), for the record and notification addresses. */
    public static final String CO_RESERVATIONS_STORE = "co-reservation-requests";
    /** Samples that reached the task before their resource. */
    public static final String PENDING_SAMPLES_STORE = "pending-samples";
    /** Virtual grids (seed 004): the answer to every bind command, by domain and command id (each answered once). */
    public static final String BIND_ANSWERS_STORE = "bind-answers";

    private final ReservationSettings settings;
    private final EventSerdes serdes;
    /** Injected refusal of a virtual grid's bind ({@code coreserve.vgrid.bind-failure-probability}). */
    private final double bindFailureProbability;
    /** The live books of this instance's tasks, for the queries. */
    private final LiveBooks live = new LiveBooks();

    public ReservationPipeline(ReservationSettings settings, EventSerdes serdes) {
        this(settings, serdes, 0);
    }

    public ReservationPipeline(ReservationSettings settings, EventSerdes serdes, double bindFailureProbability) {
        this.settings = settings;
        this.serdes = serdes;
        this.bindFailureProbability = bindFailureProbability;
    }

    public static ReservationPipeline forConfig(CoreserveConfig config) {
        return new ReservationPipeline(ReservationSettings.from(config), new EventSerdes(config),
                Double.parseDouble(config.require(io.coreserve.config.Settings.VGRID_BIND_FAILURE_PROBABILITY).trim()));
    }

    /** The live books of this pipeline's tasks (tests look at the timetables through them). */
    LiveBooks live() {
        return live;
    }

    public List<StoreBuilder<?>> stores() {
        return List.of(
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(CATALOGUE_STORE), Serdes.String(),
                        serdes.resources()),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(RESERVATIONS_STORE), Serdes.String(),
                        serdes.decisions()),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(REQUESTS_STORE), Serdes.String(),
                        serdes.create(io.coreserve.events.CoAllocationRequest.class)),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(BACKGROUND_STORE), Serdes.String(),
                        serdes.samples()),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(DOWN_STORE), Serdes.String(),
                        serdes.samples()),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(CLOCK_STORE), Serdes.String(),
                        Serdes.Long()),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(PENDING_SAMPLES_STORE), Serdes.String(),
                        serdes.samples()),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(CO_RESERVATIONS_STORE), Serdes.String(),
                        serdes.create(io.coreserve.events.CoReservationRequest.class)),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(BIND_ANSWERS_STORE), Serdes.String(),
                        serdes.bindReplies()));
    }

    /**
     * Queries over the live books of this pipeline's tasks ({@link LiveBooks}), and over read-only views of its
     * stores, looked up by name, for what is not live here.
     */
    public ReservationQueries queries(
            java.util.function.Function<String, org.apache.kafka.streams.state.ReadOnlyKeyValueStore<String, ?>> stores) {
        return new ReservationQueries(settings, stores, live);
    }

    /**
     * The handlers of one task, created once its stores are available: the stores' owner first (it builds its
     * indexes from the stores), then one handler per kind of event around it.
     */
    public DomainEventHandler.Factory handlers() {
        return new DomainEventHandler.Factory() {
            @Override
            public DomainEventHandler create(org.apache.kafka.streams.processor.api.ProcessorContext<?, ?> context) {
                ReservationStores stores = new ReservationStores(settings, context.getStateStore(CATALOGUE_STORE),
                        context.getStateStore(RESERVATIONS_STORE), context.getStateStore(REQUESTS_STORE),
                        context.getStateStore(BACKGROUND_STORE), context.getStateStore(DOWN_STORE),
                        context.getStateStore(CLOCK_STORE), context.getStateStore(PENDING_SAMPLES_STORE),
                        context.getStateStore(CO_RESERVATIONS_STORE));
                BindCommandHandler binds = new BindCommandHandler(stores, context.getStateStore(BIND_ANSWERS_STORE),
                        bindFailureProbability, settings.engine().seed(), settings.retention());
                return new ReservationTask(new CommandDispatcher(commandHandlers(stores), settings.defaultDomain()),
                        binds, new MonitoringHandler(settings, stores), new LifecycleTicker(settings, stores), live, stores);
            }

            @Override
            public java.time.Duration tickInterval() {
                return settings.tickInterval();
            }
        };
    }

    /**
     * One handler per member of {@code ReservationCommand}'s union. A new kind of command (co-reservations, virtual
     * grids) adds its member to the schema and its handler here.
     */
    private List<CommandHandler<?>> commandHandlers(ReservationStores stores) {
        return List.of(new RequestHandler(settings, stores), new CancelHandler(stores),
                new AcceptCounterOfferHandler(settings, stores), new CoReservationHandler(settings, stores));
    }
}
