package io.coreserve.reservation;

import io.coreserve.topology.DomainEventHandler.Output;
import org.apache.avro.specific.SpecificRecord;

/**
 * The handler of one kind of user command (a member of {@code ReservationCommand}'s union). A new kind of command
 * (a co-reservation, a virtual grid's bind) is a new implementation registered in {@link ReservationPipeline}; the
 * checks every command passes first (authentication, field limits, routing by domain) are made once, by
 * {@link CommandDispatcher}, before {@link #handle} is called.
 */
interface CommandHandler<T extends SpecificRecord> {

    /** The Avro class of the commands handled. */
    Class<T> type();

    /** Who sends the command, about which request, and the id a refusal of it is published under. */
    CommandIdentity identify(T command);

    /** The first field of the command, beyond its identity, that breaks a limit of {@link FieldLimits}; or null. */
    default FieldLimits.Violation checkFields(T command) {
        return null;
    }

    /**
     * The answer to a command that broke {@code violation}: by default REJECTED {@code INVALID_REQUEST} under the
     * command's own id, changing nothing.
     */
    default Output invalid(T command, CommandContext context, FieldLimits.Violation violation) {
        return Output.of(context.refuse("INVALID_REQUEST", violation.field(), violation.message()));
    }

    /** Acts on a command that passed the common checks. */
    Output handle(T command, CommandContext context);

    /**
     * What a command says about itself, as sent (not yet checked).
     *
     * @param requestId the request the command creates or is about
     * @param user      the sender: once authentication is in place, the authenticated user
     * @param domain    the domain the command names, or null for the record key's (or the default) domain
     * @param ownId     the command's own id: a refusal is published under it, never under another request's id
     */
    record CommandIdentity(String requestId, String user, String domain, String ownId) {
    }
}
