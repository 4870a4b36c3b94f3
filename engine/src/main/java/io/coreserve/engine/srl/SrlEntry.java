package io.coreserve.engine.srl;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code attribute = value} pair of an SRL text with where it stands: the value may run over continuation
 * lines (grammar 3.5: a line that does not start with {@code attribute =} continues the previous value, as Figure 1's
 * {@code PCC.CON.time = PCC.RVC.begin} / {@code == IBM.RVC.begin} does), so every character of the value maps back
 * to its line and column.
 */
record SrlEntry(String attribute, String id, String scope, String key, String value, int line, int column,
        int[] segmentStarts, int[] segmentLines, int[] segmentColumns) {

    /** {@code ID.SCOPE.KEY =} at the start of a line, but not {@code ==}. */
    private static final Pattern ATTRIBUTE_LINE =
            Pattern.compile("^(\\s*)([A-Za-z][A-Za-z0-9_]*)\\.([A-Za-z]+)\\.([A-Za-z0-9_]+)\\s*=(?!=)");

    /** The line and column of character {@code index} of the value. */
    int[] position(int index) {
        int segment = 0;
        while (segment + 1 < segmentStarts.length && segmentStarts[segment + 1] <= index) {
            segment++;
        }
        return new int[] {segmentLines[segment], segmentColumns[segment] + index - segmentStarts[segment]};
    }

    SrlException error(String rule, int valueIndex, String message) {
        int[] at = position(Math.max(0, Math.min(valueIndex, Math.max(0, value.length() - 1))));
        return SrlException.invalid(attribute, rule, at[0], at[1], message);
    }

    SrlException errorAtAttribute(String rule, String message) {
        return SrlException.invalid(attribute, rule, line, column, message);
    }

    /** Splits an SRL text into entries; comments ({@code #} outside quotes) and blank lines are dropped. */
    static List<SrlEntry> split(String text) {
        List<Builder> builders = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int n = 0; n < lines.length; n++) {
            String line = stripComment(lines[n]);
            if (line.isBlank()) {
                continue;
            }
            Matcher m = ATTRIBUTE_LINE.matcher(line);
            if (m.find()) {
                builders.add(new Builder(m.group(2), m.group(3), m.group(4), n + 1, m.group(1).length() + 1));
                appendSegment(builders.get(builders.size() - 1), line, m.end(), n + 1);
            } else if (builders.isEmpty()) {
                int column = line.length() - line.stripLeading().length() + 1;
                throw SrlException.invalid(null, "syntax", n + 1, column,
                        "expected <id>.<scope>.<key> = <value>");
            } else {
                appendSegment(builders.get(builders.size() - 1), line, 0, n + 1);
            }
        }
        return builders.stream().map(Builder::build).toList();
    }

    private static void appendSegment(Builder b, String line, int from, int lineNumber) {
        int start = from;
        while (start < line.length() && Character.isWhitespace(line.charAt(start))) {
            start++;
        }
        String piece = line.substring(start).stripTrailing();
        if (piece.isEmpty()) {
            return;
        }
        if (b.value.length() > 0) {
            b.value.append(' ');
        }
        b.starts.add(b.value.length());
        b.lines.add(lineNumber);
        b.columns.add(start + 1);
        b.value.append(piece);
    }

    private static String stripComment(String line) {
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '#' && !quoted) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    private static final class Builder {
        final String id;
        final String scope;
        final String key;
        final int line;
        final int column;
        final StringBuilder value = new StringBuilder();
        final List<Integer> starts = new ArrayList<>();
        final List<Integer> lines = new ArrayList<>();
        final List<Integer> columns = new ArrayList<>();

        Builder(String id, String scope, String key, int line, int column) {
            this.id = id;
            this.scope = scope;
            this.key = key;
            this.line = line;
            this.column = column;
        }

        SrlEntry build() {
            if (starts.isEmpty()) {
                starts.add(0);
                lines.add(line);
                columns.add(column);
            }
            return new SrlEntry(id + "." + scope + "." + key, id, scope, key, value.toString(), line, column,
                    starts.stream().mapToInt(Integer::intValue).toArray(),
                    lines.stream().mapToInt(Integer::intValue).toArray(),
                    columns.stream().mapToInt(Integer::intValue).toArray());
        }
    }
}
