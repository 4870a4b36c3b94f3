package io.coreserve.engine.vgrid.select;

import io.coreserve.engine.vgrid.vgdl.Entity;

/**
 * Sibling components of one shape (spec 004 section 2.3): a {@code LooseBagOf(c)[a:b]} gives one group of between
 * a and b components shaped like c; anything else gives a group of exactly one. {@code shape} is a Cluster or
 * TightBag aggregate, a node, or a close/highBW connection of clusters and nodes (bound as one unit).
 */
public record ComponentGroup(int index, Entity shape, int minComponents, int maxComponents, String path) {
}
