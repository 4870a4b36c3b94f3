package io.coreserve.engine.timetable;

/** Receives a stretch of times [lo, hi], both ends included, of one of a search's candidates (by its position). */
@FunctionalInterface
public interface CandidateStretchVisitor {

    void visit(int candidate, long lo, long hi);
}
