package io.coreserve.engine.vgrid.vgdl;

import io.coreserve.engine.vgrid.vgdl.Token.Kind;

import java.util.ArrayList;
import java.util.List;

/** Splits a vgDL text into tokens, each with its line:column; an unknown character is a syntax error there. */
final class Lexer {

    private final String text;
    private int index;
    private int line = 1;
    private int column = 1;

    private Lexer(String text) {
        this.text = text;
    }

    static List<Token> tokens(String text) throws VgdlException {
        return new Lexer(text).all();
    }

    private List<Token> all() throws VgdlException {
        List<Token> out = new ArrayList<>();
        while (true) {
            skipSpace();
            Position at = new Position(line, column);
            if (index >= text.length()) {
                out.add(new Token(Kind.END, "", at));
                return out;
            }
            out.add(next(at));
        }
    }

    private Token next(Position at) throws VgdlException {
        char c = text.charAt(index);
        if (Character.isLetter(c) || c == '_') {
            int start = index;
            while (index < text.length() && (Character.isLetterOrDigit(text.charAt(index)) || text.charAt(index) == '_')) {
                advance();
            }
            return new Token(Kind.NAME, text.substring(start, index), at);
        }
        if (Character.isDigit(c) || (c == '.' && index + 1 < text.length() && Character.isDigit(text.charAt(index + 1)))) {
            int start = index;
            while (index < text.length() && (Character.isDigit(text.charAt(index)) || text.charAt(index) == '.')) {
                advance();
            }
            String number = text.substring(start, index);
            if (number.indexOf('.') != number.lastIndexOf('.')) {
                throw new VgdlException(VgdlRule.SYNTAX, at, "malformed number '" + number + "'");
            }
            return new Token(Kind.NUMBER, number, at);
        }
        if (c == '"') {
            advance();
            int start = index;
            while (index < text.length() && text.charAt(index) != '"' && text.charAt(index) != '\n') {
                advance();
            }
            if (index >= text.length() || text.charAt(index) != '"') {
                throw new VgdlException(VgdlRule.SYNTAX, at, "string not closed by '\"' on its line");
            }
            String s = text.substring(start, index);
            advance();
            return new Token(Kind.STRING, s, at);
        }
        String two = index + 1 < text.length() ? text.substring(index, index + 2) : "";
        Kind double_ = switch (two) {
            case "==" -> Kind.EQ;
            case "!=" -> Kind.NE;
            case "<=" -> Kind.LE;
            case ">=" -> Kind.GE;
            case "&&" -> Kind.AND;
            case "||" -> Kind.OR;
            default -> null;
        };
        if (double_ != null) {
            advance();
            advance();
            return new Token(double_, two, at);
        }
        Kind single = switch (c) {
            case '=' -> Kind.ASSIGN;
            case '<' -> Kind.LT;
            case '>' -> Kind.GT;
            case '!' -> Kind.NOT;
            case '(' -> Kind.LPAREN;
            case ')' -> Kind.RPAREN;
            case '[' -> Kind.LBRACKET;
            case ']' -> Kind.RBRACKET;
            case '{' -> Kind.LBRACE;
            case '}' -> Kind.RBRACE;
            case ':' -> Kind.COLON;
            case '+' -> Kind.PLUS;
            case '-' -> Kind.MINUS;
            case '*' -> Kind.STAR;
            case '/' -> Kind.SLASH;
            default -> null;
        };
        if (single == null) {
            throw new VgdlException(VgdlRule.SYNTAX, at, "unexpected character '" + c + "'");
        }
        advance();
        return new Token(single, String.valueOf(c), at);
    }

    /** Whitespace and comments ({@code //} or {@code #} to the end of the line). */
    private void skipSpace() {
        while (index < text.length()) {
            char c = text.charAt(index);
            if (Character.isWhitespace(c)) {
                advance();
            } else if (c == '#' || (c == '/' && index + 1 < text.length() && text.charAt(index + 1) == '/')) {
                while (index < text.length() && text.charAt(index) != '\n') {
                    advance();
                }
            } else {
                return;
            }
        }
    }

    private void advance() {
        if (text.charAt(index) == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
        index++;
    }
}
