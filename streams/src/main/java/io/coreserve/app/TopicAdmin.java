package io.coreserve.app;

import io.coreserve.config.Topics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creates the pipeline's topics if they do not exist yet; existing topics are left as they are. */
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

    /** With the admin client's settings, security included ({@code ClientSettings.admin}). */
    public static List<String> ensureTopics(Properties adminSettings, Topics topics, int partitions, short replication)
            throws InterruptedException {
        String bootstrapServers = adminSettings.getProperty(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG);
        try (Admin admin = Admin.create(adminSettings)) {
            Set<String> existing = admin.listTopics().names().get();
            List<NewTopic> missing = new ArrayList<>();
            for (String name : topics.all()) {
                if (existing.contains(name)) {
                    continue;
                }
                NewTopic topic = new NewTopic(name, partitions, replication);
                if (topics.isCompacted(name)) {
                    topic.configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT));
                }
                missing.add(topic);
            }
            if (!missing.isEmpty()) {
                admin.createTopics(missing).all().get();
                LOG.info("Created topics {} with {} partitions", missing.stream().map(NewTopic::name).toList(), partitions);
            }
            return missing.stream().map(NewTopic::name).toList();
        } catch (ExecutionException e) {
            throw new IllegalStateException("Could not create topics on " + bootstrapServers + ": " + e.getCause(), e);
        }
    }
}
