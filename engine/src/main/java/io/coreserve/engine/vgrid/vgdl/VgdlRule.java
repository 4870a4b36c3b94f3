package io.coreserve.engine.vgrid.vgdl;

/** The rule a rejected vgDL specification broke (spec 004 section 2.4); each has its own message. */
public enum VgdlRule {
    EMPTY_SPEC,
    SYNTAX,
    UNKNOWN_AGGREGATE,
    BAD_COUNT,
    DUPLICATE_NAME,
    UNDEFINED_NAME,
    CYCLIC_REFERENCE,
    FORBIDDEN_NESTING,
    UNKNOWN_ATTRIBUTE,
    TYPE_MISMATCH,
    UNDEFINED_OPERAND,
    TOO_MANY_COMPONENTS
}
