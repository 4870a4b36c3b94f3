package io.coreserve.engine.vgrid.vgdl;

import java.util.Optional;

/** A node of a vgDL request tree: an aggregate, a node constraint, or two entities joined by a network operator. */
public sealed interface Entity {

    Position at();

    /**
     * {@code KIND(name) [count] [Rank = …] { name = child }}. {@code rank} is the aggregate-level rank; absent,
     * aggregates rank by size first (Nodes) and then by the child's rank (spec 004 section 2.2).
     */
    record Aggregate(AggregateKind kind, String childName, Count count, Optional<Arith> rank, Entity child, Position at)
            implements Entity {
    }

    /** {@code [condition] [Rank = …]}: one host meeting the condition, better hosts first by the rank. */
    record Node(Condition condition, Optional<Arith> rank, Position at) implements Entity {
    }

    /** {@code left OP right}. */
    record Connection(Entity left, NetOp op, Entity right, Position at) implements Entity {
    }
}
