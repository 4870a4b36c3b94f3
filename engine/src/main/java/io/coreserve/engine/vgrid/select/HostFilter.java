package io.coreserve.engine.vgrid.select;

import io.coreserve.engine.vgrid.classify.ClusterTable;
import io.coreserve.engine.vgrid.classify.GridTables;
import io.coreserve.engine.vgrid.vgdl.Attribute;
import io.coreserve.engine.vgrid.vgdl.Condition;

/**
 * A node constraint evaluated against the tables: first on a cluster as a whole (labels are the cluster's, numbers
 * range over [min, max] of its hosts), which decides most clusters (the WHERE of section 3.5.2 without touching
 * hosts), then host by host only where the cluster answer is "some".
 */
final class HostFilter {

    /** Three-valued answer for a whole cluster. */
    enum Verdict { NONE, SOME, ALL }

    private final GridTables tables;
    private final Condition condition;

    HostFilter(GridTables tables, Condition condition) {
        this.tables = tables;
        this.condition = condition;
    }

    Verdict cluster(int c) {
        return cluster(condition, c);
    }

    boolean host(int c, int h) {
        return host(condition, c, h);
    }

    private Verdict cluster(Condition cond, int c) {
        if (cond instanceof Condition.And and) {
            Verdict l = cluster(and.left(), c);
            if (l == Verdict.NONE) {
                return l;
            }
            Verdict r = cluster(and.right(), c);
            return r == Verdict.NONE ? r : (l == Verdict.ALL && r == Verdict.ALL ? Verdict.ALL : Verdict.SOME);
        }
        if (cond instanceof Condition.Or or) {
            Verdict l = cluster(or.left(), c);
            if (l == Verdict.ALL) {
                return l;
            }
            Verdict r = cluster(or.right(), c);
            return r == Verdict.ALL ? r : (l == Verdict.NONE && r == Verdict.NONE ? Verdict.NONE : Verdict.SOME);
        }
        if (cond instanceof Condition.Not not) {
            Verdict v = cluster(not.operand(), c);
            return v == Verdict.ALL ? Verdict.NONE : v == Verdict.NONE ? Verdict.ALL : Verdict.SOME;
        }
        Condition.Comparison cmp = (Condition.Comparison) cond;
        ClusterTable ct = tables.clusters();
        if (cmp.attribute().isLabel()) {
            return labelMatches(cmp, c) ? Verdict.ALL : Verdict.NONE;
        }
        double lo = ct.min(cmp.attribute(), c);
        double hi = ct.max(cmp.attribute(), c);
        if (lo == hi) {
            return cmp.op().test(lo, cmp.number()) ? Verdict.ALL : Verdict.NONE;
        }
        double x = cmp.number();
        return switch (cmp.op()) {
            case GE -> lo >= x ? Verdict.ALL : hi < x ? Verdict.NONE : Verdict.SOME;
            case GT -> lo > x ? Verdict.ALL : hi <= x ? Verdict.NONE : Verdict.SOME;
            case LE -> hi <= x ? Verdict.ALL : lo > x ? Verdict.NONE : Verdict.SOME;
            case LT -> hi < x ? Verdict.ALL : lo >= x ? Verdict.NONE : Verdict.SOME;
            case EQ -> x < lo || x > hi ? Verdict.NONE : Verdict.SOME;
            case NE -> x < lo || x > hi ? Verdict.ALL : Verdict.SOME;
        };
    }

    private boolean host(Condition cond, int c, int h) {
        if (cond instanceof Condition.And and) {
            return host(and.left(), c, h) && host(and.right(), c, h);
        }
        if (cond instanceof Condition.Or or) {
            return host(or.left(), c, h) || host(or.right(), c, h);
        }
        if (cond instanceof Condition.Not not) {
            return !host(not.operand(), c, h);
        }
        Condition.Comparison cmp = (Condition.Comparison) cond;
        if (cmp.attribute().isLabel()) {
            return labelMatches(cmp, c);
        }
        return cmp.op().test(tables.hosts().value(cmp.attribute(), h), cmp.number());
    }

    private boolean labelMatches(Condition.Comparison cmp, int c) {
        int code = cmp.attribute() == Attribute.PROCESSOR ? tables.processorCode(cmp.label()) : tables.archCode(cmp.label());
        int actual = cmp.attribute() == Attribute.PROCESSOR ? tables.clusters().processor(c) : tables.clusters().arch(c);
        boolean equal = code == actual;
        return cmp.op() == Condition.Comparator.EQ ? equal : !equal;
    }
}
