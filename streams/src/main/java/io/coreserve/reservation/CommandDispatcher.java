package io.coreserve.reservation;

import io.coreserve.events.ReservationCommand;
import io.coreserve.routing.DomainKey;
import io.coreserve.topology.DomainEventHandler.Output;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Passes each user command to the handler of its kind, after the checks that hold for every kind, in this order:
 * <ol>
 *   <li>authentication: a command whose record carries the header {@code coreserve-auth-error} (set by the requests
 *       topic's deserializer when it could not verify the sender) is REJECTED {@code UNAUTHENTICATED}, field user;</li>
 *   <li>routing: the record must be keyed by the command's domain, or it may have reached a task that does not
 *       hold that domain's books: REJECTED {@code WRONG_KEY}, field domain, saying so;</li>
 *   <li>field limits ({@link FieldLimits}): REJECTED {@code INVALID_REQUEST} with the field and the rule.</li>
 * </ol>
 * These refusals are published under the command's own id (ids too long for a decision are {@link
 * FieldLimits#bounded bounded}), are never stored and change nothing; except that an invalid request is decided
 * once and for all like any other invalid request ({@link CommandHandler#invalid}).
 */
final class CommandDispatcher {

    private static final Logger LOG = LoggerFactory.getLogger(CommandDispatcher.class);

    private final Map<Class<?>, CommandHandler<?>> handlers = new HashMap<>();
    private final String defaultDomain;

    CommandDispatcher(List<CommandHandler<?>> handlers, String defaultDomain) {
        for (CommandHandler<?> h : handlers) {
            if (this.handlers.put(h.type(), h) != null) {
                throw new IllegalArgumentException("Two handlers of " + h.type().getSimpleName());
            }
        }
        this.defaultDomain = defaultDomain;
    }

    Output dispatch(String key, ReservationCommand command, long time, String authError) {
        Object body = command.getCommand();
        CommandHandler<?> handler = handlers.get(body.getClass());
        if (handler == null) {
            // Left to the processing exception handler: the record goes to the dead-letter topic with this message.
            throw new IllegalArgumentException("No handler for command type " + body.getClass().getName());
        }
        return dispatch(handler, body, key, time, authError);
    }

    private <T extends SpecificRecord> Output dispatch(CommandHandler<T> handler, Object body, String key, long time,
            String authError) {
        T command = handler.type().cast(body);
        CommandHandler.CommandIdentity identity = handler.identify(command);
        String keyDomain = DomainKey.domainOf(key);
        String domain = identity.domain() != null ? identity.domain() : keyDomain != null ? keyDomain : defaultDomain;
        CommandContext context = new CommandContext(new RequestRef(FieldLimits.bounded(domain),
                FieldLimits.bounded(identity.user()), FieldLimits.bounded(identity.requestId())),
                FieldLimits.bounded(identity.ownId()), time);
        if (authError != null) {
            LOG.info("Command {} refused: sender not authenticated ({})", context.ownId(), FieldLimits.bounded(authError));
            return Output.of(context.refuse("UNAUTHENTICATED", "user", "the sender of this command could not be "
                    + "authenticated: " + FieldLimits.bounded(authError) + "; nothing was changed"));
        }
        if (!domain.equals(keyDomain)) {
            return Output.of(context.refuse("WRONG_KEY", "domain", "the record is keyed "
                    + (key == null ? "by nothing" : "'" + FieldLimits.bounded(key) + "'") + ", not by the command's domain '"
                    + context.domain() + "': commands must be keyed by their domain to reach the task that holds its books;"
                    + " nothing was decided"));
        }
        FieldLimits.Violation violation = FieldLimits.first(
                FieldLimits.required("requestId", identity.requestId(), FieldLimits.MAX_ID),
                FieldLimits.required("user", identity.user(), FieldLimits.MAX_USER),
                // The domain the command is decided in: its own, or else its record key's.
                FieldLimits.required("domain", domain, FieldLimits.MAX_DOMAIN),
                handler.checkFields(command));
        if (violation != null) {
            String note = java.util.Objects.equals(context.ownId(), identity.ownId()) ? ""
                    : " (the id is shown shortened: the original's first characters, length and SHA-256)";
            return handler.invalid(command, context, new FieldLimits.Violation(violation.field(),
                    violation.rule() + note));
        }
        return handler.handle(command, context);
    }
}
