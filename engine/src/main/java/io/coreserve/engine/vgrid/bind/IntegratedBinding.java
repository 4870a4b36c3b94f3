package io.coreserve.engine.vgrid.bind;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The integrated selection and binding algorithm (paper section 3.3, spec 004 section 3.3): bind the best
 * selection of every component in parallel (step 3); a component that fails tries only its own next selection
 * (step 4); once every component holds a selection the request is bound (step 5). If a component exhausts its
 * selections the request fails and every bound component is released (all or nothing; no backtracking).
 */
public final class IntegratedBinding implements BindingProcess {

    private final int[] available;
    private final int[] next;
    private final int[] bound;
    private final int[] attemptsPer;
    private List<BindAttempt> pending;
    private int attempts;
    private int steps;
    private long hold;
    private Boolean success;

    IntegratedBinding(int[] selectionsPerComponent) {
        available = selectionsPerComponent.clone();
        next = new int[available.length];
        bound = new int[available.length];
        attemptsPer = new int[available.length];
        Arrays.fill(bound, -1);
        for (int s : available) {
            if (s < 1) {
                success = false;
            }
        }
    }

    IntegratedBinding(BindingState s) {
        available = s.available();
        next = s.next();
        bound = s.bound();
        attemptsPer = s.attemptsPerComponent();
        attempts = s.attempts();
        steps = s.steps();
        hold = s.hold();
        success = s.outcome() < 0 ? null : s.outcome() == 1;
    }

    @Override
    public BindingState state() {
        return new BindingState(Approach.INTEGRATED, available, next, bound, attemptsPer, attempts, steps, hold,
                success == null ? -1 : success ? 1 : 0);
    }

    @Override
    public List<BindAttempt> round() {
        if (decided()) {
            return List.of();
        }
        pending = new ArrayList<>();
        for (int c = 0; c < bound.length; c++) {
            if (bound[c] < 0) {
                pending.add(new BindAttempt(c, next[c]));
            }
        }
        return List.copyOf(pending);
    }

    @Override
    public List<BindAttempt> answer(boolean[] accepted) {
        if (pending == null || accepted.length != pending.size()) {
            throw new IllegalStateException("answer the round's " + (pending == null ? 0 : pending.size()) + " binds");
        }
        steps++;
        boolean exhausted = false;
        for (int i = 0; i < accepted.length; i++) {
            BindAttempt a = pending.get(i);
            attempts++;
            attemptsPer[a.component()]++;
            if (accepted[i]) {
                bound[a.component()] = a.selection();
            } else if (++next[a.component()] >= available[a.component()]) {
                exhausted = true;
            }
        }
        pending = null;
        int held = 0;
        for (int b : bound) {
            held += b >= 0 ? 1 : 0;
        }
        hold += held;
        if (held == bound.length) {
            success = true;
            return List.of();
        }
        if (!exhausted) {
            return List.of();
        }
        success = false;
        List<BindAttempt> releases = new ArrayList<>();
        for (int c = 0; c < bound.length; c++) {
            if (bound[c] >= 0) {
                releases.add(new BindAttempt(c, bound[c]));
                bound[c] = -1;
            }
        }
        return releases;
    }

    @Override
    public boolean decided() {
        return success != null;
    }
}
