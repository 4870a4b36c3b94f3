package io.coreserve.engine.allocation;

import java.util.Arrays;

/** Outcomes as text that tests compare: a rejection's reason, or a plan's interval and every amount. */
final class Outcomes {

    private Outcomes() {
    }

    static String describe(Outcome outcome) {
        if (outcome == null) {
            return "none";
        }
        if (outcome instanceof Rejection r) {
            return "rejected " + r.reason();
        }
        Plan plan = (Plan) outcome;
        StringBuilder s = new StringBuilder("plan " + plan.start() + ".." + plan.end());
        for (Assignment a : plan.assignments()) {
            s.append(' ').append(a.resourceId()).append(Arrays.toString(a.amounts()));
        }
        return s.toString();
    }
}
