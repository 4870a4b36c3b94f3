package io.coreserve.engine.allocation;

import java.util.List;

/** The result of booking a plan: booked, or a conflict with what was reserved in the meantime. */
public sealed interface BookingResult {

    Plan plan();

    /** The plan's amounts are now in the timetables. */
    record Booked(Plan plan) implements BookingResult {
    }

    /** Nothing was changed: the plan no longer fits on these resources. */
    record Conflict(Plan plan, List<String> resourceIds, String message) implements BookingResult {
        public Conflict {
            resourceIds = List.copyOf(resourceIds);
        }
    }
}
