package io.coreserve.engine.vgrid.vgdl;

import io.coreserve.engine.vgrid.vgdl.Token.Kind;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Recursive-descent parser of the vgDL grammar of spec 004 section 2.2, checking every rule of section 2.4 as it
 * goes, so the first error is reported with its own rule, line and column:
 * <pre>
 * spec      := NAME '=' entity
 * entity    := primary (NETOP primary)*            left-associative
 * primary   := aggregate | node | NAME | '(' entity ')'     NAME: an entity defined earlier in the text
 * aggregate := AGG '(' NAME ')' count [rank] '{' NAME '=' entity '}'
 * count     := '[' INT ']' | '[' INT ':' INT ']'
 * node      := '[' cond ']' [rank]
 * cond      := and ('||' and)* ; and := unary ('&&' unary)* ; unary := '!' unary | '(' cond ')' | ATTR CMP value
 * rank      := '[' 'Rank' '=' arith ']'            arith: + - * / over numbers and numeric attributes
 * </pre>
 * Names: every name is defined once; a bare name refers to an entity already defined (a copy of it), never to
 * one being defined around it (that is a cycle).
 */
public final class VgdlParser {

    private static final String NESTING = "nesting goes LooseBagOf > TightBagOf > ClusterOf > node";

    private final List<Token> tokens;
    private int at;
    private final Map<String, Entity> defined = new HashMap<>();
    private final Map<String, Position> definedAt = new HashMap<>();
    private final Deque<String> enclosing = new ArrayDeque<>();

    private VgdlParser(List<Token> tokens) {
        this.tokens = tokens;
    }

    /** Parses and checks one specification. */
    public static VgdlSpec parse(String text) throws VgdlException {
        List<Token> tokens = Lexer.tokens(text == null ? "" : text);
        if (tokens.get(0).is(Kind.END)) {
            throw new VgdlException(VgdlRule.EMPTY_SPEC, tokens.get(0).at(),
                    "empty specification: expected 'name = aggregate or node'");
        }
        return new VgdlParser(tokens).spec();
    }

    private VgdlSpec spec() throws VgdlException {
        Token name = expect(Kind.NAME, "the specification's name");
        expect(Kind.ASSIGN, "'=' after the specification's name");
        definedAt.put(name.text(), name.at());
        enclosing.push(name.text());
        Entity root = entity();
        enclosing.pop();
        Token end = peek();
        if (!end.is(Kind.END)) {
            throw syntax(end, "the end of the specification");
        }
        return new VgdlSpec(name.text(), root);
    }

    private Entity entity() throws VgdlException {
        Entity left = primary(false);
        while (peek().is(Kind.NAME) && NetOp.byKeyword(peek().text()) != null) {
            Token op = next();
            Entity right = primary(true);
            NetOp netOp = NetOp.byKeyword(op.text());
            if (netOp.joins()) {
                checkJoinable(netOp, left);
                checkJoinable(netOp, right);
            }
            left = new Entity.Connection(left, netOp, right, op.at());
        }
        return left;
    }

    private Entity primary(boolean operand) throws VgdlException {
        Token t = peek();
        if (t.is(Kind.LBRACKET)) {
            return node();
        }
        if (t.is(Kind.LPAREN)) {
            next();
            Entity inner = entity();
            expect(Kind.RPAREN, "')'");
            return inner;
        }
        if (t.is(Kind.NAME)) {
            if (peek(1).is(Kind.LPAREN)) {
                return aggregate();
            }
            next();
            boolean isOperand = operand || (peek().is(Kind.NAME) && NetOp.byKeyword(peek().text()) != null);
            return reference(t, isOperand);
        }
        throw syntax(t, "an aggregate (LooseBagOf, TightBagOf, ClusterOf), a node '[...]', a name or '('");
    }

    private Entity reference(Token name, boolean operand) throws VgdlException {
        if (enclosing.contains(name.text())) {
            throw new VgdlException(VgdlRule.CYCLIC_REFERENCE, name.at(),
                    "'" + name.text() + "' refers to itself: it is being defined around this point");
        }
        Entity target = defined.get(name.text());
        if (target == null) {
            throw new VgdlException(operand ? VgdlRule.UNDEFINED_OPERAND : VgdlRule.UNDEFINED_NAME, name.at(),
                    (operand ? "the network operator's operand '" : "'") + name.text()
                            + "' is not an entity defined earlier in the specification");
        }
        return target;
    }

    private Entity aggregate() throws VgdlException {
        Token keyword = next();
        AggregateKind kind = AggregateKind.byKeyword(keyword.text());
        if (kind == null) {
            throw new VgdlException(VgdlRule.UNKNOWN_AGGREGATE, keyword.at(), "unknown aggregate '" + keyword.text()
                    + "': expected LooseBagOf, TightBagOf or ClusterOf");
        }
        expect(Kind.LPAREN, "'(' after " + kind.keyword());
        Token childName = expect(Kind.NAME, "the name of the " + kind.keyword() + "'s members");
        if (enclosing.contains(childName.text())) {
            throw new VgdlException(VgdlRule.CYCLIC_REFERENCE, childName.at(), "'" + childName.text()
                    + "' refers to itself: a " + kind.keyword() + " inside '" + childName.text() + "' cannot be made of '"
                    + childName.text() + "'");
        }
        expect(Kind.RPAREN, "')' after the members' name");
        Count count = count();
        Optional<Arith> rank = optionalRank(true);
        expect(Kind.LBRACE, "'{' opening the definition of '" + childName.text() + "'");
        Token defName = expect(Kind.NAME, "'" + childName.text() + " = ...'");
        if (!defName.text().equals(childName.text())) {
            throw new VgdlException(VgdlRule.UNDEFINED_NAME, childName.at(), "'" + childName.text()
                    + "' is never defined: the braces define '" + defName.text() + "' instead");
        }
        if (definedAt.containsKey(defName.text())) {
            throw new VgdlException(VgdlRule.DUPLICATE_NAME, defName.at(), "'" + defName.text()
                    + "' is defined twice (first at " + definedAt.get(defName.text()) + ")");
        }
        definedAt.put(defName.text(), defName.at());
        expect(Kind.ASSIGN, "'=' after '" + defName.text() + "'");
        enclosing.push(defName.text());
        Entity child = entity();
        enclosing.pop();
        expect(Kind.RBRACE, "'}' closing the definition of '" + defName.text() + "'");
        checkNesting(kind, child);
        defined.put(defName.text(), child);
        return new Entity.Aggregate(kind, childName.text(), count, rank, child, keyword.at());
    }

    private void checkNesting(AggregateKind parent, Entity child) throws VgdlException {
        if (child instanceof Entity.Aggregate a && !parent.mayContain(a.kind())) {
            throw new VgdlException(VgdlRule.FORBIDDEN_NESTING, a.at(), parent.keyword() + " cannot contain "
                    + a.kind().keyword() + ": " + NESTING);
        }
        if (child instanceof Entity.Connection c) {
            if (parent == AggregateKind.CLUSTER || (parent == AggregateKind.TIGHT_BAG && !c.op().joins())) {
                throw new VgdlException(VgdlRule.FORBIDDEN_NESTING, c.at(), "'" + c.op().keyword() + "' inside "
                        + parent.keyword() + ": its members are " + (parent == AggregateKind.CLUSTER
                        ? "homogeneous and close by definition" : "close by definition"));
            }
            checkNesting(parent, c.left());
            checkNesting(parent, c.right());
        }
    }

    /** close/highBW make one component in one TightBag: only clusters, nodes and other close groups can be joined. */
    private static void checkJoinable(NetOp op, Entity operand) throws VgdlException {
        if (operand instanceof Entity.Aggregate a && a.kind() != AggregateKind.CLUSTER) {
            throw new VgdlException(VgdlRule.FORBIDDEN_NESTING, a.at(), "'" + op.keyword() + "' joins clusters and nodes"
                    + " into one TightBag, not a " + a.kind().keyword());
        }
        if (operand instanceof Entity.Connection c && !c.op().joins()) {
            throw new VgdlException(VgdlRule.FORBIDDEN_NESTING, c.at(), "'" + c.op().keyword() + "' inside a '"
                    + op.keyword() + "' group: a close group is one component and cannot be far apart");
        }
    }

    private Count count() throws VgdlException {
        expect(Kind.LBRACKET, "'[' and the count, e.g. [4] or [2:4]");
        Token minToken = peek();
        int min = integer("the count");
        int max = min;
        if (peek().is(Kind.COLON)) {
            next();
            max = integer("the count's maximum");
        }
        expect(Kind.RBRACKET, "']' after the count");
        if (min < 1) {
            throw new VgdlException(VgdlRule.BAD_COUNT, minToken.at(), "count must be at least 1, not " + min);
        }
        if (max < min) {
            throw new VgdlException(VgdlRule.BAD_COUNT, minToken.at(), "count [" + min + ":" + max
                    + "]: the minimum is larger than the maximum");
        }
        return new Count(min, max);
    }

    private int integer(String what) throws VgdlException {
        Token t = expect(Kind.NUMBER, what + " (a whole number)");
        try {
            return Integer.parseInt(t.text());
        } catch (NumberFormatException e) {
            throw new VgdlException(VgdlRule.BAD_COUNT, t.at(), what + " must be a whole number below 2^31, not " + t.text());
        }
    }

    private Entity node() throws VgdlException {
        Token open = next();
        Condition condition = or();
        expect(Kind.RBRACKET, "']' closing the node's constraint");
        return new Entity.Node(condition, optionalRank(false), open.at());
    }

    private Optional<Arith> optionalRank(boolean aggregate) throws VgdlException {
        if (!(peek().is(Kind.LBRACKET) && peek(1).is(Kind.NAME) && peek(1).text().equalsIgnoreCase("Rank")
                && peek(2).is(Kind.ASSIGN))) {
            return Optional.empty();
        }
        next();
        next();
        next();
        Arith rank = sum(aggregate);
        expect(Kind.RBRACKET, "']' closing the rank");
        return Optional.of(rank);
    }

    private Condition or() throws VgdlException {
        Condition left = and();
        while (peek().is(Kind.OR)) {
            next();
            left = new Condition.Or(left, and());
        }
        return left;
    }

    private Condition and() throws VgdlException {
        Condition left = unary();
        while (peek().is(Kind.AND)) {
            next();
            left = new Condition.And(left, unary());
        }
        return left;
    }

    private Condition unary() throws VgdlException {
        Token t = peek();
        if (t.is(Kind.NOT)) {
            next();
            return new Condition.Not(unary());
        }
        if (t.is(Kind.LPAREN)) {
            next();
            Condition inner = or();
            expect(Kind.RPAREN, "')'");
            return inner;
        }
        return comparison();
    }

    private Condition comparison() throws VgdlException {
        Token name = expect(Kind.NAME, "an attribute such as Clock or Processor");
        Attribute attribute = hostAttribute(name, false);
        Token opToken = next();
        Condition.Comparator op = switch (opToken.kind()) {
            case EQ -> Condition.Comparator.EQ;
            case NE -> Condition.Comparator.NE;
            case LT -> Condition.Comparator.LT;
            case LE -> Condition.Comparator.LE;
            case GT -> Condition.Comparator.GT;
            case GE -> Condition.Comparator.GE;
            default -> throw syntax(opToken, "a comparison (==, !=, <, <=, >, >=) after " + attribute.vgdlName());
        };
        Token value = next();
        boolean negative = false;
        if (value.is(Kind.MINUS) && peek().is(Kind.NUMBER)) {
            negative = true;
            value = next();
        }
        if (!value.is(Kind.NUMBER) && !value.is(Kind.STRING)) {
            throw syntax(value, "a number or a quoted string to compare " + attribute.vgdlName() + " with");
        }
        if (attribute.isLabel()) {
            if (op != Condition.Comparator.EQ && op != Condition.Comparator.NE) {
                throw new VgdlException(VgdlRule.TYPE_MISMATCH, opToken.at(), attribute.vgdlName()
                        + " is a label: only == and != apply to it, not " + opToken.text());
            }
            if (!value.is(Kind.STRING)) {
                throw new VgdlException(VgdlRule.TYPE_MISMATCH, value.at(), attribute.vgdlName()
                        + " is a label: compare it with a quoted string, not " + value.describe());
            }
            return new Condition.Comparison(attribute, op, value.text(), 0);
        }
        if (!value.is(Kind.NUMBER)) {
            throw new VgdlException(VgdlRule.TYPE_MISMATCH, value.at(), attribute.vgdlName()
                    + " is a number: compare it with a number, not " + value.describe());
        }
        double number = Double.parseDouble(value.text());
        return new Condition.Comparison(attribute, op, null, negative ? -number : number);
    }

    private Attribute hostAttribute(Token name, boolean aggregateAllowed) throws VgdlException {
        Attribute attribute = Attribute.byName(name.text()).orElseThrow(() -> new VgdlException(
                VgdlRule.UNKNOWN_ATTRIBUTE, name.at(), "unknown attribute '" + name.text() + "': known are "
                + Arrays.stream(Attribute.values()).map(Attribute::vgdlName).collect(Collectors.joining(", "))));
        if (attribute.isAggregate() && !aggregateAllowed) {
            throw new VgdlException(VgdlRule.UNKNOWN_ATTRIBUTE, name.at(), "'" + attribute.vgdlName()
                    + "' describes an aggregate: it may appear only in an aggregate's rank, not in a host's");
        }
        return attribute;
    }

    private Arith sum(boolean aggregate) throws VgdlException {
        Arith left = product(aggregate);
        while (peek().is(Kind.PLUS) || peek().is(Kind.MINUS)) {
            char op = next().text().charAt(0);
            left = new Arith.Binary(op, left, product(aggregate));
        }
        return left;
    }

    private Arith product(boolean aggregate) throws VgdlException {
        Arith left = factor(aggregate);
        while (peek().is(Kind.STAR) || peek().is(Kind.SLASH)) {
            char op = next().text().charAt(0);
            left = new Arith.Binary(op, left, factor(aggregate));
        }
        return left;
    }

    private Arith factor(boolean aggregate) throws VgdlException {
        Token t = next();
        switch (t.kind()) {
            case NUMBER -> {
                return new Arith.Constant(Double.parseDouble(t.text()));
            }
            case MINUS -> {
                return new Arith.Negate(factor(aggregate));
            }
            case LPAREN -> {
                Arith inner = sum(aggregate);
                expect(Kind.RPAREN, "')'");
                return inner;
            }
            case NAME -> {
                Attribute a = hostAttribute(t, aggregate);
                if (a.isLabel()) {
                    throw new VgdlException(VgdlRule.TYPE_MISMATCH, t.at(), a.vgdlName()
                            + " is a label: a rank needs numbers");
                }
                return new Arith.Ref(a);
            }
            default -> throw syntax(t, "a number, a numeric attribute or '(' in the rank");
        }
    }

    private Token expect(Kind kind, String what) throws VgdlException {
        Token t = peek();
        if (!t.is(kind)) {
            throw syntax(t, what);
        }
        return next();
    }

    private VgdlException syntax(Token found, String expected) {
        return new VgdlException(VgdlRule.SYNTAX, found.at(), "expected " + expected + " but found " + found.describe());
    }

    private Token peek() {
        return peek(0);
    }

    private Token peek(int ahead) {
        return tokens.get(Math.min(at + ahead, tokens.size() - 1));
    }

    private Token next() {
        Token t = tokens.get(at);
        if (at < tokens.size() - 1) {
            at++;
        }
        return t;
    }
}
