package io.coreserve.engine.timetable;

/** Receives a stretch of times [lo, hi], both ends included. */
@FunctionalInterface
public interface StretchVisitor {

    void visit(long lo, long hi);
}
