package io.coreserve.engine.vgrid.vgdl;

/** One lexical token of vgDL. {@code text} is the identifier, the string's contents or the number as written. */
record Token(Kind kind, String text, Position at) {

    enum Kind {
        NAME, NUMBER, STRING,
        ASSIGN, EQ, NE, LT, LE, GT, GE, AND, OR, NOT,
        LPAREN, RPAREN, LBRACKET, RBRACKET, LBRACE, RBRACE, COLON,
        PLUS, MINUS, STAR, SLASH,
        END
    }

    boolean is(Kind k) {
        return kind == k;
    }

    boolean isName(String word) {
        return kind == Kind.NAME && text.equals(word);
    }

    String describe() {
        return switch (kind) {
            case END -> "the end of the specification";
            case NAME -> "'" + text + "'";
            case NUMBER -> "number " + text;
            case STRING -> "string \"" + text + "\"";
            default -> "'" + text + "'";
        };
    }
}
