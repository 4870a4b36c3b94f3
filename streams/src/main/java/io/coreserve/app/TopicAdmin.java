package io.coreserve.app;

import io.coreserve.config.CoreserveConfig;
import io.coreserve.config.Topics;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the pipeline's topics if they do not exist yet, with the settings of {@link Topics#settings} (no deletion
 * or refusal of a record for its event time's age). Existing topics are left as they are but checked: every
 * setting that would delete or refuse the pipeline's records by age is logged as a warning with its fix.
 */
public final class TopicAdmin {

    private static final Logger LOG = LoggerFactory.getLogger(TopicAdmin.class);

    private TopicAdmin() {
    }

    public static List<String> ensureTopics(String bootstrapServers, Topics topics, int partitions, short replication)
            throws InterruptedException {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return ensureTopics(props, topics, partitions, replication);
    }

    /** The same with the configuration's admin settings (security settings pass through). */
    public static List<String> ensureTopics(CoreserveConfig config, int partitions, short replication)
            throws InterruptedException {
        return ensureTopics(io.coreserve.config.ClientSettings.admin(config), config.topics(), partitions, replication);
    }

    /** With the admin client's settings, security included ({@code ClientSettings.admin}). */
    public static List<String> ensureTopics(Properties adminSettings, Topics topics, int partitions, short replication)
            throws InterruptedException {
        String bootstrap = adminSettings.getProperty(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG);
        try (Admin admin = Admin.create(adminSettings)) {
            Set<String> existing = admin.listTopics().names().get();
            List<NewTopic> missing = new ArrayList<>();
            List<String> present = new ArrayList<>();
            for (String name : topics.all()) {
                if (existing.contains(name)) {
                    present.add(name);
                    continue;
                }
                missing.add(new NewTopic(name, partitions, replication).configs(topics.settings(name)));
            }
            if (!missing.isEmpty()) {
                admin.createTopics(missing).all().get();
                LOG.info("Created topics {} with {} partitions", missing.stream().map(NewTopic::name).toList(), partitions);
            }
            for (TopicRisk risk : risks(admin, present)) {
                LOG.warn("{}; fix: {}", risk.describe(), risk.fix(bootstrap));
            }
            return missing.stream().map(NewTopic::name).toList();
        } catch (ExecutionException e) {
            throw new IllegalStateException("Could not create topics on " + bootstrap + ": " + e.getCause(), e);
        }
    }

    /** Every setting of these existing topics that deletes or refuses records by their timestamp's age. */
    public static List<TopicRisk> risks(Admin admin, Collection<String> topics)
            throws InterruptedException, ExecutionException {
        List<TopicRisk> risks = new ArrayList<>();
        effectiveSettings(admin, topics).forEach((topic, settings) -> risks.addAll(TopicRisk.of(topic, settings)));
        return risks;
    }

    /** Each topic's effective settings (its own overrides and the broker's defaults), in the order asked. */
    public static Map<String, Map<String, String>> effectiveSettings(Admin admin, Collection<String> topics)
            throws InterruptedException, ExecutionException {
        List<ConfigResource> resources = topics.stream()
                .map(t -> new ConfigResource(ConfigResource.Type.TOPIC, t)).toList();
        Map<ConfigResource, Config> configs = admin.describeConfigs(resources).all().get();
        Map<String, Map<String, String>> result = new LinkedHashMap<>();
        for (ConfigResource resource : resources) {
            Map<String, String> settings = new LinkedHashMap<>();
            for (ConfigEntry entry : configs.get(resource).entries()) {
                if (entry.value() != null) {
                    settings.put(entry.name(), entry.value());
                }
            }
            result.put(resource.name(), settings);
        }
        return result;
    }

    /** Sets each risk's topic setting to the recommended value (what {@code replay --fix-topics} does). */
    public static void fix(Admin admin, Collection<TopicRisk> risks) throws InterruptedException, ExecutionException {
        Map<ConfigResource, Collection<AlterConfigOp>> ops = new LinkedHashMap<>();
        for (TopicRisk risk : risks) {
            ops.computeIfAbsent(new ConfigResource(ConfigResource.Type.TOPIC, risk.topic()), r -> new ArrayList<>())
                    .add(new AlterConfigOp(new ConfigEntry(risk.setting(), risk.recommended()), AlterConfigOp.OpType.SET));
        }
        admin.incrementalAlterConfigs(ops).all().get();
        risks.forEach(r -> LOG.info("Set {}={} on topic {}", r.setting(), r.recommended(), r.topic()));
    }
}
