package io.coreserve.engine.srl;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the value of a CON or OBJ attribute (grammar 3.5): {@code expr RELOP expr} or
 * {@code min|max , expr , WEIGHT}, with {@code expr := term {(+|-) term}} and {@code term := [NUMBER *] ref |
 * quantity}. The paper's grammar has no arithmetic although its own examples add offsets
 * ({@code PCC.RVC.begin+14400}); linear {@code +}/{@code -} closes that gap. Errors point at the token.
 */
final class ExpressionParser {

    /** Turns a reference into an expression: an RVC term, or the constant a TS or QOS attribute holds. */
    interface Resolver {
        LinearExpression resolve(String id, String scope, String key, SrlEntry entry, int index);
    }

    /** A CON value: {@code expression op 0} with expression = left - right. */
    record Comparison(LinearExpression expression, Relation relation) {
    }

    /** An OBJ value. */
    record SubObjective(boolean minimise, LinearExpression expression, double weight) {
    }

    private enum Kind { REF, NUMBER, STRING, WORD, PLUS, MINUS, STAR, RELOP, COMMA, END }

    private record Token(Kind kind, String text, int index, String unit) {
    }

    private static final Pattern REF = Pattern.compile("[A-Za-z][A-Za-z0-9_]*\\.[A-Za-z]+\\.[A-Za-z0-9_]+");
    private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");
    private static final Pattern NUMBER = Pattern.compile("(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?");
    private static final Pattern UNIT = Pattern.compile("[A-Za-z]+(?:/[A-Za-z]+)?");

    private final SrlEntry entry;
    private final Resolver resolver;
    private final List<Token> tokens;
    private int next;

    ExpressionParser(SrlEntry entry, Resolver resolver) {
        this.entry = entry;
        this.resolver = resolver;
        this.tokens = tokenize(entry.value());
    }

    Comparison comparison() {
        LinearExpression left = expression();
        Token op = take();
        if (op.kind != Kind.RELOP) {
            throw syntax(op, "expected one of < <= == != >= >");
        }
        LinearExpression right = expression();
        expectEnd();
        return new Comparison(left.plus(right, -1), Relation.of(op.text));
    }

    SubObjective subObjective() {
        Token sense = take();
        if (sense.kind != Kind.WORD || !(sense.text.equals("min") || sense.text.equals("max"))) {
            throw syntax(sense, "an objective starts with min or max");
        }
        expect(Kind.COMMA, "expected ',' after " + sense.text);
        LinearExpression expression = expression();
        expect(Kind.COMMA, "expected ', <weight>' after the expression");
        boolean negative = peek().kind == Kind.MINUS;
        if (negative) {
            take();
        }
        Token weight = take();
        if (weight.kind != Kind.NUMBER || weight.unit != null) {
            throw entry.error("weight", weight.index, "the weight must be a positive number, not '" + weight.text + "'");
        }
        double w = (negative ? -1 : 1) * Double.parseDouble(weight.text);
        if (!(w > 0) || !Double.isFinite(w)) {
            throw entry.error("weight", weight.index, "the weight must be a positive finite number, not "
                    + (negative ? "-" : "") + weight.text);
        }
        expectEnd();
        return new SubObjective(sense.text.equals("min"), expression, w);
    }

    private LinearExpression expression() {
        long sign = 1;
        if (peek().kind == Kind.PLUS || peek().kind == Kind.MINUS) {
            sign = take().kind == Kind.MINUS ? -1 : 1;
        }
        LinearExpression sum = term().times(sign);
        while (peek().kind == Kind.PLUS || peek().kind == Kind.MINUS) {
            long s = take().kind == Kind.MINUS ? -1 : 1;
            sum = sum.plus(term(), s);
        }
        return sum;
    }

    private LinearExpression term() {
        Token first = peek();
        LinearExpression product = factor();
        while (peek().kind == Kind.STAR) {
            Token star = take();
            LinearExpression factor = factor();
            if (!product.isConstant() && !factor.isConstant()) {
                throw entry.error("expression", star.index,
                        "non-linear: a product of two candidate attributes (" + product.termsText() + " * "
                                + factor.termsText() + ")");
            }
            LinearExpression constant = product.isConstant() ? product : factor;
            LinearExpression other = product.isConstant() ? factor : product;
            if (other.isConstant()) {
                product = LinearExpression.constant(Math.multiplyExact(constant.constant(), other.constant()) / 1000);
            } else if (constant.constant() % 1000 != 0) {
                throw entry.error("expression", first.index, "a coefficient must be a whole number");
            } else {
                product = other.times(constant.constant() / 1000);
            }
        }
        return product;
    }

    private LinearExpression factor() {
        Token t = take();
        switch (t.kind) {
            case NUMBER: {
                double value = Double.parseDouble(t.text);
                if (t.unit != null) {
                    if (SrlValues.dimensionOf(t.unit) == null) {
                        throw entry.error("unit", t.index, "unknown unit '" + t.unit + "'");
                    }
                    value *= SrlValues.factor(t.unit);
                }
                return LinearExpression.constant(SrlValues.milli(value));
            }
            case REF: {
                String[] parts = t.text.split("\\.");
                return resolver.resolve(parts[0], parts[1], parts[2], entry, t.index);
            }
            case STRING:
                throw entry.error("expression", t.index, "a string cannot be part of a linear expression");
            default:
                throw syntax(t, "expected a number, a quantity or <id>.<scope>.<key>");
        }
    }

    private void expect(Kind kind, String message) {
        Token t = take();
        if (t.kind != kind) {
            throw syntax(t, message);
        }
    }

    private void expectEnd() {
        Token t = take();
        if (t.kind != Kind.END) {
            throw syntax(t, "unexpected '" + t.text + "' after the end of the value");
        }
    }

    private SrlException syntax(Token t, String message) {
        String found = t.kind == Kind.END ? "the end of the value" : "'" + t.text + "'";
        return entry.error("syntax", t.index, message + "; found " + found);
    }

    private Token peek() {
        return tokens.get(next);
    }

    private Token take() {
        Token t = tokens.get(next);
        if (t.kind != Kind.END) {
            next++;
        }
        return t;
    }

    private List<Token> tokenize(String text) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            Matcher ref = REF.matcher(text).region(i, text.length());
            Matcher word = WORD.matcher(text).region(i, text.length());
            Matcher number = NUMBER.matcher(text).region(i, text.length());
            if (ref.lookingAt()) {
                out.add(new Token(Kind.REF, ref.group(), i, null));
                i = ref.end();
            } else if (word.lookingAt()) {
                out.add(new Token(Kind.WORD, word.group(), i, null));
                i = word.end();
            } else if (number.lookingAt()) {
                int end = number.end();
                int u = end;
                while (u < text.length() && text.charAt(u) == ' ') {
                    u++;
                }
                Matcher unit = UNIT.matcher(text).region(u, text.length());
                String unitText = null;
                if (unit.lookingAt() && !REF.matcher(text).region(u, text.length()).lookingAt()) {
                    unitText = unit.group();
                    end = unit.end();
                }
                out.add(new Token(Kind.NUMBER, number.group(), i, unitText));
                i = end;
            } else if (c == '"') {
                int close = text.indexOf('"', i + 1);
                if (close < 0) {
                    throw entry.error("syntax", i, "unterminated string");
                }
                out.add(new Token(Kind.STRING, text.substring(i, close + 1), i, null));
                i = close + 1;
            } else if (c == '+' || c == '-' || c == '*' || c == ',') {
                Kind kind = c == '+' ? Kind.PLUS : c == '-' ? Kind.MINUS : c == '*' ? Kind.STAR : Kind.COMMA;
                out.add(new Token(kind, String.valueOf(c), i, null));
                i++;
            } else if (c == '<' || c == '>' || c == '=' || c == '!') {
                boolean two = i + 1 < text.length() && text.charAt(i + 1) == '=';
                String op = two ? text.substring(i, i + 2) : String.valueOf(c);
                if (Relation.of(op) == null) {
                    throw entry.error("syntax", i, "unknown operator '" + op + "'; expected one of < <= == != >= >");
                }
                out.add(new Token(Kind.RELOP, op, i, null));
                i += op.length();
            } else {
                throw entry.error("syntax", i, "unexpected character '" + c + "'");
            }
        }
        out.add(new Token(Kind.END, "", text.length(), null));
        return out;
    }
}
