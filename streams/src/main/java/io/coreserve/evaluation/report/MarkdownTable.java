package io.coreserve.evaluation.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A GitHub-flavoured Markdown table: a header row and rows of cells, columns padded so the text also
 * reads well unrendered. Columns can be right-aligned (numbers).
 */
public final class MarkdownTable {

    private final List<String> headers;
    private final boolean[] rightAligned;
    private final List<List<String>> rows = new ArrayList<>();

    public MarkdownTable(String... headers) {
        this.headers = List.of(headers);
        this.rightAligned = new boolean[headers.length];
    }

    /** Right-aligns the given columns (0-based). */
    public MarkdownTable alignRight(int... columns) {
        for (int c : columns) {
            rightAligned[c] = true;
        }
        return this;
    }

    public MarkdownTable row(Object... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("expected " + headers.size() + " cells but got " + cells.length);
        }
        rows.add(Arrays.stream(cells).map(c -> String.valueOf(c).replace("|", "\\|")).toList());
        return this;
    }

    public String render() {
        int[] width = new int[headers.size()];
        for (int c = 0; c < width.length; c++) {
            width[c] = Math.max(3, headers.get(c).length());
            for (List<String> r : rows) {
                width[c] = Math.max(width[c], r.get(c).length());
            }
        }
        StringBuilder b = new StringBuilder();
        line(b, headers, width);
        b.append('|');
        for (int c = 0; c < width.length; c++) {
            b.append(' ').append("-".repeat(width[c] - 1)).append(rightAligned[c] ? ':' : '-').append(" |");
        }
        b.append('\n');
        for (List<String> r : rows) {
            line(b, r, width);
        }
        return b.toString();
    }

    private void line(StringBuilder b, List<String> cells, int[] width) {
        b.append('|');
        for (int c = 0; c < width.length; c++) {
            String cell = cells.get(c);
            String pad = " ".repeat(width[c] - cell.length());
            b.append(' ').append(rightAligned[c] ? pad + cell : cell + pad).append(" |");
        }
        b.append('\n');
    }

    @Override
    public String toString() {
        return render();
    }
}
