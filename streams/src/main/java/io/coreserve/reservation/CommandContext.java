package io.coreserve.reservation;

import io.coreserve.events.ReservationDecision;

/**
 * A command that passed the common checks: the request it is about ({@link RequestRef}: domain, user, id, with the
 * user authenticated), its own id and its event time.
 */
record CommandContext(RequestRef ref, String ownId, long time) {

    String domain() {
        return ref.domain();
    }

    String user() {
        return ref.user();
    }

    /** REJECTED under the command's own id: a refusal that is never stored and changes nothing. */
    ReservationDecision refuse(String reasonCode, String field, String message) {
        return Decisions.rejected(ownId, ref.user(), ref.domain(), reasonCode, field, message, time);
    }
}
