package io.coreserve.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericContainer;
import org.apache.avro.generic.IndexedRecord;

/** Avro records as plain JSON for scripts: times as epoch milliseconds, unions unwrapped, enums as names. */
public final class AvroJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private AvroJson() {
    }

    public static ObjectNode toJson(IndexedRecord record) {
        ObjectNode node = NODES.objectNode();
        for (Schema.Field field : record.getSchema().getFields()) {
            node.set(field.name(), value(record.get(field.pos())));
        }
        return node;
    }

    private static JsonNode value(Object v) {
        if (v == null) {
            return NODES.nullNode();
        }
        if (v instanceof IndexedRecord r) {
            return toJson(r);
        }
        if (v instanceof Instant i) {
            return NODES.numberNode(i.toEpochMilli());
        }
        if (v instanceof Map<?, ?> m) {
            ObjectNode o = NODES.objectNode();
            m.forEach((k, x) -> o.set(k.toString(), value(x)));
            return o;
        }
        if (v instanceof Collection<?> c) {
            ArrayNode a = NODES.arrayNode();
            c.forEach(x -> a.add(value(x)));
            return a;
        }
        if (v instanceof Integer n) {
            return NODES.numberNode(n);
        }
        if (v instanceof Long n) {
            return NODES.numberNode(n);
        }
        if (v instanceof Double n) {
            return NODES.numberNode(n);
        }
        if (v instanceof Float n) {
            return NODES.numberNode(n);
        }
        if (v instanceof Boolean b) {
            return NODES.booleanNode(b);
        }
        if (v instanceof GenericContainer || v instanceof Enum<?>) {
            return NODES.textNode(v.toString());
        }
        return NODES.textNode(v.toString());
    }
}
