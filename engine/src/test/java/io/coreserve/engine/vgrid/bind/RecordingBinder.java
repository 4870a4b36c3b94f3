package io.coreserve.engine.vgrid.bind;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/** A binder that accepts by a rule and records what is held, so tests can see leaks and double releases. */
final class RecordingBinder implements Binder {

    private final Predicate<BindAttempt> accepts;
    final Set<BindAttempt> held = new HashSet<>();
    final List<BindAttempt> binds = new ArrayList<>();
    final List<BindAttempt> releases = new ArrayList<>();

    RecordingBinder(Predicate<BindAttempt> accepts) {
        this.accepts = accepts;
    }

    @Override
    public boolean bind(BindAttempt attempt) {
        binds.add(attempt);
        boolean ok = accepts.test(attempt);
        if (ok && !held.add(attempt)) {
            throw new AssertionError("bound twice: " + attempt);
        }
        return ok;
    }

    @Override
    public void release(BindAttempt attempt) {
        releases.add(attempt);
        if (!held.remove(attempt)) {
            throw new AssertionError("released what was not held: " + attempt);
        }
    }
}
