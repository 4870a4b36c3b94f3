package io.coreserve.serde;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;

/**
 * A registry held in memory, for unit tests and {@code mock://scope} URLs (the same convention as
 * Confluent's serdes). Ids are global and start at 1; compatibility is BACKWARD against the latest version.
 * Clients created for the same scope share one registry, so a serializer and a deserializer configured
 * separately still agree on ids.
 */
public final class InMemorySchemaRegistryClient implements SchemaRegistryClient {

    private static final Map<String, InMemorySchemaRegistryClient> SCOPES = new ConcurrentHashMap<>();

    private final Map<Integer, Schema> schemasById = new ConcurrentHashMap<>();
    private final Map<String, List<Integer>> versionsBySubject = new ConcurrentHashMap<>();
    private int nextId = 1;

    /** The shared registry of a {@code mock://} scope. */
    public static InMemorySchemaRegistryClient forScope(String scope) {
        return SCOPES.computeIfAbsent(scope, s -> new InMemorySchemaRegistryClient());
    }

    /** Forgets a {@code mock://} scope, so the next test starts from an empty registry. */
    public static void dropScope(String scope) {
        SCOPES.remove(scope);
    }

    @Override
    public synchronized int register(String subject, Schema schema) {
        Integer existing = findId(subject, schema);
        if (existing != null) {
            return existing;
        }
        if (!isCompatible(subject, schema)) {
            throw new IncompatibleSchemaException("Schema for subject '" + subject
                    + "' is not backward compatible with its latest version", 409, 409);
        }
        int id = schemasById.entrySet().stream()
                .filter(e -> e.getValue().equals(schema)).map(Map.Entry::getKey).findFirst()
                .orElseGet(() -> nextId++);
        schemasById.put(id, schema);
        versionsBySubject.computeIfAbsent(subject, s -> new ArrayList<>()).add(id);
        return id;
    }

    @Override
    public synchronized int lookupId(String subject, Schema schema) {
        Integer id = findId(subject, schema);
        if (id == null) {
            throw new SchemaRegistryException("Schema not found under subject '" + subject + "'", 404, 40403, null);
        }
        return id;
    }

    @Override
    public Schema getById(int id) {
        Schema schema = schemasById.get(id);
        if (schema == null) {
            throw new SchemaRegistryException("Schema id " + id + " not found", 404, 40403, null);
        }
        return schema;
    }

    @Override
    public synchronized boolean isCompatible(String subject, Schema schema) {
        List<Integer> versions = versionsBySubject.get(subject);
        if (versions == null || versions.isEmpty()) {
            return true;
        }
        Schema latest = schemasById.get(versions.get(versions.size() - 1));
        return SchemaCompatibility.checkReaderWriterCompatibility(schema, latest).getType()
                == SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE;
    }

    private Integer findId(String subject, Schema schema) {
        List<Integer> versions = versionsBySubject.getOrDefault(subject, List.of());
        for (Integer id : versions) {
            if (schemasById.get(id).equals(schema)) {
                return id;
            }
        }
        return null;
    }
}
