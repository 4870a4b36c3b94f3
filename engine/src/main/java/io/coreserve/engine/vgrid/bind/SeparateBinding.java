package io.coreserve.engine.vgrid.bind;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The traditional separate selection and binding algorithm (paper section 3.2, spec 004 section 3.3): solution
 * candidate j takes selection j of every component (row j of the dealt entries); all its components are bound in
 * one round (all attempted even if one fails, which gives Figure 7(b)'s 16 × 16 = 256); if any fails the bound ones
 * are released and candidate j + 1 is tried; after the last candidate the request fails.
 */
public final class SeparateBinding implements BindingProcess {

    private final int[] available;
    private final int components;
    private final int candidates;
    private final int[] attemptsPer;
    private int candidate;
    private int attempts;
    private int steps;
    private long hold;
    private Boolean success;
    private boolean waiting;

    SeparateBinding(int[] selectionsPerComponent) {
        available = selectionsPerComponent.clone();
        components = selectionsPerComponent.length;
        candidates = Arrays.stream(selectionsPerComponent).min().orElse(0);
        attemptsPer = new int[components];
        if (candidates < 1) {
            success = false;
        }
    }

    SeparateBinding(BindingState s) {
        this(s.available());
        System.arraycopy(s.attemptsPerComponent(), 0, attemptsPer, 0, components);
        candidate = components == 0 ? 0 : s.next()[0];
        attempts = s.attempts();
        steps = s.steps();
        hold = s.hold();
        success = s.outcome() < 0 ? null : s.outcome() == 1;
    }

    @Override
    public BindingState state() {
        int[] next = new int[components];
        Arrays.fill(next, candidate);
        int[] bound = new int[components];
        Arrays.fill(bound, Boolean.TRUE.equals(success) ? candidate : -1);
        return new BindingState(Approach.SEPARATE, available, next, bound, attemptsPer, attempts, steps, hold,
                success == null ? -1 : success ? 1 : 0);
    }

    @Override
    public List<BindAttempt> round() {
        if (decided()) {
            return List.of();
        }
        waiting = true;
        List<BindAttempt> out = new ArrayList<>(components);
        for (int c = 0; c < components; c++) {
            out.add(new BindAttempt(c, candidate));
        }
        return out;
    }

    @Override
    public List<BindAttempt> answer(boolean[] accepted) {
        if (!waiting || accepted.length != components) {
            throw new IllegalStateException("answer the round's " + components + " binds");
        }
        waiting = false;
        steps++;
        attempts += components;
        List<BindAttempt> releases = new ArrayList<>();
        for (int c = 0; c < components; c++) {
            attemptsPer[c]++;
            if (accepted[c]) {
                releases.add(new BindAttempt(c, candidate));
            }
        }
        hold += releases.size();
        if (releases.size() == components) {
            success = true;
            return List.of();
        }
        if (++candidate >= candidates) {
            success = false;
        }
        return releases;
    }

    @Override
    public boolean decided() {
        return success != null;
    }
}
