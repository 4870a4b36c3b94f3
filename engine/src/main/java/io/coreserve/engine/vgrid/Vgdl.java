package io.coreserve.engine.vgrid;

import io.coreserve.engine.vgrid.vgdl.VgdlException;
import io.coreserve.engine.vgrid.vgdl.VgdlParser;

import io.coreserve.engine.vgrid.select.Decomposer;
import io.coreserve.engine.vgrid.select.Decomposition;

/** Entry point: vgDL text to checked components, or the first broken rule with its line:column. */
public final class Vgdl {

    private Vgdl() {
    }

    public static Decomposition compile(String text, int maxComponents) throws VgdlException {
        return Decomposer.decompose(VgdlParser.parse(text), maxComponents);
    }

    public static Decomposition compile(String text) throws VgdlException {
        return compile(text, Decomposer.DEFAULT_MAX_COMPONENTS);
    }
}
