package io.coreserve.engine.srl;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parses SRL text (spec 002 section 3.5, closing the gaps of the paper's section 4) into a checked
 * {@link CoReservationRequest}. Every refusal is an {@link SrlException} whose {@link SrlError} names the attribute,
 * the rule and the line and column (section 3.6); nothing here books anything.
 *
 * <p>A part is an {@code <id>} that has TS or QOS attributes; CON, OBJ and MISC attributes may sit under any id
 * (Figure 1 puts {@code PCC.CON.time} under a part, a request-wide {@code ALL.CON.cost} is fine too).
 */
public final class SrlParser {

    private static final Set<String> LEFT_SCOPES = Set.of("TS", "QOS", "MISC", "CON", "OBJ");
    private static final Set<String> TS_KEYS = Set.of("est", "let", "duration");

    private final int maxParts;
    private final long defaultHorizonMillis;

    /**
     * @param maxParts             more parts than this are refused ({@code coreserve.srl.max-parts}, 32)
     * @param defaultHorizonMillis {@code let - est} when no part gives either (seed 000's request horizon)
     */
    public SrlParser(int maxParts, long defaultHorizonMillis) {
        this.maxParts = maxParts;
        this.defaultHorizonMillis = defaultHorizonMillis;
    }

    /**
     * @param nowMillis the event time: the default {@code est}, and what {@code now} and {@code +2h} refer to
     */
    public CoReservationRequest parse(String text, long nowMillis) {
        List<SrlEntry> entries = SrlEntry.split(text == null ? "" : text);
        if (entries.isEmpty()) {
            throw SrlException.invalid("request", "empty", 0, 0, "the request has no attributes");
        }
        Map<String, Map<String, SrlEntry>> byId = new LinkedHashMap<>();
        Set<String> attributes = new HashSet<>();
        for (SrlEntry e : entries) {
            if (e.scope().equals("RVC")) {
                throw e.errorAtAttribute("scope",
                        "RVC attributes describe a reservation candidate and are never assigned by a request");
            }
            if (!LEFT_SCOPES.contains(e.scope())) {
                throw e.errorAtAttribute("scope", "unknown scope " + e.scope() + "; expected one of TS, QOS, MISC, CON, OBJ");
            }
            if (!attributes.add(e.attribute())) {
                throw e.errorAtAttribute("duplicate-key", e.attribute() + " is given twice");
            }
            byId.computeIfAbsent(e.id(), k -> new LinkedHashMap<>()).put(e.scope() + "." + e.key(), e);
        }
        List<String> partIds = byId.entrySet().stream()
                .filter(en -> en.getValue().keySet().stream().anyMatch(k -> k.startsWith("TS.") || k.startsWith("QOS.")))
                .map(Map.Entry::getKey).toList();
        if (partIds.isEmpty()) {
            throw SrlException.invalid("request", "empty", 0, 0, "the request has no part (no TS or QOS attribute)");
        }
        if (partIds.size() > maxParts) {
            SrlEntry first = byId.get(partIds.get(maxParts)).values().iterator().next();
            throw first.errorAtAttribute("too-many-parts",
                    "the request has " + partIds.size() + " parts; at most " + maxParts + " are allowed");
        }
        List<String> warnings = new ArrayList<>();
        List<Part> parts = new PartReader(byId, partIds, nowMillis, defaultHorizonMillis).read();
        Map<String, Part> partById = new LinkedHashMap<>();
        parts.forEach(p -> partById.put(p.id(), p));
        ExpressionParser.Resolver resolver = (id, scope, key, entry, index) -> resolve(partById, id, scope, key, entry, index);

        List<Constraint> constraints = new ArrayList<>();
        List<ExpressionParser.SubObjective> subs = new ArrayList<>();
        List<String> objectiveFields = new ArrayList<>();
        for (SrlEntry e : entries) {
            if (e.scope().equals("CON")) {
                ExpressionParser.Comparison c = new ExpressionParser(e, resolver).comparison();
                checkIdentities(e, c.expression(), c.relation());
                Constraint constraint = new Constraint(e.attribute(), c.expression(), c.relation());
                if (c.expression().isConstant()) {
                    if (!constraint.holds(0)) {
                        throw new SrlException(new SrlError(ReasonCode.INFEASIBLE, e.attribute(), "constant-false",
                                e.line(), e.column(), "the constraint has no candidate attribute and is false"));
                    }
                    warnings.add(e.attribute() + " has no candidate attribute and always holds: dropped");
                } else {
                    constraints.add(constraint);
                }
            } else if (e.scope().equals("OBJ")) {
                ExpressionParser.SubObjective o = new ExpressionParser(e, resolver).subObjective();
                if (o.expression().isConstant()) {
                    throw e.error("expression", 0, "an objective must depend on a candidate attribute");
                }
                if (o.expression().terms().keySet().stream().anyMatch(Ref::isIdentity)) {
                    throw e.error("expression", 0, "identities (resource, src, dst) cannot be minimised or maximised");
                }
                subs.add(o);
                objectiveFields.add(e.attribute());
            }
        }
        return new CoReservationRequest(parts, constraints, objectives(parts, subs, objectiveFields, warnings), warnings);
    }

    private static List<Objective> objectives(List<Part> parts, List<ExpressionParser.SubObjective> subs,
            List<String> fields, List<String> warnings) {
        List<Objective> objectives = new ArrayList<>();
        if (subs.isEmpty()) {
            // No OBJ: finish early. The latest end is a maximum, not linear; the sum of the ends orders plans the
            // same way whenever the parts are tied by offsets (README: deviations).
            Map<Ref, Long> ends = new LinkedHashMap<>();
            parts.forEach(p -> ends.put(new Ref(p.id(), "end"), 1L));
            objectives.add(new Objective("default", true, new LinearExpression(ends, 0), 1, 1));
            return objectives;
        }
        double sum = subs.stream().mapToDouble(ExpressionParser.SubObjective::weight).sum();
        if (Math.abs(sum - 1) > 1e-9) {
            warnings.add("objective weights sum to " + LinearExpression.units(SrlValues.milli(sum))
                    + ", not 1: normalised by their sum");
        }
        for (int i = 0; i < subs.size(); i++) {
            ExpressionParser.SubObjective s = subs.get(i);
            objectives.add(new Objective(fields.get(i), s.minimise(), s.expression(), s.weight(), s.weight() / sum));
        }
        return objectives;
    }

    private static LinearExpression resolve(Map<String, Part> parts, String id, String scope, String key,
            SrlEntry entry, int index) {
        if (scope.equals("CON") || scope.equals("OBJ")) {
            throw entry.error("scope", index, "constraints and objectives cannot be referenced (" + id + "." + scope
                    + "." + key + ")");
        }
        if (!Set.of("TS", "QOS", "MISC", "RVC").contains(scope)) {
            throw entry.error("scope", index, "unknown scope " + scope);
        }
        Part part = parts.get(id);
        if (part == null) {
            throw entry.error("unknown-part", index, "no part " + id + " in the request; parts are " + parts.keySet());
        }
        switch (scope) {
            case "RVC":
                if (!Ref.RVC_KEYS.contains(key)) {
                    throw entry.error("unknown-key", index, "RVC has no key " + key + "; keys are " + Ref.RVC_KEYS);
                }
                return LinearExpression.of(new Ref(id, key));
            case "TS":
                return LinearExpression.constant(switch (key) {
                    case "est" -> part.earliest();
                    case "let" -> part.latestEnd();
                    case "duration" -> part.duration();
                    default -> throw entry.error("unknown-key", index, "TS has no key " + key);
                });
            case "QOS":
                Double amount = part.amounts().get(PartReader.propertyOfQosKey(key));
                if (amount == null) {
                    throw entry.error("expression", index, id + ".QOS." + key + " is not a number the request gives");
                }
                return LinearExpression.constant(SrlValues.milli(amount));
            default:
                throw entry.error("expression", index, "MISC attributes are strings and cannot be part of an expression");
        }
    }

    /**
     * Identities may only be compared for equality with one another ({@code N.src == A.resource}); ordering them,
     * adding them or comparing them with a number means nothing (spec 3.6, rule=expression).
     */
    private static void checkIdentities(SrlEntry e, LinearExpression expression, Relation relation) {
        Map<Ref, Long> terms = expression.terms();
        long identities = terms.keySet().stream().filter(Ref::isIdentity).count();
        if (identities == 0) {
            return;
        }
        boolean pair = identities == 2 && terms.size() == 2 && expression.constant() == 0
                && terms.values().stream().mapToLong(Long::longValue).sum() == 0
                && terms.values().stream().allMatch(c -> Math.abs(c) == 1);
        if (!pair || !(relation == Relation.EQ || relation == Relation.NE)) {
            throw e.error("expression", 0,
                    "identities (resource, src, dst) can only be compared with == or != to another identity");
        }
    }
}
