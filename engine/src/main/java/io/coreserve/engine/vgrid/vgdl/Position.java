package io.coreserve.engine.vgrid.vgdl;

/** A place in a vgDL text, 1-based, for error messages. */
public record Position(int line, int column) {

    @Override
    public String toString() {
        return line + ":" + column;
    }
}
