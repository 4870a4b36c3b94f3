package io.coreserve.connect;

import io.coreserve.trace.events.TraceEventStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.Config;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigValue;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.source.ExactlyOnceSupport;
import org.apache.kafka.connect.source.SourceConnector;

/**
 * Replays SWF and PlanetLab traces inside a Connect worker as the pipeline's input events: the same events, keys
 * and timestamps as {@code coreserve replay} (both use {@code io.coreserve.trace.events}), values already
 * serialized as Avro in the Confluent wire format (use {@code ByteArrayConverter}, keys {@code StringConverter}).
 *
 * <p>Each trace is one source partition ({@code {format, trace}}); the offset is the index of the last event
 * sent (and its trace line). The mapping is deterministic, so a restarted task re-reads the trace and resumes
 * right after the committed index: no gaps, and no duplicates after a clean stop (exactly once with the
 * worker's {@code exactly.once.source.support=enabled}; at least once after a crash without it).
 * Traces are spread over at most {@code tasks.max} tasks.
 */
public class TraceSourceConnector extends SourceConnector {

    /** A task's traces, one {@link TraceRef} a line (internal, set by the connector). */
    static final String TASK_TRACES = "task.traces";

    private Map<String, String> settings;
    private List<TraceRef> traces;

    @Override
    public String version() {
        return Version.get();
    }

    @Override
    public void start(Map<String, String> props) {
        TraceSourceConfig config = new TraceSourceConfig(props);
        List<TraceRef> all = new ArrayList<>();
        config.getList(TraceSourceConfig.SWF_FILES).forEach(f -> all.add(new TraceRef(TraceEventStream.Format.SWF, Path.of(f.trim()))));
        config.getList(TraceSourceConfig.PLANETLAB_DIRS).forEach(d -> all.add(new TraceRef(TraceEventStream.Format.PLANETLAB, Path.of(d.trim()))));
        this.settings = Map.copyOf(props);
        this.traces = List.copyOf(all);
    }

    @Override
    public Class<? extends Task> taskClass() {
        return TraceSourceTask.class;
    }

    @Override
    public List<Map<String, String>> taskConfigs(int maxTasks) {
        int tasks = Math.max(1, Math.min(maxTasks, traces.size()));
        List<List<TraceRef>> assigned = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            assigned.add(new ArrayList<>());
        }
        for (int i = 0; i < traces.size(); i++) {
            assigned.get(i % tasks).add(traces.get(i));
        }
        List<Map<String, String>> configs = new ArrayList<>();
        for (List<TraceRef> refs : assigned) {
            Map<String, String> task = new HashMap<>(settings);
            task.put(TASK_TRACES, TraceRef.encodeAll(refs));
            configs.add(task);
        }
        return configs;
    }

    @Override
    public void stop() {
        // nothing held
    }

    @Override
    public ConfigDef config() {
        return TraceSourceConfig.CONFIG_DEF;
    }

    /** Besides each setting's own validator: at least one trace. */
    @Override
    public Config validate(Map<String, String> connectorConfigs) {
        Config config = super.validate(connectorConfigs);
        String swf = connectorConfigs.getOrDefault(TraceSourceConfig.SWF_FILES, "");
        String planetlab = connectorConfigs.getOrDefault(TraceSourceConfig.PLANETLAB_DIRS, "");
        if (swf.isBlank() && planetlab.isBlank()) {
            for (ConfigValue value : config.configValues()) {
                if (value.name().equals(TraceSourceConfig.SWF_FILES)) {
                    value.addErrorMessage("Give at least one trace in " + TraceSourceConfig.SWF_FILES + " or "
                            + TraceSourceConfig.PLANETLAB_DIRS);
                }
            }
        }
        return config;
    }

    /** The offsets are deterministic positions in a deterministic sequence, so a transaction may be replayed. */
    @Override
    public ExactlyOnceSupport exactlyOnceSupport(Map<String, String> connectorConfig) {
        return ExactlyOnceSupport.SUPPORTED;
    }
}
